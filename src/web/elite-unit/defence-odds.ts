import { ScriptedDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { decideAndFold } from '../../rules/elite-unit/ruleset.ts';
import type { EliteUnitState } from '../../rules/elite-unit/state.ts';

/**
 * The exact chance that the pending attack hits its next defender, for each way he may defend:
 * every defence die (and, for a parry, every Reactions save face, a 20 adding the next roll) is
 * run through the ruleset's own `decide` with those faces and the hits are counted. Nothing of
 * the rule is repeated here. The damage dice get low faces: they do not change whether it hits.
 */

/** Faces for whatever follows the dice enumerated (damage, location): any valid face will do. */
const FILLER: readonly number[] = Array.from({ length: 400 }, () => 1);

export interface DefenceChance {
  /** P(the attack hits), 0..1. */
  readonly hit: number;
  /** P(the parry save succeeds), for a parry; null for a dodge. */
  readonly parryHolds: number | null;
}

/** What the ruleset decides with these faces first: hit or not, and whether a parry save held. */
function outcome(
  state: EliteUnitState,
  actor: Seat,
  command: Record<string, unknown>,
  faces: readonly number[],
): { hit: boolean; held: boolean } | null {
  try {
    const { events } = decideAndFold(state, command as Parameters<typeof decideAndFold>[1], {
      actor,
      dice: new ScriptedDice([...faces, ...FILLER]),
    });
    const resolved = events.find((e) => e.type === 'attack.resolved');
    if (resolved?.type !== 'attack.resolved') return null;
    return { hit: resolved.hit, held: resolved.defence.parry?.save.success ?? false };
  } catch {
    return null;
  }
}

/**
 * A save's face sequences with their weights: 1–19 end it, a 20 rolls again and adds (§3). Three
 * 20s in a row (1 in 8000) are followed by a 1: no attribute in a pack comes near 61.
 */
function saveFaces(): { faces: number[]; weight: number }[] {
  const out: { faces: number[]; weight: number }[] = [];
  const walk = (prefix: number[], weight: number) => {
    if (prefix.length === 3) {
      out.push({ faces: [...prefix, 1], weight });
      return;
    }
    for (let s = 1; s <= 19; s++) out.push({ faces: [...prefix, s], weight: weight / 20 });
    walk([...prefix, 20], weight / 20);
  };
  walk([], 1);
  return out;
}

/**
 * The chance for `targetId` defending the pending attack with `parry` (a held object's key) or a
 * plain dodge; null when the rules refuse that defence or the view lacks what it needs.
 */
export function defenceChance(
  state: EliteUnitState,
  actor: Seat,
  targetId: string,
  parry?: string,
): DefenceChance | null {
  const command: Record<string, unknown> = { type: 'defend', targetId, ...(parry ? { parry } : {}) };
  // Without the battle: whether it hits does not depend on it, and the battle's own steps after
  // the defence (the next slot, the Turn's end) would walk over sheets a player's view lacks.
  const state0: EliteUnitState = { ...state, battle: null };
  const saves = parry ? saveFaces() : [{ faces: [], weight: 1 }];
  let hit = 0;
  let held = 0;
  for (const save of saves) {
    for (let d = 1; d <= 20; d++) {
      const o = outcome(state0, actor, command, [...save.faces, d]);
      if (o === null) return null;
      if (o.hit) hit += save.weight / 20;
      if (o.held) held += save.weight / 20;
    }
  }
  return { hit, parryHolds: parry ? held : null };
}
