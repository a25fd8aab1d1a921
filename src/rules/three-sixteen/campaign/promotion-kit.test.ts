import { describe, expect, it } from 'vitest';
import { newWeapon } from '../data/weapons.ts';
import { legalCommands } from '../ruleset.ts';
import type { Trooper, WeaponId } from '../state.ts';
import { endAndDebrief, flags, happened, type Member, squad } from './test-kit.ts';

const weaponsOf = (t: Trooper | undefined): WeaponId[] => (t?.weapons ?? []).map((w) => w.weapon);

/** One PC who used a Strength, debriefed and ready for its Development Roll. */
function readyToRise(member: Member) {
  const table = squad([member]);
  happened(table.t, { t1: (tr) => flags(tr, { usedStrength: true }) });
  endAndDebrief(table.t, table.gm);
  return table;
}

describe('3:16 promotion hands out only what the new rank adds', () => {
  it('a Sergeant with a Heavy MG made Lieutenant gets the PowerClaw and nothing else', () => {
    const { t, p } = readyToRise({ name: 'Sgt', fa: 5, nfa: 5, rank: 2, weaponChoice: 'heavyMg' });
    expect(weaponsOf(t.state.troopers.t1)).toEqual(['heavyMg', 'sidearm', 'handToHand']);
    const events = t.send(
      p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } },
      [4],
    );
    expect(events[0]).toMatchObject({ rank: 3, weapons: [newWeapon('powerClaw')], vehicles: ['dropPods'] });
    expect(weaponsOf(t.state.troopers.t1)).toEqual(['heavyMg', 'sidearm', 'handToHand', 'powerClaw']);
  });

  it('a Captain made Major takes the Flame-Gun or the Shotgun, no Slug Rifle on top', () => {
    const { t, p } = readyToRise({ name: 'Capt', fa: 5, nfa: 5, rank: 4, weaponChoice: 'heavyMg' });
    const promote = (choice: Record<string, unknown>) => ({
      type: 'developmentRoll',
      trooperId: 't1',
      choice: { kind: 'promotion', ...choice },
    });
    // The Sergeant's "pick one" group is not the Major's own: no second pick there.
    expect(t.refuse(p(1), promote({ weaponChoice: 'slugRifle' }), [1])).toBe('WEAPON_NOT_A_RANK_CHOICE');
    expect(t.refuse(p(1), promote({ weaponChoices: ['flameGun', 'shotgun'] }), [1])).toBe(
      'WEAPON_CHOICE_CONFLICT',
    );
    expect(t.refuse(p(1), promote({ weaponChoice: 'flameGun', weaponChoices: ['shotgun'] }), [1])).toBe(
      'WEAPON_CHOICE_CONFLICT',
    );
    expect(t.refuse(p(1), promote({ weaponChoices: [] }), [1])).toBe('INVALID_COMMAND');
    expect(t.refuse(p(1), promote({ weaponChoices: ['plasmaLance'] }), [1])).toBe('INVALID_COMMAND');
    t.send(
      p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion', weaponChoice: 'shotgun' } },
      [5],
    );
    const major = t.state.troopers.t1 as Trooper;
    expect(major.rank).toBe(5);
    expect(weaponsOf(major)).toEqual([
      'heavyMg',
      'sidearm',
      'handToHand',
      'powerClaw',
      'powerBlade',
      'shotgun',
    ]);
    expect(major.kit).toContain('Kinetic Field Armour transmitter');
  });

  it('the pick may come in the list form too', () => {
    const { t, p } = readyToRise({ name: 'Capt', fa: 5, nfa: 5, rank: 4 });
    t.send(
      p(1),
      {
        type: 'developmentRoll',
        trooperId: 't1',
        choice: { kind: 'promotion', weaponChoices: ['flameGun'] },
      },
      [2],
    );
    expect(weaponsOf(t.state.troopers.t1)).toContain('flameGun');
    expect(weaponsOf(t.state.troopers.t1)).not.toContain('shotgun');
  });

  it('a Corporal made Sergeant gets the sidearm; the Heavy MG already covers the Sergeant’s pick', () => {
    const covered = readyToRise({ name: 'Cpl', fa: 5, nfa: 5, rank: 1, weaponChoice: 'heavyMg' });
    covered.t.send(
      covered.p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } },
      [1],
    );
    expect(weaponsOf(covered.t.state.troopers.t1)).toEqual(['heavyMg', 'grenades', 'handToHand', 'sidearm']);

    // With an E-Cannon the Sergeant's group is new: the player's pick, or its first option.
    const picked = readyToRise({ name: 'Cpl', fa: 5, nfa: 5, rank: 1, weaponChoice: 'eCannon' });
    picked.t.send(
      picked.p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion', weaponChoice: 'heavyMg' } },
      [1],
    );
    expect(weaponsOf(picked.t.state.troopers.t1)).toEqual([
      'eCannon',
      'grenades',
      'handToHand',
      'heavyMg',
      'sidearm',
    ]);
    const unpicked = readyToRise({ name: 'Cpl', fa: 5, nfa: 5, rank: 1, weaponChoice: 'eCannon' });
    unpicked.t.send(
      unpicked.p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } },
      [1],
    );
    expect(weaponsOf(unpicked.t.state.troopers.t1)).toContain('slugRifle');
  });

  it('a failed roll changes neither rank nor weapons', () => {
    const { t, p } = readyToRise({ name: 'Sgt', fa: 5, nfa: 5, rank: 2 });
    const before = t.state.troopers.t1 as Trooper;
    t.send(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } }, [9]);
    expect(t.state.troopers.t1).toMatchObject({ rank: 2, weapons: before.weapons });
  });

  it('an event stored by the older rule replays as written (its weapons are in the event)', () => {
    const { t } = readyToRise({ name: 'Sgt', fa: 5, nfa: 5, rank: 2, weaponChoice: 'heavyMg' });
    t.apply({
      type: 'campaign.developmentRolled',
      trooperId: 't1',
      choice: { kind: 'promotion' },
      face: 3,
      target: 5,
      success: true,
      rank: 3,
      weapons: [newWeapon('slugRifle'), newWeapon('powerClaw')],
      vehicles: ['dropPods'],
    });
    expect(weaponsOf(t.state.troopers.t1)).toEqual([
      'heavyMg',
      'sidearm',
      'handToHand',
      'slugRifle',
      'powerClaw',
    ]);
  });
});

describe('3:16 a replacement enters with the basic weapons of its rank', () => {
  /** A dead Lt Colonel whose player brings in a Major (12 points, 6 FA: six starting-kill dice). */
  function deadLtCol() {
    const { t, gm, p } = squad([{ name: 'Old', fa: 6, nfa: 6, rank: 6 }]);
    happened(t, { t1: () => ({ status: 'dead', health: ['X', 'X', 'X'] }) });
    const base = {
      type: 'createReplacement',
      predecessorId: 't1',
      name: 'New',
      fa: 6,
      nfa: 6,
      rank: 5,
    } as const;
    return { t, gm, p, base };
  }

  it('a Major picks in both of the rank’s groups', () => {
    const { t, p, base } = deadLtCol();
    t.send(p(1), { ...base, weaponChoices: ['heavyMg', 'shotgun'] }, [1, 1, 1, 1, 1, 1]);
    expect(weaponsOf(t.state.troopers.t2)).toEqual([
      'heavyMg',
      'sidearm',
      'handToHand',
      'powerClaw',
      'powerBlade',
      'shotgun',
    ]);
    // The older single pick still works, the other group taking its first option.
    const other = deadLtCol();
    other.t.send(other.p(1), { ...other.base, weaponChoice: 'flameGun' }, [1, 1, 1, 1, 1, 1]);
    expect(weaponsOf(other.t.state.troopers.t2)).toEqual([
      'slugRifle',
      'sidearm',
      'handToHand',
      'powerClaw',
      'powerBlade',
      'flameGun',
    ]);
  });

  it('refuses picks outside the rank or twice in one group, before any die', () => {
    const { t, p, base } = deadLtCol();
    expect(t.refuse(p(1), { ...base, weaponChoices: ['slugRifle', 'heavyMg'] })).toBe(
      'WEAPON_CHOICE_CONFLICT',
    );
    expect(t.refuse(p(1), { ...base, weaponChoice: 'shotgun', weaponChoices: ['flameGun'] })).toBe(
      'WEAPON_CHOICE_CONFLICT',
    );
    expect(t.refuse(p(1), { ...base, weaponChoices: ['eCannon'] })).toBe('WEAPON_NOT_A_RANK_CHOICE');
    expect(
      t.refuse(p(1), { ...base, weaponChoices: ['heavyMg', 'shotgun', 'flameGun', 'slugRifle', 'sidearm'] }),
    ).toBe('INVALID_COMMAND');
  });
});

describe('3:16 The Device is used once, never requisitioned', () => {
  it('a Development Roll cannot bring it back', () => {
    const { t, gm, p } = squad([{ name: 'Brig', fa: 5, nfa: 5, rank: 8 }]);
    expect(t.state.troopers.t1?.vehicles).toContain('theDevice');
    // The Device set off (say) and a TPK Bomb thrown: only the bomb can be asked for again.
    happened(t, {
      t1: (tr) => ({ vehicles: tr.vehicles.filter((v) => v !== 'theDevice' && v !== 'tpkBomb') }),
    });
    endAndDebrief(t, gm);
    const device = {
      type: 'developmentRoll',
      trooperId: 't1',
      choice: { kind: 'vehicle', vehicle: 'theDevice' },
    };
    expect(t.refuse(p(1), device, [1])).toBe('INVALID_COMMAND');
    const legal = legalCommands(t.state, p(1));
    expect(legal).toContainEqual({
      type: 'developmentRoll',
      trooperId: 't1',
      choice: { kind: 'vehicle', vehicle: 'tpkBomb' },
    });
    expect(
      legal.some(
        (c) =>
          c.type === 'developmentRoll' &&
          c.choice.kind === 'vehicle' &&
          (c.choice.vehicle as string) === 'theDevice',
      ),
    ).toBe(false);
    // A stored event from before the rule still replays as written.
    t.apply({
      type: 'campaign.developmentRolled',
      trooperId: 't1',
      choice: { kind: 'vehicle', vehicle: 'theDevice' } as never,
      face: 2,
      target: 5,
      success: true,
      rank: null,
      weapons: [],
      vehicles: ['theDevice'],
    });
    expect(t.state.troopers.t1?.vehicles).toContain('theDevice');
  });
});
