import { describe, expect, it } from 'vitest';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { awaitsSeat, nameIn } from './your-move.ts';

/** "Your move" as the table page reads it: from each seat's own view. */
describe('Elite Unit: your move', () => {
  const seats = [GM, P1, P2];
  const waiting = (t: Table) =>
    seats.filter((s) => awaitsSeat(eliteUnit.view(t.state, s), s)).map((s) => s.seatId);

  it('follows the acting slot, then the defender, and the GM’s open questions', () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('orr', 'o', P2);
    t.add('raider', 'b', null, true);
    expect(waiting(t)).toEqual([]);
    t.run({ type: 'battle.start', ids: ['a', 'o', 'b'] }, GM, [20, 15, 1]);
    expect(waiting(t)).toEqual(['p1']);
    t.run({ type: 'attack', attackerId: 'a', weapon: 'w1', targets: [{ id: 'o', distance: 5 }] }, P1, [2]);
    // Orr defends: Pol's move, not Pia's (whose slot it still is).
    expect(waiting(t)).toEqual(['p2']);
    t.run({ type: 'defend', targetId: 'o' }, P2, [20]);
    expect(waiting(t)).toEqual(['p1']);
    t.run({ type: 'slot.end', id: 'a' }, P1);
    t.run({ type: 'slot.end', id: 'o' }, P2);
    // The raider has no seat: the GM plays it.
    expect(waiting(t)).toEqual(['gm']);
  });

  it('is false for anything that is not an Elite Unit view, and for spectators', () => {
    expect(awaitsSeat(null, GM)).toBe(false);
    expect(
      awaitsSeat(
        { move: { kind: 'act', characterId: 'x', seatId: null } },
        { seatId: 's', role: 'spectator' },
      ),
    ).toBe(false);
    expect(awaitsSeat({ move: { kind: 'fly' } }, GM)).toBe(false);
    expect(awaitsSeat({ questions: [{ id: 'q1' }] }, GM)).toBe(true);
  });
});

describe('naming ids in log lines', () => {
  it('names a character of the view and nothing else', () => {
    const view = { characters: { c1: { name: 'Sergeant Vale' } } };
    expect(nameIn(view, 'c1')).toBe('Sergeant Vale');
    expect(nameIn(view, 'c2')).toBeUndefined();
    expect(nameIn(null, 'c1')).toBeUndefined();
    expect(nameIn({ characters: { c1: { name: 3 } } }, 'c1')).toBeUndefined();
  });
});
