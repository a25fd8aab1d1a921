/**
 * Caps on what a notation may ask for. They keep a chat roll from tying up the server and keep the
 * exact-odds engine's numbers finite; each is generous for real games (3:16 pools, d1000 tables).
 */

/** The most dice one group may roll (`100d6` is fine, `101d6` is not). */
export const MAX_DICE_PER_GROUP = 100;
/** The most dice a whole notation may roll, summed over its groups (before explosions). */
export const MAX_DICE_TOTAL = 1000;
/** The most sides a die may have: d1000 is the largest table die the systems use. */
export const MAX_SIDES = 1000;
/** The largest integer constant in a notation. */
export const MAX_CONSTANT = 1_000_000;
/** The longest notation text accepted. */
export const MAX_NOTATION_LENGTH = 500;
/**
 * Extra dice one exploding die may add. When the last allowed extra die also shows an exploding
 * face it simply counts as rolled: the roller stops there and the exact odds do the same.
 */
export const MAX_EXPLOSIONS_PER_DIE = 20;
/**
 * Rerolls one die may take with `r`. If the last reroll still matches, that face stands (roller and
 * exact odds agree). `ro` rerolls at most once.
 */
export const MAX_REROLLS_PER_DIE = 20;
/** Exact odds: the most totals (max − min, in steps of the common spacing, plus one) a distribution may span. */
export const MAX_DISTRIBUTION_TOTALS = 200_000;
/**
 * Exact odds: a work budget for one `exactDistribution` call, in units of roughly one double
 * multiply-add (big-integer steps cost more units, by length). Measured at 1–2 ns per unit, so the
 * budget stops a call after a couple of seconds with NOTATION_TOO_COMPLEX instead of running for
 * minutes. 100d1000, 100d6kh50 and 4d100!kh3 fit; 30d10!>=8 does not.
 */
export const MAX_EXACT_WORK = 1_500_000_000;
