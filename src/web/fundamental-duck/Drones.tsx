import { useMemo } from 'react';
import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import { bulkheadSideById } from '../../rules/fundamental-duck/bulkheads.ts';
import { droneCovers } from '../../rules/fundamental-duck/drones.ts';
import type { Drone } from '../../rules/fundamental-duck/state.ts';
import { asState, type FdView } from './model.ts';

/**
 * Drone guns and searched bulkheads on the board.
 *
 * A drone gun is a machine in its square: a square token marked G with its facing arrow and the
 * power it has left; the squares it covers now (its front arc, the gun's range, sight and line of
 * fire, asked of the rules' own `droneCovers`) carry a small G dot, so a player sees where a Threat
 * would be shot before it steps there. A stopped drone (no power) is drawn struck through, with no
 * cover. Switch (c)'s bulkhead sides: a side a Threat searched in vain is a dotted line with '?', a
 * weak spot it found a thick red dashed line with 'W' (a shape and a letter, not only a colour).
 */

const ARROW = 'M0 -0.46 L0.12 -0.3 L-0.12 -0.3 Z';

/** The squares a drone covers now (indexes), from the rules. */
export function droneCover(view: FdView, arena: Arena, d: Drone): number[] {
  if (d.power <= 0) return [];
  const state = asState(view);
  const gun = view.rules.weapons[view.rules.pack.drones.gun];
  const range = gun?.kind === 'drone-gun' ? gun.range : 0;
  const out: number[] = [];
  for (let y = Math.max(0, d.y - range); y <= Math.min(arena.height - 1, d.y + range); y++)
    for (let x = Math.max(0, d.x - range); x <= Math.min(arena.width - 1, d.x + range); x++) {
      if ((x === d.x && y === d.y) || arena.isSquare[y * arena.width + x] !== 1) continue;
      if (droneCovers(state, d, x, y)) out.push(y * arena.width + x);
    }
  return out;
}

/** Words for a square's description: the drone standing there, and the drones covering it. */
export function droneNotes(view: FdView, arena: Arena, x: number, y: number): string[] {
  const out: string[] = [];
  const drones = view.drones ?? [];
  for (const d of drones)
    if (d.x === x && d.y === y)
      out.push(
        `${view.teamers[d.owner]?.name ?? d.owner}'s drone gun, ${d.power > 0 ? `power ${d.power}` : 'out of power'}`,
      );
  const i = y * arena.width + x;
  if (drones.some((d) => droneCover(view, arena, d).includes(i))) out.push('covered by a drone gun');
  return out;
}

export function DroneLayer({ view, arena }: { view: FdView; arena: Arena }) {
  const drones = view.drones ?? [];
  // The cover depends on figures and doors: worked out again with each new view, only when drones stand.
  const covers = useMemo(
    () => (drones.length ? drones.map((d) => droneCover(view, arena, d)) : []),
    [view, arena, drones],
  );
  if (!drones.length) return null;
  const w = arena.width;
  return (
    <g className="fd-drones">
      {drones.map((d, k) => (
        <g key={`cover-${d.id}`} data-drone-cover={d.id}>
          {(covers[k] ?? []).map((i) => (
            <circle
              key={i}
              cx={(i % w) + 0.85}
              cy={Math.floor(i / w) + 0.15}
              r={0.07}
              className="fd-drone-dot"
            />
          ))}
        </g>
      ))}
      {drones.map((d) => {
        const owner = view.teamers[d.owner]?.name ?? d.owner;
        const off = d.power <= 0;
        return (
          <g
            key={d.id}
            className={off ? 'fd-drone fd-drone-off' : 'fd-drone'}
            data-drone={d.id}
            data-power={d.power}
            transform={`translate(${d.x + 0.5} ${d.y + 0.5})`}
          >
            <title>{`${owner}'s ${d.walking ? 'walking ' : ''}drone gun, ${off ? 'out of power' : `power ${d.power}`}`}</title>
            <g transform={`rotate(${d.facing * 45})`}>
              <path d={ARROW} className="fd-facing" />
            </g>
            <rect x={-0.26} y={-0.26} width={0.52} height={0.52} rx={0.06} className="fd-drone-body" />
            <text y={0.06} className="fd-drone-mark">
              G
            </text>
            <text y={0.22} className="fd-drone-power">
              {off ? 'off' : `P${d.power}`}
            </text>
            {off ? <path d="M-0.26 -0.26 L0.26 0.26" className="fd-drone-struck" /> : null}
          </g>
        );
      })}
    </g>
  );
}

export function BulkheadMarks({ view, arena }: { view: FdView; arena: Arena }) {
  const b = view.bulkheads;
  if (!b || (b.tried.length === 0 && b.weak.length === 0)) return null;
  const w = arena.width;
  return (
    <g className="fd-bulkheads">
      {[...new Set([...b.tried, ...b.weak])].map((id) => {
        const side = bulkheadSideById(arena, id);
        if (!side) return null;
        const weak = b.weak.includes(id);
        const x = side.a % w;
        const y = Math.floor(side.a / w);
        const east = id.endsWith('e');
        const [x1, y1, x2, y2] = east ? [x + 1, y, x + 1, y + 1] : [x, y + 1, x + 1, y + 1];
        return (
          <g key={id} data-bulkhead={id} data-weak={weak ? 'yes' : 'no'}>
            <title>{`Bulkhead by ${x},${y} (${east ? 'east' : 'south'} side): ${weak ? 'a weak spot, Threats may break through' : 'searched, no weak spot'}`}</title>
            <line
              x1={x1}
              y1={y1}
              x2={x2}
              y2={y2}
              className={weak ? 'fd-bulkhead-weak' : 'fd-bulkhead-tried'}
            />
            <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 + 0.1} className="fd-bulkhead-mark">
              {weak ? 'W' : '?'}
            </text>
          </g>
        );
      })}
    </g>
  );
}
