import { type Arena, type ArenaDoor, type Facing, newArenaState } from '../arena/model.ts';
import { stepCost } from '../arena/movement.ts';

/**
 * The policy's way finding: for a goal square, how many steps every square is from it, with the
 * rules' own step geometry (`stepCost`: walls, obstacles, doors crossed only orthogonally) on the
 * arena with every door open and nobody in it. A shut door on the way is one the Team opens when it
 * gets there; figures move. The board's 13.2 distance is not enough here: it lets a diagonal cut
 * through a door that the rules allow only straight, and the Team stalled beside such doors.
 *
 * The field depends only on the arena model, the goal and the stuck doors, so it is worked out once
 * per such triple and kept (arena models are shared by every state of a pack).
 */

const fields = new WeakMap<Arena, Map<string, Int16Array>>();

/**
 * Steps from each square to `goal` (square index), -1 where the goal cannot be reached. `stuck`
 * lists the doors stuck shut (they never open, so the route goes round them).
 */
export function routeField(
  arena: Arena,
  goal: number,
  stuck: readonly number[] = [],
  /** Squares a machine stands in for good (a drone gun set up): never entered, so gone round. */
  machines: readonly number[] = [],
): Int16Array {
  let byGoal = fields.get(arena);
  if (!byGoal) {
    byGoal = new Map();
    fields.set(arena, byGoal);
  }
  const key =
    stuck.length === 0 && machines.length === 0
      ? `${goal}`
      : `${goal}:${stuck.join(',')}:${machines.join(',')}`;
  let f = byGoal.get(key);
  if (f) return f;
  const as = newArenaState(arena);
  as.doorOpen.fill(1);
  for (const d of stuck) as.doorOpen[d] = 0;
  for (const m of machines) as.machines[m] = 1;
  const w = arena.width;
  const h = arena.height;
  f = new Int16Array(arena.size).fill(-1);
  const queue = new Int32Array(arena.size);
  let head = 0;
  let tail = 0;
  f[goal] = 0;
  queue[tail++] = goal;
  const options = { mover: 'teamer' as const };
  while (head < tail) {
    const j = queue[head++] as number;
    const jx = j % w;
    const jy = (j - jx) / w;
    // Backward search: a neighbour i is one step from j when a Teamer at i can step into j.
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const ix = jx + dx;
        const iy = jy + dy;
        if (ix < 0 || iy < 0 || ix >= w || iy >= h) continue;
        const i = iy * w + ix;
        if (f[i] !== -1 || arena.isSquare[i] !== 1) continue;
        // Facing along the step, so it is never a backward step (which costs more, not less).
        const facing = DIR_OF[(-dy + 1) * 3 + -dx + 1] as Facing;
        if (!stepCost(arena, as, { x: ix, y: iy }, { x: jx, y: jy }, facing, options)) continue;
        f[i] = (f[j] as number) + 1;
        queue[tail++] = i;
      }
  }
  byGoal.set(key, f);
  return f;
}

/** Facing per (dy+1)*3 + (dx+1): north 0, then clockwise. */
const DIR_OF = [7, 0, 1, 6, -1, 2, 5, 4, 3];

const zones = new WeakMap<Arena, readonly (readonly ArenaDoor[])[]>();
const NO_DOORS: readonly ArenaDoor[] = [];

/**
 * The doors whose zone holds square `sq`, in the arena's door order (`doorsWithZoneAt` as door
 * records): the policy asks it for the man's square at most of his actions, and a scan of every
 * door's zone each time was a visible share of them. Worked out once per arena.
 */
export function doorsAround(arena: Arena, sq: number): readonly ArenaDoor[] {
  let bySquare = zones.get(arena);
  if (!bySquare) {
    const lists: ArenaDoor[][] = [];
    for (const d of arena.doors)
      for (const i of d.zone) {
        if (!lists[i]) lists[i] = [];
        (lists[i] as ArenaDoor[]).push(d);
      }
    bySquare = Array.from({ length: arena.size }, (_, i) => lists[i] ?? NO_DOORS);
    zones.set(arena, bySquare);
  }
  return bySquare[sq] ?? NO_DOORS;
}
