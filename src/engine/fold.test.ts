import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceChat } from '../rules/dice-chat/dice-chat.ts';
import { appended, foldEvents, folding, replacedAt } from './fold.ts';
import { replay } from './replay.ts';

describe('appended / replacedAt', () => {
  it('outside a fold: a new list every time, the old one untouched', () => {
    const a = [1, 2];
    const b = appended(a, 3);
    expect(b).toEqual([1, 2, 3]);
    expect(a).toEqual([1, 2]);
    expect(appended(b, 4)).not.toBe(b);
    expect(replacedAt(b, 0, 9)).toEqual([9, 2, 3]);
    expect(b).toEqual([1, 2, 3]);
  });

  it('inside a fold: one copy of a list from outside, then growth in place', () => {
    const before = [1];
    const [first, second, third] = folding(() => {
      const x = appended(before, 2);
      const y = appended(x, 3);
      const z = replacedAt(y, 0, 7);
      return [x, y, z];
    });
    expect(before).toEqual([1]);
    expect(first).toBe(second);
    expect(second).toBe(third);
    expect(third).toEqual([7, 2, 3]);
    // Once the fold returned, its lists are anyone's: copied again on the next change.
    expect(appended(third as readonly number[], 4)).not.toBe(third);
  });

  it('ends the fold when its body throws', () => {
    expect(() =>
      folding(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const a = [1];
    expect(appended(a, 2)).not.toBe(a);
  });
});

const chatEvent = fc.oneof(
  fc.record({ type: fc.constant('chat.said' as const), by: fc.constantFrom('s1', 's2'), text: fc.string() }),
  fc.constant('roll' as const),
  fc.nat(30).map((n) => ({ reveal: n })),
);

describe('replaying the dice chat', () => {
  it('grows one entries list in place instead of copying it per event', () => {
    let state = diceChat.setup(undefined);
    const lists = new Set<unknown>();
    folding(() => {
      for (let i = 0; i < 100; i++) {
        state = diceChat.evolve(state, { type: 'chat.said', by: 's1', text: `line ${i}` });
        lists.add(state.chat.entries);
      }
    });
    expect(lists.size).toBe(1);
    expect(state.chat.entries).toHaveLength(100);
  });

  it('gives the state that event-by-event evolve gives, and leaves the start state alone', () => {
    fc.assert(
      fc.property(fc.array(chatEvent, { maxLength: 60 }), fc.nat(20), (script, split) => {
        let rolls = 0;
        const events = script.map((e) => {
          if (e === 'roll') {
            rolls++;
            const result = { notation: '1d6', total: 3, groups: [], text: '1d6: [3] = 3' };
            return {
              type: 'chat.rolled' as const,
              rollId: `r${rolls}`,
              by: 's1',
              notation: '1d6',
              visibility: 'blind' as const,
              result,
            };
          }
          if ('reveal' in e) {
            const result = { notation: '1d6', total: 3, groups: [], text: '1d6: [3] = 3' };
            return { type: 'chat.revealed' as const, rollId: `r${e.reveal}`, by: 's1', result };
          }
          return e;
        });
        const head = events.slice(0, split);
        let live = diceChat.setup(undefined);
        for (const e of head) live = diceChat.evolve(live, e);
        const start = JSON.stringify(live);
        let stepwise = live;
        for (const e of events.slice(split)) stepwise = diceChat.evolve(stepwise, e);
        const folded = foldEvents(live, events.slice(split), diceChat.evolve);
        expect(folded).toEqual(stepwise);
        expect(JSON.stringify(live)).toBe(start);
        expect(replay(diceChat, undefined, events)).toEqual(stepwise);
      }),
    );
  });
});
