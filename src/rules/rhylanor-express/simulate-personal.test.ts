import { describe, expect, it } from 'vitest';
import { defaultPack } from './data/pack.ts';
import { simulateFirefights } from './simulate-personal.ts';

describe('firefight simulator (through the ruleset)', () => {
  it('plays the pack scenarios to an end, the same seed the same numbers', () => {
    for (const scenario of defaultPack.scenarios) {
      const a = simulateFirefights(defaultPack, scenario, 40, 7);
      const b = simulateFirefights(defaultPack, scenario, 40, 7);
      expect(a).toEqual(b);
      expect(a.wins.a.count + a.wins.b.count + a.undecided.count).toBe(40);
      // Fights end: most are decided inside the turn limit.
      expect(a.undecided.count).toBeLessThan(40);
      expect(a.turns.mean).toBeGreaterThan(0);
    }
  });
});
