import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/rule-error.ts';
import { EVERYDAY_GEAR, kitFor, kitWithGear } from './kit.ts';
import {
  isNco,
  isOfficer,
  ordersUpTo,
  promotionWeaponChoices,
  promotionWeaponGroups,
  promotionWeapons,
  RANKS,
  rankInfo,
  rankName,
  rankWeaponChoices,
  rankWeapons,
  startingWeapons,
} from './ranks.ts';
import { profileLabel } from './weapons.ts';

describe('ranks', () => {
  it('names ranks 0–8 as the book does', () => {
    expect(RANKS.map((r) => r.name)).toEqual([
      'Trooper',
      'Corporal',
      'Sergeant',
      'Lieutenant',
      'Captain',
      'Major',
      'Lt Colonel',
      'Colonel',
      'Brigadier',
    ]);
    expect(RANKS.map((r) => r.rank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('numbers the Orders 1–16, one for the Trooper and Corporal, two for every rank after', () => {
    expect(RANKS.map((r) => r.orders.map((o) => o.number))).toEqual([
      [1],
      [2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
      [11, 12],
      [13, 14],
      [15, 16],
    ]);
    expect(ordersUpTo(2).map((o) => o.number)).toEqual([1, 2, 3, 4]);
  });

  it('tiers: Troopers, NCOs (Corporal, Sergeant), officers from Lieutenant', () => {
    expect([0, 1, 2, 3, 8].map(isOfficer)).toEqual([false, false, false, true, true]);
    expect([0, 1, 2, 3].map(isNco)).toEqual([false, true, true, false]);
  });

  it('raises planet Threat for Major (×6) and Lt Colonel (×7)', () => {
    expect(RANKS.map((r) => r.threatPerPc ?? null)).toEqual([null, null, null, null, null, 6, 7, null, null]);
  });

  it('the Brigadier needs the post to be vacant', () => {
    expect(rankInfo(8).needsVacancy).toBe(true);
    expect(rankName(8)).toBe('Brigadier');
  });

  it('refuses a rank outside 0–8', () => {
    expect(() => rankInfo(9)).toThrow();
  });
});

describe('weapons by rank', () => {
  it('Trooper: Energy Rifle or Slug Rifle, Grenades, Hand-to-Hand', () => {
    expect(rankWeapons(0)).toEqual(['energyRifle', 'grenades', 'handToHand']);
    expect(rankWeapons(0, ['slugRifle'])).toEqual(['slugRifle', 'grenades', 'handToHand']);
  });

  it('Corporal: E-Cannon or Heavy MG, Grenades, Hand-to-Hand', () => {
    expect(rankWeapons(1, ['heavyMg'])).toEqual(['heavyMg', 'grenades', 'handToHand']);
  });

  it('Sergeant: Slug Rifle or Heavy MG, Sidearm, Hand-to-Hand (Wheeler takes the Heavy MG)', () => {
    expect(rankWeapons(2, ['heavyMg'])).toEqual(['heavyMg', 'sidearm', 'handToHand']);
  });

  it('officers add PowerClaw (Lt), PowerBlade (Capt), Flame-Gun or Shotgun (Major and up)', () => {
    expect(rankWeapons(3)).toEqual(['slugRifle', 'sidearm', 'handToHand', 'powerClaw']);
    expect(rankWeapons(4)).toEqual(['slugRifle', 'sidearm', 'handToHand', 'powerClaw', 'powerBlade']);
    expect(rankWeapons(7, ['heavyMg', 'shotgun'])).toEqual([
      'heavyMg',
      'sidearm',
      'handToHand',
      'powerClaw',
      'powerBlade',
      'shotgun',
    ]);
    expect(rankWeaponChoices(5)).toEqual([
      ['slugRifle', 'heavyMg'],
      ['flameGun', 'shotgun'],
    ]);
  });

  it('refuses a pick that is not one of the rank choices', () => {
    try {
      rankWeapons(0, ['eCannon']);
      throw new Error('accepted');
    } catch (e) {
      expect(isRuleError(e) && e.code).toBe('WEAPON_NOT_A_RANK_CHOICE');
    }
  });

  it('issues basic profiles', () => {
    expect(startingWeapons(1, ['eCannon']).map((w) => profileLabel(w.steps))).toEqual([
      '0 / 2d10 / 0',
      'd10 / 1 / –',
      '1 / – / –',
    ]);
  });
});

describe('kit', () => {
  it('Trooper carries the base kit', () => {
    expect(kitFor(0)).toEqual([
      'MandelBrite Armour',
      'knife',
      'hydration tablets',
      'TRMs',
      'medipack',
      'backpack',
      'combat drugs',
      'flares',
      'field manual',
    ]);
  });

  it('Corporal adds mitt and ball; the Sergeant a radio instead (as on Wheeler and Jones’s sheets)', () => {
    expect(kitFor(1)).toContain('mitt and ball');
    expect(kitFor(1)).not.toContain('radio');
    expect(kitFor(2)).toContain('radio');
    expect(kitFor(2)).not.toContain('mitt and ball');
  });

  it('officers keep the Sergeant kit; the Major adds the Kinetic Field Armour transmitter', () => {
    expect(kitFor(3)).toEqual(kitFor(2));
    expect(kitFor(5)).toContain('Kinetic Field Armour transmitter');
    expect(kitFor(4)).not.toContain('Kinetic Field Armour transmitter');
  });
});

describe('promotion weapons', () => {
  it('a rank adds only the groups the rank below did not list', () => {
    expect(promotionWeaponGroups(2, 3)).toEqual([['powerClaw']]);
    expect(promotionWeaponGroups(3, 4)).toEqual([['powerBlade']]);
    expect(promotionWeaponGroups(4, 5)).toEqual([['flameGun', 'shotgun']]);
    expect(promotionWeaponGroups(5, 6)).toEqual([]);
    expect(promotionWeaponGroups(7, 8)).toEqual([]);
    expect(promotionWeaponGroups(0, 1)).toEqual([['eCannon', 'heavyMg']]);
    expect(promotionWeaponGroups(1, 2)).toEqual([['slugRifle', 'heavyMg'], ['sidearm']]);
    expect(promotionWeaponChoices(1, 2)).toEqual([['slugRifle', 'heavyMg']]);
    expect(promotionWeaponChoices(2, 3)).toEqual([]);
  });

  it('picks, covered groups, first options and weapons already carried', () => {
    expect(promotionWeapons(2, 3, ['heavyMg', 'sidearm', 'handToHand'])).toEqual(['powerClaw']);
    expect(promotionWeapons(2, 3, ['powerClaw'])).toEqual([]);
    expect(promotionWeapons(4, 5, [], ['shotgun'])).toEqual(['shotgun']);
    expect(promotionWeapons(4, 5, [])).toEqual(['flameGun']);
    expect(promotionWeapons(1, 2, ['heavyMg'])).toEqual(['sidearm']);
    expect(promotionWeapons(1, 2, ['heavyMg'], ['slugRifle'])).toEqual(['slugRifle', 'sidearm']);
    expect(promotionWeapons(1, 2, ['eCannon'])).toEqual(['slugRifle', 'sidearm']);
  });

  it('refuses a pick outside the new groups, and two picks in one group', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isRuleError(e) ? e.code : 'not a rule error';
      }
      return 'accepted';
    };
    expect(code(() => promotionWeapons(4, 5, [], ['slugRifle']))).toBe('WEAPON_NOT_A_RANK_CHOICE');
    expect(code(() => promotionWeapons(4, 5, [], ['flameGun', 'shotgun']))).toBe('WEAPON_CHOICE_CONFLICT');
    expect(code(() => rankWeapons(5, ['slugRifle', 'heavyMg']))).toBe('WEAPON_CHOICE_CONFLICT');
    expect(rankWeapons(5, ['heavyMg', 'shotgun'])).toEqual([
      'heavyMg',
      'sidearm',
      'handToHand',
      'powerClaw',
      'powerBlade',
      'shotgun',
    ]);
  });
});

describe('everyday gear in the kit', () => {
  it('adds taken gear after the rank kit, once', () => {
    expect(kitWithGear(2, [])).toEqual(kitFor(2));
    expect(kitWithGear(2, ['Holo-Show', 'mitt and ball'])).toEqual([
      ...kitFor(2),
      'Holo-Show',
      'mitt and ball',
    ]);
    // The Corporal is issued a mitt and ball already.
    expect(kitWithGear(1, ['mitt and ball'])).toEqual(kitFor(1));
    expect(EVERYDAY_GEAR).toContain('entrenching tools');
  });
});
