import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { arenaOf, arenaStateOf, boardOf } from './board-adapter.ts';
import { killThreat, seizePrey, shotPreview } from './combat.ts';
import { Draft } from './draft.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { isFree, teamersAt } from './figures.ts';
import { fundamentalDuck as fd } from './index.ts';
import type { Facing, FdState, Threat } from './state.ts';
import { fixedDeal, GM, PLAYER, ScriptThenSeeded, Table, threatPlaced, youAboard } from './test-kit.ts';
import { worldOf } from './world-adapter.ts';

describe('grapple (24.3)', () => {
  it('each side d6 + its value (cutlass +1, Harpy +2); the higher wounds the other', () => {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 1, y: 7, reason: 'set-up' }, GM);
    t.dice = new ScriptedDice([6, 1]);
    const ev = t.send({ type: 'grapple', teamerId: 'you', threatId: 'h1' });
    expect(ev.find((e) => e.type === 'grapple.resolved')).toMatchObject({
      teamerFace: 6,
      threatFace: 1,
      teamerTotal: 7,
      threatTotal: 3,
      loser: 'threat',
    });
    expect(t.state.threats.h1?.wounds).toBe(1);
  });

  it('a tie does nothing; a lost grapple wounds the Teamer (FF −1)', () => {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 1, y: 7, reason: 'set-up' }, GM);
    t.dice = new ScriptedDice([1, 6]);
    t.send({ type: 'grapple', teamerId: 'you', threatId: 'h1' });
    expect(t.state.teamers.you?.wounds).toBe(1);
  });

  it('the turn after a dash his own grapple die is 2 worse (9.4)', () => {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 1, y: 7, reason: 'set-up' }, GM);
    const you = t.state.teamers.you as NonNullable<FdState['teamers'][string]>;
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, dash: 'penalised' }, reason: 'test' }]);
    // YOU 6 + 1 (cutlass) − 2 = 5 against the Harpy's 3 + 2 = 5: a tie, nobody hurt.
    t.dice = new ScriptedDice([6, 3]);
    const ev = t.send({ type: 'grapple', teamerId: 'you', threatId: 'h1' });
    expect(ev.find((e) => e.type === 'grapple.resolved')).toMatchObject({
      teamerFace: 6,
      teamerTotal: 5,
      threatTotal: 5,
      loser: null,
    });
    expect(t.state.threats.h1?.wounds).toBe(0);
  });

  it('a Threat out of contact cannot be grappled', () => {
    const t = youAboard();
    t.dice = new ScriptedDice([]);
    expect(() => t.send({ type: 'grapple', teamerId: 'you', threatId: 'h1' })).toThrow(/contact/);
  });
});

describe('grenades (24.2)', () => {
  it('scatter d6 on target (1–3), then one d6 per figure in the 3×3 blast; markers until Housekeeping', () => {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 3, y: 6, reason: 'set-up' }, GM);
    t.dice = new ScriptedDice([2, 5]);
    const ev = t.send({ type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 7 });
    const attack = ev.find((e) => e.type === 'attack.resolved') as Extract<
      FdEvent,
      { type: 'attack.resolved' }
    >;
    expect(attack.scatter).toEqual({ faces: [2], x: 3, y: 7 });
    expect(attack.hits).toEqual({ h1: 1 });
    expect(t.state.threats.h1?.wounds).toBe(1);
    expect(t.state.teamers.you?.grenades).toBe(0);
    expect(t.state.blasts).toHaveLength(9);
  });

  it('the turn after a dash the scatter roll is 2 worse (9.4): a 2 lands one square off', () => {
    const t = youAboard();
    const you = t.state.teamers.you as NonNullable<FdState['teamers'][string]>;
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, dash: 'penalised' }, reason: 'test' }]);
    // Scatter 2 + 2 = 4: one square, d8 face 3 → east: (3,7) lands at (4,7).
    t.dice = new ScriptedDice([2, 3]);
    const ev = t.send({ type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 7 });
    const attack = ev.find((e) => e.type === 'attack.resolved');
    expect(attack).toMatchObject({ scatter: { faces: [2, 3], x: 4, y: 7 } });
  });

  it('a 6 scatters two squares in the d8 direction', () => {
    const t = youAboard();
    // Scatter 6 → two off, d8 face 5 → south: (3,7) lands at (3,9); the Harpy at (2,9) is in the blast.
    t.dice = new ScriptedDice([6, 5, 4]);
    const ev = t.send({ type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 7 });
    const attack = ev.find((e) => e.type === 'attack.resolved') as Extract<
      FdEvent,
      { type: 'attack.resolved' }
    >;
    expect(attack.scatter).toEqual({ faces: [6, 5], x: 3, y: 9 });
    expect(attack.targets).toEqual(['h2']);
  });
});

describe('the Stress Kitty (16)', () => {
  it('the threshold chit sets off the catastrophe of the summed points; the Kitty starts again, doubled', () => {
    const t = youAboard();
    t.fold([
      {
        type: 'stress.added',
        teamerId: null,
        why: 'set-up',
        kinds: [0, 0, 0, 0, 0, 0, 0, 0, 0],
        values: [1, 1, 1, 1, 1, 1, 1, 1, 1],
        faces: [],
      },
    ]);
    // Fail a door test (6 ≥ FF 5): draw chit 1 of 51 (a 1): total 10 → add pings; d6 4 → all empty tiles.
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, reason: 'set-up' }, GM);
    t.dice = new ScriptedDice([6, 1, 4]);
    const ev = t.send({ type: 'operateDoor', teamerId: 'you', door: 2, open: true });
    const c = ev.find((e) => e.type === 'catastrophe.struck');
    expect(c).toMatchObject({ total: 10, effect: 'add-pings', faces: [4] });
    expect(t.state.kitty.chits).toEqual([]);
    expect(t.state.kitty.doubled).toBe(true);
    // Two spare markers: the first two tiles without Teamers get one each.
    expect(ev.filter((e) => e.type === 'ping.added').map((e) => (e as { tile: number }).tile)).toEqual([
      0, 1,
    ]);
  });
});

describe('shot preview (the fire overlay)', () => {
  it('gives the rules’ own answer and the odds, on the full state and on a player’s view', () => {
    const t = youAboard();
    // Hand-blaster: one die, hits on 4+; a Harpy has one wound: hit = kill = 1/2.
    const p = shotPreview(t.state, 'you', 'hand-blaster', 4, 5);
    expect(p).toMatchObject({ ok: true, dice: 1, hitOn: 4, plus: 0, target: 'h1', duckers: [] });
    if (!p.ok) throw new Error('refused');
    expect(p.chance).toBeCloseTo(1 / 2, 10);
    const view = fd.view(t.state, PLAYER) as FdState;
    expect(shotPreview(view, 'you', 'hand-blaster', 4, 5)).toEqual(p);
    // Nothing there; behind him; no such weapon: the codes decideShoot refuses with.
    expect(shotPreview(t.state, 'you', 'hand-blaster', 3, 7)).toMatchObject({ ok: false, code: 'NO_TARGET' });
    const you = t.state.teamers.you;
    if (!you) throw new Error('no YOU');
    const west: FdState = { ...t.state, teamers: { ...t.state.teamers, you: { ...you, facing: 6 } } };
    expect(shotPreview(west, 'you', 'hand-blaster', 4, 5)).toMatchObject({ ok: false, code: 'OUT_OF_ARC' });
    expect(shotPreview(t.state, 'you', 'hemg', 4, 5)).toMatchObject({ ok: false, code: 'UNKNOWN_WEAPON' });
  });

  it('counts a double-dice blaster, upgrades and eagle eye exactly', () => {
    const t = youAboard();
    const you = t.state.teamers.you;
    if (!you) throw new Error('no YOU');
    const s: FdState = {
      ...t.state,
      teamers: {
        ...t.state.teamers,
        you: { ...you, bonus: { 'hand-blaster': 1, 'hand-blaster:dice': 1 }, abilities: ['eagle-eye'] },
      },
    };
    const p = shotPreview(s, 'you', 'hand-blaster', 4, 5);
    if (!p.ok) throw new Error('refused');
    // Two dice at +1 hit on 3+ (4/6 each); eagle eye makes the first 2 a hit: miss only on 1s and
    // at most one 2 after... exactly: P(no hit) = P(both dice 1) = 1/36.
    expect(p.dice).toBe(2);
    expect(p.chance).toBeCloseTo(1 - 1 / 36, 10);
  });
});

/**
 * The H in the hub (tile 4): the nest; the hub door open. Brick, wounded, at (`x`,7) facing
 * `facing`, the Harpy at his back in (3,7): in the Threat phase it grapples him out of action and
 * seizes him; then the next turn's Team phase (the door, shut at Door Check, opened again).
 */
function brickSeized(x: number, facing: Facing): Table {
  const t = new Table(new ScriptedDice([]));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] }, 4: { chits: [true] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'brick', x, y: 7, facing, wounds: 1, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', door: 2, open: true, reason: 'set-up' }, GM);
  t.fold([threatPlaced(3, { id: 'h1', species: 'harpy', x: 3, y: 7, facing })]);
  // Reaction 1 (ATTACK), movement 6, already at his back: grapple, Brick 1 against the Harpy's 6 + 2 + 1.
  t.dice = new ScriptedDice([1, 6, 1, 6]);
  t.send({ type: 'endTeamPhase' });
  expect(t.log).toContainEqual({ type: 'threat.carried', threatId: 'h1', teamerId: 'brick' });
  // From the moment it takes hold of him his body lies in its square (13.6).
  expect(t.state.teamers.brick).toMatchObject({ x: 3, y: 7, wounds: 2 });
  t.dice = new ScriptThenSeeded([], 4);
  t.send({ type: 'endExploration' });
  t.send({ type: 'gmOverride', door: 2, open: true, reason: 'Door Check shut it' }, GM);
  return t;
}

describe('prey: dragged to the nest (13.6)', () => {
  it('a Harpy that puts a man out of action in a grapple drags him toward the Source tile at −1, and stops there', () => {
    const t = brickSeized(2, 6);
    // No reaction roll; movement 4 less 1 for the body. Into the hub by the cheapest way, (5,7),
    // through the door.
    t.dice = new ScriptedDice([4]);
    t.send({ type: 'endTeamPhase' });
    const dragged = t.log.filter((e) => e.type === 'threat.decided').at(-1);
    expect(dragged?.type === 'threat.decided' && dragged.decision).toMatchObject({
      because: 'draggingPrey',
      reaction: null,
      movement: { faces: [4], carryPenalty: 1, allowance: 3 },
      outcome: 'dragged',
    });
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 7, carrying: 'brick' });
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7 });
    // On the nest it drags him no further, and throws no die.
    t.dice = new ScriptThenSeeded([], 4);
    t.send({ type: 'endExploration' });
    t.dice = new ScriptedDice([]);
    t.send({ type: 'endTeamPhase' });
    const still = t.log.filter((e) => e.type === 'threat.decided').at(-1);
    expect(still?.type === 'threat.decided' && still.decision).toMatchObject({
      because: 'preyAtNest',
      dice: [],
    });
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 7 });
  });
});

describe('prey: the seized body lies in the square of its Harpy (13.6)', () => {
  it('from the moment it is seized: the square where he fell is free for every rule, and the first drag step goes through it', () => {
    // Brick in (4,7) facing the hub, the Harpy at his back in (3,7).
    const t = brickSeized(4, 2);
    const s = t.state;
    // The rules' occupancy, the arena state and the free-square test all find him in (3,7).
    expect(teamersAt(s, 4, 7)).toEqual([]);
    expect(teamersAt(s, 3, 7).map((m) => m.id)).toEqual(['brick']);
    const as = arenaStateOf(s);
    const w = arenaOf(s).width;
    expect([as.teamers[7 * w + 4], as.teamers[7 * w + 3]]).toEqual([0, 1]);
    expect(isFree(s, boardOf(s), 4, 7)).toBe(true);
    // Movement 3 less 1 for the body: straight on through the square where he fell, into the hub
    // (was: his body there still counted, and the Harpy went round it).
    t.dice = new ScriptedDice([3]);
    t.send({ type: 'endTeamPhase' });
    const dragged = t.log.filter((e) => e.type === 'threat.decided').at(-1);
    expect(dragged?.type === 'threat.decided' && dragged.decision).toMatchObject({
      because: 'draggingPrey',
      movement: { faces: [3], allowance: 2 },
      outcome: 'dragged',
      actions: expect.arrayContaining([{ kind: 'drag', teamer: 'brick', path: [7 * w + 4, 7 * w + 5] }]),
    });
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 7, carrying: 'brick' });
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7 });
  });
});

describe('prey: no held weapons go with the body (13.6)', () => {
  it('as it seizes him his weapons are left on the floor where he fell, off his sheet, and stay there as he is dragged', () => {
    const t = brickSeized(4, 2);
    const i = t.log.findIndex((e) => e.type === 'threat.carried' && e.teamerId === 'brick');
    // Told before the seizure moves him into the Harpy's square: where he fell.
    expect(t.log[i - 1]).toEqual({ type: 'gear.dropped', teamerId: 'brick', x: 4, y: 7, weapons: ['hemg'] });
    expect(t.state.teamers.brick?.weapons).toEqual([]);
    expect(t.state.floorGear).toEqual([{ weapon: 'hemg', owner: 'brick', x: 4, y: 7 }]);
    // No longer a heavy weapon carrier for the Threats (13.5).
    expect(worldOf(t.state).teamers.find((m) => m.id === 'brick')?.heavyWeapon ?? false).toBe(false);
    t.dice = new ScriptedDice([3]);
    t.send({ type: 'endTeamPhase' });
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7, weapons: [] });
    expect(t.state.floorGear).toEqual([{ weapon: 'hemg', owner: 'brick', x: 4, y: 7 }]);
  });

  it('a man downed by a species that takes no prey keeps his weapons', () => {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 1, y: 7, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'you', wounds: 1, reason: 'set-up' }, GM);
    const draft = new Draft(t.state, { actor: GM, dice: new ScriptedDice([]) });
    const you = t.state.teamers.you as NonNullable<FdState['teamers'][string]>;
    draft.emit({ type: 'teamer.wounded', teamerId: 'you', wounds: 2, armourFace: null });
    seizePrey(draft, { ...(t.state.threats.h1 as Threat), species: 'skitter' }, 'you');
    expect(draft.events.map((e) => e.type)).toEqual(['teamer.wounded']);
    expect(draft.state.teamers.you?.weapons).toEqual(you.weapons);
    expect(draft.state.floorGear).toBeUndefined();
  });
});

describe('prey: a shut door on the way to the nest (13.6 with 14)', () => {
  /**
   * The H in the hub (tile 4); the hub door (door 2, shut) between. Brick, wounded, in (3,7)
   * facing west, the Harpy at his back in the door's aperture square (4,7): it downs and seizes
   * him; the next turn's Team phase follows.
   */
  function seizedAtDoor(): Table {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] }, 4: { chits: [true] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 3, y: 7, facing: 6, wounds: 1, reason: 'set-up' }, GM);
    t.fold([threatPlaced(3, { id: 'h1', species: 'harpy', x: 4, y: 7, facing: 6 })]);
    t.dice = new ScriptedDice([1, 6, 1, 6]);
    t.send({ type: 'endTeamPhase' });
    expect(t.state.threats.h1).toMatchObject({ x: 4, y: 7, carrying: 'brick' });
    t.dice = new ScriptThenSeeded([], 4);
    t.send({ type: 'endExploration' });
    expect(t.state.doors[2]?.open).toBe(false);
    return t;
  }

  it('it seeks a short cut as a Threat on the attack does, and takes the body through it', () => {
    const t = seizedAtDoor();
    // Movement 3 less 1; in the door zone with the door in its way: choice 6 (seek), search 6 (found).
    t.dice = new ScriptedDice([3, 6, 6]);
    t.send({ type: 'endTeamPhase' });
    const d = t.log.filter((e) => e.type === 'threat.decided').at(-1);
    expect(d?.type === 'threat.decided' && d.decision).toMatchObject({
      because: 'draggingPrey',
      movement: { faces: [3], allowance: 2 },
      door: { step: 'seekShortCut', choiceFace: 6, searchFace: 6, found: true, side: 0 },
      outcome: 'atDoor',
    });
    expect(t.state.doors[2]?.shortCuts).toEqual([0]);
    // Through to the far aperture square, in the hub, with him.
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 7, carrying: 'brick' });
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7 });
  });

  it('it batters the door; once a GREEN hole opens it drags him through it as an ordinary step', () => {
    const t = seizedAtDoor();
    t.send({ type: 'gmOverride', door: 2, damage: 18, reason: 'half battered' }, GM);
    // Movement 3 less 1; choice 1 (batter), 2 damage: 20, a hole in its one side.
    t.dice = new ScriptedDice([3, 1, 2]);
    t.send({ type: 'endTeamPhase' });
    const d = t.log.filter((e) => e.type === 'threat.decided').at(-1);
    expect(d?.type === 'threat.decided' && d.decision).toMatchObject({
      door: { step: 'batter', choiceFace: 1, batterFaces: [2], holeOpened: true, damageAfter: 20 },
      outcome: 'atDoor',
    });
    expect(t.state.doors[2]).toMatchObject({ open: false, damage: 20, holes: [0] });
    expect(t.state.threats.h1).toMatchObject({ x: 4, y: 7 });
    // Next turn: no door procedure, the hole is a step like any other: movement 2 less 1, into the hub.
    t.dice = new ScriptThenSeeded([], 4);
    t.send({ type: 'endExploration' });
    t.dice = new ScriptedDice([2]);
    t.send({ type: 'endTeamPhase' });
    const next = t.log.filter((e) => e.type === 'threat.decided').at(-1);
    expect(next?.type === 'threat.decided' && next.decision).toMatchObject({
      movement: { faces: [2], allowance: 1 },
      door: null,
      outcome: 'dragged',
      actions: expect.arrayContaining([{ kind: 'drag', teamer: 'brick', path: [7 * 15 + 5] }]),
    });
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7 });
  });
});

describe('prey: a body is dropped however its Harpy dies (digest 13.6, 24.3)', () => {
  /** Boarded with two Harpies on the entry tile; h1 drags YOU, out of action where it stands. */
  function dragging(): Table {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' }, GM);
    const h1 = t.state.threats.h1 as Threat;
    t.send({ type: 'gmOverride', teamerId: 'you', x: h1.x, y: h1.y, wounds: 2, reason: 'downed' }, GM);
    t.fold([{ type: 'threat.carried', threatId: 'h1', teamerId: 'you' }]);
    return t;
  }

  it('killed (any kill goes through killThreat): it lets go first, then dies; the body lies where it was', () => {
    const t = dragging();
    const draft = new Draft(t.state, { actor: GM, dice: new ScriptedDice([]) });
    killThreat(draft, 'h1', null);
    expect(draft.events).toEqual([
      { type: 'threat.carried', threatId: 'h1', teamerId: null },
      { type: 'threat.killed', threatId: 'h1', by: null },
    ]);
    expect(draft.state.threats.h1).toBeUndefined();
    expect(draft.state.teamers.you?.x).toBe(t.state.teamers.you?.x);
  });

  it('taken off the board by the GM: it lets go too', () => {
    const t = dragging();
    const ev = t.send({ type: 'gmOverride', threatId: 'h1', remove: true, reason: 'gone' }, GM);
    expect(ev[0]).toEqual({ type: 'threat.carried', threatId: 'h1', teamerId: null });
    expect(ev[1]).toMatchObject({ type: 'gm.overrode', removeThreat: 'h1' });
  });

  it('a Harpy carrying nobody dies without a drop', () => {
    const t = dragging();
    const draft = new Draft(t.state, { actor: GM, dice: new ScriptedDice([]) });
    killThreat(draft, 'h2', 'brick');
    expect(draft.events).toEqual([{ type: 'threat.killed', threatId: 'h2', by: 'brick' }]);
  });
});

describe('flame markers (24.2): a flame hits a figure entering or starting in its square on 4+', () => {
  /** YOU at (0,7) facing east on the entry corridor; a lone Skitter at (3,7) facing him; a flame at (1,7). */
  function burning(): Table {
    const t = new Table(new ScriptThenSeeded([], 3));
    t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    // AvD 2; the first into the module: BINGE 6 → 5, test 1 passes.
    t.dice = new ScriptedDice([2, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    t.send({ type: 'endMove', teamerId: 'you' });
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.fold([
      threatPlaced(3, { id: 's1', species: 'skitter', x: 3, y: 7, facing: 6 }),
      { type: 'flames.changed', square: 7 * 15 + 1, flames: 1 },
    ]);
    return t;
  }

  it('a Threat closing in through the flame square is burnt on 4+: a Skitter dies there before its grapple', () => {
    const t = burning();
    // Reaction 1 (ATTACK), movement AvD 3: to (1,7) in contact with YOU; the flame die 4 hits.
    const dice = new ScriptThenSeeded([1, 3, 4], 5);
    t.dice = dice;
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    const burnt = ev.find((e) => e.type === 'threat.burned');
    expect(burnt).toEqual({
      type: 'threat.burned',
      threatId: 's1',
      x: 1,
      y: 7,
      face: 4,
      hitOn: 4,
      hit: true,
    });
    expect(ev).toContainEqual({ type: 'threat.killed', threatId: 's1', by: null });
    expect(ev.some((e) => e.type === 'grapple.resolved')).toBe(false);
    expect(dice.used.slice(0, 3).map((u) => u.purpose)).toEqual([
      expect.stringMatching(/reaction/),
      expect.stringMatching(/movement/),
      'flames burn s1?',
    ]);
    expect(fdEventSchemas['threat.burned']?.safeParse(burnt).success).toBe(true);
  });

  it('a 3 does not burn it: the Skitter grapples as ever', () => {
    const t = burning();
    t.dice = new ScriptThenSeeded([1, 3, 3, 6, 1], 5);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.find((e) => e.type === 'threat.burned')).toMatchObject({ face: 3, hit: false });
    expect(ev.some((e) => e.type === 'grapple.resolved')).toBe(true);
  });

  it('a Threat starting its activation in a flame square is hit before it decides anything', () => {
    const t = burning();
    // Move the flame under the Skitter: its activation opens with the flame die (4 kills it).
    t.fold([
      { type: 'flames.changed', square: 7 * 15 + 1, flames: 0 },
      { type: 'flames.changed', square: 7 * 15 + 3, flames: 1 },
    ]);
    const dice = new ScriptThenSeeded([4], 5);
    t.dice = dice;
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.find((e) => e.type === 'threat.burned')).toEqual({
      type: 'threat.burned',
      threatId: 's1',
      x: 3,
      y: 7,
      face: 4,
      hitOn: 4,
      hit: true,
    });
    expect(ev).toContainEqual({ type: 'threat.killed', threatId: 's1', by: null });
    expect(dice.used[0]?.purpose).toBe('flames burn s1?');
    expect(dice.used.some((u) => /reaction/.test(u.purpose))).toBe(false);
    expect(ev.some((e) => e.type === 'threat.decided')).toBe(false);
  });

  it('unhurt by its flame (3), the Threat acts as ever, and burns only once', () => {
    const t = burning();
    t.fold([
      { type: 'flames.changed', square: 7 * 15 + 1, flames: 0 },
      { type: 'flames.changed', square: 7 * 15 + 3, flames: 1 },
    ]);
    // Flame die 3; reaction 1 (ATTACK), movement 3 to (1,7); grapple dice.
    const dice = new ScriptThenSeeded([3, 1, 3, 6, 1], 5);
    t.dice = dice;
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    expect(ev.filter((e) => e.type === 'threat.burned')).toEqual([
      { type: 'threat.burned', threatId: 's1', x: 3, y: 7, face: 3, hitOn: 4, hit: false },
    ]);
    expect(dice.used.slice(0, 3).map((u) => u.purpose)).toEqual([
      'flames burn s1?',
      expect.stringMatching(/reaction/),
      expect.stringMatching(/movement/),
    ]);
    expect(ev.some((e) => e.type === 'grapple.resolved')).toBe(true);
  });

  it('a Teamer starting his activation in a flame square is hit on 4+', () => {
    const start = (face: number) => {
      const t = new Table(new ScriptThenSeeded([], 3));
      t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
      t.send({ type: 'board' });
      t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
      t.fold([{ type: 'flames.changed', square: 7 * 15 + 1, flames: 1 }]);
      t.dice = new ScriptThenSeeded([face], 3);
      return { t, ev: t.send({ type: 'activate', teamerId: 'you' }) };
    };
    const hit = start(4);
    expect(hit.ev[1]).toEqual({
      type: 'test.rolled',
      teamerId: 'you',
      purpose: 'flames in the square',
      record: { test: 'fumble', face: 4, target: 4, success: false },
    });
    expect(hit.t.state.teamers.you?.wounds).toBe(1);
    const missed = start(3);
    expect(missed.ev[1]).toMatchObject({ type: 'test.rolled', record: { face: 3, success: true } });
    expect(missed.t.state.teamers.you?.wounds).toBe(0);
  });

  it('an import refuses a burn of a Threat not there, or whose hit does not follow the die', () => {
    const t = burning();
    const ok = { type: 'threat.burned', threatId: 's1', x: 3, y: 7, face: 5, hitOn: 4, hit: true } as const;
    expect(fdEventProblem(t.state, ok)).toBeNull();
    expect(fdEventProblem(t.state, { ...ok, x: 2 })).toMatch(/not at/);
    expect(fdEventProblem(t.state, { ...ok, threatId: 'h9' })).toMatch(/no Threat/);
    expect(fdEventProblem(t.state, { ...ok, hit: false })).toMatch(/does not follow/);
  });
});

describe('a ducked Teamer shoots a Threat come into his square (10.2)', () => {
  /** YOU at (0,7) with his second chit READY, Harpy h1 moved into his square. */
  function sharing(ducked: boolean): Table {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 0, y: 7, reason: 'set-up' }, GM);
    if (ducked) t.fold([{ type: 'teamer.ducked', teamerId: 'you', ducked: true }]);
    return t;
  }

  it('ducked, his gun fires into his own square at the Threat there', () => {
    const t = sharing(true);
    expect(t.state.teamers.you?.weapons).toContain('hand-blaster');
    expect(shotPreview(t.state, 'you', 'hand-blaster', 0, 7)).toMatchObject({
      ok: true,
      target: 'h1',
      duckers: [],
    });
    t.dice = new ScriptThenSeeded([6], 5);
    const ev = t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 0, y: 7 });
    expect(ev.find((e) => e.type === 'attack.resolved')).toMatchObject({
      by: 'you',
      x: 0,
      y: 7,
      targets: ['h1'],
      faces: [6],
      hits: { h1: 1 },
    });
    expect(t.state.teamers.you?.ducked).toBe(true);
  });

  it('standing, or with a grenade, or with no Threat there: refused, nothing changed', () => {
    const standing = sharing(false);
    let before = standing.state;
    expect(
      refusalCode(() =>
        standing.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 0, y: 7 }),
      ),
    ).toBe('TARGET_INVALID');
    expect(standing.state).toBe(before);
    const ducked = sharing(true);
    before = ducked.state;
    expect(ducked.state.teamers.you?.weapons).toContain('grenade');
    expect(
      refusalCode(() => ducked.send({ type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 0, y: 7 })),
    ).toBe('TARGET_INVALID');
    expect(ducked.state).toBe(before);
    ducked.send({ type: 'gmOverride', threatId: 'h1', x: 4, y: 5, reason: 'set-up' }, GM);
    before = ducked.state;
    expect(
      refusalCode(() => ducked.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 0, y: 7 })),
    ).toBe('NO_TARGET');
    expect(ducked.state).toBe(before);
  });
});

describe('what a -DUCK! costs the comrade who ducks (10.2)', () => {
  /** YOU at (0,7) facing east, Brick standing at (1,7) in the line, Harpy h1 at (3,7). */
  function inTheLine(brickChits: readonly FdEvent[]): Table {
    const t = youAboard();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 3, y: 7, reason: 'set-up' }, GM);
    t.fold([{ type: 'teamer.stepped', teamerId: 'brick', x: 1, y: 7, facing: 2, cost: 0 }, ...brickChits]);
    return t;
  }
  function duckedWith(t: Table): FdEvent[] {
    t.dice = new ScriptThenSeeded([], 3);
    const ev = t.send({
      type: 'shoot',
      teamerId: 'you',
      weapon: 'hand-blaster',
      x: 3,
      y: 7,
      duck: ['brick'],
    });
    expect(t.state.teamers.brick?.ducked).toBe(true);
    expect(ev.some((e) => e.type === 'attack.resolved')).toBe(true);
    return ev.filter((e) => e.type === 'chit.used' && e.teamerId === 'brick');
  }

  it('his WAIT chit if he holds one', () => {
    const t = inTheLine([{ type: 'chit.used', teamerId: 'brick', chit: 1, to: 'WAIT', kind: 'wait' }]);
    expect(duckedWith(t)).toEqual([
      { type: 'chit.used', teamerId: 'brick', chit: 1, to: 'ACTED', kind: 'duck' },
    ]);
    expect(t.state.teamers.brick?.chits).toEqual(['READY', 'ACTED']);
  });

  it('else a READY chit, else nothing', () => {
    const ready = inTheLine([]);
    expect(duckedWith(ready)).toEqual([
      { type: 'chit.used', teamerId: 'brick', chit: 0, to: 'ACTED', kind: 'duck' },
    ]);
    const spent = inTheLine([
      { type: 'chit.used', teamerId: 'brick', chit: 0, to: 'ACTED', kind: 'move' },
      { type: 'chit.used', teamerId: 'brick', chit: 1, to: 'ACTED', kind: 'move' },
    ]);
    expect(duckedWith(spent)).toEqual([]);
  });
});
