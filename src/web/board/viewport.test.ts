import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampToBounds,
  fitBounds,
  panBy,
  pinchFrom,
  revealPoint,
  scaleRange,
  screenToWorld,
  type Viewport,
  worldToScreen,
  zoomAt,
} from './viewport.ts';

const board = { minX: 0, minY: 0, maxX: 15, maxY: 15 };
const phone = { width: 390, height: 600 };
const near = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('board viewport', () => {
  it('fits the whole board, centred, inside the padding', () => {
    const v = fitBounds(board, phone, 15);
    near(v.scale, (390 - 30) / 15);
    const topLeft = worldToScreen(v, { x: 0, y: 0 });
    const bottomRight = worldToScreen(v, { x: 15, y: 15 });
    near(topLeft.x, 15);
    near(bottomRight.x, 375);
    // Centred vertically on the taller screen.
    near(topLeft.y, 600 - bottomRight.y);
  });

  it('screen and world coordinates convert back and forth', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: 0.1, max: 200, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        (ox, oy, scale, x, y) => {
          const v: Viewport = { origin: { x: ox, y: oy }, scale };
          const back = worldToScreen(v, screenToWorld(v, { x, y }));
          expect(back.x).toBeCloseTo(x, 6);
          expect(back.y).toBeCloseTo(y, 6);
        },
      ),
    );
  });

  it('a drag moves the world with the pointer', () => {
    const v = fitBounds(board, phone);
    const before = worldToScreen(v, { x: 3, y: 4 });
    const after = worldToScreen(panBy(v, 25, -10), { x: 3, y: 4 });
    near(after.x, before.x + 25);
    near(after.y, before.y - 10);
  });

  it('zooming keeps the world point under the cursor where it was, within the scale range', () => {
    const v = fitBounds(board, phone);
    const range = scaleRange(board, phone, { minFactor: 0.5, maxScale: 100 });
    const at = { x: 100, y: 250 };
    const world = screenToWorld(v, at);
    const zoomed = zoomAt(v, 2, at, range);
    near(zoomed.scale, v.scale * 2);
    const still = worldToScreen(zoomed, world);
    near(still.x, at.x);
    near(still.y, at.y);
    expect(zoomAt(v, 1000, at, range).scale).toBe(100);
    expect(zoomAt(v, 0.001, at, range).scale).toBeCloseTo(range[0], 9);
  });

  it('two fingers: the world point between them follows them, the spread zooms', () => {
    const v = fitBounds(board, phone);
    const range = scaleRange(board, phone, { minFactor: 0.5, maxScale: 200 });
    const start = { a: { x: 100, y: 300 }, b: { x: 200, y: 300 } };
    const now = { a: { x: 60, y: 320 }, b: { x: 260, y: 320 } };
    const world = screenToWorld(v, { x: 150, y: 300 });
    const p = pinchFrom(v, start, now, range);
    near(p.scale, v.scale * 2);
    const at = worldToScreen(p, world);
    near(at.x, 160);
    near(at.y, 320);
  });

  it('the board cannot be dragged away: at least a quarter of it stays on screen', () => {
    const v = fitBounds(board, phone);
    const far = clampToBounds(panBy(v, 10_000, 10_000), board, phone);
    const corner = worldToScreen(far, { x: 0, y: 0 });
    expect(corner.x).toBeLessThanOrEqual(phone.width);
    expect(corner.y).toBeLessThanOrEqual(phone.height);
    const visibleWidth = Math.min(phone.width, worldToScreen(far, { x: 15, y: 0 }).x) - Math.max(0, corner.x);
    expect(visibleWidth).toBeGreaterThan(0);
    // A view already within bounds is returned as it is.
    expect(clampToBounds(v, board, phone)).toBe(v);
  });

  it('reveals a point off screen by the smallest scroll, and leaves one on screen alone', () => {
    const v = zoomAt(fitBounds(board, phone), 4, { x: 0, y: 0 }, [0.01, 1000]);
    const target = { x: 14.5, y: 14.5 };
    const shown = revealPoint(v, target, phone, 48);
    const at = worldToScreen(shown, target);
    near(at.x, phone.width - 48);
    near(at.y, phone.height - 48);
    expect(revealPoint(shown, target, phone, 48)).toBe(shown);
  });
});
