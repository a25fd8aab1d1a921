import { describe, expect, it } from 'vitest';
import { saveChance } from '../../rules/elite-unit/odds.ts';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import type { EliteUnitState } from '../../rules/elite-unit/state.ts';
import { GM, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { defenceChance } from './defence-odds.ts';

/** The defender's chance, counted through the ruleset's decide, against a count by hand. */
describe('the chance of a pending attack, per defence', () => {
  function swing(): Table {
    const t = new Table();
    t.add('orr', 'o', P2);
    t.add('enforcer', 'e', null, true);
    // Enforcer: d20 15 + Attack 7 + sword +1 = 23, against Orr (Dodge 6, Reactions 12, sword +4).
    t.run({ type: 'attack', attackerId: 'e', weapon: 'w1', targets: [{ id: 'o', distance: 2 }] }, GM, [15]);
    expect(t.state.pending?.attackTotal).toBe(23);
    return t;
  }

  it('dodging: the attack hits when d20 + 6 is below 23 (16 faces in 20)', () => {
    const view = eliteUnit.view(swing().state, P2) as unknown as EliteUnitState;
    const c = defenceChance(view, P2, 'o');
    expect(c?.hit).toBeCloseTo(16 / 20, 12);
    expect(c?.parryHolds).toBeNull();
  });

  it('parrying with the sword: the save holds 11 in 20, then d20 + 10 must reach 23', () => {
    const view = eliteUnit.view(swing().state, P2) as unknown as EliteUnitState;
    const c = defenceChance(view, P2, 'o', 'w1');
    const holds = saveChance(12);
    expect(c?.parryHolds).toBeCloseTo(holds, 12);
    expect(c?.hit).toBeCloseTo(holds * (12 / 20) + (1 - holds) * (16 / 20), 12);
  });

  it('works in a battle on a player’s view, whose hidden sheets have no numbers', () => {
    const t = new Table();
    t.add('orr', 'o', P2);
    t.add('enforcer', 'e', null, true);
    t.add('raider', 'r', null, true);
    // Orr, the Enforcer, the Raider: after Orr's defence the Turn ends (the last slot's sheet is hidden).
    t.run({ type: 'battle.start', ids: ['o', 'e', 'r'] }, GM, [20, 10, 1]);
    t.run({ type: 'slot.end', id: 'o' }, P2);
    t.run({ type: 'attack', attackerId: 'e', weapon: 'w1', targets: [{ id: 'o', distance: 2 }] }, GM, [15]);
    const view = eliteUnit.view(t.state, P2) as unknown as EliteUnitState;
    expect(defenceChance(view, P2, 'o')?.hit).toBeCloseTo(16 / 20, 12);
  });

  it('is null for a defence the rules refuse (a parry with nothing that parries)', () => {
    const view = eliteUnit.view(swing().state, P2) as unknown as EliteUnitState;
    expect(defenceChance(view, P2, 'o', 'h9')).toBeNull();
  });
});
