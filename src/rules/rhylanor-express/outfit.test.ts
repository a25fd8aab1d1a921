import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { fresh, OTHER_PLAYER, PLAYER, play, startDuel } from './test-kit.ts';

/** A player changes the kit of his own sheet (`character.outfit`); rules fields stay the referee's. */

function okonkwo() {
  return play(fresh(), { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
}

describe('character.outfit', () => {
  it('renames, dons armour, takes and drops weapons and gear, sets ammunition; kilograms follow', () => {
    const s = okonkwo();
    const before = s.characters.c1;
    expect(before?.weapons.map((w) => w.weaponId)).toEqual(['rifle', 'cutlass']);
    const r = play(
      s,
      {
        type: 'character.outfit',
        characterId: 'c1',
        name: 'Dara',
        armour: 'mesh',
        dropWeapons: [1],
        addWeapons: ['auto-pistol'],
        addGear: ['binoculars'],
        dropGear: ['hand-battle-computer'],
        ammo: [{ index: 0, loaded: 3, spare: 1 }],
      },
      [],
      PLAYER,
    );
    const c = r.state.characters.c1;
    expect(c).toMatchObject({ name: 'Dara', armour: 'mesh', gear: ['binoculars'] });
    expect(c?.weapons.map((w) => [w.weaponId, w.loaded, w.spare])).toEqual([
      ['rifle', 3, 1],
      ['auto-pistol', 15, 2],
    ]);
    const kg = (id: string) =>
      s.pack.weapons.find((w) => w.id === id)?.kg ?? s.pack.gear.find((g) => g.id === id)?.kg ?? 0;
    expect(c?.carriedKg).toBeCloseTo(
      (before?.carriedKg ?? 0) + kg('auto-pistol') + kg('binoculars') - kg('hand-battle-computer'),
      5,
    );
    expect(r.events[0]).toMatchObject({ type: 'character.updated', by: 'rule' });
  });

  it('refuses another player’s sheet, a fight, unknown kit, rounds above the magazine, nothing to change', () => {
    const s = okonkwo();
    const outfit = (extra: Record<string, unknown>) => ({
      type: 'character.outfit',
      characterId: 'c1',
      ...extra,
    });
    expect(refusalCode(() => play(s, outfit({ name: 'X' }), [], OTHER_PLAYER))).toBe('NOT_YOUR_CHARACTER');
    expect(refusalCode(() => play(s, outfit({ addWeapons: ['ray-gun'] }), [], PLAYER))).toBe(
      'UNKNOWN_WEAPON',
    );
    expect(refusalCode(() => play(s, outfit({ addGear: ['jetpack'] }), [], PLAYER))).toBe('UNKNOWN_GEAR');
    expect(refusalCode(() => play(s, outfit({ armour: 'plate' }), [], PLAYER))).toBe('UNKNOWN_ARMOUR');
    expect(refusalCode(() => play(s, outfit({ ammo: [{ index: 0, loaded: 999 }] }), [], PLAYER))).toBe(
      'INVALID_VALUE',
    );
    expect(refusalCode(() => play(s, outfit({}), [], PLAYER))).toBe('INVALID_VALUE');
    // Rules fields are not part of the command at all.
    expect(() => play(s, outfit({ skills: { Rifles: 5 } }), [], PLAYER)).toThrow(/skills/);
    const guarded = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
    const fight = startDuel(guarded);
    expect(refusalCode(() => play(fight, outfit({ name: 'X' }), [], PLAYER))).toBe('IN_COMBAT');
  });
});
