import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import {
  boardedQuietly,
  fixedDeal,
  GM,
  packWith,
  ScriptThenSeeded,
  Table,
  threatPlaced,
} from './test-kit.ts';
import { worldOf } from './world-adapter.ts';

/**
 * A Teamer's MOVE through decide/evolve (digest 9): the average die sets the allowance, each step
 * pays its cost from it, backward steps double and keep the facing, a turn on the spot costs 1,
 * the free alignment needs a square moved, and the diagonal flank rule.
 */

/** Boarded, nobody in yet, an empty entry corridor (tile 3); YOU activated. */
function boarded(threatAt?: [number, number]): Table {
  const t = new Table(new ScriptThenSeeded([], 3));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  if (threatAt)
    t.fold([threatPlaced(3, { id: 's1', species: 'skitter', x: threatAt[0], y: threatAt[1], facing: 6 })]);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

/** YOU starts a MOVE with average die `face` and steps onto the entry square (0,7), facing east. */
function inAtEntry(face: number, threatAt?: [number, number]): Table {
  const t = boarded(threatAt);
  // The AvD, then the first-into-a-module BINGE test (1 passes), the rest seeded.
  t.dice = new ScriptThenSeeded([face, 1], 7);
  const began = t.send({ type: 'move', teamerId: 'you' });
  expect(began).toContainEqual({
    type: 'move.began',
    teamerId: 'you',
    faces: [face],
    allowance: face,
    dash: false,
  });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  expect(t.state.teamers.you).toMatchObject({ x: 0, y: 7, facing: 2 });
  expect(t.state.move?.spent).toBe(1);
  return t;
}

function stepped(events: readonly FdEvent[]): FdEvent | undefined {
  return events.find((e) => e.type === 'teamer.stepped');
}

describe('a MOVE step by step (9.1–9.3)', () => {
  it('forward 1, backward 2 keeping the facing, a turn on the spot 1, then nothing is left', () => {
    const t = inAtEntry(5);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 }))).toMatchObject({
      facing: 2,
      cost: 1,
    });
    // West is in the rear arc of a Teamer facing east: double cost, still facing east.
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 }))).toMatchObject({
      x: 0,
      y: 7,
      facing: 2,
      cost: 2,
    });
    expect(t.state.move?.spent).toBe(4);
    const turned = t.send({ type: 'turn', teamerId: 'you', facing: 4 });
    expect(turned).toContainEqual({ type: 'teamer.turned', teamerId: 'you', facing: 4, cost: 1 });
    expect(t.state.move?.spent).toBe(5);
    expect(t.state.teamers.you?.facing).toBe(4);
    const before = t.state;
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', x: 0, y: 8 }))).toBe(
      'NOT_ENOUGH_MOVEMENT',
    );
    expect(refusalCode(() => t.send({ type: 'turn', teamerId: 'you', facing: 2 }))).toBe(
      'NOT_ENOUGH_MOVEMENT',
    );
    expect(t.state).toBe(before);
    // The free alignment at the end of a move of at least one square: any facing, no cost.
    t.send({ type: 'endMove', teamerId: 'you', facing: 6 });
    expect(t.state.teamers.you?.facing).toBe(6);
    expect(t.state.move).toBeNull();
  });

  it('a sideways step (exactly 90°) is forward: cost 1, and he turns to face along it', () => {
    const t = inAtEntry(3);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 0, y: 8 }))).toMatchObject({
      facing: 4,
      cost: 1,
    });
  });

  it('a step the allowance cannot pay is refused and changes nothing', () => {
    const t = inAtEntry(2);
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    const before = t.state;
    // Facing east at (1,7) with nothing left: even the cheapest step is refused.
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', x: 2, y: 7 }))).toBe(
      'NOT_ENOUGH_MOVEMENT',
    );
    expect(t.state).toBe(before);
  });

  it('no free alignment without a square moved: a MOVE ended in place keeps the facing', () => {
    const t = inAtEntry(2);
    t.send({ type: 'endMove', teamerId: 'you' });
    // His second chit: a MOVE that goes nowhere may not turn him for free.
    t.dice = new ScriptThenSeeded([4], 9);
    t.send({ type: 'move', teamerId: 'you' });
    const before = t.state;
    expect(refusalCode(() => t.send({ type: 'endMove', teamerId: 'you', facing: 6 }))).toBe('NO_FREE_TURN');
    expect(t.state).toBe(before);
    t.send({ type: 'endMove', teamerId: 'you' });
    expect(t.state.teamers.you?.facing).toBe(2);
  });

  it('the dash: declared with the move, +2 on the average die', () => {
    const t = boarded();
    t.dice = new ScriptThenSeeded([3, 1], 7);
    const began = t.send({ type: 'move', teamerId: 'you', dash: true });
    expect(began).toContainEqual({
      type: 'move.began',
      teamerId: 'you',
      faces: [3],
      allowance: 5,
      dash: true,
    });
    expect(t.state.teamers.you?.dash).toBe('marked');
  });
});

describe('difficult game: the diagonals switch (22)', () => {
  /** The pack's `diagonalsCostTwo` on or off; YOU in at the entry square (0,7) with AvD 3, a Skitter at (3,9). */
  function withSwitch(on: boolean): Table {
    const pack = packWith({ diagonalsCostTwo: on });
    const t = new Table(new ScriptThenSeeded([], 3), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.fold([threatPlaced(3, { id: 's1', species: 'skitter', x: 3, y: 9, facing: 6 })]);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptThenSeeded([3, 1], 7);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    return t;
  }

  it('on: a diagonal step costs 2 with both flanks open, for a Teamer and in a Threat’s reach', () => {
    const t = withSwitch(true);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 1, y: 6 }))).toMatchObject({ cost: 2 });
    const world = worldOf(t.state);
    expect(world.reach('s1', 1).cost(8 * world.width + 2)).toBe(Number.POSITIVE_INFINITY);
    expect(world.reach('s1', 2).cost(8 * world.width + 2)).toBe(2);
  });

  it('off (the default): a diagonal costs 1', () => {
    const t = withSwitch(false);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 1, y: 6 }))).toMatchObject({ cost: 1 });
    const world = worldOf(t.state);
    expect(world.reach('s1', 1).cost(8 * world.width + 2)).toBe(1);
  });
});

describe('the diagonal flank rule (9.2)', () => {
  it('both flanks open: a diagonal costs 1', () => {
    const t = inAtEntry(3);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 1, y: 6 }))).toMatchObject({
      facing: 1,
      cost: 1,
    });
  });

  it('one flank prohibited (a Threat in it): the figure goes round by the other, cost 2', () => {
    const t = inAtEntry(3, [0, 6]);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 1, y: 6 }))).toMatchObject({
      x: 1,
      y: 6,
      facing: 1,
      cost: 2,
    });
    expect(t.state.move?.spent).toBe(3);
  });

  it('across a bulkhead both ways round cross a wall or a door side: no diagonal step', () => {
    const t = inAtEntry(5);
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    t.send({ type: 'step', teamerId: 'you', x: 2, y: 7 });
    t.send({ type: 'step', teamerId: 'you', x: 3, y: 7 });
    t.send({ type: 'step', teamerId: 'you', x: 4, y: 7 });
    const before = t.state;
    // (5,6) lies past the wall east of (4,6); (4,7) → (5,7)'s side is the (shut) door.
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', x: 5, y: 6 }))).toBe('STEP_BLOCKED');
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', x: 5, y: 7 }))).toBe('STEP_BLOCKED');
    expect(t.state).toBe(before);
  });
});

describe('climbing onto and stepping off an obstacle (9.2)', () => {
  /** YOU mid-move at (7,6) facing east, next to the LOW obstacle at (8,6), its module already entered. */
  function besideObstacle(face: number): Table {
    const t = inAtEntry(face);
    t.fold([
      { type: 'teamer.stepped', teamerId: 'you', x: 7, y: 6, facing: 2, cost: 0 },
      { type: 'tile.entered', tile: 4, teamerId: 'you' },
    ]);
    // Onto the LOW obstacle orthogonally: 2.
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 8, y: 6 }))).toMatchObject({ cost: 2 });
    return t;
  }

  it('diagonally onto it: 3', () => {
    const t = inAtEntry(5);
    t.fold([
      { type: 'teamer.stepped', teamerId: 'you', x: 7, y: 5, facing: 2, cost: 0 },
      { type: 'tile.entered', tile: 4, teamerId: 'you' },
    ]);
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 8, y: 6 }))).toMatchObject({
      facing: 3,
      cost: 3,
    });
    expect(t.state.move?.spent).toBe(4);
  });

  it('off it: a passed fumble test, cost 1', () => {
    const t = besideObstacle(5);
    t.dice = new ScriptThenSeeded([1], 11);
    const ev = t.send({ type: 'step', teamerId: 'you', x: 9, y: 6 });
    expect(ev).toContainEqual(
      expect.objectContaining({ type: 'test.rolled', purpose: 'stepping off an obstacle' }),
    );
    expect(stepped(ev)).toMatchObject({ x: 9, y: 6, cost: 1 });
    expect(t.state.move?.spent).toBe(4);
  });

  it('off it: a failed fumble test adds 1 (and a stress chit)', () => {
    const t = besideObstacle(5);
    t.dice = new ScriptThenSeeded([6], 11);
    const ev = t.send({ type: 'step', teamerId: 'you', x: 9, y: 6 });
    expect(stepped(ev)).toMatchObject({ x: 9, y: 6, cost: 2 });
    expect(ev.some((e) => e.type === 'stress.added' && e.teamerId === 'you')).toBe(true);
    expect(t.state.move?.spent).toBe(5);
  });

  it('a failed test with too few points left: he stays on the obstacle and the move ends', () => {
    const t = besideObstacle(4);
    t.dice = new ScriptThenSeeded([6], 11);
    const ev = t.send({ type: 'step', teamerId: 'you', x: 9, y: 6 });
    expect(stepped(ev)).toBeUndefined();
    expect(ev).toContainEqual(expect.objectContaining({ type: 'move.ended', teamerId: 'you' }));
    expect(t.state.teamers.you).toMatchObject({ x: 8, y: 6 });
    expect(t.state.move).toBeNull();
  });
});

describe('crawling while ducked (10.2)', () => {
  it('a ducked Teamer crawls one square per MOVE, whatever the way, facing kept; no dash', () => {
    const t = inAtEntry(2);
    t.send({ type: 'endMove', teamerId: 'you' });
    t.fold([{ type: 'teamer.ducked', teamerId: 'you', ducked: true }]);
    expect(refusalCode(() => t.send({ type: 'move', teamerId: 'you', dash: true }))).toBe('NO_DASH');
    t.dice = new ScriptThenSeeded([], 13);
    const began = t.send({ type: 'move', teamerId: 'you' });
    expect(began).toContainEqual({
      type: 'move.began',
      teamerId: 'you',
      faces: [],
      allowance: 1,
      dash: false,
    });
    expect((t.dice as ScriptThenSeeded).used).toEqual([]);
    // A diagonal still costs the one square, and the crawler keeps facing east (no turn along it).
    expect(stepped(t.send({ type: 'step', teamerId: 'you', x: 1, y: 8 }))).toMatchObject({
      facing: 2,
      cost: 1,
    });
    const before = t.state;
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', x: 2, y: 8 }))).toBe(
      'NOT_ENOUGH_MOVEMENT',
    );
    expect(refusalCode(() => t.send({ type: 'endMove', teamerId: 'you', facing: 4 }))).toBe('NO_FREE_TURN');
    expect(t.state).toBe(before);
  });
});

describe('the GM putting a Teamer down in a module nobody has entered (12: first into a module)', () => {
  /** Boarded, nobody in the hub (tile 4) yet; the GM puts YOU at (6,6) in it, then YOU moves a step. */
  function placed(moduleEntered?: boolean): { placing: FdEvent[]; step: FdEvent[]; t: Table } {
    const t = boardedQuietly();
    expect(t.state.tiles[4]?.entered).toBe(false);
    const placing = t.send(
      {
        type: 'gmOverride',
        teamerId: 'you',
        x: 6,
        y: 6,
        facing: 2,
        reason: 'set-up',
        ...(moduleEntered === undefined ? {} : { moduleEntered }),
      },
      GM,
    );
    t.send({ type: 'activate', teamerId: 'you' });
    // The average die 3, then (if it comes) the first-into-a-module BINGE test: 1 passes.
    t.dice = new ScriptThenSeeded([3, 1], 7);
    t.send({ type: 'move', teamerId: 'you' });
    const step = t.send({ type: 'step', teamerId: 'you', x: 7, y: 6 });
    return { placing, step, t };
  }
  const firstIn = (ev: readonly FdEvent[]) =>
    ev.filter(
      (e) =>
        (e.type === 'test.rolled' && e.purpose === 'first into a module') ||
        (e.type === 'binge.changed' && e.why === 'first into a module'),
    );

  it('by default the placement counts as his entering it: no BINGE test then, nor at his next step', () => {
    const { placing, step, t } = placed();
    expect(placing).toContainEqual({ type: 'tile.entered', tile: 4, teamerId: 'you' });
    expect(firstIn(placing)).toEqual([]);
    expect(step.some((e) => e.type === 'tile.entered')).toBe(false);
    expect(firstIn(step)).toEqual([]);
    expect(t.state.teamers.you).toMatchObject({ x: 7, y: 6, binge: 6 });
  });

  it('with moduleEntered false, his first step inside is the first into it, BINGE test and all', () => {
    const { placing, step, t } = placed(false);
    expect(placing.some((e) => e.type === 'tile.entered')).toBe(false);
    expect(step).toContainEqual({ type: 'tile.entered', tile: 4, teamerId: 'you' });
    expect(firstIn(step)).toHaveLength(2);
    expect(t.state.teamers.you).toMatchObject({ x: 7, y: 6, binge: 5 });
  });

  it('a module entered already, or an override that puts nobody down, marks nothing', () => {
    const t = boardedQuietly();
    t.send({ type: 'gmOverride', teamerId: 'you', x: 6, y: 6, reason: 'set-up' }, GM);
    const again = t.send({ type: 'gmOverride', teamerId: 'brick', x: 7, y: 6, reason: 'set-up' }, GM);
    expect(again.map((e) => e.type)).toEqual(['gm.overrode']);
    // Brick left in module 5, not entered, then only his wounds changed: still not entered.
    t.send(
      { type: 'gmOverride', teamerId: 'brick', x: 11, y: 6, moduleEntered: false, reason: 'set-up' },
      GM,
    );
    const hurt = t.send({ type: 'gmOverride', teamerId: 'brick', wounds: 1, reason: 'a graze' }, GM);
    expect(hurt.map((e) => e.type)).toEqual(['gm.overrode']);
    expect(t.state.tiles[5]?.entered).toBe(false);
  });
});
