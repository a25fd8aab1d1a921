import { describe, expect, it } from 'vitest';
import { cellOf, fightGrid, metresOf, toWorld } from './fight-map.ts';

describe('the fight map grid', () => {
  it('keeps a skirmish at 1.5 m a square and widens the squares for a long-range fight', () => {
    expect(
      fightGrid([
        { x: 0, y: 0 },
        { x: 20, y: 5 },
      ]).scale,
    ).toBe(1.5);
    expect(
      fightGrid([
        { x: 0, y: 0 },
        { x: 60, y: 0 },
      ]).scale,
    ).toBe(3);
    expect(
      fightGrid([
        { x: 0, y: 0 },
        { x: 600, y: 0 },
      ]).scale,
    ).toBe(30);
    // A run of 45 m drawn around the mover counts toward the extent.
    expect(fightGrid([{ x: 0, y: 0 }], 45).scale).toBe(3);
  });

  it('puts every combatant inside the board, with room around the outermost', () => {
    const spots = [
      { x: -12, y: 7 },
      { x: 60, y: -30 },
    ];
    const g = fightGrid(spots);
    for (const s of spots) {
      const c = cellOf(g, s);
      expect(c.x).toBeGreaterThanOrEqual(3);
      expect(c.y).toBeGreaterThanOrEqual(3);
      expect(c.x).toBeLessThan(g.width - 2);
      expect(c.y).toBeLessThan(g.height - 2);
    }
  });

  it('sends the centre of the square a marker is dropped on, in whole metres, inside that square', () => {
    const g = fightGrid([
      { x: 0, y: 0 },
      { x: 60, y: 0 },
    ]);
    const c = cellOf(g, { x: 31, y: 4 });
    const m = metresOf(g, c);
    expect(cellOf(g, m)).toEqual(c);
    expect(Number.isInteger(m.x) && Number.isInteger(m.y)).toBe(true);
    const w = toWorld(g, m);
    expect(w.x).toBeCloseTo(c.x + 0.5, 0);
  });
});
