import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { chickenByTheCrates, PLAYER } from '../../rules/fundamental-duck/test-kit.ts';
import { CoverNote } from './CoverNote.tsx';
import { chickenWalk } from './chicken-walk.ts';
import { asView, type FdView } from './model.ts';

/**
 * The move box's note on a chicken's walk to cover (12): where his nerve takes him and, for a step
 * down off an obstacle on the way (9.2), the chance of its fumble test, from the rules' `coverWay`.
 */

/** YOU a chicken moving 3 by the crates of tile 4 (`chickenByTheCrates`): on them at (8,6), or beside them at (8,7). */
const chickenAt = (x: number, y: number): FdView =>
  asView(fd.view(chickenByTheCrates(x, y, 3).state, PLAYER)) as FdView;

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
