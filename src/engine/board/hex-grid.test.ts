import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cubeRound,
  directionTo,
  HEX_DIRECTIONS,
  hexAdd,
  hexDistance,
  hexKey,
  hexLength,
  hexLine,
  hexNeighbours,
} from './hex-grid.ts';

const coord = fc.integer({ min: -40, max: 40 });
const hexArb = fc.record({ q: coord, r: coord });

describe('axial hex geometry', () => {
  it('the six directions are E, NE, NW, W, SW, SE and each is one hex long', () => {
    expect(HEX_DIRECTIONS.map(hexKey)).toEqual(['1,0', '1,-1', '0,-1', '-1,0', '-1,1', '0,1']);
    for (const d of HEX_DIRECTIONS) expect(hexLength(d.q, d.r)).toBe(1);
  });

  it('distance is the cube distance', () => {
    expect(hexDistance({ q: 0, r: 0 }, { q: 3, r: -3 })).toBe(3);
    expect(hexDistance({ q: 0, r: 0 }, { q: 2, r: 1 })).toBe(3);
    expect(hexDistance({ q: -15, r: 0 }, { q: 15, r: -1 })).toBe(30);
    expect(hexLength(1, 1)).toBe(2);
  });

  it('neighbours are at distance 1 and directionTo finds them', () => {
    const h = { q: 4, r: -2 };
    hexNeighbours(h).forEach((n, i) => {
      expect(hexDistance(h, n)).toBe(1);
      expect(directionTo(h, n)).toBe(i);
    });
    expect(directionTo(h, { q: 6, r: -2 })).toBe(-1);
  });

  it('cubeRound keeps q + r + s = 0 and never returns −0', () => {
    expect(cubeRound(0.4, -0.2, -0.2)).toEqual({ q: 0, r: 0 });
    expect(Object.is(cubeRound(-0.1, 0.05, 0.05).q, -0)).toBe(false);
  });

  it('distance is a metric: symmetric, zero only on itself, triangle inequality', () => {
    fc.assert(
      fc.property(hexArb, hexArb, hexArb, (a, b, c) => {
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, b) === 0).toBe(a.q === b.q && a.r === b.r);
        expect(hexDistance(a, c)).toBeLessThanOrEqual(hexDistance(a, b) + hexDistance(b, c));
      }),
    );
  });
});

describe('hex line with the tie-break', () => {
  it('N = 0 is the hex itself', () => {
    expect(hexLine({ q: 2, r: 3 }, { q: 2, r: 3 })).toEqual([{ q: 2, r: 3 }]);
  });

  it('a straight run along a row passes every hex', () => {
    expect(hexLine({ q: 3, r: -1 }, { q: 6, r: -1 }).map(hexKey)).toEqual(['3,-1', '4,-1', '5,-1', '6,-1']);
  });

  it('a line exactly along a hex edge enters neither neighbour', () => {
    // (0,0) → (1,1): the midpoint sits on the edge between (1,0) and (0,1).
    expect(hexLine({ q: 0, r: 0 }, { q: 1, r: 1 }).map(hexKey)).toEqual(['0,0', '1,1']);
    expect(hexLine({ q: 0, r: 0 }, { q: 2, r: 2 }).map(hexKey)).toEqual(['0,0', '1,1', '2,2']);
    expect(hexLine({ q: 0, r: 0 }, { q: 1, r: -2 }).map(hexKey)).toEqual(['0,0', '1,-2']);
  });

  it('a line off the edges is the usual contiguous line', () => {
    expect(hexLine({ q: 0, r: 0 }, { q: 3, r: 1 }).map(hexKey)).toEqual(['0,0', '1,0', '2,1', '3,1']);
  });

  it('starts at a, ends at b, never more than N + 1 hexes, steps of 1 (or 2 across an edge)', () => {
    fc.assert(
      fc.property(hexArb, hexArb, (a, b) => {
        const line = hexLine(a, b);
        const n = hexDistance(a, b);
        expect(line[0]).toEqual(a);
        expect(line[line.length - 1]).toEqual(b);
        expect(line.length).toBeLessThanOrEqual(n + 1);
        for (let i = 1; i < line.length; i++) {
          const step = hexDistance(line[i - 1] as never, line[i] as never);
          expect(step === 1 || step === 2).toBe(true);
        }
      }),
    );
  });

  it('is the same set both ways (the tie-break is symmetric)', () => {
    fc.assert(
      fc.property(hexArb, hexArb, (a, b) => {
        const there = hexLine(a, b).map(hexKey).sort();
        const back = hexLine(b, a).map(hexKey).sort();
        expect(back).toEqual(there);
      }),
    );
  });

  it('translating both ends translates the line', () => {
    fc.assert(
      fc.property(hexArb, hexArb, hexArb, (a, b, t) => {
        const moved = hexLine(hexAdd(a, t), hexAdd(b, t));
        expect(moved).toEqual(hexLine(a, b).map((h) => hexAdd(h, t)));
      }),
    );
  });
});
