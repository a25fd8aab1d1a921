import { exactDistribution, parseNotation } from '../src/engine/notation/index.ts';
import { compare, report } from './harness.ts';

/** Reference for 4d6kh3: list all 6^4 rolls, sort each, add the top three. */
function bruteForce4d6kh3(): number[] {
  const counts = new Array<number>(19).fill(0);
  const roll = [0, 0, 0, 0];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++)
        for (let d = 1; d <= 6; d++) {
          roll[0] = a;
          roll[1] = b;
          roll[2] = c;
          roll[3] = d;
          roll.sort((x, y) => y - x);
          const total = (roll[0] as number) + (roll[1] as number) + (roll[2] as number);
          counts[total] = (counts[total] as number) + 1;
        }
  return counts;
}

const FACTORIAL = [1];
for (let i = 1; i <= 20; i++) FACTORIAL.push((FACTORIAL[i - 1] as number) * i);

/**
 * Reference for NdSkhK: list every sorted multiset of faces (C(19,10) = 92,378 for 10d10), weight it
 * by its multinomial coefficient (how many ordered rolls give it), and add its top K faces.
 */
function multisets(n: number, sides: number, keep: number): number[] {
  const counts = new Array<number>(keep * sides + 1).fill(0);
  const multiplicity = new Array<number>(sides + 1).fill(0);
  const walk = (face: number, left: number): void => {
    if (face === 1) {
      multiplicity[1] = left;
      let ways = FACTORIAL[n] as number;
      for (let f = 1; f <= sides; f++) ways /= FACTORIAL[multiplicity[f] as number] as number;
      let total = 0;
      let need = keep;
      for (let f = sides; f >= 1 && need > 0; f--) {
        const take = Math.min(need, multiplicity[f] as number);
        total += take * f;
        need -= take;
      }
      counts[total] = (counts[total] as number) + ways;
      return;
    }
    for (let m = 0; m <= left; m++) {
      multiplicity[face] = m;
      walk(face - 1, left - m);
    }
  };
  walk(sides, n);
  return counts;
}

function sameCounts(notation: string, reference: number[]): void {
  const dist = exactDistribution(parseNotation(notation));
  dist.totals.forEach((t, i) => {
    if (BigInt(reference[t] as number) !== dist.counts[i])
      throw new Error(`${notation}: count for ${t} differs`);
  });
}

/**
 * Exact odds per second: exactDistribution (parse included, nothing cached) against a plain
 * hand-written exact method; both give the same counts, which is checked first.
 */
export default async function oddsBench(): Promise<void> {
  sameCounts('4d6kh3', bruteForce4d6kh3());
  sameCounts('10d10kh5', multisets(10, 10, 5));
  const a = compare(
    () => exactDistribution(parseNotation('4d6kh3')).totals.length,
    () => bruteForce4d6kh3().length,
  );
  report({
    bench: 'exact odds 4d6kh3 vs brute force',
    ours: a.ours,
    baseline: a.baseline,
    unit: 'distributions/s',
  });
  const b = compare(
    () => exactDistribution(parseNotation('10d10kh5')).totals.length,
    () => multisets(10, 10, 5).length,
  );
  report({
    bench: 'exact odds 10d10kh5 vs multisets',
    ours: b.ours,
    baseline: b.baseline,
    unit: 'distributions/s',
  });
}
