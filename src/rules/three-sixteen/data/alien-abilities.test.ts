import { describe, expect, it } from 'vitest';
import {
  ALIEN_ABILITIES,
  abilityTokenCost,
  alienAbilityByNumber,
  alienAbilityInfo,
  isAbilityId,
} from './alien-abilities.ts';

describe('alien special abilities', () => {
  it('lists the 20 in the book order', () => {
    expect(ALIEN_ABILITIES.map((a) => `${a.number} ${a.name}`)).toEqual([
      '1 Ambush',
      '2 Armour',
      '3 Boost Ability',
      '4 End Encounter',
      '5 Enrage',
      '6 Exploding Bodies',
      '7 Flee',
      '8 Ignore Armour',
      '9 Ignore Wounds',
      '10 Impair',
      '11 Induce Weakness',
      '12 Isolate',
      '13 Lasting Wounds',
      '14 Leaping',
      '15 Rapid Movement',
      '16 Reduce Visibility',
      '17 Regeneration',
      '18 Stop Technology',
      '19 Suicide',
      '20 Swarm',
    ]);
  });

  it('costs as the book prices them', () => {
    const byCost = (cost: string) => ALIEN_ABILITIES.filter((a) => a.cost === cost).map((a) => a.number);
    expect(byCost('free')).toEqual([2, 7, 8, 13, 14, 16, 20]);
    expect(byCost('spendN')).toEqual([3, 10]);
    expect(byCost('sacrifice')).toEqual([19]);
    expect(byCost('spend1')).toEqual([1, 4, 5, 6, 9, 11, 12, 15, 17, 18]);
  });

  it('carries the book limits', () => {
    expect(alienAbilityInfo('armour').limit).toBe('oncePerEncounter');
    expect(alienAbilityInfo('suicide').limit).toBe('oncePerRound');
    expect(alienAbilityInfo('induceWeakness').limit).toBe('oncePerPcPerMission');
    expect(alienAbilityInfo('ambush').timing).toBe('encounterStart');
  });

  it('token cost: free 0, one token, or one per point', () => {
    expect(abilityTokenCost('swarm')).toBe(0);
    expect(abilityTokenCost('ambush')).toBe(1);
    expect(abilityTokenCost('impair', 2)).toBe(2);
    expect(abilityTokenCost('boostAbility', 3)).toBe(3);
    expect(abilityTokenCost('suicide')).toBe(1);
  });

  it('looks up by number and id', () => {
    expect(alienAbilityByNumber(1)?.id).toBe('ambush');
    expect(alienAbilityByNumber(20)?.id).toBe('swarm');
    expect(alienAbilityByNumber(21)).toBeUndefined();
    expect(isAbilityId('swarm')).toBe(true);
    expect(isAbilityId('fly')).toBe(false);
  });

  it('every summary is one short line', () => {
    for (const a of ALIEN_ABILITIES) expect(a.summary.length).toBeLessThan(130);
  });
});
