import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Facing } from './model.ts';
import { hasLineOfSight, isVisible, lineOfFire, lineOfSight, lineOfThrow, visibleSquares } from './sight.ts';
import { testArena, testState } from './test-arenas.ts';

const sq = (x: number, y: number) => ({ x, y });

describe('the line method (§10.1): centre to centre, supercover, corners both ways', () => {
  it('open floor is clear both ways, any angle', () => {
    const a = testArena({ cols: 2, rows: 2 });
    const s = testState(a);
    expect(lineOfSight(a, s, sq(0, 0), sq(4, 3)).clear).toBe(true);
    expect(lineOfSight(a, s, sq(1, 1), sq(1, 1)).clear).toBe(true);
  });

  it('a bulkhead between tiles blocks; the report names the wall and the square beyond it', () => {
    const a = testArena({ cols: 2 });
    const r = lineOfSight(a, testState(a), sq(3, 1), sq(6, 1));
    expect(r).toEqual({ clear: false, blockedBy: { kind: 'wall', at: { x: 5, y: 1 } } });
  });

  it('a closed door blocks, an open one does not, even crossed at a slant', () => {
    const a = testArena({ cols: 2, doors: [{ id: 'd', x: 4, y: 2, side: 'e' }] });
    expect(lineOfSight(a, testState(a), sq(2, 2), sq(7, 2)).blockedBy).toEqual({
      kind: 'door',
      at: { x: 5, y: 2 },
    });
    const open = testState(a, { open: ['d'] });
    expect(lineOfSight(a, open, sq(2, 2), sq(7, 2)).clear).toBe(true);
    // From (3,1) to (6,3) the line crosses the tile edge at y = 2.5, inside the door side.
    expect(lineOfSight(a, open, sq(3, 1), sq(6, 3)).clear).toBe(true);
    // From (4,0) to (6,1) it crosses the edge at y = 0.75, on the bulkhead beside the door.
    expect(lineOfSight(a, open, sq(4, 0), sq(6, 1)).blockedBy).toEqual({ kind: 'wall', at: { x: 5, y: 0 } });
  });

  it('HIGH obstacles block sight, LOW ones only fire; thrown weapons pass LOW', () => {
    const a = testArena({
      obstacles: [
        { x: 2, y: 1, height: 'high' },
        { x: 2, y: 3, height: 'low' },
      ],
    });
    const s = testState(a);
    expect(lineOfSight(a, s, sq(0, 1), sq(4, 1)).blockedBy).toEqual({ kind: 'obstacle', at: { x: 2, y: 1 } });
    expect(lineOfSight(a, s, sq(0, 3), sq(4, 3)).clear).toBe(true);
    expect(lineOfFire(a, s, sq(0, 3), sq(4, 3)).blockedBy).toEqual({ kind: 'obstacle', at: { x: 2, y: 3 } });
    expect(lineOfThrow(a, s, sq(0, 3), sq(4, 3)).clear).toBe(true);
    expect(lineOfThrow(a, s, sq(0, 1), sq(4, 1)).clear).toBe(false);
  });

  it('the end squares never block (a figure on an obstacle sees and is seen)', () => {
    const a = testArena({
      obstacles: [
        { x: 0, y: 0, height: 'high' },
        { x: 4, y: 4, height: 'high' },
      ],
    });
    expect(lineOfSight(a, testState(a), sq(0, 0), sq(4, 4)).clear).toBe(true);
  });

  it('a line through a corner is blocked only when both ways round are', () => {
    // (0,0) → (2,2) passes the corners (1,1) and (2,2) of the grid exactly.
    const one = testArena({ obstacles: [{ x: 1, y: 0, height: 'high' }] });
    expect(lineOfSight(one, testState(one), sq(0, 0), sq(2, 2)).clear).toBe(true);
    const both = testArena({
      obstacles: [
        { x: 1, y: 0, height: 'high' },
        { x: 0, y: 1, height: 'full' },
      ],
    });
    expect(lineOfSight(both, testState(both), sq(0, 0), sq(2, 2)).blockedBy).toEqual({
      kind: 'obstacle',
      at: { x: 1, y: 0 },
    });
    // A wall ending at the corner point: the line slips by on the other side.
    const wall = testArena({ walls: [{ x: 0, y: 0, side: 'e' }] });
    expect(lineOfSight(wall, testState(wall), sq(0, 0), sq(2, 2)).clear).toBe(true);
    const corner = testArena({
      walls: [
        { x: 0, y: 0, side: 'e' },
        { x: 0, y: 1, side: 'e' },
        { x: 1, y: 1, side: 'n' },
      ],
    });
    // Both ways round now cross a wall.
    expect(lineOfSight(corner, testState(corner), sq(0, 0), sq(2, 2)).clear).toBe(false);
    // Tiles meeting at a corner: bulkheads on every way round.
    const four = testArena({ cols: 2, rows: 2 });
    expect(lineOfSight(four, testState(four), sq(4, 4), sq(5, 5)).blockedBy?.kind).toBe('wall');
  });

  it('half and quarter obstacles block only where the line passes through the part they fill', () => {
    const a = testArena({ obstacles: [{ x: 2, y: 2, height: 'high', part: 'half', at: 'n' }] });
    const s = testState(a);
    expect(lineOfSight(a, s, sq(0, 2), sq(4, 2)).clear).toBe(true); // along the half's edge
    expect(lineOfSight(a, s, sq(0, 1), sq(4, 3)).blockedBy).toEqual({ kind: 'obstacle', at: { x: 2, y: 2 } });
    expect(lineOfSight(a, s, sq(2, 0), sq(2, 4)).clear).toBe(false); // straight through it
    const q = testArena({ obstacles: [{ x: 2, y: 2, height: 'high', part: 'quarter', at: 'nw' }] });
    expect(lineOfSight(q, testState(q), sq(2, 0), sq(2, 4)).clear).toBe(true); // along the quarter's edge
    expect(lineOfSight(q, testState(q), sq(1, 1), sq(3, 3)).clear).toBe(false); // through the centre corner
    // A quarter at the corner a line slips past blocks that way round only.
    const flank = testArena({
      obstacles: [
        { x: 1, y: 0, height: 'high', part: 'quarter', at: 'sw' },
        { x: 0, y: 1, height: 'high' },
      ],
    });
    expect(lineOfSight(flank, testState(flank), sq(0, 0), sq(2, 2)).clear).toBe(false);
    const away = testArena({
      obstacles: [
        { x: 1, y: 0, height: 'high', part: 'quarter', at: 'ne' },
        { x: 0, y: 1, height: 'high' },
      ],
    });
    expect(lineOfSight(away, testState(away), sq(0, 0), sq(2, 2)).clear).toBe(true);
  });
});

describe('figures and -DUCK! (§10.1, §10.2)', () => {
  const a = testArena();

  it('figures never block sight', () => {
    expect(
      lineOfSight(a, testState(a, { threats: [[2, 2]], teamers: [[1, 2]] }), sq(0, 2), sq(4, 2)).clear,
    ).toBe(true);
  });

  it('a Threat in the way blocks fire; a standing Teamer may -DUCK!; a ducked one is shot over', () => {
    expect(lineOfFire(a, testState(a, { threats: [[2, 2]] }), sq(0, 2), sq(4, 2)).blockedBy).toEqual({
      kind: 'figure',
      at: { x: 2, y: 2 },
    });
    const two = lineOfFire(
      a,
      testState(a, {
        teamers: [
          [1, 2],
          [3, 2],
        ],
      }),
      sq(0, 2),
      sq(4, 2),
    );
    expect(two).toEqual({
      clear: false,
      blockedBy: { kind: 'duck', at: { x: 1, y: 2 } },
      duckers: [sq(1, 2), sq(3, 2)],
    });
    expect(lineOfFire(a, testState(a, { ducked: [[1, 2]] }), sq(0, 2), sq(4, 2)).clear).toBe(true);
  });

  it('a Threat behind the Teamers makes the line blocked by the figure, whatever ducks', () => {
    const r = lineOfFire(a, testState(a, { teamers: [[1, 2]], threats: [[3, 2]] }), sq(0, 2), sq(4, 2));
    expect(r.blockedBy).toEqual({ kind: 'figure', at: { x: 3, y: 2 } });
  });

  it('flamers and shotguns never fire past a figure, ducked or not', () => {
    const s = testState(a, { ducked: [[2, 2]] });
    expect(lineOfFire(a, s, sq(0, 2), sq(4, 2), { firesPastFigures: false }).blockedBy?.kind).toBe('figure');
  });

  it("Teamers do not duck for a Threat's shot", () => {
    const s = testState(a, { teamers: [[2, 2]] });
    expect(lineOfFire(a, s, sq(0, 2), sq(4, 2), { shooter: 'threat' }).blockedBy?.kind).toBe('figure');
  });

  it('throws pass over figures', () => {
    expect(lineOfThrow(a, testState(a, { threats: [[2, 2]] }), sq(0, 2), sq(4, 2)).clear).toBe(true);
  });

  it('at a corner, a duckable Teamer on one way round and a wall on the other: he ducks', () => {
    const w = testArena({ walls: [{ x: 0, y: 1, side: 'n' }] }); // blocks the way round by (0,1)
    const r = lineOfFire(w, testState(w, { teamers: [[1, 0]] }), sq(0, 0), sq(2, 2));
    expect(r.blockedBy?.kind).toBe('duck');
    expect(r.duckers).toEqual([sq(1, 0)]);
  });
});

describe('visibility (front arc and sight)', () => {
  it('a square behind the viewer is not visible; exactly sideways is', () => {
    const a = testArena();
    const s = testState(a);
    expect(isVisible(a, s, sq(2, 2), 0 as Facing, sq(2, 0))).toBe(true);
    expect(isVisible(a, s, sq(2, 2), 0 as Facing, sq(4, 2))).toBe(true);
    expect(isVisible(a, s, sq(2, 2), 0 as Facing, sq(2, 4))).toBe(false);
  });

  it('visibleSquares stops at walls and respects the arc and a range limit', () => {
    const a = testArena({ cols: 2, doors: [{ id: 'd', x: 4, y: 2, side: 'e' }] });
    const closed = visibleSquares(a, testState(a), sq(2, 2));
    expect([...closed].filter((v) => v === 1)).toHaveLength(25);
    const open = visibleSquares(a, testState(a, { open: ['d'] }), sq(2, 2));
    expect(open[2 * a.width + 9]).toBe(1);
    const arc = visibleSquares(a, testState(a), sq(2, 2), { facing: 2 as Facing });
    expect([...arc].filter((v) => v === 1)).toHaveLength(15);
    const near = visibleSquares(a, testState(a), sq(2, 2), { maxRange: 1 });
    expect([...near].filter((v) => v === 1)).toHaveLength(9);
  });

  it('sight is symmetric on random arenas', () => {
    const square = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            at: square,
            height: fc.constantFrom('low' as const, 'high' as const, 'full' as const),
            part: fc.constantFrom('whole' as const, 'half' as const, 'quarter' as const),
            side: fc.constantFrom('n' as const, 'e' as const, 's' as const, 'w' as const),
            corner: fc.constantFrom('ne' as const, 'se' as const, 'sw' as const, 'nw' as const),
          }),
          { maxLength: 20, selector: (o) => o.at.join() },
        ),
        fc.array(fc.record({ at: square, side: fc.constantFrom('n' as const, 'e' as const) }), {
          maxLength: 10,
        }),
        square,
        square,
        fc.array(square, { maxLength: 4 }),
        fc.boolean(),
        (obstacles, walls, p, q, machines, open) => {
          const a = testArena({
            cols: 2,
            rows: 2,
            doors: [
              { id: 'e', x: 4, y: 2, side: 'e' },
              { id: 'c', x: 1, y: 4, side: 's', kind: 'cargo' },
            ],
            walls: walls.map((w) => ({ x: w.at[0], y: w.at[1], side: w.side })),
            obstacles: obstacles.map((o) => ({
              x: o.at[0],
              y: o.at[1],
              height: o.height,
              part: o.part,
              ...(o.part === 'half' ? { at: o.side } : o.part === 'quarter' ? { at: o.corner } : {}),
            })),
          });
          const s = testState(a, { machines, open: open ? ['e', 'c'] : ['e'] });
          const from = sq(p[0], p[1]);
          const to = sq(q[0], q[1]);
          const seen = lineOfSight(a, s, from, to).clear;
          expect(lineOfSight(a, s, to, from).clear).toBe(seen);
          // The inlined fast path agrees with the general walker (a throw's line blocks on exactly
          // what sight does when no figure is about, and lineOfSight itself asks the fast path first).
          const general = lineOfThrow(a, s, from, to);
          expect(hasLineOfSight(a, s, from.x, from.y, to.x, to.y)).toBe(general.clear);
          // …and names the same blocker.
          expect(lineOfSight(a, s, from, to)).toEqual(general);
          expect(lineOfFire(a, s, from, to).clear).toBe(lineOfFire(a, s, to, from).clear);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
