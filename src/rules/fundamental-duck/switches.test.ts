import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, GM, packWith, ScriptThenSeeded, Table, threatPlaced } from './test-kit.ts';
import { worldOf } from './world-adapter.ts';

const ENTRY = 3;
const HUB = 4;
/** Entry tile ↔ hub: aperture squares (4,7) and (5,7). */
const HUB_DOOR = 2;
/** The cargo door between module 1 (north) and the hub: three sides at x 6–8, rows 4 | 5. */
const CARGO_DOOR = 8;

describe('Threats at doors, the default procedure (14)', () => {
  it('a cargo door already holed is not battered again: the Threat makes for the GREEN hole', () => {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    // YOU north of the cargo door (door 8: sides at x 6, 7, 8 between rows 4 and 5), a hole in
    // its west side; a Harpy in the door zone on the hub side, two squares from YOU (scented).
    t.send({ type: 'gmOverride', teamerId: 'you', x: 7, y: 3, facing: 4, reason: 'set-up' }, GM);
    const door = t.state.doors[CARGO_DOOR];
    if (!door) throw new Error('the default arena lost its cargo door');
    t.fold([
      {
        type: 'door.changed',
        door: CARGO_DOOR,
        state: { ...door, damage: 20, holes: [0] },
        why: 'battered through',
      },
      threatPlaced(HUB, { id: 'h1', species: 'harpy', x: 8, y: 5, facing: 0 }),
    ]);
    // Reaction 1 (ATTACK), movement 2: YOU is out of reach and no square is nearer him, so it
    // goes to the hole's aperture (6,5); no choice die, no batter die (before: it battered the
    // middle side, and at 20 damage already each batter opened another hole).
    t.dice = new ScriptedDice([1, 2]);
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'threat.decided');
    expect(decided?.type === 'threat.decided' && decided.decision).toMatchObject({
      door: null,
      outcome: 'closedIn',
    });
    expect(t.state.threats.h1).toMatchObject({ x: 6, y: 5 });
    expect(t.state.doors[CARGO_DOOR]).toMatchObject({ damage: 20, holes: [0] });
  });
});

describe('the door switch (a) from the pack (14)', () => {
  it('a battering Threat rolls 3d6 and rents the door on 16+ instead of the damage track', () => {
    const pack = packWith({ batterRent3d6: true });
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 3, y: 7, facing: 2, reason: 'set-up' }, GM);
    // A Harpy behind the shut hub door, two squares from YOU (scented: the Team column).
    t.fold([threatPlaced(HUB, { id: 'h1', species: 'harpy', x: 5, y: 7, facing: 6 })]);
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
    // Reaction 1 (ATTACK), move 3, nobody in reach: the door; choice 1 (batter), 3d6 = 6+5+6.
    const dice = new ScriptThenSeeded([1, 3, 1, 6, 5, 6], 7);
    t.dice = dice;
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'threat.decided');
    expect(decided?.type === 'threat.decided' && decided.decision.door).toMatchObject({
      step: 'batter',
      batterFaces: [6, 5, 6],
      holeOpened: true,
    });
    expect(t.state.doors[HUB_DOOR]).toMatchObject({ open: false, damage: 0, holes: [0] });
  });
});

describe('the door switches (d) and (e) from the pack (14, 22)', () => {
  /** YOU at (3,7); a Harpy behind the shut hub door at (5,7), two squares off (scented). */
  function table(switches: { everyShortCut?: boolean; ductsOnFour?: boolean }): Table {
    const pack = packWith(switches);
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 3, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.fold([threatPlaced(HUB, { id: 'h1', species: 'harpy', x: 5, y: 7, facing: 6 })]);
    return t;
  }

  it('(e) ducts: a search of 4 finds a short cut (RED footprints) and the Threat comes through', () => {
    const t = table({ ductsOnFour: true });
    // Reaction 1 (ATTACK), move 3, nobody in reach: choice 5 (seek), search 4; then the grapple.
    t.dice = new ScriptThenSeeded([1, 3, 5, 4], 7);
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'threat.decided');
    expect(decided?.type === 'threat.decided' && decided.decision.door).toMatchObject({
      step: 'seekShortCut',
      searchFace: 4,
      found: true,
    });
    expect(t.state.doors[HUB_DOOR]).toMatchObject({ open: false, shortCuts: [0] });
    expect(t.log).toContainEqual(
      expect.objectContaining({ type: 'threat.moved', threatId: 'h1', x: 4, y: 7 }),
    );
  });

  it('without (e) a 4 finds nothing; (d) reaches the AI from the pack', () => {
    const t = table({ everyShortCut: true });
    expect(worldOf(t.state).switches).toMatchObject({ everyShortCutFinds: true, ductsOnFourPlus: false });
    t.dice = new ScriptThenSeeded([1, 3, 5, 4], 7);
    t.send({ type: 'endTeamPhase' });
    expect(t.state.doors[HUB_DOOR]).toMatchObject({ shortCuts: [] });
  });
});

describe('the door switch (b) from the pack (14)', () => {
  /** YOU at the hub door's aperture; Skitters (no packs) on the hub side of the door zone. */
  function table(threats: { id: string; y: number }[]): Table {
    const pack = packWith({ batterTogether: true });
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.fold([
      {
        type: 'threats.placed',
        tile: HUB,
        marker: 0,
        ping: 'green',
        countFaces: [],
        threats: threats.map((h) => ({ id: h.id, species: 'skitter', x: 5, y: h.y, facing: 6, faces: [] })),
        tieFaces: [],
      },
    ]);
    return t;
  }

  it("the turn's throws at one door add up; 18 makes a hole and the damage track is left alone", () => {
    const t = table([
      { id: 'h1', y: 7 },
      { id: 'h2', y: 8 },
      { id: 'h3', y: 6 },
    ]);
    // Roll-off 3/2/1 (h1 first). Each: reaction 1 (ATTACK), move 6, choice 1 (batter), d6 = 6.
    t.dice = new ScriptThenSeeded([3, 2, 1, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6], 7);
    t.send({ type: 'endTeamPhase' });
    const batters = t.log.flatMap((e) =>
      e.type === 'threat.decided' && e.decision.door?.step === 'batter' ? [e.decision.door] : [],
    );
    expect(batters.map((b) => [b.batterFaces, b.damageAfter, b.holeOpened])).toEqual([
      [[6], 6, false],
      [[6], 12, false],
      [[6], 18, true],
    ]);
    expect(t.state.doors[HUB_DOOR]).toMatchObject({ damage: 0, holes: [0], battered: { total: 18 } });
    // The tally rides in door.changed, which an import checks.
    for (const e of t.log.filter((x) => x.type === 'door.changed'))
      expect(fdEventSchemas['door.changed']?.safeParse(e).success).toBe(true);
  });

  it('a tally short of 18 does not carry into the next turn', () => {
    const t = table([
      { id: 'h1', y: 7 },
      { id: 'h2', y: 8 },
    ]);
    t.dice = new ScriptThenSeeded([2, 1, 1, 6, 1, 6, 1, 6, 1, 6], 7);
    t.send({ type: 'endTeamPhase' });
    // The phase ran on through Housekeeping into turn 2: the door keeps turn 1's 12, worth nothing now.
    expect(t.state.turn).toBe(2);
    expect(t.state.doors[HUB_DOOR]).toMatchObject({ damage: 0, holes: [], battered: { turn: 1, total: 12 } });
    const world = worldOf(t.state);
    const at = (x: number, y: number) => y * world.width + x;
    expect(world.closedDoorBetween(at(4, 7), at(5, 7))?.batteredThisTurn).toBe(0);
    expect(worldOf({ ...t.state, turn: 1 }).closedDoorBetween(at(4, 7), at(5, 7))?.batteredThisTurn).toBe(12);
  });
});

describe('the door switch (c) from the pack: weak spots in bulkheads (14)', () => {
  /**
   * YOU on the entry tile just west of the hub's north-west bulkhead; Brick in the hub's far corner
   * (on the Skitter's tile and in its sight: the Team column), out of its reach.
   */
  function table(): Table {
    const pack = packWith({ weakSpots: true });
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 9, y: 9, facing: 0, reason: 'set-up' }, GM);
    t.fold([threatPlaced(HUB, { id: 'h1', species: 'skitter', x: 5, y: 5, facing: 4 })]);
    return t;
  }
  const at = (t: Table, x: number, y: number) => y * worldOf(t.state).width + x;

  it('a Threat that cannot reach its nearest Teamer searches the bulkhead beside it: 3d6, 16+ a weak spot', () => {
    const t = table();
    // Reaction 1 (ATTACK YOU, the nearest), move 1 (no contact with anyone), 3d6 = 6+5+6.
    t.dice = new ScriptThenSeeded([1, 1, 6, 5, 6], 7);
    t.send({ type: 'endTeamPhase' });
    const side = `${at(t, 4, 5)}e`;
    const decided = t.log.find((e) => e.type === 'threat.decided');
    expect(decided?.type === 'threat.decided' && decided.decision.weakSpot).toEqual({
      side,
      step: 'searchWeakSpot',
      faces: [6, 5, 6],
      found: true,
    });
    expect(t.log.filter((e) => e.type === 'bulkhead.searched')).toEqual([
      { type: 'bulkhead.searched', threatId: 'h1', side, found: true },
    ]);
    expect(t.state.bulkheads).toEqual({ tried: [side], weak: [side] });
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 5 });
    // The world now tells the AI: that side is tried and weak; the corner's north bulkhead is untried.
    expect(worldOf(t.state).weakSpots?.map((s) => s.id)).toEqual([side]);
    expect(worldOf(t.state).bulkheadSides?.(at(t, 5, 5))).toEqual([
      { id: `${at(t, 5, 4)}s`, a: at(t, 5, 4), b: at(t, 5, 5), tried: false, weakSpot: false },
      { id: side, a: at(t, 4, 5), b: at(t, 5, 5), tried: true, weakSpot: true },
    ]);
  });

  it('a weak spot found is crossed with a whole activation', () => {
    const t = table();
    const side = `${at(t, 4, 5)}e`;
    t.fold([{ type: 'bulkhead.searched', threatId: 'h1', side, found: true }]);
    t.dice = new ScriptThenSeeded([1, 1], 7);
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'threat.decided');
    expect(decided?.type === 'threat.decided' && decided.decision.weakSpot).toMatchObject({
      side,
      step: 'crossWeakSpot',
    });
    // Through the plate onto the entry tile, in contact with YOU.
    const moved = t.log.find((e) => e.type === 'threat.moved');
    expect(moved).toMatchObject({ threatId: 'h1', x: 4, y: 5 });
  });

  it('an import refuses a search of a side that is no bulkhead, or by a Threat not there', () => {
    const t = table();
    const ok = { type: 'bulkhead.searched', threatId: 'h1', side: `${at(t, 4, 5)}e`, found: false } as const;
    expect(fdEventSchemas['bulkhead.searched']?.safeParse(ok).success).toBe(true);
    expect(fdEventProblem(t.state, ok)).toBeNull();
    // Inside one tile: an open side, not a bulkhead.
    expect(fdEventProblem(t.state, { ...ok, side: `${at(t, 5, 5)}e` })).toMatch(/no bulkhead side/);
    expect(fdEventProblem(t.state, { ...ok, threatId: 'h9' })).toMatch(/no Threat/);
    expect(fdEventSchemas['bulkhead.searched']?.safeParse({ ...ok, side: 'north' }).success).toBe(false);
  });
});
