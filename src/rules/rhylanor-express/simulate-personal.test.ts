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

describe('runPersonal (the `personal` kind of bughunt simulate rhylanor-express)', () => {
  it('prints the odds; bad options are usage errors', async () => {
    const { runPersonal } = await import('./simulate-personal.ts');
    let out = '';
    const io = { out: (t: string) => (out += t), err: () => {} };
    expect(await runPersonal(['--n', '20', '--seed', '3', '--json'], io)).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ kind: 'personal', scenario: 'Starport brawl', n: 20, seed: 3 });
    out = '';
    expect(await runPersonal(['--scenario', 'Boarding action', '--n', '10', '--seed', '1'], io)).toBe(0);
    expect(out).toMatch(/^Boarding action: 10 fights, seed 1/);
    await expect(runPersonal(['--scenario', 'Nowhere'], io)).rejects.toThrow(/no firefight Nowhere/);
    await expect(runPersonal(['--n', '0'], io)).rejects.toThrow(/--n must be/);
  });
});
