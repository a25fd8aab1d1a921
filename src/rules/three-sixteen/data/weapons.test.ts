import { describe, expect, it } from 'vitest';
import { refusalCode as codeOf } from '../../../engine/test-kit.ts';
import type { OwnedWeapon, Range } from '../state.ts';
import { MAX_KILL_STEP } from './kill-steps.ts';
import {
  bestRange,
  canImprove,
  FREE_SWITCH_WEAPONS,
  improvableRanges,
  improve,
  improveBlocker,
  isWeaponId,
  newWeapon,
  profileLabel,
  WEAPON_IDS,
  WEAPONS,
} from './weapons.ts';

const RANGES: Range[] = ['close', 'near', 'far'];

describe('weapon profiles (checked against the weapon pages of the book)', () => {
  const printed: Record<string, [string, string]> = {
    energyRifle: ['1 / d10 / 1', 'd10 / 2d10 / d10'],
    slugRifle: ['1 / d6 / d6', 'd10 / 2d6 / 2d6'],
    eCannon: ['0 / 2d10 / 0', 'd6 / d100 / d6'],
    heavyMg: ['1 / 2d6 / 0', 'd10 / 3d10 / d6'],
    handToHand: ['1 / – / –', 'd10 / – / –'],
    powerClaw: ['d6 / – / –', '2d6 / – / –'],
    sidearm: ['d6 / d6 / –', '2d6 / 2d6 / –'],
    powerBlade: ['d10 / – / –', '2d10 / – / –'],
    grenades: ['d10 / 1 / –', '2d10 / d10 / –'],
    flameGun: ['2d6 / 1 / –', '3d10 / d10 / –'],
    rocketpod: ['– / 0 / 2d10', '– / d6 / d100'],
    shotgun: ['d10 / d6 / –', '2d10 / 2d6 / –'],
    tpkBomb: ['d100 / – / –', 'd100 / – / –'],
    paradiseBomb: ['d100 / d100 / d100', 'd100 / d100 / d100'],
  };

  it('has all 14 weapons', () => {
    expect(WEAPON_IDS).toHaveLength(14);
    expect(Object.keys(printed).sort()).toEqual([...WEAPON_IDS].sort());
  });

  it.each(Object.entries(printed))('%s prints basic and Best as in the book', (id, [basic, best]) => {
    if (!isWeaponId(id)) throw new Error(id);
    expect(profileLabel(WEAPONS[id].basic)).toBe(basic);
    expect(profileLabel(WEAPONS[id].best)).toBe(best);
  });

  it('Best is always basic + 2 steps (capped at d100) for improvable weapons', () => {
    for (const id of WEAPON_IDS) {
      const w = WEAPONS[id];
      if (!w.improvable) continue;
      for (const r of RANGES) {
        const b = w.basic[r];
        expect(w.best[r]).toBe(b === null ? null : Math.min(MAX_KILL_STEP, b + 2));
      }
    }
  });

  it('free switch: Hand-to-Hand, PowerClaw, Grenades', () => {
    expect([...FREE_SWITCH_WEAPONS].sort()).toEqual(['grenades', 'handToHand', 'powerClaw']);
  });

  it('flags grenades and the two bombs', () => {
    expect(WEAPONS.grenades.special).toEqual({ kind: 'grenade' });
    const tpk = WEAPONS.tpkBomb.special;
    const paradise = WEAPONS.paradiseBomb.special;
    expect(tpk?.kind === 'bomb' && tpk.reach).toEqual(['close']);
    expect(paradise?.kind === 'bomb' && paradise.reach).toEqual(['close', 'near', 'far']);
    expect(WEAPONS.tpkBomb.minRank).toBe(4);
    expect(WEAPONS.paradiseBomb.minRank).toBe(6);
  });
});

describe('improving weapons', () => {
  it("Trooper Grant's Energy Rifle: Close 1 → d6 → d10, then Close is at its best", () => {
    let rifle = newWeapon('energyRifle');
    expect(profileLabel(rifle.steps)).toBe('1 / d10 / 1');
    rifle = improve(rifle, 'close');
    expect(profileLabel(rifle.steps)).toBe('d6 / d10 / 1');
    rifle = improve(rifle, 'close');
    expect(profileLabel(rifle.steps)).toBe('d10 / d10 / 1');
    expect(canImprove(rifle, 'close')).toBe(false);
    expect(codeOf(() => improve(rifle, 'close'))).toBe('WEAPON_AT_BEST');
    expect(improvableRanges(rifle)).toEqual(['near', 'far']);
  });

  it('a 0 can be improved to d6, a dash never', () => {
    let cannon = newWeapon('eCannon');
    cannon = improve(improve(cannon, 'far'), 'far');
    expect(profileLabel(cannon.steps)).toBe('0 / 2d10 / d6');
    const claw = newWeapon('powerClaw');
    expect(codeOf(() => improve(claw, 'near'))).toBe('WEAPON_NEVER_KILLS_AT_RANGE');
    expect(codeOf(() => improve(newWeapon('rocketpod'), 'close'))).toBe('WEAPON_NEVER_KILLS_AT_RANGE');
  });

  it('E-Cannon Near climbs 2d10 → 3d10 → d100 and stops', () => {
    const cannon = improve(improve(newWeapon('eCannon'), 'near'), 'near');
    expect(profileLabel(cannon.steps)).toBe('0 / d100 / 0');
    expect(canImprove(cannon, 'near')).toBe(false);
  });

  it('bombs cannot be improved', () => {
    expect(improveBlocker(newWeapon('tpkBomb'), 'close')?.code).toBe('WEAPON_NOT_IMPROVABLE');
    expect(improvableRanges(newWeapon('paradiseBomb'))).toEqual([]);
  });

  it('does not mutate the weapon it improves', () => {
    const rifle = newWeapon('slugRifle');
    improve(rifle, 'far');
    expect(profileLabel(rifle.steps)).toBe('1 / d6 / d6');
  });
});

describe('best range', () => {
  it('is the range with the highest current step', () => {
    expect(bestRange(WEAPONS.energyRifle.basic)).toEqual(['near']);
    expect(bestRange(WEAPONS.rocketpod.basic)).toEqual(['far']);
    expect(bestRange(WEAPONS.handToHand.basic)).toEqual(['close']);
  });

  it('returns every tied range so the player picks', () => {
    expect(bestRange(WEAPONS.slugRifle.basic)).toEqual(['near', 'far']);
    expect(bestRange(WEAPONS.sidearm.basic)).toEqual(['close', 'near']);
    expect(bestRange(WEAPONS.paradiseBomb.basic)).toEqual(['close', 'near', 'far']);
    const grant: OwnedWeapon = improve(improve(newWeapon('energyRifle'), 'close'), 'close');
    expect(bestRange(grant.steps)).toEqual(['close', 'near']);
  });
});
