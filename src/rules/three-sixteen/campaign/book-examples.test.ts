import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { profileLabel } from '../data/weapons.ts';
import type { Trooper } from '../state.ts';
import { campaignOf } from './model.ts';
import { endAndDebrief, flags, happened, settleLevels, squad } from './test-kit.ts';

const rifle = (t: Trooper | undefined) => {
  const w = t?.weapons.find((x) => x.weapon === 'energyRifle');
  if (!w) throw new Error('no rifle');
  return profileLabel(w.steps);
};

describe('3:16 book: improving Trooper Grant’s Energy Rifle', () => {
  it('Close goes 1 → d6 after one mission, d6 → d10 after the next, then it is at its best', () => {
    const { t, gm, p } = squad([{ name: 'Grant', fa: 5, nfa: 5 }]);
    expect(rifle(t.state.troopers.t1)).toBe('1 / d10 / 1');
    endAndDebrief(t, gm);
    t.send(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'energyRifle', range: 'close' });
    expect(rifle(t.state.troopers.t1)).toBe('d6 / d10 / 1');
    // "Can't be improved any further until another mission has passed": the free step is spent, and
    // the Development Roll may only improve a different weapon (the rule the example leans on).
    expect(
      t.refuse(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'energyRifle', range: 'near' }),
    ).toBe('ALREADY_DONE');
    expect(
      t.refuse(p(1), {
        type: 'developmentRoll',
        trooperId: 't1',
        choice: { kind: 'improve', weapon: 'energyRifle', range: 'near' },
      }),
    ).toBe('SAME_WEAPON');

    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 5 });
    t.send(gm, { type: 'briefMission', text: 'Again.' });
    endAndDebrief(t, gm);
    t.send(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'energyRifle', range: 'close' });
    expect(rifle(t.state.troopers.t1)).toBe('d10 / d10 / 1');

    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Third', aa: 5, threat: 5 });
    t.send(gm, { type: 'briefMission', text: 'Once more.' });
    endAndDebrief(t, gm);
    // Two steps over basic is the Best profile at Close; Near and Far still have room.
    expect(
      t.refuse(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'energyRifle', range: 'close' }),
    ).toBe('WEAPON_AT_BEST');
    t.send(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'energyRifle', range: 'far' });
    expect(rifle(t.state.troopers.t1)).toBe('d10 / d10 / d6');
    // No patches were used: the log replays to the same state.
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});

describe('3:16 book: Sgt Smile’s replacement', () => {
  it('a Corporal or Trooper with 14 points, one Strength Available again, basic weapons', () => {
    const used = (text: string) => ({ status: 'used' as const, text });
    const { t, gm, p } = squad([
      {
        name: 'Smile',
        fa: 6,
        nfa: 8,
        rank: 2,
        patch: {
          strengths: [
            used('s1'),
            used('s2'),
            used('s3'),
            { status: 'notYetAvailable' },
            { status: 'notYetAvailable' },
          ],
          weaknesses: [
            used('w1'),
            used('w2'),
            used('w3'),
            { status: 'notYetAvailable' },
            { status: 'notYetAvailable', hatredForHome: true },
          ],
          weapons: [{ weapon: 'slugRifle', steps: { close: 3, near: 4, far: 3 } }],
        },
      },
    ]);
    happened(t, { t1: () => ({ status: 'dead', health: ['X', 'X', 'X'] }) });
    const base = { type: 'createReplacement', predecessorId: 't1', name: 'Grin' } as const;
    // A Sergeant's replacement is a Corporal or a Trooper, never another Sergeant.
    expect(t.refuse(p(1), { ...base, fa: 7, nfa: 7, rank: 2 })).toBe('RANK_NOT_LOWER');
    // 14 points, not the 10 of a new trooper.
    expect(t.refuse(p(1), { ...base, fa: 5, nfa: 5, rank: 1 })).toBe('TROOPER_POINTS_NOT_SPLIT');
    // Starting kills: a d10 per FA point (7 faces).
    t.send(p(1), { ...base, fa: 7, nfa: 7, rank: 1, weaponChoice: 'heavyMg' }, [1, 2, 3, 4, 5, 6, 7]);
    const grin = t.state.troopers.t2 as Trooper;
    expect(grin).toMatchObject({ name: 'Grin', ownerSeatId: 'p1', fa: 7, nfa: 7, rank: 1, totalKills: 28 });
    expect(grin.strengths.map((s) => s.status)).toEqual([
      'available',
      'used',
      'used',
      'notYetAvailable',
      'notYetAvailable',
    ]);
    expect(grin.weaknesses.map((s) => s.status)).toEqual([
      'used',
      'used',
      'used',
      'notYetAvailable',
      'notYetAvailable',
    ]);
    // The Used ones need no detail: their texts are not carried over.
    expect(grin.strengths[1]).toEqual({ status: 'used' });
    // Basic weapons of a Corporal: the upgrades died with Smile.
    expect(grin.weapons.map((w) => `${w.weapon} ${profileLabel(w.steps)}`)).toEqual([
      'heavyMg 1 / 2d6 / 0',
      'grenades d10 / 1 / –',
      'handToHand 1 / – / –',
    ]);
    expect(grin.health).toEqual([null, null, null]);
    expect(t.state.troopers.t1?.status).toBe('replaced');
    void gm;
  });
});

describe('3:16 book: Planet Goya, between missions', () => {
  it('levels for Wheeler (most kills) and Torres (10), free steps, then the Development Rolls', () => {
    const { t, gm, p } = squad(
      [
        { name: 'Wheeler', fa: 5, nfa: 5, rank: 2, weaponChoice: 'heavyMg' },
        { name: 'Jones', fa: 7, nfa: 3, rank: 1, weaponChoice: 'eCannon' },
        { name: 'Fraser', fa: 6, nfa: 4, weaponChoice: 'slugRifle' },
        { name: 'McNeil', fa: 6, nfa: 4, weaponChoice: 'slugRifle' },
      ],
      { threat: 20 },
    );
    // Fraser is killed; his player brings in Torres (10 points, a Trooper like Fraser).
    happened(t, { t3: () => ({ status: 'dead', health: ['X', 'X', 'X'] }) });
    t.send(
      p(3),
      { type: 'createReplacement', predecessorId: 't3', name: 'Torres', fa: 5, nfa: 5, rank: 0 },
      [1, 1, 1, 1, 1],
    );
    // Wheeler used "Deadly when backed into a corner" and killed the most; McNeil's Strength ended the
    // final encounter and removed the planet's last token.
    happened(t, {
      t1: (tr) => ({ killsThisMission: 21, ...flags(tr, { usedStrength: true, woundsTaken: 2 }) }),
      t2: (_tr) => ({ killsThisMission: 6 }),
      t4: (tr) => ({ killsThisMission: 9, ...flags(tr, { usedStrength: true, removedFinalToken: true }) }),
      t5: () => ({ killsThisMission: 3 }),
    });
    endAndDebrief(t, gm);
    const mcneil = t.state.troopers.t4 as Trooper;
    expect(mcneil.medals).toContainEqual({ medal: 'crimsonSword', count: 0 });
    expect(t.state.troopers.t1?.medals).toEqual(
      expect.arrayContaining([
        { medal: 'woundBadge', count: 0 },
        { medal: 'campaignMedal', count: 0 },
      ]),
    );

    // Everyone but Wheeler rolls: Jones 3, McNeil 1, Torres 10.
    t.send(gm, { type: 'rollLevels' }, [3, 1, 10]);
    const ev = t.log.at(-1);
    expect(ev).toMatchObject({ type: 'campaign.levelsRolled', topKiller: 't1', gainers: ['t1', 't5'] });
    t.send(p(1), { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
    t.send(p(3), { type: 'takeLevel', trooperId: 't5', ability: 'fa', slot: 'weakness' });
    expect(t.state.troopers.t1).toMatchObject({ fa: 5, nfa: 6, levelsGained: 1 });
    expect(t.state.troopers.t1?.strengths.filter((s) => s.status === 'available')).toHaveLength(2);
    expect(t.state.troopers.t5?.weaknesses.filter((s) => s.status === 'available')).toHaveLength(2);

    // "They all advance one weapon at one step."
    t.send(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'heavyMg', range: 'near' });
    t.send(p(2), { type: 'improveWeapon', trooperId: 't2', weapon: 'eCannon', range: 'close' });
    t.send(p(4), { type: 'improveWeapon', trooperId: 't4', weapon: 'slugRifle', range: 'near' });
    t.send(p(3), { type: 'improveWeapon', trooperId: 't5', weapon: 'energyRifle', range: 'close' });

    // Wheeler advances to Lieutenant on a 4; Torres gains a PowerClaw, Jones a Flame-Gun; McNeil
    // fails to get a Rocketpod.
    t.send(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } }, [4]);
    t.send(
      p(3),
      { type: 'developmentRoll', trooperId: 't5', choice: { kind: 'weapon', weapon: 'powerClaw' } },
      [2],
    );
    t.send(
      p(2),
      { type: 'developmentRoll', trooperId: 't2', choice: { kind: 'weapon', weapon: 'flameGun' } },
      [3],
    );
    t.send(
      p(4),
      { type: 'developmentRoll', trooperId: 't4', choice: { kind: 'weapon', weapon: 'rocketpod' } },
      [9],
    );
    const s = t.state.troopers;
    expect(s.t1?.rank).toBe(3);
    expect(s.t1?.weapons.map((w) => w.weapon)).toContain('powerClaw');
    expect(s.t5?.weapons.map((w) => w.weapon)).toContain('powerClaw');
    expect(s.t2?.weapons.map((w) => w.weapon)).toContain('flameGun');
    expect(s.t4?.weapons.map((w) => w.weapon)).not.toContain('rocketpod');
    // Everyone is whole again.
    for (const id of ['t1', 't2', 't4', 't5']) expect(s[id]?.health).toEqual([null, null, null]);
    expect(campaignOf(t.state).between?.survivors).toEqual(['t1', 't2', 't4', 't5']);
  });
});
