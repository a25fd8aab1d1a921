import type { EncounterEndReason, Position } from '../state.ts';

/**
 * The encounter's rulings on plain flags and numbers, for both of its implementations: `evolve`'s
 * reducers on the state (core.ts) and the encounter record's functions (round.ts), which the
 * table's `decide` and the simulator run. Each holds its data its own way (maps of names and
 * objects, packed arrays of numbers); what a rule decides lives here once, so the two cannot
 * drift apart. Small and free of allocation: the simulator calls them per Kill and per step.
 */

// ---------------------------------------------------------------------------------------------
// Positions

/** Positions as numbers: Close, Near, Far, then beyond Far (out for good). */
export const CLOSE = 0;
export const FAR = 2;
export const BEYOND_FAR = 3;

/** A position's number (`CLOSE`, …, `BEYOND_FAR`). */
export const POSITION_INDEX: { readonly [K in Position]: number } = {
  close: 0,
  near: 1,
  far: 2,
  beyondFar: 3,
};

/** Each number's position (`POSITION_INDEX` turned round). */
export const POSITIONS: readonly Position[] = ['close', 'near', 'far', 'beyondFar'];

/** One step closer (−1) or farther (+1); past Far is beyond Far, Close stays Close. */
export function stepPosition(p: number, steps: number): number {
  if (p === BEYOND_FAR) return p;
  const i = p + steps;
  if (i < CLOSE) return CLOSE;
  if (i > FAR) return BEYOND_FAR;
  return i;
}

// ---------------------------------------------------------------------------------------------
// A Kill landing on a trooper

/** What becomes of a Kill on a trooper still fighting (`killFate`). */
export const KillFate = {
  /** Kinetic Field Armour turns it aside. */
  Stopped: 0,
  /** It waits for the player's answer (armour, or a flashback). */
  Asked: 1,
  /** MandelBrite (or the Drop Ship's extra tick) takes it. */
  Armour: 2,
  /** The next health box is marked. */
  Wound: 3,
} as const;
export type KillFate = (typeof KillFate)[keyof typeof KillFate];

/**
 * A Kill's fate. `shielded`: a kinetic field in working order covers the trooper and the Kill is
 * one armour stops; `armourReady`: the armour could take it; `asks`: the trooper's armour policy
 * is to be asked; `flashbackLeft`: a Strength or Weakness is still available to answer with;
 * `refusesArmour`: the policy is never to use the armour. Asked only when there is a choice.
 */
export function killFate(
  shielded: boolean,
  armourReady: boolean,
  asks: boolean,
  flashbackLeft: boolean,
  refusesArmour: boolean,
): KillFate {
  if (shielded) return KillFate.Stopped;
  if (asks && (armourReady || flashbackLeft)) return KillFate.Asked;
  if (armourReady && !refusesArmour) return KillFate.Armour;
  return KillFate.Wound;
}

/**
 * The X marks left of `x` after healing as between encounters (also on showing a Weakness): one X
 * heals unless every X left is a Lasting Wound (every E heals too).
 */
export function xLeftAfterHealing(x: number, lasting: number): number {
  return x > lasting ? x - 1 : x;
}

/** Health boxes a trooper has; marking the last one fells him. */
export const HEALTH_BOXES = 3;

/** Marking health box `box` (0-based) fells the trooper. */
export function woundFells(box: number): boolean {
  return box === HEALTH_BOXES - 1;
}

/**
 * The one who dealt a felling Kill counts it as a kill: only another trooper (a fellow PC, e.g.
 * with grenades), and only when the victim ends Dead (an X, not an E's wreck).
 */
export function killCredited(by: boolean, self: boolean, emotional: boolean): boolean {
  return by && !self && !emotional;
}

// ---------------------------------------------------------------------------------------------
// The round's attacks

/** A trooper's slot in the round's queue did not act: it failed its die, or was cancelled. */
export function failedSlot(success: boolean, cancelled: boolean): boolean {
  return !success || cancelled;
}

/**
 * An alien success at `attackFace` reaches a trooper whose slot failed (or was cancelled) or
 * whose success is equal or lower (tied successes strike each other).
 */
export function beatenByAliens(
  success: boolean,
  cancelled: boolean,
  face: number,
  attackFace: number,
): boolean {
  return failedSlot(success, cancelled) || face <= attackFace;
}

// ---------------------------------------------------------------------------------------------
// The end of a round and of the encounter

/** Rounds in a row without a kill that end the encounter in a standoff. */
export const STANDOFF_ROUNDS = 3;

/** Rounds without a kill counted when a round closes with `kills` caused in it. */
export function roundsWithoutKillsAfter(kills: number, before: number): number {
  return kills <= 0 ? before + 1 : 0;
}

/** The count of rounds without a kill ends the encounter. */
export function isStandoff(roundsWithoutKills: number): boolean {
  return roundsWithoutKills >= STANDOFF_ROUNDS;
}

/**
 * Why the encounter ends when no trooper is left fighting: all beyond Far (or gone through a
 * Weakness) while someone still lives, else all dead.
 */
export function nobodyFightingReason(anyGone: boolean, anyAlive: boolean): EncounterEndReason {
  return anyGone && anyAlive ? 'allBeyondFar' : 'allDead';
}

/** The encounter's tokens left go back to the pool, unless its ending discards them. */
export function tokensBackToPool(reason: EncounterEndReason): boolean {
  return reason !== 'strength' && reason !== 'eVac';
}

/**
 * The encounter is out of tokens and ends, unless an alien success tied with the turn that took
 * the last token still strikes, or the aliens' Suicide attack of this round has yet to come.
 */
export function endsOutOfTokens(tokens: number, alienTied: boolean, suicideToStrike: boolean): boolean {
  return tokens <= 0 && !alienTied && !suicideToStrike;
}

// ---------------------------------------------------------------------------------------------
// The aliens' AA

/** The aliens' AA target: the planet's AA with the encounter's bonus (Boost Ability, Enrage), 1–10. */
export function alienTarget(planetAa: number, bonus: number): number {
  return Math.max(1, Math.min(10, planetAa + bonus));
}

/**
 * The AA bonus as a new round opens after round `round`: enraged aliens gain one more from the
 * second round on (round 1 opens at the AA they started with), never past AA 10.
 */
export function bonusAsRoundOpens(enraged: boolean, round: number, bonus: number, planetAa: number): number {
  return enraged && round >= 1 ? Math.min(10 - planetAa, bonus + 1) : bonus;
}

// ---------------------------------------------------------------------------------------------
// The aliens' token abilities

/**
 * The round Regeneration brings tokens back from, in round `round` where the troopers' kills
 * removed `removedNow` tokens so far and `removedBefore` in the round before: the current round if
 * its kills removed any, else the one before, else none (null). An opening ambush (round 0) is out
 * of reach.
 */
export function regenerationRoundOf(round: number, removedNow: number, removedBefore: number): number | null {
  if (removedNow > 0) return round;
  return round - 1 >= 1 && removedBefore > 0 ? round - 1 : null;
}
