/**
 * A physical die: `sides` faces numbered 1..sides, unless `labels` says what is printed on each face
 * (the average die reads 2,3,3,4,4,5; a Fudge die reads -1,0,+1).
 */
export interface Die {
  readonly name: string;
  readonly sides: number;
  readonly labels?: readonly number[];
}

const plain = new Map<number, Die>();

/** The standard die with `sides` faces; the same object is returned each time. */
export function d(sides: number): Die {
  let die = plain.get(sides);
  if (!die) {
    if (!Number.isInteger(sides) || sides < 1)
      throw new RangeError(`a die needs a whole number of sides ≥ 1, got ${sides}`);
    die = { name: `d${sides}`, sides };
    plain.set(sides, die);
  }
  return die;
}

export const D6 = d(6);
export const D10 = d(10);
export const D20 = d(20);
export const AVERAGE_DIE: Die = { name: 'dA', sides: 6, labels: [2, 3, 3, 4, 4, 5] };
export const FUDGE_DIE: Die = { name: 'dF', sides: 3, labels: [-1, 0, 1] };

/** Is `face` something this die can show? */
export function isFace(die: Die, face: number): boolean {
  if (!Number.isInteger(face)) return false;
  return die.labels ? die.labels.includes(face) : face >= 1 && face <= die.sides;
}

/** The distinct values a die can show, in ascending order. */
export function faceValues(die: Die): number[] {
  if (die.labels) return [...new Set(die.labels)].sort((a, b) => a - b);
  return Array.from({ length: die.sides }, (_, i) => i + 1);
}
