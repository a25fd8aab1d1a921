import { describe, expect, it } from 'vitest';
import { effectiveValue } from './rules/effective.ts';
import { GM, P1, refused, Table } from './test-kit.ts';

/** Hours (§10), poison (§14), ageing (§15), magic (§16) and the dice chat. */

describe('time, poison, ageing', () => {
  it('hours heal Stamina, clear drains, drain poison with decimals, and refill NE asleep', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.run({ type: 'gm.set', id: 'orr', field: 'stamina', value: 20 });
    t.run({ type: 'gm.set', id: 'orr', field: 'ne', value: 5 });
    t.run({ type: 'gm.set', id: 'orr', field: 'poison', value: 12 });
    t.run({ type: 'time.pass', hours: 2.5, asleep: true });
    // Endurance 9: 3 per hour, 7.5 over 2.5 hours; 2 whole hours: +2 Stamina, +20 NE.
    expect(t.char('orr')).toMatchObject({ stamina: 22, ne: 25, poison: 4.5 });
  });

  it('poison: bands, unconsciousness, overdose losses once per climb, death above 40', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.run({ type: 'poison.dose', id: 'c', substance: 'alcohol', units: 7 });
    expect(t.char('c').poison).toBe(21);
    t.run({ type: 'poison.dose', id: 'c', substance: 'alcohol', units: 6 }); // 39: 4 points above 35
    expect(t.char('c').attributes.attack).toBe(5);
    t.run({ type: 'poison.dose', id: 'c', substance: 'antitoxin' }); // 24
    t.run({ type: 'poison.dose', id: 'c', substance: 'alcohol', units: 5 }); // 39 again: costs again
    expect(t.char('c').attributes.attack).toBe(1);
    t.run({ type: 'poison.dose', id: 'c', substance: 'nerve-agent' });
    expect(t.char('c').dead).toBe('poison');
  });

  it('birthdays apply each ageing row once, never below 3, and roll the old-age chance past 70', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.run({ type: 'gm.set', id: 'c', field: 'age', value: 29 });
    t.run({ type: 'gm.set', id: 'c', field: 'attribute', name: 'beauty', value: 3 });
    t.run({ type: 'birthday', id: 'c' });
    expect(t.char('c').attributes).toMatchObject({ strength: 10, attack: 9, beauty: 3 });
    t.run({ type: 'gm.set', id: 'c', field: 'age', value: 70 });
    t.run({ type: 'birthday', id: 'c' }, GM, [1, 5]); // d100 15 > 5: lives; rows 40–70 apply
    expect(t.char('c').attributes.strength).toBe(3);
    t.run({ type: 'birthday', id: 'c' }, GM, [1, 10]); // d100 10 ≤ 10: dies within the year
    expect(t.char('c').conditions).toEqual([{ id: 'diesThisYear', note: 'old age' }]);
  });

  it('surgery repairs a damaged part to ¾; a prosthetic costs money and restores the value', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.run({ type: 'hold', id: 'c', weapon: 'w1', inHands: false }, P1);
    t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'arms', value: 'damaged' });
    t.run({ type: 'surgery', id: 'c', part: 'arms', to: 'repaired' });
    expect(t.char('c').parts.arms).toBe('repaired');
    t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'legs', value: 'destroyed' });
    t.run({ type: 'surgery', id: 'c', part: 'legs', to: 'prosthetic' });
    expect(t.char('c')).toMatchObject({ money: 10, parts: { legs: 'prosthetic' } });
  });
});

describe('magic', () => {
  it('a cost above the NE in the body fizzles and spends half', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.run({ type: 'gm.set', id: 'orr', field: 'ne', value: 5 });
    const [e] = t.run(
      { type: 'cast', id: 'orr', spell: 'fireball', targets: [{ id: 'orr', distance: 0 }] },
      P1,
      [6, 6],
    );
    expect(e).toMatchObject({ detail: { fizzled: true, spent: 5 } });
    expect(t.char('orr').ne).toBe(0);
  });
  it('tapping a store fills the body; Mend heals', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.run({ type: 'gm.set', id: 'orr', field: 'stamina', value: 20 });
    t.run({ type: 'gm.set', id: 'orr', field: 'ne', value: 30 });
    t.run({ type: 'tap', id: 'orr', store: 0, amount: 15 }, P1);
    expect(t.char('orr').ne).toBe(40);
    expect(t.char('orr').neStores[0]?.ne).toBe(10);
    t.run({ type: 'cast', id: 'orr', spell: 'mend', targets: [{ id: 'orr', distance: 0 }] }, P1, [4, 5]);
    expect(t.char('orr')).toMatchObject({ ne: 36, stamina: 25 });
  });
  it('in pain, a 10 on the d10 scrambles: the chaos table hits the target', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.run({ type: 'gm.set', id: 'orr', field: 'stamina', value: 10 });
    // Ward: cost 8, scramble d10 = 10, ward duration 1D6 = 3, chaos d20 = 19 → invulnerable 1D6 = 2 Turns.
    t.run(
      { type: 'cast', id: 'orr', spell: 'ward', targets: [{ id: 'orr', distance: 0 }] },
      P1,
      [10, 3, 19, 2],
    );
    expect(t.char('orr').armour[0]).toMatchObject({ name: 'Ward', dc: 30, turnsLeft: 3 });
    expect(t.char('orr').conditions).toEqual([{ id: 'invulnerable', turns: 2 }]);
  });
  it('chaos #4: a character leapt ahead in time is out of the scene until the hours pass', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.add('castell', 'cas');
    t.run({ type: 'gm.set', id: 'orr', field: 'stamina', value: 10 });
    // Ward: scramble d10 = 10, ward 1D6 = 3, chaos d20 = 4 → 1D6 = 3 hours ahead.
    t.run(
      { type: 'cast', id: 'orr', spell: 'ward', targets: [{ id: 'orr', distance: 0 }] },
      P1,
      [10, 3, 4, 3],
    );
    expect(t.char('orr').conditions).toEqual([{ id: 'timeLeap', factor: 3 }]);
    const shoot = { type: 'attack', attackerId: 'cas', weapon: 'w1', targets: [{ id: 'orr', distance: 10 }] };
    expect(() => t.run(shoot, GM, [10])).toThrow(expect.objectContaining({ code: 'TARGET_ABSENT' }));
    expect(() => t.run({ type: 'aim', id: 'orr', weapon: 'w1' }, P1)).toThrow(
      expect.objectContaining({ code: 'CHARACTER_ABSENT' }),
    );
    // In a battle its slot is passed over.
    t.run({ type: 'battle.start', ids: ['orr', 'cas'] }, GM, [20, 1]);
    expect(t.state.battle?.order[t.state.battle.slot]?.id).toBe('cas');
    t.run({ type: 'battle.end' });
    t.run({ type: 'time.pass', hours: 2 });
    expect(t.char('orr').conditions).toEqual([{ id: 'timeLeap', factor: 1 }]);
    t.run({ type: 'time.pass', hours: 1 });
    expect(t.char('orr').conditions).toEqual([]);
    expect(t.run(shoot, GM, [10]).map((e) => e.type)).toEqual(['attack.declared']);
  });
  it('Spark is an attack the defender answers', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.add('raider', 'r');
    t.run({ type: 'cast', id: 'orr', spell: 'spark', targets: [{ id: 'r', distance: 20 }] }, P1, [2, 15]);
    expect(t.state.pending).toMatchObject({ spell: 'spark', parryable: false });
    const [r] = t.run({ type: 'defend', targetId: 'r' }, GM, [1, 6, 6]);
    expect(r).toMatchObject({ hit: true, blow: { dealt: 12, toStamina: 0 } });
  });
});

describe('the dice chat', () => {
  it('rolls in notation, GM-only rolls hidden from the other player', () => {
    const t = new Table();
    t.run({ type: 'chat.roll', notation: '2d6+1', visibility: 'gm' }, P1, [3, 4]);
    expect(t.state.chat.entries).toHaveLength(1);
  });
});

describe('chaos #15', () => {
  it('the energy blast hits without a defence roll, goes through armour, and is used up', () => {
    const t = new Table();
    t.add('orr', 'orr', P1);
    t.add('raider', 'r');
    t.setSheet('orr', { conditions: [{ id: 'energyBlast' }] });
    // d100 3,0 → 30: the flak vest (R 6, DC 40) takes 24.
    t.run({ type: 'energyBlast', id: 'orr', targetId: 'r', distance: 8 }, P1, [3, 10]);
    expect(t.char('r').armour[0]?.dc).toBe(16);
    expect(t.char('orr').conditions).toEqual([]);
    expect(() => t.run({ type: 'energyBlast', id: 'orr', targetId: 'r', distance: 8 }, P1, [3, 10])).toThrow(
      /no energy blast/,
    );
  });
});

describe("the GM's moment of a fate (gm.fate)", () => {
  /** Castell with prosthetic legs fitted at 27, five years on: the birthday's d10 shows 1. */
  function flagged(): Table {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.run({ type: 'gm.set', id: 'c', field: 'money', value: 500 });
    t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'legs', value: 'damaged' });
    t.run({ type: 'surgery', id: 'c', part: 'legs', to: 'prosthetic' });
    t.run({ type: 'gm.set', id: 'c', field: 'age', value: 31 });
    t.run({ type: 'birthday', id: 'c' }, GM, [1]);
    expect(t.char('c').conditions).toContainEqual({ id: 'prostheticFailsThisYear', note: 'legs' });
    return t;
  }

  it('a prosthetic fails when the GM says: its attributes count 0 and the flag is spent; undo takes it back', () => {
    const t = flagged();
    const before = t.state;
    t.run({ type: 'gm.fate', id: 'c', fate: 'prostheticFails', part: 'legs' });
    expect(t.char('c').parts.legs).toBe('prostheticFailed');
    expect(effectiveValue(t.char('c'), t.state.pack, 'run-speed')).toBe(0);
    expect(t.char('c').conditions).toEqual([]);
    expect(t.char('c').dead).toBeNull();
    t.run({ type: 'gm.undo' });
    expect(t.state.characters).toBe(before.characters);
  });

  it('a failed prosthetic trunk kills; old age kills', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.add('vey', 'v', P1);
    t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'trunk', value: 'prosthetic' });
    t.run({ type: 'gm.fate', id: 'c', fate: 'prostheticFails', part: 'trunk' });
    expect(t.char('c').dead).toBe('prosthetic trunk failed');
    t.run({ type: 'gm.fate', id: 'v', fate: 'diesOfAge' });
    expect(t.char('v').dead).toBe('old age');
  });

  it('bad input: a stable code, nothing changed', () => {
    const t = flagged();
    expect(refused(t, { type: 'gm.fate', id: 'c', fate: 'prostheticFails', part: 'arms' })).toBe(
      'NOT_PROSTHETIC',
    );
    expect(refused(t, { type: 'gm.fate', id: 'c', fate: 'prostheticFails' })).toBe('VALUE_INVALID');
    expect(refused(t, { type: 'gm.fate', id: 'c', fate: 'diesOfAge' }, P1)).toBe('ROLE_NOT_ALLOWED');
    expect(refused(t, { type: 'gm.fate', id: 'nobody', fate: 'diesOfAge' })).toBe('UNKNOWN_CHARACTER');
  });
});
