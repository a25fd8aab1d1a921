import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import { activateThreat, ambush, isAmbushTriggered } from './activate.ts';
import type { ThreatAction } from './decision.ts';
import { FakeWorld, HARPY, pathOf, SCAVENGER } from './test-world.ts';

/** Runs one activation on scripted dice and checks every face was used. */
function run(world: FakeWorld, id: string, faces: number[]) {
  const dice = new ScriptedDice(faces);
  const decision = activateThreat(world, id, dice);
  expect(dice.remaining).toBe(0);
  return decision;
}

const kinds = (actions: readonly ThreatAction[]) => actions.map((a) => a.kind);

describe('ATTACK NEAREST (13.4–13.5)', () => {
  it('moves to a contact square in the target’s rear arc and grapples from behind', () => {
    const w = new FakeWorld().addThreat('h', 1, 1, 4).addTeamer('A', 3, 3, 0);
    const d = run(w, 'h', [1, 3]); // reaction 1 (Team column: ATTACK), move 3
    // A is 2 squares away: within a Harpy's scent range, which settles the column first.
    expect(d.reaction).toMatchObject({
      face: 1,
      row: 1,
      column: 'team',
      columnReason: 'teamerInStimulusRange',
    });
    expect(d.movement).toMatchObject({ faces: [3], allowance: 3, from: 'own' });
    expect(d.target).toEqual({ teamer: 'A', reachable: true, priority: 'back', tie: 'none' });
    expect(kinds(d.actions)).toEqual(['move', 'face', 'grapple']);
    const path = pathOf(d.actions[0]);
    expect(path.at(-1)).toBe(w.sq(2, 4));
    expect(path).toHaveLength(3);
    expect(d.actions[1]).toEqual({ kind: 'face', facing: 1 }); // NE, toward A
    expect(d.actions[2]).toEqual({ kind: 'grapple', teamer: 'A', fromBehind: true });
    expect(d.outcome).toBe('grappled');
    expect(d.dice.map((f) => f.purpose)).toEqual(['reaction of h', 'movement of h']);
  });

  it('priority: a heavy weapon before YOU before anyone else, when no back can be reached', () => {
    const build = () =>
      new FakeWorld()
        .addThreat('h', 2, 2, 4)
        .addTeamer('Y', 2, 4, 0, { you: true })
        .addTeamer('H', 4, 2, 6, { heavyWeapon: true })
        .addTeamer('O', 0, 2, 2);
    const w = build();
    let d = run(w, 'h', [1, 1]);
    expect(d.target).toMatchObject({ teamer: 'H', priority: 'heavyWeapon' });
    expect(d.actions.find((a) => a.kind === 'move')).toEqual({ kind: 'move', path: [w.sq(3, 2)] });

    const noHeavy = build();
    noHeavy.teamers[1] = { ...(noHeavy.teamers[1] as (typeof noHeavy.teamers)[number]), heavyWeapon: false };
    d = run(noHeavy, 'h', [1, 1]);
    expect(d.target).toMatchObject({ teamer: 'Y', priority: 'you' });

    // Three equals at the same distance: roll-off in list order, the tied highest roll again.
    const plain = build();
    plain.teamers = plain.teamers.map((t) => ({ ...t, you: false, heavyWeapon: false }));
    d = run(plain, 'h', [1, 1, 3, 5, 5, 2, 6]);
    expect(d.target).toEqual({ teamer: 'O', reachable: true, priority: 'other', tie: 'rollOff' });
    expect(d.rollOffs[0]).toMatchObject({
      parties: ['Y', 'H', 'O'],
      rounds: [
        [3, 5, 5],
        [2, 6],
      ],
      result: ['O'],
    });
  });

  it('priority: an exposed back beats a heavy weapon; a nearer target breaks a tie without dice', () => {
    const w = new FakeWorld()
      .addThreat('h', 2, 2, 4)
      .addTeamer('H', 4, 2, 6, { heavyWeapon: true })
      .addTeamer('O', 0, 2, 6); // faces west: the squares east of him are behind him
    let d = run(w, 'h', [1, 1]);
    expect(d.target).toMatchObject({ teamer: 'O', priority: 'back' });
    expect(d.actions.at(-1)).toEqual({ kind: 'grapple', teamer: 'O', fromBehind: true });

    const near = new FakeWorld().addThreat('h', 2, 2, 4).addTeamer('A', 2, 5, 4).addTeamer('B', 2, 4, 4);
    d = run(near, 'h', [1, 6]); // both backs reachable; B is nearer
    expect(d.target).toEqual({ teamer: 'B', reachable: true, priority: 'back', tie: 'nearest' });
  });

  it('contact square ties (rear arc, same cost, same straight line) are rolled off', () => {
    const w = new FakeWorld().addThreat('h', 2, 0, 4).addTeamer('A', 2, 2, 0);
    const d = run(w, 'h', [1, 3, 2, 5]); // roll-off between SE (3,3) and SW (1,3): SW wins
    expect(d.rollOffs[0]).toMatchObject({ parties: [`square ${w.sq(3, 3)}`, `square ${w.sq(1, 3)}`] });
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(1, 3));
    expect(d.actions.at(-1)).toEqual({ kind: 'grapple', teamer: 'A', fromBehind: true });
  });

  it('a Threat already in contact grapples where it stands when that is best', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 4).addTeamer('A', 2, 3, 0);
    const d = run(w, 'h', [1, 1]); // move 1 cannot reach A's back (flanked by A himself)
    expect(kinds(d.actions)).toEqual(['grapple']);
    expect(d.actions[0]).toEqual({ kind: 'grapple', teamer: 'A', fromBehind: false });
  });

  it('nobody reachable: closes in along the shortest route and faces the nearest Teamer', () => {
    const w = new FakeWorld().addThreat('h', 0, 0, 2).addTeamer('A', 4, 4, 0);
    const d = run(w, 'h', [1, 2]);
    expect(d.target).toEqual({ teamer: 'A', reachable: false, priority: null, tie: 'none' });
    expect(d.actions).toEqual([
      { kind: 'move', path: [w.sq(1, 1), w.sq(2, 2)] },
      { kind: 'face', facing: 3 },
    ]);
    expect(d.outcome).toBe('closedIn');
  });

  it('nobody reachable and no nearer square: it stays put', () => {
    const w = new FakeWorld().addThreat('h', 0, 0, 2).addTeamer('A', 4, 0, 6);
    w.full.add(w.sq(1, 0)).add(w.sq(1, 1)).add(w.sq(0, 1));
    const d = run(w, 'h', [1, 6]);
    expect(d.outcome).toBe('noCloserSquare');
    expect(d.actions).toEqual([]);
  });

  it('the equally near Teamers to close in on are rolled off', () => {
    const w = new FakeWorld().addThreat('h', 7, 7, 0).addTeamer('A', 7, 1, 4).addTeamer('B', 7, 13, 0);
    w.profiles.harpy = { ...HARPY, stimulusRange: 6 };
    const d = run(w, 'h', [1, 1, 2, 4]); // A and B both 6 away: B wins the roll-off
    expect(d.target).toMatchObject({ teamer: 'B', tie: 'rollOff' });
    expect(d.actions[0]).toEqual({ kind: 'move', path: [w.sq(7, 8)] });
  });
});

describe('STAY and MOVE AWAY / HIDE (13.4)', () => {
  it('STAY: no move, no turn, no movement die', () => {
    const w = new FakeWorld().addThreat('h', 0, 0, 4).addTeamer('A', 4, 4, 0);
    const d = run(w, 'h', [5]);
    expect(d.choice).toBe('stay');
    expect(d.outcome).toBe('stayed');
    expect(d.actions).toEqual([]);
    expect(d.movement).toBeNull();
  });

  it('STAY in contact still grapples (from behind when outside his arc)', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 4).addTeamer('A', 2, 3, 4);
    const d = run(w, 'h', [5]);
    expect(d.actions).toEqual([{ kind: 'grapple', teamer: 'A', fromBehind: true }]);
  });

  it('HIDE: to the square out of sight farthest from the nearest Teamer, with an eye (Harpy)', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0).addTeamer('A', 2, 0, 4);
    w.shadows.add(w.sq(0, 4)).add(w.sq(2, 4)).add(w.sq(1, 3));
    const d = run(w, 'h', [6, 2]);
    expect(d.choice).toBe('hide');
    expect(kinds(d.actions)).toEqual(['move', 'face', 'hide']);
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(2, 4));
    expect(d.actions[1]).toEqual({ kind: 'face', facing: 0 });
    expect(d.outcome).toBe('hidOutOfSight');
  });

  it('HIDE with no square out of sight: farthest square, no eye', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0).addTeamer('A', 2, 0, 4);
    const d = run(w, 'h', [6, 2]);
    expect(kinds(d.actions)).toEqual(['move', 'face']);
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(2, 4));
    expect(d.outcome).toBe('movedAwayInSight');
  });

  it('a species that does not hide (Skitter) gets no eye', () => {
    const w = new FakeWorld().addThreat('s', 2, 2, 0, { species: 'skitter' }).addTeamer('A', 2, 0, 4);
    w.shadows.add(w.sq(2, 4));
    const d = run(w, 's', [6, 2]);
    expect(kinds(d.actions)).toEqual(['move', 'face']);
    expect(d.outcome).toBe('hidOutOfSight');
  });

  it('No-Team column: 1–4 STAY, 5–6 HIDE', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 4).addTeamer('A', 12, 12, 0);
    for (const face of [1, 2, 3, 4]) expect(run(w, 'h', [face]).choice).toBe('stay');
    for (const face of [5, 6]) {
      // Move 1: (2,1) and (1,2) are equally far from A and equally near: roll-off, (2,1) wins.
      const d = run(w, 'h', [face, 1, 6, 1]);
      expect(d.reaction?.column).toBe('noTeam');
      expect(d.choice).toBe('hide');
      expect(d.actions[0]).toEqual({ kind: 'move', path: [w.sq(2, 1)] });
    }
  });
});

describe('tie-breaks', () => {
  it('equal hiding places are rolled off, then the facing between two equally near Teamers', () => {
    const w = new FakeWorld().addThreat('h', 7, 7, 0).addTeamer('A', 4, 7, 2).addTeamer('B', 10, 7, 6);
    w.shadows.add(w.sq(7, 5)).add(w.sq(7, 9));
    const d = run(w, 'h', [6, 2, 3, 5, 6, 1]);
    expect(d.reaction?.column).toBe('noTeam');
    expect(d.rollOffs.map((r) => r.purpose)).toEqual(['where h hides', 'which nearest Teamer h faces']);
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(7, 9));
    expect(d.rollOffs[1]?.result).toEqual(['A']);
    expect(d.actions.at(-1)).toEqual({ kind: 'hide' });
  });

  it('of two hiding places equally far from the Team, the cheaper one wins without dice', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0).addTeamer('A', 2, 0, 4);
    w.shadows.add(w.sq(1, 3)).add(w.sq(0, 4));
    const d = run(w, 'h', [6, 2]);
    // (0,4) is 4 from A, (1,3) only 3: farther first.
    expect(pathOf(d.actions[0]).at(-1)).toBe(w.sq(0, 4));
    w.shadows.clear();
    w.shadows.add(w.sq(1, 4)).add(w.sq(3, 4));
    w.full.add(w.sq(3, 3)).add(w.sq(2, 3));
    // Both 4 from A; (1,4) costs 2, (3,4) costs 3 round the FULL squares.
    const e = run(w, 'h', [6, 3]);
    expect(pathOf(e.actions[0]).at(-1)).toBe(w.sq(1, 4));
    expect(e.rollOffs).toEqual([]);
  });

  it('solo intellect Threat: a Teamer’s back first among those it can shoot', () => {
    const w = new FakeWorld()
      .addThreat('s', 2, 0, 4, { species: 'scavenger' })
      .addTeamer('Near', 2, 2, 0, { you: true })
      .addTeamer('Back', 4, 4, 4);
    const d = run(w, 's', [1]);
    expect(d.target).toMatchObject({ teamer: 'Back', priority: 'back' });
    expect(d.actions).toEqual([{ kind: 'shoot', teamer: 'Back' }]);
  });

  it('an ambush on a Teamer behind a closed door turns to the door procedure', () => {
    const w = new FakeWorld().addThreat('h', 4, 2, 0, { waiting: true }).addTeamer('A', 6, 2, 6);
    w.wallColumn(5, 0, 14);
    w.door('d', 4, 2, 5, 2);
    const dice = new ScriptedDice([4, 1, 3]);
    const d = ambush(w, 'h', 'A', dice);
    expect(dice.remaining).toBe(0);
    expect(d.door).toMatchObject({ step: 'batter', batterFaces: [3] });
    expect(d.actions).toEqual([{ kind: 'wake' }, { kind: 'batter', door: 'd', damage: 3, holeSide: null }]);
  });
});

describe('waiting Threats and ambushes (13.4, 13.6)', () => {
  it('a waiting Threat with no Teamer in sight or range stays waiting and rolls nothing', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0, { waiting: true }).addTeamer('A', 2, 7, 0);
    const d = run(w, 'h', []);
    expect(d).toMatchObject({ choice: 'wait', because: 'waitingNotTriggered', actions: [], dice: [] });
  });

  it('a Teamer within scent range behind it sets it off: wake and attack, no reaction roll', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0, { waiting: true }).addTeamer('A', 2, 4, 4);
    const d = run(w, 'h', [2]);
    expect(d.reaction).toBeNull();
    expect(d.because).toBe('waitingTriggered');
    expect(kinds(d.actions)).toEqual(['wake', 'move', 'face', 'grapple']);
  });

  it('a Teamer in its front arc and sight sets it off; sight blocked does not', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 4, { waiting: true }).addTeamer('A', 2, 8, 0);
    expect(isAmbushTriggered(w, 'h', 'A')).toBe(true);
    w.blind.add(`${w.sq(2, 2)}>${w.sq(2, 8)}`);
    expect(isAmbushTriggered(w, 'h', 'A')).toBe(false);
  });

  it('an ambush attacks the Teamer who set it off, not the nearest', () => {
    const w = new FakeWorld()
      .addThreat('h', 2, 2, 4, { waiting: true })
      .addTeamer('A', 4, 2, 0)
      .addTeamer('B', 2, 6, 4);
    const dice = new ScriptedDice([6]);
    const d = ambush(w, 'h', 'B', dice);
    expect(d.mode).toBe('ambush');
    expect(d.target).toMatchObject({ teamer: 'B', reachable: true });
    expect(d.actions.at(-1)).toMatchObject({ kind: 'grapple', teamer: 'B' });
  });
});

describe('prey (13.6)', () => {
  it('a Harpy carrying a body drags it toward the Source tile at −1 movement', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0, { carrying: 'K' }).addTeamer('A', 2, 12, 0);
    w.wallColumn(5, 0, 4);
    w.door('d', 4, 2, 5, 2, { open: true });
    w.sourceTile = 1;
    const d = run(w, 'h', [4]);
    expect(d.movement).toMatchObject({ faces: [4], carryPenalty: 1, allowance: 3 });
    expect(d.actions[0]).toMatchObject({ kind: 'drag', teamer: 'K' });
    const path = pathOf(d.actions[0]);
    expect(path).toHaveLength(3);
    expect(path.slice(1)).toEqual([w.sq(4, 2), w.sq(5, 2)]);
    expect(d.outcome).toBe('dragged');
  });

  it('on the Source tile it drags no further', () => {
    const w = new FakeWorld().addThreat('h', 6, 2, 0, { carrying: 'K' }).addTeamer('A', 2, 12, 0);
    w.sourceTile = 1;
    expect(run(w, 'h', [])).toMatchObject({ because: 'preyAtNest', actions: [] });
  });
});

describe('intellect-driven Threats (24.4)', () => {
  it('with a controller the AI decides nothing', () => {
    const w = new FakeWorld().addThreat('s', 2, 2, 4, { species: 'scavenger' }).addTeamer('A', 2, 6, 0);
    w.switches = { ...w.switches, intellectControlled: true };
    expect(run(w, 's', [])).toMatchObject({ choice: 'controller', actions: [] });
  });

  it('solo: ATTACK shoots a Teamer it sees within range', () => {
    const w = new FakeWorld().addThreat('s', 2, 2, 4, { species: 'scavenger' }).addTeamer('A', 2, 4, 0);
    const d = run(w, 's', [1]);
    expect(d.actions).toEqual([{ kind: 'shoot', teamer: 'A' }]);
  });

  it('solo: with nobody in sight it moves and stops as soon as a Teamer is in sight', () => {
    const w = new FakeWorld().addThreat('s', 2, 0, 4, { species: 'scavenger' }).addTeamer('A', 2, 4, 0);
    w.profiles.scavenger = { ...SCAVENGER, attackRange: 3 };
    const d = run(w, 's', [1, 2]); // A is seen but 4 away: move (AvD 2), stop 3 away
    expect(d.actions[0]).toMatchObject({ kind: 'move' });
    const path = pathOf(d.actions[0]);
    expect(path).toHaveLength(1);
    expect(w.distance(path[0] as number, w.sq(2, 4))).toBe(3);
    expect(d.outcome).toBe('closedIn');
  });
});

describe('bad data', () => {
  it('a species without a profile is a clear error', () => {
    const w = new FakeWorld().addThreat('x', 2, 2, 0, { species: 'gloop' }).addTeamer('A', 2, 6, 0);
    expect(() => activateThreat(w, 'x', new ScriptedDice([1]))).toThrowError(
      expect.objectContaining({ code: 'THREAT_PROFILE_MISSING', details: { species: 'gloop' } }),
    );
  });

  it('an unknown Threat or Teamer is refused', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 0).addTeamer('A', 2, 6, 0);
    expect(() => activateThreat(w, 'nope', new ScriptedDice([]))).toThrow(RuleError);
    expect(() => ambush(w, 'h', 'nobody', new ScriptedDice([]))).toThrowError(
      expect.objectContaining({ code: 'TEAMER_UNKNOWN' }),
    );
  });
});
