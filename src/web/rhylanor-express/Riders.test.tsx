import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { defaultPack } from '../../rules/rhylanor-express/data/pack.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { FightMap } from './FightMap.tsx';
import { Firefight } from './Firefight.tsx';
import { AimProvider, withinLimit } from './map-aim.tsx';
import type { SeatRef } from './model.ts';
import { Riders, seatRefusal } from './Riders.tsx';
import { ANA, fightState, played, REFEREE, Recording, viewFor } from './test-kit.tsx';
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
    // The driver may go to a gunner's seat or any free numbered seat, its port said.
    expect(gm).toMatch(
      /aria-label="New seat of Sgt. Dara Okonkwo"><option value="gunner" selected="">gunner<\/option><option value="1">seat 1 \(firing port\)<\/option>/,
    );
    expect(gm).toContain('<option value="5">seat 5</option>');
    expect(riders(s, ANA, PLAYER)).not.toContain('Change seat');
    const panel = renderToStaticMarkup(
      <Recording>
        <Firefight view={viewFor(s, PLAYER)} seat={ANA} />
      </Recording>,
    );
    expect(text(panel)).toContain(
      'Rides in G-carrier: he goes where it drives, or gets out as his move (pick the spot with “Get Sgt. Dara Okonkwo out” under its riders).',
    );
    // The rules refuse a rider's own move: the line carries their code.
    expect(panel).toContain('data-testid="riding" data-code="RIDING"');
    expect(panel).not.toContain('>Move</button>');
  });

  it('says which numbered seats are free and which have ports, and offers the free ones by number', () => {
    const empty = riders(withVehicle('g-carrier'), ANA, PLAYER);
    expect(text(empty)).toContain('Seats free: 1–10 · firing ports at 1–4');
    expect(empty).toMatch(
      /name="boardPlace"><option value="" selected="">lowest free \(seat 1 \(firing port\)\)<\/option><option value="1">seat 1 \(firing port\)<\/option>/,
    );
    expect(empty).toContain('<option value="10">seat 10</option>');
    // The guard takes seat 2, she seat 6: both out of the offer, and the list says who sits where.
    // Out of a fight, so the guard's side need not have its turn.
    let s = played([
      [{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER],
      [{ type: 'character.create', sheet: 'starport-guard' }],
      [{ type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }],
      [{ type: 'machine.board', machineId: 'm1', characterId: 'c2', seat: 'passenger', place: 2 }],
    ]);
    s = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'passenger', place: 6 },
      [],
      PLAYER,
    ).state;
    const gm = riders(s, REFEREE, GM_SEAT);
    expect(text(gm)).toContain('Seats free: 1, 3–5, 7–10 · firing ports at 1–4');
    expect(text(gm)).toContain('Starport guard, passenger, seat 2 (firing port)');
    expect(text(gm)).toContain('Sgt. Dara Okonkwo, passenger, seat 6');
    const hers = gm.slice(gm.indexOf('aria-label="New seat of Sgt. Dara Okonkwo"'));
    const offer = hers.slice(0, hers.indexOf('</select>'));
    expect(offer).toContain('<option value="3">seat 3 (firing port)</option>');
    expect(offer).not.toContain('<option value="2">');
    expect(offer).not.toContain('<option value="6">');
    // Over an open top every passenger fires: no seat is told apart by a port.
    const open = riders(withVehicle('air-raft'), ANA, PLAYER);
    expect(text(open)).toContain('Seats free: 1–4 · open top: every passenger fires');
    expect(open).toContain('<option value="1">seat 1</option>');
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

/** The fight stepped on by the referee until the Crew's next movement phase (turn 2). */
function toNextCrewMove(s: RhylanorState): RhylanorState {
  let out = s;
  for (let i = 0; i < 40; i++) {
    out = play(out, { type: 'combat.next' }).state;
    if (out.combat?.turn === 2 && out.combat.phasing === 'a' && out.combat.phase === 'movement') return out;
  }
  throw new Error('the Crew never moved again');
}

function boarded(packId: string, seat: 'driver' | 'gunner' | 'passenger', s = fightState()): RhylanorState {
  return play(
    withVehicle(packId, s),
    { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat },
    [],
    PLAYER,
  ).state;
}

describe('getting out in a fight, at a spot within the boarding reach', () => {
  it('keeps a pick on the map within the reach: the nearest point on its edge toward a square beyond', () => {
    const limit = { centre: { x: 3, y: 0 }, radius: 5, words: '5 m of the G-carrier' };
    expect(withinLimit({ x: 5, y: 2 }, limit)).toEqual({ x: 5, y: 2 });
    const far = withinLimit({ x: 43, y: 30 }, limit);
    expect(far).toEqual({ x: 7, y: 3 });
    const odd = withinLimit({ x: -17, y: 11 }, limit);
    expect(Math.hypot(odd.x - 3, odd.y)).toBeLessThanOrEqual(5);
    expect(Math.hypot(odd.x - 3, odd.y)).toBeGreaterThan(4.8);
    expect(withinLimit({ x: 99, y: 99 }, undefined)).toEqual({ x: 99, y: 99 });
  });

  it('rings the reach around the vehicle on the map and marks the squares within it', () => {
    const view = viewFor(boarded('g-carrier', 'passenger'), PLAYER);
    const html = renderToStaticMarkup(
      <FightMap
        combat={view.combat as never}
        names={(id) => view.characters[id]?.name ?? view.machines[id]?.name ?? id}
        chosen={null}
        weapon={null}
        plan={null}
        onPlan={() => {}}
        onChoose={() => {}}
        riders={{ m1: [{ id: 'c1', seat: 'passenger' }] }}
        aim={{
          purpose: 'alight:c1',
          label: 'where Okonkwo gets out',
          radius: 0,
          at: { x: 3, y: 0 },
          limit: { centre: { x: 3, y: 0 }, radius: 5, words: '5 m of G-carrier' },
        }}
      />,
    );
    const scale = Number(/One square is ([\d.]+) m/.exec(html)?.[1]);
    const ring = /class="re-aim-limit"[^>]* r="([\d.]+)"/.exec(html);
    expect(Number(ring?.[1])).toBeCloseTo(5 / scale, 5);
    expect(html).toContain('re-reach-cell');
    expect(text(html)).toContain(
      'Pick a square for where Okonkwo gets out: now 3, 0 m, within 5 m of G-carrier (ringed).',
    );
  });

  it('offers her way out with the spot at the vehicle, shut with the rules’ reason until her next move', () => {
    const s = boarded('g-carrier', 'passenger');
    const now = riders(s, ANA, PLAYER);
    expect(now).toContain('aria-label="Where Sgt. Dara Okonkwo gets out"');
    expect(now).toMatch(/name="alightX"[^>]*value="3"/);
    expect(text(now)).toContain('Within 5 m of G-carrier (at 3, 0 m).');
    // Getting in was her move this turn: the button waits, the reason in words.
    expect(text(now)).toContain('Sgt. Dara Okonkwo has moved this turn.');
    expect(now).toMatch(
      /<button type="submit" class="re-small" disabled="">Get Sgt. Dara Okonkwo out<\/button>/,
    );
    const next = riders(toNextCrewMove(s), ANA, PLAYER);
    expect(next).toMatch(/<button type="submit" class="re-small">Get Sgt. Dara Okonkwo out<\/button>/);
    expect(next).not.toContain('data-testid="alight-refusal"');
    // With the fight's map around, the spot may be picked there.
    expect(vehicles(toNextCrewMove(s), ANA, PLAYER)).toContain('Pick the spot on the map');
  });

  it('keeps the plain way out outside a fight (no spot to pick)', () => {
    let s = played([[{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER]]);
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'passenger' },
      [],
      PLAYER,
    ).state;
    const html = riders(s, ANA, PLAYER);
    expect(html).toContain('Get Sgt. Dara Okonkwo out');
    expect(html).not.toContain('alightX');
  });
});

describe('a rider’s own fire', () => {
  /** The part of the fight panel inside her actions, in direct fire. */
  function herActions(s: RhylanorState, seat: SeatRef = ANA, raw: Seat = PLAYER): string {
    const html = renderToStaticMarkup(
      <Recording>
        <Firefight view={viewFor(play(s, { type: 'combat.next' }).state, raw)} seat={seat} />
      </Recording>,
    );
    const at = html.indexOf('aria-label="Actions of Sgt. Dara Okonkwo"');
    if (at < 0) throw new Error('no actions of Okonkwo');
    return html.slice(at, html.indexOf('</fieldset>', at));
  }

  it('fires over an open top: the place said, the rules’ chance, the button open', () => {
    const html = herActions(boarded('air-raft', 'passenger'));
    expect(html).toContain('aria-label="Sgt. Dara Okonkwo fires from Air/raft"');
    expect(text(html)).toContain('Fires his own weapon over the open top of Air/raft.');
    expect(text(html)).toMatch(/\d+\+: \d+\/36/);
    expect(html).toMatch(/<button type="submit">Fire<\/button>/);
    expect(html).not.toContain('rider-fire-refusal');
  });

  it('fires through the firing port of her own seat in a closed carrier', () => {
    // The default pack's G-carrier has four ports: seats 1 to 4. She took the lowest free seat, 1.
    const html = herActions(boarded('g-carrier', 'passenger'));
    expect(text(html)).toContain('Fires through the firing port at seat 1 of G-carrier.');
    expect(html).toMatch(/<button type="submit">Fire<\/button>/);
    // In seat 7 she has none: the line says so in the rules' words, and the button is shut.
    const s = play(
      withVehicle('g-carrier'),
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'passenger', place: 7 },
      [],
      PLAYER,
    ).state;
    const seven = herActions(s);
    expect(text(seven)).toContain('Seat 7 of G-carrier has no firing port: he cannot fire from inside.');
    expect(text(seven)).toContain('He cannot fire from G-carrier: seat 7 of G-carrier has no firing port.');
    expect(seven).toMatch(/<button type="submit" disabled="">Fire<\/button>/);
  });

  it('counts the free ports for a passenger with no seat number (a log from before seats were numbered)', () => {
    const s = boarded('g-carrier', 'passenger');
    const m1 = s.machines.m1 as NonNullable<typeof s.machines.m1>;
    const old = {
      ...s,
      machines: { ...s.machines, m1: { ...m1, riders: [{ characterId: 'c1', seat: 'passenger' as const }] } },
    };
    const html = herActions(old);
    expect(text(html)).toContain('Fires through a firing port of G-carrier: 4 of 4 free this phase.');
    expect(html).toMatch(/<button type="submit">Fire<\/button>/);
  });

  it('says a gunner’s seat has no port for his own weapon, as the rules refuse it', () => {
    const html = herActions(boarded('g-carrier', 'gunner'));
    const said = "Sgt. Dara Okonkwo sits at G-carrier's weapons, which have no firing port";
    expect(text(html)).toContain(`${said}: he cannot fire from inside.`);
    expect(text(html)).toContain(`He cannot fire from G-carrier: ${said}.`);
    expect(html).toContain('data-code="NO_FIRING_PORT"');
  });

  it('shuts the button with the rules’ reason: the driver drives, a closed vehicle without ports, a seat without one', () => {
    const driver = herActions(boarded('g-carrier', 'driver'));
    expect(text(driver)).toContain('Drives G-carrier: the driver does not fire his own weapon.');
    expect(driver).toContain('data-code="DRIVER_BUSY"');
    expect(text(driver)).toContain('He cannot fire from G-carrier: Sgt. Dara Okonkwo is driving G-carrier.');
    expect(driver).toMatch(/<button type="submit" disabled="">Fire<\/button>/);

    const atv = herActions(boarded('atv', 'passenger'));
    expect(atv).toContain('data-code="NO_FIRING_PORT"');
    expect(text(atv)).toContain('ATV is closed and has no firing ports: he cannot fire from inside.');
    expect(text(atv)).toContain('He cannot fire from ATV: ATV is closed and has no firing ports.');
    expect(atv).toMatch(/<button type="submit" disabled="">Fire<\/button>/);

    // Her seat has no port: the pack gives G-carrier's port to seat 2 only, and she boarded into seat 1.
    const portOnSeatTwo = {
      ...defaultPack,
      vehicles: defaultPack.vehicles.map((v) => (v.id === 'g-carrier' ? { ...v, portSeats: [2] } : v)),
    };
    const s = boarded('g-carrier', 'passenger', fightState([[{ type: 'pack.load', pack: portOnSeatTwo }]]));
    const firing = play(s, { type: 'combat.next' }).state;
    const html = renderToStaticMarkup(
      <Recording>
        <Firefight view={viewFor(firing, PLAYER)} seat={ANA} />
      </Recording>,
    );
    const mine = html.slice(html.indexOf('aria-label="Actions of Sgt. Dara Okonkwo"'));
    expect(mine).toContain('data-code="NO_FIRING_PORT"');
    expect(text(mine)).toContain('Seat 1 of G-carrier has no firing port: he cannot fire from inside.');
    expect(text(mine)).toContain('He cannot fire from G-carrier: seat 1 of G-carrier has no firing port.');
    expect(mine).toMatch(/<button type="submit" disabled="">Fire<\/button>/);
  });
});
