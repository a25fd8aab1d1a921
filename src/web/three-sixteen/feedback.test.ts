import { describe, expect, it } from 'vitest';
import { TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { plainIssue } from '../api.ts';
import { asView, check, dicePlan, type SeatRef, type View } from './model.ts';

/** What the screens tell people: schema complaints in plain words, and the whole dice request. */

function playerView(): { view: View; p1: SeatRef } {
  const t = new TestTable();
  t.seat('gm', 'gm');
  const p1 = t.seat('p1', 'player') as SeatRef;
  const view = asView(threeSixteen.view(t.state, p1));
  if (!view) throw new Error('no view');
  return { view, p1 };
}

describe('feedback in plain words', () => {
  it('turns zod wordings into sentences naming the field', () => {
    expect(plainIssue('adjustment.killsThisMission', 'Invalid input: expected number, received NaN')).toBe(
      'Kills this mission: type a number',
    );
    expect(plainIssue('text', 'Too small: expected string to have >=1 characters')).toBe(
      'Text: type something first',
    );
    expect(plainIssue('fa', 'Too big: expected number to be <=10')).toBe('FA: use 10 or less');
    expect(plainIssue('adjustment.value', 'Invalid option: expected one of "close"|"near"')).toBe(
      'Value: choose one of close, near',
    );
    expect(plainIssue('', 'Invalid input')).toBe('This does not fit');
  });

  it('says a blank name in words, as the server would refuse it', () => {
    const { view, p1 } = playerView();
    const bad = check(view, p1, { type: 'createTrooper', name: '', fa: 5, nfa: 5 });
    expect(bad).toMatchObject({ ok: false, code: 'BAD_COMMAND', message: 'Name: type something first' });
  });

  it('knows how many dice a purpose takes and which one is wanted', () => {
    const { view, p1 } = playerView();
    const cmd = { type: 'createTrooper' as const, name: 'Hicks', fa: 3, nfa: 7 };
    expect(dicePlan(view, p1, cmd, [])).toEqual({ index: 1, count: 3 });
    expect(dicePlan(view, p1, cmd, [4, 5])).toEqual({ index: 3, count: 3 });
    // Nothing more is wanted once every die is in.
    expect(dicePlan(view, p1, cmd, [4, 5, 6])).toBeNull();
  });
});
