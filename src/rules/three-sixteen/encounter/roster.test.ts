import { describe, expect, it } from 'vitest';
import type { ThreeSixteenCommand } from '../commands.ts';
import { pendingDecisions, ranksPending } from './pending.ts';
import { TestTable } from './test-kit.ts';

function roster(abilities: [number, number][]) {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  abilities.forEach(([fa, nfa], i) => {
    t.send(
      gm,
      { type: 'createTrooper', name: `T${i + 1}`, fa, nfa },
      Array.from({ length: fa }, () => 1),
    );
  });
  return { t, gm };
}
const ranks = (t: TestTable) => t.state.trooperOrder.map((id) => t.state.troopers[id]?.rank);

describe('3:16 initial ranks', () => {
  it('are asked for before the first planet while every PC is a Trooper', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    for (const [i, name] of ['Ann', 'Ben'].entries()) {
      const p = t.seat(`p${i + 1}`, 'player', name);
      t.send(p, { type: 'createTrooper', name, fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    }
    expect(ranksPending(t.state)).toBe(true);
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'assignRanks' }]);
    t.send(gm, { type: 'assignInitialRanks' }, [4, 9]);
    expect(ranksPending(t.state)).toBe(false);
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'setPlanet' }]);
  });

  it('are handed out among the PCs: an NPC squad member with the best NFA keeps its own rank', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    for (const [i, [name, fa, nfa]] of (
      [
        ['Ann', 6, 4],
        ['Ben', 5, 5],
      ] as const
    ).entries()) {
      const p = t.seat(`p${i + 1}`, 'player', name);
      t.send(
        p,
        { type: 'createTrooper', name, fa, nfa },
        Array.from({ length: fa }, () => 1),
      );
    }
    // The GM's NPC (no owner seat) has the squad's best NFA.
    t.send(gm, { type: 'createTrooper', name: 'Npc', fa: 2, nfa: 8 }, [1, 1]);
    expect(t.state.troopers.t3?.ownerSeatId).toBeNull();
    t.send(gm, { type: 'assignInitialRanks' });
    expect(ranks(t)).toEqual([1, 2, 0]);
  });

  it('rolls off only the ties a rank hangs on', () => {
    // Four equal NFAs: 9 and 7 settle Sergeant and Corporal; the two 3s decide nothing.
    const { t, gm } = roster([
      [5, 5],
      [5, 5],
      [5, 5],
      [5, 5],
    ]);
    const [event] = t.send(gm, { type: 'assignInitialRanks' }, [9, 7, 3, 3]);
    expect(ranks(t)).toEqual([2, 1, 0, 0]);
    expect(event?.type === 'ranks.assigned' && event.rolls.map((r) => [r.trooperId, r.face])).toEqual([
      ['t1', 9],
      ['t2', 7],
      ['t3', 3],
      ['t4', 3],
    ]);
  });

  it('highest NFA is Sergeant, highest FA of the rest Corporal', () => {
    const { t, gm } = roster([
      [7, 3],
      [3, 7],
      [5, 5],
    ]);
    t.send(gm, { type: 'assignInitialRanks' });
    expect(ranks(t)).toEqual([1, 2, 0]);
    expect(t.state.troopers.t2?.weapons.map((w) => w.weapon)).toEqual(['slugRifle', 'sidearm', 'handToHand']);
  });

  it('a tie for highest NFA is rolled off: winner Sergeant, runner-up Corporal', () => {
    const { t, gm } = roster([
      [4, 6],
      [4, 6],
      [8, 2],
    ]);
    t.send(gm, { type: 'assignInitialRanks' }, [3, 9]);
    expect(ranks(t)).toEqual([1, 2, 0]);
  });

  it('a tie for the Corporal by FA is rolled off, re-rolling equal faces', () => {
    const { t, gm } = roster([
      [2, 8],
      [6, 4],
      [6, 4],
    ]);
    t.send(gm, { type: 'assignInitialRanks' }, [5, 5, 2, 6]);
    expect(ranks(t)).toEqual([2, 0, 1]);
  });
});

describe('3:16 rank weapon choices', () => {
  it('once ranks are known, each PC may swap an "or" weapon of its rank until the first mission', () => {
    const { t, gm } = roster([
      [7, 3],
      [3, 7],
    ]);
    t.send(gm, { type: 'assignInitialRanks' });
    // T1 is Corporal (E-Cannon or Heavy MG), T2 Sergeant (Slug Rifle or Heavy MG).
    t.send(gm, { type: 'chooseRankWeapon', trooperId: 't1', weapon: 'heavyMg' });
    const cpl = t.state.troopers.t1;
    expect(cpl?.weapons.map((w) => w.weapon)).toEqual(['heavyMg', 'grenades', 'handToHand']);
    expect(cpl?.currentWeapon).toBe('heavyMg');
    expect(cpl?.defaultWeapon).toBe('heavyMg');
    expect(t.refuse(gm, { type: 'chooseRankWeapon', trooperId: 't1', weapon: 'heavyMg' })).toBe(
      'ALREADY_DONE',
    );
    expect(t.refuse(gm, { type: 'chooseRankWeapon', trooperId: 't1', weapon: 'shotgun' })).toBe(
      'WEAPON_NOT_A_RANK_CHOICE',
    );
    expect(t.refuse(gm, { type: 'chooseRankWeapon', trooperId: 't9', weapon: 'heavyMg' })).toBe(
      'UNKNOWN_TROOPER',
    );
    t.send(gm, { type: 'setPlanet', name: 'P', aa: 5, threat: 4 });
    t.send(gm, { type: 'briefMission', text: '' });
    expect(t.refuse(gm, { type: 'chooseRankWeapon', trooperId: 't2', weapon: 'heavyMg' })).toBe(
      'WRONG_PHASE',
    );
  });

  it('a player swaps only its own trooper’s weapon', () => {
    const t = new TestTable();
    const p1 = t.seat('p1', 'player', 'One');
    const p2 = t.seat('p2', 'player', 'Two');
    t.send(p1, { type: 'createTrooper', name: 'A', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    expect(t.refuse(p2, { type: 'chooseRankWeapon', trooperId: 't1', weapon: 'slugRifle' })).toBe(
      'NOT_YOUR_TROOPER',
    );
    t.send(p1, { type: 'chooseRankWeapon', trooperId: 't1', weapon: 'slugRifle' });
    expect(t.state.troopers.t1?.weapons[0]?.weapon).toBe('slugRifle');
  });
});

describe('3:16 a seasoned trooper brought in by the GM', () => {
  it('makes every "or" pick of its rank: a Major has two', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const major: ThreeSixteenCommand = {
      type: 'createTrooper',
      name: 'Maj Vance',
      fa: 8,
      nfa: 8,
      rank: 5,
      weaponChoices: ['heavyMg', 'shotgun'],
    };
    t.send(
      gm,
      major,
      Array.from({ length: 8 }, () => 1),
    );
    const carried = t.state.troopers.t1?.weapons.map((w) => w.weapon) ?? [];
    expect(carried).toEqual(expect.arrayContaining(['heavyMg', 'shotgun']));
    expect(carried).not.toContain('slugRifle');
    expect(carried).not.toContain('flameGun');
    // Two picks from one group, or a weapon the rank does not offer, are refused before any die.
    expect(t.refuse(gm, { ...major, weaponChoices: ['flameGun', 'shotgun'] })).toBe('WEAPON_CHOICE_CONFLICT');
    expect(t.refuse(gm, { ...major, weaponChoices: ['powerClaw'] })).toBe('WEAPON_NOT_A_RANK_CHOICE');
  });
});

describe('3:16 one PC per player', () => {
  it('a player creates a second trooper only when the first is gone for good; the GM adds any', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    expect(t.refuse(p1, { type: 'createTrooper', name: 'Ann II', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1])).toBe(
      'ALREADY_PLAYING',
    );
    // The GM may bring in another PC for the same player (or an NPC) when the table wants it.
    t.send(gm, { type: 'createTrooper', ownerSeatId: 'p1', name: 'Ann II', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    // Fallen: the player brings in a replacement, not a fresh recruit.
    for (const id of ['t1', 't2'])
      t.send(gm, {
        type: 'gmAdjust',
        adjustment: { target: 'status', trooperId: id, value: 'dead' },
        reason: 'test',
      });
    expect(t.refuse(p1, { type: 'createTrooper', name: 'Ann III', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1])).toBe(
      'ALREADY_PLAYING',
    );
  });
});
