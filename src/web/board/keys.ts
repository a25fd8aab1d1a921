import type { GridLayout } from './layout.ts';

/**
 * What a key does on a board, as data: the board component applies it. Arrows move the cursor
 * from cell to cell (the keyboard's way to point); with Shift they pan; + and − zoom; 0 fits the
 * whole board; Enter and Space act on the cursor's cell. Anything else is left to the page.
 */
export type BoardKeyAction<C> =
  | { readonly kind: 'cursor'; readonly cell: C }
  | { readonly kind: 'pan'; readonly dx: number; readonly dy: number }
  | { readonly kind: 'zoom'; readonly factor: number }
  | { readonly kind: 'fit' }
  | { readonly kind: 'activate'; readonly cell: C }
  | { readonly kind: 'none' };

const ARROWS: Readonly<Record<string, readonly [-1 | 0 | 1, -1 | 0 | 1]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Screen pixels one Shift+arrow pans. */
export const PAN_STEP = 64;
/** Zoom factor of one + or − press. */
export const ZOOM_STEP = 1.25;

export function boardKey<C>(
  layout: GridLayout<C>,
  cursor: C | null,
  key: string,
  shift: boolean,
): BoardKeyAction<C> {
  const arrow = ARROWS[key];
  if (arrow) {
    const [dx, dy] = arrow;
    if (shift) return { kind: 'pan', dx: (0 - dx) * PAN_STEP, dy: (0 - dy) * PAN_STEP };
    if (cursor === null) {
      const first = layout.cells[0];
      return first === undefined ? { kind: 'none' } : { kind: 'cursor', cell: first };
    }
    const next = layout.neighbour(cursor, dx, dy);
    return next === null ? { kind: 'none' } : { kind: 'cursor', cell: next };
  }
  if (key === '+' || key === '=') return { kind: 'zoom', factor: ZOOM_STEP };
  if (key === '-' || key === '_') return { kind: 'zoom', factor: 1 / ZOOM_STEP };
  if (key === '0') return { kind: 'fit' };
  if ((key === 'Enter' || key === ' ') && cursor !== null) return { kind: 'activate', cell: cursor };
  return { kind: 'none' };
}
