import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, PLAYER, Table } from './test-kit.ts';

/** Tiles of the Drifter Mary Rose, in pack order. */
const ENTRY = 3;
const HUB = 4;

/** Boarded, YOU activated and moving with 3 points, standing on (0,7) after the first step. */
function moving() {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] }, [HUB]: { chits: [true] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  // Move 3; first into the module: BINGE test passes (1); first sight of the Harpies: passes (1).
  t.dice = new ScriptedDice([3, 1, 1]);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  return t;
}

describe('undo of the Team’s quiet steps', () => {
  it('a step that rolled a die (the first into a module) cannot be taken back', () => {
    const t = moving();
    expect(t.state.undo).toEqual([]);
    expect(refusalCode(() => t.send({ type: 'undo' }))).toBe('NOTHING_TO_UNDO');
  });

  it('takes back steps, a turn and the end of a move, newest first, with the points they cost', () => {
    const t = moving();
    const before = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    t.send({ type: 'turn', teamerId: 'you', facing: 4 });
    expect(t.state.move?.spent).toBe(3);
    const ended = t.send({ type: 'endMove', teamerId: 'you', facing: 0 });
    expect(ended.map((e) => e.type)).toEqual(['undo.saved', 'move.ended']);
    expect(t.state.move).toBeNull();
    expect((fd.view(t.state, PLAYER) as { pending: { undo: string | null } }).pending.undo).toBe('you');

    // Undo the end of the move: the move is open again, facing as before.
    expect(t.send({ type: 'undo' })).toEqual([{ type: 'move.undone', teamerId: 'you' }]);
    expect(t.state.move).toMatchObject({ teamerId: 'you', spent: 3, steps: 2 });
    expect(t.state.teamers.you?.facing).toBe(4);
    // Undo the turn, then the step: back on (0,7) with 2 points to spend.
    t.send({ type: 'undo' });
    expect(t.state.teamers.you?.facing).toBe(2);
    t.send({ type: 'undo' });
    expect(t.state.teamers.you).toMatchObject({ x: 0, y: 7 });
    expect(t.state.move).toMatchObject({ spent: 1, steps: 1 });
    // Everything but the (empty) undo stack is as it was before the steps.
    // (The dice script is empty: any die would have thrown.)
    expect(stateHash(t.state)).toBe(before);
    expect(refusalCode(() => t.send({ type: 'undo' }))).toBe('NOTHING_TO_UNDO');
  });

  it('a die rolled after the step commits it: a shot clears the undo', () => {
    const t = moving();
    t.dice = new ScriptedDice([]);
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    t.send({ type: 'endMove', teamerId: 'you', facing: 2 });
    expect(t.state.undo).toHaveLength(2);
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 4, y: 5 });
    expect(t.state.undo).toEqual([]);
    expect(refusalCode(() => t.send({ type: 'undo' }))).toBe('NOTHING_TO_UNDO');
  });

  it('another seat may not take back a claimed Teamer’s step; a refusal changes nothing', () => {
    const t = moving();
    t.send({ type: 'claimTeamer', teamerId: 'you' });
    t.dice = new ScriptedDice([]);
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    const hash = stateHash(t.state);
    expect(refusalCode(() => t.send({ type: 'undo' }, { seatId: 'p2', role: 'player' }))).toBe(
      'NOT_YOUR_TEAMER',
    );
    expect(stateHash(t.state)).toBe(hash);
    t.send({ type: 'undo' });
    expect(t.state.teamers.you).toMatchObject({ x: 0, y: 7 });
  });

  it('the log replays to the same state through saved points and undos', () => {
    const t = moving();
    t.dice = new ScriptedDice([]);
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    t.send({ type: 'undo' });
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 8 });
    let s = fd.setup({});
    for (const e of t.log) s = fd.evolve(s, e);
    expect(stateHash(s)).toBe(stateHash(t.state));
  });
});
