/**
 * The numbers of the booklet's rules for Threats at doors (digest §14), as data: the default
 * procedure and the numbers its switches use. They are the book's, not the data pack's.
 */
export const DOOR_RULES = {
  /** The choice die (d6): this or more seeks a short cut, less batters. */
  seekShortCutOn: 5,
  /** The search die (d6): this or more finds a short cut. */
  shortCutFoundOn: 6,
  /** The search die with switch (e) "ducts on 4, 5, 6". */
  shortCutFoundOnDucts: 4,
  /** Battering: each activation adds d6 damage; at this total a hole opens. */
  holeAtDamage: 20,
  /** Switch (a): a battering Threat rolls 3d6 and makes a rent on this or more. */
  rentOn3d6: 16,
  /** Switch (b): the d6 thrown together at one door in a turn make a hole at this total. */
  togetherHoleAt: 18,
  /** Switch (c): searching a bulkhead side, 3d6 of this or more finds a weak spot. */
  weakSpotOn3d6: 16,
} as const;

/**
 * Which side of a door a hole opens on, from a d6: the die is split evenly over the sides, so a
 * cargo door's three sides take 1–2, 3–4 and 5–6 (digest §14). A one-sided door needs no die.
 */
export function holeSide(sides: number, face: number): number {
  return Math.min(sides - 1, Math.floor(((face - 1) * sides) / 6));
}
