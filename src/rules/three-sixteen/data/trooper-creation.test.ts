import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import {
  assignInitialRanks,
  type RankCandidate,
  rollStartingKills,
  trooperCreationProblems,
  validateNewTrooper,
} from './trooper-creation.ts';

const codes = (...args: Parameters<typeof trooperCreationProblems>) =>
  trooperCreationProblems(...args).map((e) => e.code);

describe('a new trooper', () => {
  it('splits 10 points, each ability 2–10', () => {
    expect(codes({ name: 'Dog', reputation: 'Crazy', fa: 6, nfa: 4 })).toEqual([]);
    expect(codes({ name: 'Dog', fa: 8, nfa: 2 })).toEqual([]);
    expect(codes({ name: 'Dog', fa: 9, nfa: 1 })).toEqual(['TROOPER_ABILITY_TOO_LOW']);
    expect(codes({ name: 'Dog', fa: 6, nfa: 5 })).toEqual(['TROOPER_POINTS_NOT_SPLIT']);
    expect(codes({ name: 'Dog', fa: 5.5, nfa: 4.5 })).toEqual([
      'TROOPER_ABILITY_NOT_WHOLE',
      'TROOPER_ABILITY_NOT_WHOLE',
    ]);
  });

  it('a replacement splits its predecessor’s total (Sgt Smile: 14), never above 10 or 18 in all', () => {
    expect(codes({ name: 'New', fa: 7, nfa: 7 }, { points: 14 })).toEqual([]);
    expect(codes({ name: 'New', fa: 11, nfa: 3 }, { points: 14 })).toEqual(['TROOPER_ABILITY_TOO_HIGH']);
    expect(codes({ name: 'New', fa: 10, nfa: 9 }, { points: 19 })).toEqual(['TROOPER_POINTS_INVALID']);
  });

  it('needs a name and bounds the text', () => {
    expect(codes({ name: '  ', fa: 5, nfa: 5 })).toEqual(['TROOPER_NAME_EMPTY']);
    expect(codes({ name: 'x'.repeat(81), fa: 5, nfa: 5 })).toEqual(['TROOPER_NAME_TOO_LONG']);
    expect(codes({ name: 'x', reputation: 'y'.repeat(201), fa: 5, nfa: 5 })).toEqual([
      'TROOPER_REPUTATION_TOO_LONG',
    ]);
    expect(() => validateNewTrooper({ name: '', fa: 5, nfa: 5 })).toThrow('a trooper needs a name');
  });

  it('rolls a d10 per point of FA for starting kills', () => {
    const dice = new ScriptedDice([3, 8, 1, 10, 5]);
    const roll = rollStartingKills(5, dice, 'Wheeler');
    expect(roll.total).toBe(27);
    expect(roll.formula).toBe('5d10');
    expect(roll.purpose).toContain('Wheeler');
    expect(dice.remaining).toBe(0);
  });
});

const pc = (id: string, fa: number, nfa: number): RankCandidate => ({ id, name: id, fa, nfa });

describe('initial ranks', () => {
  it('Planet Goya: Wheeler (NFA 5) Sergeant, Jones (best FA 7 left) Corporal, no dice', () => {
    const r = assignInitialRanks(
      [pc('Wheeler', 5, 5), pc('Jones', 7, 3), pc('Fraser', 6, 4), pc('McNeil', 6, 4)],
      new ScriptedDice([]),
    );
    expect(r.ranks).toEqual({ Wheeler: 2, Jones: 1, Fraser: 0, McNeil: 0 });
    expect(r.rolls).toEqual([]);
  });

  it('tied highest NFA: highest roll Sergeant, next Corporal, FA does not matter', () => {
    const dice = new ScriptedDice([4, 9, 7]);
    const r = assignInitialRanks([pc('A', 4, 6), pc('B', 4, 6), pc('C', 4, 6), pc('D', 8, 2)], dice);
    expect(r.ranks).toEqual({ A: 0, B: 2, C: 1, D: 0 });
    expect(r.rolls.map((x) => x.purpose)).toEqual([
      'roll-off for Sergeant (tied NFA 6): A',
      'roll-off for Sergeant (tied NFA 6): B',
      'roll-off for Sergeant (tied NFA 6): C',
    ]);
  });

  it('re-rolls only the troopers still level where it matters', () => {
    // A and B tie on 8 for first: they roll again; C's 3 is last and no rank hangs on it.
    const dice = new ScriptedDice([8, 8, 3, 2, 6]);
    const r = assignInitialRanks([pc('A', 4, 6), pc('B', 4, 6), pc('C', 4, 6)], dice);
    expect(r.ranks).toEqual({ A: 1, B: 2, C: 0 });
    expect(r.rolls.map((x) => x.purpose)).toEqual([
      'roll-off for Sergeant (tied NFA 6): A',
      'roll-off for Sergeant (tied NFA 6): B',
      'roll-off for Sergeant (tied NFA 6): C',
      'roll-off for Sergeant (tied NFA 6) (again): A',
      'roll-off for Sergeant (tied NFA 6) (again): B',
    ]);
    expect(dice.remaining).toBe(0);
  });

  it('ties for second place in the NFA roll-off are rolled again for Corporal', () => {
    const dice = new ScriptedDice([9, 5, 5, 1, 4]);
    const r = assignInitialRanks([pc('A', 5, 5), pc('B', 5, 5), pc('C', 5, 5)], dice);
    expect(r).toMatchObject({ sergeant: 'A', corporal: 'C' });
    expect(dice.remaining).toBe(0);
  });

  it('single Sergeant, tied FA for Corporal: rolled off', () => {
    const dice = new ScriptedDice([2, 7]);
    const r = assignInitialRanks([pc('Sarge', 3, 7), pc('X', 6, 4), pc('Y', 6, 4), pc('Z', 5, 5)], dice);
    expect(r).toMatchObject({ sergeant: 'Sarge', corporal: 'Y' });
    expect(r.rolls.map((x) => x.purpose)).toEqual([
      'roll-off for Corporal (tied FA 6): X',
      'roll-off for Corporal (tied FA 6): Y',
    ]);
  });

  it('a squad of one has a Sergeant and no Corporal; none is refused', () => {
    expect(assignInitialRanks([pc('Solo', 5, 5)], new ScriptedDice([]))).toMatchObject({
      ranks: { Solo: 2 },
      corporal: null,
    });
    expect(() => assignInitialRanks([], new ScriptedDice([]))).toThrow();
  });
});
