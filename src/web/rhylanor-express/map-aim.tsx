import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { NumberField } from './Fields.tsx';
import type { Spot } from './fight-map.ts';

/**
 * A point picked on the fight map for a form below it (a bomb's aim, a cover area's centre): the
 * form's x and y fields and the map share it, so a click, a tap or Enter on a square fills the
 * fields, and typing in the fields moves the marker. One form aims at a time; the map draws the
 * active one's point with its radius (the blast, the cover's size) before anything is sent.
 */

/**
 * Where the rules let an aimed point fall: within `radius` metres of `centre` (a man getting out
 * stays within the pack's boarding reach of his vehicle). The map rings it, and a square picked
 * beyond it sets the nearest point on its edge toward that square.
 */
export interface AimLimit {
  readonly centre: Spot;
  readonly radius: number;
  /** What the ring stands for, in words ("5 m of the Air/raft"). */
  readonly words: string;
}

export interface AimPoint {
  readonly x: string;
  readonly y: string;
  readonly radius: number;
  readonly label: string;
  readonly limit?: AimLimit | undefined;
}

export interface ActiveAim {
  readonly purpose: string;
  readonly label: string;
  readonly radius: number;
  /** Null while a field holds no number. */
  readonly at: Spot | null;
  readonly limit?: AimLimit | undefined;
}

/**
 * The point the rules allow nearest to `to`: `to` itself within the limit, else on the limit's
 * edge toward it (kept to a tenth of a metre, never past the edge).
 */
export function withinLimit(to: Spot, limit: AimLimit | undefined): Spot {
  if (!limit) return to;
  const dx = to.x - limit.centre.x;
  const dy = to.y - limit.centre.y;
  const gap = Math.hypot(dx, dy);
  if (gap <= limit.radius) return to;
  const k = limit.radius / gap;
  // Truncated toward the centre so the rounding never carries the point past the edge.
  const tenth = (v: number) => Math.trunc(v * 10) / 10;
  return { x: limit.centre.x + tenth(dx * k), y: limit.centre.y + tenth(dy * k) };
}

interface AimStore {
  readonly points: Readonly<Record<string, AimPoint>>;
  readonly active: string | null;
  update(purpose: string, patch: Partial<AimPoint>, initial: AimPoint): void;
  activate(purpose: string | null): void;
}

const AimContext = createContext<AimStore | null>(null);

export function spotOf(p: { x: string; y: string }): Spot | null {
  if (p.x.trim() === '' || p.y.trim() === '') return null;
  const x = Number(p.x);
  const y = Number(p.y);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** Keeps the fight's aims; `children` is given the active one for the map. */
export function AimProvider({
  children,
}: {
  children: (active: ActiveAim | null, aimAt: (s: Spot) => void) => ReactNode;
}) {
  const [points, setPoints] = useState<Readonly<Record<string, AimPoint>>>({});
  const [active, setActive] = useState<string | null>(null);
  const store = useMemo<AimStore>(
    () => ({
      points,
      active,
      update: (purpose, patch, initial) =>
        setPoints((all) => ({ ...all, [purpose]: { ...(all[purpose] ?? initial), ...patch } })),
      activate: setActive,
    }),
    [points, active],
  );
  const point = active ? points[active] : undefined;
  const shown: ActiveAim | null =
    active && point
      ? {
          purpose: active,
          label: point.label,
          radius: point.radius,
          at: spotOf(point),
          ...(point.limit ? { limit: point.limit } : {}),
        }
      : null;
  const aimAt = (s: Spot) => {
    if (!active) return;
    setPoints((all) => {
      const p = all[active] as AimPoint;
      const to = withinLimit(s, p.limit);
      return { ...all, [active]: { ...p, x: String(to.x), y: String(to.y) } };
    });
  };
  return <AimContext.Provider value={store}>{children(shown, aimAt)}</AimContext.Provider>;
}

/**
 * A form's aimed point: its x and y as typed text, whether the map is picking it now, and a
 * toggle. Outside a provider (a form drawn alone) the point is the form's own.
 */
export function useAim(purpose: string, label: string, radius: number, start: Spot, limit?: AimLimit) {
  const store = useContext(AimContext);
  const initial: AimPoint = { x: String(start.x), y: String(start.y), radius, label, limit };
  const [own, setOwn] = useState(initial);
  const point = store ? (store.points[purpose] ?? initial) : own;
  const update = (patch: Partial<AimPoint>) =>
    store ? store.update(purpose, patch, initial) : setOwn((p) => ({ ...p, ...patch }));
  // The radius, words and limit follow the form (a cover's radius is typed, a vehicle drives on);
  // the map reads them from here.
  const limitKey = limit ? `${limit.centre.x},${limit.centre.y},${limit.radius},${limit.words}` : '';
  const pointLimit = point.limit;
  const pointLimitKey = pointLimit
    ? `${pointLimit.centre.x},${pointLimit.centre.y},${pointLimit.radius},${pointLimit.words}`
    : '';
  const stale =
    store !== null &&
    store.points[purpose] !== undefined &&
    (point.radius !== radius || point.label !== label || pointLimitKey !== limitKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form's radius, words or limit change
  useEffect(() => {
    if (stale) store?.update(purpose, { radius, label, limit }, initial);
  }, [stale, radius, label, limitKey]);
  const picking = store?.active === purpose;
  return {
    x: point.x,
    y: point.y,
    at: spotOf(point),
    setX: (x: string) => update({ x }),
    setY: (y: string) => update({ y }),
    picking,
    /** Only with the fight's map around (a provider). */
    canPick: store !== null,
    togglePicking: () => {
      if (!store) return;
      if (!store.points[purpose]) store.update(purpose, {}, initial);
      store.activate(picking ? null : purpose);
    },
  };
}

/**
 * A form's x and y fields for its aimed point and, with the map around, the button that lets the
 * map pick it (a bomb's aim, a cover's centre, where a machine joins the fight).
 */
export function AimFields({
  aim,
  names,
  labels = ['x', 'y'],
  words = ['Pick on the map', 'Done picking'],
}: {
  aim: ReturnType<typeof useAim>;
  /** The fields' names (x, y). */
  names: readonly [string, string];
  labels?: readonly [string, string];
  /** The button's words: to start picking, to stop. */
  words?: readonly [string, string];
}) {
  return (
    <>
      <NumberField label={labels[0]} name={names[0]} value={aim.x} onChange={aim.setX} />
      <NumberField label={labels[1]} name={names[1]} value={aim.y} onChange={aim.setY} />
      {aim.canPick ? (
        <button type="button" className="re-small" aria-pressed={aim.picking} onClick={aim.togglePicking}>
          {aim.picking ? words[1] : words[0]}
        </button>
      ) : null}
    </>
  );
}
