import type { FloorGear } from '../../rules/fundamental-duck/state.ts';
import type { FdView } from './model.ts';

/**
 * Weapons a seized man left where he fell (13.6, the state's `floorGear`, told by `gear.dropped`)
 * on the board: a small "Wp" tag in the lower right corner of the square (↑Wp and dashed when they
 * lie up in the ceiling level), its title naming the weapons and whose they were; the square's
 * description (what a screen reader hears) names them too. Nobody picks them up (no such action).
 */

/** The weapons lying in one square (floor or ceiling), in the order they fell. */
export interface GearPile {
  readonly x: number;
  readonly y: number;
  readonly up: boolean;
  readonly gear: readonly FloorGear[];
}

/** `floorGear` gathered by square and level. */
export function gearPiles(view: FdView): GearPile[] {
  const piles = new Map<string, { x: number; y: number; up: boolean; gear: FloorGear[] }>();
  for (const g of view.floorGear ?? []) {
    const up = g.up === true;
    const key = `${g.x},${g.y},${up}`;
    const pile = piles.get(key);
    if (pile) pile.gear.push(g);
    else piles.set(key, { x: g.x, y: g.y, up, gear: [g] });
  }
  return [...piles.values()];
}

/** A pile in words: "Pulse rifle (YOU's), Flamer (Brick's)", with where it lies. */
export function pileWords(view: FdView, pile: GearPile): string {
  const names = pile.gear.map(
    (g) => `${view.rules.weapons[g.weapon]?.name ?? g.weapon} (${view.teamers[g.owner]?.name ?? g.owner}'s)`,
  );
  return `dropped ${names.join(', ')}${pile.up ? ', up in the ceiling' : ''}`;
}

/** Words for a square's description: the weapons lying there. */
export function floorGearNotes(view: FdView, x: number, y: number): string[] {
  return gearPiles(view)
    .filter((p) => p.x === x && p.y === y)
    .map((p) => pileWords(view, p));
}

/** What the board's key says of the tag. */
export const FLOOR_GEAR_KEY =
  'Wp in a corner: weapons a seized man left where he fell (↑Wp up in the ceiling); the square names them.';

export function FloorGearLayer({ view }: { view: FdView }) {
  const piles = gearPiles(view);
  if (!piles.length) return null;
  return (
    <g className="fd-floor-gear">
      {piles.map((p) => (
        <g
          key={`${p.x},${p.y},${p.up}`}
          data-floor-gear={`${p.x},${p.y}`}
          data-up={p.up ? 'true' : undefined}
        >
          <title>{pileWords(view, p)}</title>
          <rect
            x={p.x + 0.56}
            y={p.y + 0.66}
            width={0.4}
            height={0.28}
            rx={0.05}
            className="fd-floor-gear-tag"
            strokeDasharray={p.up ? '0.06 0.04' : undefined}
          />
          <text x={p.x + 0.76} y={p.y + 0.87} className="fd-floor-gear-mark">
            {p.up ? '↑Wp' : 'Wp'}
          </text>
        </g>
      ))}
    </g>
  );
}
