import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { defaultPack } from './data/pack.ts';
import type { RhylanorEvent, RhylanorState } from './ruleset.ts';
import { fightFirefight, firefightStart } from './simulate-personal.ts';

/** Freezes every object reachable from `x`, so a write into it throws (modules run strict). */
function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('the firefight simulator’s in-place fold', () => {
  it('makes the same events, end state and outcome as the copy-on-write fold, fight after fight', () => {
    let events = 0;
    const kinds = new Set<string>();
    for (const scenario of defaultPack.scenarios) {
      const start: RhylanorState = deepFreeze(firefightStart(defaultPack, scenario));
      for (let seed = 1; seed <= 60; seed++) {
        const copyLog: RhylanorEvent[] = [];
        const placeLog: RhylanorEvent[] = [];
        // The copy fold keeps every state it made: each end state is compared as a whole.
        const copy = fightFirefight(start, new SeededDice(seed), 20, { inPlace: false, log: copyLog });
        const inPlace = fightFirefight(start, new SeededDice(seed), 20, { inPlace: true, log: placeLog });
        expect(inPlace).toEqual(copy);
        expect(placeLog).toEqual(copyLog);
        events += copyLog.length;
        for (const e of copyLog) kinds.add(e.type);
      }
    }
    // The fights reach the policy's every kind of step: pool spends, wounds, melee, morale.
    expect(events).toBeGreaterThan(2000);
    for (const kind of ['pool.spent', 'character.wounded', 'combat.moraleRolled'])
      expect(kinds).toContain(kind);
  });

  it('leaves the start state as it was (it is frozen: a write into it would throw)', () => {
    const scenario = defaultPack.scenarios[0] as (typeof defaultPack.scenarios)[number];
    const start = deepFreeze(firefightStart(defaultPack, scenario));
    const before = JSON.stringify(start);
    const dice = new SeededDice(3);
    for (let i = 0; i < 50; i++) fightFirefight(start, dice);
    expect(JSON.stringify(start)).toBe(before);
  });
});
