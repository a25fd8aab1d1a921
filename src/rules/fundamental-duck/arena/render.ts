import { DIRECTION_NAMES, DX, DY } from '../../../engine/board/square-grid.ts';
import {
  type Arena,
  doorOnSide,
  PART_HALF,
  PART_QUARTER,
  SIDE_DOOR,
  SIDE_OPEN,
  SIDE_WALL,
  sideKind,
} from './model.ts';

/**
 * An arena as plain text (the `bughunt arena` command, tests, logs): every square two characters
 * wide between one-character sides, so walls and doors sit where they are in the model, on sides.
 */

const HEIGHT_LETTER = ['.', 'L', 'H', 'F'];
const WHOLE = ['. ', 'LL', 'HH', '##'];
const HALF_MARK = ['^', '>', 'v', '<'];
const CARGO_LETTER = { inert: 'i', flammable: 'f', explosive: 'x' } as const;
const SPECIAL_LETTER: Readonly<Record<string, string>> = {
  console: 'c',
  lockers: 'l',
  'isolation-unit': 'i',
  'hibernation-unit': 'h',
  workspace: 'w',
  'ops-con': 'o',
};
/** Boarding point mark on the hull side, pointing inward. */
const ENTRY_MARK: Readonly<Record<number, string>> = { 0: 'v', 2: '<', 4: '^', 6: '>' };

export const ARENA_LEGEND = [
  'Legend',
  '  | --   wall (bulkhead, hull)        D DD  closed door     d dd  open door',
  '  > < ^ v  boarding point on the hull, pointing in',
  '  .        open floor                 LL HH ##  whole LOW, HIGH, FULL obstacle',
  "  L^ H> Fv L<  half obstacle on that side      L' H' F'  quarter obstacle",
  '  Li Hf Fx cargo load: height + i inert, f flammable, x explosive',
  '  *c *l *i special location: console, lockers, isolation unit (see the list)',
  '  V> v     vehicle: its front square, then the squares trailing behind',
].join('\n');

function content(arena: Arena, i: number): string {
  if (arena.isSquare[i] !== 1) return '  ';
  const w = arena.width;
  for (const v of arena.vehicles) {
    for (let k = 0; k < v.length; k++) {
      const x = (v.front % w) - (DX[v.facing] as number) * k;
      const y = Math.floor(v.front / w) - (DY[v.facing] as number) * k;
      if (y * w + x === i) return k === 0 ? 'V>' : 'v ';
    }
  }
  const special = arena.specials.find((s) => s.square === i);
  if (special) return `*${SPECIAL_LETTER[special.kind] ?? '?'}`;
  const load = arena.loads[arena.loadAt[i] as number];
  if (load) return `${HEIGHT_LETTER[load.height]}${CARGO_LETTER[load.cargo]}`;
  const part = arena.partAt[i] as number;
  if (part !== 0) {
    const letter = HEIGHT_LETTER[arena.partHeight[i] as number];
    return part >= PART_QUARTER ? `${letter}'` : `${letter}${HALF_MARK[part - PART_HALF]}`;
  }
  return WHOLE[arena.wholeHeight[i] as number] as string;
}

/** What stands on the side between (x, y) and its neighbour east (2) or south (4); either may be off the grid. */
function sideAt(arena: Arena, x: number, y: number, dir: 2 | 4): number {
  const nx = x + (dir === 2 ? 1 : 0);
  const ny = y + (dir === 4 ? 1 : 0);
  const here = isSquare(arena, x, y);
  const there = isSquare(arena, nx, ny);
  if (!here && !there) return SIDE_OPEN;
  if (!here || !there) return SIDE_WALL;
  return sideKind(arena, y * arena.width + x, dir);
}

function isSquare(arena: Arena, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < arena.width && y < arena.height && arena.isSquare[y * arena.width + x] === 1;
}

function doorChar(arena: Arena, x: number, y: number, dir: 2 | 4): string {
  const door = arena.doors[doorOnSide(arena, y * arena.width + x, dir)];
  return door?.openAtStart ? 'd' : 'D';
}

/** The arena drawn as text, with coordinates along the top and left. */
export function renderArena(arena: Arena): string {
  const w = arena.width;
  const h = arena.height;
  const lines: string[] = [];
  const pad = '    ';
  let tens = pad;
  let units = pad;
  for (let x = 0; x < w; x++) {
    tens += ` ${x >= 10 ? String(Math.floor(x / 10)) : ' '} `;
    units += ` ${x % 10} `;
  }
  lines.push(tens.trimEnd(), units.trimEnd());
  const entries = new Map<string, string>();
  for (const b of arena.boardingPoints) {
    const x = b.square % w;
    const y = Math.floor(b.square / w);
    // Key by the side's grid position: vertical sides 'v:x:y' (west of square x), horizontal 'h:x:y'.
    const key =
      b.side === 6
        ? `v:${x}:${y}`
        : b.side === 2
          ? `v:${x + 1}:${y}`
          : b.side === 0
            ? `h:${x}:${y}`
            : `h:${x}:${y + 1}`;
    entries.set(key, ENTRY_MARK[b.side] as string);
  }
  for (let y = 0; y <= h; y++) {
    // The horizontal sides north of row y.
    let row = pad;
    for (let x = 0; x <= w; x++) {
      const around = [
        sideAt(arena, x - 1, y - 1, 4),
        sideAt(arena, x, y - 1, 4),
        sideAt(arena, x - 1, y - 1, 2),
        sideAt(arena, x - 1, y, 2),
      ];
      row += around.some((s) => s !== SIDE_OPEN) ? '+' : ' ';
      if (x === w) break;
      const entry = entries.get(`h:${x}:${y}`);
      const s = sideAt(arena, x, y - 1, 4);
      row +=
        entry !== undefined
          ? `${entry}${entry}`
          : s === SIDE_WALL
            ? '--'
            : s === SIDE_DOOR
              ? doorChar(arena, x, y - 1, 4).repeat(2)
              : '  ';
    }
    lines.push(row.trimEnd());
    if (y === h) break;
    let squares = `${String(y).padStart(3)} `;
    for (let x = 0; x <= w; x++) {
      const entry = entries.get(`v:${x}:${y}`);
      const s = sideAt(arena, x - 1, y, 2);
      squares +=
        entry !== undefined
          ? entry
          : s === SIDE_WALL
            ? '|'
            : s === SIDE_DOOR
              ? doorChar(arena, x - 1, y, 2)
              : ' ';
      if (x < w) squares += content(arena, y * w + x);
    }
    lines.push(squares.trimEnd());
  }
  return lines.join('\n');
}

const at = (arena: Arena, i: number) => `(${i % arena.width},${Math.floor(i / arena.width)})`;

/** The arena's parts as lists: tiles, doors, boarding points, obstacles, loads and special locations. */
export function describeArena(arena: Arena): string {
  const lines: string[] = [];
  lines.push(
    `${arena.name} (${arena.id}): ${arena.cols}×${arena.rows} tiles, ${arena.width}×${arena.height} squares`,
  );
  lines.push(`Threat species: ${arena.threatSpecies}`);
  lines.push('Tiles');
  for (const t of arena.tiles) {
    const name = t.name === t.type ? t.type : `${t.name} (${t.type})`;
    lines.push(
      `  (${t.col},${t.row}) ${name}: squares ${t.x0}–${t.x0 + 4} × ${t.y0}–${t.y0 + 4}, ${t.sourceChits} Source chit(s)`,
    );
  }
  lines.push('Doors');
  for (const d of arena.doors) {
    const sides = d.sides.map((s) => `${at(arena, s.a)}|${at(arena, s.b)}`).join(' ');
    const tiles = d.tiles.map((t) => arena.tiles[t]?.name ?? '?').join(' – ');
    const state = [d.openAtStart ? 'open' : 'closed', d.stuckAtStart ? 'stuck' : '']
      .filter(Boolean)
      .join(', ');
    lines.push(`  ${d.id}: ${d.kind}, ${tiles}, ${sides}, ${state}; zone of ${d.zone.length} squares`);
  }
  lines.push('Boarding points');
  for (const b of arena.boardingPoints)
    lines.push(
      `  ${b.id}: ${b.name} (${b.kind}) into ${at(arena, b.square)} from the ${DIRECTION_NAMES[b.side]}`,
    );
  if (arena.obstacles.length > 0) {
    lines.push('Obstacles');
    const heights = ['', 'LOW', 'HIGH', 'FULL'];
    for (const o of arena.obstacles) {
      const part = o.part === 'whole' ? '' : ` (${o.part}, ${o.at})`;
      lines.push(`  ${at(arena, o.square)} ${o.name}: ${heights[o.height]}${part}`);
    }
  }
  if (arena.loads.length > 0) {
    lines.push('Cargo loads');
    const heights = ['', 'LOW', 'HIGH', 'FULL'];
    for (const l of arena.loads) {
      const extra = [
        l.extreme ? 'extreme' : '',
        l.marked ? 'marked' : '',
        l.contraband ? `contraband: ${l.contraband}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(
        `  ${at(arena, l.square)} ${l.id}: ${l.cargo}, ${heights[l.height]}${extra ? `, ${extra}` : ''}`,
      );
    }
  }
  if (arena.vehicles.length > 0) {
    lines.push('Vehicles');
    for (const v of arena.vehicles)
      lines.push(
        `  ${v.id}: ${v.type}, front ${at(arena, v.front)} facing ${DIRECTION_NAMES[v.facing]}, ${v.length} squares`,
      );
  }
  if (arena.specials.length > 0) {
    lines.push('Special locations');
    for (const s of arena.specials) lines.push(`  ${at(arena, s.square)} ${s.name} (${s.kind})`);
  }
  return lines.join('\n');
}
