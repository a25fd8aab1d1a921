import { describe, expect, it } from 'vitest';
import type { Die } from '../../engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { arenaOf, arenaStateOf } from './board-adapter.ts';
import { climbGoal } from './ceiling.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { teamersAt } from './figures.ts';
import { fundamentalDuck as fd } from './index.ts';
import { legalCommands } from './legal.ts';
import type { Teamer } from './state.ts';
import {
  ceilingOverTile4,
  fixedDeal,
  GM,
  PLAYER,
  packWith,
  ScriptThenSeeded,
  Table,
  threatPlaced,
} from './test-kit.ts';
import { redactOf, viewOf } from './view.ts';
import { worldOf } from './world-adapter.ts';

/** The ceiling extension (digest 19) with scripted dice: every rule its own case. */

const ENTRY = 3;
const pack = packWith({ ceiling: true });

/** Faces by purpose (first matching rule, each face used once), the rest from a seed; every roll is kept. */
class ByPurpose implements DiceSource {
  readonly used: { face: number; purpose: string }[] = [];
  private readonly seeded = new SeededDice(3);
  constructor(private readonly rules: [RegExp, number[]][]) {}
  roll(die: Die, purpose: string): number {
    const rule = this.rules.find(([re, faces]) => re.test(purpose) && faces.length > 0);
    const face = rule ? (rule[1].shift() as number) : this.seeded.roll(die);
    this.used.push({ face, purpose });
    return face;
  }
}

/** Boards with the ceiling on: the entry tile rolls a level (6) and six exits, hatches and weak spots. */
function boarded(nest?: number, withPack = pack): Table {
  // Exits (column, row, kind die): hatches (0,5), (1,5), (3,8); weak spots (2,5), (0,7), (4,9).
  const dice = new ScriptThenSeeded([6, 1, 1, 1, 2, 1, 2, 3, 1, 6, 1, 3, 5, 4, 4, 3, 5, 5, 4], 5);
  const t = new Table(dice, fd.setup({ pack: withPack }));
  // `nest`: the tile dealt the H chit (the Source tile, where prey is taken).
  const source = nest === undefined ? {} : { [nest]: { chits: [true] } };
  t.fold([fixedDeal(t.state, { ...source, [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  return t;
}

function upThere(t: Table, id: string, x: number, y: number): void {
  t.fold([
    threatPlaced(ENTRY, { id, species: 'skitter', x, y, facing: 0 }),
    { type: 'ceiling.entered', tile: ENTRY, rolls: [{ threatId: id, face: 5 }], up: [id] },
  ]);
}

/** The GM puts `id` at (x, y) facing east; `moduleEntered` false leaves its module unentered (12). */
function place(t: Table, id: string, x: number, y: number, moduleEntered = true): void {
  t.send({ type: 'gmOverride', teamerId: id, x, y, facing: 2, moduleEntered, reason: 'set-up' }, GM);
}

describe('the ceiling extension (19)', () => {
  it('a tile first opened rolls for a ceiling level and dices its exits (hatch or weak spot)', () => {
    const t = boarded();
    const rolled = t.log.find((e) => e.type === 'ceiling.rolled');
    expect(rolled).toMatchObject({ tile: ENTRY, face: 6, level: true });
    const exits = rolled?.type === 'ceiling.rolled' ? rolled.exits : [];
    expect(exits.map((x) => x.kind)).toEqual(['hatch', 'hatch', 'weak', 'weak', 'hatch', 'weak']);
    expect(exits.map((x) => `${x.x},${x.y}`)).toEqual(['0,5', '1,5', '2,5', '0,7', '3,8', '4,9']);
    const purposes = (t.dice as ScriptThenSeeded).used.slice(0, 4).map((u) => u.purpose);
    expect(purposes).toEqual([
      `ceiling level over tile ${ENTRY}`,
      'ceiling exit: column',
      'ceiling exit: row',
      'ceiling exit: hatch or weak spot',
    ]);
    expect(t.state.ceiling?.levels[ENTRY]).toBe(true);
  });

  it('a tile without a 6 has no level, and with the option off nothing is rolled', () => {
    const t = new Table(new ScriptThenSeeded([5], 5), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    expect(t.log.find((e) => e.type === 'ceiling.rolled')).toMatchObject({
      face: 5,
      level: false,
      exits: [],
    });
    const off = new Table(new ScriptThenSeeded([], 5), fd.setup({}));
    off.fold([fixedDeal(off.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    off.send({ type: 'board' });
    expect(off.log.some((e) => e.type.startsWith('ceiling.'))).toBe(false);
    expect(off.state.ceiling).toBeUndefined();
  });

  it('each Threat placed on a tile with a level goes up on 4–6, above its own square', () => {
    const dice = new ByPurpose([
      [/ceiling level/, [6]],
      [/how many Threats/, [2, 2, 2]],
      [/Threat placement: column/, [2, 4, 2]],
      [/Threat placement: row/, [2, 4, 2]],
      [/into the ceiling/, [4, 3, 3]],
    ]);
    const t = new Table(dice, fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: [] } })]);
    t.send({ type: 'board' });
    const entered = t.log.find((e) => e.type === 'ceiling.entered');
    expect(entered?.type === 'ceiling.entered' && entered.up).toHaveLength(1);
    const [upId] = entered?.type === 'ceiling.entered' ? entered.up : [];
    const placed = t.log.find((e) => e.type === 'threats.placed');
    const where = placed?.type === 'threats.placed' ? placed.threats.find((p) => p.id === upId) : undefined;
    expect(t.state.ceiling?.threats[upId as string]).toMatchObject({ x: where?.x, y: where?.y });
    expect(t.state.threats[upId as string]).toBeUndefined();
    expect(t.state.threatOrder).not.toContain(upId);
  });

  it('a ceiling Threat crawls to the exit next to a Teamer, drops and grapples him (attack from above)', () => {
    const t = boarded();
    place(t, 'you', 1, 6);
    upThere(t, 'h1', 3, 7);
    // Movement 3; the hatch (1,5) and the weak spot (2,5), both next to YOU, are 2 away: roll-off 1, 6.
    t.dice = new ScriptThenSeeded([3, 1, 6], 9);
    const from = t.log.length;
    t.send({ type: 'endTeamPhase' });
    const mine = t.log.slice(from).filter((e) => e.type.startsWith('ceiling.'));
    expect(mine[0]).toMatchObject({
      type: 'ceiling.decided',
      threatId: 'h1',
      why: 'drops on a Teamer',
      target: 'you',
      rollOffs: [1, 6],
      exit: { x: 2, y: 5, kind: 'weak' },
    });
    expect(mine[1]).toEqual({ type: 'ceiling.moved', threatId: 'h1', x: 2, y: 5 });
    expect(mine[2]).toMatchObject({ type: 'ceiling.dropped', threatId: 'h1', x: 2, y: 5, kind: 'weak' });
    expect(t.log.some((e) => e.type === 'grapple.resolved')).toBe(true);
    // The weak spot is revealed; the Threat is on the floor, its activation spent.
    expect(t.state.ceiling?.exits[ENTRY]?.find((x) => x.x === 2 && x.y === 5)?.revealed).toBe(true);
    expect(t.state.ceiling?.order).toEqual([]);
  });

  it('dropping into a square with flame markers is entering it: the flame hits the Threat (24.2)', () => {
    const t = boarded();
    place(t, 'you', 1, 6);
    upThere(t, 'h1', 3, 7);
    t.fold([{ type: 'flames.changed', square: 5 * 15 + 2, flames: 1 }]);
    // As above it drops through the weak spot (2,5); the flame die 4 kills the Skitter: no grapple.
    t.dice = new ScriptThenSeeded([3, 1, 6, 4], 9);
    const from = t.log.length;
    t.send({ type: 'endTeamPhase' });
    const mine = t.log.slice(from);
    const drop = mine.findIndex((e) => e.type === 'ceiling.dropped');
    expect(drop).toBeGreaterThanOrEqual(0);
    expect(mine[drop + 1]).toEqual({
      type: 'threat.burned',
      threatId: 'h1',
      x: 2,
      y: 5,
      face: 4,
      hitOn: 4,
      hit: true,
    });
    expect(mine).toContainEqual({ type: 'threat.killed', threatId: 'h1', by: null });
    expect(mine.some((e) => e.type === 'grapple.resolved')).toBe(false);
  });

  it('too far: it crawls toward that exit and stays up', () => {
    const t = boarded();
    place(t, 'you', 1, 6);
    upThere(t, 'h1', 4, 9);
    // Movement 1: the four exits next to YOU are 4 away; roll-off 6, 1, 1, 1 picks the hatch (0,5).
    t.dice = new ScriptThenSeeded([1, 6, 1, 1, 1], 9);
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'ceiling.decided');
    expect(decided).toMatchObject({ why: 'crawls toward a Teamer', target: 'you', exit: { x: 0, y: 5 } });
    expect(t.log.find((e) => e.type === 'ceiling.moved')).toEqual({
      type: 'ceiling.moved',
      threatId: 'h1',
      x: 3,
      y: 8,
    });
    expect(t.state.ceiling?.threats.h1).toMatchObject({ x: 3, y: 8 });
  });

  it('nobody below: it goes down through the nearest exit to hunt (ties: roll-off)', () => {
    const t = boarded();
    t.state.teamOrder
      .filter((id) => t.state.teamers[id]?.x !== null)
      .forEach((id, i) => {
        place(t, id, 6 + i, 7);
      });
    upThere(t, 'h1', 1, 6);
    // Movement 2; (0,5), (1,5), (2,5), (0,7) are all one step: roll-off 6, 1, 1, 1 picks the first.
    t.dice = new ScriptThenSeeded([2, 6, 1, 1, 1], 9);
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'ceiling.decided');
    expect(decided).toMatchObject({ why: 'drops to hunt', target: null, rollOffs: [6, 1, 1, 1] });
    expect(t.log.find((e) => e.type === 'ceiling.dropped')).toMatchObject({ x: 0, y: 5, kind: 'hatch' });
  });

  describe('shooting up', () => {
    function armed(t: Table, changes: Partial<Teamer>): void {
      const you = t.state.teamers.you as Teamer;
      t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, ...changes }, reason: 'test' }]);
    }
    /** YOU at (1,7) armed with `changes` (a HAR alone unless given), Skitter h1 up in the ceiling at (x,7); YOU activated. */
    function under(x: number, changes: Partial<Teamer> = { weapons: ['har'], ammo: {} }): Table {
      const t = boarded();
      place(t, 'you', 1, 7);
      armed(t, changes);
      upThere(t, 'h1', x, 7);
      t.send({ type: 'activate', teamerId: 'you' });
      return t;
    }

    it('HAR fires through the ceiling at a Threat within 2 of the Bio-Sensor; a kill takes it off', () => {
      const t = under(3);
      t.dice = new ScriptThenSeeded([6, 6, 6, 6], 9);
      t.send({ type: 'shoot', teamerId: 'you', weapon: 'har', x: 3, y: 7, up: true });
      expect(t.log.some((e) => e.type === 'ceiling.killed' && e.threatId === 'h1')).toBe(true);
      expect(t.state.ceiling?.order).toEqual([]);
      expect((t.dice as ScriptThenSeeded).used[0]?.purpose).toMatch(/into the ceiling by YOU/);
    });

    it('refuses: no Bio-Sensor near, a gun that cannot fire up, a shotgun on a weak spot; nothing changes', () => {
      const t = under(3, {
        weapons: ['har', 'shotgun', 'hand-blaster'],
        ammo: { shotgun: 5 },
        bioSensor: false,
      });
      const before = t.state;
      const shoot = (weapon: string, x: number, y: number) => () =>
        t.send({ type: 'shoot', teamerId: 'you', weapon, x, y, up: true });
      expect(refusalCode(shoot('har', 3, 7))).toBe('NOT_SENSED');
      armed(t, { bioSensor: true });
      expect(refusalCode(shoot('hand-blaster', 3, 7))).toBe('NOT_THROUGH_CEILING');
      expect(refusalCode(shoot('har', 4, 7))).toBe('NO_TARGET');
      // (2,5) is a weak spot: a shotgun may fire only on a hatch (the same refusal as no exit at all).
      t.fold([{ type: 'ceiling.moved', threatId: 'h1', x: 2, y: 5 }]);
      expect(refusalCode(shoot('shotgun', 2, 5))).toBe('NOT_THROUGH_CEILING');
      t.fold([{ type: 'ceiling.moved', threatId: 'h1', x: 1, y: 5 }]);
      t.dice = new ScriptThenSeeded([1], 9);
      t.send({ type: 'shoot', teamerId: 'you', weapon: 'shotgun', x: 1, y: 5, up: true });
      expect(t.log.at(-2)).toMatchObject({ type: 'attack.resolved', targets: ['h1'] });
      expect(before.threatOrder).toEqual(t.state.threatOrder);
      const off = new Table(new ScriptThenSeeded([], 5), fd.setup({}));
      off.fold([fixedDeal(off.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
      off.send({ type: 'board' });
      expect(
        refusalCode(() =>
          off.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 1, y: 7, up: true }),
        ),
      ).toBe('NO_CEILING');
    });

    it('lying down he may not shoot up over his own square (10.2: it has come into nothing); standing, he may', () => {
      const t = under(1);
      t.fold([{ type: 'teamer.ducked', teamerId: 'you', ducked: true }]);
      t.dice = new ScriptThenSeeded([6, 6, 6, 6], 9);
      const before = t.state;
      const shoot = { type: 'shoot', teamerId: 'you', weapon: 'har', x: 1, y: 7, up: true } as const;
      expect(refusalCode(() => t.send(shoot))).toBe('DUCKED');
      expect(t.state).toBe(before);
      expect((t.dice as ScriptThenSeeded).used).toEqual([]);
      // The simulator and the table are offered no such shot, only standing up first.
      expect(legalCommands(t.state).some((c) => c.type === 'shoot' && c.up === true)).toBe(false);
      expect(legalCommands(t.state)).toContainEqual({ type: 'task', teamerId: 'you', task: 'standUp' });
      t.send({ type: 'task', teamerId: 'you', task: 'standUp' });
      expect(legalCommands(t.state)).toContainEqual(shoot);
      t.send(shoot);
      expect(t.log.some((e) => e.type === 'ceiling.killed' && e.threatId === 'h1')).toBe(true);
    });
  });

  it('hidden information: players never get a weak spot before a Threat drops through it', () => {
    const t = boarded();
    const view = viewOf(t.state, PLAYER) as { ceiling: { exits: Record<string, { kind: string }[]> } };
    expect(view.ceiling.exits[ENTRY]?.map((x) => x.kind)).toEqual(['hatch', 'hatch', 'hatch']);
    expect(JSON.stringify(view.ceiling)).not.toContain('weak');
    const gm = viewOf(t.state, GM) as { ceiling: { exits: Record<string, unknown[]> } };
    expect(gm.ceiling.exits[ENTRY]).toHaveLength(6);
    for (const e of t.log)
      if (e.type.startsWith('ceiling.')) expect(JSON.stringify(redactOf(e, PLAYER))).not.toContain('weak');
    const crawl: FdEvent = {
      type: 'ceiling.decided',
      threatId: 'h1',
      why: 'crawls toward an exit',
      allowance: 1,
      faces: [1],
      rollOffs: [],
      target: null,
      exit: { x: 2, y: 5, kind: 'weak' },
    };
    expect(redactOf(crawl, PLAYER)).not.toHaveProperty('exit');
    expect(redactOf({ ...crawl, why: 'drops to hunt' }, PLAYER)).toHaveProperty('exit');
    // Once dropped through, the weak spot shows.
    upThere(t, 'h1', 2, 5);
    t.fold([{ type: 'ceiling.dropped', threatId: 'h1', x: 2, y: 5, facing: 0, kind: 'weak' }]);
    const after = viewOf(t.state, PLAYER) as { ceiling: { exits: Record<string, { kind: string }[]> } };
    expect(after.ceiling.exits[ENTRY]?.filter((x) => x.kind === 'weak')).toHaveLength(1);
  });

  it('import checks: schemas and what the events name', () => {
    const t = boarded();
    upThere(t, 'h1', 3, 7);
    const moved = { type: 'ceiling.moved', threatId: 'h1', x: 2, y: 7 } as const;
    expect(fdEventSchemas['ceiling.moved']?.safeParse(moved).success).toBe(true);
    expect(fdEventProblem(t.state, moved)).toBeNull();
    expect(fdEventProblem(t.state, { ...moved, threatId: 'h9' })).toMatch(/no Threat h9 in the ceiling/);
    expect(fdEventProblem(t.state, { ...moved, x: 7 })).toMatch(/not under the ceiling/);
    const drop = { type: 'ceiling.dropped', threatId: 'h1', x: 3, y: 7, facing: 0, kind: 'hatch' } as const;
    expect(fdEventProblem(t.state, drop)).toMatch(/no hatch exit/);
    expect(fdEventSchemas['ceiling.dropped']?.safeParse({ ...drop, kind: 'trapdoor' }).success).toBe(false);
    expect(
      fdEventProblem(t.state, { type: 'ceiling.rolled', tile: ENTRY, face: 6, level: false, exits: [] }),
    ).toMatch(/already rolled/);
    const off = new Table(new ScriptThenSeeded([], 5), fd.setup({}));
    expect(fdEventProblem(off.state, moved)).toMatch(/without the ceiling/);
  });
});

describe('Teamers in the ceiling (19)', () => {
  const TILE = 4;
  /** Tile 4 gets a level by hand: a hatch at (7,6) beside the LOW obstacle at (8,6), a hidden weak spot at (8,7). */
  function withTile4(t: Table): void {
    t.fold([ceilingOverTile4()]);
  }

  /**
   * YOU on the LOW obstacle at (8,6), moving with an allowance of `face` (the average die);
   * `moduleEntered` false: the GM's placement leaves tile 4 unentered (his first step there is the first in).
   */
  function moving(face = 4, nest?: number, withPack = pack, moduleEntered = true): Table {
    const t = boarded(nest, withPack);
    withTile4(t);
    place(t, 'you', 8, 6, moduleEntered);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptThenSeeded([face], 9);
    t.send({ type: 'move', teamerId: 'you' });
    return t;
  }

  /** Skitters (or `species`) placed on tile 4 by hand, each `[id, x, y]`; `up`: they go up into its ceiling. */
  function skitters(t: Table, at: [string, number, number][], up: boolean, species = 'skitter'): void {
    t.fold([
      {
        type: 'threats.placed',
        tile: TILE,
        marker: 0,
        ping: 'green',
        countFaces: [],
        threats: at.map(([id, x, y]) => ({ id, species, x, y, facing: 0 as const, faces: [] })),
        tieFaces: [],
      },
    ]);
    if (up)
      t.fold([
        {
          type: 'ceiling.entered',
          tile: TILE,
          rolls: at.map(([threatId]) => ({ threatId, face: 6 })),
          up: at.map(([id]) => id),
        },
      ]);
  }

  it('climbs up through a hatch next to his LOW obstacle (2 points), crawls, and climbs down (1 point)', () => {
    const t = moving(4);
    const ev = t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    expect(ev).toContainEqual({ type: 'ceiling.climbed', teamerId: 'you', up: true, x: 7, y: 6, cost: 2 });
    expect(t.state.teamers.you).toMatchObject({ x: 7, y: 6, up: true });
    expect(t.state.move?.spent).toBe(2);
    // Off the floor: the square below is empty for every floor rule.
    expect(legalCommands(t.state)).toContainEqual({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    t.send({ type: 'step', teamerId: 'you', x: 6, y: 7 });
    expect(t.state.teamers.you).toMatchObject({ x: 6, y: 7, up: true, facing: 5 });
    t.send({ type: 'step', teamerId: 'you', x: 7, y: 6 });
    expect(t.state.move?.spent).toBe(4);
    expect(legalCommands(t.state).filter((c) => c.type === 'step')).toEqual([]);
  });

  it('down again: through the hatch he is above, onto its square, with the floor step after it', () => {
    // Tile 4 left unentered by the placement, so the floor step shows: he is the first into it.
    const t = moving(5, undefined, pack, false);
    t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    const ev = t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    expect(ev[0]).toEqual({ type: 'ceiling.climbed', teamerId: 'you', up: false, x: 7, y: 6, cost: 1 });
    expect(ev.some((e) => e.type === 'tile.entered' && e.tile === TILE)).toBe(true);
    expect(t.state.teamers.you?.up).toBe(false);
    expect(t.state.move?.spent).toBe(3);
  });

  it('refuses: no LOW obstacle, a hidden weak spot, too far, too little movement, not moving; nothing changes', () => {
    const t = moving(4);
    const before = t.state;
    const climb = (x: number, y: number) => () => t.send({ type: 'climb', teamerId: 'you', x, y });
    // The weak spot at (8,7) is unknown to the Team: the same answer as no exit at all.
    expect(refusalCode(climb(8, 7))).toBe('NO_EXIT');
    expect(refusalCode(climb(6, 6))).toBe('NO_EXIT');
    expect(t.state).toBe(before);
    t.send({ type: 'step', teamerId: 'you', x: 8, y: 5 });
    expect(refusalCode(climb(7, 6))).toBe('NO_FOOTING');
    const far = moving(1);
    expect(refusalCode(() => far.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 }))).toBe(
      'NOT_ENOUGH_MOVEMENT',
    );
    const idle = boarded();
    withTile4(idle);
    place(idle, 'you', 8, 6);
    expect(refusalCode(() => idle.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 }))).toBe('NOT_MOVING');
    const off = new Table(new ScriptThenSeeded([], 5), fd.setup({}));
    off.fold([fixedDeal(off.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    off.send({ type: 'board' });
    expect(refusalCode(() => off.send({ type: 'climb', teamerId: 'you', x: 1, y: 5 }))).toBe('NO_CEILING');
  });

  it('up there he is off the floor: no room taken, no floor command, no floor Threat goes for him', () => {
    const t = moving(4);
    t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    t.send({ type: 'endMove', teamerId: 'you' });
    expect(teamersAt(t.state, 7, 6)).toEqual([]);
    expect(arenaStateOf(t.state).teamers[6 * arenaOf(t.state).width + 7]).toBe(0);
    expect(worldOf(t.state).teamers.map((m) => m.id)).not.toContain('you');
    expect(refusalCode(() => t.send({ type: 'task', teamerId: 'you', task: 'duck' }))).toBe('IN_CEILING');
    expect(
      refusalCode(() => t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 7, y: 8 })),
    ).toBe('IN_CEILING');
    // A step down the floor's way is a crawl up there: never into another tile's ceiling.
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 6, y: 5 });
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', x: 5, y: 4 }))).toBe('STEP_BLOCKED');
    expect(refusalCode(() => t.send({ type: 'step', teamerId: 'you', bridge: true }))).toBe('BAD_STEP');
  });

  it('a ceiling Threat crawls to a Teamer up there and grapples him', () => {
    const t = moving(4);
    t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    t.send({ type: 'endMove', teamerId: 'you' });
    skitters(t, [['h1', 9, 9]], true);
    const dice = new ByPurpose([
      [/ceiling movement/, [3]],
      [/grapple: YOU/, [6]],
      [/grapple: Threat/, [1]],
    ]);
    t.dice = dice;
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'ceiling.decided' && e.threatId === 'h1');
    expect(decided).toMatchObject({ why: 'grapples a Teamer up here', target: 'you', allowance: 3 });
    const moved = t.log.find((e) => e.type === 'ceiling.moved');
    expect(moved?.type === 'ceiling.moved' && Math.max(Math.abs(moved.x - 7), Math.abs(moved.y - 6))).toBe(1);
    expect(t.log.find((e) => e.type === 'grapple.resolved')).toMatchObject({
      threatId: 'h1',
      loser: 'threat',
    });
    expect(t.log.some((e) => e.type === 'ceiling.wounded' || e.type === 'ceiling.killed')).toBe(true);
  });

  it('his own grapple and shot up there, at a Threat of his ceiling', () => {
    const t = moving(4);
    t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    t.send({ type: 'endMove', teamerId: 'you' });
    skitters(
      t,
      [
        ['h1', 8, 7],
        ['h2', 5, 9],
      ],
      true,
    );
    expect(legalCommands(t.state)).toContainEqual({ type: 'grapple', teamerId: 'you', threatId: 'h1' });
    expect(refusalCode(() => t.send({ type: 'grapple', teamerId: 'you', threatId: 'h2' }))).toBe(
      'NOT_IN_CONTACT',
    );
    const shot = t.state;
    t.dice = new ScriptThenSeeded([6, 1], 9);
    t.send({ type: 'grapple', teamerId: 'you', threatId: 'h1' });
    expect(t.log.find((e) => e.type === 'grapple.resolved')).toMatchObject({
      threatId: 'h1',
      loser: 'threat',
    });
    expect(t.log.some((e) => e.type === 'ceiling.killed' && e.threatId === 'h1')).toBe(true);
    // Or he shoots it: any gun in arc and range, no Bio-Sensor needed up there; a grenade is refused.
    t.state = shot;
    const weapon = (t.state.teamers.you as Teamer).weapons[0] as string;
    t.dice = new ScriptThenSeeded([6, 6, 6, 6], 9);
    t.send({ type: 'shoot', teamerId: 'you', weapon, x: 8, y: 7, up: true });
    expect(t.log.at(-3)).toMatchObject({ type: 'attack.resolved', targets: ['h1'] });
    t.state = shot;
    const you = t.state.teamers.you as Teamer;
    t.fold([
      {
        type: 'gm.overrode',
        by: 'gm',
        teamer: { ...you, weapons: ['grenade'], grenades: 2 },
        reason: 'test',
      },
    ]);
    expect(
      refusalCode(() => t.send({ type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 8, y: 7, up: true })),
    ).toBe('NOT_THROUGH_CEILING');
  });

  it('a drop sets off drone guns and WAIT like a floor step: the interrupt comes before its grapple', () => {
    const t = boarded();
    place(t, 'you', 1, 6);
    const you = t.state.teamers.you as Teamer;
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, chits: ['ACTED', 'WAIT'] }, reason: 'test' }]);
    upThere(t, 'h1', 3, 7);
    t.dice = new ScriptThenSeeded([3, 1, 6], 9);
    t.send({ type: 'endTeamPhase' });
    expect(t.log.at(-1)).toMatchObject({ type: 'interrupt.raised', threatId: 'h1', teamerIds: ['you'] });
    expect(t.log.at(-2)).toMatchObject({
      type: 'threat.paused',
      actions: [{ kind: 'grapple', teamer: 'you' }],
    });
    expect(t.log.some((e) => e.type === 'grapple.resolved')).toBe(false);
    t.send({ type: 'holdWait', teamerId: 'you' });
    expect(t.log.some((e) => e.type === 'grapple.resolved')).toBe(true);

    const d = boarded();
    place(d, 'you', 1, 6);
    d.fold([
      { type: 'drone.set', droneId: 'dr1', teamerId: 'you', x: 4, y: 5, facing: 6, power: 5, walking: false },
    ]);
    upThere(d, 'h1', 3, 7);
    d.dice = new ByPurpose([
      [/ceiling movement/, [3]],
      [/ceiling exit/, [1, 6]],
      [/drone dr1/, [6, 6, 6, 6, 6, 6]],
    ]);
    d.send({ type: 'endTeamPhase' });
    expect(d.log.find((e) => e.type === 'drone.fired')).toMatchObject({ droneId: 'dr1', threatId: 'h1' });
  });

  it('a floor Threat on a LOW obstacle by an exit climbs up after a Teamer in that ceiling (its activation)', () => {
    const t = moving(4);
    t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
    t.send({ type: 'step', teamerId: 'you', x: 6, y: 7 });
    t.send({ type: 'endMove', teamerId: 'you' });
    skitters(t, [['h3', 8, 6]], false);
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.send({ type: 'endTeamPhase' });
    // The hatch (7,6) is a step from YOU up there, the weak spot (8,7) two: the hatch.
    expect(t.log).toContainEqual({
      type: 'ceiling.threatClimbed',
      threatId: 'h3',
      x: 7,
      y: 6,
      target: 'you',
    });
    expect(t.log.some((e) => e.type === 'threat.decided' && e.decision.threat === 'h3')).toBe(false);
    expect(t.state.ceiling?.threats.h3).toMatchObject({ x: 7, y: 6 });
    expect(t.state.threats.h3).toBeUndefined();
    expect(
      fdEventProblem(t.state, { type: 'ceiling.threatClimbed', threatId: 'h3', x: 7, y: 6, target: 'you' }),
    ).toMatch(/no Threat h3 on the floor/);
    // Up through a weak spot: the Team sees it go, so the weak spot shows from then on.
    skitters(t, [['h4', 9, 8]], false);
    t.fold([{ type: 'ceiling.threatClimbed', threatId: 'h4', x: 8, y: 7, target: 'you' }]);
    const seen = viewOf(t.state, PLAYER) as { ceiling: { exits: Record<string, { kind: string }[]> } };
    expect(seen.ceiling.exits[TILE]?.map((x) => x.kind)).toEqual(['hatch', 'weak']);
  });

  describe('a floor Threat goes after a man up there', () => {
    /** YOU up above (6,7), by the hatch (7,6); a lone Harpy on the floor at (x, y) of tile 4. */
    function hunted(x: number, y: number): Table {
      const t = moving(4);
      t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
      t.send({ type: 'step', teamerId: 'you', x: 6, y: 7 });
      t.send({ type: 'endMove', teamerId: 'you' });
      skitters(t, [['h5', x, y]], false, 'harpy');
      t.send({ type: 'endActivation', teamerId: 'you' });
      return t;
    }

    function decisionOf(events: readonly FdEvent[]) {
      const e = events.find((x) => x.type === 'threat.decided' && x.decision.threat === 'h5');
      return e?.type === 'threat.decided' ? e.decision : undefined;
    }

    it('walks to the LOW obstacle under the hatch nearest him and climbs with movement left', () => {
      const t = hunted(8, 9);
      // The foot is (8,6), the only LOW square by an exit: 3 steps, then the hatch (7,6) one from
      // YOU (the weak spot (8,7) is two). Movement 6: three steps (4 points with the climb onto the
      // crate), 2 left for the climb.
      t.dice = new ByPurpose([[/movement of h5/, [6]]]);
      const ev = t.send({ type: 'endTeamPhase' });
      const d = decisionOf(ev);
      expect(d).toMatchObject({
        because: 'climbingAfter',
        outcome: 'climbed',
        reaction: null,
        target: { teamer: 'you', reachable: false },
        movement: { faces: [6], allowance: 6 },
        rollOffs: [],
      });
      expect(d?.dice.map((x) => x.purpose)).toEqual(['movement of h5']);
      const w = 15;
      expect(d?.actions).toEqual([
        { kind: 'move', path: [8 * w + 8, 7 * w + 8, 6 * w + 8] },
        { kind: 'climb', exit: 6 * w + 7, teamer: 'you' },
      ]);
      expect(ev).toContainEqual({ type: 'ceiling.threatClimbed', threatId: 'h5', x: 7, y: 6, target: 'you' });
      expect(t.state.ceiling?.threats.h5).toMatchObject({ x: 7, y: 6 });
      expect(t.state.threats.h5).toBeUndefined();
      for (const e of ev) expect(fdEventSchemas[e.type]?.safeParse(e).success, e.type).toBe(true);
    });

    it('short of movement: closes in, stops on the foot, and climbs there next turn without a throw', () => {
      const t = hunted(8, 9);
      // Movement 3 cannot reach the crate (4 points): it closes in as the AI does, to a square one
      // from the foot, (7,6), (9,6) or (8,7) all as near: the roll-off 1, 1, 6 picks (8,7).
      t.dice = new ByPurpose([
        [/movement of h5/, [3, 3]],
        [/where h5 closes in/, [1, 1, 6]],
      ]);
      const first = decisionOf(t.send({ type: 'endTeamPhase' }));
      expect(first).toMatchObject({ because: 'climbingAfter', outcome: 'closedIn' });
      expect(first?.dice.map((x) => x.face)).toEqual([3, 1, 1, 6]);
      expect(first?.rollOffs[0]?.parties).toEqual(['square 97', 'square 99', 'square 113']);
      expect(t.state.threats.h5).toMatchObject({ x: 8, y: 7 });
      t.send({ type: 'endExploration' }, GM);
      // Movement 3: onto the crate for 2, 1 left, short of the climb's 2: it stops there.
      const second = decisionOf(t.send({ type: 'endTeamPhase' }, GM));
      expect(second).toMatchObject({ outcome: 'closedIn', movement: { allowance: 3 } });
      expect(t.state.threats.h5).toMatchObject({ x: 8, y: 6 });
      t.send({ type: 'endExploration' }, GM);
      const dice = t.dice as ByPurpose;
      const thrown = dice.used.length;
      const third = t.send({ type: 'endTeamPhase' }, GM);
      expect(third).toContainEqual({
        type: 'ceiling.threatClimbed',
        threatId: 'h5',
        x: 7,
        y: 6,
        target: 'you',
      });
      expect(decisionOf(third)).toBeUndefined();
      expect(dice.used.slice(thrown).some((u) => /h5/.test(u.purpose))).toBe(false);
    });

    it('with switch (c), a foot walled off is worth a bulkhead search, and a weak spot found is crossed', () => {
      const weakSpots = {
        ...pack,
        options: { ...pack.options, switches: { ...pack.options.switches, weakSpots: true } },
      };
      const t = moving(4, undefined, weakSpots);
      t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
      t.send({ type: 'step', teamerId: 'you', x: 6, y: 7 });
      t.send({ type: 'endMove', teamerId: 'you' });
      // A lone Harpy in the Tech Lab at (10,5), out of its door's zone: the foot (8,6) is 4 away
      // through the shut door, the square (9,5) beyond the bulkhead west of it only 1.
      t.fold([threatPlaced(5, { id: 'h5', species: 'harpy', x: 10, y: 5, facing: 0 })]);
      t.send({ type: 'endActivation', teamerId: 'you' });
      const w = 15;
      const side = `${5 * w + 9}e`;
      t.dice = new ByPurpose([
        [/movement of h5/, [6, 6, 6]],
        [/h5 searches the bulkhead/, [6, 5, 5]],
      ]);
      const first = decisionOf(t.send({ type: 'endTeamPhase' }));
      expect(first).toMatchObject({
        because: 'climbingAfter',
        outcome: 'atBulkhead',
        weakSpot: { side, step: 'searchWeakSpot', faces: [6, 5, 5], found: true },
        actions: [{ kind: 'searchWeakSpot', side, found: true }],
      });
      expect(t.state.bulkheads).toEqual({ tried: [side], weak: [side] });
      expect(t.state.threats.h5).toMatchObject({ x: 10, y: 5 });
      // Next turn: through the plate, the whole activation, facing as it was.
      t.send({ type: 'endExploration' }, GM);
      const second = decisionOf(t.send({ type: 'endTeamPhase' }, GM));
      expect(second).toMatchObject({
        outcome: 'atBulkhead',
        weakSpot: { side, step: 'crossWeakSpot' },
        actions: [{ kind: 'crossWeakSpot', side, to: 5 * w + 9 }],
      });
      expect(t.state.threats.h5).toMatchObject({ x: 9, y: 5, facing: 0 });
      // Then onto the crate (a diagonal climb, 3) with 3 left for the climb up (2).
      t.send({ type: 'endExploration' }, GM);
      const third = t.send({ type: 'endTeamPhase' }, GM);
      expect(decisionOf(third)).toMatchObject({ outcome: 'climbed' });
      expect(t.state.ceiling?.threats.h5).toMatchObject({ x: 7, y: 6 });
      // Without the switch the same Harpy only closes in along the wall: no search, no die for one.
      const off = hunted(10, 5);
      off.dice = new ByPurpose([[/movement of h5/, [6]]]);
      const plain = decisionOf(off.send({ type: 'endTeamPhase' }));
      expect(plain?.weakSpot).toBeNull();
      expect(plain?.dice.map((x) => x.purpose)).not.toContainEqual(expect.stringMatching(/bulkhead/));
    });

    it('a Teamer on the floor as near keeps it hunting the floor; so does waiting or dragging prey', () => {
      const t = hunted(8, 9);
      expect(climbGoal(t.state, 'h5')).toMatchObject({ foot: 6 * 15 + 8, exit: 6 * 15 + 7, teamer: 'you' });
      // Brick on the floor 4 squares off (the climb is 3 + 1): a tie goes to the floor.
      place(t, 'brick', 8, 5);
      expect(climbGoal(t.state, 'h5')).toBeNull();
      place(t, 'brick', 0, 1);
      expect(climbGoal(t.state, 'h5')).not.toBeNull();
      const h5 = t.state.threats.h5 as NonNullable<typeof t.state.threats.h5>;
      t.fold([{ type: 'threat.moved', threatId: 'h5', x: h5.x, y: h5.y, facing: 0, eye: true }]);
      expect(climbGoal(t.state, 'h5')).toBeNull();
      t.fold([{ type: 'threat.moved', threatId: 'h5', x: h5.x, y: h5.y, facing: 0, eye: false }]);
      t.fold([{ type: 'threat.carried', threatId: 'h5', teamerId: 'brick' }]);
      expect(climbGoal(t.state, 'h5')).toBeNull();
    });
  });

  describe('prey and the fallen up there', () => {
    /** YOU up above the hatch (7,6) with one wound (the next puts him out of action); a Harpy up at (9,9). */
    function preyed(nest?: number): Table {
      const t = moving(4, nest);
      t.send({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
      t.send({ type: 'endMove', teamerId: 'you' });
      const you = t.state.teamers.you as Teamer;
      t.fold([
        { type: 'gm.overrode', by: 'gm', teamer: { ...you, wounds: 1, armour: false }, reason: 'test' },
      ]);
      skitters(t, [['h6', 9, 9]], true, 'harpy');
      t.send({ type: 'endActivation', teamerId: 'you' });
      // Movement 3 brings it next to him; his grapple die 1 against its 6: he falls, and it holds him.
      t.dice = new ByPurpose([
        [/ceiling movement of h6/, [3]],
        [/grapple: YOU/, [1]],
        [/grapple: Threat/, [6]],
      ]);
      t.send({ type: 'endTeamPhase' });
      return t;
    }

    it('a prey species downing a man up there takes hold of him, and drags him down an exit toward its nest', () => {
      const t = preyed(5);
      expect(t.log).toContainEqual({ type: 'threat.carried', threatId: 'h6', teamerId: 'you' });
      expect(t.state.ceiling?.threats.h6?.carrying).toBe('you');
      expect(t.state.ceiling?.threats.h6).toMatchObject({ x: 7, y: 7 });
      // His body lies in its square up there from the moment it holds him (13.6, as on the floor).
      expect(t.state.teamers.you).toMatchObject({ wounds: 2, up: true, x: 7, y: 7 });
      t.send({ type: 'endExploration' }, GM);
      // Movement 4 less 1 for its burden; the weak spot (8,7) is nearer the nest (tile 5) than the
      // hatch (7,6), and one step away: it drops through it with him.
      t.dice = new ByPurpose([[/ceiling movement of h6/, [4]]]);
      const ev = t.send({ type: 'endTeamPhase' }, GM);
      expect(ev.filter((e) => e.type.startsWith('ceiling.'))).toEqual([
        {
          type: 'ceiling.decided',
          threatId: 'h6',
          why: 'drops with its prey',
          allowance: 3,
          faces: [4],
          rollOffs: [],
          target: 'you',
          exit: { x: 8, y: 7, kind: 'weak' },
        },
        { type: 'ceiling.moved', threatId: 'h6', x: 8, y: 7 },
        { type: 'ceiling.dropped', threatId: 'h6', x: 8, y: 7, facing: 0, kind: 'weak' },
      ]);
      expect(t.state.teamers.you).toMatchObject({ x: 8, y: 7, up: false, wounds: 2 });
      expect(t.state.threats.h6).toMatchObject({ x: 8, y: 7, carrying: 'you' });
      expect(redactOf(ev.find((e) => e.type === 'ceiling.decided') as FdEvent, PLAYER)).toHaveProperty(
        'exit',
      );
      for (const e of ev) expect(fdEventSchemas[e.type]?.safeParse(e).success, e.type).toBe(true);
    });

    it('without a nest it holds him up there; killed, it lets him lie there', () => {
      const t = preyed();
      t.send({ type: 'endExploration' }, GM);
      t.dice = new ByPurpose([]);
      const ev = t.send({ type: 'endTeamPhase' }, GM);
      expect(ev.find((e) => e.type === 'ceiling.decided')).toMatchObject({
        why: 'holds its prey',
        faces: [],
      });
      expect(t.state.teamers.you).toMatchObject({ x: 7, y: 7, up: true });
      t.fold([
        { type: 'threat.carried', threatId: 'h6', teamerId: null },
        { type: 'ceiling.killed', threatId: 'h6', by: null },
      ]);
      expect(t.state.teamers.you).toMatchObject({ x: 7, y: 7, up: true });
    });

    it('a comrade picks up a fallen man up there and climbs down with him; refusals change nothing', () => {
      const t = boarded();
      withTile4(t);
      place(t, 'you', 8, 6);
      place(t, 'brick', 8, 6);
      // Brick unburdened (his heavy gun would bar the climb with a man in his arms).
      const brick = t.state.teamers.brick as Teamer;
      t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...brick, encumbered: false }, reason: 'test' }]);
      const you = t.state.teamers.you as Teamer;
      t.fold([
        { type: 'ceiling.climbed', teamerId: 'you', up: true, x: 7, y: 6, cost: 2 },
        {
          type: 'gm.overrode',
          by: 'gm',
          teamer: { ...you, x: 7, y: 6, up: true, wounds: 2 },
          reason: 'test',
        },
      ]);
      t.send({ type: 'activate', teamerId: 'brick' });
      // From the floor he cannot reach a man up in the ceiling.
      expect(refusalCode(() => t.send({ type: 'carry', teamerId: 'brick', comradeId: 'you' }))).toBe(
        'NOT_NEXT_TO',
      );
      t.dice = new ScriptThenSeeded([4], 9);
      t.send({ type: 'move', teamerId: 'brick' });
      t.send({ type: 'climb', teamerId: 'brick', x: 7, y: 6 });
      t.send({ type: 'endMove', teamerId: 'brick' });
      expect(legalCommands(t.state)).toContainEqual({ type: 'carry', teamerId: 'brick', comradeId: 'you' });
      expect(refusalCode(() => t.send({ type: 'carry', teamerId: 'brick', x: 8, y: 6 }))).toBe('IN_CEILING');
      // The fumble test (an Other Action): a 1 passes.
      t.dice = new ScriptThenSeeded([1], 9);
      t.send({ type: 'carry', teamerId: 'brick', comradeId: 'you' });
      expect(t.state.teamers.brick?.carrying).toBe('you');
      // Next turn: down through the hatch, YOU in his arms.
      t.send({ type: 'endTeamPhase' }, GM);
      t.send({ type: 'endExploration' }, GM);
      t.send({ type: 'activate', teamerId: 'brick' });
      t.dice = new ScriptThenSeeded([4], 9);
      t.send({ type: 'move', teamerId: 'brick' });
      t.send({ type: 'climb', teamerId: 'brick', x: 7, y: 6 });
      expect(t.state.teamers.brick).toMatchObject({ x: 7, y: 6, up: false, carrying: 'you' });
      expect(t.state.teamers.you).toMatchObject({ x: 7, y: 6, up: false });
    });
  });

  it('import checks and the schema of ceiling.climbed', () => {
    const t = moving(4);
    const up = { type: 'ceiling.climbed', teamerId: 'you', up: true, x: 7, y: 6, cost: 2 } as const;
    expect(fdEventSchemas['ceiling.climbed']?.safeParse(up).success).toBe(true);
    expect(fdEventProblem(t.state, up)).toBeNull();
    expect(fdEventProblem(t.state, { ...up, up: false })).toMatch(/already below/);
    expect(fdEventProblem(t.state, { ...up, x: 6 })).toMatch(/no exit/);
    expect(fdEventProblem(t.state, { ...up, teamerId: 'nobody' })).toMatch(/no Teamer/);
  });
});
