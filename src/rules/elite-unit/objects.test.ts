import { describe, expect, it } from 'vitest';
import { GM, P1, Table } from './test-kit.ts';

/** Thrown and dropped objects (§12). */

describe('objects', () => {
  it('a thrown object attacks with bonus 0, may be parried, and deals its Hit Damage', () => {
    const t = new Table();
    t.add('dunne', 'd', P1);
    t.add('enforcer', 'e');
    // Dunne: Attack 8 − 5 (minigun in hand) = 3; d20 18 → 21. A {0} crate: Hit Damage 20.
    t.run({ type: 'throw', attackerId: 'd', code: 0, target: { id: 'e', distance: 3 } }, P1, [18]);
    // Enforcer parries with the sword: save 3 < 11, defence 2 + 6 + 4 = 12; 20 − 5 → sword DC 135.
    const [r] = t.run({ type: 'defend', targetId: 'e', parry: 'w1' }, GM, [3, 2]);
    expect(r).toMatchObject({ hit: true, blow: { dealt: 20, toStamina: 0 } });
    expect(t.char('e').weapons[0]?.dc).toBe(135);
    expect(() =>
      t.run({ type: 'throw', attackerId: 'd', code: 1, target: { id: 'e', distance: 3 } }, P1, [18]),
    ).toThrow(/cannot be thrown/);
  });
  it('a dropped object: Hit Damage × fall², halved when armour covers, no DC lost', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.run({ type: 'object.drop', targetId: 'c', code: -3, metres: 3, covered: true }); // 1 × 9 ÷ 2 = 4
    expect(t.char('c')).toMatchObject({ stamina: 36 });
    expect(t.char('c').armour.map((l) => l.dc)).toEqual([40, 15]);
  });
});
