import { describe, expect, it } from 'vitest';
import type { HealthMark, Trooper } from '../state.ts';
import { EncounterRecord } from './record.ts';
import { restingHealed } from './round.ts';
import { fightAt } from './test-kit.ts';

const never = { armourPolicy: 'never' } as const;

/**
 * A squad of five after a first encounter: t1 goes on alone into a second one, the others rest:
 * t2 with a Lasting Wound only (the X left of two after the first), t3 with one and an X more, t4
 * (an NPC) an E and an X, t5 dead with two X.
 */
function squadResting() {
  const { t, gm } = fightAt(
    'close',
    [
      { name: 'Point', fa: 5, nfa: 5, patch: never },
      { name: 'Scarred', fa: 5, nfa: 5, patch: { ...never, health: ['X', 'X', null] } },
      { name: 'Limping', fa: 5, nfa: 5, patch: never },
      { name: 'Grunt', fa: 5, nfa: 5, patch: { ...never, ownerSeatId: null } },
      { name: 'Fallen', fa: 5, nfa: 5, patch: never },
    ],
    { tokens: 2 },
  );
  t.send(gm, { type: 'gmEndEncounter', reason: 'regroup' });
  const marks: Record<string, [HealthMark, HealthMark, HealthMark]> = {
    t3: ['X', 'X', null],
    t4: ['E', 'X', null],
    t5: ['X', 'X', null],
  };
  for (const [trooperId, value] of Object.entries(marks))
    t.send(gm, { type: 'gmAdjust', adjustment: { target: 'health', trooperId, value }, reason: 'hurt' });
  t.send(gm, {
    type: 'gmAdjust',
    adjustment: { target: 'status', trooperId: 't5', value: 'dead' },
    reason: 'x',
  });
  t.send(gm, { type: 'startEncounter', tokens: 2, troopers: ['t1'] });
  // One X of t2's and t3's is Lasting, as an earlier encounter on this planet could have left it
  // (a new mission clears the Lasting Wounds a sheet is created with, so they are set here).
  const troopers = { ...t.state.troopers };
  for (const id of ['t2', 't3']) troopers[id] = { ...(troopers[id] as Trooper), lastingWounds: 1 };
  t.state = { ...t.state, troopers };
  return { t, gm };
}

describe('3:16 troopers kept out of an encounter heal at its end', () => {
  it('on the sheets: one X each unless it is a Lasting Wound, every E; the dead stay as they are', () => {
    const { t, gm } = squadResting();
    t.send(gm, { type: 'gmEndEncounter', reason: 'over' });
    const health = (id: string) => t.state.troopers[id]?.health;
    expect(health('t2')).toEqual(['X', null, null]);
    expect(health('t3')).toEqual(['X', null, null]);
    expect(t.state.troopers.t3?.lastingWounds).toBe(1);
    expect(health('t4')).toEqual([null, null, null]);
    expect(health('t5')).toEqual(['X', 'X', null]);
  });

  it('on the record (round.ts `restingHealed`), and a reset puts their wounds back for the next run', () => {
    const { t } = squadResting();
    const r = new EncounterRecord(t.state);
    expect(r.restingIds).toEqual(['t2', 't3', 't4', 't5']);
    expect(r.restingWounds).toEqual([1, 2, 1, 2]);
    restingHealed(r);
    expect(r.restingWounds).toEqual([1, 1, 0, 2]);
    r.reset();
    expect(r.restingWounds).toEqual([1, 2, 1, 2]);
  });
});
