import { describe, expect, it } from 'vitest';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { diffViews } from './history.ts';
import { asView, type View } from './model.ts';

const gmView = (state: unknown): View =>
  asView(threeSixteen.view(state as never, { seatId: 'gm', role: 'gm' })) as View;

describe('3:16 round report', () => {
  it('reads each turn off two views: who acted, on what roll, and what it changed', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    playRound(t, gm, { t1: { kind: 'fa', weapon: 'energyRifle' } }, { t1: 5, aliens: 9 });
    const before = gmView(t.state);
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    const after = gmView(t.state);
    expect(diffViews(before, after)).toEqual([
      { encounter: 1, round: 1, text: 'Tpr Hicks (5 success): Hicks +7 kills; tokens 2 → 1' },
    ]);
    // Nothing changed: nothing to report.
    expect(diffViews(after, after)).toEqual([]);
  });
});
