import { arenaFor, boardFor } from './board-adapter.ts';
import type { FdPack } from './data/pack.ts';
import { defaultPack } from './data/pack.ts';
import type { PackTeamer } from './data/pack-schema.ts';
import { type FdRules, rulesFromPack } from './rules-data.ts';
import { type FdState, INITIAL_CHAT, PINGS, type Teamer } from './state.ts';

export interface FdOptions {
  /** A data pack (already parsed); the default Drifter starter pack when absent. */
  readonly pack?: FdPack;
  readonly mission?: string;
  readonly arena?: string;
}

/**
 * A table before boarding: the arena laid out with every door shut, the Team on the boarding
 * bridge, nothing dealt. Dealing needs dice, so it happens in the `board` command (the table's
 * dice), never here: a setup anyone can recompute would give the hidden deal away.
 */
export function initialState(options: FdOptions = {}): FdState {
  const rules = rulesFromPack(options.pack ?? defaultPack);
  const missionId = options.mission ?? (rules.missions[0]?.id as string);
  const arenaId = options.arena ?? rules.pack.defaultArena;
  const empty: FdState = {
    seats: {},
    chat: INITIAL_CHAT,
    rules,
    missionId,
    arenaId,
    entry: boardFor(rules, arenaId).entry,
    phase: 'briefing',
    turn: 0,
    teamOrder: [],
    activationMethod: rules.pack.options.activation,
    turnOrder: null,
    teamers: {},
    threatOrder: [],
    threats: {},
    nextThreat: 1,
    tiles: [],
    doors: [],
    deck: [],
    markers: [],
    contraband: [],
    kitty: { chits: [], pool: [], catastrophes: 0, doubled: false },
    effects: { powerDownUntilTurn: 0, outageUntilTurn: 0, allCardsRed: false, gasLeak: null },
    activated: [],
    activation: null,
    move: null,
    interrupt: null,
    threatQueue: [],
    threatPlanned: false,
    pack: null,
    paused: null,
    flames: {},
    shotTiles: [],
    loads: [],
    blasts: [],
    progress: {
      consoleActions: 0,
      hFound: false,
      sourceCleared: false,
      threatsPlaced: 0,
      threatsKilled: 0,
      bonus: null,
    },
    teamStars: 0,
    evaluation: null,
    undo: [],
    campaign: {
      missions: 0,
      threatLevel: rules.pack.campaign.threatLevel.start,
      money: 0,
      advancements: [],
      lastOutcome: null,
      sheets: Object.fromEntries(rules.teamers.map((t) => [t.id, t])),
      ranks: Object.fromEntries(rules.teamers.map((t) => [t.id, Math.max(0, rankIndex(rules, t.rank))])),
      bought: {},
      replaced: 0,
    },
  };
  return layoutFor(empty, missionId, arenaId);
}

/** A Teamer as the pack gives it, still on the boarding bridge. */
export function freshTeamer(rules: FdRules, index: number): Teamer {
  const r = rules.teamers[index];
  if (!r) throw new Error(`no Teamer ${index} in the pack`);
  return teamerFromSheet(rules, r, 1);
}

/**
 * A Teamer as his sheet (the pack's shape: the pack's own Teamers, or a campaign's sheet after
 * advancements, purchases and replacements) gives him for a new mission, on the boarding bridge.
 * `ammoIssue` multiplies magazines and tanks (2 with the double ammunition issue).
 */
export function teamerFromSheet(rules: FdRules, r: PackTeamer, ammoIssue: number): Teamer {
  const ammo: Record<string, number> = {};
  const bonus: Record<string, number> = {};
  const weapons: string[] = [];
  let grenades = 0;
  for (const c of r.weapons) {
    const w = rules.weapons[c.weapon];
    if (!w) continue;
    if (w.kind === 'grenade') {
      grenades += c.count;
      if (!weapons.includes(c.weapon)) weapons.push(c.weapon);
      continue;
    }
    weapons.push(c.weapon);
    if (w.kind === 'gun' && w.magazine !== null) ammo[c.weapon] = w.magazine * ammoIssue;
    if (w.kind === 'flamer') ammo[c.weapon] = (c.tank ?? w.tank) * ammoIssue;
    if (c.upgrades > 0) bonus[c.weapon] = c.upgrades;
    if (c.doubleDice) bonus[`${c.weapon}:dice`] = 1;
  }
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    leader: r.leader,
    seatId: null,
    x: null,
    y: null,
    facing: 2,
    chits: ['READY', 'READY'],
    wounds: 0,
    ff: r.ff + (r.abilities.includes('ff-plus-1') ? 1 : 0),
    binge: r.binge,
    chicken: false,
    ducked: false,
    dash: 'none',
    luck: r.luck,
    weapons,
    bonus,
    ammo,
    grenades,
    bioSensor: r.gear.includes('bio-sensor'),
    armour: r.armour,
    abilities: r.abilities,
    encumbered: r.encumbered && !r.abilities.includes('strong'),
    left: false,
    aboard: false,
    seenHorrific: [],
    moved: false,
    goldStars: r.goldStars,
    carrying: null,
    cargo: null,
  };
}

/** Lays out `arenaId` for `missionId` afresh: what `mission.chosen` folds to. */
export function layoutFor(state: FdState, missionId: string, arenaId: string): FdState {
  const rules = state.rules;
  const board = boardFor(rules, arenaId);
  const teamers: Record<string, Teamer> = {};
  const teamOrder: string[] = [];
  rules.teamers.forEach((r, i) => {
    teamers[r.id] = { ...freshTeamer(rules, i), facing: board.entry.facing };
    teamOrder.push(r.id);
  });
  return {
    ...state,
    missionId,
    arenaId,
    entry: board.entry,
    phase: 'briefing',
    turn: 0,
    teamOrder,
    turnOrder: null,
    teamers,
    threatOrder: [],
    threats: {},
    nextThreat: 1,
    tiles: board.tiles.map(() => ({
      pings: [],
      revealed: [],
      cards: [],
      cardsResolved: [],
      chits: [],
      chitsShown: false,
      opened: false,
      placed: 0,
      entered: false,
      dark: false,
    })),
    doors: arenaFor(rules, arenaId).doors.map((d) => ({
      open: d.openAtStart,
      stuck: d.stuckAtStart,
      jammed: false,
      damage: 0,
      holes: [],
      shortCuts: [],
    })),
    deck: [],
    markers: [],
    contraband: [],
    kitty: {
      chits: [],
      pool: rules.stressCounts,
      catastrophes: 0,
      doubled: false,
    },
    effects: { powerDownUntilTurn: 0, outageUntilTurn: 0, allCardsRed: false, gasLeak: null },
    activated: [],
    activation: null,
    move: null,
    interrupt: null,
    threatQueue: [],
    threatPlanned: false,
    pack: null,
    paused: null,
    flames: {},
    shotTiles: [],
    loads: arenaFor(rules, arenaId).loads.map((l) => ({
      warming: null,
      lost: false,
      at: l.square,
      delivered: false,
    })),
    blasts: [],
    progress: {
      consoleActions: 0,
      hFound: false,
      sourceCleared: false,
      threatsPlaced: 0,
      threatsKilled: 0,
      bonus: null,
    },
    teamStars: state.teamStars,
    evaluation: null,
    undo: [],
  };
}

/** Where a rank name (any case, hyphens or spaces) stands on the pack's ladder; -1 if not on it. */
export function rankIndex(rules: FdRules, rank: string | undefined): number {
  if (rank === undefined) return -1;
  const key = (r: string) => r.toLowerCase().replace(/-/g, ' ');
  return rules.pack.campaign.ranks.findIndex((r) => key(r) === key(rank));
}

export { PINGS };
