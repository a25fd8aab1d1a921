import { describe, expect, it } from 'vitest';
import { awardCrimson, crimsonMedalFor, MEDAL_IDS, MEDALS, medalStandings, medalsEarned } from './medals.ts';

const rec = (wounds: number, missionsSurvived: number, totalKills: number) => ({
  wounds,
  missionsSurvived,
  totalKills,
});

describe('medals', () => {
  it('lists the book’s medals', () => {
    expect(MEDAL_IDS.map((id) => MEDALS[id].name)).toEqual([
      'Wound Badge',
      'Campaign Medal',
      'Bronze Star',
      'Silver Star',
      'Gold Star',
      'Kill Badge',
      'Crimson Sword',
      'Crimson Skull',
    ]);
  });

  it('a fresh trooper holds nothing', () => {
    expect(medalStandings(rec(0, 0, 99))).toEqual([]);
  });

  it('first wound: Wound Badge; a Bar at 10 and 20 wounds', () => {
    expect(medalStandings(rec(1, 0, 0))).toEqual([{ medal: 'woundBadge', bars: 0 }]);
    expect(medalStandings(rec(9, 0, 0))).toEqual([{ medal: 'woundBadge', bars: 0 }]);
    expect(medalStandings(rec(10, 0, 0))).toEqual([{ medal: 'woundBadge', bars: 1 }]);
    expect(medalStandings(rec(25, 0, 0))).toEqual([{ medal: 'woundBadge', bars: 2 }]);
  });

  it('surviving missions: Campaign Medal at 1, Bronze 5, Silver 10, Gold 20', () => {
    const held = (n: number) => medalStandings(rec(0, n, 0)).map((s) => s.medal);
    expect(held(1)).toEqual(['campaignMedal']);
    expect(held(4)).toEqual(['campaignMedal']);
    expect(held(5)).toEqual(['campaignMedal', 'bronzeStar']);
    expect(held(10)).toEqual(['campaignMedal', 'bronzeStar', 'silverStar']);
    expect(held(19)).toEqual(['campaignMedal', 'bronzeStar', 'silverStar']);
    expect(held(20)).toEqual(['campaignMedal', 'bronzeStar', 'silverStar', 'goldStar']);
  });

  it('Kill Badge at 100 kills, a Bar per 1000', () => {
    expect(medalStandings(rec(0, 0, 100))).toEqual([{ medal: 'killBadge', bars: 0 }]);
    expect(medalStandings(rec(0, 0, 999))).toEqual([{ medal: 'killBadge', bars: 0 }]);
    expect(medalStandings(rec(0, 0, 1000))).toEqual([{ medal: 'killBadge', bars: 1 }]);
    expect(medalStandings(rec(0, 0, 3500))).toEqual([{ medal: 'killBadge', bars: 3 }]);
  });

  it('medalsEarned reports only what is new after a mission', () => {
    // A first mission: wounded, survived, past 100 kills.
    expect(medalsEarned(rec(0, 0, 45), rec(2, 1, 130))).toEqual([
      { medal: 'woundBadge', name: 'Wound Badge', newMedal: true, barsAdded: 0, bars: 0 },
      { medal: 'campaignMedal', name: 'Campaign Medal', newMedal: true, barsAdded: 0, bars: 0 },
      { medal: 'killBadge', name: 'Kill Badge', newMedal: true, barsAdded: 0, bars: 0 },
    ]);
    // The fifth mission, a tenth wound and an Orbital Bombardment's worth of kills.
    expect(medalsEarned(rec(8, 4, 900), rec(11, 5, 2100))).toEqual([
      { medal: 'woundBadge', name: 'Wound Badge', newMedal: false, barsAdded: 1, bars: 1 },
      { medal: 'bronzeStar', name: 'Bronze Star', newMedal: true, barsAdded: 0, bars: 0 },
      { medal: 'killBadge', name: 'Kill Badge', newMedal: false, barsAdded: 2, bars: 2 },
    ]);
    expect(medalsEarned(rec(3, 2, 200), rec(3, 3, 250))).toEqual([]);
  });

  it('Crimson Sword for Troopers and NCOs, Crimson Skull for officers; repeats add Bars or Oak Leaves', () => {
    expect([0, 1, 2, 3, 8].map(crimsonMedalFor)).toEqual([
      'crimsonSword',
      'crimsonSword',
      'crimsonSword',
      'crimsonSkull',
      'crimsonSkull',
    ]);
    expect(awardCrimson(0, [])).toMatchObject({ medal: 'crimsonSword', newMedal: true, bars: 0 });
    expect(awardCrimson(2, [{ medal: 'crimsonSword', bars: 0 }])).toMatchObject({ newMedal: false, bars: 1 });
    // A promoted hero starts the Skull afresh.
    expect(awardCrimson(3, [{ medal: 'crimsonSword', bars: 2 }])).toMatchObject({
      medal: 'crimsonSkull',
      newMedal: true,
    });
    expect(MEDALS.crimsonSkull.repeat).toBe('Oak Leaves');
  });
});
