import { describe, expect, it } from 'vitest';
import { legalCommands, pendingDecisions } from '../ruleset.ts';
import { happened, squad } from './test-kit.ts';

describe('3:16 what the campaign waits for', () => {
  it('between missions: the debrief, the level roll, each survivor’s steps, replacements, the next planet', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    happened(t, { t2: () => ({ status: 'dead' }) });
    t.send(gm, { type: 'endMission' });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'debrief' }]);
    t.send(gm, { type: 'debrief' });
    expect(pendingDecisions(t.state)).toEqual([
      { seat: 'gm', kind: 'rollLevels' },
      { seat: 'p1', kind: 'improveWeapon', actor: 't1' },
      { seat: 'p1', kind: 'developmentRoll', actor: 't1' },
      { seat: 'p2', kind: 'createReplacement', actor: 't2' },
      { seat: 'gm', kind: 'setPlanet' },
    ]);
    // legalCommands offers the same steps, each one decide accepts.
    expect(legalCommands(t.state, gm)).toContainEqual({ type: 'rollLevels' });
    expect(legalCommands(t.state, p(1))).toContainEqual({
      type: 'improveWeapon',
      trooperId: 't1',
      weapon: 'grenades',
      range: 'close',
    });
    expect(legalCommands(t.state, p(1)).some((c) => c.type === 'rollLevels')).toBe(false);
    t.send(gm, { type: 'rollLevels' }, []);
    expect(pendingDecisions(t.state)[0]).toEqual({ seat: 'p1', kind: 'takeLevel', actor: 't1' });
    t.send(p(1), { type: 'takeLevel', trooperId: 't1', ability: 'fa', slot: 'strength' });
    t.send(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'grenades', range: 'close' });
    t.send(
      p(2),
      { type: 'createReplacement', predecessorId: 't2', name: 'New', fa: 5, nfa: 5, rank: 0 },
      [1, 1, 1, 1, 1],
    );
    expect(pendingDecisions(t.state)).toEqual([
      { seat: 'p1', kind: 'developmentRoll', actor: 't1' },
      { seat: 'gm', kind: 'setPlanet' },
    ]);
  });

  it('a conflict holds the table: Dominance, then both sides declare, then the roll', () => {
    const { t, gm } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    t.send(gm, {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'npc', name: 'Officer', boxes: 2 },
    });
    // The GM rolls, or A's player (either side's player may roll a conflict's dice).
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'conflictDominance', orSeats: ['p1'] }]);
    expect(legalCommands(t.state, { seatId: 'p1', role: 'player' })).toContainEqual({
      type: 'rollConflictDominance',
    });
    // A passes its test (2), the NPC fails (9): A's ambush takes one of the officer's two boxes,
    // then A's player sets the range.
    t.send(gm, { type: 'rollConflictDominance' }, [2, 9]);
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'p1', kind: 'conflictRange', actor: 't1' }]);
    t.send(gm, { type: 'setConflictRange', range: 'near' });
    expect(pendingDecisions(t.state)).toEqual([
      { seat: 'p1', kind: 'conflictDeclare', actor: 't1' },
      { seat: 'gm', kind: 'conflictDeclare' },
    ]);
    t.send(gm, { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'fa' } });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'conflictRoll', orSeats: ['p1'] }]);
    expect(legalCommands(t.state, gm)).toContainEqual({ type: 'rollConflictRound' });
    t.send(gm, { type: 'gmEndConflict', winner: null, reason: 'stopped' });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'startEncounter' }]);
  });
});
