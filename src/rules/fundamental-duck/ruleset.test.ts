import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { FdCommand } from './commands.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, GM, PLAYER, ScriptThenSeeded, Table } from './test-kit.ts';

/** Tiles of the Drifter Mary Rose, in pack order. */
const ENTRY = 3;
const HUB = 4;

function boarded(faces: number[]) {
  const t = new Table(new ScriptedDice(faces));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] }, [HUB]: { chits: [true] } })]);
  return t;
}

describe('boarding (6.1)', () => {
  it('sweeps and opens the entry tile: RED card, ping, Threat count and placement dice', () => {
    // Green ping: one AvD (2) Threats; placement (5,1) → local column 5 row 1, (6,5) → a 6 counts as 3.
    const t = boarded([2, 5, 1, 6, 5]);
    const types = t.send({ type: 'board' }).map((e) => e.type);
    expect(types).toEqual([
      'tile.revealed',
      'phase.began',
      'card.resolved',
      'tile.revealed',
      'threats.placed',
    ]);
    expect(t.state.phase).toBe('team');
    expect(t.state.turn).toBe(1);
    const placed = t.state.threatOrder.map((id) => t.state.threats[id]);
    expect(placed.map((h) => [h?.x, h?.y])).toEqual([
      [4, 5],
      [2, 9],
    ]);
    // Placed Threats face the Team (still at the boarding bridge on the west hull).
    expect(placed[0]?.facing).toBe(5);
    expect(t.state.tiles[ENTRY]?.revealed).toEqual([true]);
    expect(t.state.tiles[HUB]?.revealed).toEqual([false]);
  });

  it('the first step aboard is a stress situation; first sight of a horrific species another', () => {
    const t = boarded([2, 5, 1, 6, 5]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([3, 2, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    expect(t.state.move?.allowance).toBe(3);
    const ev = t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    expect(ev.map((e) => e.type)).toEqual([
      // The step is saved to go back to, and committed at once by the stress test's die.
      'undo.saved',
      'teamer.stepped',
      'tile.entered',
      'binge.changed',
      'test.rolled',
      'horror.seen',
      'binge.changed',
      'test.rolled',
    ]);
    expect(t.state.teamers.you?.binge).toBe(4);
    expect(t.state.teamers.you?.chicken).toBe(false);
    expect(t.state.teamers.you?.facing).toBe(2);
  });

  it('a failed BINGE test is a deficit: chicken and stress chits by luck', () => {
    const t = boarded([2, 5, 1, 6, 5]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    // Move 3; first-into-module test fails (6 > 5); a stress chit is drawn (d60 face 1 → a 1-chit).
    t.dice = new ScriptedDice([3, 6, 1, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    expect(t.state.teamers.you?.chicken).toBe(true);
    expect(t.state.kitty.chits).toEqual([0]);
  });
});

describe('a turn from the Team phase through the Threat phase', () => {
  it('shoots a Harpy, and the engine runs the Threat phase and Housekeeping with the table dice', () => {
    const t = boarded([2, 5, 1, 6, 5]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([3, 1, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
    t.send({ type: 'step', teamerId: 'you', x: 2, y: 7 });
    t.send({ type: 'endMove', teamerId: 'you', facing: 2 });
    // Hand-blaster: one die, hits on 4+.
    t.dice = new ScriptedDice([5]);
    const shot = t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 4, y: 5 });
    expect(shot.find((e) => e.type === 'attack.resolved')).toMatchObject({ faces: [5], hits: { h1: 1 } });
    expect(t.state.threats.h1?.wounds).toBe(1);
    expect(t.state.activation).toBeNull();
    // The rest of the Team lets the turn go; the Threat phase runs by itself.
    t.dice = new ScriptThenSeeded([], 7);
    const rest = t.send({ type: 'endTeamPhase' });
    const decided = rest.filter((e) => e.type === 'threat.decided');
    expect(decided.length).toBeGreaterThanOrEqual(1);
    expect(rest.some((e) => e.type === 'phase.began' && e.phase === 'housekeeping')).toBe(true);
    expect(['exploration', 'ended']).toContain(t.state.phase);
    if (t.state.phase === 'exploration') {
      expect(t.state.turn).toBe(2);
      expect(t.state.teamers.you?.chits).toEqual(
        (t.state.teamers.you?.wounds ?? 0 >= 2) ? ['ACTED', 'ACTED'] : ['READY', 'READY'],
      );
    }
  });

  it('replays to the same state from the log alone', () => {
    const t = new Table(new SeededDice(11));
    t.send({ type: 'board' });
    for (let i = 0; i < 2; i++) {
      t.send({ type: 'activate', teamerId: t.state.teamOrder[i] as string });
      t.send({ type: 'move', teamerId: t.state.teamOrder[i] as string });
      t.send({ type: 'step', teamerId: t.state.teamOrder[i] as string, x: 0, y: 7 });
      t.send({ type: 'endMove', teamerId: t.state.teamOrder[i] as string });
      t.send({ type: 'endActivation', teamerId: t.state.teamOrder[i] as string });
    }
    let s = fd.setup({});
    for (const e of t.log) s = fd.evolve(s, e);
    expect(stateHash(s)).toBe(stateHash(t.state));
  });
});

describe('bad input: a stable code, nothing changed, no die used', () => {
  function ready() {
    const t = boarded([2, 5, 1, 6, 5]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([3, 1, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    return t;
  }
  function refused(t: Table, command: FdCommand, code: string, seat = PLAYER) {
    const before = stateHash(t.state);
    const dice = new ScriptedDice([1, 2, 3, 4, 5, 6]);
    t.dice = dice;
    expect(refusalCode(() => t.send(command, seat))).toBe(code);
    expect(stateHash(t.state)).toBe(before);
    expect(dice.remaining).toBe(6);
  }

  it('moving off the arena (the hull)', () => {
    const t = ready();
    expect(fd.commandSchema.safeParse({ type: 'step', teamerId: 'you', x: -1, y: 7 }).success).toBe(false);
    refused(t, { type: 'step', teamerId: 'you', x: -1, y: 7 }, 'STEP_BLOCKED');
    refused(t, { type: 'step', teamerId: 'you', x: 0, y: 9 }, 'STEP_BLOCKED');
  });

  it('moving through a bulkhead', () => {
    const t = ready();
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, reason: 'test' }, GM);
    refused(t, { type: 'step', teamerId: 'you', x: 5, y: 6 }, 'STEP_BLOCKED');
  });

  it('acting out of turn', () => {
    const t = ready();
    refused(t, { type: 'move', teamerId: 'brick' }, 'MOVE_IN_PROGRESS');
    t.send({ type: 'endMove', teamerId: 'you' });
    refused(t, { type: 'move', teamerId: 'brick' }, 'NOT_YOUR_TURN');
    refused(t, { type: 'activate', teamerId: 'brick' }, 'NOT_YOUR_TURN');
  });

  it('spending a spent chit', () => {
    const t = ready();
    t.send({ type: 'endMove', teamerId: 'you' });
    t.send({ type: 'pass', teamerId: 'you' });
    refused(t, { type: 'pass', teamerId: 'you' }, 'NOT_YOUR_TURN');
    refused(t, { type: 'activate', teamerId: 'you' }, 'NOT_YOUR_TURN');
  });

  it('firing without a line (a shut door between)', () => {
    const t = ready();
    t.send({ type: 'endMove', teamerId: 'you' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 3, y: 7, facing: 2, reason: 'test' }, GM);
    t.send({ type: 'gmOverride', threatId: 'h1', x: 6, y: 7, reason: 'test' }, GM);
    refused(t, { type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 6, y: 7 }, 'NO_LINE');
  });

  it('an unknown figure or weapon', () => {
    const t = ready();
    t.send({ type: 'endMove', teamerId: 'you' });
    refused(t, { type: 'shoot', teamerId: 'nobody', weapon: 'har', x: 4, y: 5 }, 'UNKNOWN_TEAMER');
    refused(t, { type: 'grapple', teamerId: 'you', threatId: 'h99' }, 'UNKNOWN_THREAT');
    refused(t, { type: 'shoot', teamerId: 'you', weapon: 'hemg', x: 4, y: 5 }, 'UNKNOWN_WEAPON');
  });

  it('a player may not override, nor move a Teamer another seat claimed', () => {
    const t = ready();
    refused(t, { type: 'gmOverride', teamerId: 'you', wounds: 0, reason: 'x' }, 'ROLE_NOT_ALLOWED');
    t.send({ type: 'claimTeamer', teamerId: 'brick' }, { seatId: 'p2', role: 'player' });
    refused(t, { type: 'move', teamerId: 'brick' }, 'NOT_YOUR_TEAMER');
  });
});

describe('hidden information', () => {
  it('a player sees neither unrevealed pings, the H, the deck, nor stress chit values; the GM does', () => {
    const t = new Table(new SeededDice(5));
    const events: FdEvent[] = t.send({ type: 'board' });
    const view = fd.view(t.state, PLAYER) as {
      tiles: { pings: string[]; chits: unknown[]; cards: string[] }[];
      deck: unknown;
    };
    t.state.tiles.forEach((tile, i) => {
      const seen = view.tiles[i];
      tile.pings.forEach((p, k) => {
        expect(seen?.pings[k]).toBe(tile.revealed[k] ? p : 'hidden');
      });
      if (!tile.chitsShown) expect(seen?.chits).toEqual([]);
      tile.cards.forEach((_, k) => {
        if (!tile.cardsResolved[k]) expect(seen?.cards[k]).toMatch(/^hidden:/);
      });
    });
    expect(Array.isArray(view.deck)).toBe(false);
    const dealt = events.find((e) => e.type === 'arena.dealt') as FdEvent;
    expect(JSON.stringify(fd.redact(dealt, PLAYER))).not.toContain('pings');
    expect(fd.redact(dealt, GM)).toBe(dealt);
    expect(fd.view(t.state, GM)).toMatchObject({ tiles: t.state.tiles, deck: t.state.deck });
    expect((fd.view(t.state, PLAYER) as { pending: { nextTeamer: string } }).pending.nextTeamer).toBe('you');
    const stress: FdEvent = {
      type: 'stress.added',
      teamerId: 'you',
      why: 'x',
      kinds: [5],
      values: [6],
      faces: [60],
    };
    expect(fd.redact(stress, PLAYER)).toEqual({ type: 'stress.added', teamerId: 'you', why: 'x', chits: 1 });
  });
});
