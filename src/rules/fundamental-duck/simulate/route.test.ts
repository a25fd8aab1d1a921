import { describe, expect, it } from 'vitest';
import { arenaFor } from '../board-adapter.ts';
import { defaultPack } from '../data/pack.ts';
import { rulesFromPack } from '../rules-data.ts';
import { routeField } from './route.ts';

const arena = arenaFor(rulesFromPack(defaultPack), defaultPack.defaultArena);
const sq = (x: number, y: number) => y * arena.width + x;
/** The Drifter's door between (2,4) and (2,5), in a wall along the line between rows 4 and 5. */
const DOOR = arena.doors.findIndex((d) => d.sides.some((s) => s.a === sq(2, 4) && s.b === sq(2, 5)));

describe('the policy route field', () => {
  it('counts steps with the rules step geometry: a door is crossed straight, never on a diagonal', () => {
    expect(DOOR).toBeGreaterThanOrEqual(0);
    const f = routeField(arena, sq(2, 5));
    expect(f[sq(2, 5)]).toBe(0);
    expect(f[sq(1, 5)]).toBe(1);
    expect(f[sq(2, 4)]).toBe(1);
    // (1,4) is a king step from (2,5), but the wall and the door between them forbid the diagonal.
    expect(f[sq(1, 4)]).toBe(2);
    // The same field is handed back (built once per arena and goal).
    expect(routeField(arena, sq(2, 5))).toBe(f);
  });

  it('goes round a door stuck shut', () => {
    const open = routeField(arena, sq(2, 5));
    const stuck = routeField(arena, sq(2, 5), [DOOR]);
    expect(stuck).not.toBe(open);
    const via = stuck[sq(2, 4)] as number;
    expect(via === -1 || via > 3).toBe(true);
    // South of the wall nothing changes.
    expect(stuck[sq(1, 5)]).toBe(1);
  });
});
