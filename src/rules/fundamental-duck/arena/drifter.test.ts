import { describe, expect, it } from 'vitest';
import { defaultPack, packArena } from '../data/pack.ts';
import { buildArena, type Facing, newArenaState } from './model.ts';
import { pathTo, reachable } from './movement.ts';
import { lineOfFire, lineOfSight, visibleSquares } from './sight.ts';

/** Scripted expectations on the shipped Drifter Mary Rose (digest §24.5). */
const arena = buildArena(packArena(defaultPack), defaultPack);
const at = (x: number, y: number) => y * arena.width + x;
const doorIndex = (id: string) => arena.doors.findIndex((d) => d.id === id);
const E = 2 as Facing;

describe('the Drifter Mary Rose', () => {
  it('from the airlock, a Teamer stays in the Entry Corridor while the Hub door is shut', () => {
    const state = newArenaState(arena);
    const r = reachable(arena, state, { x: 0, y: 7 }, E, 5, { mover: 'teamer' });
    expect(r.cost[at(4, 7)]).toBe(4);
    expect(r.cost[at(5, 7)]).toBe(-1);
    expect(
      [...r.cost].every((c, i) => c < 0 || arena.tiles[arena.tileOf[i] as number]?.type === 'Entry Corridor'),
    ).toBe(true);
  });

  it('with the door open he steps through it orthogonally into the Hub', () => {
    const state = newArenaState(arena);
    state.doorOpen[doorIndex('door-01-11')] = 1;
    const r = reachable(arena, state, { x: 0, y: 7 }, E, 5, { mover: 'teamer' });
    expect(r.cost[at(5, 7)]).toBe(5);
    expect(r.cost[at(5, 6)]).toBe(-1); // 6 needed: the door is crossed straight
    const path = pathTo(r, at(5, 7))?.map((s) => s.square);
    expect(path?.[0]).toBe(at(0, 7));
    expect(path?.slice(-2)).toEqual([at(4, 7), at(5, 7)]);
  });

  it('sight through the Hub door only while it is open', () => {
    const state = newArenaState(arena);
    expect(lineOfSight(arena, state, { x: 2, y: 7 }, { x: 8, y: 7 }).blockedBy).toEqual({
      kind: 'door',
      at: { x: 5, y: 7 },
    });
    state.doorOpen[doorIndex('door-01-11')] = 1;
    expect(lineOfSight(arena, state, { x: 2, y: 7 }, { x: 8, y: 7 }).clear).toBe(true);
    // From beside the door, a slanting look goes through the doorway only while it crosses the
    // tile edge within the door side (y 7–8).
    const seen = visibleSquares(arena, state, { x: 4, y: 7 }, { facing: E });
    expect(seen[at(9, 7)]).toBe(1);
    expect(seen[at(7, 5)]).toBe(1); // crosses the edge at y ≈ 7.17
    expect(seen[at(6, 5)]).toBe(1); // exactly through the door side's end: one way round is open
    expect(seen[at(5, 5)]).toBe(0); // crosses the edge at y = 6.5, on the bulkhead
    expect(seen[at(2, 7)]).toBe(0); // behind him
    expect(seen[at(7, 3)]).toBe(0); // the Cargo Bay
  });

  it('the Hub’s LOW crates block fire, not sight; the black-top bulkheads block both', () => {
    const state = newArenaState(arena);
    expect(lineOfSight(arena, state, { x: 5, y: 6 }, { x: 9, y: 6 }).clear).toBe(true);
    expect(lineOfFire(arena, state, { x: 5, y: 6 }, { x: 9, y: 6 }).blockedBy).toEqual({
      kind: 'obstacle',
      at: { x: 8, y: 6 },
    });
    expect(lineOfSight(arena, state, { x: 6, y: 12 }, { x: 8, y: 12 }).blockedBy).toEqual({
      kind: 'obstacle',
      at: { x: 7, y: 12 },
    });
  });

  it('a Harpy (1 d6, no facing) reaches a Teamer round the reactor core', () => {
    const state = newArenaState(arena);
    state.threats[at(12, 13)] = 1;
    const r = reachable(arena, state, { x: 12, y: 13 }, 0 as Facing, 4, { mover: 'threat' });
    // Round the FULL core at (12,12): two diagonals each with one flank prohibited (2 + 2), or
    // four orthogonal steps.
    expect(r.cost[at(12, 11)]).toBe(4);
    expect(r.cost[at(11, 12)]).toBe(2);
    expect(r.cost[at(12, 12)]).toBe(-1);
  });
});
