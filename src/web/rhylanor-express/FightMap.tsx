import { useCallback, useMemo } from 'react';
import { rangeBand } from '../../rules/rhylanor-express/combat.ts';
import type { Weapon } from '../../rules/rhylanor-express/data/pack-schema.ts';
import { MOVEMENT_OPTIONS, type MovementOption } from '../../rules/rhylanor-express/data/tables.ts';
import type { Combat, Combatant } from '../../rules/rhylanor-express/state.ts';
import { Board } from '../board/Board.tsx';
import { type SquareCell, squareLayout } from '../board/layout.ts';
import { cellOf, fightGrid, metresBetween, metresOf, type Spot, toWorld } from './fight-map.ts';
import type { ActiveAim } from './map-aim.tsx';

/**
 * The personal-combat map on the shared board (§7): every combatant the seat may see at his
 * position in metres, the chosen one's range bands for his weapon drawn as rings (effective,
 * long, extreme) with the distance and band to each enemy, and in the movement phase the ring
 * his movement option reaches. His planned spot is dragged (or a square tapped, or Enter on it
 * from the keyboard) within that ring; the move form below sends it. A form below may aim at a
 * point instead (a bomb, a cover area's centre): then a square picked anywhere sets that point,
 * drawn with its radius, and where the rules bound it (a man getting out stays near his vehicle)
 * that bound is ringed, its squares marked, and a square beyond it aims at the nearest point
 * within. Those riding in a vehicle are drawn with it, named under it; the referee
 * picks a cover area by its square to take it away.
 */

/** Who sits in a vehicle on the map, by vehicle id. */
export type RidersOnMap = Readonly<Record<string, readonly { readonly id: string; readonly seat: string }[]>>;

export interface MovePlan {
  readonly id: string;
  readonly option: MovementOption;
  readonly to: Spot;
  /** How far the option takes this one, when not a man's (a robot's pack movement and damage). */
  readonly metres?: number;
}

const BAND_CLASS = ['effective', 'long', 'extreme'] as const;

/** A combatant whose position this seat knows (an unseen enemy's comes as null). */
function placed(m: Combatant): m is Combatant {
  return m.x !== null && m.y !== null;
}

export function FightMap({
  combat,
  names,
  chosen,
  weapon,
  plan,
  onPlan,
  onChoose,
  aim = null,
  onAim,
  riders = {},
  onCover,
  selectedCover = null,
}: {
  combat: Combat;
  names: (id: string) => string;
  /** The combatant whose ranges (and move) are drawn. */
  chosen: string | null;
  weapon: Weapon | null;
  /** A move being planned for the chosen combatant, when the seat may move him now. */
  plan: MovePlan | null;
  onPlan: (to: Spot) => void;
  onChoose: (id: string) => void;
  /** A point a form below is aiming at: a picked square sets it. */
  aim?: ActiveAim | null;
  onAim?: (to: Spot) => void;
  riders?: RidersOnMap;
  /** The referee's: a cover area picked by its square (no one standing there). */
  onCover?: (coverId: number) => void;
  selectedCover?: number | null;
}) {
  const aboard = new Set(Object.values(riders).flatMap((rs) => rs.map((r) => r.id)));
  // Riders stand where their vehicle is: drawn as its crew, not as figures of their own.
  const seen = Object.values(combat.combatants)
    .filter(placed)
    .filter((m) => !aboard.has(m.id));
  // A chosen rider's rings are drawn from his vehicle, where he is.
  const me = chosen
    ? Object.values(combat.combatants)
        .filter(placed)
        .find((m) => m.id === chosen)
    : undefined;
  const reach = plan ? (plan.metres ?? MOVEMENT_OPTIONS[plan.option].metres) : 0;
  const cover = combat.coverMap ?? [];
  const limit = aim?.limit;
  // The map takes in every cover area whole (two opposite corners of its square), and an aim's bound.
  const spots = [
    ...seen,
    ...(aim?.at ? [aim.at] : []),
    ...(limit
      ? [
          { x: limit.centre.x - limit.radius, y: limit.centre.y - limit.radius },
          { x: limit.centre.x + limit.radius, y: limit.centre.y + limit.radius },
        ]
      : []),
    ...cover.flatMap((a) => [
      { x: a.x - a.radius, y: a.y - a.radius },
      { x: a.x + a.radius, y: a.y + a.radius },
    ]),
  ];
  const spotsKey = spots.map((m) => `${m.x},${m.y}`).join(';');
  // Laid out again only when someone moves or the reach changes, never while a marker is dragged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the positions' text
  const grid = useMemo(() => fightGrid(spots, reach), [spotsKey, reach]);
  const layout = useMemo(() => squareLayout(grid.width, grid.height), [grid]);
  const mayReach = useCallback(
    (c: SquareCell) => {
      if (!plan || !me) return false;
      return metresBetween(metresOf(grid, c), me) <= reach;
    },
    [plan, me, grid, reach],
  );
  const inLimit = (c: SquareCell) =>
    !!limit && metresBetween(metresOf(grid, c), limit.centre) <= limit.radius;
  const planCell = plan ? cellOf(grid, plan.to) : null;
  const who = (c: SquareCell) =>
    seen.filter((m) => {
      const k = cellOf(grid, m);
      return k.x === c.x && k.y === c.y;
    });
  const describe = (c: SquareCell) => {
    const at = metresOf(grid, c);
    const here = who(c).map((m) => {
      const crew = riders[m.id] ?? [];
      return crew.length > 0
        ? `${names(m.id)} (carrying ${crew.map((r) => names(r.id)).join(', ')})`
        : names(m.id);
    });
    if (planCell && planCell.x === c.x && planCell.y === c.y) here.push('planned move');
    if (me && !who(c).some((m) => m.id === me.id))
      here.push(`${metresBetween(at, me)} m from ${names(me.id)}`);
    for (const a of cover)
      if (metresBetween(at, a) <= a.radius)
        here.push(a.cover === 'full' ? 'full cover' : `cover −${a.cover}`);
    if (mayReach(c)) here.push('within the move');
    if (aim && limit && !inLimit(c))
      here.push(`beyond ${limit.words}: Enter aims ${aim.label} at the nearest point within`);
    else if (aim) here.push(`Enter aims ${aim.label} here`);
    return `${at.x}, ${at.y} m${here.length > 0 ? `: ${here.join(', ')}` : ''}`;
  };
  const setIfReachable = (c: SquareCell | null) => {
    if (c && mayReach(c)) onPlan(metresOf(grid, c));
  };
  const meW = me ? toWorld(grid, me) : null;
  const planW = plan ? toWorld(grid, plan.to) : null;
  return (
    <div className="re-fight-map">
      <Board
        layout={layout}
        label={`Fight map, ${grid.scale} m a square`}
        describeCell={describe}
        cellClass={(c) => (mayReach(c) || inLimit(c) ? 're-reach-cell' : undefined)}
        onActivate={(c) => {
          if (aim && onAim) {
            onAim(metresOf(grid, c));
            return;
          }
          if (mayReach(c)) {
            onPlan(metresOf(grid, c));
            return;
          }
          const there = who(c)[0];
          if (there) onChoose(there.id);
          else if (onCover) {
            const at = metresOf(grid, c);
            const area = cover.find((a) => metresBetween(at, a) <= a.radius);
            if (area) onCover(area.id);
          }
        }}
        canDrag={(c) => planCell !== null && c.x === planCell.x && c.y === planCell.y}
        onDrag={setIfReachable}
        onDrop={setIfReachable}
      >
        {cover.map((a) => {
          const w = toWorld(grid, a);
          return (
            <g
              key={`cover-${a.id}`}
              className={`re-cover re-cover-${a.cover === 'full' ? 'full' : 'partial'}${a.id === selectedCover ? ' re-selected' : ''}`}
            >
              <circle cx={w.x} cy={w.y} r={a.radius / grid.scale} data-cover={a.id} />
              <text x={w.x} y={w.y + 0.25} textAnchor="middle">
                {a.name || (a.cover === 'full' ? 'full' : `−${a.cover}`)}
              </text>
            </g>
          );
        })}
        {meW && weapon
          ? weapon.ranges.map((r, i) => (
              <circle
                key={BAND_CLASS[i]}
                className={`re-range re-range-${BAND_CLASS[i]}`}
                cx={meW.x}
                cy={meW.y}
                r={r / grid.scale}
                data-testid={`range-${BAND_CLASS[i]}`}
              />
            ))
          : null}
        {meW && plan && reach > 0 ? (
          <circle className="re-move-ring" cx={meW.x} cy={meW.y} r={reach / grid.scale} />
        ) : null}
        {me && meW
          ? seen
              .filter((m) => m.side !== me.side)
              .map((m) => {
                const w = toWorld(grid, m);
                const d = metresBetween(me, m);
                const band = weapon ? (rangeBand(weapon, d) ?? 'beyond') : null;
                return (
                  <g key={`line-${m.id}`} className={`re-band re-band-${band ?? 'none'}`}>
                    <line x1={meW.x} y1={meW.y} x2={w.x} y2={w.y} />
                    <text x={(meW.x + w.x) / 2} y={(meW.y + w.y) / 2 - 0.3} textAnchor="middle">
                      {d} m{band ? ` · ${band}` : ''}
                    </text>
                  </g>
                );
              })
          : null}
        {seen.map((m) => {
          const w = toWorld(grid, m);
          const crew = riders[m.id] ?? [];
          return (
            <g
              key={m.id}
              className={`re-figure re-side-${m.side}${m.id === chosen ? ' re-chosen' : ''}`}
              data-combatant={m.id}
            >
              <circle className="re-present" cx={w.x} cy={w.y} r={0.4} />
              <text x={w.x} y={w.y - 0.6} textAnchor="middle">
                {names(m.id)}
              </text>
              {crew.length > 0 ? (
                <text className="re-crew" x={w.x} y={w.y + 0.85} textAnchor="middle" data-riders={m.id}>
                  {crew
                    .map((r) => `${names(r.id)}${r.seat === 'passenger' ? '' : ` (${r.seat})`}`)
                    .join(', ')}
                </text>
              ) : null}
            </g>
          );
        })}
        {meW && planW && plan && (plan.to.x !== me?.x || plan.to.y !== me?.y) ? (
          <g className="re-plot">
            <line className="re-plot-line" x1={meW.x} y1={meW.y} x2={planW.x} y2={planW.y} />
          </g>
        ) : null}
        {planW ? (
          <circle
            className="re-plot-marker"
            cx={planW.x}
            cy={planW.y}
            r={0.35}
            data-testid="move-marker"
            data-metres={`${plan?.to.x},${plan?.to.y}`}
          />
        ) : null}
        {limit
          ? (() => {
              const w = toWorld(grid, limit.centre);
              return (
                <circle
                  className="re-aim-limit"
                  cx={w.x}
                  cy={w.y}
                  r={limit.radius / grid.scale}
                  data-testid="aim-limit"
                />
              );
            })()
          : null}
        {aim?.at
          ? (() => {
              const w = toWorld(grid, aim.at);
              return (
                <g className="re-aim">
                  {aim.radius > 0 ? <circle cx={w.x} cy={w.y} r={aim.radius / grid.scale} /> : null}
                  <circle
                    className="re-aim-marker"
                    cx={w.x}
                    cy={w.y}
                    r={0.3}
                    data-testid="aim-marker"
                    data-metres={`${aim.at.x},${aim.at.y}`}
                  />
                </g>
              );
            })()
          : null}
      </Board>
      {aim ? (
        <p className="re-note" data-testid="aim-note">
          Pick a square for {aim.label}
          {aim.at ? `: now ${aim.at.x}, ${aim.at.y} m` : ''}
          {aim.radius > 0 ? `, ${aim.radius} m around it` : ''}
          {limit ? `, within ${limit.words} (ringed)` : ''}.
        </p>
      ) : null}
      <p className="re-muted" data-testid="fight-scale">
        One square is {grid.scale} m.
        {weapon && me
          ? ` Rings: ${weapon.name} effective ${weapon.ranges[0]} m, long ${weapon.ranges[1]} m, extreme ${weapon.ranges[2]} m.`
          : ''}
      </p>
    </div>
  );
}
