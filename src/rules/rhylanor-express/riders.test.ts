import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/** Okonkwo (c1, p1) and a guard (c2) with a G-carrier (m1, 10 seats, two weapons). Scripted dice. */
function table(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
  return play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
}

function withVehicle(s: RhylanorState, id: string, change: Record<string, unknown>): RhylanorState {
  return {
    ...s,
    pack: { ...s.pack, vehicles: s.pack.vehicles.map((v) => (v.id === id ? { ...v, ...change } : v)) },
  };
}

/** A refusal leaves the state as it was. */
function refused(s: RhylanorState, command: unknown, actor = PLAYER): string {
  const before = JSON.stringify(s);
  const code = refusalCode(() => play(s, command, [1, 1, 1, 1], actor));
  expect(JSON.stringify(s)).toBe(before);
  return code;
}

/** A fight: Okonkwo 3 m from the G-carrier (side a), the guard 60 m off; side a moves first. */
function fight(before: (s: RhylanorState) => RhylanorState = (s) => s): RhylanorState {
  let s = before(table());
  s = play(s, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      { id: 'b', name: 'Guard', members: [{ characterId: 'c2', x: 60, y: 0 }] },
    ],
  }).state;
  s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 0, y: 3 }).state;
  return play(s, { type: 'combat.order', intruder: 'a' }).state;
}

describe('passengers in vehicles (§7.7, §7.13)', () => {
  it('gets in and out by seat, up to the pack’s capacity; one driver, a gunner per weapon', () => {
    let s = table();
    s = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    expect(s.machines.m1?.riders).toEqual([{ characterId: 'c1', seat: 'driver' }]);
    expect(refused(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' })).toBe('ALREADY_ABOARD');
    expect(
      refused(
        s,
        { type: 'machine.board', machineId: 'm1', characterId: 'c2', seat: 'driver' },
        { seatId: 'gm', role: 'gm' },
      ),
    ).toBe('SEAT_TAKEN');
    expect(refused(s, { type: 'machine.board', machineId: 'm1', characterId: 'c2' })).toBe(
      'NOT_YOUR_CHARACTER',
    );
    expect(refused(s, { type: 'machine.board', machineId: 'm9', characterId: 'c1' })).toBe('UNKNOWN_MACHINE');
    const full = withVehicle(s, 'g-carrier', { capacity: 1 });
    expect(
      refused(
        full,
        { type: 'machine.board', machineId: 'm1', characterId: 'c2' },
        { seatId: 'gm', role: 'gm' },
      ),
    ).toBe('VEHICLE_FULL');
    const out = play(s, { type: 'machine.alight', machineId: 'm1', characterId: 'c1' }, [], PLAYER);
    expect(out.state.machines.m1?.riders).toEqual([]);
    expect(refused(out.state, { type: 'machine.alight', machineId: 'm1', characterId: 'c1' })).toBe(
      'NOT_ABOARD',
    );
  });

  it('in a fight: getting in is his move, near the vehicle, in his movement phase; riders go where it drives', () => {
    let s = fight();
    const board = { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' } as const;
    const far = play(s, { type: 'combat.place', characterId: 'c1', x: 40, y: 40 }).state;
    expect(refused(far, board)).toBe('TOO_FAR');
    s = play(s, board, [], PLAYER).state;
    expect(s.combat?.combatants.c1).toMatchObject({ x: 0, y: 3, option: 'walk', fullCover: true });
    s = play(
      s,
      { type: 'combat.drive', machineId: 'm1', driverId: 'c1', x: 0, y: 200, activity: 'cruising' },
      [],
      PLAYER,
    ).state;
    expect(s.combat?.combatants.c1).toMatchObject({ x: 0, y: 200 });
    const later = play(s, { type: 'combat.next' }).state;
    expect(refused(later, { type: 'machine.alight', machineId: 'm1', characterId: 'c1' })).toBe(
      'WRONG_PHASE',
    );
  });

  it('a seated driver is the only one who drives', () => {
    const s = fight(
      (t) => play(t, { type: 'machine.board', machineId: 'm1', characterId: 'c2', seat: 'driver' }).state,
    );
    expect(
      refused(s, {
        type: 'combat.drive',
        machineId: 'm1',
        driverId: 'c1',
        x: 0,
        y: 10,
        activity: 'cruising',
      }),
    ).toBe('NOT_THE_DRIVER');
  });

  it('one crewman attacked: a die picks him among those aboard, a straight 2d6 wound roll', () => {
    let s = table();
    s = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c2' }).state;
    // 1 + 40 − 30 = 11, a minor penetration; effect 2d6 = 4, one crewman; die 2 of 2 picks the guard; wound 3 + 3.
    const r = play(s, { type: 'machine.hit', machineId: 'm1', pen: 40 }, [1, 2, 2, 2, 3, 3]);
    expect(of(r.events, 'machine.crewAttacked')[0]).toMatchObject({
      effect: 'oneCrewAttacked',
      pick: 2,
      characterIds: ['c2'],
    });
    const wound = of(r.events, 'character.wounded')[0];
    expect(wound).toMatchObject({ characterId: 'c2', rolled: 'light' });
    expect(wound?.roll?.mods).toEqual([]);
  });

  it('an explosion: each rolls his vehicle skill 8+ to get clear; one who fails takes a straight wound raised a level', () => {
    let s = table();
    s = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    ).state;
    // 1 + 50 − 30 = 21, a major penetration; effect 5 + 6 = 11, explode; escape 1 + 1 fails; wound 3 + 3 raised.
    const r = play(s, { type: 'machine.hit', machineId: 'm1', pen: 50 }, [1, 5, 6, 1, 1, 3, 3]);
    const blown = of(r.events, 'machine.crewAttacked')[0];
    expect(blown).toMatchObject({ effect: 'explode', characterIds: ['c1'] });
    expect(blown?.escapes?.[0]).toMatchObject({ characterId: 'c1', escaped: false });
    expect(of(r.events, 'character.wounded')[0]).toMatchObject({ characterId: 'c1', shift: 1 });
    expect(r.state.machines.m1).toMatchObject({ destroyed: true, riders: [] });
  });

  it('exposed crew: only an open-top vehicle’s riders are exposed', () => {
    let s = table();
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' }, [], PLAYER).state;
    // 1 + 31 − 30 = 2, a surface hit; effect 2 + 2 = 4, exposed crew.
    expect(
      of(
        play(s, { type: 'machine.hit', machineId: 'm1', pen: 31 }, [1, 2, 2]).events,
        'machine.crewAttacked',
      ),
    ).toEqual([]);
    const open = withVehicle(s, 'g-carrier', { openTop: true });
    const r = play(open, { type: 'machine.hit', machineId: 'm1', pen: 31 }, [1, 2, 2, 4, 4]);
    expect(of(r.events, 'machine.crewAttacked')[0]).toMatchObject({
      effect: 'exposedCrewAttacked',
      characterIds: ['c1'],
    });
    expect(of(r.events, 'character.wounded')[0]?.roll?.mods[0]).toMatchObject({ value: 31 });
  });
});

describe('bombs (§7.11): the count and the blast', () => {
  it('counts bombs off the rack (NO_BOMBS_LEFT when empty); the blast hits everyone within the radius', () => {
    let s = play(fight(), { type: 'character.edit', characterId: 'c1', skills: { Grav: 2 } }).state;
    s = withVehicle(s, 'g-carrier', { bombRack: true, bombLoad: 1, bombRadius: 10, bombPen: 20 });
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    const drop = { type: 'combat.bomb', machineId: 'm1', pilotId: 'c1', x: 60, y: 0 } as const;
    const r = play(s, drop, [6, 6, 3, 3], PLAYER);
    expect(of(r.events, 'combat.bombed')[0]).toMatchObject({ x: 60, y: 0, caught: ['c2'] });
    expect(r.state.machines.m1?.bombsDropped).toBe(1);
    expect(r.events.some((e) => e.type === 'window.opened' || e.type === 'character.wounded')).toBe(true);
    // Next phase on, a second run: the rack is empty.
    const emptied = {
      ...s,
      machines: {
        ...s.machines,
        m1: { ...(s.machines.m1 as NonNullable<RhylanorState['machines']['m1']>), bombsDropped: 1 },
      },
    };
    expect(refused(emptied, drop)).toBe('NO_BOMBS_LEFT');
  });
});

it('the ruleset knows the rider events', () => {
  expect(rhylanorExpress.eventSchemas?.['machine.boarded']).toBeDefined();
});
