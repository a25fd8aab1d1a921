import { describe, expect, it } from 'vitest';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { describeEliteUnitEvent } from './describe-event.ts';
import { namesFor, Override, type OverrideInput, overrideCommand } from './Gm.tsx';
import { render, viewFor } from './render-kit.tsx';

/**
 * The GM's override form on a sheet's lists (issue 18): conditions, spells, carried items and NE
 * stores. What the form would send is run through the ruleset, so the form never offers a
 * command the rules refuse.
 */

function table(): Table {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.add('orr', 'o', P2);
  t.add('enforcer', 'boss');
  return t;
}

const input = (o: Partial<OverrideInput> & Pick<OverrideInput, 'field' | 'name'>): OverrideInput => ({
  id: 'o',
  value: '',
  remove: false,
  ...o,
});

describe('the override form on a sheet’s lists', () => {
  it('offers the list fields and the losses, each a native control the keyboard reaches', () => {
    const html = render(<Override view={viewFor(table().state, GM)} />);
    for (const f of [
      'condition',
      'spell',
      'skill',
      'item',
      'weapon',
      'layer',
      'neStore',
      'drain',
      'spellReduction',
    ])
      expect(html).toContain(`<option value="${f}">`);
    expect(html).toContain('<button type="submit"');
  });

  it('names what the rules and the pack know, marking what the sheet has now', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'condition', name: 'invisible', value: 2 });
    const view = viewFor(t.state, GM);
    const label = (field: OverrideInput['field'], value: string) =>
      namesFor(view, 'o', field).find((n) => n.value === value)?.label;
    expect(label('condition', 'invisible')).toBe('invisible (on, 2 Turns)');
    expect(label('spell', 'mend')).toBe('Mend (known)');
    expect(label('spell', 'drain-will')).toBe('Drain Will');
    expect(label('neStore', 'staff')).toBe('Staff (20 of 40 NE)');
    expect(label('item', 'riot-shield')).toBe('Riot shield');
    expect(label('weapon', 'sword')).toBe('Sword (carries 1)');
    expect(namesFor(view, 'c', 'skill').find((n) => n.value === 'First aid')?.label).toBe('First aid (has)');
    expect(label('skill', 'Scout buggy')).toBe('Scout buggy');
    expect(label('weapon', 'minigun')).toBe('Limtex Mini Gun');
    expect(namesFor(view, 'c', 'layer').find((n) => n.value === 'undersuit')?.label).toMatch(/ \(wears 1\)$/);
    expect(label('layer', 'undersuit')).not.toMatch(/wears/);
    // A held shield is an item, not a worn layer.
    expect(namesFor(view, 'o', 'layer').map((n) => n.value)).not.toContain('riot-shield');
    // NE stores have their own field: the item list leaves them out.
    expect(namesFor(view, 'o', 'item').map((n) => n.value)).not.toContain('staff');
  });

  it('each command the form builds is accepted by the ruleset and does what it says', () => {
    const t = table();
    const send = (i: OverrideInput) => {
      const cmd = overrideCommand(i);
      if (!cmd) throw new Error(`the form sends nothing for ${i.field}`);
      t.run(cmd);
    };
    send(input({ field: 'condition', name: 'spellsDouble', value: '3' }));
    send(input({ field: 'condition', name: 'invulnerable' }));
    send(input({ field: 'spell', name: 'drain-will' }));
    send(input({ field: 'spell', name: 'spark', remove: true }));
    send(input({ field: 'item', name: 'riot-shield' }));
    send(input({ field: 'item', name: 'vent' }));
    send(input({ field: 'neStore', name: 'staff', value: '33' }));
    send(input({ field: 'neStore', name: 'ne-amulet', value: '5' }));
    send(input({ field: 'condition', name: 'invulnerable', remove: true }));
    send(input({ field: 'stamina', name: '', value: '20' }));
    send(input({ field: 'weapon', name: 'plasma-carbine' }));
    send(input({ field: 'weapon', name: 'sword', remove: true }));
    send(input({ field: 'layer', name: 'flak-vest' }));
    send(input({ field: 'layer', name: 'plate-carrier', value: 'inner' }));
    send(input({ field: 'layer', name: 'flak-vest', remove: true }));
    send(input({ field: 'skill', name: 'Tracked APC' }));
    send(input({ field: 'drain', name: 'dodge', value: '2' }));
    send(input({ field: 'spellReduction', name: 'reactions', value: '1' }));
    const o = t.char('o');
    expect(o.skills).toContain('Tracked APC');
    expect(o).toMatchObject({ drains: { dodge: 2 }, spellReductions: { reactions: 1 } });
    expect(namesFor(viewFor(t.state, GM), 'o', 'drain').find((n) => n.value === 'dodge')?.label).toMatch(
      /\(−2\)$/,
    );
    expect(o.weapons.map((w) => w.weapon)).not.toContain('sword');
    expect(o.weapons.at(-1)?.weapon).toBe('plasma-carbine');
    expect(o.armour.map((l) => l.item)).toEqual(['plate-carrier']);
    expect(o.conditions).toEqual([{ id: 'spellsDouble', turns: 3 }]);
    expect(o.spells).toEqual(['mend', 'ward', 'fireball', 'drain-will']);
    expect(o.held.map((h) => h.item)).toEqual(['riot-shield']);
    expect(o.gear).toEqual(['vent']);
    expect(o.neStores.map((s) => [s.item, s.ne])).toEqual([
      ['staff', 33],
      ['ne-amulet', 5],
    ]);
    expect(o.stamina).toBe(20);
    send(input({ field: 'neStore', name: 'ne-amulet', remove: true }));
    expect(t.char('o').neStores.map((s) => s.item)).toEqual(['staff']);
  });

  it('sends nothing while a needed number is missing or not a number', () => {
    expect(overrideCommand(input({ field: 'neStore', name: 'staff' }))).toBeNull();
    expect(overrideCommand(input({ field: 'stamina', name: '', value: 'abc' }))).toBeNull();
    expect(overrideCommand(input({ field: 'condition', name: 'invisible', value: 'x' }))).toBeNull();
  });

  it('sends the state of a body part, which is a word and not a number', () => {
    expect(overrideCommand(input({ field: 'part', name: 'arms', value: 'damaged' }))).toEqual({
      type: 'gm.set',
      id: 'o',
      field: 'part',
      name: 'arms',
      value: 'damaged',
    });
  });

  it('the log says what was given or taken, in words', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'spell', name: 'drain-will', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'neStore', name: 'staff', value: false });
    t.run({ type: 'gm.set', id: 'o', field: 'weapon', name: 'plasma-carbine', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'weapon', name: 'sword', value: false });
    t.run({ type: 'gm.set', id: 'o', field: 'layer', name: 'flak-vest', value: 'inner' });
    t.run({ type: 'gm.set', id: 'o', field: 'layer', name: 'flak-vest', value: false });
    const said = t.log
      .slice(-6)
      .map((e) =>
        describeEliteUnitEvent(e as unknown as Parameters<typeof describeEliteUnitEvent>[0], () => 'Orr'),
      );
    expect(said).toEqual([
      'The GM gives Orr the spell drain will.',
      'The GM takes from Orr the ne store staff.',
      'The GM gives Orr plasma carbine (slung, no spare ammunition).',
      'The GM takes sword away from Orr.',
      'The GM puts flak vest on Orr as the innermost layer.',
      'The GM takes flak vest off Orr.',
    ]);
  });
});
