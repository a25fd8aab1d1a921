import { describe, expect, it } from 'vitest';
import { metresAt, nudge, SIZE, sketchLayout, sketchSummary } from './blast-sketch.ts';

/** The blast sketch's geometry: marks at their distances, a click read back as metres, the words. */

const blast = {
  area: 'blast' as const,
  radius: 5,
  plasma: false,
  marks: [
    { id: 'r', name: 'Raider Two', metres: 2, share: 'full' as const },
    { id: 'o', name: 'Sable Orr', metres: 4, share: 'half' as const },
    { id: 'v', name: 'Cpl Tomas Vey', metres: null, share: null },
  ],
};

describe('the blast sketch', () => {
  it('draws the half- and full-damage rings round the middle, and each mark at its distance', () => {
    const l = sketchLayout(blast);
    expect(l.origin).toEqual({ x: SIZE / 2, y: SIZE / 2 });
    expect(l.zones.map((z) => [z.share, z.metres])).toEqual([
      ['half', 5],
      ['full', 2.5],
    ]);
    for (const m of l.marks.filter((x) => x.metres !== null))
      expect(metresAt(l, m.x, m.y)).toBeCloseTo(m.metres ?? -1, 5);
    // Every mark and ring fits inside the drawing.
    for (const m of l.marks) {
      expect(m.x).toBeGreaterThanOrEqual(0);
      expect(m.x).toBeLessThanOrEqual(SIZE);
      expect(m.y).toBeGreaterThanOrEqual(0);
      expect(m.y).toBeLessThanOrEqual(SIZE);
    }
    expect((l.zones[0]?.r ?? 0) * 2).toBeLessThan(SIZE);
  });

  it('widens to show someone farther out, up to three radii; beyond that the mark sits on the edge', () => {
    const near = sketchLayout({ ...blast, marks: [{ id: 'a', name: 'A', metres: 12, share: 'none' }] });
    expect(near.metresShown).toBeCloseTo(13.2, 5);
    const far = sketchLayout({ ...blast, marks: [{ id: 'a', name: 'A', metres: 400, share: 'none' }] });
    expect(far.metresShown).toBe(15);
    expect(far.marks[0]?.beyond).toBe(true);
    expect(metresAt(far, far.marks[0]?.x ?? 0, far.marks[0]?.y ?? 0)).toBe(15);
  });

  it('reads a point of the sketch as metres from the impact, to a tenth', () => {
    const l = sketchLayout(blast);
    expect(metresAt(l, SIZE / 2, SIZE / 2)).toBe(0);
    expect(metresAt(l, SIZE / 2 + 3 * l.scale, SIZE / 2)).toBe(3);
    expect(metresAt(l, SIZE / 2, SIZE / 2 - 1.26 * l.scale)).toBe(1.3);
  });

  it('a plasma blast has one ring; a spread is a cone from the shooter at the bottom', () => {
    expect(sketchLayout({ ...blast, plasma: true }).zones.map((z) => z.share)).toEqual(['plasma']);
    const spread = sketchLayout({ ...blast, area: 'spread', radius: 50 });
    expect(spread.origin.y).toBeGreaterThan(SIZE / 2);
    for (const m of spread.marks) expect(m.y).toBeLessThanOrEqual(spread.origin.y);
  });

  it('says in words what it shows, for screen readers', () => {
    expect(sketchSummary(sketchLayout(blast), 5)).toBe(
      'A blast of 5 m: full damage within 2.5 m, half within 5 m; Raider Two 2 m, full damage; Sable Orr 4 m, half damage.',
    );
    expect(sketchSummary(sketchLayout({ ...blast, marks: [] }), 5)).toBe(
      'A blast of 5 m: full damage within 2.5 m, half within 5 m; nobody marked yet.',
    );
  });

  it('moves the person being placed with the arrow keys, never below 0, and ignores other keys', () => {
    expect(nudge(2, 'ArrowUp', false)).toBe(2.5);
    expect(nudge(2, 'ArrowRight', true)).toBe(2.1);
    expect(nudge(0.2, 'ArrowDown', false)).toBe(0);
    expect(nudge(2, 'ArrowLeft', true)).toBe(1.9);
    expect(nudge(2, 'Enter', false)).toBeNull();
  });
});
