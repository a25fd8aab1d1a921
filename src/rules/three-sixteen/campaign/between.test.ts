import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { actingRole, threeSixteen } from '../ruleset.ts';
import type { ThreeSixteenState, Trooper } from '../state.ts';
import { campaignOf, serviceOf } from './model.ts';
import { endAndDebrief, flags, happened, settleLevels, squad } from './test-kit.ts';

const medals = (t: Trooper | undefined) =>
  Object.fromEntries((t?.medals ?? []).map((m) => [m.medal, m.count]));

describe('3:16 between missions: the debrief', () => {
  it('medals with their thresholds, the Crimson awards, full healing', () => {
    const { t, gm } = squad([
      { name: 'Vet', fa: 5, nfa: 5 },
      { name: 'Lt', fa: 5, nfa: 5, rank: 3 },
      { name: 'Fallen', fa: 5, nfa: 5 },
    ]);
    happened(t, {
      t1: (tr) => ({
        totalKills: 1005,
        health: ['X', 'E', null],
        lastingWounds: 1,
        campaignExtras: { service: { ...serviceOf(tr), missionsSurvived: 4, woundsTotal: 8 } },
        ...flags(tr, { woundsTaken: 2, removedFinalToken: true }),
      }),
      t2: () => ({ totalKills: 99 }),
      t3: (tr) => ({ status: 'dead', health: ['X', 'X', 'X'], ...flags(tr, { woundsTaken: 3 }) }),
    });
    expect(t.refuse(gm, { type: 'rollLevels' })).toBe('WRONG_PHASE');
    t.send(gm, { type: 'endMission' });
    expect(t.refuse(gm, { type: 'rollLevels' })).toBe('DEBRIEF_FIRST');
    expect(t.refuse(gm, { type: 'debrief', heroes: ['t2', 't2'] })).toBe('INVALID_VALUE');
    expect(t.refuse(gm, { type: 'debrief', heroes: ['t7'] })).toBe('UNKNOWN_TROOPER');
    t.send(gm, { type: 'debrief', heroes: ['t2', 't3'] });
    // 5th mission survived: Campaign Medal and Bronze Star; 10 wounds: the badge with one Bar;
    // 1005 kills: Kill Badge with a Bar; the final token: a Crimson Sword for a Trooper.
    expect(medals(t.state.troopers.t1)).toEqual({
      woundBadge: 1,
      campaignMedal: 0,
      bronzeStar: 0,
      killBadge: 1,
      crimsonSword: 0,
    });
    expect(t.state.troopers.t1).toMatchObject({ health: [null, null, null], lastingWounds: 0 });
    expect(serviceOf(t.state.troopers.t1 as Trooper)).toMatchObject({ missionsSurvived: 5, woundsTotal: 10 });
    // An officer's heroism earns the Crimson Skull; 99 kills is no Kill Badge yet.
    expect(medals(t.state.troopers.t2)).toEqual({ campaignMedal: 0, crimsonSkull: 0 });
    // The fallen get no Campaign Medal, but a heroism award may still go to them.
    expect(medals(t.state.troopers.t3)).toEqual({ crimsonSword: 0 });
    expect(t.refuse(gm, { type: 'debrief' })).toBe('ALREADY_DONE');
  });

  it('a second heroism award adds a Bar; stars at 10 and 20 missions', () => {
    const { t, gm } = squad([{ name: 'Hero', fa: 5, nfa: 5 }]);
    happened(t, {
      t1: (tr) => ({
        medals: [
          { medal: 'crimsonSword', count: 0 },
          { medal: 'campaignMedal', count: 0 },
          { medal: 'bronzeStar', count: 0 },
        ],
        campaignExtras: { service: { ...serviceOf(tr), missionsSurvived: 19 } },
      }),
    });
    endAndDebrief(t, gm, [], ['t1']);
    expect(medals(t.state.troopers.t1)).toMatchObject({ crimsonSword: 1, silverStar: 0, goldStar: 0 });
  });

  it('an officer who called an Orbital Bombardment tests NFA or loses a rank, and is not promoted', () => {
    const { t, gm, p } = squad([
      { name: 'Cool', fa: 5, nfa: 5, rank: 3 },
      { name: 'Rash', fa: 5, nfa: 5, rank: 4 },
    ]);
    happened(t, {
      t1: (tr) => flags(tr, { usedOrbitalBombardment: true, usedStrength: true }),
      t2: (tr) => flags(tr, { usedOrbitalBombardment: true }),
    });
    endAndDebrief(t, gm, [5, 6]);
    expect(t.state.troopers.t1?.rank).toBe(3);
    expect(t.state.troopers.t2?.rank).toBe(3);
    expect(t.state.troopers.t2?.kit).toContain('radio');
    expect(
      t.refuse(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } }, [1]),
    ).toBe('PROMOTION_BARRED');
  });
});

describe('3:16 between missions: levels', () => {
  it('most kills (tie rolled off) gains a level; the best of everyone else’s d10 too, ties included', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
      { name: 'C', fa: 5, nfa: 5 },
      { name: 'D', fa: 6, nfa: 5 },
      { name: 'Max', fa: 9, nfa: 9 },
    ]);
    happened(t, {
      t1: () => ({ killsThisMission: 12 }),
      t2: () => ({ killsThisMission: 12 }),
      t3: () => ({ killsThisMission: 3 }),
    });
    endAndDebrief(t, gm);
    // Roll-off A 5, B 5, again A 2, B 7: B. Then A, C, D roll (Max at 18 cannot gain): 6, 6, 6.
    t.send(gm, { type: 'rollLevels' }, [5, 5, 2, 7, 6, 6, 6]);
    expect(t.log.at(-1)).toMatchObject({
      leaders: ['t1', 't2'],
      leaderRollOffs: [
        { trooperId: 't1', face: 5 },
        { trooperId: 't2', face: 5 },
        { trooperId: 't1', face: 2 },
        { trooperId: 't2', face: 7 },
      ],
      topKiller: 't2',
      gainers: ['t2', 't1', 't3', 't4'],
    });
    expect(t.refuse(gm, { type: 'rollLevels' })).toBe('ALREADY_DONE');
    // Level 10 has as many Strengths as Weaknesses waiting: the player must pick.
    expect(t.refuse(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'fa' })).toBe(
      'FLASHBACK_KIND_NEEDED',
    );
    expect(t.refuse(p(1), { type: 'takeLevel', trooperId: 't2', ability: 'fa', slot: 'strength' })).toBe(
      'NOT_YOUR_TROOPER',
    );
    expect(t.refuse(p(5), { type: 'takeLevel', trooperId: 't5', ability: 'fa', slot: 'strength' })).toBe(
      'NO_LEVEL_OWED',
    );
    t.send(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'fa', slot: 'weakness' });
    const b = t.state.troopers.t2 as Trooper;
    expect(b).toMatchObject({ fa: 6, nfa: 5, levelsGained: 1 });
    expect(b.weaknesses.map((s) => s.status).slice(0, 2)).toEqual(['available', 'available']);
    expect(t.refuse(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'fa', slot: 'weakness' })).toBe(
      'NO_LEVEL_OWED',
    );
    // D is at level 11 (2 Strengths, 1 Weakness open): the kind is forced, a Weakness.
    expect(t.refuse(p(4), { type: 'takeLevel', trooperId: 't4', ability: 'nfa', slot: 'strength' })).toBe(
      'FLASHBACK_KIND_NOT_ALLOWED',
    );
    t.send(p(4), { type: 'takeLevel', trooperId: 't4', ability: 'nfa' });
    expect(t.state.troopers.t4?.weaknesses.filter((s) => s.status === 'available')).toHaveLength(2);
    // The GM may take the choice for anyone.
    t.send(gm, { type: 'takeLevel', trooperId: 't3', ability: 'nfa', slot: 'strength' });
    expect(t.state.troopers.t3?.nfa).toBe(6);
  });

  it('the top killer at level 18 gains nothing; an ability at 10 cannot rise', () => {
    const { t, gm, p } = squad([
      { name: 'Max', fa: 9, nfa: 9 },
      { name: 'Ten', fa: 10, nfa: 4 },
    ]);
    happened(t, { t1: () => ({ killsThisMission: 50 }) });
    endAndDebrief(t, gm);
    t.send(gm, { type: 'rollLevels' }, [4]);
    expect(t.log.at(-1)).toMatchObject({ topKiller: 't1', gainers: ['t2'] });
    expect(t.refuse(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'fa', slot: 'strength' })).toBe(
      'ABILITY_AT_MAX',
    );
    // Level 14 (3/3): equal slots waiting, the player picks.
    t.send(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'nfa', slot: 'weakness' });
    expect(t.state.troopers.t2).toMatchObject({ fa: 10, nfa: 5 });
  });
});

describe('3:16 between missions: Development Rolls and demotion', () => {
  it('promotion needs a Strength used; a new rank brings its kit, weapons and issued vehicles', () => {
    const { t, gm, p } = squad([
      { name: 'Tpr', fa: 5, nfa: 5 },
      { name: 'Lt', fa: 5, nfa: 5, rank: 3 },
      { name: 'Col', fa: 5, nfa: 5, rank: 7 },
    ]);
    happened(t, {
      t1: (tr) => flags(tr, { usedStrength: true }),
      t2: (tr) => flags(tr, { usedStrength: true }),
      t3: (tr) => flags(tr, { usedStrength: true }),
    });
    expect(t.refuse(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } })).toBe(
      'WRONG_PHASE',
    );
    endAndDebrief(t, gm);
    expect(
      t.refuse(
        p(1),
        { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion', weaponChoice: 'flameGun' } },
        [1],
      ),
    ).toBe('WEAPON_NOT_A_RANK_CHOICE');
    t.send(
      p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion', weaponChoice: 'heavyMg' } },
      [5],
    );
    const cpl = t.state.troopers.t1 as Trooper;
    expect(cpl.rank).toBe(1);
    expect(cpl.kit).toContain('mitt and ball');
    expect(cpl.weapons.map((w) => w.weapon)).toEqual(['energyRifle', 'grenades', 'handToHand', 'heavyMg']);
    expect(
      t.refuse(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } }, [1]),
    ).toBe('ALREADY_DONE');
    // Lieutenant to Captain: PowerBlade, the APC and a TPK Bomb come with the rank.
    t.send(p(2), { type: 'developmentRoll', trooperId: 't2', choice: { kind: 'promotion' } }, [1]);
    expect(t.state.troopers.t2).toMatchObject({ rank: 4, vehicles: ['dropPods', 'apc', 'tpkBomb'] });
    expect(t.state.troopers.t2?.weapons.map((w) => w.weapon)).toContain('powerBlade');
    // There is one Brigadier, an NPC.
    expect(
      t.refuse(p(3), { type: 'developmentRoll', trooperId: 't3', choice: { kind: 'promotion' } }, [1]),
    ).toBe('RANK_NEEDS_VACANCY');
  });

  it('a thrown bomb is requisitioned again by a Development Roll, within the rank limits', () => {
    const { t, gm, p } = squad([
      { name: 'Sgt', fa: 5, nfa: 5, rank: 2 },
      { name: 'Capt', fa: 5, nfa: 5, rank: 4 },
    ]);
    expect(t.state.troopers.t2?.vehicles).toContain('tpkBomb');
    happened(t, { t2: (tr) => ({ vehicles: tr.vehicles.filter((v) => v !== 'tpkBomb') }) });
    endAndDebrief(t, gm);
    const bomb = (id: string, vehicle: 'tpkBomb' | 'paradiseBomb') =>
      ({ type: 'developmentRoll', trooperId: id, choice: { kind: 'vehicle', vehicle } }) as const;
    expect(t.refuse(p(1), bomb('t1', 'tpkBomb'), [1])).toBe('RANK_TOO_LOW');
    expect(t.refuse(p(2), bomb('t2', 'paradiseBomb'), [1])).toBe('RANK_TOO_LOW');
    t.send(p(2), bomb('t2', 'tpkBomb'), [3]);
    expect(t.state.troopers.t2?.vehicles).toContain('tpkBomb');
  });

  it('the rank of Brigadier opens when the NPC Brigadier dies, to one PC (a log from before field promotion)', () => {
    const { t, gm, p } = squad([
      { name: 'Col A', fa: 5, nfa: 5, rank: 7 },
      { name: 'Col B', fa: 5, nfa: 5, rank: 7 },
    ]);
    happened(t, {
      t1: (tr) => flags(tr, { usedStrength: true }),
      t2: (tr) => flags(tr, { usedStrength: true }),
    });
    const promote = (id: string) =>
      ({ type: 'developmentRoll', trooperId: id, choice: { kind: 'promotion' } }) as const;
    endAndDebrief(t, gm);
    expect(t.refuse(p(1), promote('t1'), [1])).toBe('RANK_NEEDS_VACANCY');
    expect(t.refuse(p(1), { type: 'brigadierFalls', text: 'mine' })).toBe('ROLE_NOT_ALLOWED');
    // Stored before the field promotion to Brigadier existed: the event carries none, so the rank
    // just opens, as it did then (today's command would promote one of the Colonels at once).
    t.apply({ type: 'campaign.brigadierFell', text: 'A Scorpion ambush at the landing field.' });
    expect(t.refuse(gm, { type: 'brigadierFalls', text: 'again' })).toBe('ALREADY_DONE');
    t.send(p(1), promote('t1'), [2]);
    expect(t.state.troopers.t1).toMatchObject({ rank: 8 });
    expect(t.state.troopers.t1?.vehicles).toContain('theDevice');
    // One Brigadier: the other Colonel waits for the next vacancy.
    expect(t.refuse(p(2), promote('t2'), [1])).toBe('RANK_NEEDS_VACANCY');
  });

  it('a failed roll brings nothing; gear follows rank limits; no promotion without a Strength', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5, rank: 4 },
    ]);
    endAndDebrief(t, gm);
    expect(
      t.refuse(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } }, [1]),
    ).toBe('NO_STRENGTH_USED');
    expect(
      t.refuse(
        p(1),
        { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'vehicle', vehicle: 'apc' } },
        [1],
      ),
    ).toBe('RANK_TOO_LOW');
    expect(
      t.refuse(
        p(1),
        { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'weapon', weapon: 'grenades' } },
        [1],
      ),
    ).toBe('ALREADY_CARRIED');
    expect(
      t.refuse(
        p(1),
        { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'weapon', weapon: 'tpkBomb' } },
        [1],
      ),
    ).toBe('INVALID_COMMAND');
    expect(
      t.refuse(
        p(1),
        {
          type: 'developmentRoll',
          trooperId: 't1',
          choice: { kind: 'improve', weapon: 'grenades', range: 'close' },
        },
        [1],
      ),
    ).toBe('AUTO_IMPROVEMENT_FIRST');
    t.send(
      p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'weapon', weapon: 'shotgun' } },
      [6],
    );
    expect(t.state.troopers.t1?.weapons.map((w) => w.weapon)).not.toContain('shotgun');
    expect(t.log.at(-1)).toMatchObject({
      type: 'campaign.developmentRolled',
      face: 6,
      target: 5,
      success: false,
    });
    // A Captain may requisition a Drop Ship? No: Major and up.
    expect(
      t.refuse(
        p(2),
        { type: 'developmentRoll', trooperId: 't2', choice: { kind: 'vehicle', vehicle: 'dropShip' } },
        [1],
      ),
    ).toBe('RANK_TOO_LOW');
    // The free step first, then a different weapon with the roll.
    t.send(p(2), { type: 'improveWeapon', trooperId: 't2', weapon: 'sidearm', range: 'near' });
    t.send(
      p(2),
      {
        type: 'developmentRoll',
        trooperId: 't2',
        choice: { kind: 'improve', weapon: 'powerBlade', range: 'close' },
      },
      [2],
    );
    expect(t.state.troopers.t2?.weapons.find((w) => w.weapon === 'powerBlade')?.steps.close).toBe(4);
  });

  it('demotion: a nominated PC who used a Weakness loses a rank only if the nominator wins', () => {
    const { t, gm, p } = squad([
      { name: 'Nom', fa: 5, nfa: 6, rank: 1 },
      { name: 'Weak', fa: 5, nfa: 5, rank: 2 },
      { name: 'Tpr', fa: 5, nfa: 5 },
      { name: 'Lucky', fa: 5, nfa: 5, rank: 2 },
      { name: 'Hopeful', fa: 5, nfa: 5, rank: 2 },
    ]);
    happened(t, {
      t2: (tr) => flags(tr, { usedWeakness: true }),
      t3: (tr) => flags(tr, { usedWeakness: true }),
      t4: (tr) => flags(tr, { usedWeakness: true }),
      t5: (tr) => flags(tr, { usedWeakness: true, usedStrength: true }),
    });
    endAndDebrief(t, gm);
    const nominate = (targetId: string) =>
      ({ type: 'nominateDemotion', nominatorId: 't1', targetId }) as const;
    expect(t.refuse(p(1), nominate('t1'))).toBe('INVALID_VALUE');
    expect(t.refuse(p(1), nominate('t3'))).toBe('CANNOT_DEMOTE_TROOPER');
    expect(t.refuse(p(2), nominate('t2'))).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p(1), { ...nominate('t2'), targetId: 't1', nominatorId: 't2' })).toBe('NOT_YOUR_TROOPER');
    // Hopeful may still be promoted: its Development Roll comes first.
    expect(t.refuse(p(1), nominate('t5'))).toBe('DEVELOPMENT_PENDING');
    // Nom's 6 (a success on NFA 6) beats Weak's 3 (a success too, but lower): one rank down.
    t.send(p(1), nominate('t2'), [6, 3]);
    expect(t.log.at(-1)).toMatchObject({ demoted: true });
    expect(t.state.troopers.t2?.rank).toBe(1);
    expect(t.refuse(p(1), nominate('t2'))).toBe('ALREADY_TARGETED');
    // Both succeed with equal faces: not proven.
    t.send(p(1), nominate('t4'), [4, 4]);
    expect(t.log.at(-1)).toMatchObject({ demoted: false });
    expect(t.state.troopers.t4?.rank).toBe(2);
    // Hopeful is promoted, and so cannot be demoted now.
    t.send(p(5), { type: 'developmentRoll', trooperId: 't5', choice: { kind: 'promotion' } }, [1]);
    expect(t.refuse(p(1), nominate('t5'))).toBe('JUST_PROMOTED');
  });
});

describe('3:16 rotating GM', () => {
  it('the GM’s trooper sits the mission out, then takes a level or a weapon step, alternating', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
      { name: 'C', fa: 5, nfa: 5 },
    ]);
    endAndDebrief(t, gm);
    expect(t.refuse(p(2), { type: 'setMissionGm', seatId: 'p2' })).toBe('ROLE_NOT_ALLOWED');
    expect(t.refuse(gm, { type: 'setMissionGm', seatId: 'nobody' })).toBe('UNKNOWN_SEAT');
    expect(t.refuse(gm, { type: 'setMissionGm', seatId: 'constructor' })).toBe('UNKNOWN_SEAT');
    // Only a player can run a mission (the table's own GM is `null`).
    expect(t.refuse(gm, { type: 'setMissionGm', seatId: 'gm' })).toBe('INVALID_VALUE');
    t.send(gm, { type: 'setMissionGm', seatId: 'p2' });
    expect(t.state.troopers.t2?.status).toBe('retired');
    expect(campaignOf(t.state).gmRota).toEqual([{ mission: 2, seatId: 'p2' }]);
    // Levels for mission 1 (nobody killed): roll-off A 9, B 1, C 2 gives A; then B 1, C 5 gives C.
    t.send(gm, { type: 'rollLevels' }, [9, 1, 2, 1, 5]);
    expect(t.log.at(-1)).toMatchObject({ gainers: ['t1', 't3'] });
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Next', aa: 5 });
    // Threat counts the two PCs who play: 2 × 5.
    expect(t.state.planet?.threat.initial).toBe(10);
    t.send(gm, { type: 'briefMission', text: 'B runs this one.' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    expect(t.state.encounter?.pcs).toEqual(['t1', 't3']);
    t.send(gm, { type: 'gmEndEncounter' });
    endAndDebrief(t, gm);
    expect(t.state.troopers.t2?.status).toBe('active');
    expect(campaignOf(t.state).between?.survivors).toEqual(['t1', 't3']);
    // The GM's trooper is not a survivor of the mission: no free step for it.
    expect(
      t.refuse(p(2), { type: 'improveWeapon', trooperId: 't2', weapon: 'grenades', range: 'near' }),
    ).toBe('NOT_A_SURVIVOR');
    expect(
      t.refuse(p(1), {
        type: 'takeGmReward',
        trooperId: 't1',
        reward: { kind: 'level', ability: 'fa', slot: 'strength' },
      }),
    ).toBe('NO_GM_REWARD');
    t.send(p(2), {
      type: 'takeGmReward',
      trooperId: 't2',
      reward: { kind: 'level', ability: 'fa', slot: 'strength' },
    });
    expect(t.state.troopers.t2).toMatchObject({ fa: 6, levelsGained: 1 });
    expect(
      t.refuse(p(2), {
        type: 'takeGmReward',
        trooperId: 't2',
        reward: { kind: 'weapon', weapon: 'grenades', range: 'near' },
      }),
    ).toBe('NO_GM_REWARD');
    // B runs the next one too: this time the reward must be a weapon step.
    t.send(gm, { type: 'setMissionGm', seatId: 'p2' });
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Third', aa: 5 });
    t.send(gm, { type: 'briefMission', text: '' });
    endAndDebrief(t, gm);
    expect(
      t.refuse(p(2), { type: 'takeGmReward', trooperId: 't2', reward: { kind: 'level', ability: 'fa' } }),
    ).toBe('MUST_ALTERNATE');
    t.send(p(2), {
      type: 'takeGmReward',
      trooperId: 't2',
      reward: { kind: 'weapon', weapon: 'grenades', range: 'near' },
    });
    expect(t.state.troopers.t2?.weapons.find((w) => w.weapon === 'grenades')?.steps.near).toBe(2);
    // Back to the table's GM: nobody sits out.
    t.send(gm, { type: 'setMissionGm', seatId: null });
    expect(campaignOf(t.state).gmRota.map((g) => g.mission)).toEqual([2, 3]);
  });
});

describe('3:16 the next planet', () => {
  it('is rolled from the lists once the level choices are made, crossing entries off', () => {
    const { t, gm, p } = squad([{ name: 'A', fa: 5, nfa: 5 }]);
    happened(t, { t1: () => ({ killsThisMission: 3 }) });
    endAndDebrief(t, gm);
    t.send(gm, { type: 'rollLevels' });
    expect(t.refuse(gm, { type: 'rollNextPlanet' }, [6, 1, 1, 1, 10])).toBe('LEVEL_CHOICES_PENDING');
    t.send(p(1), { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
    // d20s: name 6 (Goya), form 1, description 1, ability 1, AA method 10 (highest NFA: 6).
    t.send(gm, { type: 'rollNextPlanet' }, [6, 1, 1, 1, 10]);
    expect(t.state.campaign.phase).toBe('briefing');
    expect(t.state.planet).toMatchObject({ name: 'Goya', aa: 6, aaMethod: 10, abilities: ['ambush'] });
    expect(t.state.planet?.threat.initial).toBe(5);
    expect(t.state.campaign.crossedOff).toMatchObject({
      name: [6],
      form: [1],
      description: [1],
      ability: [1],
      aaMethod: [10],
    });
    const rolled = t.log.find((e) => e.type === 'campaign.planetRolled');
    expect(rolled).toMatchObject({
      rolls: [{ faces: [6] }, { faces: [1] }, { faces: [1] }, { faces: [1] }, { faces: [10] }],
    });
  });
});

describe('3:16 Hatred for Home, the book’s option', () => {
  it('once a PC has it open, another turns an Available Weakness into it', () => {
    const { t, gm, p } = squad([
      { name: 'Young', fa: 5, nfa: 5 },
      { name: 'Old', fa: 9, nfa: 8 },
    ]);
    // At level 17 the fifth Weakness is not open yet: nobody has Hatred for Home.
    expect(t.refuse(p(1), { type: 'adoptHatredForHome', trooperId: 't1' })).toBe('HATRED_FOR_HOME_LOCKED');
    happened(t, { t1: (tr) => flags(tr, { usedStrength: true }), t2: (_tr) => ({ killsThisMission: 9 }) });
    endAndDebrief(t, gm);
    t.send(gm, { type: 'rollLevels' }, [1]);
    t.send(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'nfa' });
    expect(t.state.troopers.t2?.weaknesses[4]).toEqual({ status: 'available', hatredForHome: true });
    expect(t.refuse(p(2), { type: 'adoptHatredForHome', trooperId: 't1' })).toBe('NOT_YOUR_TROOPER');
    t.send(p(1), { type: 'adoptHatredForHome', trooperId: 't1' });
    const w = t.state.troopers.t1?.weaknesses ?? [];
    expect(w[0]).toEqual({ status: 'available', hatredForHome: true });
    expect(w[4]?.hatredForHome).toBeUndefined();
    expect(t.refuse(p(1), { type: 'adoptHatredForHome', trooperId: 't1' })).toBe('HATRED_FOR_HOME_ALREADY');
  });
});

describe('3:16 between missions: order of the steps', () => {
  it('a trooper set to sit out the next mission still finishes its own between-missions steps', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    happened(t, { t2: () => ({ killsThisMission: 4 }) });
    endAndDebrief(t, gm);
    expect(t.refuse(gm, { type: 'rollNextPlanet' }, [1, 1, 1, 1, 1])).toBe('LEVELS_NOT_ROLLED');
    t.send(gm, { type: 'setMissionGm', seatId: 'p2' });
    expect(t.state.troopers.t2?.status).toBe('retired');
    t.send(gm, { type: 'rollLevels' }, [2]);
    expect(t.log.at(-1)).toMatchObject({ topKiller: 't2', gainers: ['t2', 't1'] });
    t.send(p(2), { type: 'improveWeapon', trooperId: 't2', weapon: 'grenades', range: 'near' });
    t.send(p(2), { type: 'takeLevel', trooperId: 't2', ability: 'fa', slot: 'strength' });
    t.send(p(1), { type: 'takeLevel', trooperId: 't1', ability: 'fa', slot: 'strength' });
    t.send(gm, { type: 'rollNextPlanet', name: 3, form: 3, description: 3, abilities: [3], aaMethod: 19 });
    // AA method 19 is a flat 5; Threat counts the one PC who plays.
    expect(t.state.planet).toMatchObject({ aa: 5, threat: { initial: 5 } });
  });

  it('the seat running the mission acts as its GM: commands and view, until the next GM is named', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    t.send(gm, { type: 'gmNote', text: 'The colonel lies.' });
    endAndDebrief(t, gm);
    const seatView = (n: number) =>
      threeSixteen.view(t.state, p(n)) as ThreeSixteenState & { actingRole: string };
    expect(seatView(2).actingRole).toBe('player');
    t.send(gm, { type: 'setMissionGm', seatId: 'p2' });
    expect(actingRole(t.state, p(2))).toBe('gm');
    // Named for mission 2 once mission 1 is debriefed: B makes the planet (the book passes the
    // planet list on to the next GM), once the levels are settled.
    expect(t.refuse(p(2), { type: 'setPlanet', name: 'Next', aa: 5 })).toBe('LEVELS_NOT_ROLLED');
    settleLevels(t, gm);
    t.send(p(2), { type: 'setPlanet', name: 'Next', aa: 5 });
    expect(actingRole(t.state, p(2))).toBe('gm');
    expect(actingRole(t.state, p(1))).toBe('player');
    t.send(p(2), { type: 'briefMission', text: 'B runs this one.' });
    t.send(p(2), { type: 'startEncounter', tokens: 2 });
    expect(t.state.encounter?.pcs).toEqual(['t1']);
    // The table GM's note stays the table GM's (campaign/view.test.ts has the whole rule).
    expect(seatView(2)).toMatchObject({ actingRole: 'gm', gmNotes: [] });
    expect(seatView(1)).toMatchObject({ actingRole: 'player', gmNotes: [] });
    t.send(p(2), { type: 'gmEndEncounter' });
    t.send(p(2), { type: 'endMission' });
    t.send(p(2), { type: 'debrief' });
    // Debriefed, the chair goes to mission 3's GM; nobody is named, so the table's GM keeps it.
    expect(actingRole(t.state, p(2))).toBe('player');
    t.send(gm, { type: 'setMissionGm', seatId: null });
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Third', aa: 5 });
    expect(actingRole(t.state, p(2))).toBe('player');
    expect(t.refuse(p(2), { type: 'briefMission', text: 'mine' })).toBe('ROLE_NOT_ALLOWED');
    // Spectators and the GM keep their roles whatever the rota says.
    expect(actingRole(t.state, { seatId: 'eve', role: 'spectator' })).toBe('spectator');
    expect(actingRole(t.state, gm)).toBe('gm');
  });
  it('a seat standing in may pass its chair on before it briefs its mission, to a player or back', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    endAndDebrief(t, gm);
    t.send(gm, { type: 'setMissionGm', seatId: 'p2' });
    // B, now in the chair, hands mission 2 to A (the book has each GM pass the planet list on).
    t.send(p(2), { type: 'setMissionGm', seatId: 'p1' });
    expect(actingRole(t.state, p(2))).toBe('player');
    expect(actingRole(t.state, p(1))).toBe('gm');
    expect(t.state.troopers.t2?.status).toBe('active');
    expect(t.state.troopers.t1?.status).toBe('retired');
    // A gives it back to the table's GM and is a player again, with no chair left to pass.
    t.send(p(1), { type: 'setMissionGm', seatId: null });
    expect(actingRole(t.state, p(1))).toBe('player');
    expect(t.refuse(p(1), { type: 'setMissionGm', seatId: 'p1' })).toBe('ROLE_NOT_ALLOWED');
  });
});

describe('3:16 healing between missions', () => {
  /** Debriefed, then a PC-vs-PC conflict: Ann ambushes Bo (a free Kill, an X) and the GM ends it. */
  function scarredAfterDebrief() {
    const { t, gm, p } = squad([
      { name: 'Ann', fa: 5, nfa: 5 },
      { name: 'Bo', fa: 5, nfa: 5, patch: { armourPolicy: 'never' } },
    ]);
    endAndDebrief(t, gm);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    // Ann succeeds (1), Bo fails (10): Ann's ambush marks Bo.
    t.send(gm, { type: 'rollConflictDominance' }, [1, 10]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    t.send(gm, { type: 'gmEndConflict', winner: 'a', reason: 'The sergeant breaks it up.' });
    settleLevels(t, gm);
    // The debrief's healing came before the fight; the X is still there.
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    return { t, gm };
  }

  it('a mark taken after the debrief is healed before the next planet set by hand', () => {
    const { t, gm } = scarredAfterDebrief();
    const events = t.send(gm, { type: 'setPlanet', name: 'Next', aa: 5 });
    expect(events.map((e) => e.type)).toEqual(['campaign.healedBeforePlanet', 'planet.set']);
    expect(events[0]).toMatchObject({ troopers: ['t2'] });
    for (const id of ['t1', 't2']) expect(t.state.troopers[id]?.health).toEqual([null, null, null]);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('…and before a rolled one', () => {
    const { t, gm } = scarredAfterDebrief();
    t.send(gm, { type: 'rollNextPlanet' }, [6, 1, 1, 1, 10]);
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    expect(t.state.planet?.name).toBe('Goya');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a conflict still being fought holds the next planet back', () => {
    const { t, gm, p } = squad([
      { name: 'Ann', fa: 5, nfa: 5 },
      { name: 'Bo', fa: 5, nfa: 5 },
    ]);
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    expect(t.refuse(gm, { type: 'setPlanet', name: 'Next', aa: 5 })).toBe('CONFLICT_RUNNING');
    expect(t.refuse(gm, { type: 'rollNextPlanet' }, [6, 1, 1, 1, 10])).toBe('CONFLICT_RUNNING');
    t.send(gm, { type: 'gmEndConflict', winner: 'a', reason: 'Called off.' });
    t.send(gm, { type: 'setPlanet', name: 'Next', aa: 5 });
    expect(t.state.planet?.name).toBe('Next');
  });

  it('with nobody marked the next planet is just the planet', () => {
    const { t, gm } = squad([{ name: 'Ann', fa: 5, nfa: 5 }]);
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    const events = t.send(gm, { type: 'setPlanet', name: 'Next', aa: 5 });
    expect(events.map((e) => e.type)).toEqual(['planet.set']);
  });
});

describe('3:16 the next planet after the ability list is used up', () => {
  it('rolls or takes 2 or 3 abilities, never one', () => {
    const { t, gm } = squad([{ name: 'A', fa: 5, nfa: 5 }]);
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    // Test set-up standing in for twenty planets.
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    t.state = {
      ...t.state,
      campaign: { ...t.state.campaign, crossedOff: { ...t.state.campaign.crossedOff, ability: all } },
    };
    expect(t.refuse(gm, { type: 'rollNextPlanet', abilities: [4] }, [6, 1, 1, 10])).toBe(
      'PLANET_ABILITY_COUNT',
    );
    t.send(gm, { type: 'rollNextPlanet', abilities: [4, 20] }, [6, 1, 1, 10]);
    expect(t.state.planet?.abilities).toEqual(['endEncounter', 'swarm']);
  });
});
