import { describe, expect, it } from 'vitest';
import type { EliteUnitCommand } from './commands.ts';
import { attackOdds, defenceOdds, saveChance } from './odds.ts';
import { effectiveValue } from './rules/effective.ts';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, Table } from './test-kit.ts';

describe('exact odds of one attack', () => {
  it('saves: below the target, a 20 chains', () => {
    expect(saveChance(13)).toBeCloseTo(12 / 20);
    expect(saveChance(1)).toBe(0);
    expect(saveChance(25)).toBeCloseTo(19 / 20 + 4 / 400);
  });
  it('hit chance matches counting the d20 pairs; probabilities stay in 0…1', () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('raider', 'b');
    const command = eliteUnit.commandSchema.parse({
      type: 'attack',
      attackerId: 'a',
      weapon: 'w1',
      mode: 'auto',
      targets: [{ id: 'b', distance: 40 }],
    }) as Extract<EliteUnitCommand, { type: 'attack' }>;
    const odds = attackOdds(t.state, command, P1);
    // Attack d20 + 11 against defence d20 + 4: hit when a + 7 > d.
    let pairs = 0;
    for (let a = 1; a <= 20; a++) for (let d = 1; d <= 20; d++) if (a + 7 > d) pairs++;
    expect(odds.hit).toBeCloseTo(pairs / 400, 12);
    // 2D6 against a flak vest (R 6, DC 40): nothing ever reaches Stamina.
    expect(odds.hurt).toBe(0);
    expect(odds.dead).toBe(0);
  });
  it('after the declaration: the odds of the pending attack, per defence choice', () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('enforcer', 'b');
    t.run({ type: 'attack', attackerId: 'b', weapon: 'w1', targets: [{ id: 'a', distance: 1 }] }, GM, [10]);
    const total = t.state.pending?.attackTotal as number;
    const dodge = effectiveValue(t.char('a'), t.state.pack, 'dodge');
    const hits = (bonus: number) => {
      let n = 0;
      for (let d = 1; d <= 20; d++) if (total > d + dodge + bonus) n++;
      return n / 20;
    };
    expect(defenceOdds(t.state).hit).toBeCloseTo(hits(0), 12);
    // Parrying with the rifle: the Reactions save gives its Dodge Bonus (+2) when it holds.
    const ok = saveChance(effectiveValue(t.char('a'), t.state.pack, 'reactions'));
    expect(defenceOdds(t.state, 'w1').hit).toBeCloseTo(ok * hits(2) + (1 - ok) * hits(0), 12);
    expect(() => defenceOdds(new Table().state)).toThrow(RangeError);
  });
  it("a prosthetic trunk's 1-in-10 failure on a hit counts among the deaths", () => {
    const odds = (prosthetic: boolean) => {
      const t = new Table();
      t.add('enforcer', 'a');
      t.add('raider', 'b');
      // No armour, so the sword's 2D10 often passes a quarter of Stamina 24 and rolls a location.
      t.run({ type: 'gm.set', id: 'b', field: 'layerDc', name: 'a1', value: 0 });
      if (prosthetic) t.run({ type: 'gm.set', id: 'b', field: 'part', name: 'trunk', value: 'prosthetic' });
      const command = eliteUnit.commandSchema.parse({
        type: 'attack',
        attackerId: 'a',
        weapon: 'w1',
        targets: [{ id: 'b', distance: 1 }],
      }) as Extract<EliteUnitCommand, { type: 'attack' }>;
      return attackOdds(t.state, command, GM);
    };
    const intact = odds(false);
    const fitted = odds(true);
    expect(fitted.hit).toBeCloseTo(intact.hit, 12);
    // A first hit on an intact trunk only damages it; a prosthetic one fails on a d10 of 1.
    const extra = fitted.dead - intact.dead;
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThanOrEqual(0.1 * 0.2 * fitted.hit + 1e-12);
  });
});
