import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { squad } from '../campaign/test-kit.ts';
import { fightAt, playRound } from './test-kit.ts';

const FA = { kind: 'fa', weapon: 'energyRifle' } as const;

describe('3:16 book: an example of a Strength', () => {
  it('Sgt Alvida, Crippled and about to take a Kill, ends the encounter with "Cold Logic"', () => {
    // Her rifle is improved to 2d10 at Near (ladder index 5): the book rolls 2d10 for 12 kills.
    const { t, gm, players } = fightAt(
      'near',
      [
        {
          name: 'Alvida',
          fa: 3,
          nfa: 7,
          rank: 2,
          patch: {
            health: ['X', 'X', null],
            weapons: [{ weapon: 'energyRifle', steps: { close: 1, near: 5, far: 1 } }],
            defaultWeapon: 'energyRifle',
            currentWeapon: 'energyRifle',
          },
        },
        { name: 'Dog', fa: 7, nfa: 3, patch: { defaultWeapon: 'energyRifle', currentWeapon: 'energyRifle' } },
      ],
      { aa: 6, tokens: 3 },
    );
    playRound(t, gm, { t1: FA, t2: FA }, { aliens: 6, t1: 9, t2: 8 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    // The Kill waits: she has armour and a Strength to answer with.
    expect(t.state.encounter?.pendingKills.map((p) => p.trooperId)).toEqual(['t1', 't2']);
    t.send(players[0] as never, { type: 'useStrength', trooperId: 't1', text: 'Cold Logic' }, [5, 7]);
    const a = t.state.troopers.t1;
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('strength');
    expect(a?.killsThisMission).toBe(12);
    expect(a?.strengths[0]).toEqual({ status: 'used', text: 'Cold Logic' });
    expect(a?.missionFlags.usedStrength).toBe(true);
    // She never took the Kill, then healed one wound between encounters.
    expect(a?.health).toEqual(['X', null, null]);
    // Dog's pending Kill vanished with the encounter too.
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    // All 3 tokens discarded, none back in the pool.
    expect(t.state.planet?.threat).toMatchObject({ pool: 7, discarded: 3, removed: 0 });
  });

  it('cannot be used once the encounter is over, nor with no Strength slot', () => {
    const { t, gm, players } = fightAt('near', [
      { name: 'A', fa: 5, nfa: 5, patch: { strengths: [{ status: 'used', text: 'x' }] } },
    ]);
    expect(t.refuse(players[0] as never, { type: 'useStrength', trooperId: 't1', text: 'again' })).toBe(
      'NO_SLOT',
    );
    void gm;
  });
});

describe('3:16 book: an example of a Weakness', () => {
  it('Dog shows "Sociopathy" instead of taking a Kill; the fight goes on without him', () => {
    const { t, gm, players } = fightAt(
      'close',
      [
        { name: 'Alvida', fa: 3, nfa: 7, rank: 2 },
        { name: 'Dog', fa: 7, nfa: 3, patch: { health: ['X', null, null] } },
      ],
      { aa: 6, tokens: 4 },
    );
    const w = { kind: 'fa', weapon: 'handToHand' } as const;
    playRound(t, gm, { t1: w, t2: w }, { aliens: 6, t1: 9, t2: 10 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(players[1] as never, { type: 'useWeakness', trooperId: 't2', text: 'Sociopathy' });
    const e = t.state.encounter;
    expect(e?.out.t2).toBe('weakness');
    expect(e?.tokens).toBe(3);
    expect(t.state.planet?.threat.discarded).toBe(1);
    const dog = t.state.troopers.t2;
    expect(dog?.weaknesses[0]).toEqual({ status: 'used', text: 'Sociopathy' });
    expect(dog?.missionFlags.usedWeakness).toBe(true);
    // Out of the encounter is "between encounters": Dog heals his old wound at once.
    expect(dog?.health).toEqual([null, null, null]);
    // Alvida still has her Kill to answer; Dog has nothing left to do here.
    expect(e?.pendingKills.map((p) => p.trooperId)).toEqual(['t1']);
    expect(t.refuse(players[1] as never, { type: 'useStrength', trooperId: 't2', text: 'late' })).toBe(
      'NOT_IN_ENCOUNTER',
    );
  });

  it('a Weakness heals every E and one X, but not a Lasting Wound', () => {
    const never = { armourPolicy: 'never' } as const;
    const { t, gm, players } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: { ...never, health: ['E', null, null] } },
        { name: 'B', fa: 5, nfa: 5, patch: { ...never, health: ['X', null, null] } },
      ],
      { abilities: ['lastingWounds'], tokens: 4 },
    );
    const w = { kind: 'fa', weapon: 'handToHand' } as const;
    // The aliens' 1 strikes both: a Lasting Wound each.
    playRound(t, gm, { t1: w, t2: w }, { aliens: 1, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.health).toEqual(['E', 'X', null]);
    expect(t.state.troopers.t2?.lastingWounds).toBe(1);
    t.send(players[0] as never, { type: 'useWeakness', trooperId: 't1', text: 'Fear' });
    t.send(players[1] as never, { type: 'useWeakness', trooperId: 't2', text: 'Greed' });
    // A: the E heals, the Lasting X stays; B: the older X heals.
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a Weakness that discards the last token ends the encounter', () => {
    const { t, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 1 });
    t.send(players[0] as never, { type: 'useWeakness', trooperId: 't1', text: 'Cowardice' });
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('noTokens');
  });

  it('uses an ordinary Weakness slot before Hatred for Home', () => {
    const { t, players } = fightAt('close', [
      {
        name: 'A',
        fa: 9,
        nfa: 9,
        patch: {
          weaknesses: [
            { status: 'used', text: 'a' },
            { status: 'used', text: 'b' },
            { status: 'used', text: 'c' },
            { status: 'available' },
            { status: 'available', hatredForHome: true },
          ],
        },
      },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    t.send(players[0] as never, { type: 'useWeakness', trooperId: 't1', text: 'd' });
    expect(t.state.troopers.t1?.weaknesses[3]?.status).toBe('used');
    expect(t.state.troopers.t1?.weaknesses[4]?.status).toBe('available');
  });

  it('a Weakness that discards the planet’s final token earns the heroism medal’s flag, fair or foul', () => {
    const { t, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { threat: 1, tokens: 1 });
    expect(t.state.planet?.threat.pool).toBe(0);
    t.send(players[0] as never, { type: 'useWeakness', trooperId: 't1', text: 'Drops a grenade and runs' });
    expect(t.state.troopers.t1?.missionFlags.removedFinalToken).toBe(true);
  });

  it('takes the Hatred for Home slot when the player asks for it, and only if it is there', () => {
    const weaknesses = [
      { status: 'available' as const },
      { status: 'available' as const, hatredForHome: true },
    ];
    const { t, players } = fightAt('close', [
      { name: 'A', fa: 9, nfa: 9, patch: { weaknesses } },
      { name: 'B', fa: 5, nfa: 5, patch: { weaknesses: [{ status: 'available' }] } },
    ]);
    expect(
      t.refuse(players[1] as never, { type: 'useWeakness', trooperId: 't2', text: 'x', hatredForHome: true }),
    ).toBe('NO_SLOT');
    t.send(players[0] as never, {
      type: 'useWeakness',
      trooperId: 't1',
      text: 'Home is a lie',
      hatredForHome: true,
    });
    expect(t.state.troopers.t1?.weaknesses).toEqual([
      { status: 'available' },
      { status: 'used', text: 'Home is a lie', hatredForHome: true },
    ]);
  });
});

describe('3:16 flashbacks in a scene, away from any fight', () => {
  it('fill the slot, count for promotion or demotion, and go into the mission’s scenes', () => {
    const { t, gm, p } = squad([
      { name: 'Ann', fa: 5, nfa: 5 },
      { name: 'Ben', fa: 5, nfa: 5 },
    ]);
    expect(
      t.refuse(p(2), { type: 'sceneFlashback', trooperId: 't1', kind: 'strength', text: 'Not mine' }),
    ).toBe('NOT_YOUR_TROOPER');
    t.send(p(1), {
      type: 'sceneFlashback',
      trooperId: 't1',
      kind: 'strength',
      text: 'Talked the pilot round',
    });
    expect(t.state.troopers.t1?.strengths[0]).toEqual({ status: 'used', text: 'Talked the pilot round' });
    expect(t.state.troopers.t1?.missionFlags.usedStrength).toBe(true);
    expect(t.state.mission?.scenes.at(-1)).toMatchObject({
      kind: 'flashback',
      flashback: 'strength',
      trooperId: 't1',
      text: 'Talked the pilot round',
    });
    // Level 10: one Strength only, now used.
    expect(t.refuse(p(1), { type: 'sceneFlashback', trooperId: 't1', kind: 'strength', text: 'Again' })).toBe(
      'NO_SLOT',
    );
    // In a conflict the conflict's own flashback is the one to use.
    t.send(p(2), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't2' },
      b: { kind: 'trooper', trooperId: 't1' },
    });
    expect(t.refuse(p(2), { type: 'sceneFlashback', trooperId: 't2', kind: 'weakness', text: 'x' })).toBe(
      'CONFLICT_RUNNING',
    );
    t.send(gm, { type: 'gmEndConflict', winner: null, reason: 'called off' });
    t.send(p(2), { type: 'sceneFlashback', trooperId: 't2', kind: 'weakness', text: 'Froze at the hatch' });
    expect(t.state.troopers.t2?.missionFlags.usedWeakness).toBe(true);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});
