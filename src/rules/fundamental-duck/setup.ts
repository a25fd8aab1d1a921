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
  return {
    seats: {},
    chat: INITIAL_CHAT,
    rules,
    activationMethod: rules.pack.options.activation,
    teamStars: 0,
    campaign: {
      missions: 0,
      threatLevel: rules.pack.campaign.threatLevel.start,
      money: 0,
      pay: 0,
      advancements: [],
      lastOutcome: null,
      sheets: Object.fromEntries(rules.teamers.map((t) => [t.id, t])),
      ranks: Object.fromEntries(rules.teamers.map((t) => [t.id, Math.max(0, rankIndex(rules, t.rank))])),
      bought: {},
      replaced: 0,
    },
    ...freshMission(rules, missionId, arenaId),
  };
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
    position: 'centre',
    dash: 'none',
    luck: r.luck,
    weapons,
    bonus,
    ammo,
    grenades,
    bioSensor: r.gear.includes('bio-sensor'),
    doorRc: r.gear.includes('door-rc'),
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
  return { ...state, ...freshMission(state.rules, missionId, arenaId) };
}

/** What lasts across missions (the table, the pack, the campaign); everything else is the mission's. */
type Lasting = 'seats' | 'chat' | 'rules' | 'activationMethod' | 'teamStars' | 'campaign';

/**
 * A mission before boarding: the pack's Team on the boarding bridge facing the entry, every door
 * and load as the arena gives it, nothing dealt, nothing under way.
 */
function freshMission(rules: FdRules, missionId: string, arenaId: string): Omit<FdState, Lasting> {
  const board = boardFor(rules, arenaId);
  const arena = arenaFor(rules, arenaId);
  const teamers: Record<string, Teamer> = {};
  const teamOrder: string[] = [];
  rules.teamers.forEach((r, i) => {
    teamers[r.id] = { ...freshTeamer(rules, i), facing: board.entry.facing };
    teamOrder.push(r.id);
  });
  return {
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
    doors: arena.doors.map((d) => ({
      open: d.openAtStart,
      stuck: d.stuckAtStart,
      jammed: false,
      damage: 0,
      holes: [],
      shortCuts: [],
    })),
    doorsHeld: [],
    doorOverride: false,
    deck: [],
    markers: [],
    contraband: [],
    kitty: { chits: [], pool: rules.stressCounts, catastrophes: 0, doubled: false },
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
    loads: arena.loads.map((l) => ({ warming: null, lost: false, at: l.square, delivered: false })),
    blasts: [],
    drones: [],
    // Vehicles stand as the arena sets them up, empty (18).
    vehicles: arena.vehicles.map((v) => ({
      id: v.id,
      type: v.type,
      x: v.front % arena.width,
      y: Math.floor(v.front / arena.width),
      facing: v.facing,
      crew: [],
      rammedTurn: 0,
    })),
    bulldozed: [],
    progress: {
      consoleActions: 0,
      hFound: false,
      sourceCleared: false,
      threatsPlaced: 0,
      threatsKilled: 0,
      bonus: null,
    },
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
