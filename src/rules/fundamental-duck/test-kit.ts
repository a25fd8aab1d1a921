import type { Die } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import type { FdCommand } from './commands.ts';
import type { FdEvent, PlacedThreat } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import type { FdState, Ping } from './state.ts';

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
  const t = new Table(new ScriptThenSeeded([], 3));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x, y, facing: 6, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', x: 6, y: 7, facing: 6, reason: 'set-up' }, GM);
  t.fold([
    { type: 'tile.entered', tile: 4, teamerId: 'you' },
    threatPlaced(4, { id: 's1', species: 'skitter', x: 5, y: 6, facing: 2 }),
  ]);
  t.send({ type: 'activate', teamerId: 'you' });
  t.send({ type: 'gmOverride', teamerId: 'you', chicken: true, reason: 'set-up' }, GM);
  t.dice = new ScriptThenSeeded([allowance, ...after], 3);
  t.send({ type: 'move', teamerId: 'you' });
  return t;
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
