import { describe, expect, it } from 'vitest';
import { fundamentalDuck as fd, shotPreview } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer, Threat } from '../../rules/fundamental-duck/state.ts';
import { fireClass, fireSquare, percent } from './fire.ts';

const PLAYER = { seatId: 'p1', role: 'player' as const };

/** Kowalski (HAR) in the entry module at (1,7) facing east, a Harpy wherever asked. */
function scene(threat: { x: number; y: number }): FdState {
  const s = fd.setup({});
  const k = { ...(s.teamers.kowalski as Teamer), x: 1, y: 7, facing: 2 as const, aboard: true };
  const h: Threat = {
    id: 'h1',
    species: 'harpy',
    x: threat.x,
    y: threat.y,
    facing: 6,
    wounds: 0,
    eye: false,
    acted: false,
    shotAt: [],
    carrying: null,
  };
  const state: FdState = {
    ...s,
    phase: 'team',
    teamers: { ...s.teamers, kowalski: k },
    threats: { h1: h },
    threatOrder: ['h1'],
  };
  // As a player's page holds it: the view, read back as a state.
  return fd.view(state, PLAYER) as FdState;
}

const at = (s: FdState, x: number, y: number) => fireSquare(shotPreview(s, 'kowalski', 'har', x, y));

describe('the fire overlay', () => {
  it('shows the rules’ exact chance on a Threat in the line of fire', () => {
    const s = scene({ x: 3, y: 7 });
    const f = at(s, 3, 7);
    expect(f.ok).toBe(true);
    expect(f.target).toBe('h1');
    expect(f.chance).toBeCloseTo(0.75, 10);
    expect(f.kill).toBeCloseTo(0.25, 10);
    expect(fireClass(f)).toBe('fd-fire-target');
    expect(percent(f.chance as number)).toBe('75%');
  });

  it('says why a square is closed: behind him, empty, or a shut door in the way', () => {
    const behind = at(scene({ x: 0, y: 7 }), 0, 7);
    expect(behind).toMatchObject({ ok: false, why: 'arc' });
    expect(fireClass(behind)).toBeUndefined();
    const empty = at(scene({ x: 3, y: 7 }), 2, 7);
    expect(empty).toMatchObject({ ok: false, why: 'empty' });
    const door = at(scene({ x: 6, y: 7 }), 6, 7);
    expect(door.ok).toBe(false);
    expect(door.why).toBe('door');
    expect(door.reason).toMatch(/line/);
    expect(fireClass(door)).toBe('fd-fire-blocked');
  });
});
