import { describe, expect, it } from 'vitest';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, P2, Table } from './test-kit.ts';

/** Hidden NPC sheets and hidden rolls never reach a player's view or a player's copy of an event. */

function hiddenFight(): Table {
  const t = new Table();
  t.add('castell', 'castell', P1);
  t.add('enforcer', 'boss');
  t.run({ type: 'gm.set', id: 'boss', field: 'attribute', name: 'attack', value: 777 });
  t.run({ type: 'gm.set', id: 'boss', field: 'staminaMax', value: 888 });
  t.run({ type: 'gm.set', id: 'boss', field: 'stamina', value: 877 });
  t.run({ type: 'battle.start', ids: ['boss', 'castell'] }, GM, [20, 1]);
  t.run(
    { type: 'attack', attackerId: 'boss', weapon: 'w1', targets: [{ id: 'castell', distance: 1 }] },
    GM,
    [3],
  );
  t.run({ type: 'defend', targetId: 'castell' }, P1, [1, 5, 5]);
  t.run({ type: 'save', id: 'boss', attribute: 'willpower' }, GM, [4]);
  t.run({ type: 'save', id: 'castell', attribute: 'reactions', hidden: true }, GM, [7]);
  t.run({ type: 'table.roll', table: 'percent', hidden: true }, GM, [7, 7]);
  return t;
}

describe('hidden information', () => {
  it('NPCs are hidden by default; a player sees a name and state words only', () => {
    const t = hiddenFight();
    const view = JSON.stringify(eliteUnit.view(t.state, P2));
    expect(view).not.toMatch(/777|888|877/);
    expect(view).toContain('Enforcer');
    expect(JSON.stringify(eliteUnit.view(t.state, GM))).toMatch(/777/);
  });
  it("no player's copy of any event carries the hidden numbers or hidden rolls", () => {
    const t = hiddenFight();
    for (const seat of [P1, P2]) {
      const json = JSON.stringify(t.log.map((e) => eliteUnit.redact(e, seat)));
      expect(json).not.toMatch(/777|888|877/);
      expect(json).not.toContain('"faces":[7,7]');
      expect(json).not.toContain('"faces":[7]');
    }
    expect(JSON.stringify(t.log.map((e) => eliteUnit.redact(e, GM)))).toMatch(/777/);
  });
  it('the undo snapshot and the GM questions stay with the GM', () => {
    const t = hiddenFight();
    const view = eliteUnit.view(t.state, P1) as { undo: unknown; questions: unknown[] };
    expect(view.questions).toEqual([]);
    expect(JSON.stringify(view.undo)).not.toMatch(/777/);
  });
  it('revealing a sheet shows it', () => {
    const t = hiddenFight();
    t.run({ type: 'character.reveal', id: 'boss', hidden: false });
    expect(JSON.stringify(eliteUnit.view(t.state, P1))).toMatch(/777/);
  });
});
