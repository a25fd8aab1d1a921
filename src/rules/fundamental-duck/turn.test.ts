import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { defaultPack } from './data/pack.ts';
import { fundamentalDuck as fd } from './index.ts';
import {
  ceilingOverTile4,
  crossingRaised,
  fixedDeal,
  GM,
  packWith,
  ScriptThenSeeded,
  Table,
  threatPlaced,
  youAboard,
  youDuckedAndWaiting,
} from './test-kit.ts';

const ENTRY = 3;
const HUB = 4;

/** Boarded, YOU in the corridor with his second chit on WAIT, the rest of the Team still on the bridge. */
function youWaiting(seed: number) {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] }, [HUB]: { chits: [true] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  t.dice = new ScriptedDice([3, 1, 1]);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you', facing: 2 });
  t.send({ type: 'wait', teamerId: 'you' });
  t.dice = new ScriptThenSeeded([], seed);
  t.send({ type: 'endTeamPhase' });
  return t;
}

describe('WAIT in the Threat phase (8.3)', () => {
  // The first seed whose Threat phase sets YOU's WAIT off (found once; the dice are then fixed).
  const seed = (() => {
    for (let s = 1; s < 200; s++) if (youWaiting(s).state.interrupt) return s;
    throw new Error('no seed sets off the WAIT');
  })();

  it('a Threat stepping next to a waiting Teamer pauses the phase for him', () => {
    const t = youWaiting(seed);
    expect(t.state.phase).toBe('threat');
    expect(t.state.interrupt?.teamerIds).toEqual(['you']);
    expect(t.state.paused?.threatId).toBe(t.state.interrupt?.threatId);
    expect(t.state.teamers.you?.chits).toEqual(['ACTED', 'WAIT']);
  });

  it('letting it pass keeps the WAIT chit and the phase goes on', () => {
    const t = youWaiting(seed);
    t.send({ type: 'holdWait', teamerId: 'you' });
    expect(t.state.interrupt === null || t.state.interrupt.teamerIds.includes('you')).toBe(true);
    if (!t.state.interrupt) expect(['exploration', 'ended']).toContain(t.state.phase);
  });

  it('spending the WAIT chit: the action happens, then the interrupted move goes on', () => {
    const t = youWaiting(seed);
    const th = t.state.threats[t.state.interrupt?.threatId as string];
    if (!th) throw new Error('no threat');
    const ev = t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: th.x, y: th.y });
    expect(ev[0]).toMatchObject({ type: 'chit.used', teamerId: 'you', chit: 1 });
    expect(ev[1]).toMatchObject({ type: 'interrupt.answered', teamerId: 'you', used: true });
    expect(t.state.teamers.you?.chits).toEqual(
      t.state.phase === 'exploration' ? ['READY', 'READY'] : ['ACTED', 'ACTED'],
    );
  });

  it('a move answering the interrupt is finished before the Threats go on', () => {
    const t = youWaiting(seed);
    t.dice = new ScriptThenSeeded([2], 3);
    t.send({ type: 'move', teamerId: 'you' });
    expect(t.state.phase).toBe('threat');
    expect(t.state.move?.teamerId).toBe('you');
    expect(t.state.interrupt).toBeNull();
    t.send({ type: 'endMove', teamerId: 'you' });
    expect(t.state.move).toBeNull();
    expect(t.state.paused === null || t.state.interrupt !== null).toBe(true);
  });

  it('nobody else may act during the interrupt', () => {
    const t = youWaiting(seed);
    expect(() => t.send({ type: 'move', teamerId: 'brick' })).toThrow(/interrupt|not/);
  });
});

describe('exploration (7)', () => {
  function inCorridor() {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([
      fixedDeal(t.state, {
        [ENTRY]: { pings: ['none'], cards: ['quiet'] },
        [HUB]: { pings: ['none'], chits: [true] },
      }),
    ]);
    t.send({ type: 'board' });
    t.dice = new SeededDice(1);
    t.send({ type: 'endTeamPhase' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    return t;
  }

  it('a biosensor scan reveals the tile across the door (and its Source chit count), placing no Threats', () => {
    const t = inCorridor();
    expect(t.state.phase).toBe('exploration');
    const door = 2; // door-01-11: the corridor's east door into the Hub
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'scan', teamerId: 'you', door });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'tile.revealed']);
    expect(t.state.tiles[HUB]?.revealed).toEqual([true]);
    expect(t.state.tiles[HUB]?.chitsShown).toBe(true);
    expect(t.state.threatOrder).toEqual([]);
  });

  it('a failed fumble test: chit spent, nothing found, stress in the Kitty', () => {
    const t = inCorridor();
    t.dice = new ScriptedDice([5, 7]);
    t.send({ type: 'scan', teamerId: 'you', door: 2 });
    expect(t.state.tiles[HUB]?.revealed).toEqual([false]);
    expect(t.state.kitty.chits.length).toBe(1);
  });

  it('operating a door (15.1): a failed fumble test spends the chit and leaves it shut; refusals change nothing', () => {
    const t = inCorridor();
    t.send({ type: 'endExploration' });
    t.send({ type: 'activate', teamerId: 'you' });
    let before = t.state;
    t.dice = new ScriptedDice([]);
    expect(refusalCode(() => t.send({ type: 'operateDoor', teamerId: 'you', door: 2, open: false }))).toBe(
      'DOOR_ALREADY',
    );
    expect(t.state).toBe(before);
    // A fumble test of 6 fails (FF 5): the door stays shut, the chit is spent, a stress chit.
    t.dice = new ScriptThenSeeded([6], 3);
    const ev = t.send({ type: 'operateDoor', teamerId: 'you', door: 2, open: true });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'test.rolled', purpose: 'open a door' }));
    expect(ev.some((e) => e.type === 'stress.added' && e.teamerId === 'you')).toBe(true);
    expect(t.state.doors[2]?.open).toBe(false);
    expect(t.state.tiles[HUB]?.opened).toBe(false);
    expect(t.state.teamers.you?.chits).toContain('ACTED');
    // Out of the door zone (two squares back along the corridor).
    t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    before = t.state;
    expect(refusalCode(() => t.send({ type: 'operateDoor', teamerId: 'you', door: 2, open: true }))).toBe(
      'NOT_AT_DOOR',
    );
    expect(t.state).toBe(before);
  });

  it('opening a door into an unopened tile reveals it and dices its Source chits onto squares', () => {
    const t = inCorridor();
    t.send({ type: 'endExploration' });
    t.send({ type: 'activate', teamerId: 'you' });
    // Fumble 1 passes (FF 5); the none ping rolls no Threat; the chit lands on local (2,4) → (6,8)... a LOW crate: any square but FULL takes a chit.
    t.dice = new ScriptedDice([1, 2, 4]);
    t.send({ type: 'operateDoor', teamerId: 'you', door: 2, open: true });
    expect(t.state.doors[2]?.open).toBe(true);
    expect(t.state.tiles[HUB]?.opened).toBe(true);
    expect(t.state.tiles[HUB]?.chits[0]).toMatchObject({ x: 6, y: 8, h: true, examined: false });
  });
});

describe('activation methods (8.1)', () => {
  function turnTwo(activation: 'deck' | 'stack' | 'nearest-first') {
    const t = new Table(new SeededDice(4));
    t.send({ type: 'chooseMission', activation });
    t.send({ type: 'board' });
    t.dice = new SeededDice(9);
    t.send({ type: 'endTeamPhase' });
    return t;
  }

  it('a drawn deck fixes the order when the Team phase begins', () => {
    const t = turnTwo('deck');
    expect(t.state.phase).toBe('exploration');
    const ev = t.send({ type: 'endExploration' });
    const drawn = ev.find((e) => e.type === 'order.drawn') as { order: string[] } | undefined;
    expect(drawn?.order.slice().sort()).toEqual(['brick', 'jonesy', 'kowalski', 'sparks', 'you']);
    expect(() => t.send({ type: 'activate', teamerId: drawn?.order[1] as string })).toThrow(/turn/);
    t.send({ type: 'activate', teamerId: drawn?.order[0] as string });
  });

  it('the activation stack holds YOU out of the draw: he may cut in between activations', () => {
    const t = turnTwo('stack');
    expect(t.state.phase).toBe('exploration');
    const ev = t.send({ type: 'endExploration' });
    const drawn = ev.find((e) => e.type === 'order.drawn') as { order: string[] } | undefined;
    expect(drawn?.order).not.toContain('you');
    t.send({ type: 'activate', teamerId: 'you' });
    expect(t.state.activation?.teamerIds).toEqual(['you']);
  });
});

describe('crushing a Threat in a doorway (15.3)', () => {
  /** YOU at the door controls with WAIT; the Harpy in the far aperture square about to cross. */
  function atTheDoor() {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 6, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', door: 2, open: true, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', threatId: 'h1', x: 5, y: 7, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    t.send({ type: 'pass', teamerId: 'you' });
    t.send({ type: 'wait', teamerId: 'you' });
    // The Threat phase reached h1's step across the door side (what threat-phase.ts raises).
    t.fold(crossingRaised('h1', 7 * 15 + 4, 2));
    return t;
  }

  it('success: the WAIT chit, a fumble test, the door shuts and the Threat is crushed', () => {
    const t = atTheDoor();
    t.dice = new ScriptThenSeeded([1], 2);
    t.send({ type: 'crush', teamerId: 'you' });
    expect(t.state.threats.h1).toBeUndefined();
    expect(t.state.doors[2]?.open).toBe(false);
    expect(t.state.teamers.you?.chits[1]).not.toBe('WAIT');
  });

  it('failure: stress, and the Threat completes its step', () => {
    const t = atTheDoor();
    t.dice = new ScriptThenSeeded([6], 2);
    t.send({ type: 'crush', teamerId: 'you' });
    expect(t.log.some((e) => e.type === 'stress.added')).toBe(true);
    expect(
      t.log.some((e) => e.type === 'threat.moved' && e.threatId === 'h1' && e.x === 4 && e.y === 7),
    ).toBe(true);
  });

  it('nobody else may crush, and not without a crossing', () => {
    const t = atTheDoor();
    t.dice = new ScriptedDice([]);
    expect(() => t.send({ type: 'crush', teamerId: 'brick' })).toThrow(/crossing/);
  });
});

describe('crushing through the Threat phase (15.3)', () => {
  /**
   * YOU at (4,6) in the zone of the open hub door, facing east, his second chit on WAIT; a Harpy
   * (wounded or not) at (6,7) in the hub, two squares off (scented). Its attack on YOU's back runs
   * (5,7) → (4,7) → (3,7): first the step next to him (trigger b), then the step across the door.
   */
  function crossing(crushing: 'killed' | 'wounded', wounds: number) {
    const pack = {
      ...defaultPack,
      combat: { ...defaultPack.combat, crushing: { threat: crushing, teamer: 'killed' as const } },
    };
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', door: 2, open: true, reason: 'set-up' }, GM);
    t.fold([threatPlaced(HUB, { id: 'h1', species: 'harpy', x: 6, y: 7, facing: 6 })]);
    t.send({ type: 'gmOverride', threatId: 'h1', wounds, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    t.send({ type: 'pass', teamerId: 'you' });
    t.send({ type: 'wait', teamerId: 'you' });
    // Reaction 1 (ATTACK; +2 if wounded is still ATTACK), movement 6: his back is in reach.
    t.dice = new ScriptedDice([1, 6]);
    t.send({ type: 'endTeamPhase' });
    expect(t.state.interrupt).toMatchObject({ trigger: 'adjacent', teamerIds: ['you'] });
    t.send({ type: 'holdWait', teamerId: 'you' });
    expect(t.state.interrupt).toMatchObject({
      threatId: 'h1',
      trigger: 'crossing',
      teamerIds: ['you'],
      door: 2,
    });
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 7 });
    return t;
  }
  const grappled = (t: Table) => t.log.some((e) => e.type === 'test.rolled' && e.purpose.includes('grapple'));

  it('the phase itself stops the Threat on the threshold; crushed (the default), it dies and grapples nobody', () => {
    const t = crossing('killed', 0);
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'crush', teamerId: 'you' });
    expect(ev).toContainEqual({ type: 'threat.killed', threatId: 'h1', by: 'you' });
    expect(t.state.doors[2]?.open).toBe(false);
    expect(t.state.teamers.you).toMatchObject({ x: 4, y: 6, wounds: 0 });
    expect(grappled(t)).toBe(false);
  });

  it('a man up in the ceiling over the door zone is not at its controls: no crossing interrupt for him', () => {
    const pack = packWith({ ceiling: true });
    // Boarding rolls the entry tile's ceiling die: 1, no level there.
    const t = new Table(new ScriptedDice([1]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', door: 2, open: true, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 6, y: 7, facing: 6, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'you', x: 5, y: 6, facing: 2, reason: 'set-up' }, GM);
    t.fold([
      ceilingOverTile4(),
      { type: 'ceiling.climbed', teamerId: 'you', up: true, x: 5, y: 6, cost: 2 },
      threatPlaced(ENTRY, { id: 'h1', species: 'harpy', x: 4, y: 8, facing: 2 }),
    ]);
    t.send({ type: 'activate', teamerId: 'you' });
    t.send({ type: 'pass', teamerId: 'you' });
    t.send({ type: 'wait', teamerId: 'you' });
    // Reaction 1 (ATTACK on Brick), movement 6: its way crosses the hub door's side.
    t.dice = new ScriptThenSeeded([1, 6], 4);
    t.send({ type: 'endTeamPhase' });
    expect(t.log.some((e) => e.type === 'interrupt.raised' && e.trigger === 'crossing')).toBe(false);
    expect(t.log).toContainEqual(
      expect.objectContaining({ type: 'threat.moved', threatId: 'h1', x: 5, y: 7 }),
    );
  });

  it("a 'wounded' pack: a sound Harpy takes a wound and stays on its side, its move lost", () => {
    const t = crossing('wounded', 0);
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'crush', teamerId: 'you' });
    expect(t.state.threats.h1).toMatchObject({ x: 5, y: 7, wounds: 1 });
    expect(t.state.doors[2]?.open).toBe(false);
    expect(grappled(t)).toBe(false);
  });

  it("a 'wounded' pack: the wound kills a Harpy already wounded (was: left standing at 2 wounds)", () => {
    const t = crossing('wounded', 1);
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'crush', teamerId: 'you' });
    expect(ev).toContainEqual({ type: 'threat.killed', threatId: 'h1', by: 'you' });
    expect(t.state.threats.h1).toBeUndefined();
  });
});

describe('ambushes in the Team phase (13.6)', () => {
  /** A Harpy waiting (eye) in the hub at (8,7) facing west; YOU at (4,6) by the hub door, Brick at (2,7) facing east. */
  function waitingHarpy(doorOpen: boolean) {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 4, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    if (doorOpen) t.send({ type: 'gmOverride', door: 2, open: true, reason: 'set-up' }, GM);
    t.fold([
      threatPlaced(HUB, { id: 'h1', species: 'harpy', x: 8, y: 7, facing: 6 }),
      { type: 'threat.moved', threatId: 'h1', x: 8, y: 7, facing: 6, eye: true },
    ]);
    return t;
  }
  const ambushes = (t: Table) =>
    t.log.flatMap((e) => (e.type === 'threat.decided' && e.decision.mode === 'ambush' ? [e.decision] : []));

  it('a door opened brings a comrade into its sight: it springs on him, not only on the opener', () => {
    const t = waitingHarpy(false);
    t.send({ type: 'activate', teamerId: 'you' });
    // Fumble test 1 opens the door (the hub is empty); Brick, down row 7, is now in the Harpy's
    // sight (YOU by the wall is not): movement 6, then the grapple's Teamer d6 and Threat d6.
    t.dice = new ScriptedDice([1, 6, 1, 1]);
    t.send({ type: 'operateDoor', teamerId: 'you', door: 2, open: true });
    expect(ambushes(t)).toEqual([
      expect.objectContaining({ threat: 'h1', target: expect.objectContaining({ teamer: 'brick' }) }),
    ]);
    expect(t.state.threats.h1).toMatchObject({ x: 3, y: 7, eye: false, acted: true });
    expect(t.state.teamers.brick?.wounds).toBe(1);
  });

  it('a step into its sight springs it at once, as its activation: it does not act again in the Threat phase', () => {
    const t = waitingHarpy(true);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 9, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'you', x: 3, y: 6, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    // AvD 3; the step to (3,7) (he turns south; the module counts as entered by the GM's placing
    // him, so no test for the first into it) is his first sight of a Harpy (BINGE test 1), and puts
    // him in the Harpy's sight: its movement 6, and the grapple YOU wins (6 against 1).
    t.dice = new ScriptedDice([3]);
    t.send({ type: 'move', teamerId: 'you' });
    t.dice = new ScriptedDice([1, 6, 6, 1]);
    t.send({ type: 'step', teamerId: 'you', x: 3, y: 7 });
    expect(ambushes(t)).toEqual([
      expect.objectContaining({ threat: 'h1', target: expect.objectContaining({ teamer: 'you' }) }),
    ]);
    expect(t.state.threats.h1).toMatchObject({ wounds: 1, acted: true });
    // His move goes on after it.
    expect(t.state.move?.teamerId).toBe('you');
    t.dice = new ScriptThenSeeded([], 5);
    t.send({ type: 'endMove', teamerId: 'you' });
    t.send({ type: 'pass', teamerId: 'you' });
    t.send({ type: 'endTeamPhase' });
    const queue = t.log.find((e) => e.type === 'threat.queue');
    expect(queue?.type === 'threat.queue' && queue.queue).toEqual([]);
  });

  it("a comrade already in its sight is sprung on at another man's act, though he stands still (was: only the one who acted was checked)", () => {
    // The hub door open: Brick, down row 7, is in the waiting Harpy's sight; YOU by the wall is not.
    const t = waitingHarpy(true);
    t.send({ type: 'activate', teamerId: 'you' });
    // YOU turns on the spot to face west (no test, nothing new in his sight): the check runs for
    // him first (not seen), then for Brick: its movement 6, then the grapple's Teamer d6 and Threat d6.
    t.dice = new ScriptedDice([6, 1, 1]);
    t.send({ type: 'turn', teamerId: 'you', facing: 6 });
    expect(ambushes(t)).toEqual([
      expect.objectContaining({ threat: 'h1', target: expect.objectContaining({ teamer: 'brick' }) }),
    ]);
    expect(t.state.threats.h1).toMatchObject({ x: 3, y: 7, eye: false, acted: true });
    expect(t.state.teamers.brick?.wounds).toBe(1);
  });
});

describe('putting a chit on WAIT (8.3)', () => {
  it('only after the first chit is used, and never a second one', () => {
    const early = new Table(new ScriptThenSeeded([], 3));
    early.fold([fixedDeal(early.state, { [ENTRY]: { pings: ['none'], cards: ['quiet'] } })]);
    early.send({ type: 'board' });
    early.send({ type: 'activate', teamerId: 'you' });
    const before = early.state;
    expect(refusalCode(() => early.send({ type: 'wait', teamerId: 'you' }))).toBe('WAIT_TOO_EARLY');
    expect(early.state).toBe(before);
    // YOU has moved with his first chit: the second goes on WAIT, and there is no third.
    const t = youAboard();
    expect(t.send({ type: 'wait', teamerId: 'you' })).toContainEqual({
      type: 'chit.used',
      teamerId: 'you',
      chit: 1,
      to: 'WAIT',
      kind: 'wait',
    });
    expect(t.state.teamers.you?.chits).toEqual(['ACTED', 'WAIT']);
    // Both chits are placed: his activation is over, so no second WAIT.
    expect(t.log.at(-1)).toMatchObject({ type: 'activation.ended' });
    const waiting = t.state;
    expect(refusalCode(() => t.send({ type: 'wait', teamerId: 'you' }))).toBe('NOT_YOUR_TURN');
    expect(t.state).toBe(waiting);
  });

  /** YOU and Brick stacked at (1,7), activated in concert (8.1): YOU stays activated while Brick acts. */
  function inConcert(): Table {
    const t = new Table(new ScriptThenSeeded([], 3));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you', partnerId: 'brick' });
    return t;
  }

  it('a second WAIT chit is refused ALREADY_WAITING; with no READY chit left, NO_CHIT', () => {
    const t = inConcert();
    t.send({ type: 'pass', teamerId: 'you' });
    t.send({ type: 'wait', teamerId: 'you' });
    expect(t.state.teamers.you?.chits).toEqual(['ACTED', 'WAIT']);
    // Brick still acts, so YOU is still activated: a second WAIT is what is refused.
    expect(t.state.activation?.teamerIds).toContain('you');
    let before = t.state;
    expect(refusalCode(() => t.send({ type: 'wait', teamerId: 'you' }))).toBe('ALREADY_WAITING');
    expect(t.state).toBe(before);
    const spent = inConcert();
    spent.send({ type: 'pass', teamerId: 'you' });
    spent.send({ type: 'pass', teamerId: 'you' });
    expect(spent.state.activation?.teamerIds).toContain('you');
    before = spent.state;
    expect(refusalCode(() => spent.send({ type: 'wait', teamerId: 'you' }))).toBe('NO_CHIT');
    expect(spent.state).toBe(before);
    // The first chit still READY: too early.
    const early = inConcert();
    before = early.state;
    expect(refusalCode(() => early.send({ type: 'wait', teamerId: 'brick' }))).toBe('WAIT_TOO_EARLY');
    expect(early.state).toBe(before);
  });
});

describe('standing up as the waiting action (10.2)', () => {
  /** The Threat phase stopped for YOU: the Harpy has moved into his sight (what threat-phase.ts raises). */
  function triggered() {
    const t = youDuckedAndWaiting();
    t.fold([
      { type: 'phase.began', phase: 'threat', turn: 1 },
      { type: 'threat.queue', queue: [], order: { units: [], rollOffs: [], dice: [] } },
      { type: 'threat.paused', threatId: 'h1', actions: [] },
      { type: 'interrupt.raised', threatId: 'h1', trigger: 'sighted', teamerIds: ['you'] },
    ]);
    return t;
  }

  it('a ducked Teamer whose WAIT is set off stands and fires for that one chit', () => {
    const t = triggered();
    expect(t.state.teamers.you?.ducked).toBe(true);
    t.dice = new ScriptThenSeeded([6], 5);
    const before = t.state;
    // Lying down he may not fire at a Threat outside his square.
    expect(
      refusalCode(() => t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 4, y: 7 })),
    ).toBe('DUCKED');
    expect(t.state).toBe(before);
    const ev = t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 4, y: 7, standUp: true });
    expect(ev.slice(0, 3)).toEqual([
      { type: 'teamer.ducked', teamerId: 'you', ducked: false },
      { type: 'chit.used', teamerId: 'you', chit: 1, to: 'ACTED', kind: 'shoot' },
      { type: 'interrupt.answered', teamerId: 'you', used: true },
    ]);
    expect(ev.some((e) => e.type === 'attack.resolved' && e.by === 'you')).toBe(true);
    expect(t.state.teamers.you?.ducked).toBe(false);
  });

  it('a waiting move made standing is a full move, not a crawl', () => {
    const t = triggered();
    t.dice = new ScriptThenSeeded([4], 5);
    const ev = t.send({ type: 'move', teamerId: 'you', standUp: true });
    expect(ev[0]).toEqual({ type: 'teamer.ducked', teamerId: 'you', ducked: false });
    expect(t.state.move?.teamerId).toBe('you');
    expect(t.state.move?.allowance).toBeGreaterThan(1);
  });

  it('only with the WAIT chit, and only lying down: refusals change nothing', () => {
    const t = triggered();
    t.dice = new ScriptedDice([]);
    // Standing up is the task itself: it takes no stand-up option.
    let before = t.state;
    expect(refusalCode(() => t.send({ type: 'task', teamerId: 'you', task: 'standUp', standUp: true }))).toBe(
      'BAD_TASK',
    );
    expect(t.state).toBe(before);
    // In his own activation the chit is a READY one: standing up is then an action by itself.
    const own = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    own.fold([fixedDeal(own.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    own.send({ type: 'board' });
    own.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    own.send({ type: 'activate', teamerId: 'you' });
    before = own.state;
    expect(refusalCode(() => own.send({ type: 'move', teamerId: 'you', standUp: true }))).toBe('NOT_DUCKED');
    expect(own.state).toBe(before);
    own.send({ type: 'task', teamerId: 'you', task: 'duck' });
    before = own.state;
    expect(refusalCode(() => own.send({ type: 'move', teamerId: 'you', standUp: true }))).toBe('NOT_WAITING');
    expect(own.state).toBe(before);
  });
});
