import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { activateThreat } from './activate.ts';
import { holeSide } from './door-rules.ts';
import { FakeWorld, HARPY, pathOf } from './test-world.ts';

/**
 * Threats at doors (digest §14). The arena: a bulkhead between columns 4 and 5, a narrow door in
 * it between (4,2) and (5,2); the Harpy stands in the door zone at (4,2) and the Teamer A waits
 * across the door at (6,2), within the Harpy's scent range (2, through the door), so it reads the
 * Team column. Faces: reaction 1 (ATTACK), movement 3, then the door's dice.
 */
function narrow(threatAt: [number, number] = [4, 2]) {
  const w = new FakeWorld().addThreat('h', threatAt[0], threatAt[1], 0).addTeamer('A', 6, 2, 6);
  w.wallColumn(5, 0, 14);
  const door = w.door('d', 4, 2, 5, 2);
  return { w, door };
}

/** A cargo door: three sides between rows 1–3 of columns 4 and 5. */
function cargo() {
  const w = new FakeWorld().addThreat('h', 4, 3, 0).addTeamer('A', 6, 2, 6);
  w.wallColumn(5, 0, 14);
  const sides: [number, number][] = [1, 2, 3].map((y) => [w.sq(4, y), w.sq(5, y)]);
  for (const y of [1, 2, 3]) w.walls.delete(`${w.sq(4, y)}>${w.sq(5, y)}`);
  const zone = [0, 1, 2, 3, 4].flatMap((y) => [w.sq(4, y), w.sq(5, y)]);
  const door = {
    id: 'c',
    sides,
    zone,
    open: false,
    damage: 0,
    shortCuts: [] as number[],
    holes: [] as number[],
  };
  w.doors.push(door);
  return { w, door };
}

function run(w: FakeWorld, faces: number[]) {
  const dice = new ScriptedDice(faces);
  const d = activateThreat(w, 'h', dice);
  expect(dice.remaining).toBe(0);
  return d;
}

describe('Threats at doors (14)', () => {
  it('on its way to a closed door it closes in to the aperture square and stops', () => {
    const { w } = narrow([2, 2]);
    w.profiles.harpy = { ...HARPY, stimulusRange: 6 };
    const d = run(w, [1, 2]);
    expect(d.door).toBeNull();
    expect(d.outcome).toBe('closedIn');
    expect(d.actions[0]).toMatchObject({ kind: 'move' });
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(4, 2));
    expect(d.actions[1]).toEqual({ kind: 'face', facing: 2 });
  });

  it('5–6 seeks a short cut; a 6 finds one: RED footprints, across at once, and grapples in contact', () => {
    const { w } = narrow();
    const d = run(w, [1, 3, 5, 6]);
    expect(d.door).toMatchObject({
      door: 'd',
      step: 'seekShortCut',
      choiceFace: 5,
      searchFace: 6,
      found: true,
      side: 0,
    });
    expect(d.actions).toEqual([
      { kind: 'findShortCut', door: 'd', side: 0, to: w.sq(5, 2) },
      { kind: 'face', facing: 2 },
      { kind: 'grapple', teamer: 'A', fromBehind: false },
    ]);
    expect(d.dice.map((f) => f.purpose)).toEqual([
      'reaction of h',
      'movement of h',
      'h seeks a short cut or batters',
      'h searches for a short cut',
    ]);
  });

  it('a search of 5 finds nothing; with switch (e) ducts a 4 is enough', () => {
    const { w } = narrow();
    const miss = run(w, [1, 3, 6, 5]);
    expect(miss.door).toMatchObject({ step: 'seekShortCut', found: false });
    expect(miss.actions).toEqual([]);
    expect(miss.outcome).toBe('atDoor');
    w.switches = { ...w.switches, ductsOnFourPlus: true };
    expect(run(w, [1, 3, 5, 4]).door).toMatchObject({ found: true });
  });

  it('1–4 batters: d6 damage on the track', () => {
    const { w } = narrow();
    const d = run(w, [1, 3, 4, 6]);
    expect(d.door).toMatchObject({
      step: 'batter',
      choiceFace: 4,
      batterFaces: [6],
      damageAfter: 6,
      holeOpened: false,
    });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'd', damage: 6, holeSide: null }]);
  });

  it('the damage reaching 20 opens a hole: a narrow door needs no side die', () => {
    const { w, door } = narrow();
    door.damage = 17;
    const d = run(w, [1, 3, 1, 3]);
    expect(d.door).toMatchObject({ damageAfter: 20, holeOpened: true, side: 0, sideFace: null });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'd', damage: 3, holeSide: 0 }]);
  });

  it('a cargo door’s hole side is diced: 1–2 first, 3–4 middle, 5–6 third', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => holeSide(3, f))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(holeSide(1, 6)).toBe(0);
    const { w, door } = cargo();
    door.damage = 18;
    const d = run(w, [1, 3, 2, 2, 5]);
    expect(d.door).toMatchObject({ holeOpened: true, sideFace: 5, side: 2 });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'c', damage: 2, holeSide: 2 }]);
  });

  it('switch (a): three dice, 16+ makes a rent', () => {
    const { w } = narrow();
    w.switches = { ...w.switches, batterRent3d6: true };
    const d = run(w, [1, 3, 2, 6, 5, 5]);
    expect(d.door).toMatchObject({ batterFaces: [6, 5, 5], holeOpened: true, side: 0 });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'd', damage: 0, holeSide: 0 }]);
    expect(run(w, [1, 3, 2, 6, 5, 4]).door).toMatchObject({ holeOpened: false });
  });

  it('switch (b): the batter dice thrown at one door this turn make a hole at 18', () => {
    const { w, door } = narrow();
    w.switches = { ...w.switches, batterTogether: true };
    const withTally = { ...door, damage: 0, batteredThisTurn: 13 };
    w.doors[0] = withTally;
    const d = run(w, [1, 3, 2, 5]);
    expect(d.door).toMatchObject({ batterFaces: [5], damageAfter: 18, holeOpened: true, side: 0 });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'd', damage: 5, holeSide: 0 }]);
    expect(run(w, [1, 3, 2, 4]).door).toMatchObject({ damageAfter: 17, holeOpened: false });
  });

  it('standing at RED footprints it crawls through (a whole activation), and grapples on the far side', () => {
    const { w, door } = narrow([4, 2]);
    door.shortCuts = [0];
    const d = run(w, [1, 3]);
    expect(d.door).toMatchObject({ step: 'crossShortCut', side: 0, choiceFace: null });
    expect(d.actions).toEqual([
      { kind: 'crossShortCut', door: 'd', side: 0, to: w.sq(5, 2) },
      { kind: 'face', facing: 2 },
      { kind: 'grapple', teamer: 'A', fromBehind: false },
    ]);
  });

  it('RED footprints it can reach: it goes there instead of battering', () => {
    const { w, door } = narrow([4, 3]);
    w.profiles.harpy = { ...HARPY, stimulusRange: 3 };
    door.shortCuts = [0];
    const d = run(w, [1, 3]);
    expect(d.door).toMatchObject({ step: 'goToShortCut', side: 0 });
    expect(d.actions).toEqual([
      { kind: 'move', path: [w.sq(4, 2)] },
      { kind: 'face', facing: 2 },
    ]);
  });

  it('only one short cut per door: a found way when the door has one is no new way; switch (d) makes one', () => {
    const { w, door } = cargo();
    door.shortCuts = [0];
    w.addThreat('x', 4, 1, 4); // stands on the marked side's aperture: the footprints are out of reach
    const d = run(w, [1, 3, 5, 6]);
    expect(d.door).toMatchObject({ step: 'seekShortCut', found: true, alreadyHasShortCut: true });
    expect(d.actions).toEqual([]);
    w.switches = { ...w.switches, everyShortCutFinds: true };
    const e = run(w, [1, 3, 5, 6]);
    expect(e.door).toMatchObject({ found: true, alreadyHasShortCut: false, side: 2 });
    expect(e.actions[0]).toEqual({ kind: 'findShortCut', door: 'c', side: 2, to: w.sq(5, 3) });
  });

  it('a route that slips diagonally past the door side still meets the door (orthogonal-only door queries)', () => {
    const { w } = narrow([4, 3]);
    w.diagonalsPastDoors = true;
    // The route (4,3)→(5,2) is one diagonal king-step round the door: the door is still in the way.
    expect(w.route(w.sq(4, 3), w.sq(5, 2))).toEqual([w.sq(5, 2)]);
    w.addTeamer('B', 5, 2, 6);
    w.teamers.shift();
    const d = run(w, [1, 3, 1, 2]);
    expect(d.door).toMatchObject({ door: 'd', step: 'batter' });
  });

  it('a door with a GREEN hole it can get to is not battered again: it makes for the hole', () => {
    const { w, door } = cargo();
    door.damage = 20;
    door.holes = [0];
    // Movement 2: the hole's near aperture (4,1) is in reach, the far side and A are not, and
    // no square is nearer A. Before this audit it battered the middle side (and, at 20 already,
    // every batter opened one more hole).
    const d = run(w, [1, 2]);
    expect(d.door).toBeNull();
    expect(d.outcome).toBe('closedIn');
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(4, 1));
    // Next activation, from the hole's aperture, it goes through and grapples.
    w.threats[0] = { ...(w.threats[0] as (typeof w.threats)[number]), square: w.sq(4, 1) };
    expect(run(w, [1, 3]).outcome).toBe('grappled');
  });

  it('a hole at every 20 points: a holed door it cannot use needs another 20 for a second hole', () => {
    const { w, door } = cargo();
    door.holes = [0];
    w.full.add(w.sq(4, 1));
    door.damage = 20;
    expect(run(w, [1, 2, 1, 6]).door).toMatchObject({ step: 'batter', damageAfter: 26, holeOpened: false });
    door.damage = 37;
    expect(run(w, [1, 2, 1, 3, 4]).door).toMatchObject({ damageAfter: 40, holeOpened: true, side: 1 });
  });

  it('an open door or a GREEN hole is no obstacle: the Threat goes through and grapples', () => {
    const { w, door } = narrow();
    door.holes = [0];
    const d = run(w, [1, 3]);
    expect(d.door).toBeNull();
    expect(d.outcome).toBe('grappled');
    door.holes = [];
    door.open = true;
    expect(run(w, [1, 3]).outcome).toBe('grappled');
  });
});

describe('switch (c): weak spots in bulkheads', () => {
  /** A solid bulkhead between columns 4 and 5 (its only door far south); A just across it. */
  function bulkhead(threatAt: [number, number] = [4, 2]) {
    const w = new FakeWorld().addThreat('h', threatAt[0], threatAt[1], 2).addTeamer('A', 6, 2, 6);
    w.profiles.harpy = { ...HARPY, stimulusRange: 40 };
    w.wallColumn(5, 0, 14);
    w.door('far', 4, 12, 5, 12);
    w.switches = { ...w.switches, weakSpots: true };
    return w;
  }
  const side = (w: FakeWorld, ax: number, ay: number) => `${w.sq(ax, ay)}>${w.sq(ax + 1, ay)}`;

  it('next to a bulkhead side worth crossing it searches it: 3d6, 16+ finds a weak spot', () => {
    const w = bulkhead();
    const d = run(w, [1, 3, 6, 5, 5]);
    expect(d.weakSpot).toEqual({
      side: side(w, 4, 2),
      step: 'searchWeakSpot',
      faces: [6, 5, 5],
      found: true,
    });
    expect(d.actions).toEqual([{ kind: 'searchWeakSpot', side: side(w, 4, 2), found: true }]);
    expect(d.outcome).toBe('atBulkhead');
    expect(run(w, [1, 3, 6, 5, 4]).actions).toEqual([
      { kind: 'searchWeakSpot', side: side(w, 4, 2), found: false },
    ]);
  });

  it('a side already tried is not searched again: the Threat closes in instead', () => {
    const w = bulkhead();
    w.triedSides.add(side(w, 4, 2));
    const d = run(w, [1, 3]);
    expect(d.weakSpot).toBeNull();
    expect(d.outcome).toBe('closedIn');
  });

  it('at a weak spot it wriggles through (its whole activation) and grapples on the far side', () => {
    const w = bulkhead();
    w.weakSides.add(side(w, 4, 2));
    const d = run(w, [1, 3]);
    expect(d.weakSpot).toMatchObject({ step: 'crossWeakSpot' });
    expect(d.actions).toEqual([
      { kind: 'crossWeakSpot', side: side(w, 4, 2), to: w.sq(5, 2) },
      { kind: 'face', facing: 2 },
      { kind: 'grapple', teamer: 'A', fromBehind: false },
    ]);
  });

  it('a known weak spot within reach is taken rather than searching a new side', () => {
    const w = bulkhead([4, 4]);
    w.weakSides.add(side(w, 4, 2));
    const d = run(w, [1, 3]);
    expect(d.weakSpot).toMatchObject({ step: 'goToWeakSpot' });
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(4, 2));
  });

  describe('a closed door in the way: a weak spot in that bulkhead rather than battering', () => {
    /** The narrow door of `narrow()` (the Harpy in its zone, at (4,2) unless told), switch (c) on, its scent reaching A. */
    function doorAndSpot(threatAt: [number, number] = [4, 2]) {
      const { w, door } = narrow(threatAt);
      w.profiles.harpy = { ...HARPY, stimulusRange: 40 };
      w.switches = { ...w.switches, weakSpots: true };
      return { w, door };
    }

    it('a weak spot found further along the bulkhead: it goes there, no seek-or-batter die', () => {
      const { w } = doorAndSpot();
      w.weakSides.add(side(w, 4, 4));
      // Reaction 1 (ATTACK), movement 3: (4,4) is 2 away.
      const d = run(w, [1, 3]);
      expect(d.door).toBeNull();
      expect(d.weakSpot).toEqual({ side: side(w, 4, 4), step: 'goToWeakSpot', faces: [], found: true });
      expect(d.outcome).toBe('atBulkhead');
      expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(4, 4));
      expect(d.actions[1]).toMatchObject({ kind: 'face' });
      expect(d.dice.map((f) => f.purpose)).toEqual(['reaction of h', 'movement of h']);
    });

    it('standing at it in the door zone, it wriggles through and grapples rather than batter', () => {
      const { w } = doorAndSpot([4, 3]);
      w.weakSides.add(side(w, 4, 3));
      const d = run(w, [1, 3]);
      expect(d.door).toBeNull();
      expect(d.actions).toEqual([
        { kind: 'crossWeakSpot', side: side(w, 4, 3), to: w.sq(5, 3) },
        { kind: 'face', facing: 1 },
        { kind: 'grapple', teamer: 'A', fromBehind: false },
      ]);
    });

    it('two in reach tie on cost and straight line: a roll-off, drawn after the movement throw', () => {
      const { w } = doorAndSpot();
      w.weakSides.add(side(w, 4, 0));
      w.weakSides.add(side(w, 4, 4));
      // Roll-off in the order of the known sides (4,0) then (4,4): 2 against 5, the second wins.
      const d = run(w, [1, 3, 2, 5]);
      expect(d.weakSpot).toMatchObject({ side: side(w, 4, 4), step: 'goToWeakSpot' });
      expect(d.rollOffs).toHaveLength(1);
    });

    it('out of reach this activation: the door procedure as before', () => {
      const { w } = doorAndSpot();
      w.weakSides.add(side(w, 4, 4));
      // Movement 1 cannot reach (4,4): the choice die 4 batters, 6 damage.
      const d = run(w, [1, 1, 4, 6]);
      expect(d.weakSpot).toBeNull();
      expect(d.door).toMatchObject({ step: 'batter', batterFaces: [6] });
    });

    it('the door’s own RED footprints in reach come first (step 1 of the door procedure)', () => {
      const { w, door } = doorAndSpot();
      door.shortCuts = [0];
      w.weakSides.add(side(w, 4, 3));
      const d = run(w, [1, 3]);
      expect(d.weakSpot).toBeNull();
      expect(d.door).toMatchObject({ step: 'crossShortCut', side: 0 });
    });

    it('a weak spot into another tile than the one across the door is not this bulkhead’s', () => {
      const { w } = doorAndSpot();
      // (3,4)–(3,5) leads south into tile 3; the door leads east into tile 1.
      w.weakSides.add(`${w.sq(3, 4)}>${w.sq(3, 5)}`);
      const d = run(w, [1, 3, 4, 6]);
      expect(d.weakSpot).toBeNull();
      expect(d.door).toMatchObject({ step: 'batter' });
    });

    it('switch (c) off: a known weak spot changes nothing at the door', () => {
      const { w } = doorAndSpot();
      w.weakSides.add(side(w, 4, 4));
      w.switches = { ...w.switches, weakSpots: false };
      expect(run(w, [1, 3, 4, 6]).door).toMatchObject({ step: 'batter' });
    });
  });

  it('switch off: no searching', () => {
    const w = bulkhead();
    w.switches = { ...w.switches, weakSpots: false };
    expect(run(w, [1, 3]).outcome).toBe('closedIn');
  });
});
