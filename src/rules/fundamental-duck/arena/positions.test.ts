import { describe, expect, it } from 'vitest';
import type { Facing } from './model.ts';
import { inTheWay, pairFits, positionPoint } from './positions.ts';

const N = 0 as Facing;
const E = 2 as Facing;
const S = 4 as Facing;

describe('positions in a square (§9.5)', () => {
  it('positions are relative to the figure’s own facing', () => {
    expect(positionPoint({ facing: N, position: 'front' })).toEqual({ x: 0, y: -1 });
    expect(positionPoint({ facing: N, position: 'left' })).toEqual({ x: -1, y: 0 });
    expect(positionPoint({ facing: E, position: 'left' })).toEqual({ x: 0, y: -1 });
    expect(positionPoint({ facing: N, position: 'centre' })).toEqual({ x: 0, y: 0 });
  });

  it('a stack-mate in the half toward the target is in the way; one behind or beside is not', () => {
    const shooter = { facing: N, position: 'back' as const };
    expect(inTheWay(shooter, { facing: N, position: 'front' }, 0, -1)).toBe(true);
    const left = { facing: N, position: 'left' as const };
    const right = { facing: N, position: 'right' as const };
    expect(inTheWay(left, right, 0, -1)).toBe(false); // shooting north past a mate at his side
    expect(inTheWay(left, right, 1, 0)).toBe(true); // shooting east, through him
    expect(inTheWay(right, left, 1, 0)).toBe(false);
    expect(inTheWay(left, right, 3, -1)).toBe(true); // a shallow line eastward
  });

  it('at the target end, a Teamer between the target and the shooter shields it', () => {
    const threat = { facing: S, position: 'centre' as const };
    // The shooter is to the north; the Teamer stands in the north half (facing south, his back).
    expect(inTheWay(threat, { facing: S, position: 'back' }, 0, -1)).toBe(true);
    expect(inTheWay(threat, { facing: S, position: 'front' }, 0, -1)).toBe(false);
  });

  it('a stacked pair takes opposite places', () => {
    expect(pairFits({ facing: N, position: 'left' }, { facing: N, position: 'right' })).toBe(true);
    expect(pairFits({ facing: N, position: 'front' }, { facing: S, position: 'front' })).toBe(true);
    expect(pairFits({ facing: N, position: 'left' }, { facing: N, position: 'front' })).toBe(false);
    expect(pairFits({ facing: N, position: 'centre' }, { facing: N, position: 'centre' })).toBe(false);
  });
});
