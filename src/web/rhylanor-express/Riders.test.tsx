import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { defaultPack } from '../../rules/rhylanor-express/data/pack.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { FightMap } from './FightMap.tsx';
import { Firefight } from './Firefight.tsx';
import { AimProvider } from './map-aim.tsx';
import type { SeatRef } from './model.ts';
import { Riders, seatRefusal } from './Riders.tsx';
import { ANA, fightState, REFEREE, Recording, viewFor } from './test-kit.tsx';
import { VehiclesInFight } from './Vehicles.tsx';

/** Riders at the table: places and refusals in words, getting in and out, bombs aimed at a point, riders on the map. */

/** The fight with a vehicle of the pack 3 m from Okonkwo (c1), on her side. */
function withVehicle(packId: string, s = fightState()): RhylanorState {
  let out = play(s, { type: 'machine.add', kind: 'vehicle', packId }).state;
  out = play(out, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 3, y: 0 }).state;
  return out;
}

function riders(s: RhylanorState, seat: SeatRef, raw: Seat, sent: unknown[] = []): string {
  const view = viewFor(s, raw);
  const m = view.machines.m1;
  if (!m) throw new Error('no vehicle');
  return renderToStaticMarkup(
    <Recording sent={sent as never}>
      <Riders view={view} seat={seat} m={m} />
    </Recording>,
  );
}

function vehicles(s: RhylanorState, seat: SeatRef, raw: Seat): string {
  const view = viewFor(s, raw);
  if (!view.combat) throw new Error('no fight');
  return renderToStaticMarkup(
    <Recording>
      <AimProvider>
        {() => <VehiclesInFight view={view} seat={seat} combat={view.combat as never} />}
      </AimProvider>
    </Recording>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('riders of a vehicle at the table', () => {
  it('lists the carrier’s places and offers the player his own character with every seat', () => {
    const html = riders(withVehicle('g-carrier'), ANA, PLAYER);
    expect(text(html)).toContain('G-carrier: 0 of 10 aboard · driver empty · gunners 0 of 2');
    expect(html).toContain('aria-label="Get into G-carrier"');
    expect(html).toMatch(/<option value="c1"[^>]*>Sgt. Dara Okonkwo</);
    // The guard is the referee's: not Ana's to put in.
    expect(html).not.toMatch(/<option value="c2"/);
    expect(text(html)).toContain('within 5 m');
  });

  it('shows who sits where once she is in, her way out, and the driver’s seat refused in words', () => {
    const s = play(
      withVehicle('g-carrier'),
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    const mine = text(riders(s, ANA, PLAYER));
    expect(mine).toContain('1 of 10 aboard · driver Sgt. Dara Okonkwo');
    expect(mine).toContain('Sgt. Dara Okonkwo, driver');
    expect(mine).toContain('Get Sgt. Dara Okonkwo out');
    // The referee may put the guard in, but not as a second driver.
    const gm = riders(s, REFEREE, GM_SEAT);
    expect(gm).toMatch(/<option value="c2"[^>]*>Starport guard</);
    expect(text(gm)).toContain('driver (Sgt. Dara Okonkwo already drives)');
    expect(
      seatRefusal(viewFor(s, GM_SEAT), viewFor(s, GM_SEAT).machines.m1 as never, 'passenger'),
    ).toBeNull();
  });

  it('lets the referee alone move a rider to a free seat, and takes a rider’s move form away', () => {
    const s = play(
      withVehicle('g-carrier'),
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    const gm = riders(s, REFEREE, GM_SEAT);
    expect(gm).toContain('Change seat');
    expect(gm).toMatch(/<option value="gunner"[^>]*>gunner<\/option><option value="passenger"/);
    expect(riders(s, ANA, PLAYER)).not.toContain('Change seat');
    const panel = renderToStaticMarkup(
      <Recording>
        <Firefight view={viewFor(s, PLAYER)} seat={ANA} />
      </Recording>,
    );
    expect(text(panel)).toContain('Rides in G-carrier: he goes where it drives, or gets out as his move.');
    expect(panel).not.toContain('>Move</button>');
  });

  it('says a one-seat fighter is full and keeps its Get in disabled', () => {
    const s = play(
      withVehicle('grav-fighter'),
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    const gm = riders(s, REFEREE, GM_SEAT);
    expect(text(gm)).toContain('Grav fighter is full (1 aboard).');
    expect(gm).toMatch(/<button type="submit" disabled="">Get in<\/button>/);
  });
});

describe('bombs from a rack', () => {
  const bomberPack = {
    ...defaultPack,
    vehicles: defaultPack.vehicles.map((v) =>
      v.id === 'air-raft' ? { ...v, bombRack: true, bombLoad: 2, bombRadius: 10 } : v,
    ),
  };

  function bomber(): RhylanorState {
    let s = withVehicle('air-raft', fightState([[{ type: 'pack.load', pack: bomberPack }]]));
    s = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    return play(s, { type: 'combat.next' }).state;
  }

  it('offers the driver a bomb in direct fire with the load left, the blast, and who stands in it now', () => {
    const s = bomber();
    const html = text(vehicles(s, ANA, PLAYER));
    expect(html).toContain('Bombs: 2 of 2 left · blast 10 m, PEN 20');
    expect(html).toContain('Aim on the map');
    // Aimed at the air/raft's own place at first: she rides inside, so nobody is caught.
    expect(html).toContain('Nobody in the blast now.');
  });

  it('says the rack is empty once both bombs are down', () => {
    const s = bomber();
    // One bomb dropped by the rules (far from anyone, wherever it lands), the other counted as gone already.
    const once = play(
      s,
      { type: 'combat.bomb', machineId: 'm1', pilotId: 'c1', x: 30, y: 30 },
      [6, 6, 12, 1, 1],
      PLAYER,
    ).state;
    expect(once.machines.m1?.bombsDropped).toBe(1);
    const m1 = once.machines.m1 as NonNullable<typeof once.machines.m1>;
    const empty = { ...once, machines: { ...once.machines, m1: { ...m1, bombsDropped: 2 } } };
    const html = text(vehicles(empty, ANA, PLAYER));
    expect(html).toContain('Bombs: 0 of 2 left');
    expect(html).toContain('Air/raft has no bombs left.');
  });
});

describe('riders and aims on the fight map', () => {
  it('names the riders under their vehicle instead of a figure of their own, and rings an aimed point', () => {
    const s = play(
      withVehicle('g-carrier'),
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'gunner' },
      [],
      PLAYER,
    ).state;
    const view = viewFor(s, PLAYER);
    const html = renderToStaticMarkup(
      <FightMap
        combat={view.combat as never}
        names={(id) => view.characters[id]?.name ?? view.machines[id]?.name ?? id}
        chosen="c1"
        weapon={view.pack.weapons.find((w) => w.id === 'rifle') ?? null}
        plan={null}
        onPlan={() => {}}
        onChoose={() => {}}
        riders={{ m1: [{ id: 'c1', seat: 'gunner' }] }}
        aim={{ purpose: 'bomb:m1', label: 'the bomb', radius: 10, at: { x: 30, y: 6 } }}
      />,
    );
    expect(html).not.toContain('data-combatant="c1"');
    // Chosen, she rides: her rifle's rings and the line to the guard start at the carrier.
    expect(html).toContain('re-range-effective');
    expect(html).toContain('57 m · effective');
    expect(html).toMatch(/data-riders="m1"[^>]*>Sgt. Dara Okonkwo \(gunner\)</);
    expect(html).toContain('data-metres="30,6"');
    const scale = Number(/One square is ([\d.]+) m/.exec(html)?.[1]);
    const ring = /<g class="re-aim"><circle [^>]*r="([\d.]+)"/.exec(html);
    expect(Number(ring?.[1])).toBeCloseTo(10 / scale, 5);
    expect(text(html)).toContain('Pick a square for the bomb: now 30, 6 m, 10 m around it.');
  });
});
