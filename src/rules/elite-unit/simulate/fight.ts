import { SeededDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import type { EliteUnitCommand } from '../commands.ts';
import type { Pack } from '../data/pack-schema.ts';
import { evolveState } from '../evolve.ts';
import { findWeapon } from '../rules/character.ts';
import { isHelpless } from '../rules/effective.ts';
import { decideAndFold } from '../ruleset.ts';
import { type EliteUnitState, initialState } from '../state.ts';
import { whoseMove } from '../your-move.ts';

/**
 * One fight between two groups of pack characters, every decision sent as a command to the real
 * ruleset (`decideAndFold` hands back the state its events reach, so nothing is folded twice and
 * no state is copied per event beyond evolve's own path copies).
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

function up(s: EliteUnitState, id: string): boolean {
  const c = s.characters[id];
  return !!c && !isHelpless(c);
}

/** The policy: shoot (or strike) the first foe still up with the weapon in hand; reload when empty; parry when it may. */
function nextCommand(
  s: EliteUnitState,
  ids: readonly (readonly string[])[],
  distance: number,
): EliteUnitCommand | null {
  const move = whoseMove(s);
  if (!move) return null;
  const c = s.characters[move.characterId];
  if (!c) return null;
  if (move.kind === 'defend') {
    const p = s.pending;
    const parry = p?.parryable ? c.weapons.find((w) => w.inHands && (w.dc ?? 0) > 0)?.key : undefined;
    return parry ? { type: 'defend', targetId: c.id, parry } : { type: 'defend', targetId: c.id };
  }
  const side = ids[0]?.includes(c.id) ? 1 : 0;
  const foe = ids[side]?.find((id) => up(s, id));
  if (!foe) return null;
  const w = c.weapons.find((x) => x.inHands);
  const data = w ? findWeapon(s.pack, w.weapon) : undefined;
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

export function runFight(pack: Pack, scenario: Scenario, seed: number): FightOutcome {
  const dice = new SeededDice(seed);
  const ctx = { actor: GM, dice };
  let s = initialState(pack);
  const ids: string[][] = [[], []];
  scenario.sides.forEach((side, k) => {
    side.forEach((from, i) => {
      const id = `s${k}-${i}`;
      ids[k]?.push(id);
      const command = { type: 'character.add', from, id, hidden: false } as EliteUnitCommand;
      for (const e of decideAndFold(s, command, ctx).events) s = evolveState(s, e);
    });
  });
  const all = ids.flat();
  const fired = [0, 0];
  const loadedBefore = (id: string) => s.characters[id]?.weapons.reduce((n, w) => n + w.loaded, 0) ?? 0;
  s = decideAndFold(s, { type: 'battle.start', ids: all } as EliteUnitCommand, ctx).after;
  for (let guard = 0; guard < 5000; guard++) {
    if ((s.battle?.turn ?? MAX_TURNS + 1) > MAX_TURNS) break;
    if (!ids[0]?.some((id) => up(s, id)) || !ids[1]?.some((id) => up(s, id))) break;
    const command = nextCommand(s, ids, scenario.distance);
    if (!command) break;
    const actor = command.type === 'attack' ? command.attackerId : null;
    const before = actor ? loadedBefore(actor) : 0;
    try {
      s = decideAndFold(s, command, ctx).after;
    } catch (e) {
      if (!isRuleError(e)) throw e;
      const move = whoseMove(s);
      if (!move || move.kind === 'defend') break;
      s = decideAndFold(s, { type: 'slot.end', id: move.characterId } as EliteUnitCommand, ctx).after;
      continue;
    }
    if (actor) {
      const side = ids[0]?.includes(actor) ? 0 : 1;
      fired[side] = (fired[side] ?? 0) + Math.max(0, before - loadedBefore(actor));
    }
  }
  const standing = all.map((id) => up(s, id));
  const a = ids[0]?.some((id) => up(s, id)) ?? false;
  const b = ids[1]?.some((id) => up(s, id)) ?? false;
  return {
    winner: a && !b ? 0 : b && !a ? 1 : null,
    turns: s.battle?.turn ?? 0,
    standing,
    dead: all.map((id) => s.characters[id]?.dead !== null),
    roundsFired: [fired[0] ?? 0, fired[1] ?? 0],
  };
}
