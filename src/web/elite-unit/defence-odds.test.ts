import { describe, expect, it } from 'vitest';
import { defenceOdds, saveChance } from '../../rules/elite-unit/odds.ts';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import type { EliteUnitState } from '../../rules/elite-unit/state.ts';
import { GM, P2, Table } from '../../rules/elite-unit/test-kit.ts';

/**
 * The defender's prompt asks the ruleset's defenceOdds on the defender's own view, mid-battle,
 * where hidden sheets are names only: checked here against a count by hand.
 */
describe('the defender’s chance on a player’s view', () => {
  function swing(): EliteUnitState {
    const t = new Table();
    t.add('orr', 'o', P2);
    t.add('enforcer', 'e', null, true);
    t.add('raider', 'r', null, true);
    t.run({ type: 'battle.start', ids: ['o', 'e', 'r'] }, GM, [20, 10, 1]);
    t.run({ type: 'slot.end', id: 'o' }, P2);
    // Enforcer: d20 15 + Attack 7 + sword +1 = 23, against Orr (Dodge 6, Reactions 12, sword +4).
    t.run({ type: 'attack', attackerId: 'e', weapon: 'w1', targets: [{ id: 'o', distance: 2 }] }, GM, [15]);
    expect(t.state.pending?.attackTotal).toBe(23);
    return eliteUnit.view(t.state, P2) as unknown as EliteUnitState;
  }

  it('dodging: the attack hits when d20 + 6 is below 23 (16 faces in 20)', () => {
    expect(defenceOdds(swing()).hit).toBeCloseTo(16 / 20, 12);
  });

  it('parrying with the sword: the save holds 11 in 20, then d20 + 10 must reach 23', () => {
    const holds = saveChance(12);
    expect(holds).toBeCloseTo(11 / 20, 12);
    expect(defenceOdds(swing(), 'w1').hit).toBeCloseTo(holds * (12 / 20) + (1 - holds) * (16 / 20), 12);
  });
});
