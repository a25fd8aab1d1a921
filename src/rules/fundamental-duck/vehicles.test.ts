import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { occupancyProblems } from './arena/model.ts';
import { arenaOf, arenaStateOf, boardOf, inSight } from './board-adapter.ts';
import { shotPreview } from './combat.ts';
import type { FdCommand } from './commands.ts';
import { defaultPack } from './data/pack.ts';
import type { FdPack } from './data/pack-schema.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { isFree } from './figures.ts';
import { fundamentalDuck as fd } from './index.ts';
import { legalCommands } from './legal.ts';
import type { Facing } from './state.ts';
import { GM, ScriptThenSeeded, type Table, threatPlaced } from './test-kit.ts';
import { besideTheLoader, type Licence, seatAtTheWheel } from './vehicle-test-kit.ts';
import { worldOf } from './world-adapter.ts';

const W = 15;

/** YOU already at the wheel, the loader's front at (x, y) facing `facing` (folded, no dice). */
function atTheWheel(
  x: number,
  y: number,
  facing: Facing,
  licence: Licence = 'ability',
  change: (p: FdPack) => FdPack = (p) => p,
) {
  return seatAtTheWheel(besideTheLoader(licence, { x: 7, y: 2 }, change), x, y, facing);
}

/** A refused command: its stable code, the state unchanged and no die rolled. */
function refused(t: Table, command: FdCommand): string {
  const before = stateHash(t.state);
  const code = refusalCode(() => t.send(command));
  expect(stateHash(t.state)).toBe(before);
  return code;
}

function eventsAreSound(events: readonly FdEvent[]) {
  for (const e of events) expect(fdEventSchemas[e.type]?.safeParse(e).success, e.type).toBe(true);
}

describe('vehicles in play (18)', () => {
  it('the arena’s vehicles stand in the state, as machines that block sight and are never free', () => {
    const t = besideTheLoader();
    expect(t.state.vehicles).toEqual([
      { id: 'loader-1', type: 'cargo-loader', x: 7, y: 1, facing: 4, crew: [], rammedTurn: 0 },
    ]);
    const st = arenaStateOf(t.state);
    expect(st.machines[1 * W + 7]).toBe(1);
    expect(st.machines[0 * W + 7]).toBe(1);
    // 10.1: a vehicle blocks sight (from (7,2) north past the loader).
    expect(inSight(t.state, 7, 2, 7, 0)).toBe(false);
    expect(isFree(t.state, boardOf(t.state), 7, 0)).toBe(false);
  });

  it('getting in is an Other Action with a fumble test; the crew ride at the front square, filling no square', () => {
    const t = besideTheLoader();
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'getIn', teamerId: 'you', vehicleId: 'loader-1' });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'vehicle.boarded']);
    eventsAreSound(ev);
    expect(t.state.vehicles?.[0]?.crew).toEqual(['you']);
    expect(t.state.teamers.you).toMatchObject({ x: 7, y: 1, facing: 4 });
    const st = arenaStateOf(t.state);
    expect(st.teamers[1 * W + 7]).toBe(0);
    expect(occupancyProblems(arenaOf(t.state), st)).toEqual([]);
  });

  it('a failed fumble test: the chit is spent, he stays outside', () => {
    const t = besideTheLoader();
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptThenSeeded([6]);
    const ev = t.send({ type: 'getIn', teamerId: 'you', vehicleId: 'loader-1' });
    expect(ev.some((e) => e.type === 'vehicle.boarded')).toBe(false);
    expect(t.state.vehicles?.[0]?.crew).toEqual([]);
  });

  it('getting out: an Other Action into a bare square next to the vehicle', () => {
    const t = atTheWheel(7, 1, 4);
    t.send({ type: 'activate', teamerId: 'you' });
    expect(refused(t, { type: 'getOut', teamerId: 'you', x: 6, y: 1 })).toBe('NO_ROOM'); // a load stands there
    expect(refused(t, { type: 'getOut', teamerId: 'you', x: 7, y: 4 })).toBe('NO_ROOM'); // not next to it
    t.dice = new ScriptedDice([2]);
    const ev = t.send({ type: 'getOut', teamerId: 'you', x: 6, y: 2 });
    eventsAreSound(ev);
    expect(ev.at(-1)).toEqual({ type: 'vehicle.left', vehicleId: 'loader-1', teamerId: 'you', x: 6, y: 2 });
    expect(t.state.teamers.you).toMatchObject({ x: 6, y: 2 });
    expect(t.state.vehicles?.[0]?.crew).toEqual([]);
  });

  it('driving: 2 average dice added are rolled at the start, then forward, reverse and pivots on the front square', () => {
    const t = atTheWheel(7, 1, 4);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([3, 4]);
    const began = t.send({ type: 'drive', teamerId: 'you' });
    expect(began.at(-1)).toEqual({
      type: 'vehicle.drive-began',
      vehicleId: 'loader-1',
      teamerId: 'you',
      faces: [3, 4],
      allowance: 7,
    });
    t.dice = new ScriptedDice([]);
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    const fwd = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    eventsAreSound(fwd);
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 3, facing: 4 });
    expect(t.state.teamers.you).toMatchObject({ x: 7, y: 3, facing: 4 });
    // Pivot on the front square: the rear swings from (7,2) to (6,2).
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'pivot-left' });
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 3, facing: 3 });
    expect(arenaStateOf(t.state).machines[2 * W + 6]).toBe(1);
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'pivot-right' });
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'reverse' });
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 2, facing: 4 });
    expect(t.state.move).toMatchObject({ spent: 5, vehicleId: 'loader-1' });
    // A Teamer's own steps and turns are not a vehicle's.
    expect(refused(t, { type: 'step', teamerId: 'you', x: 7, y: 3 })).toBe('DRIVING');
    const end = t.send({ type: 'endMove', teamerId: 'you' });
    expect(end.map((e) => e.type)).toContain('move.ended');
    expect(t.state.move).toBeNull();
  });

  it('bad input: not a driver, no licence, into a wall or a closed door, a pivot without room, a figure in the way', () => {
    const out = besideTheLoader('none');
    out.send({ type: 'activate', teamerId: 'you' });
    expect(refused(out, { type: 'drive', teamerId: 'you' })).toBe('NOT_IN_VEHICLE');
    expect(refused(out, { type: 'getIn', teamerId: 'you', vehicleId: 'nope' })).toBe('UNKNOWN_VEHICLE');
    expect(refused(out, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NOT_DRIVING');
    const far = besideTheLoader('ability', { x: 7, y: 4 });
    far.send({ type: 'activate', teamerId: 'you' });
    expect(refused(far, { type: 'getIn', teamerId: 'you', vehicleId: 'loader-1' })).toBe(
      'NOT_BESIDE_VEHICLE',
    );

    const unlicensed = atTheWheel(7, 1, 4, 'none');
    unlicensed.send({ type: 'activate', teamerId: 'you' });
    expect(refused(unlicensed, { type: 'drive', teamerId: 'you' })).toBe('NO_LICENCE');
    expect(refused(unlicensed, { type: 'move', teamerId: 'you' })).toBe('IN_VEHICLE');

    const t = atTheWheel(7, 4, 4);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([5, 5]);
    t.send({ type: 'drive', teamerId: 'you' });
    t.dice = new ScriptedDice([]);
    // The cargo door south of (7,4) is closed.
    expect(refused(t, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NO_ROOM');
    // Pivots at (7,4): the rear would swing onto the loads at (6,3) or (8,3).
    expect(refused(t, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'pivot-left' })).toBe('NO_ROOM');
    expect(refused(t, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'pivot-right' })).toBe('NO_ROOM');

    const wall = atTheWheel(9, 2, 2);
    wall.send({ type: 'activate', teamerId: 'you' });
    wall.dice = new ScriptedDice([5, 5]);
    wall.send({ type: 'drive', teamerId: 'you' });
    // East of (9,2) is a door into the Arsenal, closed; north-east of (9,2) a wall.
    expect(refused(wall, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NO_ROOM');

    // A figure in the way: a type that never runs one down has no room (run-down.test.ts: the loader does).
    const fig = atTheWheel(7, 2, 4, 'ability', (p) => ({
      ...p,
      vehicleTypes: p.vehicleTypes.map((v) => ({ ...v, runDown: null })),
    }));
    fig.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 7, y: 3, facing: 0 })]);
    fig.send({ type: 'activate', teamerId: 'you' });
    fig.dice = new ScriptedDice([5, 5]);
    fig.send({ type: 'drive', teamerId: 'you' });
    expect(refused(fig, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NO_ROOM');
  });

  it('the licence may be the type’s own licence on his sheet', () => {
    const t = besideTheLoader('sheet');
    t.fold([{ type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' }]);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([2, 2]);
    expect(t.send({ type: 'drive', teamerId: 'you' }).at(-1)?.type).toBe('vehicle.drive-began');
  });

  it('the stop rule: over 5 squares, it stops early only after its last 2 went straight', () => {
    const t = atTheWheel(9, 7, 0);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([5, 5]);
    t.send({ type: 'drive', teamerId: 'you' });
    expect(t.state.move?.allowance).toBe(10);
    t.dice = new ScriptedDice([]);
    for (const m of ['forward', 'forward', 'reverse', 'reverse', 'reverse', 'forward'] as const)
      t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: m });
    expect(refused(t, { type: 'endMove', teamerId: 'you' })).toBe('STOP_RULE');
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    t.send({ type: 'endMove', teamerId: 'you' });
    expect(t.state.move).toBeNull();
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 9, y: 6 });
  });

  it('the stop rule cannot bind a vehicle with no room to go straight on either way: it stops there', () => {
    const t = atTheWheel(9, 7, 0);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([5, 5]);
    t.send({ type: 'drive', teamerId: 'you' });
    t.dice = new ScriptedDice([]);
    for (const m of ['forward', 'forward', 'reverse', 'reverse', 'reverse', 'forward'] as const)
      t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: m });
    // Front (9,7), rear (9,8): comrades step in ahead and behind.
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 9, y: 6, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'jonesy', x: 9, y: 9, reason: 'set-up' }, GM);
    expect(t.state.move?.spent).toBeLessThan(t.state.move?.allowance ?? 0);
    expect(legalCommands(t.state)).toContainEqual({ type: 'endMove', teamerId: 'you' });
    t.send({ type: 'endMove', teamerId: 'you' });
    expect(t.state.move).toBeNull();
  });

  it('a successful ram lets the drive smash one door of opened tiles (open for good) or bulldoze one brown obstacle', () => {
    const t = atTheWheel(7, 4, 4);
    t.fold([
      { type: 'tile.revealed', tile: 1, pings: [], chits: 0, how: 'opened' },
      { type: 'tile.revealed', tile: 4, pings: [], chits: 0, how: 'opened' },
    ]);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([1]);
    const ram = t.send({ type: 'ram', teamerId: 'you' });
    expect(ram.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'vehicle.rammed']);
    eventsAreSound(ram);
    t.dice = new ScriptedDice([2, 2]);
    t.send({ type: 'drive', teamerId: 'you' });
    // Through the door into module 4, first in: his BINGE test (a 1 passes).
    t.dice = new ScriptedDice([1]);
    const smash = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    const moved = smash.find((e) => e.type === 'vehicle.moved');
    expect(moved && 'smashed' in moved ? moved.smashed.length : 0).toBe(1);
    const door = moved && 'smashed' in moved ? (moved.smashed[0] as number) : -1;
    expect(t.state.doors[door]).toMatchObject({ open: true, stuck: true });
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 5, rammedTurn: 0 });
    expect(fdEventProblem(t.state, moved as FdEvent)).toBeNull();

    // Bulldozing: the LOW crate at (8,6), east of a loader at (7,6) facing east.
    const b = atTheWheel(7, 6, 2);
    b.send({ type: 'activate', teamerId: 'you' });
    b.dice = new ScriptedDice([1]);
    b.send({ type: 'ram', teamerId: 'you' });
    b.dice = new ScriptedDice([2, 2]);
    b.send({ type: 'drive', teamerId: 'you' });
    b.dice = new ScriptedDice([]);
    const dozed = b.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    expect(dozed.find((e) => e.type === 'vehicle.moved')).toMatchObject({ bulldozed: [6 * W + 8] });
    expect(b.state.bulldozed).toEqual([6 * W + 8]);
    expect(arenaOf(b.state).wholeHeight[6 * W + 8]).toBe(0);
  });

  it('without a ram, and never a black-top block: no room', () => {
    const t = atTheWheel(7, 6, 2);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([2, 2]);
    t.send({ type: 'drive', teamerId: 'you' });
    expect(refused(t, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NO_ROOM');

    const black = atTheWheel(7, 10, 4);
    black.send({ type: 'activate', teamerId: 'you' });
    black.dice = new ScriptedDice([1]);
    black.send({ type: 'ram', teamerId: 'you' });
    black.dice = new ScriptedDice([2, 2]);
    black.send({ type: 'drive', teamerId: 'you' });
    expect(refused(black, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NO_ROOM');
  });

  it('import check: a vehicle event naming no vehicle, or a square off the arena, is refused', () => {
    const t = besideTheLoader();
    expect(fdEventProblem(t.state, { type: 'vehicle.boarded', vehicleId: 'x', teamerId: 'you' })).toMatch(
      /no vehicle/,
    );
    expect(
      fdEventProblem(t.state, { type: 'vehicle.left', vehicleId: 'loader-1', teamerId: 'you', x: 99, y: 0 }),
    ).toMatch(/off the arena/);
    expect(fdEventSchemas['vehicle.moved']?.safeParse({ type: 'vehicle.moved' }).success).toBe(false);
  });
});

describe('vehicles, what was left of 18: pods, the first into a module, crew inside', () => {
  it('a crew member has the loader lift a pod beside it (an Other Action, fumble test), then set it down', () => {
    const t = atTheWheel(7, 1, 4);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'loadPod', teamerId: 'you', x: 6, y: 1 });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'vehicle.pod-loaded']);
    eventsAreSound(ev);
    expect(fdEventProblem(t.state, ev.at(-1) as FdEvent)).not.toBeNull(); // not in the arena any more
    expect(t.state.vehicles?.[0]?.pods).toEqual([0]);
    expect(t.state.loads[0]).toMatchObject({ at: null, lost: false });
    // Its square is bare floor while the pod rides.
    expect(arenaOf(t.state).wholeHeight[1 * W + 6]).toBe(0);
    // The loader holds one pod (the type's `pods`).
    expect(refused(t, { type: 'loadPod', teamerId: 'you', x: 8, y: 1 })).toBe('PODS_FULL');
    // Setting down: no chit, no test; bare, empty floor next to it, never its own rear square.
    expect(refused(t, { type: 'unloadPod', teamerId: 'you', load: 1, x: 6, y: 1 })).toBe('NO_SUCH_POD');
    expect(refused(t, { type: 'unloadPod', teamerId: 'you', load: 0, x: 7, y: 0 })).toBe('NO_ROOM');
    expect(refused(t, { type: 'unloadPod', teamerId: 'you', load: 0, x: 8, y: 1 })).toBe('NO_ROOM');
    t.dice = new ScriptedDice([]);
    const down = t.send({ type: 'unloadPod', teamerId: 'you', load: 0, x: 6, y: 2 });
    expect(down).toEqual([
      { type: 'vehicle.pod-unloaded', vehicleId: 'loader-1', teamerId: 'you', load: 0, to: 2 * W + 6 },
    ]);
    expect(fdEventProblem(t.state, { ...down[0], to: 9999 } as FdEvent)).not.toBeNull();
    expect(t.state.vehicles?.[0]?.pods).toEqual([]);
    expect(t.state.loads[0]?.at).toBe(2 * W + 6);
  });

  it('a failed fumble test spends the chit and lifts nothing', () => {
    const t = atTheWheel(7, 1, 4);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptThenSeeded([6]);
    const ev = t.send({ type: 'loadPod', teamerId: 'you', x: 6, y: 1 });
    expect(ev.some((e) => e.type === 'vehicle.pod-loaded')).toBe(false);
    expect(t.state.loads[0]?.at).toBe(1 * W + 6);
  });

  it('bad input: not aboard, no pod there, a load too big, a type that lifts no pods', () => {
    const out = besideTheLoader();
    out.send({ type: 'activate', teamerId: 'you' });
    expect(refused(out, { type: 'loadPod', teamerId: 'you', x: 6, y: 1 })).toBe('NOT_IN_VEHICLE');
    const t = atTheWheel(7, 1, 4);
    t.send({ type: 'activate', teamerId: 'you' });
    expect(refused(t, { type: 'loadPod', teamerId: 'you', x: 6, y: 2 })).toBe('NO_LOAD_THERE');
    expect(refused(t, { type: 'loadPod', teamerId: 'you', x: 6, y: 3 })).toBe('NOT_PORTABLE');
    const n = besideTheLoader('ability', { x: 7, y: 2 }, (p) => ({
      ...p,
      vehicleTypes: defaultPack.vehicleTypes.map((v) => ({ ...v, picksUpPods: false })),
    }));
    n.fold([{ type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' }]);
    n.send({ type: 'activate', teamerId: 'you' });
    expect(refused(n, { type: 'loadPod', teamerId: 'you', x: 6, y: 1 })).toBe('CANNOT_LOAD');
  });

  it('the driver taking the vehicle first into a module makes the stress test, as on foot', () => {
    const t = atTheWheel(7, 3, 4);
    t.fold([
      { type: 'tile.revealed', tile: 1, pings: [], chits: 0, how: 'opened' },
      { type: 'tile.revealed', tile: 4, pings: [], chits: 0, how: 'opened' },
    ]);
    const door = t.state.doors.findIndex((_, i) =>
      arenaOf(t.state).doors[i]?.sides.some((s) => s.a === 4 * W + 7),
    );
    const shut = t.state.doors[door];
    if (!shut) throw new Error('a door joins modules 1 and 4 at (7,4)');
    t.fold([{ type: 'door.changed', door, state: { ...shut, open: true }, why: 'test' }]);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([3, 3]);
    t.send({ type: 'drive', teamerId: 'you' });
    t.dice = new ScriptedDice([]);
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    // Still in module 1: nothing; the next manoeuvre takes the cab into module 4.
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    expect(ev.map((e) => e.type).slice(0, 4)).toEqual([
      'vehicle.moved',
      'tile.entered',
      'binge.changed',
      'test.rolled',
    ]);
    expect(ev.find((e) => e.type === 'tile.entered')).toEqual({
      type: 'tile.entered',
      tile: 4,
      teamerId: 'you',
    });
    expect(t.state.tiles[4]?.entered).toBe(true);
  });

  it('crew inside neither shoot nor grapple (the hull blocks all shooting): IN_VEHICLE', () => {
    const t = atTheWheel(7, 1, 4);
    t.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 6, y: 2, facing: 0 })]);
    t.send({ type: 'activate', teamerId: 'you' });
    expect(refused(t, { type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 6, y: 2 })).toBe(
      'IN_VEHICLE',
    );
    expect(refused(t, { type: 'grapple', teamerId: 'you', threatId: 'h1' })).toBe('IN_VEHICLE');
    // Nor lift a load by hand: the vehicle lifts pods (loadPod).
    expect(refused(t, { type: 'carry', teamerId: 'you', x: 6, y: 1 })).toBe('IN_VEHICLE');
    expect(shotPreview(t.state, 'you', 'hand-blaster', 6, 2)).toMatchObject({
      ok: false,
      code: 'IN_VEHICLE',
    });
    // The Threats' AI sees him in the cab (its grapple or shot strikes the hull: run-down.test.ts).
    expect(worldOf(t.state).teamers.find((m) => m.id === 'you')?.square).toBe(1 * W + 7);
    t.fold([{ type: 'vehicle.left', vehicleId: 'loader-1', teamerId: 'you', x: 7, y: 2 }]);
    expect(worldOf(t.state).teamers.map((m) => m.id)).toContain('you');
  });

  it('a default Teamer holds no vehicle licence (24.1 gives none): he may ride, not drive', () => {
    for (const m of defaultPack.team.teamers) {
      expect(m.licences).toEqual([]);
      expect(m.abilities).not.toContain('vehicle-licence');
    }
    const t = atTheWheel(7, 1, 4, 'none');
    t.send({ type: 'activate', teamerId: 'you' });
    expect(refused(t, { type: 'drive', teamerId: 'you' })).toBe('NO_LICENCE');
  });
});

describe('the legal list offers the vehicle commands (legal.ts), and decide accepts each', () => {
  /** Every listed command is accepted (tried on its own dice, the table untouched). */
  function allAccepted(t: Table): string[] {
    const kinds: string[] = [];
    for (const c of legalCommands(t.state)) {
      kinds.push(c.type);
      expect(
        () => fd.decide(t.state, c, { actor: GM, dice: new ScriptThenSeeded([], 3) }),
        JSON.stringify(c),
      ).not.toThrow();
    }
    return kinds;
  }

  it('beside the loader: get in; at the wheel: get out, lift a pod, drive, ram; driving: manoeuvres and stopping', () => {
    const t = besideTheLoader();
    t.send({ type: 'activate', teamerId: 'you' });
    expect(allAccepted(t)).toContain('getIn');
    const w = atTheWheel(7, 1, 4);
    w.send({ type: 'activate', teamerId: 'you' });
    const kinds = allAccepted(w);
    for (const k of ['getOut', 'loadPod', 'drive', 'ram']) expect(kinds).toContain(k);
    expect(kinds).not.toContain('shoot');
    w.dice = new ScriptedDice([1]);
    w.send({ type: 'loadPod', teamerId: 'you', x: 6, y: 1 });
    expect(allAccepted(w)).toContain('unloadPod');
    w.dice = new ScriptedDice([3, 4]);
    w.send({ type: 'drive', teamerId: 'you' });
    const driving = legalCommands(w.state);
    expect(driving.map((c) => c.type)).toEqual(expect.arrayContaining(['manoeuvre', 'endMove']));
    expect(driving.some((c) => c.type === 'step')).toBe(false);
    allAccepted(w);
  });

  it('without the licence he is offered no drive and no ram', () => {
    const w = atTheWheel(7, 1, 4, 'none');
    w.send({ type: 'activate', teamerId: 'you' });
    const kinds = allAccepted(w);
    expect(kinds).toContain('getOut');
    expect(kinds).not.toContain('drive');
    expect(kinds).not.toContain('ram');
  });
});

describe('random legal driving (fast-check)', () => {
  const VEHICLE = new Set([
    'getIn',
    'getOut',
    'drive',
    'manoeuvre',
    'endMove',
    'ram',
    'loadPod',
    'unloadPod',
  ]);

  it('each vehicle command the legal list offers is accepted; nothing overlaps; the log replays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        (seed, picks) => {
          const t = atTheWheel(7, 1, 4);
          t.send({ type: 'activate', teamerId: 'you' });
          const start = t.state;
          const ctx = { actor: GM, dice: new SeededDice(seed) };
          const events: FdEvent[] = [];
          let s = t.state;
          for (const pick of picks) {
            const options = legalCommands(s).filter((c) => VEHICLE.has(c.type));
            if (options.length === 0) break;
            // A kind first, then one of its commands: a dozen exits would drown the rest.
            const kinds = [...new Set(options.map((o) => o.type))];
            const kind = kinds[pick % kinds.length];
            const ofKind = options.filter((o) => o.type === kind);
            const c = ofKind[Math.floor(pick / kinds.length) % ofKind.length] as FdCommand;
            for (const e of fd.decide(s, c, ctx)) {
              expect(fdEventProblem(s, e), e.type).toBeNull();
              s = fd.evolve(s, e);
              events.push(e);
            }
            expect(occupancyProblems(arenaOf(s), arenaStateOf(s))).toEqual([]);
          }
          eventsAreSound(events);
          let replayed = start;
          for (const e of events) replayed = fd.evolve(replayed, e);
          expect(stateHash(replayed)).toBe(stateHash(s));
        },
      ),
      { numRuns: 30, endOnFailure: true },
    );
  });
});
