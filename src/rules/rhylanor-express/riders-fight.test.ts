import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { checkTargets, fireMods } from './combat.ts';
import type { RhylanorState } from './ruleset.ts';
import { rhylanorExpress } from './ruleset.ts';
import { fresh, GM_SEAT, of, PLAYER, play } from './test-kit.ts';

/**
 * Riders in a fight (§7.7, issue 15): Orr (c1, p1) and Marchetti (c2, p1) on side a with an
 * air/raft (m1, open top), a G-carrier (m2, closed, 4 firing ports) and a ground car (m3, closed,
 * no ports); the corsair captain (c3, given Grav-2) on side b with a speeder (m4, closed), standing
 * beside it. Marchetti drives the air/raft from before the fight; `early` puts others aboard before
 * it (in a closed vehicle they start behind its hull). No side has a tactics pool.
 */
function fight(
  early: readonly { machineId: string; characterId: string; seat?: string; place?: number }[] = [],
): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'orr', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'marchetti', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'corsair-captain' }).state;
  // The captain flies grav vehicles too (his sheet's Pilot is for spacecraft).
  const captain = s.characters.c3;
  if (captain)
    s = { ...s, characters: { ...s.characters, c3: { ...captain, skills: { ...captain.skills, Grav: 2 } } } };
  for (const packId of ['air-raft', 'g-carrier', 'ground-car', 'speeder'])
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId }).state;
  s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c2', seat: 'driver' }).state;
  // Others get in before the fight when asked (the referee's seat puts anyone in).
  for (const e of early) s = play(s, { type: 'machine.board', ...e }).state;
  s = play(s, {
    type: 'combat.start',
    sides: [
      {
        id: 'a',
        name: 'Crew',
        members: [
          { characterId: 'c1', x: 0, y: 0 },
          { characterId: 'c2', x: 0, y: -3 },
        ],
      },
      { id: 'b', name: 'Corsairs', members: [{ characterId: 'c3', x: 60, y: 0 }] },
    ],
  }).state;
  s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 0, y: -3 }).state;
  s = play(s, { type: 'combat.vehicle', machineId: 'm2', side: 'a', x: 0, y: 3 }).state;
  s = play(s, { type: 'combat.vehicle', machineId: 'm3', side: 'a', x: 3, y: 0 }).state;
  s = play(s, { type: 'combat.vehicle', machineId: 'm4', side: 'b', x: 60, y: 0 }).state;
  s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
  return play(s, { type: 'combat.order', intruder: 'a' }).state;
}

/** Orr gets into a vehicle in side a's movement phase, then on to the direct-fire phase. */
function aboard(machineId: string, seat = 'passenger'): RhylanorState {
  let s = play(fight(), { type: 'machine.board', machineId, characterId: 'c1', seat }, [], PLAYER).state;
  s = play(s, { type: 'combat.next' }).state;
  return s;
}

function refused(s: RhylanorState, command: unknown, actor = PLAYER): string {
  const before = JSON.stringify(s);
  const code = refusalCode(() => play(s, command, [], actor));
  expect(JSON.stringify(s)).toBe(before);
  return code;
}

const shot = { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c3'] };

describe('riders in a fight', () => {
  it('a rider does not walk: he moves with his vehicle', () => {
    const s = play(fight(), { type: 'machine.board', machineId: 'm2', characterId: 'c1' }, [], PLAYER).state;
    expect(refused(s, { type: 'combat.move', characterId: 'c1', option: 'walk', x: 5, y: 0 })).toBe('RIDING');
    expect(refused(fight(), { type: 'combat.move', characterId: 'c2', option: 'stand' })).toBe('RIDING');
  });

  it('fires his own weapon from an open top, aimed while it holds, as a walker once it drove', () => {
    const s = aboard('m1');
    // Carbine at 60 m (Long, 10+): 6+6 and no other DM = 12, two hits; each wound roll 1+1 + 3 − 3 (cloth) = 2.
    const r = play(s, shot, [6, 6, 1, 1, 1, 1], PLAYER);
    expect(of(r.events, 'combat.fired')[0]?.shooterId).toBe('c1');
    expect(of(r.events, 'combat.fired')[0]?.port).toBeUndefined();
    expect(of(r.events, 'combat.hits')[0]?.hits).toBe(2);
    // Driven this turn, the air/raft carries him as a walking man: a snap shot at −2.
    let d = play(fight(), { type: 'machine.board', machineId: 'm1', characterId: 'c1' }, [], PLAYER).state;
    d = play(
      d,
      { type: 'combat.drive', machineId: 'm1', driverId: 'c2', x: 10, y: -3, activity: 'cruising' },
      [],
      PLAYER,
    ).state;
    d = play(d, { type: 'combat.next' }).state;
    // 6+6 − 2 = 10: one hit.
    const snap = play(d, shot, [6, 6, 1, 1], PLAYER);
    expect(of(snap.events, 'combat.hits')[0]?.roll.mods).toContainEqual({
      source: 'snap shot on the move',
      value: -2,
    });
  });

  it('from a closed vehicle only through its firing ports; never the driver', () => {
    expect(refused(aboard('m3'), shot)).toBe('NO_FIRING_PORT');
    const ported = play(aboard('m2'), shot, [1, 1], PLAYER);
    expect(of(ported.events, 'combat.hits')[0]?.hits).toBe(0);
    expect(refused(aboard('m3', 'driver'), shot)).toBe('DRIVER_BUSY');
  });

  it('the referee moves a rider between seats', () => {
    let s = play(fight(), { type: 'machine.board', machineId: 'm1', characterId: 'c1' }, [], PLAYER).state;
    expect(refused(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c1', seat: 'driver' })).toBe(
      'ROLE_NOT_ALLOWED',
    );
    const gm = GM_SEAT;
    expect(refused(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c1', seat: 'driver' }, gm)).toBe(
      'SEAT_TAKEN',
    );
    expect(
      refused(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c1', seat: 'passenger' }, gm),
    ).toBe('ALREADY_DONE');
    expect(refused(s, { type: 'machine.seat', machineId: 'm2', characterId: 'c1', seat: 'driver' }, gm)).toBe(
      'NOT_ABOARD',
    );
    s = play(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c2', seat: 'passenger' }).state;
    const r = play(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c1', seat: 'driver' });
    expect(r.events).toEqual([
      { type: 'machine.reseated', machineId: 'm1', characterId: 'c1', seat: 'driver' },
    ]);
    // Moved to a passenger's seat, Marchetti takes the lowest free number (Orr held 1 until now).
    expect(r.state.machines.m1?.riders).toEqual([
      { characterId: 'c2', seat: 'passenger', place: 2 },
      { characterId: 'c1', seat: 'driver' },
    ]);
  });

  it('a dogfight reads each vehicle’s seated driver (§7.7)', () => {
    const driving = fight([{ machineId: 'm4', characterId: 'c3', seat: 'driver' }]);
    let s = play(driving, { type: 'combat.next' }).state;
    // No pilot named: Marchetti drives the air/raft (no vehicle skill: −3), the captain the speeder (Pilot-2).
    const r = play(s, { type: 'combat.dogfight', machineId: 'm1', targetId: 'm4' }, [6, 6]);
    const fought = of(r.events, 'combat.dogfought')[0];
    expect(fought?.pilotId).toBe('c2');
    expect(fought?.roll.mods.at(-1)).toEqual({ source: "Corsair captain's piloting", value: -2 });
    expect(
      refused(s, { type: 'combat.dogfight', machineId: 'm1', targetId: 'm4', pilotId: 'c1' }, GM_SEAT),
    ).toBe('NOT_THE_DRIVER');
    expect(
      refused(s, { type: 'combat.dogfight', machineId: 'm1', targetId: 'm4', targetPilotId: 'c1' }, GM_SEAT),
    ).toBe('NOT_THE_DRIVER');
    // A vehicle nobody drives (its driver moved to a passenger's seat) needs its pilot named.
    s = play(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c2', seat: 'passenger' }).state;
    expect(refused(s, { type: 'combat.dogfight', machineId: 'm1', targetId: 'm4' }, GM_SEAT)).toBe(
      'DRIVER_NEEDED',
    );
  });

  it('numbers the passengers’ seats: the lowest free one, or the one asked for', () => {
    const s = play(fight(), { type: 'machine.board', machineId: 'm2', characterId: 'c1' }, [], PLAYER);
    expect(s.events).toEqual([
      { type: 'machine.boarded', machineId: 'm2', characterId: 'c1', seat: 'passenger', place: 1 },
    ]);
    const at = (place: number, seat = 'passenger') => ({
      type: 'machine.board',
      machineId: 'm2',
      characterId: 'c1',
      seat,
      place,
    });
    // The G-carrier holds 10; a driver's or gunner's seat has no number.
    expect(refused(fight(), at(11), PLAYER)).toBe('INVALID_VALUE');
    expect(refused(fight(), at(2, 'gunner'), PLAYER)).toBe('INVALID_VALUE');
    let two = play(fight(), at(7), [], PLAYER).state;
    expect(two.machines.m2?.riders).toEqual([{ characterId: 'c1', seat: 'passenger', place: 7 }]);
    two = play(two, { type: 'machine.alight', machineId: 'm1', characterId: 'c2' }, [], GM_SEAT).state;
    expect(refused(two, { ...at(7), characterId: 'c2' }, GM_SEAT)).toBe('SEAT_TAKEN');
    // The referee moves him to another numbered seat; the same one is nothing to do.
    expect(
      refused(
        two,
        { type: 'machine.seat', machineId: 'm2', characterId: 'c1', seat: 'passenger', place: 7 },
        GM_SEAT,
      ),
    ).toBe('ALREADY_DONE');
    const moved = play(two, {
      type: 'machine.seat',
      machineId: 'm2',
      characterId: 'c1',
      seat: 'passenger',
      place: 3,
    });
    expect(moved.state.machines.m2?.riders).toEqual([{ characterId: 'c1', seat: 'passenger', place: 3 }]);
  });

  it('only a passenger in a seat with a port fires out of a closed vehicle', () => {
    // The G-carrier's 4 ports default to seats 1–4: seat 5 has none, nor has a gunner's seat.
    const board = (place?: number, seat = 'passenger') => {
      let s = play(
        fight(),
        { type: 'machine.board', machineId: 'm2', characterId: 'c1', seat, ...(place ? { place } : {}) },
        [],
        PLAYER,
      ).state;
      s = play(s, { type: 'combat.next' }).state;
      return s;
    };
    expect(refused(board(5), shot)).toBe('NO_FIRING_PORT');
    expect(refused(board(undefined, 'gunner'), shot)).toBe('NO_FIRING_PORT');
    expect(of(play(board(4), shot, [1, 1], PLAYER).events, 'combat.fired')).toHaveLength(1);
    // A pack that puts the only port at seat 5 turns it round.
    let s = fresh();
    const pack = s.pack;
    s = {
      ...s,
      pack: {
        ...pack,
        vehicles: pack.vehicles.map((v) => (v.id === 'g-carrier' ? { ...v, portSeats: [5] } : v)),
      },
    };
    const packed = (state: RhylanorState) => ({ ...state, pack: s.pack });
    expect(of(play(packed(board(5)), shot, [1, 1], PLAYER).events, 'combat.fired')).toHaveLength(1);
    expect(refused(packed(board(4)), shot)).toBe('NO_FIRING_PORT');
  });

  it('a man who fired through a port is a target himself, with the port’s cover, until he leaves it', () => {
    const s = aboard('m2');
    const combat = s.combat;
    const corsair = combat?.combatants.c3;
    const carbine = s.pack.weapons.find((w) => w.id === s.characters.c1?.weapons[0]?.weaponId);
    if (!combat || !corsair || !carbine) throw new Error('fixture');
    expect(refusalCode(() => checkTargets(combat, corsair, carbine, ['c1']))).toBe('TARGET_IN_FULL_COVER');
    // Orr fires (1+1: a miss) and shows himself at the port: the pack's firingPortCover, 4.
    const r = play(s, shot, [1, 1], PLAYER);
    // The shot names the port it goes through: the G-carrier's, at his seat 1 (for the log).
    const fired = of(r.events, 'combat.fired')[0];
    expect(fired?.port).toEqual({ machineId: 'm2', place: 1 });
    expect(rhylanorExpress.eventSchemas?.['combat.fired']?.safeParse(fired).success).toBe(true);
    expect(rhylanorExpress.eventProblem?.(s, { ...fired, port: { machineId: 'm9' } } as never)).toBe(
      'port.machineId m9 names no machine',
    );
    expect(of(r.events, 'combat.positioned')).toEqual([
      { type: 'combat.positioned', id: 'c1', fullCover: false, cover: 4, by: 'rule' },
    ]);
    const after = r.state.combat;
    const target = after?.combatants.c1;
    if (!after || !target) throw new Error('fixture');
    expect(checkTargets(after, corsair, carbine, ['c1'])).toHaveLength(1);
    // The hull covers him though a rider's own option (walk, from getting in) would not.
    const captain = r.state.characters.c3;
    if (!captain) throw new Error('fixture');
    expect(fireMods(r.state, captain, carbine, 0, target)).toContainEqual({
      source: 'target in cover',
      value: -4,
    });
    // Moved to a seat without a port, he is behind the hull again.
    const back = play(r.state, {
      type: 'machine.seat',
      machineId: 'm2',
      characterId: 'c1',
      seat: 'passenger',
      place: 6,
    });
    expect(of(back.events, 'combat.positioned')).toEqual([
      { type: 'combat.positioned', id: 'c1', fullCover: true, by: 'rule' },
    ]);
    expect(back.state.combat?.combatants.c1?.fullCover).toBe(true);
  });

  it('a log from before seats were numbered folds as it did, and its riders share the ports by count', () => {
    let s = rhylanorExpress.evolve(fight(), {
      type: 'machine.boarded',
      machineId: 'm2',
      characterId: 'c1',
      seat: 'passenger',
    });
    expect(s.machines.m2?.riders).toEqual([{ characterId: 'c1', seat: 'passenger' }]);
    // Without a number he takes any of the G-carrier's 4 ports, as riders did before.
    s = play(s, { type: 'combat.next' }).state;
    const fired = of(play(s, shot, [1, 1], PLAYER).events, 'combat.fired');
    expect(fired).toHaveLength(1);
    expect(fired[0]?.port).toEqual({ machineId: 'm2' });
  });

  it('a rider aboard a closed vehicle before the fight starts behind its hull, and is carried to it when it joins', () => {
    const s = fight([{ machineId: 'm2', characterId: 'c1' }]);
    const combat = s.combat;
    const orr = combat?.combatants.c1;
    const corsair = combat?.combatants.c3;
    const carbine = s.pack.weapons.find((w) => w.id === s.characters.c1?.weapons[0]?.weaponId);
    if (!combat || !orr || !corsair || !carbine) throw new Error('fixture');
    expect(orr.fullCover).toBe(true);
    // The G-carrier joined at (0, 3): Orr, started at (0, 0), rides there.
    expect({ x: orr.x, y: orr.y }).toEqual({ x: 0, y: 3 });
    expect(refusalCode(() => checkTargets(combat, corsair, carbine, ['c1']))).toBe('TARGET_IN_FULL_COVER');
    // The open-top air/raft's driver is not behind anything.
    expect(combat.combatants.c2?.fullCover).toBe(false);
    // He still fires through his port, and shows himself there.
    const r = play(play(s, { type: 'combat.next' }).state, shot, [1, 1], PLAYER);
    expect(of(r.events, 'combat.positioned')).toEqual([
      { type: 'combat.positioned', id: 'c1', fullCover: false, cover: 4, by: 'rule' },
    ]);
  });

  it('bringing a vehicle in moves its riders in the fight to it; a log without that replays as it was', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'orr', owner: 'p1' }).state;
    s = play(s, { type: 'character.create', sheet: 'corsair-captain' }).state;
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' }, [], PLAYER).state;
    const started = play(s, {
      type: 'combat.start',
      sides: [
        { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
        { id: 'b', name: 'Corsairs', members: [{ characterId: 'c2', x: 60, y: 0 }] },
      ],
    });
    const event = of(started.events, 'combat.started')[0];
    if (!event) throw new Error('fixture');
    expect(event.combat.combatants.c1?.fullCover).toBe(true);
    // An old log: its fight started with the rider in the open, and the vehicle joined alone.
    const oldStart = {
      ...event,
      combat: {
        ...event.combat,
        combatants: { ...event.combat.combatants, c1: { ...event.combat.combatants.c1, fullCover: false } },
      },
    };
    const old = rhylanorExpress.evolve(s, oldStart as typeof event);
    const joined = play(old, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 5, y: 1 });
    const bare = joined.events.filter((e) => e.type === 'combat.vehicleJoined');
    const replayed = bare.reduce(rhylanorExpress.evolve, old);
    expect(replayed.combat?.combatants.c1).toMatchObject({ x: 0, y: 0, fullCover: false });
    // Brought in now, the vehicle takes him to its place and behind its hull.
    expect(of(joined.events, 'combat.positioned')).toEqual([
      { type: 'combat.positioned', id: 'c1', x: 5, y: 1, fullCover: true, by: 'rule' },
    ]);
    expect(joined.state.combat?.combatants.c1).toMatchObject({ x: 5, y: 1, fullCover: true });
  });
});
