import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { legalCommands, pendingDecisions } from '../ruleset.ts';
import { type Conflict, campaignOf } from './model.ts';
import { squad } from './test-kit.ts';

/**
 * Cancelling a success in a conflict (the encounter's rule, which conflicts follow): the better
 * success may be called off when it would go first, and then the other side's lower success fails
 * too. Dice are scripted: Dominance faces (a, b), then each round's faces (a, b).
 */

const conflict = (t: { state: Parameters<typeof campaignOf>[0] }): Conflict => {
  const c = campaignOf(t.state).conflict;
  if (!c) throw new Error('no conflict');
  return c;
};

const cancel = { type: 'takeConflictTurn', cancel: true } as const;
const take = { type: 'takeConflictTurn' } as const;

/** Smile (FA 7, Energy Rifle: kills at Far) against an NPC deserter on a planet with AA 6, at Far. */
function smileVsDeserter() {
  const table = squad([{ name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle' }], { aa: 6 });
  const { t, gm, p } = table;
  t.send(gm, {
    type: 'startConflict',
    a: { kind: 'trooper', trooperId: 't1' },
    b: { kind: 'npc', name: 'Deserter' },
  });
  // Both fail Dominance: Far, round 1.
  t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
  t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
  t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'fa' } });
  return table;
}

describe('3:16 conflicts: cancelling a success', () => {
  it("a player's PC calls off its better success, so the NPC's lower success fails too", () => {
    const { t, gm, p } = smileVsDeserter();
    const health = t.state.troopers.t1?.health;
    const armour = t.state.troopers.t1?.armour;
    // Smile 5 (≤ FA 7) beats the deserter's 3 (≤ AA 6): Smile's success waits for his player.
    t.send(gm, { type: 'rollConflictRound' }, [5, 3]);
    expect(t.log.at(-1)).toMatchObject({ type: 'conflict.roundRolled', waitFor: 'a' });
    expect(conflict(t)).toMatchObject({
      step: 'act',
      queue: [
        { side: 'a', face: 5 },
        { side: 'b', face: 3 },
      ],
    });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'p1', kind: 'conflictTurn', actor: 't1' }]);
    expect(legalCommands(t.state, p(1))).toContainEqual(cancel);
    expect(legalCommands(t.state, p(1))).toContainEqual(take);

    t.send(p(1), cancel);
    expect(t.log.at(-1)).toEqual({ type: 'conflict.turnTaken', side: 'a', cancelled: true });
    // Nobody is marked, and the cancelled success does not step the range either.
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2, queue: [], mayMove: null, range: 'far' });
    expect(conflict(t).sides.b).toMatchObject({ health: [null] });
    expect(t.state.troopers.t1).toMatchObject({ health, armour, killsThisMission: 0 });
    expect(t.state.log.at(-1)?.text).toBe('Smile calls off a success, so Deserter fails as well.');
    expect(t.refuse(p(1), { type: 'moveConflict', move: 'closer' })).toBe('NOT_AVAILABLE');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('letting the better success land plays the round as before: the NPC dies, its success never comes', () => {
    const { t, gm, p } = smileVsDeserter();
    t.send(gm, { type: 'rollConflictRound' }, [5, 3]);
    t.send(p(1), take);
    expect(t.log.at(-1)).toEqual({
      type: 'conflict.turnTaken',
      side: 'a',
      cancelled: false,
      // What it led to, for the log: the deserter's box marked, and the end.
      struck: [{ side: 'b', mark: 'X' }],
      conflictWon: { winner: 'a', reason: 'dead' },
    });
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a', endReason: 'dead' });
    expect(t.state.troopers.t1).toMatchObject({ health: [null, null, null], totalKills: 1 });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('the GM decides for an NPC: its better success may be cancelled too, not by the player', () => {
    const { t, gm, p } = smileVsDeserter();
    // The deserter's 6 (≤ AA 6) beats Smile's 2.
    t.send(gm, { type: 'rollConflictRound' }, [2, 6]);
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'conflictTurn' }]);
    expect(legalCommands(t.state, p(1))).not.toContainEqual(cancel);
    expect(t.refuse(p(1), cancel)).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p(1), take)).toBe('NOT_YOUR_TROOPER');
    t.send(gm, cancel);
    expect(t.state.log.at(-1)?.text).toBe('Deserter calls off a success, so Smile fails as well.');
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2, mayMove: null });
  });

  it("refuses the other player's side, the wrong step and no conflict, changing nothing", () => {
    const { t, gm, p } = squad([
      { name: 'Ann', fa: 6, nfa: 6 },
      { name: 'Ben', fa: 6, nfa: 6 },
    ]);
    expect(t.refuse(p(1), cancel)).toBe('NO_CONFLICT');
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    expect(t.refuse(p(1), cancel)).toBe('WRONG_STEP');
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'emotional' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    expect(t.refuse(p(1), cancel)).toBe('WRONG_STEP');
    // Ben's 6 beats Ann's 2: only Ben's player (or the GM) may cancel it.
    t.send(gm, { type: 'rollConflictRound' }, [2, 6]);
    const before = stateHash(t.state);
    const logLength = t.log.length;
    expect(t.refuse(p(1), cancel)).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p(1), take)).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse({ seatId: 'eve', role: 'spectator' }, cancel)).toBe('ROLE_NOT_ALLOWED');
    // Nothing else moves while the success waits: no declaring, no second roll, no range step.
    expect(t.refuse(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } })).toBe('WRONG_STEP');
    expect(t.refuse(gm, { type: 'rollConflictRound' })).toBe('WRONG_STEP');
    expect(t.refuse(p(2), { type: 'moveConflict', move: 'closer' })).toBe('WRONG_STEP');
    expect(legalCommands(t.state, p(1)).filter((c) => c.type === 'takeConflictTurn')).toEqual([]);
    // Every refusal above left the state and the log as they were (`refuse` checks each one too).
    expect(stateHash(t.state)).toBe(before);
    expect(t.log.length).toBe(logLength);
    // A yield waits for its answer first; refused, the success still waits.
    t.send(p(1), { type: 'yieldConflict', side: 'a' });
    expect(t.refuse(p(2), cancel)).toBe('YIELD_PENDING');
    t.send(p(2), { type: 'answerYield', accept: false });
    expect(conflict(t).step).toBe('act');
    t.send(p(2), take);
    expect(t.refuse(p(2), cancel)).toBe('WRONG_STEP');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('tied successes act together and cannot cancel (TIED_SUCCESS) while the round resolves', () => {
    const { t, gm, p } = squad([
      { name: 'Ann', fa: 6, nfa: 6 },
      { name: 'Ben', fa: 6, nfa: 6 },
    ]);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'emotional' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    // Both 4: no wait; Ann's E on Ben waits for Ben's player (he could answer with a flashback).
    t.send(gm, { type: 'rollConflictRound' }, [4, 4]);
    expect(t.log.at(-1)).not.toHaveProperty('waitFor');
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'b', by: 'a' } });
    expect(t.refuse(p(1), cancel)).toBe('TIED_SUCCESS');
    expect(t.refuse(p(2), cancel)).toBe('TIED_SUCCESS');
    expect(t.refuse(gm, cancel)).toBe('TIED_SUCCESS');
    expect(t.refuse(p(2), take)).toBe('WRONG_STEP');
    t.send(p(2), { type: 'answerConflictHit', useArmour: false });
    // Ben's tied E on Ann still lands; still no cancelling while it waits.
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', by: 'b' } });
    expect(t.refuse(p(2), cancel)).toBe('TIED_SUCCESS');
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    expect(t.state.troopers.t1?.health).toEqual(['E', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['E', null, null]);
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2 });
    expect(t.refuse(p(1), cancel)).toBe('WRONG_STEP');
  });

  it('with only one success there is nothing to stop: the round resolves at once', () => {
    const { t, gm } = smileVsDeserter();
    // Smile 5 succeeds, the deserter's 9 fails.
    t.send(gm, { type: 'rollConflictRound' }, [5, 9]);
    expect(t.log.at(-1)).not.toHaveProperty('waitFor');
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a' });
  });

  it('a log from before cancelling (no waitFor) replays as it did: both successes act at once', () => {
    const { t, gm } = smileVsDeserter();
    // The event as older code wrote it for Smile 5 against the deserter's 3.
    t.apply({
      type: 'conflict.roundRolled',
      tests: { a: { face: 5, target: 7, success: true }, b: { face: 3, target: 6, success: true } },
    });
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a', endReason: 'dead' });
    void gm;
  });
});
