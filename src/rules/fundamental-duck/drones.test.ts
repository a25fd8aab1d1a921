import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { boardOf, inSight } from './board-adapter.ts';
import { defaultPack } from './data/pack.ts';
import type { FdPack } from './data/pack-schema.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { isFree } from './figures.ts';
import { fundamentalDuck as fd } from './index.ts';
import { legalCommands } from './legal.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table, threatPlaced } from './test-kit.ts';

const ENTRY = 3;

/** The default pack with YOU carrying a drone gun (or the walking one). */
function packWithDrone(gear: 'drone-gun' | 'walking-drone-gun'): FdPack {
  return {
    ...defaultPack,
    team: {
      ...defaultPack.team,
      teamers: defaultPack.team.teamers.map((t) => (t.id === 'you' ? { ...t, gear: [...t.gear, gear] } : t)),
    },
  };
}

/** YOU at (2,8) facing south on the entry tile, a Harpy at (0,9) facing him; YOU activated. */
function table(gear: 'drone-gun' | 'walking-drone-gun' = 'drone-gun') {
  const t = new Table(new ScriptedDice([]), fd.setup({ pack: packWithDrone(gear) }));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 8, facing: 4, reason: 'set-up' }, GM);
  t.fold([threatPlaced(ENTRY, { id: 'h1', species: 'harpy', x: 0, y: 9, facing: 1 })]);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

describe('drone guns (8.5, 17 step 6, 24.2, 24.9)', () => {
  it('is set up as an Other Action with a fumble test, in a free square next to him; it blocks sight', () => {
    const t = table();
    expect(inSight(t.state, 2, 8, 2, 6)).toBe(true);
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 7, facing: 0 });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'drone.set']);
    expect(t.state.drones).toEqual([
      { id: 'd1', owner: 'you', x: 2, y: 7, facing: 0, power: 10, walking: false, firedTurn: 0 },
    ]);
    // A machine: no sight past it, nobody steps into it.
    expect(inSight(t.state, 2, 8, 2, 6)).toBe(false);
    // No Threat is placed on it, nor comes out there.
    expect(isFree(t.state, boardOf(t.state), 2, 7)).toBe(false);
  });

  it('refuses a Teamer without one, a square not next to him or taken, a second set-up: nothing changes, no die', () => {
    const t = table();
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 3, y: 9, facing: 0, reason: 'set-up' }, GM);
    t.dice = new ScriptedDice([]);
    const hash = stateHash(t.state);
    const code = (c: Parameters<Table['send']>[0]) => refusalCode(() => t.send(c));
    expect(code({ type: 'setUpDrone', teamerId: 'brick', x: 2, y: 7, facing: 0 })).toBe('NO_DRONE_GUN');
    expect(code({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 5, facing: 0 })).toBe('NO_ROOM');
    expect(code({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 8, facing: 0 })).toBe('NO_ROOM');
    expect(code({ type: 'setUpDrone', teamerId: 'ghost', x: 2, y: 7, facing: 0 })).toBe('UNKNOWN_TEAMER');
    expect(stateHash(t.state)).toBe(hash);
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 7, facing: 0 });
    t.dice = new ScriptedDice([]);
    const set = stateHash(t.state);
    expect(code({ type: 'setUpDrone', teamerId: 'you', x: 3, y: 7, facing: 0 })).toBe('DRONE_SET_UP');
    expect(stateHash(t.state)).toBe(set);
  });

  it('fires once at a Threat coming into its arc in the Threat phase; Housekeeping drains its power', () => {
    const t = table();
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 7, facing: 0 });
    t.send({ type: 'endActivation', teamerId: 'you' });
    // The Harpy: reaction 1 (ATTACK), move 3; it comes round YOU's back to (1,7), into the
    // drone's arc (north and level with it); the drone's two dice, 5 and 6, kill it.
    const dice = new ScriptThenSeeded([1, 3, 5, 6], 4);
    t.dice = dice;
    t.send({ type: 'endTeamPhase' });
    const fired = t.log.find((e) => e.type === 'drone.fired');
    expect(fired).toEqual({
      type: 'drone.fired',
      droneId: 'd1',
      threatId: 'h1',
      faces: [5, 6],
      hitOn: 4,
      hits: 2,
    });
    expect(dice.used.filter((u) => u.purpose.startsWith('drone')).map((u) => u.face)).toEqual([5, 6]);
    expect(t.state.threats.h1).toBeUndefined();
    const moved = t.log.filter((e) => e.type === 'threat.moved');
    expect(moved.at(-1)).toMatchObject({ x: 1, y: 7 });
    expect(t.state.drones[0]).toMatchObject({ power: 9, firedTurn: 1 });
    expect(t.log.some((e) => e.type === 'drone.powered' && e.power === 9)).toBe(true);
  });

  it('a walking drone gun is set up again elsewhere, keeping its power', () => {
    const t = table('walking-drone-gun');
    t.dice = new ScriptedDice([1, 1]);
    t.send({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 7, facing: 0 });
    t.send({ type: 'setUpDrone', teamerId: 'you', x: 3, y: 8, facing: 2 });
    expect(t.state.drones).toEqual([
      { id: 'd1', owner: 'you', x: 3, y: 8, facing: 2, power: 10, walking: true, firedTurn: 0 },
    ]);
  });
});

describe('walking drone guns directed by their operator (17 step 6, 24.9; Bughunt reading)', () => {
  const at = (x: number, y: number) => y * 15 + x;
  function walking() {
    const t = table('walking-drone-gun');
    t.fold([
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 7, facing: 0, power: 10, walking: true },
    ]);
    return t;
  }
  function refused(t: Table, c: Parameters<Table['send']>[0]): string {
    const before = stateHash(t.state);
    const code = refusalCode(() => t.send(c));
    expect(stateHash(t.state)).toBe(before);
    return code;
  }

  it('an Other Action with a fumble test walks it up to the pack’s speed over bare floor; it blocks sight where it now stands', () => {
    const t = walking();
    expect(inSight(t.state, 2, 8, 2, 6)).toBe(false);
    expect(legalCommands(t.state)).toContainEqual({
      type: 'directDrone',
      teamerId: 'you',
      x: 2,
      y: 5,
      facing: 0,
    });
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 2 });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'drone.moved']);
    expect(ev[2]).toEqual({
      type: 'drone.moved',
      droneId: 'd1',
      teamerId: 'you',
      path: [at(2, 6), at(2, 5)],
      x: 2,
      y: 5,
      facing: 2,
    });
    for (const e of ev) expect(fdEventSchemas[e.type]?.safeParse(e).success, e.type).toBe(true);
    expect(t.state.drones[0]).toMatchObject({ x: 2, y: 5, facing: 2, power: 10 });
    expect(inSight(t.state, 2, 8, 2, 6)).toBe(true);
    expect(inSight(t.state, 2, 8, 2, 4)).toBe(false);
    // Import check: a path that does not end where the drone stands.
    expect(fdEventProblem(t.state, { ...ev[2], x: 3 } as FdEvent)).not.toBeNull();
  });

  it('a failed fumble test spends the chit and the drone stays', () => {
    const t = walking();
    t.dice = new ScriptThenSeeded([6]);
    const ev = t.send({ type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 });
    expect(ev.some((e) => e.type === 'drone.moved')).toBe(false);
    expect(t.state.drones[0]).toMatchObject({ x: 2, y: 7 });
  });

  it('bad input: a figure’s square, beyond a closed door or its speed, a plain gun, no drone, no power', () => {
    const t = walking();
    expect(refused(t, { type: 'directDrone', teamerId: 'you', x: 0, y: 9, facing: 0 })).toBe('NO_ROOM');
    expect(refused(t, { type: 'directDrone', teamerId: 'you', x: 2, y: 8, facing: 0 })).toBe('NO_ROOM');
    expect(refused(t, { type: 'directDrone', teamerId: 'you', x: 2, y: 4, facing: 0 })).toBe('NO_ROOM');
    t.fold([{ type: 'drone.powered', droneId: 'd1', power: 0 }]);
    expect(refused(t, { type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 })).toBe('DRONE_STOPPED');
    expect(legalCommands(t.state).some((c) => c.type === 'directDrone')).toBe(false);

    const plain = table();
    expect(refused(plain, { type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 })).toBe('NO_DRONE');
    plain.fold([
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 7, facing: 0, power: 10, walking: false },
    ]);
    expect(refused(plain, { type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 })).toBe(
      'DRONE_FIXED',
    );

    const slow = new Table(
      new ScriptedDice([]),
      fd.setup({
        pack: { ...packWithDrone('walking-drone-gun'), drones: { ...defaultPack.drones, speed: 1 } },
      }),
    );
    slow.fold([fixedDeal(slow.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    slow.send({ type: 'board' });
    slow.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 8, facing: 4, reason: 'set-up' }, GM);
    slow.fold([
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 7, facing: 0, power: 10, walking: true },
    ]);
    slow.send({ type: 'activate', teamerId: 'you' });
    expect(refused(slow, { type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 })).toBe('NO_ROOM');
    slow.dice = new ScriptedDice([1]);
    expect(slow.send({ type: 'directDrone', teamerId: 'you', x: 2, y: 6, facing: 0 }).at(-1)?.type).toBe(
      'drone.moved',
    );
  });
});
