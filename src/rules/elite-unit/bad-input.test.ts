import { describe, expect, it } from 'vitest';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, P2, refused, Table } from './test-kit.ts';

/** Bad input: a stable code, and the state exactly as it was. */

function fight(): Table {
  const t = new Table();
  t.add('castell', 'castell', P1);
  t.add('enforcer', 'enforcer');
  t.add('vey', 'vey', P2);
  t.run({ type: 'battle.start', ids: ['castell', 'enforcer', 'vey'] }, GM, [15, 5, 2]);
  return t;
}

const rifleAt = (distance: number, extra: Record<string, unknown> = {}) => ({
  type: 'attack',
  attackerId: 'castell',
  weapon: 'w1',
  targets: [{ id: 'enforcer', distance }],
  ...extra,
});

describe('bad input', () => {
  it('an unknown weapon', () => {
    expect(refused(fight(), rifleAt(10, { weapon: 'w9' }), P1)).toBe('UNKNOWN_WEAPON');
  });
  it('a mode the weapon lacks', () => {
    const t = fight();
    expect(refused(t, rifleAt(10, { weapon: 'w2', mode: 'burst' }), P1)).toBe('WEAPON_NOT_IN_HANDS');
    expect(refused(t, rifleAt(10, { mode: 'manual' }), P1)).toBe('MODE_NOT_AVAILABLE');
  });
  it('attacking out of turn, and for someone else', () => {
    const t = fight();
    expect(
      refused(
        t,
        { type: 'attack', attackerId: 'vey', weapon: 'w1', targets: [{ id: 'enforcer', distance: 5 }] },
        P2,
      ),
    ).toBe('NOT_YOUR_SLOT');
    expect(refused(t, rifleAt(10), P2)).toBe('NOT_YOUR_CHARACTER');
  });
  it('a d20 face of 21', () => {
    expect(refused(fight(), rifleAt(10), P1, [21])).toBe('DICE_FACE_INVALID');
  });
  it('missing dice ask for the next die', () => {
    expect(refused(fight(), rifleAt(10), P1, [])).toBe('DICE_NEEDED');
  });
  it('out of range, too many rounds, a spread without Full Auto', () => {
    const t = fight();
    expect(refused(t, rifleAt(1001), P1)).toBe('OUT_OF_RANGE');
    expect(refused(t, rifleAt(10, { mode: 'fullAuto', rounds: 16 }), P1)).toBe('ROUNDS_OVER_CAP');
    expect(
      refused(
        t,
        {
          ...rifleAt(10),
          targets: [
            { id: 'enforcer', distance: 10 },
            { id: 'vey', distance: 10 },
          ],
        },
        P1,
      ),
    ).toBe('SPREAD_NEEDS_FULL_AUTO');
  });
  it('defending for the wrong target or parrying a bullet', () => {
    const t = fight();
    t.run(rifleAt(10, { mode: 'auto' }), P1, [10]);
    expect(refused(t, { type: 'defend', targetId: 'vey' }, P2)).toBe('NOT_YOUR_DEFENCE');
    expect(refused(t, { type: 'defend', targetId: 'enforcer', parry: 'w1' })).toBe('PARRY_NOT_ALLOWED');
    expect(refused(t, rifleAt(10), P1)).toBe('DEFENCE_PENDING');
  });
  it('a fatal attack from afar, or by the untrained', () => {
    const t = fight();
    expect(refused(t, rifleAt(10, { fatal: true, situation: { unaware: true } }), P1)).toBe(
      'FATAL_NOT_ALLOWED',
    );
    t.run({ type: 'gm.set', id: 'castell', field: 'level', name: 'warrior', value: 0 });
    expect(
      refused(
        t,
        {
          type: 'attack',
          attackerId: 'castell',
          targets: [{ id: 'enforcer', distance: 1 }],
          fatal: true,
          situation: { unaware: true },
        },
        P1,
      ),
    ).toBe('FATAL_NEEDS_TRAINING');
  });
  it('GM overrides the rules cannot represent', () => {
    const t = fight();
    expect(refused(t, { type: 'gm.set', id: 'castell', field: 'stamina', value: 41 })).toBe('VALUE_INVALID');
    expect(refused(t, { type: 'gm.set', id: 'castell', field: 'attribute', name: 'luck', value: 3 })).toBe(
      'VALUE_INVALID',
    );
    expect(refused(t, { type: 'gm.set', id: 'castell', field: 'layerDc', name: 'a1', value: 41 })).toBe(
      'VALUE_INVALID',
    );
    // A parry object's DC: the rifle's parry attributes hold 120 at most.
    expect(refused(t, { type: 'gm.set', id: 'castell', field: 'layerDc', name: 'w1', value: 121 })).toBe(
      'VALUE_INVALID',
    );
    expect(refused(t, { type: 'gm.set', id: 'castell', field: 'layerDc', name: 'w9', value: 1 })).toBe(
      'VALUE_INVALID',
    );
    const chipped = new Table();
    chipped.add('castell', 'c', P1);
    chipped.run({ type: 'gm.set', id: 'c', field: 'layerDc', name: 'w1', value: 50 });
    expect(chipped.char('c').weapons[0]?.dc).toBe(50);
    expect(
      refused(t, { type: 'gm.set', id: 'castell', field: 'attribute', name: 'attack', value: 2.5 }),
    ).toBe('VALUE_INVALID');
    expect(refused(t, { type: 'gm.set', id: 'castell', field: 'part', name: 'tail', value: 'damaged' })).toBe(
      'VALUE_INVALID',
    );
  });
  it('players may not send GM commands', () => {
    expect(refused(fight(), { type: 'gm.undo' }, P1)).toBe('ROLE_NOT_ALLOWED');
  });
  it('the schema refuses unknown fields and unbounded values', () => {
    expect(eliteUnit.commandSchema.safeParse({ ...rifleAt(10), extra: 1 }).success).toBe(false);
    expect(eliteUnit.commandSchema.safeParse(rifleAt(-1)).success).toBe(false);
  });
});
