import { describe, expect, it } from 'vitest';
import { campaignOf } from '../campaign/model.ts';
import { squad } from '../campaign/test-kit.ts';

/**
 * At a real table a player types in the faces of their own dice. Those faces decide that player's
 * rolls and nothing else: the roll-offs the engine makes afterwards, the other side of a conflict,
 * the other candidates of a field promotion all come from the table's dice.
 */
describe('3:16 typed dice decide only the typist’s rolls', () => {
  it('a Dominance tie with the aliens is rolled off with the table’s dice, not the player’s', () => {
    const { t, gm, p } = squad(
      [
        { name: 'Ann', fa: 5, nfa: 5 },
        { name: 'Ben', fa: 5, nfa: 5 },
      ],
      { aa: 5 },
    );
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    t.send(p(2), { type: 'rollDominance', actor: 't2' }, [2]);
    t.send(gm, { type: 'rollDominance', actor: 'aliens' }, [3]);
    // Ann ties the aliens' 3: her typed face is her own roll; the roll-off is the table's.
    expect(() => t.send(p(1), { type: 'rollDominance', actor: 't1' }, [3, 10, 1], [10, 1])).toThrow(/unused/);
    const events = t.send(p(1), { type: 'rollDominance', actor: 't1' }, [3], [10, 1]);
    expect(events.at(-1)).toMatchObject({
      type: 'dominance.resolved',
      tieBreaks: [
        { actor: 't1', face: 10 },
        { actor: 'aliens', face: 1 },
      ],
    });
  });

  it('in a conflict the other side’s test is the table’s, for Dominance and for every round', () => {
    const { t, p } = squad([
      { name: 'Ann', fa: 5, nfa: 5 },
      { name: 'Ben', fa: 5, nfa: 5 },
    ]);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    t.send(p(1), { type: 'rollConflictDominance' }, [9], [9]);
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'emotional' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    t.send(p(2), { type: 'rollConflictRound' }, [7], [9]);
    expect(t.log.find((e) => e.type === 'conflict.roundRolled')).toMatchObject({
      tests: { a: { face: 9 }, b: { face: 7 } },
    });
    expect(campaignOf(t.state).conflict?.round).toBe(2);
  });
});
