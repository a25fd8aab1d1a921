import { describe, expect, it } from 'vitest';
import { GM, P1, P2, Table } from './test-kit.ts';
import { isYourMove, whoseMove } from './your-move.ts';

/** Initiative and Turns (§5). */

function table(): Table {
  const t = new Table();
  t.add('castell', 'castell', P1); // Initiative 6 − 1 (rifle in hand) = 5, 2 actions
  t.add('vey', 'vey', P2); // Initiative 8, pistol {-4} no penalty, 2 actions
  t.add('raider', 'raider'); // 5 − 1 = 4, 1 action
  return t;
}

describe('initiative and Turns', () => {
  it('orders high to low; ties keep their joining order, are asked of the GM, and only ties may swap', () => {
    const t = table();
    // castell 5+10 = 15, vey 8+7 = 15, raider 4+3 = 7.
    const events = t.run({ type: 'battle.start', ids: ['castell', 'vey', 'raider'] }, GM, [10, 7, 3]);
    expect(t.state.battle?.order.map((e) => e.id)).toEqual(['castell', 'vey', 'raider']);
    expect(events[1]).toMatchObject({
      type: 'question.asked',
      question: { kind: 'tieOrder', ids: ['castell', 'vey'] },
    });
    expect(() => t.run({ type: 'battle.order', order: ['raider', 'castell', 'vey'] })).toThrow(
      /equal totals/,
    );
    t.run({ type: 'battle.order', order: ['vey', 'castell', 'raider'] });
    expect(t.state.battle?.order.map((e) => e.id)).toEqual(['vey', 'castell', 'raider']);
    expect(t.state.questions).toEqual([]);
    expect(whoseMove(t.state)).toMatchObject({
      kind: 'act',
      characterId: 'vey',
      seatId: 'p2',
      actionsLeft: 2,
    });
    expect(isYourMove(t.state, P2)).toBe(true);
    expect(isYourMove(t.state, P1)).toBe(false);
  });

  it('each slot takes its actions, then the next; the Turn ends at the bottom', () => {
    const t = table();
    t.run({ type: 'battle.start', ids: ['castell', 'vey', 'raider'] }, GM, [20, 1, 1]);
    t.run({ type: 'act', id: 'castell', text: 'runs to the wall' }, P1);
    expect(t.state.battle?.slot).toBe(0);
    t.run({ type: 'act', id: 'castell', text: 'ducks' }, P1);
    expect(whoseMove(t.state)?.characterId).toBe('vey');
    t.run({ type: 'slot.end', id: 'vey' }, P2);
    t.run({ type: 'act', id: 'raider', text: 'shouts' });
    expect(t.state.battle).toMatchObject({ turn: 2, slot: 0, actionsUsed: 0 });
  });

  it('the order stands even when Initiative changes; a newcomer is slotted in by total', () => {
    const t = table();
    t.add('enforcer', 'enforcer');
    t.run({ type: 'battle.start', ids: ['castell', 'raider'] }, GM, [10, 10]); // 15, 14
    t.run({ type: 'gm.set', id: 'castell', field: 'attribute', name: 'initiative', value: 0 });
    expect(t.state.battle?.order.map((e) => e.id)).toEqual(['castell', 'raider']);
    // Enforcer 5 + 20 = 25: its place is already past this Turn, so it waits for the next.
    const [joined] = t.run({ type: 'battle.join', id: 'enforcer' }, GM, [20]);
    expect(joined).toMatchObject({ index: 0, waits: true });
    expect(whoseMove(t.state)?.characterId).toBe('castell');
    t.run({ type: 'slot.end', id: 'castell' }, P1);
    expect(whoseMove(t.state)?.characterId).toBe('raider');
    t.run({ type: 'slot.end', id: 'raider' });
    expect(whoseMove(t.state)?.characterId).toBe('enforcer');
  });

  it('helpless characters are skipped and the dead leave the order', () => {
    const t = table();
    t.run({ type: 'battle.start', ids: ['castell', 'vey', 'raider'] }, GM, [20, 10, 1]);
    t.run({ type: 'gm.set', id: 'vey', field: 'stamina', value: 8 }); // below a quarter of 34
    t.run({ type: 'gm.set', id: 'raider', field: 'stamina', value: 0 });
    const events = t.run({ type: 'slot.end', id: 'castell' }, P1);
    expect(events.map((e) => e.type)).toEqual(['turn.ended', 'slot.advanced']);
    expect(events[1]).toMatchObject({ skipped: ['vey'], slot: 0, turn: 2 });
  });

  it('durations in Turns tick down at the end of each Turn', () => {
    const t = table();
    t.run({ type: 'battle.start', ids: ['castell'] }, GM, [5]);
    t.setSheet('castell', { conditions: [{ id: 'invisible', turns: 2 }] });
    t.run({ type: 'slot.end', id: 'castell' }, P1);
    expect(t.char('castell').conditions).toEqual([{ id: 'invisible', turns: 1 }]);
    t.run({ type: 'slot.end', id: 'castell' }, P1);
    expect(t.char('castell').conditions).toEqual([]);
  });
});
