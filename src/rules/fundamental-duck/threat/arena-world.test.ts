import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { activateThreat } from './activate.ts';
import { planThreatPhase } from './order.ts';
import { drifterWorld, harpy, sq, teamer } from './test-arena-world.ts';
import type { ThreatWorld } from './world.ts';

/** The AI on the real default arena (Drifter Mary Rose), through fd-board's arena model, movement and sight. */

function run(world: ThreatWorld, id: string, faces: number[]) {
  const dice = new ScriptedDice(faces);
  const d = activateThreat(world, id, dice);
  expect(dice.remaining).toBe(0);
  return d;
}

describe('the threat AI on the Drifter Mary Rose (default arena)', () => {
  // YOU waits in the Entry Corridor at the closed door to the Hub (4,7)|(5,7), facing east.
  const you = teamer('YOU', 4, 7, 2, { you: true });

  it('a Harpy in the Hub scents YOU through the closed door and closes in on the aperture square', () => {
    const w = drifterWorld({ threats: [harpy('h', 6, 7, 6)], teamers: [you] });
    const d = run(w, 'h', [1, 2]);
    expect(d.reaction).toMatchObject({
      column: 'team',
      columnReason: 'teamerInStimulusRange',
      reaction: 'attack',
    });
    expect(d.target).toMatchObject({ teamer: 'YOU', reachable: false });
    expect(d.actions).toEqual([
      { kind: 'move', path: [sq(5, 7)] },
      { kind: 'face', facing: 6 },
    ]);
  });

  it('next turn, in the door zone, it batters the door (1–4)', () => {
    const w = drifterWorld({ threats: [harpy('h', 5, 7, 6)], teamers: [you], damage: { 'door-01-11': 5 } });
    const d = run(w, 'h', [1, 3, 2, 4]);
    expect(d.door).toMatchObject({ door: 'door-01-11', step: 'batter', damageAfter: 9, holeOpened: false });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'door-01-11', damage: 4, holeSide: null }]);
  });

  it('or finds a short cut (5, then 6) and comes out beside YOU: roll-off for the square, grapple from behind', () => {
    const w = drifterWorld({ threats: [harpy('h', 5, 7, 6)], teamers: [you] });
    // YOU holds the far aperture; (4,6), (3,7), (4,8) are equally near it: roll-off in square order, (3,7) wins.
    const d = run(w, 'h', [1, 3, 5, 6, 2, 6, 1]);
    expect(d.door).toMatchObject({ step: 'seekShortCut', found: true, side: 0 });
    expect(d.rollOffs[0]?.parties).toEqual([
      `square ${sq(4, 6)}`,
      `square ${sq(3, 7)}`,
      `square ${sq(4, 8)}`,
    ]);
    expect(d.actions).toEqual([
      { kind: 'findShortCut', door: 'door-01-11', side: 0, to: sq(3, 7) },
      { kind: 'face', facing: 2 },
      { kind: 'grapple', teamer: 'YOU', fromBehind: true },
    ]);
  });

  it('at the cargo door: battering past 20 opens a hole on a diced side of its three', () => {
    const brick = teamer('Brick', 7, 5, 0, { heavyWeapon: true });
    const approach = drifterWorld({ threats: [harpy('h', 7, 3, 4)], teamers: [brick] });
    expect(run(approach, 'h', [1, 6]).actions).toEqual([
      { kind: 'move', path: [sq(7, 4)] },
      { kind: 'face', facing: 4 },
    ]);
    const w = drifterWorld({
      threats: [harpy('h', 7, 4, 4)],
      teamers: [brick],
      damage: { 'cargo-door': 18 },
    });
    const d = run(w, 'h', [1, 6, 2, 3, 5]);
    expect(d.door).toMatchObject({
      door: 'cargo-door',
      step: 'batter',
      damageAfter: 21,
      holeOpened: true,
      sideFace: 5,
      side: 2,
    });
    expect(d.actions).toEqual([{ kind: 'batter', door: 'cargo-door', damage: 3, holeSide: 2 }]);
  });

  it('hiding on the Bridge: it ends out of YOU’s sight, behind a HIGH console, and takes the eye', () => {
    const bridgeYou = teamer('YOU', 2, 3, 0, { you: true });
    const w = drifterWorld({ threats: [harpy('h', 2, 1, 4)], teamers: [bridgeYou] });
    // Reaction 6 (HIDE), move 3; any roll-offs among equal hiding places get the faces that follow.
    const d = activateThreat(w, 'h', new ScriptedDice([6, 3, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]));
    expect(d.choice).toBe('hide');
    const move = d.actions.find((a) => a.kind === 'move');
    const end = move && 'path' in move ? (move.path.at(-1) as number) : sq(2, 1);
    expect(w.canSee(bridgeYou.square, end)).toBe(false);
    expect(d.actions.at(-1)).toEqual({ kind: 'hide' });
  });

  it('the phase order counts distance through closed doors, on the real arena', () => {
    const w = drifterWorld({
      threats: [harpy('far', 12, 12, 0), harpy('near', 6, 7, 0, { species: 'skitter' })],
      teamers: [you],
    });
    const plan = planThreatPhase(w, new ScriptedDice([]));
    expect(plan.units.map((u) => (u.kind === 'threat' ? u.threat : ''))).toEqual(['near', 'far']);
    expect(plan.units[0]?.distance).toBe(2);
  });
});
