import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import { serviceOf } from '../campaign/model.ts';
import type { Trooper } from '../state.ts';
import { fightAt, playRound } from './test-kit.ts';

const never = { armourPolicy: 'never' } as const;

/** Deaths outside a wound also call the campaign's field-promotion hook. */
describe('3:16 field promotion on every kind of death', () => {
  it('a GM status override that kills the senior PC promotes the next one', () => {
    const { t, gm } = fightAt('near', [
      { name: 'Lt', fa: 5, nfa: 5, rank: 3 },
      { name: 'Sgt', fa: 5, nfa: 5, rank: 2 },
    ]);
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't1', value: 'dead' },
      reason: 'a sniper, off screen',
    });
    expect(t.state.troopers.t2?.rank).toBe(3);
  });

  it('a GM health override filling the last box does too', () => {
    const { t, gm } = fightAt('near', [
      { name: 'Lt', fa: 5, nfa: 5, rank: 3 },
      { name: 'Sgt', fa: 5, nfa: 5, rank: 2 },
    ]);
    const events = t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'health', trooperId: 't1', value: ['X', 'X', 'X'] },
      reason: 'bled out',
    });
    expect(t.state.troopers.t1?.status).toBe('dead');
    // The adjustment names who it felled, as an encounter's own events do, so the log says so.
    expect(events[0]?.fell).toEqual([{ trooperId: 't1', status: 'dead' }]);
    // …and whom the fall promoted at once, so the log tells the table who leads now.
    expect(events[0]?.risen).toEqual([{ trooperId: 't2', rank: 3 }]);
    expect(t.state.troopers.t2?.rank).toBe(3);
  });

  it('an officer killed by a second Orbital Bombardment hands the rank on', () => {
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Lt', fa: 5, nfa: 5, rank: 3, patch: { ...never, orbitalBombardmentUses: 1 } },
        { name: 'Sgt', fa: 5, nfa: 5, rank: 2, patch: never },
      ],
      { tokens: 3 },
    );
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'orbitalBombardment' } }, t2: { kind: 'fa', weapon: 'handToHand' } },
      { aliens: 9, t1: 2, t2: 9 },
    );
    // d1000 for the caller's kills: 1, 2, 3 → 123.
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 3]);
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.lastEncounter?.endReason).toBe('orbitalBombardment');
    expect(t.state.troopers.t2?.rank).toBe(3);
  });
});

describe('3:16 a field promotion’s weapon pick', () => {
  it('is made for the player mid-fight, and stays the player’s to change until the next planet', () => {
    const { t, gm, players } = fightAt('near', [
      { name: 'Sgt', fa: 5, nfa: 5, rank: 2 },
      { name: 'Cpl', fa: 5, nfa: 5, rank: 1 },
    ]);
    const cpl = players[1] as Seat;
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't1', value: 'dead' },
      reason: 'a sniper',
    });
    const promoted = () => t.state.troopers.t2 as Trooper;
    // Sergeant now: the rank's "Slug Rifle or Heavy MG" took its first option for the moment.
    expect(promoted().rank).toBe(2);
    expect(promoted().weapons.map((w) => w.weapon)).toContain('slugRifle');
    expect(serviceOf(promoted()).fieldPicks).toEqual([['slugRifle', 'heavyMg']]);
    // Not in the middle of the fight…
    const pick = { type: 'chooseRankWeapon', trooperId: 't2', weapon: 'heavyMg' } as const;
    expect(t.refuse(cpl, pick)).toBe('WRONG_PHASE');
    t.send(gm, { type: 'gmEndEncounter' });
    // …but once it is over, the player makes it, once.
    t.send(cpl, pick);
    expect(promoted().weapons.map((w) => w.weapon)).toContain('heavyMg');
    expect(promoted().weapons.map((w) => w.weapon)).not.toContain('slugRifle');
    expect(serviceOf(promoted()).fieldPicks).toBeUndefined();
    expect(t.refuse(cpl, { ...pick, weapon: 'slugRifle' })).toBe('WRONG_PHASE');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});
