import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Board } from './Board.tsx';
import { boardKey, PAN_STEP } from './keys.ts';
import { type HexCell, hexDisc, hexLayout, squareLayout } from './layout.ts';

describe('square layout', () => {
  const grid = squareLayout(15, 10);

  it('holds every square once, in reading order, inside its bounds', () => {
    expect(grid.cells).toHaveLength(150);
    expect(new Set(grid.cells.map(grid.key)).size).toBe(150);
    expect(grid.cells[0]).toEqual({ x: 0, y: 0 });
    expect(grid.cells[15]).toEqual({ x: 0, y: 1 });
    expect(grid.bounds).toEqual({ minX: 0, minY: 0, maxX: 15, maxY: 10 });
  });

  it('finds the square under any point of it, and nothing off the board', () => {
    for (const c of grid.cells) {
      expect(grid.cellAt(grid.center(c))).toEqual(c);
      expect(grid.cellAt({ x: c.x + 0.01, y: c.y + 0.99 })).toEqual(c);
    }
    expect(grid.cellAt({ x: -0.1, y: 3 })).toBeNull();
    expect(grid.cellAt({ x: 15, y: 3 })).toBeNull();
  });

  it('steps to neighbours and stops at the edge', () => {
    expect(grid.neighbour({ x: 3, y: 3 }, 1, 0)).toEqual({ x: 4, y: 3 });
    expect(grid.neighbour({ x: 0, y: 3 }, -1, 0)).toBeNull();
    expect(grid.outline({ x: 2, y: 5 })).toBe('2,5 3,5 3,6 2,6');
  });
});

describe('hex layout (flat-topped, axial)', () => {
  const cells = hexDisc(4);
  const map = hexLayout(cells);

  it('a disc of radius r holds 3r² + 3r + 1 hexes', () => {
    expect(hexDisc(0)).toHaveLength(1);
    expect(cells).toHaveLength(61);
  });

  it('neighbouring centres are one unit apart, as squares are', () => {
    const origin = map.center({ q: 0, r: 0 });
    const around: HexCell[] = [
      { q: 1, r: 0 },
      { q: 1, r: -1 },
      { q: 0, r: -1 },
      { q: -1, r: 0 },
      { q: -1, r: 1 },
      { q: 0, r: 1 },
    ];
    for (const n of around) {
      const p = map.center(n);
      expect(Math.hypot(p.x - origin.x, p.y - origin.y)).toBeCloseTo(1, 9);
    }
  });

  it('finds the hex under its centre and near its corners, and nothing off the map', () => {
    for (const c of cells) {
      expect(map.cellAt(map.center(c))).toEqual(c);
      const p = map.center(c);
      // Just inside each corner (the corner is 1/√3 from the centre).
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI / 3) * i;
        const inside = { x: p.x + 0.5 * Math.cos(a), y: p.y + 0.5 * Math.sin(a) };
        expect(map.cellAt(inside)).toEqual(c);
      }
    }
    expect(map.cellAt(map.center({ q: 9, r: 0 }))).toBeNull();
  });

  it('outlines six corners; arrows walk a column and across columns', () => {
    expect(map.outline({ q: 0, r: 0 }).split(' ')).toHaveLength(6);
    expect(map.neighbour({ q: 0, r: 0 }, 0, 1)).toEqual({ q: 0, r: 1 });
    expect(map.neighbour({ q: 0, r: 0 }, 1, 0)).toEqual({ q: 1, r: -1 });
    expect(map.neighbour({ q: 0, r: 0 }, -1, 1)).toEqual({ q: -1, r: 1 });
    expect(map.neighbour({ q: 0, r: 4 }, 0, 1)).toBeNull();
  });
});

describe('board keys', () => {
  const grid = squareLayout(3, 3);

  it('arrows move the cursor (starting at the first cell), Shift+arrows pan', () => {
    expect(boardKey(grid, null, 'ArrowRight', false)).toEqual({ kind: 'cursor', cell: { x: 0, y: 0 } });
    expect(boardKey(grid, { x: 0, y: 0 }, 'ArrowRight', false)).toEqual({
      kind: 'cursor',
      cell: { x: 1, y: 0 },
    });
    expect(boardKey(grid, { x: 0, y: 0 }, 'ArrowUp', false)).toEqual({ kind: 'none' });
    expect(boardKey(grid, { x: 0, y: 0 }, 'ArrowRight', true)).toEqual({ kind: 'pan', dx: -PAN_STEP, dy: 0 });
  });

  it('zoom, fit and act', () => {
    expect(boardKey(grid, null, '+', false)).toMatchObject({ kind: 'zoom' });
    expect(boardKey(grid, null, '-', false)).toMatchObject({ kind: 'zoom' });
    expect(boardKey(grid, null, '0', false)).toEqual({ kind: 'fit' });
    expect(boardKey(grid, { x: 2, y: 1 }, 'Enter', false)).toEqual({
      kind: 'activate',
      cell: { x: 2, y: 1 },
    });
    expect(boardKey(grid, null, 'Enter', false)).toEqual({ kind: 'none' });
    expect(boardKey(grid, null, 'a', false)).toEqual({ kind: 'none' });
  });
});

describe('Board markup', () => {
  it('draws one outline per cell with its overlay class, and explains its keys', () => {
    const html = renderToStaticMarkup(
      <Board
        layout={squareLayout(2, 2)}
        label="Test arena"
        cellClass={(c) => (c.x === 1 && c.y === 1 ? 'reach' : undefined)}
      >
        <circle cx={0.5} cy={0.5} r={0.3} className="piece" />
      </Board>,
    );
    expect(html.match(/<polygon/g)).toHaveLength(4);
    expect(html).toContain('class="board-cell reach"');
    expect(html).toContain('role="application"');
    expect(html).toMatch(/aria-label="Test arena\. Arrows move the cursor/);
    expect(html).toContain('class="piece"');
  });
});
