import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { FdEvent } from './events.ts';
import { fixedDeal, GM, Table } from './test-kit.ts';

const ENTRY = 3;

/** YOU aboard at (0,7) facing east with his first chit left, two Harpies on the corridor tile. */
function youAboard() {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  t.dice = new ScriptedDice([2, 1, 1]);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you' });
  return t;
}

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
