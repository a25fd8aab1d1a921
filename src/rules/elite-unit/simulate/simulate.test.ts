import { describe, expect, it } from 'vitest';
import { defaultPack } from '../data/pack.ts';
import { runFight } from './fight.ts';
import { simulate } from './simulate.ts';

describe('Elite Unit simulator', () => {
  const scenario = defaultPack.scenarios[0]!;
  it('a fight through the ruleset ends with a side standing or the Turn limit', () => {
    const o = runFight(defaultPack, scenario, 7);
    expect(o.standing).toHaveLength(5);
    expect(o.turns).toBeGreaterThanOrEqual(1);
    if (o.winner !== null) expect(o.standing.some((s) => s)).toBe(true);
  });
  it('the same seed gives the same report; intervals hold their estimate', () => {
    const a = simulate(defaultPack, scenario, 40, 1);
    expect(simulate(defaultPack, scenario, 40, 1)).toEqual(a);
    for (const w of a.wins) expect(w.low <= w.p && w.p <= w.high).toBe(true);
    expect(a.wins[0].count + a.wins[1].count + a.draws.count).toBe(40);
  });
});
