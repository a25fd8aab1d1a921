import { AVERAGE_DIE } from '../../../engine/dice/die.ts';

/**
 * The booklet's movement numbers (digest §9), as data the movement code reads: tables from the book
 * live here, never inline in the rules.
 */

/** Faces of the average die (AvD) that each MOVE rolls: 2, 3, 3, 4, 4, 5. */
export const AVERAGE_DIE_FACES: readonly number[] = AVERAGE_DIE.labels ?? [];

/** A plain d6 read as an average die (1→2, 2→3, 3→3, 4→4, 5→4, 6→5), for tables without one. */
export function averageDieFromD6(d6: number): number {
  const face = AVERAGE_DIE_FACES[d6 - 1];
  if (face === undefined) throw new RangeError(`a d6 shows 1–6, got ${d6}`);
  return face;
}

/** Movement points of each kind of step (§9.2); surcharges add (§9.2 "penalties add"). */
export const STEP_COSTS = {
  /** Orthogonal step on the same level. */
  orthogonal: 1,
  /** Diagonal step with both flanking squares open. */
  diagonal: 1,
  /** Diagonal step in the difficult game (switch "diagonals"). */
  diagonalDifficult: 2,
  /** Diagonal step with one flanking square prohibited: the figure goes round by the open one. */
  diagonalOneFlank: 2,
  /** Added for climbing onto a LOW or HIGH obstacle orthogonally (total 2). */
  climbOrthogonal: 1,
  /** Added for climbing onto a LOW or HIGH obstacle diagonally (total 3). */
  climbDiagonal: 2,
  /** Added when a Teamer stepping off an obstacle fails his fumble test (Threats never pay it). */
  offObstacleFumble: 1,
  /** A Teamer's step into his rear arc costs this many times as much, facing unchanged. */
  backwardFactor: 2,
  /** A Teamer's turn on the spot during a move. */
  turnOnSpot: 1,
} as const;

/** Movement changes (§9.1, §9.4). Wounds and encumbrance come from the pack (§24.3). */
export const DASH_BONUS = 2;
/** Every die of the turn after a dash is this much worse. */
export const DASH_PENALTY = 2;
