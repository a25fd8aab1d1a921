/* Test support: the attack on a seeded table generator (used by the dice and server tests). */
import { Rng, type RngState } from '../rng.ts';
import { D10 } from './die.ts';
import { type DiceSource, SeededDice } from './source.ts';

/**
 * The attack finding 1 of issue 20 describes, for real: xoroshiro128+ is linear over GF(2), and
 * the lowest bit of each output is the XOR of two state bits, so a d10's face (whose parity is
 * that bit: the face is the output mod 10, plus 1) is one linear equation in the 128 state
 * bits. About 128 public d10s solve for the whole state, and the solved generator then names
 * every roll that follows, hidden ones included.
 */

const BITS = 128;

/** A 128-bit row (four 32-bit words) plus its right-hand side. */
interface Equation {
  readonly row: Uint32Array;
  rhs: number;
}

/** The generator whose state is the `i`-th unit vector (the state bits as words, as `Rng` keeps them). */
function unitState(i: number): RngState {
  const words = [0, 0, 0, 0];
  words[i >> 5] = (1 << (i & 31)) | 0;
  return words as unknown as RngState;
}

/**
 * Row k of the map from state bits to the low bit of the k-th output: by linearity, bit i of the
 * row is the low bit of the k-th output of the generator started from the i-th unit vector.
 * (`int(0, 1)` is exactly that bit: a range of 2 never rejects.)
 */
function lowBitRows(count: number): Uint32Array[] {
  const rows = Array.from({ length: count }, () => new Uint32Array(4));
  for (let i = 0; i < BITS; i++) {
    const rng = Rng.fromState(unitState(i));
    for (let k = 0; k < count; k++) {
      const row = rows[k] as Uint32Array;
      if (rng.int(0, 1) === 1) row[i >> 5] = (row[i >> 5] as number) | (1 << (i & 31));
    }
  }
  return rows;
}

/** Gaussian elimination over GF(2); null when the equations contradict each other. */
function solve(equations: Equation[]): RngState | null {
  const pivots: Equation[] = [];
  const pivotBit: number[] = [];
  for (const eq of equations) {
    const row = Uint32Array.from(eq.row);
    let rhs = eq.rhs;
    for (let p = 0; p < pivots.length; p++) {
      const b = pivotBit[p] as number;
      if ((row[b >> 5] as number) & (1 << (b & 31))) {
        const pr = (pivots[p] as Equation).row;
        for (let w = 0; w < 4; w++) row[w] = (row[w] as number) ^ (pr[w] as number);
        rhs ^= (pivots[p] as Equation).rhs;
      }
    }
    let lead = -1;
    for (let b = 0; b < BITS && lead < 0; b++) if ((row[b >> 5] as number) & (1 << (b & 31))) lead = b;
    if (lead < 0) {
      if (rhs !== 0) return null; // 0 = 1: no generator state gives these faces
      continue;
    }
    // Keep the pivots fully reduced so back-substitution is a read-off.
    for (const other of pivots) {
      if ((other.row[lead >> 5] as number) & (1 << (lead & 31))) {
        for (let w = 0; w < 4; w++) other.row[w] = (other.row[w] as number) ^ (row[w] as number);
        other.rhs ^= rhs;
      }
    }
    pivots.push({ row, rhs });
    pivotBit.push(lead);
  }
  const words = [0, 0, 0, 0];
  // Free bits (if any) are taken as 0; with a full rank there are none.
  pivots.forEach((p, i) => {
    const b = pivotBit[i] as number;
    if (p.rhs) words[b >> 5] = (words[b >> 5] as number) | (1 << (b & 31)) | 0;
  });
  return words as unknown as RngState;
}

export const OBSERVED = 200;

/**
 * What a spectator does: reads OBSERVED public d10 faces, solves for the generator that made
 * them, and returns a seeded source positioned just after them (null when no state fits).
 */
export function recoverFromD10s(faces: readonly number[]): DiceSource | null {
  const rows = lowBitRows(faces.length);
  const state = solve(faces.map((face, k) => ({ row: rows[k] as Uint32Array, rhs: (face - 1) & 1 })));
  if (state === null) return null;
  const dice = new SeededDice(Rng.fromState(state));
  for (let k = 0; k < faces.length; k++) dice.roll(D10, 'catch up');
  return dice;
}
