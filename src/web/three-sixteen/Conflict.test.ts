import { describe, expect, it } from 'vitest';
import { campaignOf } from '../../rules/three-sixteen/campaign/model.ts';
import { squad } from '../../rules/three-sixteen/campaign/test-kit.ts';
import type { TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { conflictOutcome } from './Conflict.tsx';
import { asView, type View } from './model.ts';

/** The one line an ended conflict leaves on the Play tab, read from conflicts the rules ended. */

function line(t: TestTable): string {
  const view = asView(threeSixteen.view(t.state, { seatId: 'gm', role: 'gm' })) as View;
  const c = campaignOf(view).conflict;
  if (c?.step !== 'ended') throw new Error('the conflict has not ended');
  return conflictOutcome(view, c);
}

function smileAgainstFrinks() {
  const kit = squad([
    { name: 'Smile', fa: 7, nfa: 3 },
    { name: 'Frinks', fa: 4, nfa: 8, rank: 3 },
  ]);
  kit.t.send(kit.p(1), {
    type: 'startConflict',
    a: { kind: 'trooper', trooperId: 't1' },
    b: { kind: 'trooper', trooperId: 't2' },
  });
  return kit;
}

describe('the last conflict’s line', () => {
  it('names the winner, the loser and how it went, then the order once given', () => {
    const { t, p } = smileAgainstFrinks();
    t.send(p(1), { type: 'yieldConflict', side: 'a' });
    t.send(p(2), { type: 'answerYield', accept: true });
    expect(line(t)).toBe('Last conflict: Frinks wins against Smile (Smile yielded).');
    t.send(p(2), { type: 'imposeOrder', text: 'Smile carries the radio.' });
    expect(line(t)).toBe(
      'Last conflict: Frinks wins against Smile (Smile yielded). Order: “Smile carries the radio.”',
    );
  });

  it('tells a Strength answered with a Weakness, and a conflict the GM ended without a winner', () => {
    const won = smileAgainstFrinks();
    won.t.send(won.p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'Parade voice' });
    won.t.send(won.p(1), { type: 'answerConflictStrength', text: 'Flinches' });
    expect(line(won.t)).toBe(
      'Last conflict: Frinks wins against Smile (a Strength decided it). Smile answered with a Weakness and took the loss on their own terms: “Flinches”.',
    );
    const called = smileAgainstFrinks();
    called.t.send(called.gm, { type: 'gmEndConflict', winner: null, reason: 'the sirens' });
    expect(line(called.t)).toBe('Last conflict: no winner between Smile and Frinks (the GM called it).');
  });

  it('says an NPC felled by an ambush fell', () => {
    const { t, gm, p } = squad([{ name: 'Hicks', fa: 6, nfa: 4 }]);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'npc', name: 'Lt Frinks' },
    });
    // Hicks's 2 succeeds, the NPC's 9 fails: an ambush, and its one box takes the X.
    t.send(gm, { type: 'rollConflictDominance' }, [2, 9]);
    expect(line(t)).toBe('Last conflict: Hicks wins against Lt Frinks (Lt Frinks fell).');
  });
});
