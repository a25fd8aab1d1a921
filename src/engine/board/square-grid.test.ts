import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chebyshev,
  DX,
  DY,
  directionOf,
  inFrontArc,
  MOVE_CORNER,
  neighbours,
  opposite,
  supercover,
  supercoverSquares,
} from './square-grid.ts';

describe('square-grid geometry', () => {
  it('directions go clockwise from north, y growing south', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((d) => [DX[d], DY[d]])).toEqual([
      [0, -1],
      [1, -1],
      [1, 0],
      [1, 1],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [-1, -1],
    ]);
    for (let d = 0; d < 8; d++) expect(directionOf(DX[d] as number, DY[d] as number)).toBe(d);
    expect(directionOf(0, 0)).toBe(-1);
    expect(directionOf(2, 0)).toBe(-1);
    expect(opposite(1)).toBe(5);
  });

  it('the front arc is 90° either side of the facing, edges included', () => {
    expect(inFrontArc(0, 0, -3)).toBe(true);
    expect(inFrontArc(0, 5, 0)).toBe(true);
    expect(inFrontArc(0, 1, 1)).toBe(false);
    expect(inFrontArc(1, -1, -1)).toBe(true); // facing NE, square to the NW is exactly sideways
    expect(inFrontArc(1, -1, 0)).toBe(false);
  });

  it('neighbours stay on the grid; chebyshev counts king steps', () => {
    expect(neighbours({ width: 3, height: 3 }, { x: 0, y: 0 })).toEqual([
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ]);
    expect(chebyshev({ x: 0, y: 0 }, { x: 3, y: -5 })).toBe(5);
  });

  it('supercover: straight, diagonal through corners, and shallow lines', () => {
    expect(supercoverSquares({ x: 0, y: 0 }, { x: 3, y: 0 })).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 3, y: 0 },
    ]);
    const kinds: number[] = [];
    supercover(0, 0, 2, 2, (k) => {
      kinds.push(k);
      return true;
    });
    expect(kinds).toEqual([MOVE_CORNER, MOVE_CORNER]);
    expect(supercoverSquares({ x: 0, y: 0 }, { x: 2, y: 1 })).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 1 },
    ]);
    expect(supercover(0, 0, 5, 0, (_k, _a, _b, tx) => tx < 3)).toBe(false);
  });

  it('supercover visits exactly the squares a float walk says the segment crosses, in order, and is reversible', () => {
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), (dx, dy) => {
        const squares = supercoverSquares({ x: 0, y: 0 }, { x: dx, y: dy });
        // Each move is one square orthogonally or diagonally (corners only where the line meets one).
        for (let k = 1; k < squares.length; k++) {
          const a = squares[k - 1] as { x: number; y: number };
          const b = squares[k] as { x: number; y: number };
          expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBe(1);
        }
        expect(squares.length).toBe(1 + Math.abs(dx) + Math.abs(dy) - countCorners(dx, dy));
        const back = supercoverSquares({ x: dx, y: dy }, { x: 0, y: 0 });
        expect(back.reverse()).toEqual(squares);
      }),
    );
  });
});

/** Where the line between centres meets a grid corner: t = (2k+1)/2|dx| with t·|dy| + ½ whole. */
function countCorners(dx: number, dy: number): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  let n = 0;
  for (let k = 0; k < ax && ay > 0; k++) {
    const num = (2 * k + 1) * ay;
    if (num % ax === 0 && (num / ax) % 2 === 1) n++;
  }
  return n;
}
