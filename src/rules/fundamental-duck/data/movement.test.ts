import { describe, expect, it } from 'vitest';
import { AVERAGE_DIE_FACES, averageDieFromD6, STEP_COSTS } from './movement.ts';

describe('movement numbers (§9)', () => {
  it('the average die reads 2,3,3,4,4,5 and a d6 maps onto it', () => {
    expect(AVERAGE_DIE_FACES).toEqual([2, 3, 3, 4, 4, 5]);
    expect([1, 2, 3, 4, 5, 6].map(averageDieFromD6)).toEqual([2, 3, 3, 4, 4, 5]);
    expect(() => averageDieFromD6(7)).toThrow(RangeError);
  });

  it('step costs follow the booklet table and its diagram captions', () => {
    expect(STEP_COSTS.orthogonal).toBe(1);
    expect(STEP_COSTS.diagonal).toBe(1);
    expect(STEP_COSTS.diagonalOneFlank).toBe(2);
    expect(STEP_COSTS.orthogonal + STEP_COSTS.climbOrthogonal).toBe(2);
    expect(STEP_COSTS.diagonal + STEP_COSTS.climbDiagonal).toBe(3);
    expect(STEP_COSTS.diagonalOneFlank + STEP_COSTS.climbDiagonal).toBe(4);
    expect(STEP_COSTS.backwardFactor).toBe(2);
    expect(STEP_COSTS.turnOnSpot).toBe(1);
  });
});
