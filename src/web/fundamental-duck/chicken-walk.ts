import type { Reach } from '../../rules/fundamental-duck/arena/movement.ts';
import { type CoverStage, coverWay } from '../../rules/fundamental-duck/chicken.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { asState, type FdView } from './model.ts';

/**
 * A chicken's walk to cover (12) before he ends his move: where his nerve would take him on from
 * the square he ends on (the plan's, else where he stands), by the rules' own `coverWay`, the way
 * `endMove` walks him. Null when he would stay (no chicken, shielded already, nowhere in reach).
 * `plan`: the square picked on the board, in `reach` (the move's reach from where he stands);
 * `width`: the arena's.
 */
export function chickenWalk(
  view: FdView,
  sel: Teamer,
  reach: Reach | null,
  plan: number | null,
  width: number,
): CoverStage[] | null {
  const m = view.move;
  if (!m || m.teamerId !== sel.id || m.vehicleId !== undefined || !sel.chicken) return null;
  const left = m.allowance - m.spent;
  const state = asState(view);
  if (plan === null || !reach) return coverWay(state, sel, left);
  const cost = reach.cost[plan] ?? -1;
  if (cost <= 0) return coverWay(state, sel, left);
  // Where the picked path leaves him: that square, facing the way its last step faced (the free
  // turn at the end comes after his nerve has walked him on, as in `endMove`).
  const there: Teamer = {
    ...sel,
    x: plan % width,
    y: Math.floor(plan / width),
    facing: (reach.facing[plan] ?? sel.facing) as Teamer['facing'],
  };
  return coverWay({ ...state, teamers: { ...state.teamers, [sel.id]: there } }, there, left - cost);
}
