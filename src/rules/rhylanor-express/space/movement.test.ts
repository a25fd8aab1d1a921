import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hexKey, hexLength, hexLine } from '../../../engine/board/hex-grid.ts';
import { pathOf, vectorStep } from './movement.ts';

const ZERO = { q: 0, r: 0 };
const coord = fc.integer({ min: -60, max: 60 });
const hexArb = fc.record({ q: coord, r: coord });
const small = fc.integer({ min: -8, max: 8 });
const vecArb = fc.record({ q: small, r: small });

/** n turns with no thrust: the final position and vector. */
function coast(at: Hex, vel: Hex, worlds: readonly Hex[], turns: number): { at: Hex; vel: Hex } {
  let p = at;
  let v = vel;
  for (let i = 0; i < turns; i++) {
    const s = vectorStep(p, v, ZERO, worlds);
    p = s.to;
    v = s.vel;
  }
  return { at: p, vel: v };
}

describe('vector movement (§6.6), pinned by numbers', () => {
  it("the digest's worked example: world (5,0), ship (3,−1) at (3,0) ends at (6,−1) with (2,2)", () => {
    const s = vectorStep({ q: 3, r: -1 }, { q: 3, r: 0 }, ZERO, [{ q: 5, r: 0 }]);
    expect(s.path.map(hexKey)).toEqual(['3,-1', '4,-1', '5,-1', '6,-1']);
    expect(s.pulls).toEqual([
      { q: 0, r: 1 },
      { q: -1, r: 1 },
    ]);
    expect(s.to).toEqual({ q: 6, r: -1 });
    expect(s.vel).toEqual({ q: 2, r: 2 });
    // The future marker.
    expect({ q: s.to.q + s.vel.q, r: s.to.r + s.vel.r }).toEqual({ q: 8, r: 1 });
  });

  // start, vector, thrust, worlds → end, new vector, hexes passed, world hexes entered
  const table: [Hex, Hex, Hex, Hex[], Hex, Hex, string, number][] = [
    [{ q: 0, r: 0 }, { q: 4, r: 0 }, ZERO, [], { q: 4, r: 0 }, { q: 4, r: 0 }, '0,0 1,0 2,0 3,0 4,0', 0],
    [{ q: 0, r: 0 }, { q: 2, r: 2 }, { q: -1, r: 0 }, [], { q: 2, r: 2 }, { q: 1, r: 2 }, '0,0 1,1 2,2', 0],
    [{ q: 1, r: 0 }, ZERO, ZERO, [ZERO], { q: 1, r: 0 }, { q: -1, r: 0 }, '1,0', 0],
    [
      { q: -3, r: 0 },
      { q: 6, r: 0 },
      ZERO,
      [ZERO],
      { q: 3, r: 0 },
      { q: 6, r: 0 },
      '-3,0 -2,0 -1,0 0,0 1,0 2,0 3,0',
      1,
    ],
    [
      { q: -2, r: 1 },
      { q: 4, r: -2 },
      { q: 0, r: 1 },
      [ZERO],
      { q: 2, r: -1 },
      { q: 4, r: -1 },
      '-2,1 0,0 2,-1',
      1,
    ],
    [
      { q: 0, r: -2 },
      { q: 0, r: 4 },
      ZERO,
      [ZERO],
      { q: 0, r: 2 },
      { q: 0, r: 4 },
      '0,-2 0,-1 0,0 0,1 0,2',
      1,
    ],
    [
      { q: -4, r: 2 },
      { q: 3, r: -1 },
      { q: 1, r: 0 },
      [ZERO, { q: 1, r: 0 }],
      { q: -1, r: 1 },
      { q: 5, r: -2 },
      '-4,2 -3,2 -2,1 -1,1',
      0,
    ],
    [{ q: 2, r: 0 }, ZERO, ZERO, [ZERO], { q: 2, r: 0 }, ZERO, '2,0', 0],
  ];
  it.each(table)('%o + %o, thrust %o, worlds %o', (at, vel, thrust, worlds, to, newVel, path, entered) => {
    const s = vectorStep(at, vel, thrust, worlds);
    expect(s.to).toEqual(to);
    expect(s.vel).toEqual(newVel);
    expect(s.path.map(hexKey).join(' ')).toBe(path);
    expect(s.worldEntered).toHaveLength(entered);
  });

  it('a slingshot round a world, turn by turn', () => {
    const steps: string[] = [];
    let at: Hex = { q: -4, r: 1 };
    let vel: Hex = { q: 2, r: 0 };
    for (let i = 0; i < 5; i++) {
      const s = vectorStep(at, vel, ZERO, [ZERO]);
      steps.push(`${hexKey(s.to)} v${hexKey(s.vel)}`);
      at = s.to;
      vel = s.vel;
    }
    expect(steps).toEqual(['-2,1 v2,0', '0,1 v3,-2', '3,-1 v2,-2', '5,-3 v2,-2', '7,-5 v2,-2']);
  });

  it.each([
    [{ q: -12, r: 1 }, { q: 3, r: 0 }, [ZERO], 10, { q: 24, r: -11 }, { q: 4, r: -2 }],
    [{ q: 0, r: -3 }, { q: 2, r: 0 }, [ZERO], 12, { q: 24, r: -3 }, { q: 2, r: 0 }],
    [{ q: 2, r: 0 }, ZERO, [ZERO], 6, { q: 2, r: 0 }, ZERO],
    [{ q: -10, r: 5 }, { q: 2, r: -1 }, [ZERO, { q: 0, r: 3 }], 20, { q: 30, r: -15 }, { q: 2, r: -1 }],
  ])(
    'coasting from %o at %o past %o for %i turns ends at %o with %o',
    (at, vel, worlds, turns, end, endVel) => {
      expect(coast(at, vel, worlds, turns)).toEqual({ at: end, vel: endVel });
    },
  );
});

describe('vector movement properties', () => {
  it('the path from the cached line of a vector is the hex line itself, anywhere on the map', () => {
    const wide = fc.integer({ min: -30, max: 30 });
    fc.assert(
      fc.property(hexArb, fc.record({ q: wide, r: wide }), (at, v) => {
        const line = hexLine(at, { q: at.q + v.q, r: at.r + v.r });
        // Twice: once computing the line, once from the cache.
        expect(pathOf(at, v.q, v.r)).toEqual(line);
        expect(pathOf(at, v.q, v.r)).toEqual(line);
      }),
      { numRuns: 300 },
    );
    // Beyond the cache's bounds the line is computed directly.
    expect(pathOf(ZERO, 600, -1)).toEqual(hexLine(ZERO, { q: 600, r: -1 }));
  });

  it('with no thrust and no gravity a ship keeps its vector for ever', () => {
    fc.assert(
      fc.property(hexArb, vecArb, fc.integer({ min: 1, max: 30 }), (at, vel, turns) => {
        const end = coast(at, vel, [], turns);
        expect(end.vel).toEqual({ q: vel.q + 0, r: vel.r + 0 });
        expect(end.at).toEqual({ q: at.q + turns * vel.q, r: at.r + turns * vel.r });
      }),
    );
  });

  it('thrust adds to the vector and never moves the ship this turn', () => {
    fc.assert(
      fc.property(hexArb, vecArb, vecArb, (at, vel, thrust) => {
        const s = vectorStep(at, vel, thrust, []);
        expect(s.to).toEqual({ q: at.q + vel.q, r: at.r + vel.r });
        expect(s.vel).toEqual({ q: vel.q + thrust.q + 0, r: vel.r + thrust.r + 0 });
        // The future marker moved by exactly the thrust's length.
        expect(hexLength(s.vel.q - vel.q, s.vel.r - vel.r)).toBe(hexLength(thrust.q, thrust.r));
      }),
    );
  });

  it('inverse thrust next turn restores the vector; reversing the vector retraces the move', () => {
    fc.assert(
      fc.property(hexArb, vecArb, vecArb, (at, vel, thrust) => {
        const one = vectorStep(at, vel, thrust, []);
        const two = vectorStep(one.to, one.vel, { q: -thrust.q, r: -thrust.r }, []);
        expect(two.vel).toEqual({ q: vel.q + 0, r: vel.r + 0 });
        const back = vectorStep(one.to, { q: -vel.q, r: -vel.r }, ZERO, []);
        expect(back.to).toEqual(at);
        // The same hexes, walked the other way.
        expect(back.path.map(hexKey).sort()).toEqual(one.path.map(hexKey).sort());
      }),
    );
  });

  it('gravity pulls one hex per world per counted hex next to it, toward the world', () => {
    fc.assert(
      fc.property(hexArb, vecArb, fc.array(hexArb, { maxLength: 3 }), (at, vel, worlds) => {
        const s = vectorStep(at, vel, ZERO, worlds);
        for (const p of s.pulls) expect(hexLength(p.q, p.r)).toBe(1);
        const sum = s.pulls.reduce((a, p) => ({ q: a.q + p.q, r: a.r + p.r }), { q: 0, r: 0 });
        expect(s.vel).toEqual({ q: vel.q + sum.q + 0, r: vel.r + sum.r + 0 });
        expect(s.path[0]).toEqual(at);
        expect(s.path[s.path.length - 1]).toEqual(s.to);
      }),
    );
  });
});
