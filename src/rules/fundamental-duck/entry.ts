import { RuleError } from '../../engine/rule-error.ts';
import { arenaFor } from './board-adapter.ts';
import type { FdRules } from './rules-data.ts';
import type { FdState } from './state.ts';

/**
 * Where the Team boards (5 step 7, switch 22): any of the arena's boarding points, or, with the
 * forced-entry option, any square on the outer hull (bored or blasted through), except into a tile
 * type the pack bars (the bridge). The facing is the one of a man stepping in, away from the hull.
 */

type HullSide = 'n' | 'e' | 's' | 'w';
const STEP: Readonly<Record<HullSide, readonly [number, number]>> = {
  n: [0, -1],
  e: [1, 0],
  s: [0, 1],
  w: [-1, 0],
};
/** Facing away from each hull side: stepping in from the north faces south, and so on. */
const INWARD: Readonly<Record<HullSide, FdState['entry']['facing']>> = { n: 4, e: 6, s: 0, w: 2 };

export function entryFor(
  rules: FdRules,
  arenaId: string,
  want: { readonly x: number; readonly y: number; readonly side?: HullSide | undefined },
): FdState['entry'] {
  const arena = arenaFor(rules, arenaId);
  const { x, y } = want;
  const w = arena.width;
  const inside = (px: number, py: number) =>
    px >= 0 && py >= 0 && px < w && py < arena.height && arena.isSquare[py * w + px] === 1;
  if (!inside(x, y)) throw new RuleError('BAD_ENTRY', `(${x},${y}) is not a square of the arena`, { x, y });
  const sq = y * w + x;
  const point = arena.boardingPoints.find((p) => p.square === sq);
  if (point && want.side === undefined) return { x, y, facing: point.inward };
  if (!rules.pack.options.switches.forcedEntry)
    throw new RuleError(
      'NO_FORCED_ENTRY',
      'without the forced-entry option the Team boards at a boarding point',
      {
        x,
        y,
      },
    );
  const hull = (['n', 'e', 's', 'w'] as const).filter((s) => {
    const [dx, dy] = STEP[s];
    return !inside(x + dx, y + dy);
  });
  const side = want.side ?? hull[0];
  if (side === undefined || !hull.includes(side))
    throw new RuleError('NOT_ON_HULL', `(${x},${y}) has no outer hull ${want.side ?? ''} side`.trim(), {
      x,
      y,
    });
  const type = arena.tiles[arena.tileOf[sq] as number]?.type;
  if (type !== undefined && rules.pack.options.forcedEntryBarred.includes(type))
    throw new RuleError('ENTRY_BARRED', `no forced entry into the ${type}`, { x, y, type });
  if (arena.wholeHeight[sq] === 3)
    throw new RuleError('BAD_ENTRY', `(${x},${y}) is filled to the overhead`, { x, y });
  return { x, y, facing: INWARD[side] };
}
