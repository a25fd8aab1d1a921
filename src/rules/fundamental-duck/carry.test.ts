import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { arenaOf } from './board-adapter.ts';
import { teamersAt } from './figures.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, GM, Table } from './test-kit.ts';

const ENTRY = 3;

/** Turn 1 on a quiet arena: YOU aboard on the entry square (0,7) facing east, activated. */
function aboard(mission?: string) {
  const t = new Table(new ScriptedDice([]));
  if (mission) t.send({ type: 'chooseMission', mission });
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 0, y: 7, facing: 2, reason: 'set-up' }, GM);
  return t;
}

describe('carrying a comrade out of action (24.3)', () => {
  function withKowalskiDown() {
    const t = aboard();
    t.send({ type: 'gmOverride', teamerId: 'kowalski', x: 1, y: 7, wounds: 2, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  it('picks him up (an Other Action with a fumble test), is encumbered, and takes him home over the bridge', () => {
    const t = withKowalskiDown();
    // Fumble test 1 < FF 5: he has him.
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'carry', teamerId: 'you', comradeId: 'kowalski' });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'teamer.carried']);
    expect(t.state.teamers.you?.carrying).toBe('kowalski');
    expect(t.state.teamers.kowalski).toMatchObject({ x: 0, y: 7 });
    // The body takes no room: only YOU stands in the square.
    expect(teamersAt(t.state, 0, 7).map((m) => m.id)).toEqual(['you']);
    // AvD 4, −1 encumbered.
    t.dice = new ScriptedDice([4]);
    const began = t.send({ type: 'move', teamerId: 'you' }).find((e) => e.type === 'move.began');
    expect(began).toMatchObject({ allowance: 3 });
    t.send({ type: 'step', teamerId: 'you', bridge: true });
    expect(t.state.teamers.you).toMatchObject({ left: true, x: null });
    expect(t.state.teamers.kowalski).toMatchObject({ left: true, x: null, wounds: 2 });
    // With the rest of the Team lost, the Team that lives is back at Mother (objective 2).
    for (const id of ['brick', 'sparks', 'jonesy'])
      t.send({ type: 'gmOverride', teamerId: id, wounds: 3, reason: 'lost' }, GM);
    t.send({ type: 'awardStars', teamerId: null, stars: 0, why: 'end' });
    expect(t.state.phase).toBe('ended');
    expect(t.state.evaluation?.objectives).toEqual([false, true]);
  });

  it('a failed fumble test spends the chit and leaves him lying', () => {
    const t = withKowalskiDown();
    t.dice = new ScriptedDice([6, 1, 1, 1]);
    t.send({ type: 'carry', teamerId: 'you', comradeId: 'kowalski' });
    expect(t.state.teamers.you?.carrying).toBeNull();
    expect(t.state.teamers.you?.chits[0]).toBe('ACTED');
    expect(t.state.teamers.kowalski).toMatchObject({ x: 1, y: 7 });
  });

  it('sets him down in his own square, where he takes room again', () => {
    const t = withKowalskiDown();
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'carry', teamerId: 'you', comradeId: 'kowalski' });
    const ev = t.send({ type: 'putDown', teamerId: 'you' });
    expect(ev[0]).toEqual({ type: 'teamer.carried', teamerId: 'you', comradeId: null });
    expect(
      teamersAt(t.state, 0, 7)
        .map((m) => m.id)
        .sort(),
    ).toEqual(['kowalski', 'you']);
    // Setting down is no task: the second chit is still READY.
    expect(t.state.teamers.you?.chits[1]).toBe('READY');
  });

  it('a carrier who falls drops him where he stands; a comrade patched up walks on his own', () => {
    const t = withKowalskiDown();
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'carry', teamerId: 'you', comradeId: 'kowalski' });
    const fallen = fd.evolve(t.state, {
      type: 'teamer.wounded',
      teamerId: 'you',
      wounds: 2,
      armourFace: null,
    });
    expect(fallen.teamers.you?.carrying).toBeNull();
    expect(teamersAt(fallen, 0, 7)).toHaveLength(2);
    const patched = fd.evolve(t.state, {
      type: 'teamer.wounded',
      teamerId: 'kowalski',
      wounds: 1,
      armourFace: null,
    });
    expect(patched.teamers.you?.carrying).toBeNull();
  });

  it('refuses a comrade who is not out, too far, named twice or with full hands: nothing changes, no die', () => {
    const t = withKowalskiDown();
    t.send({ type: 'gmOverride', teamerId: 'sparks', x: 1, y: 6, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'jonesy', x: 3, y: 7, wounds: 2, reason: 'set-up' }, GM);
    const hash = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    const code = (c: Parameters<Table['send']>[0]) => refusalCode(() => t.send(c));
    expect(code({ type: 'carry', teamerId: 'you', comradeId: 'sparks' })).toBe('NOT_OUT');
    expect(code({ type: 'carry', teamerId: 'you', comradeId: 'jonesy' })).toBe('NOT_NEXT_TO');
    expect(code({ type: 'carry', teamerId: 'you', comradeId: 'kowalski', x: 1, y: 7 })).toBe('BAD_CARRY');
    expect(code({ type: 'carry', teamerId: 'you' })).toBe('BAD_CARRY');
    expect(code({ type: 'carry', teamerId: 'you', comradeId: 'nobody' })).toBe('UNKNOWN_TEAMER');
    expect(code({ type: 'putDown', teamerId: 'you' })).toBe('CARRIES_NOTHING');
    expect(stateHash(t.state)).toBe(hash);
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'carry', teamerId: 'you', comradeId: 'kowalski' });
    t.dice = new ScriptedDice([]);
    expect(refusalCode(() => t.send({ type: 'carry', teamerId: 'you', comradeId: 'jonesy' }))).toBe(
      'HANDS_FULL',
    );
  });
});

describe('carrying cargo pods (18, Salvage)', () => {
  /** YOU in the Cargo Bay beside pod-1 at (6,1), facing east. */
  function inTheBay() {
    const t = aboard('salvage');
    t.send({ type: 'gmOverride', teamerId: 'you', x: 5, y: 1, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  it('picks up a marked pod: its square is bare floor until he sets it down next to him', () => {
    const t = inTheBay();
    const w = arenaOf(t.state).width;
    expect(arenaOf(t.state).wholeHeight[1 * w + 6]).toBe(1);
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'carry', teamerId: 'you', x: 6, y: 1 });
    expect(t.state.teamers.you?.cargo).toBe(0);
    expect(t.state.loads[0]).toMatchObject({ at: null, delivered: false });
    expect(arenaOf(t.state).wholeHeight[1 * w + 6]).toBe(0);
    t.dice = new ScriptedDice([]);
    expect(refusalCode(() => t.send({ type: 'putDown', teamerId: 'you', x: 7, y: 1 }))).toBe('NOT_NEXT_TO');
    t.send({ type: 'putDown', teamerId: 'you', x: 5, y: 2 });
    expect(t.state.loads[0]?.at).toBe(2 * w + 5);
    expect(arenaOf(t.state).wholeHeight[2 * w + 5]).toBe(1);
    expect(arenaOf(t.state).loadAt[2 * w + 5]).toBe(0);
  });

  it('a pod carried over the boarding bridge is delivered (the Salvage objective counts it)', () => {
    const t = inTheBay();
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'carry', teamerId: 'you', x: 6, y: 1 });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 0, y: 7, facing: 6, reason: 'carried it there' }, GM);
    t.dice = new ScriptedDice([3]);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', bridge: true });
    expect(t.state.loads[0]).toMatchObject({ at: null, delivered: true });
    expect(t.state.teamers.you?.cargo).toBeNull();
  });

  it('refuses loads that are not portable, not there, or stood on', () => {
    const t = inTheBay();
    const loads = t.state.loads;
    const chits = t.state.teamers.you?.chits;
    t.dice = new ScriptedDice([]);
    expect(refusalCode(() => t.send({ type: 'carry', teamerId: 'you', x: 5, y: 2 }))).toBe('NO_LOAD_THERE');
    t.send({ type: 'gmOverride', teamerId: 'you', x: 7, y: 3, reason: 'set-up' }, GM);
    expect(refusalCode(() => t.send({ type: 'carry', teamerId: 'you', x: 6, y: 3 }))).toBe('NOT_PORTABLE');
    t.send({ type: 'gmOverride', teamerId: 'you', x: 5, y: 1, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'sparks', x: 6, y: 1, reason: 'set-up' }, GM);
    expect(refusalCode(() => t.send({ type: 'carry', teamerId: 'you', x: 6, y: 1 }))).toBe('LOAD_OCCUPIED');
    expect(t.state.loads).toBe(loads);
    expect(t.state.teamers.you?.chits).toEqual(chits);
  });
});
