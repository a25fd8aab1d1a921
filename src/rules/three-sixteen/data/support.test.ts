import { describe, expect, it } from 'vitest';
import {
  maySupport,
  orbitalBombardmentIsFatal,
  SUPPORT_IDS,
  SUPPORT_ITEMS,
  supportBlocker,
  supportForRank,
  supportIssuedAt,
} from './support.ts';

describe('support items by rank', () => {
  it('rank limits: Drop Pods Lt, APC Capt, Drop Ship Major, KFA Major, TPK Capt, Paradise Lt Col, Starkiller Col, Device Brig, Orbital Bombardment rank 3', () => {
    const limits = Object.fromEntries(
      SUPPORT_IDS.flatMap((id) => {
        const a = SUPPORT_ITEMS[id].access;
        return a.kind === 'minRank' ? [[id, a.minRank]] : [];
      }),
    );
    expect(limits).toEqual({
      dropPods: 3,
      apc: 4,
      dropShip: 5,
      kineticFieldArmour: 5,
      tpkBomb: 4,
      paradiseBomb: 6,
      starkiller: 7,
      theDevice: 8,
      orbitalBombardment: 3,
    });
  });

  it('issues items on reaching each officer rank', () => {
    expect(supportIssuedAt(3)).toEqual(['dropPods']);
    expect(supportIssuedAt(4)).toEqual(['apc', 'tpkBomb']);
    expect(supportIssuedAt(5)).toEqual(['dropShip', 'kineticFieldArmour']);
    expect(supportIssuedAt(6)).toEqual(['paradiseBomb']);
    expect(supportIssuedAt(7)).toEqual(['starkiller']);
    expect(supportIssuedAt(8)).toEqual(['theDevice']);
    expect(supportIssuedAt(2)).toEqual([]);
    expect(supportForRank(4)).toEqual(['dropPods', 'apc', 'tpkBomb', 'orbitalBombardment']);
  });

  it('refuses a rank too low', () => {
    expect(supportBlocker('apc', { rank: 3, aliveRanks: [3] })?.code).toBe('SUPPORT_RANK_TOO_LOW');
    expect(maySupport('apc', { rank: 4, aliveRanks: [4] })).toBe(true);
  });

  it('E-Vac: only the highest rank alive, joint highest included', () => {
    expect(supportBlocker('eVac', { rank: 1, aliveRanks: [0, 1, 2] })?.code).toBe('SUPPORT_NOT_HIGHEST_RANK');
    expect(maySupport('eVac', { rank: 2, aliveRanks: [0, 2, 2] })).toBe(true);
    expect(maySupport('eVac', { rank: 0, aliveRanks: [0, 0] })).toBe(true);
  });

  it('Force Weakness: only the lowest rank alive, once per planet', () => {
    expect(supportBlocker('forceWeakness', { rank: 1, aliveRanks: [0, 1] })?.code).toBe(
      'SUPPORT_NOT_LOWEST_RANK',
    );
    expect(maySupport('forceWeakness', { rank: 1, aliveRanks: [1, 2] })).toBe(true);
    expect(supportBlocker('forceWeakness', { rank: 0, aliveRanks: [0, 2], usedThisPlanet: true })?.code).toBe(
      'SUPPORT_USED_THIS_PLANET',
    );
  });

  it('Orbital Bombardment: rank 3+, once per planet, at most twice a career, the second fatal', () => {
    expect(supportBlocker('orbitalBombardment', { rank: 2, aliveRanks: [2] })?.code).toBe(
      'SUPPORT_RANK_TOO_LOW',
    );
    expect(
      supportBlocker('orbitalBombardment', { rank: 3, aliveRanks: [3], usedThisPlanet: true })?.code,
    ).toBe('SUPPORT_USED_THIS_PLANET');
    expect(maySupport('orbitalBombardment', { rank: 3, aliveRanks: [3], careerUses: 1 })).toBe(true);
    expect(supportBlocker('orbitalBombardment', { rank: 3, aliveRanks: [3], careerUses: 2 })?.code).toBe(
      'SUPPORT_CAREER_LIMIT',
    );
    expect(orbitalBombardmentIsFatal(0)).toBe(false);
    expect(orbitalBombardmentIsFatal(1)).toBe(true);
  });

  it('the one-use-per-planet list: Orbital Bombardment, E-Vac, Force Weakness (and Kinetic Field Armour)', () => {
    expect(SUPPORT_IDS.filter((id) => SUPPORT_ITEMS[id].oncePerPlanet)).toEqual([
      'kineticFieldArmour',
      'orbitalBombardment',
      'eVac',
      'forceWeakness',
    ]);
  });
});
