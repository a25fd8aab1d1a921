import {
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { boardKey } from './keys.ts';
import type { GridLayout } from './layout.ts';
import {
  clampToBounds,
  DEFAULT_LIMITS,
  fitBounds,
  type Pinch,
  type Point,
  panBy,
  pinchFrom,
  revealPoint,
  type Screen,
  scaleRange,
  screenToWorld,
  type Viewport,
  type ZoomLimits,
  zoomAt,
} from './viewport.ts';
import './board.css';

/**
 * A game board any system draws on: square grid or hex map (`layout`), panned by dragging (mouse
 * or one finger), zoomed by the wheel or two fingers, and fully usable from the keyboard (arrows
 * move a cursor from cell to cell, Shift+arrows pan, + and − zoom, 0 fits, Enter acts). A tap or
 * click that did not drag acts on the cell under it. The system draws its pieces and overlays as
 * `children`, in world units (a cell is about 1 across: see layout.ts), above the grid.
 */
export interface BoardProps<C> {
  readonly layout: GridLayout<C>;
  /** What the board is, for screen readers ("Arena: Drifter Mary Rose"). */
  readonly label: string;
  /** Extra CSS classes for a cell's outline (reach overlay, line of sight, selection…). */
  readonly cellClass?: (cell: C) => string | undefined;
  /** The cell in words, read out as the keyboard cursor reaches it ("C4, Brick, facing north"). */
  readonly describeCell?: (cell: C) => string;
  /** A click, tap, Enter or Space on a cell. */
  readonly onActivate?: (cell: C) => void;
  /** The cursor moved onto a cell (keyboard) or the pointer hovers one (mouse): for previews. */
  readonly onHover?: (cell: C | null) => void;
  readonly limits?: ZoomLimits;
  /**
   * Dragging a piece instead of panning: a single pointer pressed on a cell for which this answers
   * true drags from it (the board does not pan); `onDrag` follows the cell under the pointer and
   * `onDrop` gets the cell it is let go over (null: off the board). Optional: without it every
   * drag pans.
   */
  readonly canDrag?: (cell: C) => boolean;
  readonly onDrag?: (cell: C | null) => void;
  readonly onDrop?: (cell: C | null) => void;
  /** Pieces and overlays, in world units. */
  readonly children?: ReactNode;
}

/** A pointer that moved less than this many px between down and up tapped rather than dragged. */
const TAP_SLOP = 6;

export function Board<C>({
  layout,
  label,
  cellClass,
  describeCell,
  onActivate,
  onHover,
  limits = DEFAULT_LIMITS,
  canDrag,
  onDrag,
  onDrop,
  children,
}: BoardProps<C>) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [screen, setScreen] = useState<Screen | null>(null);
  const [view, setView] = useState<Viewport | null>(null);
  const [cursor, setCursor] = useState<C | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{
    view: Viewport;
    start: Map<number, Point>;
    dragged: boolean;
    /** A piece is being dragged (canDrag said so at pointer down). */
    piece?: boolean;
  } | null>(null);
  const statusId = useId();

  // Keep the screen size; the first time it is known, fit the board.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const box = svg.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) setScreen({ width: box.width, height: box.height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (screen && view === null) setView(fitBounds(layout.bounds, screen));
  }, [screen, view, layout.bounds]);

  const settle = useCallback(
    (next: Viewport) => (screen ? clampToBounds(next, layout.bounds, screen) : next),
    [screen, layout.bounds],
  );
  const range = screen ? scaleRange(layout.bounds, screen, limits) : ([0.01, limits.maxScale] as const);

  const localPoint = (e: { clientX: number; clientY: number }): Point => {
    const box = svgRef.current?.getBoundingClientRect();
    return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
  };

  // The wheel zooms the board, not the page: React's wheel listener is passive, so add our own.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = localPoint(e);
      setView((v) => (v ? settle(zoomAt(v, Math.exp(-e.deltaY * 0.0015), at, range)) : v));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  });

  const onPointerDown = (e: React.PointerEvent<SVGSVGElement>) => {
    if (!view) return;
    svgRef.current?.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, localPoint(e));
    const under =
      pointers.current.size === 1 && canDrag ? layout.cellAt(screenToWorld(view, localPoint(e))) : null;
    const piece = under !== null && canDrag?.(under) === true;
    gesture.current = { view, start: new Map(pointers.current), dragged: pointers.current.size > 1, piece };
  };
  const onPointerMove = (e: React.PointerEvent<SVGSVGElement>) => {
    const p = localPoint(e);
    if (!pointers.current.has(e.pointerId)) {
      if (view && e.pointerType === 'mouse') onHover?.(layout.cellAt(screenToWorld(view, p)));
      return;
    }
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    if (!g) return;
    if (g.piece) {
      g.dragged = true;
      onDrag?.(layout.cellAt(screenToWorld(g.view, p)));
      return;
    }
    const ids = [...g.start.keys()];
    if (ids.length >= 2) {
      const [a, b] = ids as [number, number];
      const start: Pinch = { a: g.start.get(a) as Point, b: g.start.get(b) as Point };
      const now: Pinch = { a: pointers.current.get(a) ?? start.a, b: pointers.current.get(b) ?? start.b };
      setView(settle(pinchFrom(g.view, start, now, range)));
      return;
    }
    const from = g.start.get(e.pointerId);
    if (!from) return;
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    if (!g.dragged && Math.hypot(dx, dy) < TAP_SLOP) return;
    g.dragged = true;
    setView(settle(panBy(g.view, dx, dy)));
  };
  const onPointerUp = (e: React.PointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
    else if (view) gesture.current = { view, start: new Map(pointers.current), dragged: true };
    if (g?.piece) {
      if (g.dragged)
        onDrop?.(e.type === 'pointerup' ? layout.cellAt(screenToWorld(g.view, localPoint(e))) : null);
      if (g.dragged || pointers.current.size > 0) return;
    }
    if (g && !g.dragged && view && e.type === 'pointerup') {
      const cell = layout.cellAt(screenToWorld(view, localPoint(e)));
      if (cell !== null) {
        setCursor(cell);
        onActivate?.(cell);
      }
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<SVGSVGElement>) => {
    const action = boardKey(layout, cursor, e.key, e.shiftKey);
    if (action.kind === 'none' || !view || !screen) return;
    e.preventDefault();
    if (action.kind === 'cursor') {
      setCursor(action.cell);
      onHover?.(action.cell);
      setView(revealPoint(view, layout.center(action.cell), screen));
    } else if (action.kind === 'pan') setView(settle(panBy(view, action.dx, action.dy)));
    else if (action.kind === 'zoom') {
      setView(settle(zoomAt(view, action.factor, { x: screen.width / 2, y: screen.height / 2 }, range)));
    } else if (action.kind === 'fit') setView(fitBounds(layout.bounds, screen));
    else onActivate?.(action.cell);
  };

  const transform = view ? `scale(${view.scale}) translate(${-view.origin.x} ${-view.origin.y})` : 'scale(0)';
  // The cells change only with the layout or the overlay (cellClass): a pan, a zoom or a cursor
  // move redraws none of them. The cursor is its own outline, drawn above the pieces.
  const cells = useMemo(
    () =>
      layout.cells.map((cell) => {
        const key = layout.key(cell);
        const extra = cellClass?.(cell);
        return (
          <polygon
            key={key}
            data-cell={key}
            points={layout.outline(cell)}
            className={`board-cell${extra ? ` ${extra}` : ''}`}
          />
        );
      }),
    [layout, cellClass],
  );
  return (
    <div className="board">
      <svg
        // biome-ignore lint/a11y/noNoninteractiveTabindex: an application role: the board takes its own keys (cursor, pan, zoom, act)
        tabIndex={0}
        ref={svgRef}
        className="board-svg"
        role="application"
        aria-label={`${label}. Arrows move the cursor, Shift+arrows pan, + and − zoom, 0 fits, Enter acts.`}
        aria-describedby={statusId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse' && !pointers.current.has(e.pointerId)) onHover?.(null);
        }}
        onKeyDown={onKeyDown}
      >
        <g transform={transform}>
          <g className="board-cells">{cells}</g>
          {children}
          {cursor !== null ? (
            <polygon
              className="board-cell board-cursor"
              points={layout.outline(cursor)}
              pointerEvents="none"
            />
          ) : null}
        </g>
      </svg>
      <p id={statusId} className="board-status" aria-live="polite">
        {cursor !== null && describeCell ? describeCell(cursor) : ''}
      </p>
    </div>
  );
}
