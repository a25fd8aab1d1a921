import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { shotPreview } from './combat.ts';
import { Draft } from './draft.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table, threatPlaced } from './test-kit.ts';
import { threatShoots } from './threat-phase.ts';

const ENTRY = 3;

/** Brick at (2,7) and YOU at (1,7), both facing east, a Harpy at (4,5); YOU steps into Brick's square. */
function stacked() {
  const t = new Table(new ScriptedDice([]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
  t.fold([threatPlaced(ENTRY, { id: 'h1', species: 'harpy', x: 4, y: 5, facing: 6 })]);
  t.send({ type: 'activate', teamerId: 'you' });
  // AvD 3; BINGE tests for the first into the module and the first sight of a Harpy pass.
  t.dice = new ScriptThenSeeded([3, 1, 1], 1);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 2, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you' });
  return t;
}

describe('positions in a square and juggling them (9.5, 8.4)', () => {
  it('a Teamer stepping in takes the place opposite his mate (a mate in the centre steps to his left)', () => {
    const t = stacked();
    expect(t.state.teamers.brick?.position).toBe('left');
    expect(t.state.teamers.you?.position).toBe('right');
  });

  it('a stack-mate ahead of the shooter toward the target must -DUCK!; after a juggle he is behind', () => {
    const t = stacked();
    // Shooting north-east from the south half: Brick, in the north half, is in the way.
    expect(shotPreview(t.state, 'you', 'hand-blaster', 4, 5)).toMatchObject({ ok: true, duckers: ['brick'] });
    t.dice = new ScriptedDice([]);
    expect(
      refusalCode(() => t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 4, y: 5 })),
    ).toBe('NO_LINE');
    t.dice = new ScriptedDice([]);
    const ev = t.send({ type: 'juggle', teamerId: 'you', partnerId: 'brick' });
    expect(ev.map((e) => e.type)).toContain('position.changed');
    expect(t.state.teamers.you).toMatchObject({ position: 'left', chits: ['ACTED', 'ACTED'] });
    expect(t.state.teamers.brick).toMatchObject({ position: 'right', chits: ['READY', 'READY'] });
    expect(shotPreview(t.state, 'you', 'hand-blaster', 4, 5)).toMatchObject({ ok: true, duckers: [] });
  });

  it('refuses a partner in another square, one who cannot act, or one already activated: nothing changes', () => {
    const t = stacked();
    t.send({ type: 'gmOverride', teamerId: 'sparks', x: 3, y: 7, reason: 'set-up' }, GM);
    const hash = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    expect(refusalCode(() => t.send({ type: 'juggle', teamerId: 'you', partnerId: 'sparks' }))).toBe(
      'NOT_STACKED',
    );
    expect(refusalCode(() => t.send({ type: 'juggle', teamerId: 'you', partnerId: 'kowalski' }))).toBe(
      'CANNOT_ACT',
    );
    expect(refusalCode(() => t.send({ type: 'juggle', teamerId: 'you', partnerId: 'nobody' }))).toBe(
      'UNKNOWN_TEAMER',
    );
    expect(stateHash(t.state)).toBe(hash);
    // YOU's activation is over once both chits are spent; Brick activates, and may no longer be swapped by YOU.
    t.send({ type: 'juggle', teamerId: 'you', partnerId: 'brick' });
    t.send({ type: 'activate', teamerId: 'brick' });
    expect(refusalCode(() => t.send({ type: 'juggle', teamerId: 'brick', partnerId: 'you' }))).toBe(
      'ALREADY_ACTIVATED',
    );
  });

  it('ends a move in a place of his choice; beside a mate only the place opposite his (9.5)', () => {
    const t = stacked();
    // YOU stands right of Brick (left): both face east. He may not take the front beside Brick.
    t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.dice = new ScriptThenSeeded([3], 1);
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.send({ type: 'activate', teamerId: 'brick' });
    t.send({ type: 'move', teamerId: 'brick' });
    // Brick moves off to (3,7) alone and ends in the front half, facing north-east.
    t.send({ type: 'step', teamerId: 'brick', x: 3, y: 7 });
    const ev = t.send({ type: 'endMove', teamerId: 'brick', facing: 1, position: 'front' });
    expect(ev.map((e) => e.type)).toEqual(['undo.saved', 'move.ended', 'position.changed']);
    expect(t.state.teamers.brick).toMatchObject({ facing: 1, position: 'front' });
  });

  it('refuses a taken place, or a free place without a square moved; nothing changes', () => {
    const t = stacked();
    // A second move for YOU in Brick's square: no square moved yet, no free place.
    t.dice = new ScriptThenSeeded([3], 1);
    t.send({ type: 'move', teamerId: 'you' });
    const hash = stateHash(t.state);
    expect(refusalCode(() => t.send({ type: 'endMove', teamerId: 'you', position: 'back' }))).toBe(
      'NO_FREE_PLACE',
    );
    expect(refusalCode(() => t.send({ type: 'turn', teamerId: 'you', facing: 2, position: 'back' }))).toBe(
      'NO_FREE_PLACE',
    );
    expect(stateHash(t.state)).toBe(hash);
    // Out and back in: the front half beside Brick (on his left, facing east) is not opposite him.
    t.send({ type: 'step', teamerId: 'you', x: 2, y: 8 });
    t.send({ type: 'step', teamerId: 'you', x: 2, y: 7 });
    const before = stateHash(t.state);
    expect(
      refusalCode(() => t.send({ type: 'endMove', teamerId: 'you', facing: 2, position: 'front' })),
    ).toBe('POSITION_TAKEN');
    expect(stateHash(t.state)).toBe(before);
    t.send({ type: 'endMove', teamerId: 'you', facing: 2, position: 'right' });
    expect(t.state.teamers.you?.position).toBe('right');
  });

  it('turning without moving is one action that may also take a new place', () => {
    const t = stacked();
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.send({ type: 'activate', teamerId: 'brick' });
    t.dice = new ScriptedDice([]);
    // Brick (left, facing east, so in the north half) turns west: his right is still the north half.
    const hash = stateHash(t.state);
    expect(refusalCode(() => t.send({ type: 'turn', teamerId: 'brick', facing: 6, position: 'front' }))).toBe(
      'POSITION_TAKEN',
    );
    expect(stateHash(t.state)).toBe(hash);
    const ev = t.send({ type: 'turn', teamerId: 'brick', facing: 6, position: 'right' });
    expect(ev.map((e) => e.type)).toContain('position.changed');
    expect(t.state.teamers.brick).toMatchObject({ facing: 6, position: 'right', chits: ['ACTED', 'READY'] });
  });
});

describe('juggling in the Threat phase (8.4)', () => {
  it('two waiting stack-mates, one set off: they swap places and both WAIT chits go', () => {
    const t = stacked();
    t.send({ type: 'wait', teamerId: 'you' });
    t.send({ type: 'activate', teamerId: 'brick' });
    t.send({ type: 'pass', teamerId: 'brick' });
    t.send({ type: 'wait', teamerId: 'brick' });
    const before = { you: t.state.teamers.you?.position, brick: t.state.teamers.brick?.position };
    expect(before.you).not.toBe(before.brick);
    // The Harpy's reaction 1 (ATTACK) and movement 6; its steps toward them set off the WAIT.
    t.dice = new ScriptThenSeeded([1, 6], 2);
    t.send({ type: 'endTeamPhase' });
    const raised = t.state.interrupt;
    expect(raised?.teamerIds).toContain('you');
    t.dice = new ScriptThenSeeded([], 2);
    const ev = t.send({ type: 'juggle', teamerId: 'you', partnerId: 'brick' });
    expect(ev).toContainEqual({
      type: 'position.changed',
      positions: { you: before.brick, brick: before.you },
    });
    for (const id of ['you', 'brick'])
      expect(ev).toContainEqual(expect.objectContaining({ type: 'chit.used', teamerId: id, to: 'ACTED' }));
    expect(t.state.teamers.you?.chits).not.toContain('WAIT');
    expect(t.state.teamers.brick?.chits).not.toContain('WAIT');
  });
});

describe("a Teamer sharing the target Threat's square shields it (9.5, digest positions)", () => {
  /** Brick at (3,7) facing east in `position`, a Harpy in his square; YOU at (1,7) facing east shoots it. */
  function shared(position: 'back' | 'front' | 'centre') {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 3, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.fold([
      { type: 'position.changed', positions: { brick: position } },
      threatPlaced(ENTRY, { id: 'h1', species: 'harpy', x: 3, y: 7, facing: 6 }),
    ]);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  it('in the half toward the shooter he must -DUCK!; unnamed, the shot is refused and nothing changes', () => {
    const t = shared('back');
    expect(shotPreview(t.state, 'you', 'hand-blaster', 3, 7)).toMatchObject({ ok: true, duckers: ['brick'] });
    const hash = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    expect(
      refusalCode(() => t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 3, y: 7 })),
    ).toBe('NO_LINE');
    expect(stateHash(t.state)).toBe(hash);
    // Named, Brick ducks and the shot goes ahead (no dice needed to see who ducked).
    t.dice = new ScriptThenSeeded([], 3);
    const ev = t.send({
      type: 'shoot',
      teamerId: 'you',
      weapon: 'hand-blaster',
      x: 3,
      y: 7,
      duck: ['brick'],
    });
    expect(t.state.teamers.brick?.ducked).toBe(true);
    expect(ev.some((e) => e.type === 'attack.resolved')).toBe(true);
  });

  it('in the far half or the centre he shields nothing', () => {
    for (const position of ['front', 'centre'] as const) {
      const t = shared(position);
      expect(shotPreview(t.state, 'you', 'hand-blaster', 3, 7)).toMatchObject({ ok: true, duckers: [] });
    }
  });
});

describe("a stack-mate shields the Teamer a Threat's gun aims at (9.5, 13.1)", () => {
  /**
   * YOU and Brick share (2,7), both facing east, YOU in `you` and Brick opposite; a Scavenger
   * (HAR) at (4,7), east of them, shoots YOU with the table's scripted dice.
   */
  function shotAt(you: 'back' | 'front', brickDucked = false) {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.fold([
      { type: 'position.changed', positions: { you, brick: you === 'back' ? 'front' : 'back' } },
      ...(brickDucked ? [{ type: 'teamer.ducked' as const, teamerId: 'brick', ducked: true }] : []),
      threatPlaced(ENTRY, { id: 's1', species: 'scavenger', x: 4, y: 7, facing: 6 }, 'orange'),
    ]);
    // The HAR's two dice: a 6 (a hit) and a 1; then the armour save if any (a 1: no save).
    const draft = new Draft(t.state, { actor: GM, dice: new ScriptedDice([6, 1, 1]) });
    const replies = threatShoots(draft, 's1', 'you');
    const shot = draft.events.find((e) => e.type === 'attack.resolved');
    return { draft, shot, replies };
  }

  it('Brick in the half toward the Threat takes the shot aimed at YOU', () => {
    const { draft, shot } = shotAt('back');
    expect(shot).toMatchObject({ by: 's1', targets: ['brick'], faces: [6, 1], hits: { brick: 1 } });
    expect(draft.state.teamers.brick?.wounds).toBe(1);
    expect(draft.state.teamers.you?.wounds).toBe(0);
  });

  it('in the far half, or ducked, he shields nothing: YOU is shot', () => {
    for (const [you, ducked] of [
      ['front', false],
      ['back', true],
    ] as const) {
      const { draft, shot } = shotAt(you, ducked);
      expect(shot).toMatchObject({ targets: ['you'], hits: { you: 1 } });
      expect(draft.state.teamers.you?.wounds).toBe(1);
      expect(draft.state.teamers.brick?.wounds).toBe(0);
    }
  });
});
