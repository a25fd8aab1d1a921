import type { Bounds, Point } from './viewport.ts';

/**
 * Where a board's cells are drawn, in world units (a square's side is 1; a hex's centre-to-corner
 * is 1/√3, so neighbouring hex centres are 1 apart, as neighbouring squares are). One layout per
 * kind of grid, behind one interface, so the board component, overlays and hit tests work the
 * same on Fundamental Duck!'s squares and Rhylanor Express's hexes.
 */

/** A square of a grid: column x, row y (x grows to the right, y downwards). */
export interface SquareCell {
  readonly x: number;
  readonly y: number;
}

/** A hex in axial coordinates (q, r); the third cube coordinate is −q−r. */
export interface HexCell {
  readonly q: number;
  readonly r: number;
}

export interface GridLayout<C> {
  /** Every cell of the board, in reading order (the keyboard walks them). */
  readonly cells: readonly C[];
  /** The board's extent in world units, cells' corners included. */
  readonly bounds: Bounds;
  /** A stable string for a cell (React keys, maps, aria ids). */
  key(cell: C): string;
  center(cell: C): Point;
  /** The cell's outline as an SVG `points` list. */
  outline(cell: C): string;
  /** The cell under a world point, or null off the board. */
  cellAt(p: Point): C | null;
  /** The next cell from `cell` in a screen direction (arrow keys), or null at the edge. */
  neighbour(cell: C, dx: -1 | 0 | 1, dy: -1 | 0 | 1): C | null;
}

const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);

/**
 * A width × height grid of unit squares, the top-left square's corner at the origin. `present`
 * (optional) leaves out squares that are not part of the board (an arena's empty space): they get
 * no cell, no hit and no cursor stop.
 */
export function squareLayout(
  width: number,
  height: number,
  present?: (x: number, y: number) => boolean,
): GridLayout<SquareCell> {
  const cells: SquareCell[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (!present || present(x, y)) cells.push({ x, y });
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (!present || present(x, y));
  return {
    cells,
    bounds: { minX: 0, minY: 0, maxX: width, maxY: height },
    key: (c) => `${c.x},${c.y}`,
    center: (c) => ({ x: c.x + 0.5, y: c.y + 0.5 }),
    outline: (c) => `${c.x},${c.y} ${c.x + 1},${c.y} ${c.x + 1},${c.y + 1} ${c.x},${c.y + 1}`,
    cellAt(p) {
      const x = Math.floor(p.x);
      const y = Math.floor(p.y);
      return inside(x, y) ? { x, y } : null;
    },
    neighbour(c, dx, dy) {
      return inside(c.x + dx, c.y + dy) ? { x: c.x + dx, y: c.y + dy } : null;
    },
  };
}

const SQRT3 = Math.sqrt(3);

/**
 * Flat-topped hexes (columns of hexes, as on most space-combat hex maps), axial coordinates: q is
 * the column, r runs down-right. Neighbouring centres are 1 apart.
 */
export function hexLayout(cells: readonly HexCell[]): GridLayout<HexCell> {
  const size = 1 / SQRT3; // centre to corner
  const center = (c: HexCell): Point => ({ x: 1.5 * size * c.q, y: c.r + c.q / 2 });
  const key = (c: HexCell) => `${c.q},${c.r}`;
  const present = new Set(cells.map(key));
  const corners = [0, 1, 2, 3, 4, 5].map((i) => ({
    x: size * Math.cos((Math.PI / 3) * i),
    y: size * Math.sin((Math.PI / 3) * i),
  }));
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const c of cells) {
    const p = center(c);
    minX = Math.min(minX, p.x - size);
    maxX = Math.max(maxX, p.x + size);
    minY = Math.min(minY, p.y - 0.5);
    maxY = Math.max(maxY, p.y + 0.5);
  }
  const bounds = cells.length > 0 ? { minX, minY, maxX, maxY } : { minX: 0, minY: 0, maxX: 1, maxY: 1 };
  /** The hex containing a world point: fractional axial coordinates rounded in cube space. */
  const round = (p: Point): HexCell => {
    const fq = p.x / (1.5 * size);
    const fr = p.y - fq / 2;
    const fs = -fq - fr;
    let q = Math.round(fq);
    let r = Math.round(fr);
    const s = Math.round(fs);
    const dq = Math.abs(q - fq);
    const dr = Math.abs(r - fr);
    const ds = Math.abs(s - fs);
    if (dq > dr && dq > ds) q = -r - s;
    else if (dr > ds) r = -q - s;
    return { q: q + 0, r: r + 0 };
  };
  return {
    cells,
    bounds,
    key,
    center,
    outline(c) {
      const p = center(c);
      return corners.map((k) => `${fmt(p.x + k.x)},${fmt(p.y + k.y)}`).join(' ');
    },
    cellAt(p) {
      const c = round(p);
      return present.has(key(c)) ? c : null;
    },
    neighbour(c, dx, dy) {
      // Straight up and down stay in the column; sideways goes to the next column, up or down
      // a half row (a sideways key alone picks the upper of the two, as the eye reads the row).
      const step: HexCell =
        dx === 0
          ? { q: 0, r: dy }
          : dx === 1
            ? { q: 1, r: dy === 1 ? 0 : -1 }
            : { q: -1, r: dy === 1 ? 1 : 0 };
      if (dx === 0 && dy === 0) return null;
      const next = { q: c.q + step.q, r: c.r + step.r };
      return present.has(key(next)) ? next : null;
    },
  };
}

/** Every hex within `radius` steps of the centre hex (0, 0): a round map of 3r² + 3r + 1 hexes. */
export function hexDisc(radius: number): HexCell[] {
  const cells: HexCell[] = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++)
      cells.push({ q, r });
  }
  return cells;
}
