import { describe, expect, it } from 'vitest';
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
});
