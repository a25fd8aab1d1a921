import { describe, expect, it } from 'vitest';
import { readCampaign } from '../../server/campaign-file.ts';
import { rulesetFor } from '../registry.ts';
import { CONDITIONS } from './data/tables.ts';
import { effectiveValue } from './rules/effective.ts';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, P2, refused, Table } from './test-kit.ts';

/**
 * Issue 18, override of any value: gm.set also puts conditions on and off, teaches or takes away
 * spells, adds or takes away carried items and sets or takes away NE stores; each change the GM
 * may undo, the impossible ones are refused with nothing changed, and a hidden sheet's lists stay
 * with the GM.
 */

function table(): Table {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.add('orr', 'o', P2);
  return t;
}

describe('gm.set on a sheet’s lists', () => {
  it('puts a condition on until removed, with Turns left, and takes it off', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'c', field: 'condition', name: 'invisible', value: true });
    expect(t.char('c').conditions).toEqual([{ id: 'invisible' }]);
    // Setting it again replaces it (one entry per condition), now with 3 Turns left.
    t.run({ type: 'gm.set', id: 'c', field: 'condition', name: 'invisible', value: 3 });
    expect(t.char('c').conditions).toEqual([{ id: 'invisible', turns: 3 }]);
    t.run({ type: 'gm.set', id: 'c', field: 'condition', name: 'invisible', value: false });
    expect(t.char('c').conditions).toEqual([]);
  });

  it('teaches a spell from the pack and takes one away', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'spell', name: 'drain-will', value: true });
    expect(t.char('o').spells).toEqual(['mend', 'ward', 'fireball', 'spark', 'drain-will']);
    t.run({ type: 'gm.set', id: 'o', field: 'spell', name: 'fireball', value: false });
    expect(t.char('o').spells).toEqual(['mend', 'ward', 'spark', 'drain-will']);
  });

  it('adds gear and a held shield (with the pack’s DC) and takes them away', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'c', field: 'item', name: 'paramedic-kit', value: true });
    expect(t.char('c').gear).toEqual(['first-aid-kit', 'paramedic-kit']);
    t.run({ type: 'gm.set', id: 'c', field: 'item', name: 'first-aid-kit', value: false });
    expect(t.char('c').gear).toEqual(['paramedic-kit']);
    t.run({ type: 'gm.set', id: 'c', field: 'item', name: 'riot-shield', value: true });
    const shield = eliteUnit.setup(undefined).pack.armour.find((a) => a.id === 'riot-shield');
    expect(t.char('c').held).toEqual([expect.objectContaining({ item: 'riot-shield', dc: shield?.dc })]);
    t.run({ type: 'gm.set', id: 'c', field: 'item', name: 'riot-shield', value: false });
    expect(t.char('c').held).toEqual([]);
  });

  it('sets the NE in a store, adds a store at the pack’s size and takes one away', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'neStore', name: 'staff', value: 35 });
    expect(t.char('o').neStores).toEqual([{ item: 'staff', ne: 35, max: 40, original: 20 }]);
    t.run({ type: 'gm.set', id: 'c', field: 'neStore', name: 'ne-amulet', value: 12 });
    expect(t.char('c').neStores).toEqual([{ item: 'ne-amulet', ne: 12, max: 20, original: 12 }]);
    t.run({ type: 'gm.set', id: 'o', field: 'neStore', name: 'staff', value: false });
    expect(t.char('o').neStores).toEqual([]);
  });

  it('gives a weapon of the pack (slung, loaded, no spares) and takes the last one of its kind away', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'c', field: 'weapon', name: 'service-pistol', value: true });
    t.run({ type: 'gm.set', id: 'c', field: 'weapon', name: 'service-pistol', value: true });
    const pistols = t.char('c').weapons.filter((w) => w.weapon === 'service-pistol');
    expect(pistols).toEqual([
      expect.objectContaining({ key: 'w3', inHands: false, loaded: 15, spares: [], recoil: 0 }),
      expect.objectContaining({ key: 'w4', inHands: false, loaded: 15, spares: [], recoil: 0 }),
    ]);
    t.run({ type: 'gm.set', id: 'c', field: 'weapon', name: 'service-pistol', value: false });
    expect(t.char('c').weapons.map((w) => w.key)).toEqual(['w1', 'w2', 'w3']);
    // The rifle she started with goes too; a new weapon then takes a key no other has.
    t.run({ type: 'gm.set', id: 'c', field: 'weapon', name: 'assault-rifle', value: false });
    t.run({ type: 'gm.set', id: 'c', field: 'weapon', name: 'sword', value: true });
    expect(t.char('c').weapons.map((w) => [w.key, w.weapon])).toEqual([
      ['w2', 'combat-knife'],
      ['w3', 'service-pistol'],
      ['w4', 'sword'],
    ]);
    // A sword parries: it comes with its parry DC.
    expect(t.char('c').weapons.at(-1)?.dc).toBeGreaterThan(0);
  });

  it('puts a worn layer on over or under the others, at full DC, and takes one off', () => {
    const t = table();
    const names = () => t.char('c').armour.map((l) => l.item);
    expect(names()).toEqual(['flak-vest', 'undersuit']);
    t.run({ type: 'gm.set', id: 'c', field: 'layer', name: 'plate-carrier', value: true });
    t.run({ type: 'gm.set', id: 'c', field: 'layer', name: 'undersuit', value: 'inner' });
    expect(names()).toEqual(['plate-carrier', 'flak-vest', 'undersuit', 'undersuit']);
    const plate = eliteUnit.setup(undefined).pack.armour.find((a) => a.id === 'plate-carrier');
    expect(t.char('c').armour[0]).toMatchObject({
      dc: plate?.dc,
      dcMax: plate?.dc,
      resilience: plate?.resilience,
    });
    expect(new Set(t.char('c').armour.map((l) => l.key)).size).toBe(4);
    t.run({ type: 'gm.set', id: 'c', field: 'layer', name: 'flak-vest', value: false });
    expect(names()).toEqual(['plate-carrier', 'undersuit', 'undersuit']);
  });

  it('takes away no weapon an attack waiting for its defence is made with', () => {
    const t = table();
    t.add('raider', 'r');
    t.run({ type: 'attack', attackerId: 'c', weapon: 'w1', targets: [{ id: 'r', distance: 20 }] }, P1, [10]);
    expect(
      refused(t, { type: 'gm.set', id: 'c', field: 'weapon', name: 'assault-rifle', value: false }),
    ).toBe('WEAPON_IN_USE');
    // Another weapon of hers may go.
    t.run({ type: 'gm.set', id: 'c', field: 'weapon', name: 'combat-knife', value: false });
    expect(t.char('c').weapons.map((w) => w.weapon)).toEqual(['assault-rifle']);
  });

  it('teaches a skill some rule reads (a vehicle’s, a kit’s) and takes one away', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'skill', name: 'Scout buggy', value: true });
    expect(t.char('o').skills).toContain('Scout buggy');
    t.run({ type: 'gm.set', id: 'o', field: 'skill', name: 'Scout buggy', value: false });
    expect(t.char('o').skills).not.toContain('Scout buggy');
    // The buggy's −10 for no skill goes once the skill is taught (§13.2).
    const risky = {
      type: 'vehicle.risky',
      driverId: 'o',
      vehicle: 'buggy',
      controls: 'manual',
      action: 'sharpTurn',
    };
    const target = () => (t.run(risky, P2, [1])[0] as { save: { target: number } }).save.target;
    const without = target();
    t.run({ type: 'gm.set', id: 'o', field: 'skill', name: 'Scout buggy', value: true });
    expect(target()).toBe(without + 10);
  });

  it('sets what an attribute has lost for now (a drain) or for good (a spell’s reduction); 0 clears it', () => {
    const t = table();
    const strength = () => effectiveValue(t.char('c'), t.state.pack, 'strength');
    const full = strength();
    t.run({ type: 'gm.set', id: 'c', field: 'drain', name: 'strength', value: 3 });
    t.run({ type: 'gm.set', id: 'c', field: 'spellReduction', name: 'strength', value: 2 });
    expect(t.char('c')).toMatchObject({ drains: { strength: 3 }, spellReductions: { strength: 2 } });
    expect(strength()).toBe(full - 5);
    // A drain recovers by the hour; a reduction does not.
    t.run({ type: 'time.pass', hours: 3 });
    expect(t.char('c')).toMatchObject({ drains: {}, spellReductions: { strength: 2 } });
    t.run({ type: 'gm.set', id: 'c', field: 'spellReduction', name: 'strength', value: 0 });
    expect(t.char('c').spellReductions).toEqual({});
    expect(strength()).toBe(full);
  });

  it('each change is the GM’s to undo', () => {
    const t = table();
    const before = t.char('o');
    for (const [field, name, value] of [
      ['condition', 'spellsDouble', 2],
      ['spell', 'mend', false],
      ['item', 'vent', true],
      ['neStore', 'staff', 0],
      ['weapon', 'sword', true],
      ['layer', 'flak-vest', 'inner'],
      ['skill', 'Tracked APC', true],
      ['drain', 'dodge', 4],
      ['spellReduction', 'reactions', 1],
    ] as const) {
      t.run({ type: 'gm.set', id: 'o', field, name, value });
      expect(t.char('o')).not.toEqual(before);
      t.run({ type: 'gm.undo' });
      expect(t.char('o')).toEqual(before);
    }
  });

  it('refuses what the rules or the pack do not know, and impossible values, changing nothing', () => {
    const t = table();
    const set = (field: string, name: string, value: unknown, id = 'o') =>
      refused(t, { type: 'gm.set', id, field, name, value });
    expect(set('condition', 'cursed', true)).toBe('UNKNOWN_CONDITION');
    expect(set('condition', 'invisible', false)).toBe('VALUE_INVALID');
    expect(set('condition', 'invisible', 0)).toBe('VALUE_INVALID');
    expect(set('condition', 'invisible', 'yes')).toBe('VALUE_INVALID');
    expect(set('spell', 'wish', true)).toBe('UNKNOWN_SPELL');
    expect(set('spell', 'mend', true)).toBe('VALUE_INVALID');
    expect(set('spell', 'drain-will', false)).toBe('VALUE_INVALID');
    expect(set('spell', 'drain-will', 1)).toBe('VALUE_INVALID');
    expect(set('item', 'jetpack', true)).toBe('UNKNOWN_ITEM');
    expect(set('item', 'staff', true)).toBe('VALUE_INVALID');
    expect(set('item', 'vent', false)).toBe('VALUE_INVALID');
    expect(set('neStore', 'vent', 5)).toBe('UNKNOWN_ITEM');
    expect(set('neStore', 'staff', -1)).toBe('VALUE_INVALID');
    expect(set('neStore', 'staff', 41)).toBe('VALUE_INVALID');
    expect(set('neStore', 'staff', 2.5)).toBe('VALUE_INVALID');
    expect(set('neStore', 'ne-amulet', false)).toBe('VALUE_INVALID');
    expect(set('weapon', 'railgun', true)).toBe('UNKNOWN_WEAPON');
    expect(set('weapon', 'minigun', false)).toBe('VALUE_INVALID');
    expect(set('weapon', 'sword', 2)).toBe('VALUE_INVALID');
    expect(set('layer', 'chainmail', true)).toBe('UNKNOWN_ITEM');
    expect(set('layer', 'riot-shield', true)).toBe('VALUE_INVALID');
    expect(set('layer', 'powered-armour', false)).toBe('VALUE_INVALID');
    expect(set('layer', 'flak-vest', 'outer')).toBe('VALUE_INVALID');
    expect(set('skill', 'Juggling', true)).toBe('UNKNOWN_SKILL');
    expect(set('skill', 'Tracked APC', false)).toBe('VALUE_INVALID');
    expect(set('skill', 'Tracked APC', 1)).toBe('VALUE_INVALID');
    expect(set('drain', 'luck', 2)).toBe('VALUE_INVALID');
    expect(set('drain', 'strength', -1)).toBe('VALUE_INVALID');
    expect(set('spellReduction', 'strength', 1.5)).toBe('VALUE_INVALID');
    // No field is without its name: the command's schema still holds its other fields.
    expect(() =>
      eliteUnit.commandSchema.parse({ type: 'gm.set', id: 'o', field: 'spell', value: true, x: 1 }),
    ).toThrow();
  });

  it('the condition list holds every condition a rule leaves', () => {
    expect(CONDITIONS).toEqual(
      expect.arrayContaining([
        'invisible',
        'shrunk',
        'timeLeap',
        'scrambleNext',
        'diesThisYear',
        'prostheticFailsThisYear',
      ]),
    );
    expect(new Set(CONDITIONS).size).toBe(CONDITIONS.length);
  });
});

describe('importing list overrides', () => {
  function file(events: readonly unknown[]) {
    return {
      table: { system: 'elite-unit', name: 'Lists' },
      events: [
        { type: 'seat.joined', seatId: 'gm', role: 'gm', name: 'Gina' },
        { type: 'seat.joined', seatId: 'p1', role: 'player', name: 'Pia' },
        { type: 'seat.joined', seatId: 'p2', role: 'player', name: 'Pol' },
        ...events,
      ].map((event, i) => ({ seq: i + 1, at: '2026-11-26T06:00:00.000Z', by: null, commandId: null, event })),
    };
  }
  const tampered = (set: Record<string, unknown>) => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'spell', name: 'drain-will', value: true });
    const log = structuredClone(t.log) as unknown as { patches?: { set: Record<string, unknown> }[] }[];
    const last = log.at(-1)?.patches?.[0];
    if (!last) throw new Error('no patch');
    last.set = set;
    return file(log);
  };

  it('accepts what decide made, and refuses an unknown spell, condition, item or store in a patch', () => {
    const t = table();
    t.run({ type: 'gm.set', id: 'o', field: 'spell', name: 'drain-will', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'condition', name: 'invisible', value: 2 });
    t.run({ type: 'gm.set', id: 'o', field: 'item', name: 'riot-shield', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'neStore', name: 'ne-amulet', value: 3 });
    t.run({ type: 'gm.set', id: 'o', field: 'weapon', name: 'plasma-carbine', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'layer', name: 'plate-carrier', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'skill', name: 'VTOL gunship', value: true });
    t.run({ type: 'gm.set', id: 'o', field: 'drain', name: 'strength', value: 2 });
    expect(readCampaign(file(t.log), rulesetFor).events).toHaveLength(t.log.length + 3);
    const o = t.char('o');
    for (const [set, message] of [
      [{ spells: [...o.spells, 'wish'] }, /no spell wish/],
      [{ conditions: [{ id: 'cursed' }] }, /unknown condition cursed/],
      [{ gear: ['jetpack'] }, /no item jetpack/],
      [{ neStores: [{ item: 'vent', ne: 1, max: 2, original: 1 }] }, /no NE store vent/],
      [{ neStores: [{ item: 'staff', ne: 50, max: 40, original: 1 }] }, /NE store would pass its maximum/],
      [{ weapons: [...o.weapons, { ...o.weapons[0], key: 'w9', weapon: 'railgun' }] }, /no weapon railgun/],
      [
        { armour: [{ key: 'a9', item: 'riot-shield', name: 'Shield', dc: 1, dcMax: 1, resilience: 1 }] },
        /no worn armour riot-shield/,
      ],
      [{ skills: [...o.skills, 'Juggling'] }, /reads a skill Juggling/],
      [{ drains: { luck: 2 } }, /no attribute luck/],
      [{ spellReductions: { strength: -3 } }, /less than nothing/],
    ] as const)
      expect(() => readCampaign(tampered(set), rulesetFor)).toThrow(message);
  });
});

describe('a hidden sheet’s lists', () => {
  it('players see none of what the GM put on a hidden NPC; the GM sees it all', () => {
    const t = table();
    t.add('enforcer', 'boss');
    t.run({ type: 'gm.set', id: 'boss', field: 'condition', name: 'wizardTwenty', value: 4 });
    t.run({ type: 'gm.set', id: 'boss', field: 'spell', name: 'spell-scramble', value: true });
    t.run({ type: 'gm.set', id: 'boss', field: 'item', name: 'paramedic-kit', value: true });
    t.run({ type: 'gm.set', id: 'boss', field: 'neStore', name: 'ne-amulet', value: 17 });
    t.run({ type: 'gm.set', id: 'boss', field: 'weapon', name: 'plasma-carbine', value: true });
    t.run({ type: 'gm.set', id: 'boss', field: 'layer', name: 'powered-armour', value: true });
    t.run({ type: 'gm.set', id: 'boss', field: 'skill', name: 'VTOL gunship', value: true });
    const secret = /wizardTwenty|spell-scramble|paramedic-kit|ne-amulet|plasma-carbine|powered-armour|VTOL/;
    for (const seat of [P1, P2]) {
      // The pack itself names every spell and item; the hidden sheet must name none of them.
      const view = eliteUnit.view(t.state, seat) as { characters: Record<string, unknown> };
      expect(JSON.stringify(view.characters.boss)).not.toMatch(
        /wizardTwenty|spell-scramble|paramedic|amulet|17|plasma|powered|VTOL/i,
      );
      expect(JSON.stringify(view.characters)).not.toMatch(secret);
      expect(JSON.stringify(t.log.map((e) => eliteUnit.redact(e, seat)))).not.toMatch(secret);
    }
    const gm = eliteUnit.view(t.state, GM) as { characters: Record<string, unknown> };
    expect(JSON.stringify(gm.characters.boss)).toMatch(/wizardTwenty.*paramedic-kit.*spell-scramble/);
  });
});
