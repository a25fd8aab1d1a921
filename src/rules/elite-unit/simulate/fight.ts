import { SeededDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { playOnRecord, type RecordCommand } from '../combat/play.ts';
import { CombatRecord } from '../combat/record.ts';
import type { EliteUnitCommand } from '../commands.ts';
import type { Pack } from '../data/pack-schema.ts';
import { findWeapon } from '../rules/character.ts';
import { isHelpless } from '../rules/effective.ts';
import { decideAndFold } from '../ruleset.ts';
import { type EliteUnitState, initialState } from '../state.ts';

/**
 * One fight between two groups of pack characters, every decision a command played through the
 * real rules on a combat record (`combat/record.ts`): no state copied and no event built per
 * change, and the same code decides those commands at the table.
 */

export interface Scenario {
  readonly id: string;
  readonly name: string;
  readonly sides: readonly [readonly string[], readonly string[]];
  readonly distance: number;
}

export interface FightOutcome {
  /** 0 or 1: the side left standing; null: both fell or the Turn limit came. */
  readonly winner: 0 | 1 | null;
  readonly turns: number;
  /** Per character in scenario order: still standing (alive and not helpless) at the end. */
  readonly standing: readonly boolean[];
  readonly dead: readonly boolean[];
  readonly roundsFired: readonly [number, number];
}

const GM: Seat = { seatId: 'sim', role: 'gm' };
export const MAX_TURNS = 40;

/** The characters of a scenario added to a fresh table: no dice, so made once per pack and scenario. */
const rosters = new WeakMap<Pack, Map<string, { state: EliteUnitState; ids: string[][] }>>();

export function roster(pack: Pack, scenario: Scenario): { state: EliteUnitState; ids: string[][] } {
  let byScenario = rosters.get(pack);
  if (!byScenario) {
    byScenario = new Map();
    rosters.set(pack, byScenario);
  }
  const key = JSON.stringify(scenario.sides);
  let made = byScenario.get(key);
  if (!made) {
    const ctx = { actor: GM, dice: new SeededDice(0) };
    let s = initialState(pack);
    const ids: string[][] = [[], []];
    scenario.sides.forEach((side, k) => {
      side.forEach((from, i) => {
        const id = `s${k}-${i}`;
        ids[k]?.push(id);
        const command = { type: 'character.add', from, id, hidden: false } as EliteUnitCommand;
        s = decideAndFold(s, command, ctx).after;
      });
    });
    made = { state: s, ids };
    byScenario.set(key, made);
  }
  return made;
}

function up(rec: CombatRecord, id: string): boolean {
  const f = rec.fighter(id);
  return !!f && !isHelpless(f.c);
}

/** The policy: shoot (or strike) the first foe still up with the weapon in hand; reload when empty; parry when it may. */
export function nextCommand(
  rec: CombatRecord,
  ids: readonly (readonly string[])[],
  distance: number,
): RecordCommand | null {
  const p = rec.pending;
  if (p) {
    const t = p.targets[p.next];
    const c = t ? rec.fighter(t.id)?.c : undefined;
    if (!c) return null;
    const parry = p.parryable ? c.weapons.find((w) => w.inHands && (w.dc ?? 0) > 0)?.key : undefined;
    return parry ? { type: 'defend', targetId: c.id, parry } : { type: 'defend', targetId: c.id };
  }
  const b = rec.battle;
  const entry = b?.order[b.slot];
  const c = entry ? rec.fighter(entry.id)?.c : undefined;
  if (!c || c.dead !== null) return null;
  const side = ids[0]?.includes(c.id) ? 1 : 0;
  const foe = ids[side]?.find((id) => up(rec, id));
  if (!foe) return null;
  const w = c.weapons.find((x) => x.inHands);
  const data = w ? findWeapon(rec.pack, w.weapon) : undefined;
  if (w && data?.ammo && (w.loaded < 1 || w.needsReload)) {
    const canReload = w.spares.some((n) => n > 0) || w.loose > 0 || (w.needsReload && w.loaded > 0);
    return canReload ? { type: 'reload', id: c.id, weapon: w.key } : { type: 'slot.end', id: c.id };
  }
  const melee = !data?.ammo;
  const mode = data?.modes[data.modes.length - 1];
  const rounds =
    mode?.kind === 'fullAuto'
      ? Math.max(1, Math.min(Math.floor(mode.rounds / c.actions), mode.rounds - (w?.firedThisTurn ?? 0)))
      : undefined;
  if (mode?.kind === 'fullAuto' && (rounds ?? 0) < 1) return { type: 'slot.end', id: c.id };
  return {
    type: 'attack',
    attackerId: c.id,
    ...(w ? { weapon: w.key } : {}),
    ...(mode ? { mode: mode.kind } : {}),
    ...(rounds ? { rounds } : {}),
    targets: [{ id: foe, distance: melee ? 1 : distance }],
    situation: {},
  };
}

function loadedOf(rec: CombatRecord, id: string): number {
  let n = 0;
  for (const w of rec.fighter(id)?.c.weapons ?? []) n += w.loaded;
  return n;
}

/**
 * One fight: initiative through the table's `battle.start`, then every command played on one
 * combat record (`playOnRecord`, the rules the table runs). `reuse` keeps the record from fight
 * to fight (reset to each new start), so a run of fights takes its fighters once.
 */
export function runFight(
  pack: Pack,
  scenario: Scenario,
  seed: number,
  reuse: { record: CombatRecord | null } = { record: null },
): FightOutcome {
  const dice = new SeededDice(seed);
  const ctx = { actor: GM, dice };
  const { state, ids } = roster(pack, scenario);
  const all = ids.flat();
  const start = decideAndFold(state, { type: 'battle.start', ids: all } as EliteUnitCommand, ctx).after;
  let rec = reuse.record;
  if (rec) rec.reset(start);
  else {
    rec = new CombatRecord(start);
    reuse.record = rec;
  }
  const fired = [0, 0];
  for (let guard = 0; guard < 5000; guard++) {
    if ((rec.battle?.turn ?? MAX_TURNS + 1) > MAX_TURNS) break;
    if (!ids[0]?.some((id) => up(rec, id)) || !ids[1]?.some((id) => up(rec, id))) break;
    const command = nextCommand(rec, ids, scenario.distance);
    if (!command) break;
    const actor = command.type === 'attack' ? command.attackerId : null;
    const before = actor ? loadedOf(rec, actor) : 0;
    try {
      playOnRecord(rec, command, ctx);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      const b = rec.battle;
      const id = b?.order[b.slot]?.id;
      if (rec.pending || !id) break;
      playOnRecord(rec, { type: 'slot.end', id }, ctx);
      continue;
    }
    if (actor) {
      const side = ids[0]?.includes(actor) ? 0 : 1;
      fired[side] = (fired[side] ?? 0) + Math.max(0, before - loadedOf(rec, actor));
    }
  }
  const standing = all.map((id) => up(rec, id));
  const a = ids[0]?.some((id) => up(rec, id)) ?? false;
  const b = ids[1]?.some((id) => up(rec, id)) ?? false;
  return {
    winner: a && !b ? 0 : b && !a ? 1 : null,
    turns: rec.battle?.turn ?? 0,
    standing,
    dead: all.map((id) => rec.fighter(id)?.c.dead !== null),
    roundsFired: [fired[0] ?? 0, fired[1] ?? 0],
  };
}
