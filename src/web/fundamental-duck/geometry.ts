import { type Arena, SIDE_WALL, sideKind } from '../../rules/fundamental-duck/arena/model.ts';

/**
 * What the arena board draws that never changes in play, from the ruleset's own arena model
 * (`arenaFor`): wall lines, door sides, obstacles, cargo and special locations, in world units
 * (a square is 1 across, square (x, y) spans x..x+1, y..y+1). Computed once per arena.
 */

export interface Segment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface DoorShape {
  readonly index: number;
  readonly id: string;
  readonly kind: 'narrow' | 'cargo';
  /** One segment per door side, in the door's order (holes are per side). */
  readonly sides: readonly Segment[];
  /** Where its label goes (the middle of the door). */
  readonly mid: { readonly x: number; readonly y: number };
}

export interface ObstacleShape {
  readonly square: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** 1 low, 2 high, 3 full. */
  readonly height: number;
  readonly name: string;
}

export interface ArenaShapes {
  /** Every wall side (hull and bulkheads) as one SVG path. */
  readonly walls: string;
  readonly doors: readonly DoorShape[];
  readonly obstacles: readonly ObstacleShape[];
  readonly loads: readonly { x: number; y: number; height: number; cargo: string; marked: boolean }[];
  readonly specials: readonly { x: number; y: number; kind: string; name: string }[];
  readonly boarding: readonly { x: number; y: number; outsideX: number; outsideY: number; name: string }[];
}

const HALF: Readonly<Record<string, [number, number, number, number]>> = {
  // x, y, w, h of a half obstacle on a side, of a quarter in a corner (in the square's frame)
  n: [0, 0, 1, 0.5],
  e: [0.5, 0, 0.5, 1],
  s: [0, 0.5, 1, 0.5],
  w: [0, 0, 0.5, 1],
  ne: [0.5, 0, 0.5, 0.5],
  se: [0.5, 0.5, 0.5, 0.5],
  sw: [0, 0.5, 0.5, 0.5],
  nw: [0, 0, 0.5, 0.5],
};

const cache = new WeakMap<Arena, ArenaShapes>();

export function arenaShapes(arena: Arena): ArenaShapes {
  const known = cache.get(arena);
  if (known) return known;
  const w = arena.width;
  let walls = '';
  for (let i = 0; i < arena.size; i++) {
    if (arena.isSquare[i] !== 1) continue;
    const x = i % w;
    const y = (i - x) / w;
    // Each side once: east and south of every square, north and west where no square is beyond.
    if (sideKind(arena, i, 2) === SIDE_WALL) walls += `M${x + 1} ${y}V${y + 1}`;
    if (sideKind(arena, i, 4) === SIDE_WALL) walls += `M${x} ${y + 1}H${x + 1}`;
    if (y === 0 || arena.isSquare[i - w] !== 1) walls += `M${x} ${y}H${x + 1}`;
    if (x === 0 || arena.isSquare[i - 1] !== 1) walls += `M${x} ${y}V${y + 1}`;
  }
  const doors: DoorShape[] = arena.doors.map((d) => {
    const sides = d.sides.map((s) => {
      const x = s.a % w;
      const y = (s.a - x) / w;
      return s.dir === 2
        ? { x1: x + 1, y1: y, x2: x + 1, y2: y + 1 }
        : { x1: x, y1: y + 1, x2: x + 1, y2: y + 1 };
    });
    const first = sides[0] as Segment;
    const last = sides[sides.length - 1] as Segment;
    return {
      index: d.index,
      id: d.id,
      kind: d.kind,
      sides,
      mid: { x: (first.x1 + last.x2) / 2, y: (first.y1 + last.y2) / 2 },
    };
  });
  const obstacles: ObstacleShape[] = arena.obstacles.map((o) => {
    const x = o.square % w;
    const y = (o.square - x) / w;
    const [ox, oy, ow, oh] =
      o.part === 'whole' || o.at === null ? [0, 0, 1, 1] : (HALF[o.at] ?? [0, 0, 1, 1]);
    return { square: o.square, x: x + ox, y: y + oy, w: ow, h: oh, height: o.height, name: o.name };
  });
  const loads = arena.loads.map((l) => ({
    x: l.square % w,
    y: Math.floor(l.square / w),
    height: l.height,
    cargo: l.cargo,
    marked: l.marked,
  }));
  const specials = arena.specials.map((s) => ({
    x: s.square % w,
    y: Math.floor(s.square / w),
    kind: s.kind,
    name: s.name,
  }));
  const boarding = arena.boardingPoints.map((b) => ({
    x: b.square % w,
    y: Math.floor(b.square / w),
    outsideX: b.outside.x,
    outsideY: b.outside.y,
    name: b.name,
  }));
  const shapes = { walls, doors, obstacles, loads, specials, boarding };
  cache.set(arena, shapes);
  return shapes;
}

/** Square index ↔ coordinates. */
export function sq(arena: Arena, x: number, y: number): number {
  return y * arena.width + x;
}
