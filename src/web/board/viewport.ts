/**
 * Pan and zoom of a board, as pure functions: what the board shows is a window on the world (the
 * board's own units: one square or hex is about 1), placed by the world point at the screen's top
 * left and a scale in screen pixels per world unit. Gestures (drag, wheel, pinch, keys) each turn
 * into one of these functions, so every one of them is tested without a browser.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The part of the world on screen: `origin` at the screen's top left, `scale` px per world unit. */
export interface Viewport {
  readonly origin: Point;
  readonly scale: number;
}

export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The screen area the board is drawn in, in CSS pixels. */
export interface Screen {
  readonly width: number;
  readonly height: number;
}

/** How far one may zoom, relative to the scale that fits the whole board on screen. */
export interface ZoomLimits {
  /** Smallest scale as a share of the fitting scale (0.5: the board at half the screen). */
  readonly minFactor: number;
  /** Largest scale in px per world unit (a square or hex of this many px at most). */
  readonly maxScale: number;
}

export const DEFAULT_LIMITS: ZoomLimits = { minFactor: 0.5, maxScale: 160 };

export function worldToScreen(v: Viewport, p: Point): Point {
  return { x: (p.x - v.origin.x) * v.scale, y: (p.y - v.origin.y) * v.scale };
}

export function screenToWorld(v: Viewport, p: Point): Point {
  return { x: p.x / v.scale + v.origin.x, y: p.y / v.scale + v.origin.y };
}

/** The viewport that shows all of `bounds`, centred, with `padding` px around it. */
export function fitBounds(bounds: Bounds, screen: Screen, padding = 8): Viewport {
  const w = Math.max(bounds.maxX - bounds.minX, 1e-9);
  const h = Math.max(bounds.maxY - bounds.minY, 1e-9);
  const scale = Math.max(Math.min((screen.width - 2 * padding) / w, (screen.height - 2 * padding) / h), 1e-6);
  return {
    scale,
    origin: {
      x: bounds.minX - (screen.width / scale - w) / 2,
      y: bounds.minY - (screen.height / scale - h) / 2,
    },
  };
}

/** Moves the view by a drag of (dx, dy) screen pixels: the world follows the finger. */
export function panBy(v: Viewport, dx: number, dy: number): Viewport {
  return { scale: v.scale, origin: { x: v.origin.x - dx / v.scale, y: v.origin.y - dy / v.scale } };
}

/** The scale range for a board of `bounds` on `screen`. */
export function scaleRange(bounds: Bounds, screen: Screen, limits: ZoomLimits): [number, number] {
  const fit = fitBounds(bounds, screen, 0).scale;
  const min = fit * limits.minFactor;
  return [min, Math.max(min, limits.maxScale)];
}

/**
 * Zooms by `factor` (2: twice as close) around the screen point `at`, which keeps showing the same
 * world point, as under a mouse wheel or between two fingers; the scale stays within `range`.
 */
export function zoomAt(v: Viewport, factor: number, at: Point, range: readonly [number, number]): Viewport {
  const scale = Math.min(Math.max(v.scale * factor, range[0]), range[1]);
  const anchor = screenToWorld(v, at);
  return { scale, origin: { x: anchor.x - at.x / scale, y: anchor.y - at.y / scale } };
}

/**
 * Keeps part of the board on screen: the view may not drift so far that less than `keep` of the
 * screen (or of the board, when the board is smaller) still shows the board.
 */
export function clampToBounds(v: Viewport, bounds: Bounds, screen: Screen, keep = 0.25): Viewport {
  const clampAxis = (origin: number, min: number, max: number, span: number): number => {
    const visible = span / v.scale;
    const margin = Math.min(visible, max - min) * keep;
    const lowest = min + margin - visible;
    const highest = max - margin;
    return Math.min(Math.max(origin, lowest), highest);
  };
  const x = clampAxis(v.origin.x, bounds.minX, bounds.maxX, screen.width);
  const y = clampAxis(v.origin.y, bounds.minY, bounds.maxY, screen.height);
  return x === v.origin.x && y === v.origin.y ? v : { scale: v.scale, origin: { x, y } };
}

/** Two fingers on the screen. */
export interface Pinch {
  readonly a: Point;
  readonly b: Point;
}

const mid = (p: Pinch): Point => ({ x: (p.a.x + p.b.x) / 2, y: (p.a.y + p.b.y) / 2 });
const spread = (p: Pinch): number => Math.hypot(p.a.x - p.b.x, p.a.y - p.b.y);

/**
 * A two-finger gesture from `start` (with the view `v` it began on) to `now`: the world point that
 * was between the fingers stays between them, and the view zooms by how far they spread.
 */
export function pinchFrom(v: Viewport, start: Pinch, now: Pinch, range: readonly [number, number]): Viewport {
  const factor = spread(start) > 0 ? spread(now) / spread(start) : 1;
  const zoomed = zoomAt(v, factor, mid(start), range);
  const from = mid(start);
  const to = mid(now);
  return panBy(zoomed, to.x - from.x, to.y - from.y);
}

/** Scrolls just enough to bring the world point `p` inside the screen, `margin` px from its edges. */
export function revealPoint(v: Viewport, p: Point, screen: Screen, margin = 48): Viewport {
  const s = worldToScreen(v, p);
  // Half a pixel of slack: a point just revealed must not scroll again by a rounding error.
  const into = (at: number, size: number): number =>
    at < margin - 0.5 ? margin - at : at > size - margin + 0.5 ? size - margin - at : 0;
  const dx = into(s.x, screen.width);
  const dy = into(s.y, screen.height);
  return dx === 0 && dy === 0 ? v : panBy(v, dx, dy);
}
