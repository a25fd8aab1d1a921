import { describe, expect, it } from 'vitest';
import { defaultPack } from '../data/pack.ts';
import type { Facing } from './model.ts';
import { testArena, testState } from './test-arenas.ts';
import { type VehiclePlacement, vehicleManoeuvre, vehicleMayStop, vehicleSquares } from './vehicles.ts';

const N = 0 as Facing;
const E = 2 as Facing;
const loader = (x: number, y: number, facing: Facing): VehiclePlacement => ({
  front: { x, y },
  facing,
  length: 2,
});
const opts = { pivotCost: 1 };

describe('vehicles (§18)', () => {
  it('fills two squares, the rear behind its facing', () => {
    expect(vehicleSquares(loader(2, 2, N))).toEqual([
      { x: 2, y: 2 },
      { x: 2, y: 3 },
    ]);
    expect(vehicleSquares(loader(2, 2, 1 as Facing))).toEqual([
      { x: 2, y: 2 },
      { x: 1, y: 3 },
    ]);
  });

  it('drives forward and in reverse one square per point; walls, figures and obstacles stop it', () => {
    const a = testArena({ obstacles: [{ x: 2, y: 0, height: 'low' }] });
    const s = testState(a);
    expect(vehicleManoeuvre(a, s, loader(2, 2, N), 'forward', opts)).toEqual({
      placement: loader(2, 1, N),
      cost: 1,
      bulldozed: [],
    });
    expect(vehicleManoeuvre(a, s, loader(2, 1, N), 'forward', opts)).toBeNull(); // the LOW obstacle
    expect(vehicleManoeuvre(a, s, loader(2, 2, N), 'reverse', opts)?.placement).toEqual(loader(2, 3, N));
    expect(vehicleManoeuvre(a, s, loader(2, 3, N), 'reverse', opts)).toBeNull(); // the hull
    expect(
      vehicleManoeuvre(a, testState(a, { teamers: [[2, 1]] }), loader(2, 2, N), 'forward', opts),
    ).toBeNull();
  });

  it('bulldozes brown obstacles when asked, never black-topped ones', () => {
    const a = testArena({
      obstacles: [
        { x: 2, y: 1, height: 'high' },
        { x: 3, y: 1, height: 'full', blackTop: true },
      ],
    });
    const s = testState(a);
    expect(
      vehicleManoeuvre(a, s, loader(2, 2, N), 'forward', { pivotCost: 1, bulldoze: true })?.bulldozed,
    ).toEqual([7]);
    expect(vehicleManoeuvre(a, s, loader(3, 2, N), 'forward', { pivotCost: 1, bulldoze: true })).toBeNull();
  });

  it('pivots on its front square when the rear has room to swing', () => {
    const a = testArena();
    const r = vehicleManoeuvre(a, testState(a), loader(2, 2, N), 'pivot-right', opts);
    expect(r?.placement).toEqual(loader(2, 2, 1 as Facing));
    expect(vehicleSquares(r?.placement as VehiclePlacement)[1]).toEqual({ x: 1, y: 3 });
    expect(
      vehicleManoeuvre(a, testState(a, { threats: [[1, 3]] }), loader(2, 2, N), 'pivot-right', opts),
    ).toBeNull();
    expect(vehicleManoeuvre(a, testState(a), loader(1, 2, E), 'pivot-right', opts)?.placement.facing).toBe(3);
    // Against the west hull facing north, turning right would swing its rear through the hull.
    expect(vehicleManoeuvre(a, testState(a), loader(0, 2, N), 'pivot-right', opts)).toBeNull();
    expect(vehicleManoeuvre(a, testState(a), loader(0, 2, N), 'pivot-left', opts)?.placement.facing).toBe(7);
  });

  it('crosses a door side only straight, and only when it is open', () => {
    const a = testArena({ cols: 2, doors: [{ id: 'd', x: 4, y: 2, side: 'e' }] });
    expect(vehicleManoeuvre(a, testState(a), loader(4, 2, E), 'forward', opts)).toBeNull();
    expect(
      vehicleManoeuvre(a, testState(a, { open: ['d'] }), loader(4, 2, E), 'forward', opts)?.placement,
    ).toEqual(loader(5, 2, E));
  });

  it('the stop rule: beyond stopAfter squares, the last stopSquares must be straight', () => {
    const f = 'forward' as const;
    expect(vehicleMayStop([f, f, 'pivot-left', f, f], 5, 2)).toBe(true);
    expect(vehicleMayStop([f, f, f, f, f, 'pivot-left', f], 5, 2)).toBe(false);
    expect(vehicleMayStop([f, f, f, f, 'pivot-left', f, f], 5, 2)).toBe(true);
  });

  it('the default pack’s cargo loader stands in the Cargo Bay', () => {
    const type = defaultPack.vehicleTypes[0];
    expect(type).toMatchObject({
      id: 'cargo-loader',
      length: 2,
      move: { dice: 2, die: 'avd' },
      stopAfter: 5,
      stopSquares: 2,
    });
  });
});
