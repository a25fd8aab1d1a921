import { describe, expect, it } from 'vitest';
import { boardOf } from './board-adapter.ts';
import { coverWay, shieldedChicken } from './chicken.ts';
import { defaultPack } from './data/pack.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import type { Teamer } from './state.ts';
import { fumbleChance } from './stress.ts';
import {
  boardedQuietly,
  chickenByTheCrates,
  chickenInTheOpen,
  chickenMoving,
  GM,
  ScriptThenSeeded,
  type Table,
  threatPlaced,
} from './test-kit.ts';

/** The BINGE deficit's flinch (digest 12): moved one square away from the nearest Threat, free. */
describe('a BINGE deficit moves the new chicken a square away from the nearest Threat (12)', () => {
  /** Boarded, nobody in yet, a Skitter at `at` on the entry corridor; YOU starts a MOVE of 2. */
  function boarding(at: [number, number] | null): Table {
    const t = boardedQuietly();
    if (at) t.fold([threatPlaced(3, { id: 's1', species: 'skitter', x: at[0], y: at[1], facing: 6 })]);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  it('first into the module, the BINGE test fails: chicken, a stress chit, and a free step back', () => {
    const t = boarding([2, 5]);
    // AvD 2; on the entry square (0,7) BINGE 6 → 5 and the test's 6 fails; then the chit draw.
    t.dice = new ScriptThenSeeded([2, 6], 5);
    t.send({ type: 'move', teamerId: 'you' });
    const ev = t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    expect(t.state.teamers.you).toMatchObject({ chicken: true, binge: 5 });
    expect(ev.some((e) => e.type === 'stress.added' && e.teamerId === 'you')).toBe(true);
    // From (0,7), 2 from the Skitter at (2,5): (0,8) and (1,8) are 3 away; (0,8) is farther in a
    // straight line. Facing kept (east), and the flinch costs nothing of the move.
    const last = ev.filter((e) => e.type === 'teamer.stepped').at(-1);
    expect(last).toEqual({ type: 'teamer.stepped', teamerId: 'you', x: 0, y: 8, facing: 2, cost: 0 });
    expect(t.state.teamers.you).toMatchObject({ x: 0, y: 8, facing: 2 });
    expect(t.state.move?.spent).toBe(1);
  });

  it('a passed test, or no Threat on the board, or nowhere farther: he stays', () => {
    const passed = boarding([2, 5]);
    passed.dice = new ScriptThenSeeded([2, 5], 5);
    passed.send({ type: 'move', teamerId: 'you' });
    passed.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    expect(passed.state.teamers.you).toMatchObject({ chicken: false, x: 0, y: 7 });

    const alone = boarding(null);
    alone.dice = new ScriptThenSeeded([2, 6], 5);
    alone.send({ type: 'move', teamerId: 'you' });
    alone.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    expect(alone.state.teamers.you).toMatchObject({ chicken: true, x: 0, y: 7 });

    // The Skitter at (2,7): every square he could step to is as near or nearer.
    const cornered = boarding([2, 7]);
    cornered.dice = new ScriptThenSeeded([2, 6], 5);
    cornered.send({ type: 'move', teamerId: 'you' });
    cornered.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    expect(cornered.state.teamers.you).toMatchObject({ chicken: true, x: 0, y: 7 });
    expect(cornered.send({ type: 'endMove', teamerId: 'you' }, GM).length).toBeGreaterThan(0);
  });
});

describe('a chicken who stood still lashes out on 2d6 = 12 in Housekeeping (12, 17)', () => {
  /** Boarded; `chicken` and `other` stood by hand at (0,7) and (2,7); nobody has moved; no Threats. */
  function standing(chicken: string, other: string): Table {
    const t = boardedQuietly();
    t.send(
      { type: 'gmOverride', teamerId: chicken, x: 0, y: 7, facing: 2, chicken: true, reason: 'set-up' },
      GM,
    );
    t.send({ type: 'gmOverride', teamerId: other, x: 2, y: 7, facing: 6, reason: 'set-up' }, GM);
    return t;
  }

  it('with a gun he shoots the nearest figure, friend or foe: the weapon’s dice, a wound a hit', () => {
    const t = standing('you', 'brick');
    // 6 + 6 = 12: YOU's hand-blaster (one die, 4+) rolls 5 at Brick.
    const dice = new ScriptThenSeeded([6, 6, 5], 5);
    t.dice = dice;
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.find((e) => e.type === 'test.rolled' && e.record.face === 12)).toBeDefined();
    expect(ev.find((e) => e.type === 'attack.resolved')).toMatchObject({
      by: 'you',
      weapon: 'hand-blaster',
      targets: ['brick'],
      faces: [5],
      hits: { brick: 1 },
    });
    expect(t.state.teamers.brick?.wounds).toBe(1);
    expect(dice.used.slice(0, 3).map((u) => u.purpose)).toEqual([
      'chicken lash-out of YOU',
      'chicken lash-out of YOU',
      'Hand-blaster lash-out by YOU',
    ]);
  });

  it('an 11 does nothing; a flamer squirts into the nearest figure’s square', () => {
    const calm = standing('you', 'brick');
    calm.dice = new ScriptThenSeeded([6, 5], 5);
    const quiet = calm.send({ type: 'endTeamPhase' }, GM);
    expect(quiet.some((e) => e.type === 'attack.resolved')).toBe(false);
    expect(calm.state.teamers.brick?.wounds).toBe(0);

    const t = standing('sparks', 'you');
    // 12, then the squirt's 2+ die for YOU: 1 misses; a flame marker is set in his square (the same
    // Housekeeping's flames step then burns it down).
    t.dice = new ScriptThenSeeded([6, 6, 1], 5);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.find((e) => e.type === 'attack.resolved')).toMatchObject({
      by: 'sparks',
      weapon: 'flamer',
      targets: ['you'],
      faces: [1],
      hits: { you: 0 },
    });
    expect(ev).toContainEqual({ type: 'flames.changed', square: 7 * 15 + 2, flames: 1 });
    expect(t.state.teamers.sparks?.ammo.flamer).toBe(11);
  });
});

describe('a lash-out without a gun (12)', () => {
  /** YOU armed only with `weapons`, a chicken at (0,7) who has not moved; Brick at (1,7) or a Skitter at (1,8) that has acted. */
  function unarmed(names: string[], victim: 'brick' | 'skitter'): Table {
    const weapons = names.map((weapon) => ({ weapon, count: 1, upgrades: 0, doubleDice: false }));
    const team = {
      ...defaultPack.team,
      teamers: defaultPack.team.teamers.map((m) => (m.id === 'you' ? { ...m, weapons } : m)),
    };
    const t = boardedQuietly(fd.setup({ pack: { ...defaultPack, team } }));
    t.send(
      { type: 'gmOverride', teamerId: 'you', x: 0, y: 7, facing: 2, chicken: true, reason: 'set-up' },
      GM,
    );
    if (victim === 'brick')
      t.send({ type: 'gmOverride', teamerId: 'brick', x: 1, y: 7, facing: 6, reason: 'set-up' }, GM);
    else {
      t.fold([threatPlaced(3, { id: 's1', species: 'skitter', x: 1, y: 8, facing: 6 })]);
      const s1 = t.state.threats.s1 as NonNullable<(typeof t.state.threats)[string]>;
      t.fold([{ type: 'gm.overrode', by: 'gm', threat: { ...s1, acted: true }, reason: 'test' }]);
    }
    return t;
  }

  it('with a grenade and no gun, his own grenade goes off in his square: every figure in the 3×3 on 4+', () => {
    const t = unarmed(['cutlass', 'grenade'], 'brick');
    // Housekeeping: 12, then the blast dice in reading order: YOU (0,7) 3 misses, Brick (1,7) 4 hits.
    t.dice = new ScriptThenSeeded([6, 6, 3, 4], 5);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.find((e) => e.type === 'attack.resolved')).toMatchObject({
      by: 'you',
      weapon: 'grenade',
      x: 0,
      y: 7,
      targets: ['you', 'brick'],
      faces: [3, 4],
      hits: { you: 0, brick: 1 },
    });
    expect(t.state.teamers.brick?.wounds).toBe(1);
    expect(t.state.teamers.you?.grenades).toBe(0);
  });

  it('with neither, he grapples the nearest Threat in contact, his cutlass worth nothing to a chicken', () => {
    const t = unarmed(['cutlass'], 'skitter');
    t.dice = new ScriptThenSeeded([6, 6, 6, 1], 5);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.find((e) => e.type === 'grapple.resolved')).toMatchObject({
      teamerId: 'you',
      threatId: 's1',
      teamerFace: 6,
      teamerTotal: 6,
      loser: 'threat',
    });
    expect(t.state.threats.s1).toBeUndefined();
  });
});

describe('a chicken keeps a comrade between himself and the Threats when he moves (12)', () => {
  // YOU at (1,7) facing east, a MOVE of 4 under way; Brick at (3,8); a Skitter at (4,7) (test-kit).
  it('ending his move in the open, his fear takes him on to the cheapest square with Brick between', () => {
    const t = chickenInTheOpen(true);
    const you = () => t.state.teamers.you as Teamer;
    expect(shieldedChicken(t.state, you(), 1, 7)).toBe(false);
    const ev = t.send({ type: 'endMove', teamerId: 'you' });
    const steps = ev.filter((e) => e.type === 'teamer.stepped');
    expect(steps.length).toBeGreaterThan(0);
    expect(ev.at(-1)).toMatchObject({ type: 'move.ended', teamerId: 'you' });
    const { x, y } = you();
    expect([x, y]).not.toEqual([1, 7]);
    expect(shieldedChicken(t.state, you(), x as number, y as number)).toBe(true);
    // Brick is on the line of fire from his new square to the Skitter.
    expect(t.state.move).toBeNull();
  });

  it('a Teamer who is no chicken ends where he is', () => {
    const t = chickenInTheOpen(false);
    const ev = t.send({ type: 'endMove', teamerId: 'you' });
    expect(ev.map((e) => e.type)).toEqual(['undo.saved', 'move.ended']);
    expect(t.state.teamers.you).toMatchObject({ x: 1, y: 7 });
  });

  it('already behind a comrade, or with no such square in reach, he ends where he is', () => {
    const t = chickenInTheOpen(true);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    expect(shieldedChicken(t.state, t.state.teamers.you as Teamer, 1, 7)).toBe(true);
    expect(t.send({ type: 'endMove', teamerId: 'you' }).some((e) => e.type === 'teamer.stepped')).toBe(false);
    // No comrade on the board: nowhere to hide.
    const alone = chickenInTheOpen(true);
    alone.send({ type: 'gmOverride', teamerId: 'brick', x: 13, y: 13, facing: 2, reason: 'away' }, GM);
    expect(alone.send({ type: 'endMove', teamerId: 'you' }).some((e) => e.type === 'teamer.stepped')).toBe(
      false,
    );
    expect(alone.state.teamers.you).toMatchObject({ x: 1, y: 7 });
  });
});

describe('a chicken walking to cover steps down off an obstacle as any step does (12, 9.2)', () => {
  /**
   * YOU a chicken on the LOW crates at (8,6) facing west, activated, a MOVE of `allowance` under
   * way; Brick at (6,7); a Skitter at (5,6) in plain sight along row 6. His cover: (7,7), a
   * diagonal step down off the crates (1 point), with Brick between him and the Skitter.
   */
  function onCrates(allowance: number, fumbleFace: number): Table {
    // The average die, then his fumble test stepping down (own dice), the rest seeded.
    const t = chickenByTheCrates(8, 6, allowance, [fumbleFace]);
    expect(shieldedChicken(t.state, t.state.teamers.you as Teamer, 8, 6)).toBe(false);
    expect(shieldedChicken(t.state, t.state.teamers.you as Teamer, 7, 7)).toBe(true);
    return t;
  }
  const stepped = (ev: readonly { type: string }[]) => ev.find((e) => e.type === 'teamer.stepped');
  const fumble = (ev: readonly { type: string }[]) =>
    ev.find((e) => e.type === 'test.rolled' && 'purpose' in e && e.purpose === 'stepping off an obstacle');

  it('a passed fumble test: the step down costs its 1', () => {
    const t = onCrates(3, 1);
    const ev = t.send({ type: 'endMove', teamerId: 'you' });
    expect(fumble(ev)).toMatchObject({ teamerId: 'you', record: { test: 'fumble', face: 1, success: true } });
    expect(stepped(ev)).toMatchObject({ x: 7, y: 7, cost: 1 });
    expect(ev.some((e) => e.type === 'stress.added')).toBe(false);
    expect(t.state.teamers.you).toMatchObject({ x: 7, y: 7 });
  });

  it('a failed one costs 1 more and puts a stress chit in the Kitty', () => {
    const t = onCrates(3, 6);
    const ev = t.send({ type: 'endMove', teamerId: 'you' });
    expect(fumble(ev)).toMatchObject({ record: { face: 6, success: false } });
    expect(ev.some((e) => e.type === 'stress.added' && e.teamerId === 'you')).toBe(true);
    expect(stepped(ev)).toMatchObject({ x: 7, y: 7, cost: 2 });
    expect(ev.at(-1)).toMatchObject({ type: 'move.ended', teamerId: 'you' });
  });

  it('a failed one with too few points left: he stays on the crates and the move ends there', () => {
    const t = onCrates(1, 6);
    const ev = t.send({ type: 'endMove', teamerId: 'you' });
    expect(fumble(ev)).toMatchObject({ record: { success: false } });
    expect(stepped(ev)).toBeUndefined();
    expect(ev.at(-1)).toMatchObject({ type: 'move.ended', teamerId: 'you' });
    expect(t.state.teamers.you).toMatchObject({ x: 8, y: 6 });
    expect(t.state.move).toBeNull();
  });

  it('the preview (coverWay) marks the step down with the chance its fumble test passes, no die rolled', () => {
    const t = onCrates(3, 1);
    const you = t.state.teamers.you as Teamer;
    const used = (t.dice as ScriptThenSeeded).used.length;
    const way = coverWay(t.state, you, 3);
    const down = way?.find((s) => s.square === 7 * 15 + 7);
    // FF 5 (a d6 under 5 passes): 4 in 6; nothing else on the way steps down.
    expect(you.ff).toBe(5);
    expect(down?.stepDownPass).toBeCloseTo(4 / 6);
    expect(way?.filter((s) => s.stepDownPass !== undefined)).toHaveLength(1);
    expect((t.dice as ScriptThenSeeded).used.length).toBe(used);
    // A wound costs him 1 FF: 3 in 6.
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, wounds: 1 }, reason: 'test' }]);
    expect(
      coverWay(t.state, t.state.teamers.you as Teamer, 3)?.find((s) => s.square === 7 * 15 + 7)?.stepDownPass,
    ).toBeCloseTo(3 / 6);
  });

  it("a gas leak's zone is judged where he steps down, in the preview as in the test rolled", () => {
    // YOU in the cargo door's zone at (6,5) facing east, Brick at (8,7), a Skitter at (7,7): his
    // cover (9,7) is over the crates, (7,6), up onto (8,6), down to (9,7): 4 points. A gas leak
    // fills the cargo door's zone this turn; the crates are outside it.
    const t = chickenMoving({
      you: { x: 6, y: 5, facing: 2 },
      brick: { x: 8, y: 7, facing: 6 },
      tile: 4,
      skitter: { x: 7, y: 7, facing: 2 },
      chicken: true,
      faces: [4, 4],
    });
    const cargo = boardOf(t.state).doors.findIndex((d) => d.id === 'cargo-door');
    t.fold([
      {
        type: 'card.resolved',
        tile: 4,
        cardId: 'gas-leak',
        colour: 'red',
        effect: 'gas-leak',
        text: '',
        door: cargo,
      },
    ]);
    const you = t.state.teamers.you as Teamer;
    expect(fumbleChance(t.state, you)).toBeCloseTo(3 / 6);
    const m = t.state.move as NonNullable<typeof t.state.move>;
    const way = coverWay(t.state, you, m.allowance - m.spent);
    expect(way?.map((s) => s.square)).toEqual([5 * 15 + 6, 6 * 15 + 7, 6 * 15 + 8, 7 * 15 + 9]);
    const down = way?.find((s) => s.stepDownPass !== undefined);
    // Off the crates, out of the leak: FF 5, 4 in 6, not the 3 in 6 of where he began.
    expect(down?.stepDownPass).toBeCloseTo(4 / 6);
    const ev = t.send({ type: 'endMove', teamerId: 'you' });
    const test = fumble(ev) as Extract<FdEvent, { type: 'test.rolled' }>;
    expect(test.record).toMatchObject({ face: 4, target: 5, success: true });
    expect(down?.stepDownPass).toBeCloseTo((test.record.target - 1) / 6);
    expect(t.state.teamers.you).toMatchObject({ x: 9, y: 7 });
  });
});
