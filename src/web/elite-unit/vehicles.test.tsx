import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { DefendPrompt } from './Attack.tsx';
import { render, viewFor } from './render-kit.tsx';
import { VehiclesPanel } from './Vehicles.tsx';

/**
 * Vehicles in the scene at the table (§13): the panel each seat sees, and the defence prompt on
 * the driver's seat when its vehicle is attacked.
 */

/** A scout buggy driven by Castell (Pia's); Orr (Pol's) on foot; a hidden Raider. */
function scene(): Table {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.add('orr', 'o', P2);
  t.add('raider', 'r', null, true);
  t.run({ type: 'vehicle.add', from: 'buggy', id: 'bug' });
  t.run({ type: 'vehicle.board', vehicleId: 'bug', characterId: 'c', as: 'driver' }, P1);
  return t;
}

const panel = (t: Table, seat: Seat) => render(<VehiclesPanel view={viewFor(t.state, seat)} seat={seat} />);

describe('the vehicles panel', () => {
  it('shows each vehicle’s hull, speed, driver and mounts to every seat', () => {
    const html = panel(scene(), P2);
    expect(html).toContain('Scout buggy');
    expect(html).toMatch(/hull DC \d+\/\d+, Resilience \d+/);
    expect(html).toContain('driver Sgt Rhea Castell');
    expect(html).toContain('mounts Assault rifle');
  });

  it('lets the driver’s seat drive it, another seat only board it, and the GM bring and remove vehicles', () => {
    const t = scene();
    const driver = panel(t, P1);
    expect(driver).toContain('Set the speed');
    expect(driver).toContain('Evasive manoeuvres');
    expect(driver).toContain('Sgt Rhea Castell leaves');
    const walker = panel(t, P2);
    expect(walker).not.toContain('Set the speed');
    expect(walker).toContain('aria-label="Who boards Scout buggy"');
    expect(walker).not.toContain('Remove Scout buggy');
    const gm = panel(t, GM);
    expect(gm).toContain('Remove Scout buggy');
    expect(gm).toContain('aria-label="Add a vehicle"');
    // The GM overrides the hull's DC (vehicle.drive with dc); the driver may not.
    expect(gm).toContain('Set the hull DC');
    expect(driver).not.toContain('Set the hull DC');
  });

  it('is not shown to players while the scene has no vehicle', () => {
    const t = new Table();
    t.add('orr', 'o', P2);
    expect(panel(t, P2)).toBe('');
    expect(panel(t, GM)).toContain('No vehicles in the scene.');
  });
});

describe('an attack on a vehicle', () => {
  it('asks its driver’s seat, and no one else, to roll the defence', () => {
    const t = scene();
    t.run(
      { type: 'attack', attackerId: 'r', weapon: 'w1', targets: [{ id: 'bug', distance: 20 }] },
      GM,
      [10],
    );
    const prompt = (seat: Seat) => render(<DefendPrompt view={viewFor(t.state, seat)} seat={seat} />);
    const html = prompt(P1);
    expect(html).toContain('Raider attacks Scout buggy');
    expect(html).toContain('A vehicle cannot parry.');
    expect(html).toContain('Dodge and roll');
    expect(prompt(P2)).toBe('');
    expect(prompt(GM)).toBe('');
  });
});
