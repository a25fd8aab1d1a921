import { SeededDice } from '../../engine/dice/source.ts';
import { type MeanEstimate, meanEstimate, type Proportion, wilson } from '../../engine/estimates.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import { type Character, canAct, encumbrance } from './character.ts';
import { allowance, coverOf, distance, fireMods, metresToCover, rangeBand } from './combat.ts';
import type { Pack, PersonalScenario } from './data/pack-schema.ts';
import { RANGE_TARGETS } from './data/tables.ts';
import { type RhylanorCommand, type RhylanorEvent, type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { type Combat, type Combatant, SIDES, type SideId } from './state.ts';
import { chanceOutOf36 } from './task.ts';

/**
 * Firefights played many times through the real ruleset (`decide`/`evolve`, seeded dice), both
 * sides run by one policy: shoot the nearest enemy with the carried weapon that has the best
 * chance on him; out of cover with cover a walk away that keeps him in range, walk into it; else
 * stand and shoot when in range, walk closer when not; after a failed graze check, evade toward
 * cover; reload when empty; strike in melee when in contact; check morale when due; keep pool
 * points. It sends no command it can tell will be refused (a broken side's shots, a walk past his
 * allowance), since a refusal costs a thrown error. What it reports are the rules' odds.
 */

export const DEFAULT_MAX_TURNS = 20;
const GM: Seat = { seatId: 'sim', role: 'gm' };

export interface FirefightOutcome {
  readonly winner: SideId | null;
  readonly turns: number;
  /** Members of each side down (not fit) at the end. */
  readonly down: Readonly<Record<SideId, number>>;
}

export interface FirefightSummary {
  readonly system: 'rhylanor-express';
  readonly kind: 'personal';
  readonly scenario: string;
  readonly n: number;
  readonly seed: number;
  readonly maxTurns: number;
  readonly sides: Readonly<Record<SideId, string>>;
  readonly wins: Readonly<Record<SideId, Proportion>>;
  readonly undecided: Proportion;
  readonly turns: MeanEstimate;
  readonly down: Readonly<Record<SideId, MeanEstimate>>;
}

/** The table at the start of every run: characters from the sheets, the fight begun. */
export function firefightStart(pack: Pack, scenario: PersonalScenario): RhylanorState {
  let s = rhylanorExpress.setup({});
  s = { ...s, pack };
  const dice = new SeededDice(1);
  const run = (command: unknown) => {
    const parsed = rhylanorExpress.commandSchema.parse(command) as RhylanorCommand;
    for (const e of rhylanorExpress.decide(s, parsed, { actor: GM, dice })) s = rhylanorExpress.evolve(s, e);
  };
  const ids: string[][] = [];
  for (const side of scenario.sides) {
    const mine: string[] = [];
    for (const m of side.members) {
      run({ type: 'character.create', sheet: m.sheet });
      mine.push(`c${s.nextCharacter - 1}`);
    }
    ids.push(mine);
  }
  run({
    type: 'combat.start',
    zeroG: scenario.zeroG,
    sides: scenario.sides.map((side, i) => ({
      id: side.id,
      name: side.name,
      disposition: side.disposition,
      military: side.military,
      ...(side.leader === undefined ? {} : { leaderId: ids[i]?.[side.leader] }),
      members: side.members.map((m, j) => ({ characterId: ids[i]?.[j], x: m.x, y: m.y })),
    })),
  });
  scenario.sides.forEach((side, i) => {
    side.members.forEach((m, j) => {
      if (m.cover > 0) run({ type: 'combat.place', characterId: ids[i]?.[j], cover: m.cover });
    });
  });
  for (const area of scenario.cover) run({ type: 'combat.coverPlace', ...area });
  // Both sides are in plain sight: the fight starts at the scenario's positions.
  for (const side of SIDES) run({ type: 'combat.spot', side, result: true });
  return s;
}

/** One firefight from `start` with `dice`. */
export function fightFirefight(
  start: RhylanorState,
  dice: SeededDice,
  maxTurns = DEFAULT_MAX_TURNS,
): FirefightOutcome {
  let s = start;
  const ctx: DecideContext = { actor: GM, dice };
  const tryCommand = (command: RhylanorCommand): boolean => {
    let events: RhylanorEvent[];
    try {
      events = rhylanorExpress.decide(s, command, ctx);
    } catch (e) {
      if (isRuleError(e)) return false;
      throw e;
    }
    for (const e of events) s = rhylanorExpress.evolve(s, e);
    return true;
  };
  // Whoever chooses becomes the Intruder (moving first).
  if (s.combat?.chooser === null) tryCommand({ type: 'combat.rollOff' } as RhylanorCommand);
  tryCommand({
    type: 'combat.order',
    intruder: s.combat?.chooser ?? 'a',
    surprise: false,
  } as RhylanorCommand);
  const closeWindows = () => {
    while (s.window) {
      const side = SIDES.find((x) => (s.combat?.sides[x].pool ?? 0) > 0 && !s.window?.passed.includes(x));
      if (!side) break;
      tryCommand({ type: 'pool.pass', side } as RhylanorCommand);
    }
  };
  let guard = 0;
  while (s.combat && s.combat.turn <= maxTurns && guard++ < 10_000) {
    const combat = s.combat;
    const over = winner(s);
    if (over !== undefined) break;
    const phasing = combat.phasing;
    const mine = (side: SideId) =>
      combat.sides[side].morale !== 'steady'
        ? []
        : combat.sides[side].members.filter((id) => {
            const c = s.characters[id];
            return c && canAct(c);
          });
    switch (combat.phase) {
      case 'movement':
        for (const id of mine(phasing)) moveOne(s, id, tryCommand);
        break;
      case 'directFire':
        for (const id of mine(phasing)) {
          fireOne(s, id, tryCommand);
          closeWindows();
        }
        break;
      case 'returnFire':
        for (const id of mine(phasing === 'a' ? 'b' : 'a')) {
          fireOne(s, id, tryCommand);
          closeWindows();
        }
        break;
      case 'melee':
        for (const id of mine(phasing)) {
          const m = s.combat?.combatants[id];
          const foe = m && nearestEnemy(s, id);
          if (foe && m && distance(m, foe) <= 2) {
            tryCommand({ type: 'combat.melee', characterId: id, targetId: foe.id } as RhylanorCommand);
            closeWindows();
          }
        }
        break;
      case 'morale':
        for (const side of SIDES) {
          if (combat.sides[side].morale !== 'steady' || !combat.sides[side].moraleChecking) continue;
          if (tryCommand({ type: 'combat.morale', side, rally: false } as RhylanorCommand)) closeWindows();
        }
        break;
      case 'command':
        break;
    }
    closeWindows();
    if (!tryCommand({ type: 'combat.next' } as RhylanorCommand)) break;
  }
  const down = { a: 0, b: 0 };
  for (const side of SIDES) {
    for (const id of s.combat?.sides[side].members ?? []) {
      const c = s.characters[id];
      if (c && !canAct(c)) down[side]++;
    }
  }
  return { winner: winner(s) ?? null, turns: Math.min(s.combat?.turn ?? 0, maxTurns), down };
}

/** The side still in the fight when the other is all down or broken; undefined while both fight. */
function winner(s: RhylanorState): SideId | undefined {
  const combat = s.combat;
  if (!combat) return undefined;
  const out = (side: SideId) =>
    combat.sides[side].morale !== 'steady' ||
    combat.sides[side].members.every((id) => {
      const c = s.characters[id];
      return !c || !canAct(c);
    });
  const a = out('a');
  const b = out('b');
  if (a && !b) return 'b';
  if (b && !a) return 'a';
  return undefined;
}

function nearestEnemy(s: RhylanorState, id: string) {
  const combat = s.combat;
  const me = combat?.combatants[id];
  if (!combat || !me) return undefined;
  let best: (typeof combat.combatants)[string] | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const other of Object.values(combat.combatants)) {
    if (other.side === me.side) continue;
    const c = s.characters[other.id];
    if (!c || !canAct(c)) continue;
    const d = distance(me, other);
    if (d < bestD) {
      bestD = d;
      best = other;
    }
  }
  return best;
}

/** The chance of one aimed shot with the weapon at `weaponIndex` on the foe, or 0 if it cannot shoot him now. */
function shotChance(s: RhylanorState, c: Character, weaponIndex: number, foe: Combatant, from: Spot): number {
  const carried = c.weapons[weaponIndex];
  if (!carried || carried.loaded <= 0) return 0;
  const weapon = s.pack.weapons.find((w) => w.id === carried.weaponId);
  if (!weapon) return 0;
  const band = rangeBand(weapon, distance(from, foe));
  if (band === null) return 0;
  const dm = fireMods(s, c, weapon, 0, foe).reduce((t, m) => t + m.value, 0);
  return chanceOutOf36(dm, RANGE_TARGETS[band]);
}

/** The carried weapon with the best chance on the foe from `from` (ties: the first), or null. */
function bestWeapon(s: RhylanorState, c: Character, foe: Combatant, from: Spot): number | null {
  let best: number | null = null;
  let bestP = 0;
  for (let i = 0; i < c.weapons.length; i++) {
    const p = shotChance(s, c, i, foe, from);
    if (p > bestP) {
      bestP = p;
      best = i;
    }
  }
  return best;
}

interface Spot {
  readonly x: number;
  readonly y: number;
}

/** The point of the nearest cover area's edge (or its centre, when that is nearer than its radius) as seen from `me`. */
function nearestCoverPoint(combat: Combat, me: Spot): Spot | null {
  let best: Spot | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const a of combat.coverMap ?? []) {
    const d = distance(me, a);
    const toEdge = Math.max(0, d - a.radius);
    if (toEdge >= bestD) continue;
    bestD = toEdge;
    // A step past the edge (half a metre in), so rounding keeps him inside.
    const inside = Math.min(d, Math.max(0, d - a.radius + 0.5));
    best = d === 0 ? a : { x: me.x + ((a.x - me.x) / d) * inside, y: me.y + ((a.y - me.y) / d) * inside };
  }
  return best;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function moveOne(s: RhylanorState, id: string, run: (c: RhylanorCommand) => boolean): void {
  const combat = s.combat;
  const me = combat?.combatants[id];
  const c = s.characters[id];
  const foe = nearestEnemy(s, id);
  if (!combat || !me || !c || !foe) return;
  const enc = encumbrance(c, s.pack).state;
  const reach = (option: 'walk' | 'evade') =>
    allowance(c, option, s.pack.rules.woundMovementMetres, enc === 'veryEncumbered');
  const empty = c.weapons.findIndex((w) => {
    const weapon = s.pack.weapons.find((x) => x.id === w.weaponId);
    return weapon && w.loaded === 0 && w.spare > 0;
  });
  const reload = empty >= 0 && bestWeapon(s, c, foe, me) === null ? { reload: empty } : {};
  const go = (option: 'walk' | 'evade' | 'stand', to: Spot | null) =>
    run({
      type: 'combat.move',
      characterId: id,
      option,
      ...(to ? { x: round2(to.x), y: round2(to.y) } : {}),
      handhold: false,
      ...reload,
    } as RhylanorCommand);
  /** A point at most `limit` metres from him toward `target`. */
  const toward = (target: Spot, limit: number, stopShort = 0): Spot => {
    const d = distance(me, target);
    const step = Math.max(0, Math.min(limit - 0.01, d - stopShort));
    return d === 0
      ? me
      : { x: me.x + ((target.x - me.x) / d) * step, y: me.y + ((target.y - me.y) / d) * step };
  };
  if (me.mustEvade) {
    const cover = nearestCoverPoint(combat, me);
    if (enc !== 'veryEncumbered' && go('evade', cover ? toward(cover, reach('evade')) : null)) return;
  }
  const inCover = coverOf(combat, me).cover > 0 || coverOf(combat, me).fullCover;
  const walk = enc === 'fine' || enc === 'encumbered' ? reach('walk') : 0;
  // Cover a walk away from which the foe can still be shot: walk into it.
  if (!inCover && walk > 0 && metresToCover(combat, me) <= walk) {
    const cover = nearestCoverPoint(combat, me);
    if (cover && bestWeapon(s, c, foe, cover) !== null && go('walk', toward(cover, walk))) return;
  }
  if (bestWeapon(s, c, foe, me) === null && walk > 0 && empty < 0) {
    // Out of reach of every loaded weapon: walk closer, stopping short of contact.
    if (go('walk', toward(foe, walk, 1.5))) return;
  }
  go('stand', null);
}

function fireOne(s: RhylanorState, id: string, run: (c: RhylanorCommand) => boolean): void {
  const foe = nearestEnemy(s, id);
  const me = s.combat?.combatants[id];
  const c = s.characters[id];
  const combat = s.combat;
  if (!foe || !me || !c || !combat || coverOf(combat, foe).fullCover) return;
  // An evader does not shoot; return fire is for those who stood (§7.4).
  if (combat.phase === 'directFire' && me.option === 'evade' && me.optionTurn === combat.turn) return;
  if (combat.phase === 'returnFire' && me.option !== 'stand' && me.option !== null) return;
  const weaponIndex = bestWeapon(s, c, foe, me);
  if (weaponIndex === null) return;
  run({ type: 'combat.fire', characterId: id, weaponIndex, targets: [foe.id] } as RhylanorCommand);
}

/** n firefights from one seed: the pure core of `bughunt simulate rhylanor-express personal`. */
export function simulateFirefights(
  pack: Pack,
  scenario: PersonalScenario,
  n: number,
  seed: number,
  maxTurns = DEFAULT_MAX_TURNS,
): FirefightSummary {
  const start = firefightStart(pack, scenario);
  const dice = new SeededDice(seed);
  const wins = { a: 0, b: 0 };
  let undecided = 0;
  // Sums and sums of squares: no per-run arrays.
  const acc = { turns: [0, 0], a: [0, 0], b: [0, 0] };
  const add = (k: 'turns' | 'a' | 'b', v: number) => {
    acc[k][0] = (acc[k][0] as number) + v;
    acc[k][1] = (acc[k][1] as number) + v * v;
  };
  for (let i = 0; i < n; i++) {
    const o = fightFirefight(start, dice, maxTurns);
    if (o.winner) wins[o.winner]++;
    else undecided++;
    add('turns', o.turns);
    add('a', o.down.a);
    add('b', o.down.b);
  }
  const sideName = (id: SideId) => scenario.sides.find((x) => x.id === id)?.name ?? id;
  return {
    system: 'rhylanor-express',
    kind: 'personal',
    scenario: scenario.name,
    n,
    seed,
    maxTurns,
    sides: { a: sideName('a'), b: sideName('b') },
    wins: { a: wilson(wins.a, n), b: wilson(wins.b, n) },
    undecided: wilson(undecided, n),
    turns: meanEstimate(acc.turns[0] as number, acc.turns[1] as number, n),
    down: {
      a: meanEstimate(acc.a[0] as number, acc.a[1] as number, n),
      b: meanEstimate(acc.b[0] as number, acc.b[1] as number, n),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The summary as text (`bughunt simulate rhylanor-express personal`, src/cli).

function pct(p: Proportion): string {
  return `${(p.p * 100).toFixed(1)}% (${(p.low * 100).toFixed(1)}–${(p.high * 100).toFixed(1)})`;
}

function mean(m: MeanEstimate): string {
  return m.low === null || m.high === null
    ? m.mean.toFixed(2)
    : `${m.mean.toFixed(2)} (${m.low.toFixed(2)}–${m.high.toFixed(2)})`;
}

export function formatFirefights(s: FirefightSummary): string {
  return `${[
    `${s.scenario}: ${s.n} fights, seed ${s.seed}, at most ${s.maxTurns} turns`,
    `${s.sides.a} win ${pct(s.wins.a)}`,
    `${s.sides.b} win ${pct(s.wins.b)}`,
    `undecided ${pct(s.undecided)}`,
    `turns ${mean(s.turns)}`,
    `${s.sides.a} down ${mean(s.down.a)}; ${s.sides.b} down ${mean(s.down.b)}`,
  ].join('\n')}\n`;
}
