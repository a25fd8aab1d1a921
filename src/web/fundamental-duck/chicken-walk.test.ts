import { describe, expect, it } from 'vitest';
import { pathTo, reachable } from '../../rules/fundamental-duck/arena/movement.ts';
import { arenaFor, arenaStateOf } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { chickenInTheOpen, GM, PLAYER, type Table } from '../../rules/fundamental-duck/test-kit.ts';
import { chickenWalk } from './chicken-walk.ts';
import { asView, type FdView } from './model.ts';

/**
 * The table's preview of a chicken's walk to cover (12): before he ends his move, where his nerve
 * will take him from where he stands or from the square picked, the very walk `endMove` makes.
 */

const viewOf = (t: Table) => asView(fd.view(t.state, PLAYER)) as FdView;

function reachOf(v: FdView) {
  const you = v.teamers.you as Teamer;
  const m = v.move;
  if (!m) throw new Error('no move');
  return reachable(
    arenaFor(v.rules, v.arenaId),
    arenaStateOf(v as never),
    { x: you.x as number, y: you.y as number },
    you.facing,
    m.allowance - m.spent,
    { mover: 'teamer', diagonalsCostTwo: v.rules.pack.options.switches.diagonalsCostTwo },
  );
}

describe("a chicken's walk to cover, shown before he ends his move", () => {
  it('from where he stands: the walk endMove then makes', () => {
    const t = chickenInTheOpen(true);
    const v = viewOf(t);
    const w = arenaFor(v.rules, v.arenaId).width;
    const walk = chickenWalk(v, v.teamers.you as Teamer, reachOf(v), null, w);
    expect(walk?.length).toBeGreaterThan(1);
    t.send({ type: 'endMove', teamerId: 'you' });
    const end = walk?.at(-1)?.square as number;
    expect(t.state.teamers.you).toMatchObject({ x: end % w, y: Math.floor(end / w) });
  });

  it('from the square picked: he walks the path, ends there, and his nerve takes him on as shown', () => {
    const t = chickenInTheOpen(true);
    const v = viewOf(t);
    const w = arenaFor(v.rules, v.arenaId).width;
    const reach = reachOf(v);
    // One step north to (1,6), still in the open.
    const plan = 6 * w + 1;
    const walk = chickenWalk(v, v.teamers.you as Teamer, reach, plan, w);
    expect(walk?.[0]?.square).toBe(plan);
    const stages = pathTo(reach, plan) ?? [];
    for (let k = 1; k < stages.length; k++) {
      const s = stages[k];
      const before = stages[k - 1];
      if (!s || !before) continue;
      t.send(
        s.square === before.square
          ? { type: 'turn', teamerId: 'you', facing: s.facing }
          : { type: 'step', teamerId: 'you', x: s.square % w, y: Math.floor(s.square / w) },
      );
    }
    expect(t.state.teamers.you).toMatchObject({ x: 1, y: 6 });
    t.send({ type: 'endMove', teamerId: 'you' });
    const end = walk?.at(-1)?.square as number;
    expect(t.state.teamers.you).toMatchObject({ x: end % w, y: Math.floor(end / w) });
  });

  it('shows nothing for a man who is no chicken, or one already behind a comrade', () => {
    const t = chickenInTheOpen(false);
    const v = viewOf(t);
    const w = arenaFor(v.rules, v.arenaId).width;
    expect(chickenWalk(v, v.teamers.you as Teamer, reachOf(v), null, w)).toBeNull();
    const hidden = chickenInTheOpen(true);
    hidden.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    const hv = viewOf(hidden);
    expect(chickenWalk(hv, hv.teamers.you as Teamer, reachOf(hv), null, w)).toBeNull();
  });
});
