import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DX, DY } from '../../../engine/board/square-grid.ts';
import type { Arena, ArenaState, Facing } from './model.ts';
import { type MoveOptions, pathTo, reachable, reachableSquares, stepCost, turnCost } from './movement.ts';
import { testArena, testState } from './test-arenas.ts';

const teamer: MoveOptions = { mover: 'teamer' };
const threat: MoveOptions = { mover: 'threat' };
const N = 0 as Facing;
const E = 2 as Facing;
const S = 4 as Facing;

function cost(
  arena: Arena,
  state: ArenaState,
  from: [number, number],
  to: [number, number],
  facing: Facing,
  o = teamer,
) {
  return stepCost(arena, state, { x: from[0], y: from[1] }, { x: to[0], y: to[1] }, facing, o)?.cost ?? null;
}

describe('step costs (§9.2)', () => {
  it('orthogonal and diagonal steps on open floor cost 1; difficult diagonals 2', () => {
    const a = testArena();
    const s = testState(a);
    expect(cost(a, s, [2, 2], [2, 1], N)).toBe(1);
    expect(cost(a, s, [2, 2], [3, 1], N)).toBe(1);
    expect(cost(a, s, [2, 2], [3, 2], N)).toBe(1);
    expect(
      stepCost(a, s, { x: 2, y: 2 }, { x: 3, y: 1 }, N, { mover: 'teamer', diagonalsCostTwo: true })?.cost,
    ).toBe(2);
    expect(cost(a, s, [2, 2], [4, 2], N)).toBeNull(); // not a neighbour
    expect(cost(a, s, [2, 2], [2, 2], N)).toBeNull();
  });

  it('the diagonal flank rule: one prohibited flank costs 2, two forbid the step', () => {
    // A FULL obstacle east of (2,2): going NE from (2,2) round by (2,1) costs 2.
    const a = testArena({ obstacles: [{ x: 3, y: 2, height: 'full' }] });
    const s = testState(a);
    const r = stepCost(a, s, { x: 2, y: 2 }, { x: 3, y: 1 }, N, teamer);
    expect(r).toMatchObject({ cost: 2, roundFlank: true, diagonal: true });
    // Both flanks FULL: no diagonal at all.
    const b = testArena({
      obstacles: [
        { x: 3, y: 2, height: 'full' },
        { x: 2, y: 1, height: 'full' },
      ],
    });
    expect(cost(b, testState(b), [2, 2], [3, 1], N)).toBeNull();
    // Two Teamers in a flank prohibit it for a Teamer; one Teamer does not (he may be passed).
    expect(cost(a, testState(a, { teamers: [[2, 1]] }), [2, 2], [3, 1], N)).toBe(2);
    expect(
      cost(
        a,
        testState(a, {
          teamers: [
            [2, 1],
            [2, 1],
          ],
        }),
        [2, 2],
        [3, 1],
        N,
      ),
    ).toBeNull();
    // A Threat in a flank prohibits it for a Teamer; any Teamer prohibits it for a Threat.
    expect(cost(a, testState(a, { threats: [[2, 1]] }), [2, 2], [3, 1], N)).toBeNull();
    const open = testArena();
    expect(cost(open, testState(open, { teamers: [[2, 1]] }), [2, 2], [3, 1], N, threat)).toBe(2);
    // LOW and HIGH obstacles are climbable, so they do not prohibit a flank.
    const low = testArena({ obstacles: [{ x: 3, y: 2, height: 'high' }] });
    expect(cost(low, testState(low), [2, 2], [3, 1], N)).toBe(1);
  });

  it('the booklet captions: 1-man square may be passed (2 with a flank), climbing 2/3, obstacle to obstacle 1, off 1', () => {
    const a = testArena({
      obstacles: [
        { x: 2, y: 2, height: 'low' },
        { x: 3, y: 2, height: 'low' },
      ],
    });
    const s = testState(a);
    expect(cost(a, s, [2, 1], [2, 2], S)).toBe(2); // orthogonal onto a LOW obstacle
    expect(cost(a, s, [1, 1], [2, 2], S)).toBe(3); // diagonal onto it
    expect(cost(a, s, [2, 2], [3, 2], E)).toBe(1); // obstacle to obstacle, same level
    const off = stepCost(a, s, { x: 2, y: 2 }, { x: 2, y: 3 }, S, teamer);
    expect(off).toMatchObject({ cost: 1, stepsDown: true, climb: false });
    expect(
      stepCost(a, s, { x: 2, y: 2 }, { x: 2, y: 3 }, S, { mover: 'teamer', offObstacleSurcharge: 1 })?.cost,
    ).toBe(2);
    expect(
      stepCost(a, s, { x: 2, y: 2 }, { x: 2, y: 3 }, S, { mover: 'threat', offObstacleSurcharge: 1 })?.cost,
    ).toBe(1);
    // Diagonal climb with one flank prohibited: penalties add, 4.
    const b = testArena({
      obstacles: [
        { x: 2, y: 2, height: 'high' },
        { x: 1, y: 2, height: 'full' },
      ],
    });
    expect(cost(b, testState(b), [1, 1], [2, 2], S)).toBe(4);
  });

  it('FULL obstacles and machines cannot be entered', () => {
    const a = testArena({ obstacles: [{ x: 2, y: 1, height: 'full' }] });
    expect(cost(a, testState(a), [2, 2], [2, 1], N)).toBeNull();
    const open = testArena();
    expect(cost(open, testState(open, { machines: [[2, 1]] }), [2, 2], [2, 1], N)).toBeNull();
  });
});

describe('facing, the front arc and backward steps (§9.3)', () => {
  it('a forward step turns the figure along it; a step into the rear arc costs double and keeps the facing', () => {
    const a = testArena();
    const s = testState(a);
    expect(stepCost(a, s, { x: 2, y: 2 }, { x: 3, y: 2 }, N, teamer)).toMatchObject({
      cost: 1,
      facing: 2,
      backward: false,
    });
    expect(stepCost(a, s, { x: 2, y: 2 }, { x: 2, y: 3 }, N, teamer)).toMatchObject({
      cost: 2,
      facing: 0,
      backward: true,
    });
    expect(stepCost(a, s, { x: 2, y: 2 }, { x: 3, y: 3 }, N, teamer)).toMatchObject({
      cost: 2,
      backward: true,
    });
    // Threats are not bound by the front arc.
    expect(stepCost(a, s, { x: 2, y: 2 }, { x: 2, y: 3 }, N, threat)).toMatchObject({
      cost: 1,
      backward: false,
    });
    // Backward climbing doubles the whole step.
    const low = testArena({ obstacles: [{ x: 2, y: 3, height: 'low' }] });
    expect(cost(low, testState(low), [2, 2], [2, 3], N)).toBe(4);
  });

  it('turning on the spot costs a Teamer 1 point, a Threat nothing', () => {
    expect(turnCost('teamer')).toBe(1);
    expect(turnCost('threat')).toBe(0);
    // Backward climb 4, or turn (1) then climb forward (2) = 3: reachable finds the turn.
    const low = testArena({ obstacles: [{ x: 2, y: 3, height: 'low' }] });
    const r = reachable(low, testState(low), { x: 2, y: 2 }, N, 3, teamer);
    expect(r.cost[3 * low.width + 2]).toBe(3);
    const path = pathTo(r, 3 * low.width + 2);
    // A turn on the spot (to any facing from which south is in the front arc), then the climb.
    expect(path?.map((p) => p.square)).toEqual([12, 12, 17]);
    expect(path?.map((p) => p.spent)).toEqual([0, 1, 3]);
    expect(path?.[2]?.facing).toBe(4);
  });
});

describe('walls and doors', () => {
  // Two tiles side by side; a narrow door on the middle of their shared edge (between (4,2) and (5,2)).
  const two = testArena({ cols: 2, doors: [{ id: 'd', x: 4, y: 2, side: 'e' }] });

  it('a bulkhead between tiles blocks every step; a closed door too', () => {
    const s = testState(two);
    expect(cost(two, s, [4, 1], [5, 1], E)).toBeNull();
    expect(cost(two, s, [4, 2], [5, 2], E)).toBeNull();
  });

  it('an open door is crossed orthogonally only', () => {
    const s = testState(two, { open: ['d'] });
    expect(cost(two, s, [4, 2], [5, 2], E)).toBe(1);
    expect(cost(two, s, [4, 2], [5, 1], E)).toBeNull();
    expect(cost(two, s, [4, 1], [5, 2], E)).toBeNull();
    expect(cost(two, s, [4, 3], [5, 2], E)).toBeNull();
  });

  it('a hole in a closed door lets Threats through, never Teamers', () => {
    const s = testState(two);
    s.holes[two.doors[0]?.firstSide as number] = 1;
    expect(cost(two, s, [4, 2], [5, 2], E, threat)).toBe(1);
    expect(cost(two, s, [4, 2], [5, 2], E, teamer)).toBeNull();
  });

  it('a wall inside a tile blocks orthogonal steps and diagonals that would need to go round it', () => {
    const a = testArena({ walls: [{ x: 2, y: 2, side: 'n' }] });
    const s = testState(a);
    expect(cost(a, s, [2, 2], [2, 1], N)).toBeNull();
    expect(cost(a, s, [2, 1], [2, 2], S)).toBeNull();
    // Diagonal (2,2)→(3,1): round by (2,1) crosses the wall, round by (3,2) is open: 2.
    expect(cost(a, s, [2, 2], [3, 1], N)).toBe(2);
  });
});

describe('square capacity and figures (§4, §9.2)', () => {
  const a = testArena();

  it('a Teamer may enter or pass a square with one Teamer, never one with two or with a Threat', () => {
    expect(cost(a, testState(a, { teamers: [[2, 1]] }), [2, 2], [2, 1], N)).toBe(1);
    expect(
      cost(
        a,
        testState(a, {
          teamers: [
            [2, 1],
            [2, 1],
          ],
        }),
        [2, 2],
        [2, 1],
        N,
      ),
    ).toBeNull();
    expect(cost(a, testState(a, { threats: [[2, 1]] }), [2, 2], [2, 1], N)).toBeNull();
    // Passing through: with one Teamer in (2,1), (2,0) is reached in 2.
    const r = reachable(
      a,
      testState(a, {
        teamers: [
          [2, 2],
          [2, 1],
        ],
      }),
      { x: 2, y: 2 },
      N,
      2,
      teamer,
    );
    expect(r.cost[2]).toBe(2);
  });

  it('a Threat may end in a square with one Teamer but not pass through it, and never joins a Threat', () => {
    const s = testState(a, { threats: [[2, 4]], teamers: [[2, 3]] });
    expect(stepCost(a, s, { x: 2, y: 4 }, { x: 2, y: 3 }, N, threat)).toMatchObject({
      cost: 1,
      endOnly: true,
    });
    // A corridor: walls left and right of column 2 from row 1 to 3, so the Threat must go through (2,3).
    const corridor = testArena({
      walls: [1, 2, 3].flatMap((y) => [
        { x: 2, y, side: 'w' as const },
        { x: 2, y, side: 'e' as const },
      ]),
    });
    const cs = testState(corridor, { threats: [[2, 4]], teamers: [[2, 3]] });
    const r = reachable(corridor, cs, { x: 2, y: 4 }, N, 6, threat);
    expect(r.cost[3 * 5 + 2]).toBe(1);
    expect(r.endOnly[3 * 5 + 2]).toBe(1);
    expect(r.cost[2 * 5 + 2]).toBe(-1);
    expect(
      cost(
        a,
        testState(a, {
          threats: [
            [2, 4],
            [2, 3],
          ],
        }),
        [2, 4],
        [2, 3],
        N,
        threat,
      ),
    ).toBeNull();
  });

  it('the mover itself never blocks its own square (moverAt)', () => {
    const s = testState(a, {
      teamers: [
        [2, 2],
        [2, 2],
      ],
    });
    const r = reachable(a, s, { x: 2, y: 2 }, N, 2, teamer);
    expect(r.cost[2 * 5 + 2]).toBe(0);
    expect(r.cost[1 * 5 + 2]).toBe(1);
    // Going out and back into the start square: the other Teamer is still there, there is room.
    expect(
      stepCost(a, s, { x: 2, y: 1 }, { x: 2, y: 2 }, S, { mover: 'teamer', moverAt: 2 * 5 + 2 })?.cost,
    ).toBe(1);
  });
});

describe('half and quarter obstacles (§4)', () => {
  // A HIGH half obstacle filling the north half of (2,2).
  const a = testArena({ obstacles: [{ x: 2, y: 2, height: 'high', part: 'half', at: 'n' }] });

  it('is entered beside the obstacle, never across the blocked half nor diagonally from that side', () => {
    const s = testState(a);
    expect(cost(a, s, [2, 1], [2, 2], S)).toBeNull(); // across the blocked half
    expect(cost(a, s, [1, 2], [2, 2], E)).toBe(1); // from the west, no climbing
    expect(cost(a, s, [2, 3], [2, 2], N)).toBe(1); // from the south
    expect(cost(a, s, [1, 1], [2, 2], S)).toBeNull(); // diagonally from the blocked side
    expect(cost(a, s, [1, 3], [2, 2], N)).toBe(1); // diagonally from the open side
    expect(cost(a, s, [2, 2], [2, 1], N)).toBeNull(); // leaving across it
  });

  it('holds one figure', () => {
    expect(a.capacity[2 * 5 + 2]).toBe(1);
    expect(cost(a, testState(a, { teamers: [[2, 2]] }), [1, 2], [2, 2], E)).toBeNull();
  });

  it('a quarter closes only its corner', () => {
    const q = testArena({ obstacles: [{ x: 2, y: 2, height: 'low', part: 'quarter', at: 'ne' }] });
    const s = testState(q);
    expect(cost(q, s, [2, 1], [2, 2], S)).toBe(1);
    expect(cost(q, s, [3, 1], [2, 2], S)).toBeNull();
    expect(cost(q, s, [1, 1], [2, 2], S)).toBe(1);
    // It also closes that corner as a flank: (1,1)→... (3,1)→(2,2) gone; (2,1)→(3,2) rounds by (3,1) only.
    expect(cost(q, s, [2, 1], [3, 2], E)).toBe(2);
  });
});

describe('reachable (Dijkstra over square and facing)', () => {
  it('on open floor a Teamer facing north reaches the squares in front by king steps', () => {
    const a = testArena();
    const r = reachable(a, testState(a, { teamers: [[2, 4]] }), { x: 2, y: 4 }, N, 2, teamer);
    expect(r.cost[2 * 5 + 2]).toBe(2);
    expect(r.cost[2 * 5 + 0]).toBe(2);
    expect(r.cost[4 * 5 + 0]).toBe(2); // sideways steps are forward steps
    expect(r.cost[1 * 5 + 2]).toBe(-1); // three king steps away
    expect(reachableSquares(r)).toHaveLength(15);
    expect(r.facing[2 * 5 + 2]).toBe(0);
    expect(r.facing[4 * 5 + 0]).toBe(6);
  });

  it('costs agree with a brute-force relaxation over stepCost and turnCost on random arenas', () => {
    const square = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 4 }));
    const obstacle = fc.record({
      at: square,
      height: fc.constantFrom('low' as const, 'high' as const, 'full' as const),
      part: fc.constantFrom('whole' as const, 'whole' as const, 'half' as const, 'quarter' as const),
      side: fc.constantFrom('n' as const, 'e' as const, 's' as const, 'w' as const),
      corner: fc.constantFrom('ne' as const, 'se' as const, 'sw' as const, 'nw' as const),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(obstacle, { maxLength: 14, selector: (o) => o.at.join() }),
        fc.array(square, { maxLength: 6 }),
        fc.array(square, { maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('teamer' as const, 'threat' as const),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (obstacles, teamers, threats, doorOpen, mover, facing, allowance, difficult) => {
          const arena = testArena({
            cols: 2,
            doors: [{ id: 'd', x: 4, y: 2, side: 'e' }],
            obstacles: obstacles.map((o) => ({
              x: o.at[0],
              y: o.at[1],
              height: o.height,
              part: o.part,
              ...(o.part === 'half' ? { at: o.side } : o.part === 'quarter' ? { at: o.corner } : {}),
            })),
          });
          const state = testState(arena, { teamers, threats, open: doorOpen ? ['d'] : [] });
          const start = 2 * arena.width + 1;
          if (arena.capacity[start] === 0) return;
          const options: MoveOptions = { mover, diagonalsCostTwo: difficult, moverAt: -1 };
          const f0 = (mover === 'teamer' ? facing : 0) as Facing;
          const r = reachable(arena, state, { x: 1, y: 2 }, f0, allowance, options);
          // Brute force: relax every edge until nothing changes.
          const INF = 1e9;
          const dist = new Array<number>(arena.size * 8).fill(INF);
          dist[start * 8 + f0] = 0;
          let changed = true;
          while (changed) {
            changed = false;
            for (let s = 0; s < dist.length; s++) {
              const d = dist[s] as number;
              if (d >= INF) continue;
              const i = s >> 3;
              const f = (s & 7) as Facing;
              if (i !== start && r.endOnly[i] === 1) continue;
              const from = { x: i % arena.width, y: Math.floor(i / arena.width) };
              for (let dir = 0; dir < 8; dir++) {
                const to = { x: from.x + (DX[dir] as number), y: from.y + (DY[dir] as number) };
                const st = stepCost(arena, state, from, to, f, options);
                if (!st) continue;
                const ns = (to.y * arena.width + to.x) * 8 + (mover === 'teamer' ? st.facing : 0);
                if (d + st.cost < (dist[ns] as number) && d + st.cost <= allowance) {
                  dist[ns] = d + st.cost;
                  changed = true;
                }
              }
              if (mover === 'teamer')
                for (let nf = 0; nf < 8; nf++) {
                  const ns = i * 8 + nf;
                  if (d + 1 < (dist[ns] as number) && d + 1 <= allowance) {
                    dist[ns] = d + 1;
                    changed = true;
                  }
                }
            }
          }
          for (let i = 0; i < arena.size; i++) {
            let m = INF;
            for (let f = 0; f < 8; f++) m = Math.min(m, dist[i * 8 + f] as number);
            expect(r.cost[i]).toBe(m >= INF ? -1 : m);
            const path = pathTo(r, i);
            if (m < INF) {
              // The path is made of legal steps and turns whose costs add up.
              expect(path?.[path.length - 1]?.spent).toBe(m);
              expect(path?.[0]?.square).toBe(start);
            } else expect(path).toBeNull();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
