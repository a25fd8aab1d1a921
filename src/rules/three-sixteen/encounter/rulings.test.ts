import { describe, expect, it } from 'vitest';
import {
  BEYOND_FAR,
  beatenByAliens,
  CLOSE,
  FAR,
  failedSlot,
  isStandoff,
  KillFate,
  killCredited,
  killFate,
  nobodyFightingReason,
  POSITION_INDEX,
  POSITIONS,
  roundsWithoutKillsAfter,
  stepPosition,
  tokensBackToPool,
  woundFells,
} from './rulings.ts';

// The rulings both implementations of the encounter share (core.ts for evolve, round.ts for the
// record); the two paths are pinned equal over many seeds in simulate/record-run.test.ts, these
// pin each ruling's own answers.

describe('positions', () => {
  it('steps one range at a time, Close stays Close, past Far is beyond Far for good', () => {
    expect(stepPosition(CLOSE, -1)).toBe(CLOSE);
    expect(stepPosition(CLOSE, 1)).toBe(1);
    expect(stepPosition(FAR, -1)).toBe(1);
    expect(stepPosition(FAR, 1)).toBe(BEYOND_FAR);
    expect(stepPosition(BEYOND_FAR, -1)).toBe(BEYOND_FAR);
  });

  it('numbers the positions both ways alike', () => {
    for (const p of POSITIONS) expect(POSITIONS[POSITION_INDEX[p]]).toBe(p);
    expect(POSITION_INDEX.beyondFar).toBe(BEYOND_FAR);
  });
});

describe('a Kill landing', () => {
  it('is turned aside by a working kinetic field before anything else', () => {
    expect(killFate(true, true, true, true, false)).toBe(KillFate.Stopped);
  });

  it('waits for the player only when asked and there is a choice', () => {
    expect(killFate(false, true, true, false, false)).toBe(KillFate.Asked);
    expect(killFate(false, false, true, true, false)).toBe(KillFate.Asked);
    // Nothing to answer with: the wound is marked at once.
    expect(killFate(false, false, true, false, false)).toBe(KillFate.Wound);
  });

  it('takes the armour unless the policy refuses it', () => {
    expect(killFate(false, true, false, true, false)).toBe(KillFate.Armour);
    expect(killFate(false, true, false, true, true)).toBe(KillFate.Wound);
    expect(killFate(false, false, false, true, false)).toBe(KillFate.Wound);
  });

  it('fells on the third box, credited to another trooper only for an X', () => {
    expect([0, 1, 2].map(woundFells)).toEqual([false, false, true]);
    expect(killCredited(true, false, false)).toBe(true);
    expect(killCredited(true, true, false)).toBe(false);
    expect(killCredited(true, false, true)).toBe(false);
    expect(killCredited(false, false, false)).toBe(false);
  });
});

describe('the round', () => {
  it('strikes failures, cancelled successes and successes equal or lower', () => {
    expect(failedSlot(false, false)).toBe(true);
    expect(failedSlot(true, true)).toBe(true);
    expect(failedSlot(true, false)).toBe(false);
    expect(beatenByAliens(true, false, 6, 6)).toBe(true);
    expect(beatenByAliens(true, false, 7, 6)).toBe(false);
    expect(beatenByAliens(true, true, 9, 6)).toBe(true);
    expect(beatenByAliens(false, false, 9, 6)).toBe(true);
  });

  it('ends in a standoff after the third round in a row without a kill', () => {
    expect(roundsWithoutKillsAfter(0, 1)).toBe(2);
    expect(roundsWithoutKillsAfter(2, 2)).toBe(0);
    expect(isStandoff(roundsWithoutKillsAfter(0, 2))).toBe(true);
    expect(isStandoff(2)).toBe(false);
  });

  it('names the end when nobody fights, and where the tokens go', () => {
    expect(nobodyFightingReason(true, true)).toBe('allBeyondFar');
    expect(nobodyFightingReason(true, false)).toBe('allDead');
    expect(nobodyFightingReason(false, true)).toBe('allDead');
    expect(tokensBackToPool('noTokens')).toBe(true);
    expect(tokensBackToPool('standoff')).toBe(true);
    expect(tokensBackToPool('strength')).toBe(false);
    expect(tokensBackToPool('eVac')).toBe(false);
  });
});
