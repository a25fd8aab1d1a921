import type { Share } from '../../rules/elite-unit/rules/attack.ts';

/**
 * The geometry of the blast sketch (BlastSketch.tsx): where the impact, the zones and each person
 * marked near it are drawn. The rules know only distances, not bearings, so each person stands at
 * their distance on a bearing of their own (spread by the golden angle, so marks seldom overlap);
 * the bearing means nothing. A spread is drawn from the shooter instead, as a cone up to the
 * weapon's reach. Pure, so it is tested without a browser.
 */

/** The sketch's drawing box: a square of SIZE units, the impact (or the shooter) at ORIGIN. */
export const SIZE = 200;
const REACH = 88;
const GOLDEN = (137.508 * Math.PI) / 180;
/** A spread's cone: 25° either side of straight ahead. */
export const CONE = (25 * Math.PI) / 180;

export interface SketchMark {
  readonly id: string;
  readonly name: string;
  /** Metres from the impact (a blast) or from the shooter (a spread); null while not given. */
  readonly metres: number | null;
  readonly share: Share | null;
}

export interface PlacedMark extends SketchMark {
  readonly x: number;
  readonly y: number;
  /** Drawn at the sketch's edge because the person stands farther out than the sketch reaches. */
  readonly beyond: boolean;
}

export interface SketchLayout {
  readonly area: 'blast' | 'spread';
  readonly origin: { readonly x: number; readonly y: number };
  /** Drawing units per metre. */
  readonly scale: number;
  /** Zones to draw, outermost first: radius in drawing units and the share inside it. */
  readonly zones: readonly { readonly r: number; readonly share: Share; readonly metres: number }[];
  readonly marks: readonly PlacedMark[];
  /** How far the sketch reaches, in metres (its scale bar). */
  readonly metresShown: number;
}

export interface SketchInput {
  readonly area: 'blast' | 'spread';
  /** A blast's radius, or for a spread the weapon's reach (its farthest range column). */
  readonly radius: number;
  readonly plasma: boolean;
  readonly marks: readonly SketchMark[];
}

export function sketchLayout(input: SketchInput): SketchLayout {
  const radius = Math.max(input.radius, 0.5);
  const given = input.marks.flatMap((m) => (m.metres === null ? [] : [m.metres]));
  // Far enough for the zone and anyone up to three times its size; farther marks sit on the edge.
  const metresShown = Math.max(radius * 1.25, Math.min(Math.max(0, ...given) * 1.1, radius * 3));
  const spread = input.area === 'spread';
  // A blast is drawn round the middle; a spread runs from the shooter at the bottom up the height.
  const scale = (spread ? SIZE - 20 : REACH) / metresShown;
  const origin = spread ? { x: SIZE / 2, y: SIZE - 8 } : { x: SIZE / 2, y: SIZE / 2 };
  const zones = spread
    ? [{ r: radius * scale, share: 'full' as const, metres: radius }]
    : input.plasma
      ? [{ r: radius * scale, share: 'plasma' as const, metres: radius }]
      : [
          { r: radius * scale, share: 'half' as const, metres: radius },
          { r: (radius / 2) * scale, share: 'full' as const, metres: radius / 2 },
        ];
  const n = input.marks.length;
  const marks = input.marks.map((m, i): PlacedMark => {
    const metres = m.metres ?? 0;
    const beyond = metres > metresShown;
    const r = (beyond ? metresShown : metres) * scale;
    // A blast: bearings round the impact; a spread: bearings across the cone, left to right.
    const angle = spread
      ? -Math.PI / 2 + (n <= 1 ? 0 : -CONE + (2 * CONE * i) / (n - 1))
      : -Math.PI / 2 + GOLDEN * i;
    return { ...m, x: origin.x + r * Math.cos(angle), y: origin.y + r * Math.sin(angle), beyond };
  });
  return { area: input.area, origin, scale, zones, marks, metresShown };
}

/** The distance in metres a point of the sketch stands from the impact (or the shooter). */
export function metresAt(layout: SketchLayout, x: number, y: number): number {
  const d = Math.hypot(x - layout.origin.x, y - layout.origin.y) / layout.scale;
  return Math.round(d * 10) / 10;
}

/** One sentence for screen readers: what the sketch shows. */
export function sketchSummary(layout: SketchLayout, radius: number): string {
  const zone =
    layout.area === 'spread'
      ? `A spread reaching ${radius} m from the shooter`
      : layout.zones.length === 1
        ? `A plasma blast of ${radius} m`
        : `A blast of ${radius} m: full damage within ${radius / 2} m, half within ${radius} m`;
  const placed = layout.marks.filter((m) => m.metres !== null);
  if (placed.length === 0) return `${zone}; nobody marked yet.`;
  const who = placed.map(
    (m) =>
      `${m.name} ${m.metres} m, ${m.share === 'none' || m.share === null ? 'clear' : `${m.share} damage`}`,
  );
  return `${zone}; ${who.join('; ')}.`;
}

/**
 * The sketch as a slider: the distance after an arrow key (up or right: farther, down or left:
 * nearer; half a metre a press, a tenth with Shift), never below 0; null for any other key.
 */
export function nudge(metres: number, key: string, fine: boolean): number | null {
  const step = fine ? 0.1 : 0.5;
  const sign =
    key === 'ArrowUp' || key === 'ArrowRight' ? 1 : key === 'ArrowDown' || key === 'ArrowLeft' ? -1 : 0;
  if (sign === 0) return null;
  return Math.max(0, Math.round((metres + sign * step) * 10) / 10);
}
