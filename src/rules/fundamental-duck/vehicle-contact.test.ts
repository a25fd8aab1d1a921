import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { FdCommand } from './commands.ts';
import type { FdPack } from './data/pack-schema.ts';
import { Draft } from './draft.ts';
import { met } from './evaluation.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { legalCommands } from './legal.ts';
import type { Facing } from './state.ts';
import { GM, ScriptThenSeeded, type Table, threatPlaced } from './test-kit.ts';
import { threatShoots } from './threat-phase.ts';
import { besideTheLoader, seatAtTheWheel } from './vehicle-test-kit.ts';
import { worldOf } from './world-adapter.ts';

const W = 15;

/** YOU at the wheel of the cargo loader, its front at (x, y) facing `facing`; he is activated. */
function atTheWheel(x: number, y: number, facing: Facing, change?: (p: FdPack) => FdPack, activate = true) {
  const t = seatAtTheWheel(besideTheLoader('ability', undefined, change), x, y, facing);
  if (activate) t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

function drive(t: Table, faces = [5, 5]) {
  t.dice = new ScriptedDice(faces);
  t.send({ type: 'drive', teamerId: 'you' });
}

function refused(t: Table, command: FdCommand): string {
  const before = stateHash(t.state);
  const code = refusalCode(() => t.send(command));
  expect(stateHash(t.state)).toBe(before);
  return code;
}

function sound(events: readonly FdEvent[]) {
  for (const e of events) expect(fdEventSchemas[e.type]?.safeParse(e).success, e.type).toBe(true);
}

describe('a vehicle delivers its pods at the boarding bridge (18, 24.7 Salvage)', () => {
  it('driving onto the entry square hands every pod aboard over the bridge: delivered, counted by the mission', () => {
    // Front (1,7) facing west, rear (2,7): one square short of the entry square (0,7).
    const t = atTheWheel(1, 7, 6);
    t.fold([{ type: 'vehicle.pod-loaded', vehicleId: 'loader-1', teamerId: 'you', load: 0 }]);
    drive(t);
    t.dice = new ScriptedDice([]);
    const ev = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    sound(ev);
    expect(ev.map((e) => e.type)).toContain('vehicle.pods-delivered');
    expect(ev.find((e) => e.type === 'vehicle.pods-delivered')).toEqual({
      type: 'vehicle.pods-delivered',
      vehicleId: 'loader-1',
      loads: [0],
    });
    expect(t.state.loads[0]).toMatchObject({ at: null, delivered: true });
    expect(t.state.vehicles?.[0]?.pods).toEqual([]);
    // Import check: a vehicle cannot deliver a pod it does not hold.
    expect(
      fdEventProblem(t.state, { type: 'vehicle.pods-delivered', vehicleId: 'loader-1', loads: [1] }),
    ).not.toBeNull();
    // The Salvage card's first objective wants 2 marked pods home: one is now, then the second.
    const twoHome = { kind: 'marked-loads-to-bridge', count: 2 } as const;
    expect(met(t.state, twoHome)).toBe(false);
    t.fold([{ type: 'vehicle.pod-loaded', vehicleId: 'loader-1', teamerId: 'you', load: 1 }]);
    t.fold([{ type: 'vehicle.pods-delivered', vehicleId: 'loader-1', loads: [1] }]);
    expect(met(t.state, twoHome)).toBe(true);
  });

  it('a pod lifted while the vehicle stands on the entry square goes at once; elsewhere nothing is delivered', () => {
    const away = atTheWheel(7, 2, 4);
    away.dice = new ScriptedDice([1]);
    const ev = away.send({ type: 'loadPod', teamerId: 'you', x: 6, y: 1 });
    expect(ev.map((e) => e.type)).not.toContain('vehicle.pods-delivered');
    expect(away.state.loads[0]?.delivered).toBe(false);

    const t = atTheWheel(0, 7, 2);
    t.fold([
      {
        type: 'vehicle.pod-unloaded',
        vehicleId: 'loader-1',
        teamerId: 'you',
        load: 0,
        to: 6 * W + 0,
      },
    ]);
    t.dice = new ScriptedDice([1]);
    const lift = t.send({ type: 'loadPod', teamerId: 'you', x: 0, y: 6 });
    expect(lift.map((e) => e.type)).toEqual([
      'chit.used',
      'test.rolled',
      'vehicle.pod-loaded',
      'vehicle.pods-delivered',
    ]);
    expect(t.state.loads[0]?.delivered).toBe(true);
  });
});

describe('a vehicle running a figure down (18, Bughunt reading)', () => {
  it('a Threat in the way: the driver’s die at 4+ crushes it (the pack’s crushing: killed) and the vehicle goes on', () => {
    const t = atTheWheel(7, 2, 4);
    t.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 7, y: 3, facing: 0 })]);
    drive(t);
    // The legal list offers driving into him.
    expect(legalCommands(t.state)).toContainEqual({
      type: 'manoeuvre',
      teamerId: 'you',
      manoeuvre: 'forward',
    });
    t.dice = new ScriptedDice([4]);
    const ev = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    sound(ev);
    expect(ev.slice(0, 3)).toEqual([
      {
        type: 'vehicle.ran-down',
        vehicleId: 'loader-1',
        teamerId: 'you',
        figure: { kind: 'threat', id: 'h1' },
        face: 4,
        hitOn: 4,
        hit: true,
      },
      { type: 'threat.killed', threatId: 'h1', by: 'you' },
      expect.objectContaining({ type: 'vehicle.moved', x: 7, y: 3 }),
    ]);
    expect(t.state.threats.h1).toBeUndefined();
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 3 });
  });

  it('a miss: the figure stands, the vehicle stops dead short of it and the drive ends', () => {
    const t = atTheWheel(7, 2, 4);
    t.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 7, y: 3, facing: 0 })]);
    drive(t);
    t.dice = new ScriptedDice([3]);
    const ev = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    sound(ev);
    expect(ev.map((e) => e.type)).toEqual(['vehicle.ran-down', 'vehicle.stopped', 'move.ended']);
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 2 });
    expect(t.state.move).toBeNull();
    expect(t.state.threats.h1).toBeDefined();
  });

  it('a comrade in the way is crushed too (killed, armour or not); a wounded-only pack leaves him standing', () => {
    const t = atTheWheel(7, 2, 4);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 7, y: 3, facing: 0, reason: 'set-up' }, GM);
    drive(t);
    t.dice = new ScriptedDice([6]);
    const ev = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    expect(ev.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'vehicle.ran-down',
        figure: { kind: 'teamer', id: 'brick' },
        hit: true,
      }),
      { type: 'teamer.wounded', teamerId: 'brick', wounds: 3, armourFace: null },
    ]);
    expect(t.state.vehicles?.[0]).toMatchObject({ x: 7, y: 3 });

    const soft = atTheWheel(7, 2, 4, (p) => ({
      ...p,
      combat: { ...p.combat, crushing: { threat: 'wounded', teamer: 'wounded' } },
    }));
    soft.send({ type: 'gmOverride', teamerId: 'brick', x: 7, y: 3, facing: 0, reason: 'set-up' }, GM);
    drive(soft);
    soft.dice = new ScriptedDice([6]);
    const hurt = soft.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    expect(hurt.map((e) => e.type)).toEqual([
      'vehicle.ran-down',
      'teamer.wounded',
      'vehicle.stopped',
      'move.ended',
    ]);
    expect(soft.state.teamers.brick?.wounds).toBe(1);
  });

  it('a pivot never runs anyone down, and a type with no run-down has no room (refusals change nothing)', () => {
    const t = atTheWheel(7, 2, 4);
    t.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 6, y: 2, facing: 0 })]);
    drive(t);
    t.dice = new ScriptedDice([]);
    // Pivoting on (7,2), the rear (7,1) would swing toward (6,1)/(8,1): pods stand there.
    expect(refused(t, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'pivot-left' })).toBe('NO_ROOM');
    const never = atTheWheel(7, 2, 4, (p) => ({
      ...p,
      vehicleTypes: p.vehicleTypes.map((v) => ({ ...v, runDown: null })),
    }));
    never.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 7, y: 3, facing: 0 })]);
    drive(never);
    never.dice = new ScriptedDice([]);
    expect(refused(never, { type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' })).toBe('NO_ROOM');
  });
});

describe('Threats attacking a vehicle (18, Bughunt reading)', () => {
  /** YOU in the loader (front (7,2) facing south), a Harpy at (6,2) beside the cab; the Team phase over. */
  function beset(damage: number) {
    const t = atTheWheel(7, 2, 4, undefined, false);
    t.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 6, y: 2, facing: 2 })]);
    if (damage > 0)
      t.fold([
        {
          type: 'vehicle.attacked',
          vehicleId: 'loader-1',
          threatId: 'h1',
          how: 'grapple',
          faces: [6],
          hits: damage,
          damage,
        },
      ]);
    return t;
  }

  it('the AI sees the crew at the cab; its grapple tears at the hull (d6 + grapple value against the armour)', () => {
    const t = beset(0);
    expect(worldOf(t.state).teamers.find((m) => m.id === 'you')?.square).toBe(2 * W + 7);
    // Reaction 1 (ATTACK), the movement throw 3; then the Threat's die against the hull: 4 + 2 = 6.
    t.dice = new ScriptThenSeeded([1, 3, 4]);
    const ev = t.send({ type: 'endTeamPhase' });
    sound(ev);
    const attacked = ev.find((e) => e.type === 'vehicle.attacked');
    expect(attacked).toEqual({
      type: 'vehicle.attacked',
      vehicleId: 'loader-1',
      threatId: 'h1',
      how: 'grapple',
      faces: [4],
      hits: 1,
      damage: 1,
    });
    expect(ev.some((e) => e.type === 'grapple.resolved')).toBe(false);
    expect(t.state.teamers.you?.wounds).toBe(0);
    expect(t.state.vehicles?.[0]?.damage).toBe(1);
  });

  it('a Threat’s shot at the crewman strikes the hull: one hit a hitting die, no wound, no reply', () => {
    const t = beset(0);
    // A Scavenger (the HAR: two dice, its hit number from the pack) two squares west of the cab.
    t.fold([threatPlaced(1, { id: 's1', species: 'scavenger', x: 5, y: 2, facing: 2 }, 'orange')]);
    const draft = new Draft(t.state, { actor: GM, dice: new ScriptedDice([6, 1]) });
    expect(threatShoots(draft, 's1', 'you')).toBeNull();
    sound(draft.events);
    expect(draft.events.some((e) => e.type === 'attack.resolved')).toBe(false);
    expect(draft.events.find((e) => e.type === 'vehicle.attacked')).toEqual({
      type: 'vehicle.attacked',
      vehicleId: 'loader-1',
      threatId: 's1',
      how: 'shot',
      faces: [6, 1],
      hits: 1,
      damage: 1,
    });
    expect(draft.state.teamers.you?.wounds).toBe(0);
    expect(draft.state.vehicles?.[0]?.damage).toBe(1);
  });

  it('at the hull’s hits it is a wreck: the crew get out beside it, each wounded; it drives and takes nobody any more', () => {
    const t = beset(2);
    t.dice = new ScriptThenSeeded([1, 3, 6]);
    const ev = t.send({ type: 'endTeamPhase' });
    sound(ev);
    const types = ev.map((e) => e.type);
    const at = types.indexOf('vehicle.wrecked');
    expect(at).toBeGreaterThan(0);
    expect(types.slice(at, at + 3)).toEqual(['vehicle.wrecked', 'vehicle.left', 'teamer.wounded']);
    expect(t.state.vehicles?.[0]).toMatchObject({ wrecked: true, damage: 3, crew: [] });
    expect(t.state.teamers.you?.wounds).toBeGreaterThanOrEqual(1);
    // Import check: a wreck is not attacked again.
    expect(
      fdEventProblem(t.state, {
        type: 'vehicle.attacked',
        vehicleId: 'loader-1',
        threatId: 'h1',
        how: 'grapple',
        faces: [6],
        hits: 1,
        damage: 3,
      }),
    ).not.toBeNull();
  });

  it('a wreck is never boarded, driven or lifting: WRECKED, the state unchanged', () => {
    const t = atTheWheel(7, 2, 4);
    t.fold([{ type: 'vehicle.wrecked', vehicleId: 'loader-1' }]);
    expect(refused(t, { type: 'drive', teamerId: 'you' })).toBe('WRECKED');
    expect(refused(t, { type: 'ram', teamerId: 'you' })).toBe('WRECKED');
    expect(refused(t, { type: 'loadPod', teamerId: 'you', x: 6, y: 1 })).toBe('WRECKED');
    const kinds = legalCommands(t.state).map((c) => c.type);
    expect(kinds).not.toContain('drive');
    expect(kinds).toContain('getOut');
    t.fold([{ type: 'vehicle.left', vehicleId: 'loader-1', teamerId: 'you', x: 7, y: 3 }]);
    expect(refused(t, { type: 'getIn', teamerId: 'you', vehicleId: 'loader-1' })).toBe('WRECKED');
  });
});
