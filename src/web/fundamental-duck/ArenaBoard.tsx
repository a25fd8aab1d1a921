import { memo, type ReactNode, useMemo } from 'react';
import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import { vehicleSquares } from '../../rules/fundamental-duck/arena/vehicles.ts';
import type { Teamer, Threat } from '../../rules/fundamental-duck/state.ts';
import { Board } from '../board/Board.tsx';
import { type SquareCell, squareLayout } from '../board/layout.ts';
import { BulkheadMarks, DroneLayer } from './Drones.tsx';
import { FloorGearLayer } from './FloorGear.tsx';
import { arenaShapes } from './geometry.ts';
import { explored, type FdView, PING_MARK, type SeenPing, threatsOf } from './model.ts';
import type { Scatter } from './scatter.ts';
import { loadFinding } from './Tampering.tsx';

/**
 * The arena drawn to scale on the shared board: tiles (fogged until explored), walls, doors with
 * their state, obstacles by height, cargo and special places, Source chits, flames and blasts,
 * weapons left on the floor, pings, and the figures with facing and wounds. Overlays (reach, fire, path) come from the table
 * as a class per square, a label per square and an SVG layer.
 */

export interface ArenaBoardProps {
  readonly view: FdView;
  readonly arena: Arena;
  /** Extra class per square index (reach, fire, path…); must be stable between renders when unchanged. */
  readonly squareClass?: (i: number) => string | undefined;
  /** A short label drawn in a square (a movement cost, a hit chance). */
  readonly labels?: ReadonlyMap<number, string>;
  /** Figures to draw elsewhere than the view says (the aliens' turn played step by step). */
  readonly threatsShown?: readonly Threat[];
  readonly selected?: string | null;
  /** This turn's grenade throws: drawn from the square aimed at to where each landed. */
  readonly scatters?: readonly Scatter[];
  readonly overlay?: ReactNode;
  readonly describe: (x: number, y: number) => string;
  readonly onSquare?: (x: number, y: number) => void;
  readonly onHover?: (x: number, y: number) => void;
}

const ARROW = 'M0 -0.46 L0.12 -0.3 L-0.12 -0.3 Z';

export function ArenaBoard(props: ArenaBoardProps) {
  const { arena, view, squareClass, onSquare, onHover } = props;
  const layout = useMemo(
    () => squareLayout(arena.width, arena.height, (x, y) => arena.isSquare[y * arena.width + x] === 1),
    [arena],
  );
  // Fog per tile: the board's cell classes change only when a tile is explored or the overlay does.
  const exploredKey = view.tiles.map((t) => (explored(t) ? '1' : '0')).join('');
  const cellClass = useMemo(() => {
    const seen = exploredKey.split('').map((c) => c === '1');
    return (c: SquareCell) => {
      const i = c.y * arena.width + c.x;
      const tile = arena.tileOf[i] as number;
      const base = seen[tile] ? 'fd-floor' : 'fd-fog';
      const extra = squareClass?.(i);
      return extra ? `${base} ${extra}` : base;
    };
  }, [arena, exploredKey, squareClass]);
  return (
    <Board<SquareCell>
      layout={layout}
      label={`Arena: ${arena.name}`}
      cellClass={cellClass}
      describeCell={(c) => props.describe(c.x, c.y)}
      onActivate={onSquare ? (c) => onSquare(c.x, c.y) : undefined}
      onHover={onHover ? (c) => c && onHover(c.x, c.y) : undefined}
    >
      <g className="fd-layer" pointerEvents="none">
        <Static arena={arena} view={view} exploredKey={exploredKey} />
        <Markers view={view} arena={arena} />
        <Ceiling view={view} />
        <Loads view={view} arena={arena} exploredKey={exploredKey} />
        <Vehicles view={view} arena={arena} exploredKey={exploredKey} />
        <BulkheadMarks view={view} arena={arena} />
        <DroneLayer view={view} arena={arena} />
        <FloorGearLayer view={view} />
        {props.scatters?.length ? <Scatters scatters={props.scatters} /> : null}
        {props.labels ? <Labels labels={props.labels} width={arena.width} /> : null}
        {props.overlay}
        <Figures
          view={view}
          threats={props.threatsShown ?? threatsOf(view)}
          selected={props.selected ?? null}
        />
      </g>
    </Board>
  );
}

/** Walls, doors, obstacles, cargo and specials: redrawn only when a door or a tile's fog changes. */
const Static = memo(function Static({
  arena,
  view,
  exploredKey,
}: {
  arena: Arena;
  view: FdView;
  exploredKey: string;
}) {
  const shapes = arenaShapes(arena);
  const seen = exploredKey.split('').map((c) => c === '1');
  const seenSquare = (x: number, y: number) => seen[arena.tileOf[y * arena.width + x] as number] === true;
  return (
    <g>
      {arena.tiles.map((t) =>
        seen[t.index] ? null : (
          <text key={t.index} x={t.x0 + 2.5} y={t.y0 + 4.6} className="fd-fog-label">
            unexplored
          </text>
        ),
      )}
      {shapes.obstacles.map((o) =>
        seenSquare(Math.floor(o.x), Math.floor(o.y)) ? (
          <g key={`o${o.square}-${o.x}-${o.y}`}>
            <rect
              x={o.x + 0.06}
              y={o.y + 0.06}
              width={o.w - 0.12}
              height={o.h - 0.12}
              className={`fd-obstacle fd-h${o.height}`}
            >
              <title>{`${o.name} (${['', 'low', 'high', 'full'][o.height]})`}</title>
            </rect>
            <text x={o.x + o.w / 2} y={o.y + o.h / 2 + 0.12} className="fd-obstacle-mark">
              {['', 'L', 'H', 'F'][o.height]}
            </text>
          </g>
        ) : null,
      )}
      {shapes.specials.map((s) =>
        seenSquare(s.x, s.y) ? (
          <text key={`s${s.x},${s.y}`} x={s.x + 0.5} y={s.y + 0.95} className="fd-special-mark">
            {s.kind === 'console'
              ? 'console'
              : s.kind === 'lockers'
                ? 'lockers'
                : s.name.split(' ')[0]?.toLowerCase()}
          </text>
        ) : null,
      )}
      {shapes.boarding.map((b) => (
        <g key={`b${b.name}`}>
          <path
            d={`M${b.outsideX + 0.5} ${b.outsideY + 0.5} L${b.x + 0.2} ${b.y + 0.5}`}
            className="fd-bridge"
          />
          <text x={b.outsideX + 0.5} y={b.outsideY + 0.2} className="fd-bridge-mark">
            in
          </text>
        </g>
      ))}
      <path d={shapes.walls} className="fd-wall" />
      {shapes.doors.map((d) => {
        const s = view.doors[d.index];
        if (!s) return null;
        const state = s.jammed ? 'jammed' : s.open ? 'open' : 'closed';
        return (
          <g key={d.id} className={`fd-door fd-door-${state}`}>
            <title>{`Door ${d.id}: ${state}${s.holes.length ? `, holed` : ''}${s.damage ? `, damage ${s.damage}` : ''}`}</title>
            {d.sides.map((seg, k) => (
              <line
                // biome-ignore lint/suspicious/noArrayIndexKey: a door's sides never change order
                key={k}
                x1={seg.x1}
                y1={seg.y1}
                x2={seg.x2}
                y2={seg.y2}
                className={s.holes.includes(k) ? 'fd-door-side fd-door-holed' : 'fd-door-side'}
              />
            ))}
            <text x={d.mid.x} y={d.mid.y + 0.1} className="fd-door-mark">
              {s.jammed ? 'J' : s.holes.length ? 'X' : s.open ? 'o' : 'D'}
            </text>
          </g>
        );
      })}
    </g>
  );
});

function PingShape({ ping, x, y, r }: { ping: SeenPing; x: number; y: number; r: number }) {
  const m = PING_MARK[ping];
  const cls = `fd-ping fd-ping-${ping}`;
  let shape: ReactNode;
  switch (m.shape) {
    case 'triangle':
      shape = (
        <polygon points={`${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}`} className={cls} />
      );
      break;
    case 'diamond':
      shape = <polygon points={`${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`} className={cls} />;
      break;
    case 'square':
      shape = <rect x={x - r * 0.85} y={y - r * 0.85} width={r * 1.7} height={r * 1.7} className={cls} />;
      break;
    case 'hex': {
      const pts = [0, 1, 2, 3, 4, 5]
        .map((k) => `${x + r * Math.cos((Math.PI / 3) * k)},${y + r * Math.sin((Math.PI / 3) * k)}`)
        .join(' ');
      shape = <polygon points={pts} className={cls} />;
      break;
    }
    case 'ring':
      shape = <circle cx={x} cy={y} r={r * 0.9} className={`${cls} fd-ping-ring`} />;
      break;
    default:
      shape = <circle cx={x} cy={y} r={r} className={cls} />;
  }
  return (
    <g>
      <title>{m.name}</title>
      {shape}
      <text x={x} y={y + r * 0.4} className="fd-ping-letter" fontSize={r * 1.1}>
        {m.letter}
      </text>
    </g>
  );
}

/** Pings still on their tiles, Source chits, flames and blasts. */
function Markers({ view, arena }: { view: FdView; arena: Arena }) {
  const w = arena.width;
  return (
    <g>
      {view.tiles.map((t, ti) => {
        const tile = arena.tiles[ti];
        if (!tile) return null;
        // Markers whose Threats are already on the board are gone from the tile.
        const left = t.pings.map((p, k) => ({ p, k })).filter(({ k }) => k >= t.placed);
        return left.map(({ p, k }, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tile's markers keep their places
          <g key={`p${ti}-${k}`} data-ping={p} data-tile={ti} data-marker={k}>
            <PingShape ping={p} x={tile.x0 + 0.7 + n * 0.75} y={tile.y0 + 0.6} r={0.3} />
          </g>
        ));
      })}
      {view.tiles.flatMap((t, ti) =>
        t.chits
          .filter((c) => c.x !== null && c.y !== null)
          .map((c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiles never change order
            <g key={`c${ti}-${c.id}`}>
              <rect
                x={(c.x as number) + 0.62}
                y={(c.y as number) + 0.06}
                width={0.32}
                height={0.32}
                className="fd-chit"
              />
              <text x={(c.x as number) + 0.78} y={(c.y as number) + 0.3} className="fd-chit-mark">
                {c.examined ? (c.h ? 'H' : '–') : 'S'}
              </text>
            </g>
          )),
      )}
      {Object.entries(view.flames).map(([k, n]) =>
        n > 0 ? (
          <text
            key={`f${k}`}
            x={(Number(k) % w) + 0.18}
            y={Math.floor(Number(k) / w) + 0.92}
            className="fd-flame"
          >
            {n > 1 ? `fire×${n}` : 'fire'}
          </text>
        ) : null,
      )}
      {view.blasts.map((b, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: blasts repeat squares; the list is rebuilt whole
          key={`x${i}`}
          x={(b % w) + 0.04}
          y={Math.floor(b / w) + 0.04}
          width={0.92}
          height={0.92}
          className="fd-blast"
        />
      ))}
    </g>
  );
}

/**
 * The ceiling extension (19): each exit the seat may see (a player's view holds hatches and the
 * weak spots a Threat has dropped through), and the Threats up in a ceiling, dashed, over the
 * square they are above.
 */
function Ceiling({ view }: { view: FdView }) {
  const c = view.ceiling;
  if (!c) return null;
  return (
    <g className="fd-ceiling">
      {Object.values(c.exits).flatMap((list) =>
        list.map((x) => (
          <g key={`e${x.x},${x.y}`} data-exit={x.kind} data-x={x.x} data-y={x.y}>
            <title>{x.kind === 'hatch' ? 'ceiling hatch' : 'ceiling weak spot'}</title>
            <rect
              x={x.x + 0.06}
              y={x.y + 0.62}
              width={0.32}
              height={0.32}
              fill="none"
              stroke="currentColor"
              strokeDasharray="0.06 0.04"
              strokeWidth={0.04}
            />
            <text x={x.x + 0.22} y={x.y + 0.88} fontSize={0.24} textAnchor="middle">
              {x.kind === 'hatch' ? 'h' : 'w'}
            </text>
          </g>
        )),
      )}
      {c.order.map((id) => {
        const th = c.threats[id];
        if (!th) return null;
        return (
          <g key={`u${id}`} data-ceiling-threat={id}>
            <title>{`${id} in the ceiling`}</title>
            <circle
              cx={th.x + 0.5}
              cy={th.y + 0.5}
              r={0.3}
              fill="none"
              stroke="currentColor"
              strokeDasharray="0.08 0.06"
              strokeWidth={0.05}
            />
            <text x={th.x + 0.5} y={th.y + 0.58} fontSize={0.22} textAnchor="middle">
              {`↑${id}`}
            </text>
          </g>
        );
      })}
      {view.teamOrder.map((id) => {
        // A Teamer up in the ceiling (19): a dashed ring over his square says he is off the floor.
        const t = view.teamers[id];
        if (t?.up !== true || t.x === null || t.y === null) return null;
        return (
          <g key={`t${id}`} data-ceiling-teamer={id}>
            <title>{`${t.name} up in the ceiling`}</title>
            <rect
              x={t.x + 0.08}
              y={t.y + 0.08}
              width={0.84}
              height={0.84}
              fill="none"
              stroke="currentColor"
              strokeDasharray="0.1 0.06"
              strokeWidth={0.05}
            />
          </g>
        );
      })}
    </g>
  );
}

/**
 * Cargo loads where they stand now: a load a Teamer picked up is drawn on him (see Figures), a
 * delivered one is gone, a lost one (exploded, burnt) is struck through. Only on explored tiles.
 */
function Loads({ view, arena, exploredKey }: { view: FdView; arena: Arena; exploredKey: string }) {
  const w = arena.width;
  const seen = exploredKey.split('').map((c) => c === '1');
  return (
    <g>
      {arena.loads.map((l) => {
        const s = view.loads[l.index];
        const at = s ? s.at : l.square;
        if (at === null || s?.delivered) return null;
        if (!seen[arena.tileOf[at] as number]) return null;
        const x = at % w;
        const y = Math.floor(at / w);
        const lost = s?.lost ?? false;
        // What an examination found (18); the view hides the mark until a Teamer examines it.
        const found = loadFinding(s);
        return (
          <g
            key={l.id}
            data-load={l.id}
            data-examined={found ?? undefined}
            className={lost ? 'fd-load-lost' : found === 'tampered with' ? 'fd-load-tampered' : undefined}
          >
            <title>{`${l.id.replace(/-/g, ' ')}: ${l.cargo} cargo${l.portable ? ', can be carried' : ''}${lost ? ', lost' : ''}${s && s.warming !== null ? `, warming (${s.warming})` : ''}${found ? `, examined: ${found}` : ''}`}</title>
            <rect
              x={x + 0.12}
              y={y + 0.12}
              width={0.76}
              height={0.76}
              rx={0.1}
              className={`fd-load fd-h${l.height}`}
            />
            <text x={x + 0.5} y={y + 0.62} className="fd-load-mark">
              {lost ? 'C✕' : found === 'tampered with' ? 'C!' : found ? 'C✓' : l.marked ? 'C*' : 'C'}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * The vehicles (a loader and the like) where they stand now (the state's, or the arena's set-up
 * for a state from before vehicles moved): a bar over the squares they fill, front marked.
 */
function Vehicles({ view, arena, exploredKey }: { view: FdView; arena: Arena; exploredKey: string }) {
  const w = arena.width;
  const seen = exploredKey.split('').map((c) => c === '1');
  const standing =
    view.vehicles ??
    arena.vehicles.map((v) => ({
      id: v.id,
      type: v.type,
      x: v.front % w,
      y: Math.floor(v.front / w),
      facing: v.facing,
      crew: [] as readonly string[],
    }));
  return (
    <g>
      {standing.map((v) => {
        const length = view.rules.pack.vehicleTypes.find((t) => t.id === v.type)?.length ?? 2;
        const squares = vehicleSquares({ front: { x: v.x, y: v.y }, facing: v.facing, length });
        // Fogged unless a square of it is explored, or a Teamer rides in it (he is drawn anyway).
        if (v.crew.length === 0 && !squares.some((q) => seen[arena.tileOf[q.y * w + q.x] as number]))
          return null;
        const front = squares[0];
        if (!front) return null;
        const type = view.rules.pack.vehicleTypes.find((t) => t.id === v.type);
        const pts = squares.map((q) => `${q.x + 0.5},${q.y + 0.5}`).join(' ');
        // The state's wreck and pods (absent in the arena's set-up fallback): told on the board too.
        const wrecked = 'wrecked' in v && v.wrecked === true;
        const pods = 'pods' in v ? (v.pods ?? []).length : 0;
        return (
          <g
            key={v.id}
            data-vehicle={v.id}
            data-wrecked={wrecked ? 'true' : undefined}
            className={wrecked ? 'fd-vehicle fd-vehicle-wrecked' : 'fd-vehicle'}
          >
            <title>{`${type?.name ?? v.type} (${length} squares), front at ${front.x},${front.y}${wrecked ? ', a wreck that never moves again' : ''}${pods > 0 ? `, ${pods} cargo pod(s) aboard` : ''}${v.crew.length > 0 ? `, crew: ${v.crew.map((id) => view.teamers[id]?.name ?? id).join(', ')}` : ''}`}</title>
            <polyline points={pts} className="fd-vehicle-body" />
            <g transform={`translate(${front.x + 0.5} ${front.y + 0.5}) rotate(${v.facing * 45})`}>
              <path d={ARROW} className="fd-vehicle-front" />
            </g>
            <text x={front.x + 0.5} y={front.y + 0.62} className="fd-vehicle-mark">
              {wrecked ? 'W' : pods > 0 ? `V${pods}` : 'V'}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Each grenade's throw: a dashed line from the aim (×) to where it landed (a G ring). */
function Scatters({ scatters }: { scatters: readonly Scatter[] }) {
  return (
    <g className="fd-scatter">
      {scatters.map((s) => {
        const ax = s.from.x + 0.5;
        const ay = s.from.y + 0.5;
        const bx = s.to.x + 0.5;
        const by = s.to.y + 0.5;
        return (
          <g key={s.seq} data-scatter={`${s.from.x},${s.from.y}>${s.to.x},${s.to.y}`}>
            <title>{`grenade aimed at ${s.from.x},${s.from.y}, landed at ${s.to.x},${s.to.y}`}</title>
            <path
              d={`M${ax - 0.15} ${ay - 0.15} L${ax + 0.15} ${ay + 0.15} M${ax + 0.15} ${ay - 0.15} L${ax - 0.15} ${ay + 0.15}`}
              className="fd-scatter-aim"
            />
            {s.from.x !== s.to.x || s.from.y !== s.to.y ? (
              <line x1={ax} y1={ay} x2={bx} y2={by} className="fd-scatter-line" />
            ) : null}
            <circle cx={bx} cy={by} r={0.22} className="fd-scatter-land" />
            <text x={bx} y={by + 0.1} className="fd-scatter-mark">
              G
            </text>
          </g>
        );
      })}
    </g>
  );
}

function Labels({ labels, width }: { labels: ReadonlyMap<number, string>; width: number }) {
  return (
    <g>
      {[...labels].map(([i, text]) => (
        <text key={i} x={(i % width) + 0.5} y={Math.floor(i / width) + 0.92} className="fd-label">
          {text}
        </text>
      ))}
    </g>
  );
}

function Figures({
  view,
  threats,
  selected,
}: {
  view: FdView;
  threats: readonly Threat[];
  selected: string | null;
}) {
  const bySquare = new Map<string, Teamer[]>();
  // A comrade carried out of action is drawn on his carrier, not as a figure of his own.
  const carriedBy = new Map<string, Teamer>();
  for (const id of view.teamOrder) {
    const t = view.teamers[id];
    if (t?.carrying) carriedBy.set(t.carrying, t);
  }
  for (const id of view.teamOrder) {
    const t = view.teamers[id];
    if (!t || t.x === null || t.y === null || t.left || carriedBy.has(t.id)) continue;
    const k = `${t.x},${t.y}`;
    bySquare.set(k, [...(bySquare.get(k) ?? []), t]);
  }
  const carried = new Set(threats.map((th) => th.carrying).filter((c): c is string => c !== null));
  return (
    <g>
      {[...bySquare.values()].flatMap((group) =>
        group.map((t, k) => {
          const offset = group.length > 1 ? (k === 0 ? -0.2 : 0.2) : 0;
          const r = group.length > 1 ? 0.22 : 0.3;
          const cx = (t.x as number) + 0.5 + offset;
          const cy = (t.y as number) + 0.5;
          const cls = [
            'fd-teamer',
            t.wounds >= 3 ? 'fd-dead' : t.wounds >= 2 ? 'fd-down' : '',
            t.ducked ? 'fd-ducked' : '',
            selected === t.id ? 'fd-selected' : '',
            carried.has(t.id) ? 'fd-carried' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <g key={t.id} className={cls} data-figure={t.id} transform={`translate(${cx} ${cy})`}>
              <g transform={`rotate(${t.facing * 45}) scale(${r / 0.3})`}>
                <path d={ARROW} className="fd-facing" />
              </g>
              <circle r={r} className="fd-token" />
              <text y={r * 0.4} className="fd-token-letter" fontSize={r * 1.1}>
                {t.name.charAt(0)}
              </text>
              <Pips n={t.wounds} r={r} />
              {t.carrying ? <Carried name={view.teamers[t.carrying]?.name ?? t.carrying} r={r} /> : null}
              {t.cargo !== null && t.cargo !== undefined ? <CargoBadge r={r} /> : null}
            </g>
          );
        }),
      )}
      {threats.map((th) => {
        const species = view.rules.species[th.species];
        const cx = th.x + 0.5;
        const cy = th.y + 0.5;
        const r = 0.3;
        return (
          <g
            key={th.id}
            className={`fd-threat${th.eye ? ' fd-eye' : ''}`}
            data-figure={th.id}
            transform={`translate(${cx} ${cy})`}
          >
            <g transform={`rotate(${th.facing * 45})`}>
              <path d={ARROW} className="fd-facing" />
            </g>
            <polygon points={`0,${-r} ${r},0 0,${r} ${-r},0`} className="fd-threat-token" />
            <text y={0.12} className="fd-token-letter" fontSize={0.32}>
              {(species?.name ?? th.species).charAt(0)}
            </text>
            {th.eye ? (
              <text y={-0.34} className="fd-eye-mark" fontSize={0.22}>
                eye
              </text>
            ) : null}
            <Pips n={th.wounds} r={r} />
          </g>
        );
      })}
    </g>
  );
}

/** A comrade carried out of action: a small token with his letter on the carrier's shoulder. */
function Carried({ name, r }: { name: string; r: number }) {
  return (
    <g className="fd-carried-body" transform={`translate(${r * 0.75} ${-r * 0.75})`}>
      <title>{`carrying ${name}`}</title>
      <circle r={r * 0.5} />
      <text y={r * 0.2} fontSize={r * 0.6} className="fd-token-letter">
        {name.charAt(0)}
      </text>
    </g>
  );
}

/** A cargo load carried: a small crate marked C on the carrier. */
function CargoBadge({ r }: { r: number }) {
  return (
    <g className="fd-carried-cargo" transform={`translate(${-r * 0.75} ${-r * 0.75})`}>
      <title>carrying a cargo load</title>
      <rect x={-r * 0.4} y={-r * 0.4} width={r * 0.8} height={r * 0.8} rx={r * 0.1} />
      <text y={r * 0.2} fontSize={r * 0.6} className="fd-load-mark">
        C
      </text>
    </g>
  );
}

function Pips({ n, r }: { n: number; r: number }) {
  if (n <= 0) return null;
  return (
    <g>
      {Array.from({ length: Math.min(n, 3) }, (_, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pips are identical
        <circle key={k} cx={-r + 0.08 + k * 0.14} cy={r - 0.02} r={0.06} className="fd-wound-pip" />
      ))}
    </g>
  );
}
