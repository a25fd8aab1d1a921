import { type DiceSpec, d100, fixed, pool } from '../../../engine/dice/typed.ts';
import type { KillStep } from '../state.ts';

/**
 * The kill-step ladder every weapon profile is written on: 0, 1, d6, d10, 2d6, 2d10, 3d10, d100.
 * A profile stores the index into this ladder (0..7); `null` is the book's "–": that weapon never
 * kills at that range and no improvement can change it.
 */
export const KILL_STEP_LABELS = ['0', '1', 'd6', 'd10', '2d6', '2d10', '3d10', 'd100'] as const;
export type KillStepLabel = (typeof KILL_STEP_LABELS)[number];

/** The dice each step rolls for kills, index for index with the labels. */
export const KILL_STEP_DICE: readonly DiceSpec[] = [
  fixed(0),
  fixed(1),
  pool(1, 6),
  pool(1, 10),
  pool(2, 6),
  pool(2, 10),
  pool(3, 10),
  d100,
];

/** The top of the ladder (d100): no step goes higher. */
export const MAX_KILL_STEP = KILL_STEP_LABELS.length - 1;

/** What the sheet prints for "never kills". */
export const NEVER_KILLS_LABEL = '–';

export function isKillStep(step: unknown): step is number {
  return typeof step === 'number' && Number.isInteger(step) && step >= 0 && step <= MAX_KILL_STEP;
}

/** The label printed on a character sheet for a step ("–" for never). */
export function killStepLabel(step: KillStep): string {
  return step === null ? NEVER_KILLS_LABEL : (KILL_STEP_LABELS[step] ?? NEVER_KILLS_LABEL);
}

/** Reads a sheet label back into a step ("-" and "–" both mean never); undefined if unknown. */
export function parseKillStep(label: string): KillStep | undefined {
  const text = label.trim().toLowerCase();
  if (text === '–' || text === '-') return null;
  const index = (KILL_STEP_LABELS as readonly string[]).indexOf(text);
  return index < 0 ? undefined : index;
}

/** The dice to roll for kills at a step; null when the step can never kill. */
export function killStepDice(step: KillStep): DiceSpec | null {
  if (step === null) return null;
  return KILL_STEP_DICE[step] ?? null;
}

/**
 * Does this step roll for kills at all? Step 0 ("0") and "–" both kill nothing; the book makes a
 * successful FA pointless there, so the encounter needs this test.
 */
export function killsAnything(step: KillStep): boolean {
  return step !== null && step > 0;
}

/**
 * Raises a step by `by` rungs, stopping at d100. "–" stays "–": a dash is not a low value but the
 * absence of any, so it is never improved.
 */
export function stepUp(step: KillStep, by = 1): KillStep {
  if (step === null) return null;
  return Math.min(MAX_KILL_STEP, Math.max(0, step + by));
}
