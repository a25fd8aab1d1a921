import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import type { FdCommand } from '../commands.ts';
import { defaultPack } from '../data/pack.ts';
import type { FdEvent } from '../events.ts';
import { fundamentalDuck as fd } from '../index.ts';
import { legalCommands } from '../legal.ts';
import type { Teamer } from '../state.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table } from '../test-kit.ts';
import { planVehicle, podsWanted, routeTo } from './drive.ts';
import { chooseCommand, DEFAULT_POLICY, policyStats, policyStep } from './policy.ts';
import { packWithGear, runMission } from './run.ts';

const DRIVER = { ...DEFAULT_POLICY, driver: 'you' };

/**
 * Salvage with YOU licensed, at (7,2) just south of the cargo loader (front (7,1) facing south,
 * marked pods beside it at (6,1) and (8,1)); the cargo bay (1) and the store (0) opened, and the
 * doors 0 (bay to store) and 6 (store to the entry tile) open: a way home for the loader.
 */
function salvage(licence = true): Table {
  const pack = licence ? packWithGear(defaultPack, { licence: 'you' }) : defaultPack;
  const t = new Table(new ScriptedDice([]), fd.setup({ pack, mission: 'salvage' }));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 7, y: 2, facing: 0, reason: 'set-up' }, GM);
  const open = (door: number): FdEvent => ({
    type: 'door.changed',
    door,
    state: { ...(t.state.doors[door] as NonNullable<(typeof t.state.doors)[number]>), open: true },
    why: 'set-up',
  });
  t.fold([
    { type: 'tile.revealed', tile: 0, pings: [], chits: 0, how: 'opened' },
    { type: 'tile.revealed', tile: 1, pings: [], chits: 0, how: 'opened' },
    open(0),
    open(6),
  ]);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

describe('the driver takes the cargo loader home with a marked pod (18)', () => {
  it('gets in and lifts a marked pod, each from the legal list; nobody does without the driver option', () => {
    const t = salvage();
    expect(chooseCommand(t.state)?.type).not.toBe('getIn');
    const getIn = chooseCommand(t.state, DRIVER);
    expect(getIn).toEqual({ type: 'getIn', teamerId: 'you', vehicleId: 'loader-1' });
    expect(legalCommands(t.state)).toContainEqual(getIn);
    t.dice = new ScriptedDice([1]);
    t.send(getIn as FdCommand);
    expect(t.state.vehicles?.[0]?.crew).toEqual(['you']);
    const lift = chooseCommand(t.state, DRIVER);
    expect(lift).toMatchObject({ type: 'loadPod', teamerId: 'you', y: 1 });
    expect(legalCommands(t.state)).toContainEqual(lift);
    t.dice = new ScriptedDice([1]);
    t.send(lift as FdCommand);
    expect(t.state.vehicles?.[0]?.pods).toHaveLength(1);
  });

  it('drives it to the entry square (the pod goes home), then clear of the entry, and gets out; none refused', () => {
    const t = salvage();
    const refused = policyStats.refused;
    const ctx = { actor: { seatId: 'sim', role: 'player' as const }, dice: new ScriptThenSeeded([1, 1], 5) };
    const seen: FdEvent[] = [];
    for (let i = 0; i < 3000 && t.state.phase !== 'ended'; i++) {
      const step = policyStep(t.state, ctx, DRIVER);
      if (!step) break;
      seen.push(...step.events);
      t.state = step.state;
      if (seen.some((e) => e.type === 'vehicle.left')) break;
    }
    expect(policyStats.refused).toBe(refused);
    const delivered = seen.find((e) => e.type === 'vehicle.pods-delivered');
    expect(delivered).toBeDefined();
    if (delivered?.type !== 'vehicle.pods-delivered') return;
    for (const l of delivered.loads) expect(t.state.loads[l]?.delivered).toBe(true);
    // Out of the loader, which stands clear of the entry so the Team gets home past it.
    expect(t.state.vehicles?.[0]?.crew).toEqual([]);
    const v = t.state.vehicles?.[0];
    if (v) expect(routeTo(t.state, v, 'clear')).toBe(0);
  });

  it('makes a second trip: back from the entry to the other marked pod, elsewhere, and home with it', () => {
    // YOU alone (the GM kills the rest): no comrade walks the second pod home before the loader;
    // a lone man does not give up (`homewardAble` 1), or he would head home after one trip.
    const alone = { ...DRIVER, homewardAble: 1 };
    const t = salvage();
    for (const id of t.state.teamOrder)
      if (id !== 'you') t.send({ type: 'gmOverride', teamerId: id, wounds: 3, reason: 'set-up' }, GM);
    const refused = policyStats.refused;
    const ctx = { actor: { seatId: 'sim', role: 'player' as const }, dice: new ScriptThenSeeded([1, 1], 5) };
    const seen: FdEvent[] = [];
    let wantedAfterFirst = -1;
    let planAfterFirst: string | null = null;
    for (let i = 0; i < 6000 && t.state.phase !== 'ended'; i++) {
      const step = policyStep(t.state, ctx, alone);
      if (!step) break;
      seen.push(...step.events);
      t.state = step.state;
      const trips = seen.filter((e) => e.type === 'vehicle.pods-delivered').length;
      if (trips === 1 && wantedAfterFirst < 0) {
        // Home with one: the mission wants one more, and the loader stands nowhere near it.
        wantedAfterFirst = podsWanted(t.state);
        const v = t.state.vehicles?.[0];
        if (v) expect(routeTo(t.state, v, 'pod')).toBeGreaterThan(0);
        planAfterFirst = planVehicle(t.state, t.state.teamers.you as Teamer)?.id ?? null;
      }
      if (trips === 2 || seen.some((e) => e.type === 'vehicle.left')) break;
    }
    expect(policyStats.refused).toBe(refused);
    expect(wantedAfterFirst).toBe(1);
    expect(planAfterFirst).toBe('loader-1');
    const trips = seen.filter((e) => e.type === 'vehicle.pods-delivered');
    expect(trips).toHaveLength(2);
    expect(trips.flatMap((e) => (e.type === 'vehicle.pods-delivered' ? e.loads : []))).toEqual([0, 1]);
    expect(podsWanted(t.state)).toBe(0);
  });

  it('heading home (no fetch), the driver makes no second trip', () => {
    const t = salvage();
    for (const id of t.state.teamOrder)
      if (id !== 'you') t.send({ type: 'gmOverride', teamerId: id, wounds: 3, reason: 'set-up' }, GM);
    const ctx = { actor: { seatId: 'sim', role: 'player' as const }, dice: new ScriptThenSeeded([1, 1], 5) };
    for (let i = 0; i < 3000 && t.state.phase !== 'ended'; i++) {
      const step = policyStep(t.state, ctx, DRIVER);
      if (!step) break;
      t.state = step.state;
      if (step.events.some((e) => e.type === 'vehicle.pods-delivered')) break;
    }
    const you = t.state.teamers.you as Teamer;
    expect(podsWanted(t.state)).toBe(1);
    expect(planVehicle(t.state, you)?.id).toBe('loader-1');
    expect(planVehicle(t.state, you, false)).toBeNull();
  });

  it('plays whole Salvage missions with a licensed driver, none refused, the same per seed', () => {
    const pack = packWithGear(defaultPack, { licence: 'jonesy' });
    const P = { ...DEFAULT_POLICY, driver: 'jonesy' };
    const refused = policyStats.refused;
    for (let seed = 1; seed <= 4; seed++) {
      const r = runMission('salvage', seed, 40, 20_000, { pack }, undefined, P);
      expect(runMission('salvage', seed, 40, 20_000, { pack }, undefined, P)).toEqual(r);
    }
    expect(policyStats.refused).toBe(refused);
  });
});
