import type { DiceSource } from '../../engine/dice/source.ts';
import { boardOf } from './board-adapter.ts';
import { strikeCatastrophe } from './catastrophe.ts';
import { chickenStepsBack } from './chicken.ts';
import { d6, pick } from './dice.ts';
import type { Draft } from './draft.ts';
import { missionOf } from './rules-data.ts';
import { currentFf, type FdState, type Teamer, teamerOf } from './state.ts';

/**
 * Stress, BINGE and the fumble test (digest 2, 12, 16). Each puts its die in an event; a failure
 * feeds the Stress Kitty, whose threshold chit sets off a catastrophe.
 */

/** The Kitty threshold of the mission being played (the pack's unless the mission says otherwise). */
function threshold(draft: Draft): number {
  const m = missionOf(draft.state.rules, draft.state.missionId);
  return m.kittyThreshold ?? draft.state.rules.pack.markers.kitty.threshold;
}

/**
 * A stress event: chits drawn at random from the pool into the Kitty (per luck class, from the
 * pack; multiplied after a catastrophe). The donation that reaches the threshold counts whole;
 * then the catastrophe (16). `chits` overrides the luck count (an event card's own number).
 */
export function addStress(draft: Draft, teamerId: string | null, why: string, chits?: number): void {
  const t = teamerId ? teamerOf(draft.state, teamerId) : undefined;
  const rules = draft.state.rules;
  const kitty = rules.pack.markers.kitty;
  let n = chits ?? (t ? kitty.chitsPerStressEvent[t.luck] : kitty.chitsPerStressEvent.normal);
  if (draft.state.kitty.doubled) n *= kitty.afterCatastropheFactor;
  const pool = draft.state.kitty.pool.slice();
  const kinds: number[] = [];
  const values: number[] = [];
  const faces: number[] = [];
  for (let i = 0; i < n; i++) {
    const left = pool.reduce((a, b) => a + b, 0);
    if (left === 0) break;
    const k = pick(draft.table, left, 'draw a stress chit');
    faces.push(k + 1);
    let acc = 0;
    for (let v = 0; v < pool.length; v++) {
      acc += pool[v] ?? 0;
      if (k < acc) {
        kinds.push(v);
        values.push(rules.stressValues[v] ?? 0);
        pool[v] = (pool[v] ?? 0) - 1;
        break;
      }
    }
  }
  if (kinds.length === 0) return;
  draft.emit({ type: 'stress.added', teamerId, why, kinds, values, faces });
  if (draft.state.kitty.chits.length >= threshold(draft)) catastrophe(draft);
}

function catastrophe(draft: Draft): void {
  const values = draft.state.kitty.chits.map((k) => draft.state.rules.stressValues[k] ?? 0);
  const total = values.reduce((a, b) => a + b, 0);
  const bands = draft.state.rules.catastrophes;
  // Totals above the last band use it; below the first, the first.
  const band =
    bands.find((b) => total >= b.min && total <= b.max) ??
    (total < (bands[0]?.min ?? 0) ? bands[0] : bands[bands.length - 1]);
  if (!band) return;
  strikeCatastrophe(draft, band.result, total, values);
}

/** A gas leak (event card) this turn: the FF change for a Teamer in that door's zone, else 0. */
function gasLeakFf(state: FdState, t: Teamer): number {
  const g = state.effects.gasLeak;
  if (!g || g.turn !== state.turn || t.x === null || t.y === null) return 0;
  const board = boardOf(state);
  return board.doors[g.door]?.zone.includes(t.y * board.width + t.x) ? g.ff : 0;
}

/** What a fumble test's d6 must roll under for this Teamer now: his FF, `bonus` (not for a chicken), a gas leak. */
function fumbleTarget(state: FdState, t: Teamer, bonus: number): number {
  return currentFf(t) + (t.chicken ? 0 : bonus) + gasLeakFf(state, t);
}

/** The chance his fumble test passes now (`fumbleTest`'s own numbers, no die): for previews. */
export function fumbleChance(state: FdState, t: Teamer, bonus = 0): number {
  return Math.min(6, Math.max(0, fumbleTarget(state, t, bonus) - 1)) / 6;
}

/**
 * Fumble test: d6, success below the Fumble Factor (2). `bonus` adds to FF (a door licence).
 * Failure feeds the Kitty. Returns the verdict.
 */
export function fumbleTest(
  draft: Draft,
  teamerId: string,
  purpose: string,
  dice: DiceSource,
  bonus = 0,
): boolean {
  const t = teamerOf(draft.state, teamerId) as Teamer;
  const target = fumbleTarget(draft.state, t, bonus);
  const face = d6(dice, `fumble test (${purpose}) for ${t.name}`);
  const success = face < target;
  draft.emit({ type: 'test.rolled', teamerId, purpose, record: { test: 'fumble', face, target, success } });
  if (!success) addStress(draft, teamerId, `fumble: ${purpose}`);
  return success;
}

/** A BINGE test without the loss that comes with a stress situation: d6 at or below BINGE. */
export function bingeTest(draft: Draft, teamerId: string, purpose: string, dice: DiceSource): boolean {
  const t = teamerOf(draft.state, teamerId) as Teamer;
  const face = d6(dice, `BINGE test (${purpose}) for ${t.name}`);
  const success = face <= t.binge;
  draft.emit({
    type: 'test.rolled',
    teamerId,
    purpose,
    record: { test: 'binge', face, target: t.binge, success },
  });
  return success;
}

/**
 * A stress situation (12): BINGE −1 (never below 1), then a BINGE test. Failure is a deficit: the
 * chicken marker and stress chits.
 */
export function stressSituation(draft: Draft, teamerId: string, why: string, dice: DiceSource): void {
  const t = teamerOf(draft.state, teamerId);
  if (!t || t.wounds >= draft.state.rules.pack.combat.teamerWounds.outOfActionAt || t.left) return;
  const binge = Math.max(1, t.binge - 1);
  draft.emit({ type: 'binge.changed', teamerId, binge, chicken: t.chicken, why });
  if (bingeTest(draft, teamerId, why, dice)) return;
  draft.emit({ type: 'binge.changed', teamerId, binge, chicken: true, why: 'BINGE deficit' });
  addStress(draft, teamerId, 'BINGE deficit');
  chickenStepsBack(draft, teamerId);
}

/** BINGE +1 (a first-shot kill, the Source cleared...), never above the start value. */
export function raiseBinge(draft: Draft, teamerId: string, why: string): void {
  const t = teamerOf(draft.state, teamerId);
  if (!t) return;
  const binge = Math.min(6, t.binge + 1);
  if (binge !== t.binge) draft.emit({ type: 'binge.changed', teamerId, binge, chicken: t.chicken, why });
}
