import { describe, expect, it } from 'vitest';
import { GM, P1, Table } from '../../rules/elite-unit/test-kit.ts';
import { Fates } from './Gm.tsx';
import { recordingRunner, render, viewFor } from './render-kit.tsx';
import { SurgeryPanel } from './Surgery.tsx';
import { prostheticAge, surgeryOptions } from './surgery.ts';

/** Castell (40c) with a damaged arm and a destroyed leg, on the GM's view. */
function patient() {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.run({ type: 'hold', id: 'c', weapon: 'w1', inHands: false }, P1);
  t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'arms', value: 'damaged' });
  t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'legs', value: 'destroyed' });
  return t;
}

function allowed(t: Table, part: Parameters<typeof surgeryOptions>[2]) {
  return surgeryOptions(t.state, t.char('c'), part)
    .filter((o) => o.refused === null)
    .map((o) => o.to);
}

describe('what surgery the rules allow, part by part', () => {
  it('a damaged arm may be repaired or replaced; a destroyed leg only replaced; an intact trunk nothing', () => {
    const t = patient();
    expect(allowed(t, 'arms')).toEqual(['repaired', 'prosthetic']);
    expect(allowed(t, 'legs')).toEqual(['prosthetic']);
    expect(allowed(t, 'trunk')).toEqual([]);
    const trunk = surgeryOptions(t.state, t.char('c'), 'trunk');
    expect(trunk.map((o) => o.refused?.code)).toEqual([
      'PART_NOT_DAMAGED',
      'NOT_ENOUGH_MONEY',
      'NOT_PROSTHETIC',
    ]);
  });

  it('names the pack’s item and cost; a brain part has no prosthetic to buy', () => {
    const t = patient();
    const leg = surgeryOptions(t.state, t.char('c'), 'legs').find((o) => o.to === 'prosthetic');
    expect(leg?.item).toEqual({ name: 'Prosthetic leg', cost: 30 });
    const mind = surgeryOptions(t.state, t.char('c'), 'brainMind').find((o) => o.to === 'prosthetic');
    expect(mind).toMatchObject({ item: null, refused: { code: 'NO_PROSTHETIC' } });
  });

  it('after a prosthetic is fitted, the money is short for a second and an overhaul is offered', () => {
    const t = patient();
    t.run({ type: 'surgery', id: 'c', part: 'legs', to: 'prosthetic' });
    expect(allowed(t, 'legs')).toEqual(['overhaul']);
    const legs = surgeryOptions(t.state, t.char('c'), 'legs');
    expect(legs.find((o) => o.to === 'prosthetic')?.refused?.code).toBe('NOT_ENOUGH_MONEY');
    expect(prostheticAge(t.char('c'), 'legs')).toEqual({
      since: t.char('c').age,
      checkFrom: t.char('c').age + 5,
    });
    expect(prostheticAge(t.char('c'), 'arms')).toBeNull();
  });
});

describe('the surgery panel', () => {
  it('offers each allowed operation with its cost, and says when money is short', () => {
    const t = patient();
    const html = render(<SurgeryPanel view={viewFor(t.state, GM)} />);
    expect(html).toContain('aria-label="Surgery and prosthetics"');
    expect(html).toContain('40c to spend');
    expect(html).toContain('aria-label="Repair arms for Sgt Rhea Castell"');
    expect(html).toContain('Fit legs: Prosthetic leg, 30c');
    expect(html).toContain('Prosthetic trunk costs 120c; Sgt Rhea Castell has 40c.');
    // An intact face needs nothing: no button for it.
    expect(html).not.toContain('Fit face');
  });

  it('shows a fitted prosthetic with the age it was fitted at', () => {
    const t = patient();
    t.run({ type: 'surgery', id: 'c', part: 'legs', to: 'prosthetic' });
    const html = render(<SurgeryPanel view={viewFor(t.state, GM)} />);
    const age = t.char('c').age;
    expect(html).toContain(`prosthetic (since age ${age}; checked yearly from ${age + 5})`);
    expect(html).toContain('10c to spend');
  });
});

describe('the fates this year (GM screen)', () => {
  /** Castell's prosthetic legs, fitted at 27, fail at 32 (the birthday's d10 shows 1). */
  function flagged() {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.run({ type: 'gm.set', id: 'c', field: 'money', value: 500 });
    t.run({ type: 'gm.set', id: 'c', field: 'part', name: 'legs', value: 'damaged' });
    t.run({ type: 'surgery', id: 'c', part: 'legs', to: 'prosthetic' });
    t.run({ type: 'gm.set', id: 'c', field: 'age', value: 31 });
    t.run({ type: 'birthday', id: 'c' }, GM, [1]);
    return t;
  }

  it('lists each flagged fate with a button that makes it strike now', () => {
    const html = render(<Fates view={viewFor(flagged().state, GM)} />, recordingRunner());
    expect(html).toContain('aria-label="Fates this year"');
    expect(html).toContain('prosthetic legs fails within the year');
    expect(html).toContain('It fails now');
  });

  it('is gone once the fate has struck, and absent without one', () => {
    const t = flagged();
    t.run({ type: 'gm.fate', id: 'c', fate: 'prostheticFails', part: 'legs' });
    expect(render(<Fates view={viewFor(t.state, GM)} />)).toBe('');
    expect(render(<Fates view={viewFor(patient().state, GM)} />)).toBe('');
  });
});
