import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import {
  fixedDeal,
  GM,
  PLAYER,
  ScriptThenSeeded,
  Table,
  threatPlaced,
} from '../../rules/fundamental-duck/test-kit.ts';
import { CoverNote } from './CoverNote.tsx';
import { chickenWalk } from './chicken-walk.ts';
import { asView, type FdView } from './model.ts';

/**
 * The move box's note on a chicken's walk to cover (12): where his nerve takes him and, for a step
 * down off an obstacle on the way (9.2), the chance of its fumble test, from the rules' `coverWay`.
 */

/**
 * YOU a chicken facing west, moving 3, Brick at (6,7), a Skitter at (5,6) in plain sight along row
 * 6 (chicken.test.ts): from the LOW crates at (8,6) his cover (7,7) is a step down; from (8,7) on
 * the floor it is a level step.
 */
function chickenAt(x: number, y: number): FdView {
  const t = new Table(new ScriptThenSeeded([], 3));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x, y, facing: 6, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', x: 6, y: 7, facing: 6, reason: 'set-up' }, GM);
  t.fold([
    { type: 'tile.entered', tile: 4, teamerId: 'you' },
    threatPlaced(4, { id: 's1', species: 'skitter', x: 5, y: 6, facing: 2 }),
  ]);
  t.send({ type: 'activate', teamerId: 'you' });
  t.send({ type: 'gmOverride', teamerId: 'you', chicken: true, reason: 'set-up' }, GM);
  t.dice = new ScriptThenSeeded([3], 3);
  t.send({ type: 'move', teamerId: 'you' });
  return asView(fd.view(t.state, PLAYER)) as FdView;
}

function note(v: FdView): string {
  const w = arenaFor(v.rules, v.arenaId).width;
  const walk = chickenWalk(v, v.teamers.you as Teamer, null, null, w);
  return renderToStaticMarkup(<CoverNote walk={walk} w={w} there={false} />);
}

describe("the table's note on a chicken's walk to cover", () => {
  it('names the step down off the crates and its fumble test: FF 5, 4 in 6 pass', () => {
    const html = note(chickenAt(8, 6));
    expect(html).toContain('data-testid="fd-chicken-walk"');
    expect(html).toContain('walks him on to (7,7)');
    expect(html).toContain('A step down off an obstacle to (7,7): fumble test, 66.7% to pass');
  });

  it('a walk on the level floor names no test', () => {
    const html = note(chickenAt(8, 7));
    expect(html).toContain('data-testid="fd-chicken-walk"');
    expect(html).not.toContain('fd-chicken-step-down');
    expect(html).not.toContain('fumble');
  });
});
