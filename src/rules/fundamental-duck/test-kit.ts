import type { Die } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import type { FdCommand } from './commands.ts';
import { defaultPack } from './data/pack.ts';
import type { FdPack } from './data/pack-schema.ts';
import type { FdEvent, PlacedThreat } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import type { Facing, FdState, Ping, Teamer } from './state.ts';

/** Test helpers: a fixed deal, a table to send commands to, scripted-then-seeded dice. */

export const PLAYER: Seat = { seatId: 'p1', role: 'player' };
export const GM: Seat = { seatId: 'gm', role: 'gm' };

/** Faces from a script first (checked by purpose order in the test), then from a seeded generator. */
export class ScriptThenSeeded implements DiceSource {
  private next = 0;
  readonly used: { die: string; face: number; purpose: string }[] = [];
  private readonly seeded: SeededDice;
  constructor(
    private readonly faces: readonly number[],
    seed = 1,
  ) {
    this.seeded = new SeededDice(seed);
  }
  roll(die: Die, purpose: string): number {
    const face = this.next < this.faces.length ? (this.faces[this.next++] as number) : this.seeded.roll(die);
    this.used.push({ die: die.name, face, purpose });
    return face;
  }
  get scriptLeft(): number {
    return this.faces.length - this.next;
  }
}

/** A deal made by hand: per tile index its pings, cards and Source chits (true = the H). */
export function fixedDeal(
  state: FdState,
  tiles: Readonly<Record<number, { pings?: Ping[]; cards?: string[]; chits?: boolean[] }>>,
  markers: Ping[] = ['red', 'orange'],
): FdEvent {
  return {
    type: 'arena.dealt',
    tiles: state.tiles.map((_, i) => ({
      pings: tiles[i]?.pings ?? ['none'],
      cards: tiles[i]?.cards ?? [],
      chits: tiles[i]?.chits ?? [],
    })),
    deck: [],
    markers,
    faces: [],
  };
}

/**
 * The Threat phase reached `threatId`'s step across a door side into `to` (square index), and YOU
 * at the door's controls with WAIT is asked whether to crush it: what threat-phase.ts raises.
 */
export function crossingRaised(threatId: string, to: number, door: number): FdEvent[] {
  return [
    { type: 'phase.began', phase: 'threat', turn: 1 },
    { type: 'threat.queue', queue: [], order: { units: [], rollOffs: [], dice: [] } },
    { type: 'threat.paused', threatId, actions: [{ kind: 'move', path: [to] }], crossingAsked: true },
    { type: 'interrupt.raised', threatId, trigger: 'crossing', teamerIds: ['you'], door },
  ];
}

/** One Threat set down at (x, y) of `tile` with no dice, as a test's staging (a `threats.placed`). */
export function threatPlaced(
  tile: number,
  threat: Omit<PlacedThreat, 'faces'>,
  ping: Ping = 'green',
): FdEvent {
  return {
    type: 'threats.placed',
    tile,
    marker: 0,
    ping,
    countFaces: [],
    threats: [{ ...threat, faces: [] }],
    tieFaces: [],
  };
}

/** The default pack with these of its switches (22) set: a test of a pack option. */
export function packWith(switches: Partial<FdPack['options']['switches']>): FdPack {
  return {
    ...defaultPack,
    options: { ...defaultPack.options, switches: { ...defaultPack.options.switches, ...switches } },
  };
}

/**
 * `state` after `command`, decided for `seat` (the GM's unless given) on fresh dice seeded `seed`
 * and folded: for the tests that work on bare states rather than a Table.
 */
export function sentOn(state: FdState, command: FdCommand, seat: Seat = GM, seed = 4): FdState {
  let s = state;
  for (const e of fd.decide(s, command, { actor: seat, dice: new SeededDice(seed) })) s = fd.evolve(s, e);
  return s;
}

/** `state` with Teamer `id` changed by hand (no event): a staging no command makes. */
export function patchTeamer(state: FdState, id: string, patch: Partial<Teamer>): FdState {
  return { ...state, teamers: { ...state.teamers, [id]: { ...(state.teamers[id] as Teamer), ...patch } } };
}

export class Table {
  state: FdState;
  readonly log: FdEvent[] = [];
  constructor(
    public dice: DiceSource,
    state?: FdState,
  ) {
    this.state = state ?? fd.setup({});
  }
  fold(events: readonly FdEvent[]): void {
    for (const e of events) this.state = fd.evolve(this.state, e);
    this.log.push(...events);
  }
  send(command: FdCommand, seat: Seat = PLAYER): FdEvent[] {
    const ctx: DecideContext = { actor: seat, dice: this.dice };
    const events = fd.decide(this.state, command, ctx);
    this.fold(events);
    return events;
  }
}

/**
 * YOU aboard at (0,7) facing east after a MOVE (his second chit still READY), the entry tile's
 * marker green and its card quiet: two Harpies on the corridor tile (combat and policy tests).
 */
export function youAboard(): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  t.dice = new ScriptedDice([2, 1, 1]);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you' });
  return t;
}

/**
 * YOU lying (ducked) at (2,7) facing east with his second chit on WAIT, Harpy h1 at (4,7) in front
 * of him, turn 1's Team phase (10.2 stand-up tests, the table's WAIT prompt).
 */
export function youDuckedAndWaiting(): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', threatId: 'h1', x: 4, y: 7, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  t.send({ type: 'task', teamerId: 'you', task: 'duck' });
  t.send({ type: 'wait', teamerId: 'you' });
  return t;
}

/**
 * YOU in door 2's zone at (4,6), Brick beside him in the same square, YOU activated and lying
 * down, turn 1's Team phase (10.2: what a ducked man must stand up for, the rules' and the table's).
 */
export function lyingAtTheDoor(): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 6, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', x: 4, y: 6, facing: 6, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  t.fold([{ type: 'teamer.ducked', teamerId: 'you', ducked: true }]);
  return t;
}

/** Where and which way a staged figure stands. */
export interface Spot {
  readonly x: number;
  readonly y: number;
  readonly facing: Facing;
}

/** The narrow door between the entry tile (3) and the hub (4): aperture squares (4,7) and (5,7). */
export const HUB_DOOR = 2;
/** The cargo door between module 1 (north) and the hub (4): three sides at x 6–8, rows 4 | 5. */
export const CARGO_DOOR = 8;

/**
 * Boarded (the entry tile green and quiet, a Source chit in the hub), YOU stood at `you` and the
 * hub door opened; nobody activated, the hub not yet entered (the door and dive tests).
 */
export function hubDoorOpen(you: Spot, state?: FdState): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]), state);
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] }, 4: { chits: [true] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', ...you, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', door: HUB_DOOR, open: true, reason: 'set-up' }, GM);
  return t;
}

/** YOU activated in the west aperture square (4,7) of the open hub door, facing east (15.2's dive). */
export function atTheHubDoor(state?: FdState): Table {
  const t = hubDoorOpen({ x: 4, y: 7, facing: 2 }, state);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

/**
 * YOU in the open cargo door's zone on the hub side (6,5) facing north, his second chit on WAIT;
 * Brick at `brick` (by default the east aperture square (8,5), facing north); Harpy h1 in the
 * north middle aperture square (7,4) about to step across into the hub: the crossing interrupt
 * waits on YOU (15.2, 15.3: the rules', the policy's and the table's dives under a crush).
 */
export function crossingTheCargoDoor(brick: Spot = { x: 8, y: 5, facing: 0 }): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', door: CARGO_DOOR, open: true, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'you', x: 6, y: 5, facing: 0, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', ...brick, reason: 'set-up' }, GM);
  t.fold([threatPlaced(4, { id: 'h1', species: 'harpy', x: 7, y: 4, facing: 4 })]);
  t.dice = new ScriptThenSeeded([], 3);
  t.send({ type: 'activate', teamerId: 'you' });
  t.send({ type: 'pass', teamerId: 'you' });
  t.send({ type: 'wait', teamerId: 'you' });
  t.fold(crossingRaised('h1', 5 * 15 + 7, CARGO_DOOR));
  return t;
}

/** Boarded with nothing pinged (the entry tile's marker none, its card quiet), dice seeded 3 on. */
export function boardedQuietly(state?: FdState): Table {
  const t = new Table(new ScriptThenSeeded([], 3), state);
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  return t;
}

/**
 * A move under way among a comrade and a Threat (12's walk to cover): YOU stood at `you`, Brick at
 * `brick`, Skitter s1 at `skitter` on `tile`, which YOU has entered; YOU activated, made a chicken
 * when `chicken`, then his MOVE begun on `faces` (the average die first), seeded 3 after them.
 */
export function chickenMoving(o: {
  you: Spot;
  brick: Spot;
  tile: number;
  skitter: Spot;
  chicken: boolean;
  faces: readonly number[];
}): Table {
  const t = boardedQuietly();
  t.send({ type: 'gmOverride', teamerId: 'you', ...o.you, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', ...o.brick, reason: 'set-up' }, GM);
  t.fold([
    { type: 'tile.entered', tile: o.tile, teamerId: 'you' },
    threatPlaced(o.tile, { id: 's1', species: 'skitter', ...o.skitter }),
  ]);
  t.send({ type: 'activate', teamerId: 'you' });
  if (o.chicken) t.send({ type: 'gmOverride', teamerId: 'you', chicken: true, reason: 'set-up' }, GM);
  t.dice = new ScriptThenSeeded(o.faces, 3);
  t.send({ type: 'move', teamerId: 'you' });
  return t;
}

/** YOU (a chicken if asked) at (1,7) facing east, moving 4, in the open; Brick at (3,8); a Skitter at (4,7). */
export function chickenInTheOpen(chicken: boolean): Table {
  return chickenMoving({
    you: { x: 1, y: 7, facing: 2 },
    brick: { x: 3, y: 8, facing: 2 },
    tile: 3,
    skitter: { x: 4, y: 7, facing: 6 },
    chicken,
    faces: [4],
  });
}

/** Tile 4's ceiling level as the ceiling tests lay it: a hatch at (7,6), a weak spot at (8,7). */
export function ceilingOverTile4(): FdEvent {
  return {
    type: 'ceiling.rolled',
    tile: 4,
    face: 6,
    level: true,
    exits: [
      { x: 7, y: 6, kind: 'hatch', faces: [] },
      { x: 8, y: 7, kind: 'weak', faces: [] },
    ],
  };
}

/**
 * A chicken's walk to cover over the LOW crates of tile 4 (12, 9.2): boarded, YOU at (x, y)
 * facing west, activated and made a chicken, Brick at (6,7), a Skitter at (5,6) in plain sight
 * along row 6; his MOVE started with the average die `allowance`, then `after` (his fumble test
 * stepping down, say), the rest from seed 3. From the crates at (8,6) his cover (7,7) is a
 * diagonal step down; from the floor at (8,7) a level step.
 */
export function chickenByTheCrates(x: number, y: number, allowance: number, after: number[] = []): Table {
  return chickenMoving({
    you: { x, y, facing: 6 },
    brick: { x: 6, y: 7, facing: 6 },
    tile: 4,
    skitter: { x: 5, y: 6, facing: 2 },
    chicken: true,
    faces: [allowance, ...after],
  });
}

/** The default pack's new-orders card resolved on tile 4 (the hub): reach a Bridge tile. */
export const newOrdersOnTile4: FdEvent = {
  type: 'card.resolved',
  tile: 4,
  cardId: 'new-orders',
  colour: 'green',
  effect: 'new-orders',
  text: '',
};

/**
 * A boarded table (entry tile green and quiet, the hub's card quiet) given new orders unless
 * `reach` is null, carried out by YOU reaching the Bridge (tile 0) when `reach`; then the GM
 * puts the whole Team out and the game ends with its evaluation.
 */
export function newOrdersGame(reach: boolean | null, state?: FdState): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]), state);
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] }, 4: { cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  if (reach !== null) t.fold([newOrdersOnTile4]);
  if (reach) t.fold([{ type: 'orders.met', teamerId: 'you', tile: 0 }]);
  for (const id of t.state.teamOrder)
    t.send({ type: 'gmOverride', teamerId: id, wounds: 3, reason: 'the end' }, GM);
  return t;
}
