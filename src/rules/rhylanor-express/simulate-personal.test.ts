import { describe, expect, it } from 'vitest';
import { defaultPack } from './data/pack.ts';
import { firefightStart, simulateFirefights } from './simulate-personal.ts';

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

  it('begins the fight with the scenario’s cover on the map', () => {
    const start = firefightStart(
      defaultPack,
      defaultPack.scenarios[0] as (typeof defaultPack.scenarios)[number],
    );
    expect(start.combat?.coverMap).toEqual([
      { id: 1, x: 14, y: 1.5, radius: 3, cover: 2, name: 'cargo pallets' },
    ]);
  });
});
