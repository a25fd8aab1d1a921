import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, OTHER_PLAYER, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import type { SeatRef } from './model.ts';
import { ANA, BO, fightState, REFEREE, Recording, viewFor } from './test-kit.tsx';
import { combatantName, VehiclesInFight, vehicleSlots } from './Vehicles.tsx';

/** Vehicles in a firefight: who may give them orders, and what the orders offer in each phase. */

function withCarrier(): RhylanorState {
  let s = play(fightState(), { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
  s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 10, y: 0 }).state;
  return s;
}

function panel(s: RhylanorState, seat: SeatRef, raw: Seat): string {
  const view = viewFor(s, raw);
  if (!view.combat) throw new Error('no fight');
  return renderToStaticMarkup(
    <Recording>
      <VehiclesInFight view={view} seat={seat} combat={view.combat} />
    </Recording>,
  );
}

describe('vehicles in the fight', () => {
  it('name the carrier’s weapons by slot, main first, and the vehicle by its name', () => {
    const view = viewFor(withCarrier(), PLAYER);
    const slots = vehicleSlots(view, 'm1');
    expect(slots.map((s) => s.slot)).toEqual([0, 1]);
    expect(combatantName(view, 'm1')).toBe(view.machines.m1?.name);
  });

  it('give the side’s player a Drive order in his movement phase, his own character as driver', () => {
    const html = panel(withCarrier(), ANA, PLAYER);
    expect(html).toContain('aria-label="Drive ');
    expect(html).toMatch(/<option value="c1"[^>]*>Sgt. Dara Okonkwo</);
    expect(html).not.toContain('the referee</option>');
    expect(html).not.toContain('Bring into play');
  });

  it('offer nothing to a player with no one on that side, and the referee brings vehicles in', () => {
    expect(panel(withCarrier(), BO, OTHER_PLAYER)).toBe('');
    const gm = panel(fightState(), REFEREE, GM_SEAT);
    expect(gm).toContain('Bring into play');
    expect(gm).toContain('No vehicle in this fight.');
  });

  it('fire through a gunner in direct fire, with point defence and the targets named', () => {
    let s = withCarrier();
    s = play(s, { type: 'combat.next' }).state;
    const html = panel(s, ANA, PLAYER);
    expect(html).toContain('aria-label="Fire from ');
    expect(html).toContain('Shoot them down');
    expect(html).toMatch(/<option value="c2"[^>]*>/);
  });
});
