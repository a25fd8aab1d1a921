import { describe, expect, it } from 'vitest';
import type { FdCommand } from '../commands.ts';
import type { FdEvent } from '../events.ts';
import { legalDivers } from '../legal.ts';
import {
  CARGO_DOOR,
  crossingTheCargoDoor,
  GM,
  HUB_DOOR,
  hubDoorOpen,
  PLAYER,
  ScriptThenSeeded,
  type Table,
} from '../test-kit.ts';
import { chooseCommand, DEFAULT_POLICY, policyStats, policyStep } from './policy.ts';
import { runMission } from './run.ts';

/**
 * The policy shutting a door behind the Team on its way home (15.1) and diving under it as it
 * closes (15.2): every command from the legal lists (none refused).
 */

/** The Team heads home from the first turn. */
const HOMEWARD = { ...DEFAULT_POLICY, giveUpTurn: 1 };

/** Boarded, door 2 open, both Harpies in the hub (h1 three squares east of the doorway), YOU at (x, 7) facing west. */
function homeThroughTheDoor(x: number): Table {
  const t = hubDoorOpen({ x, y: 7, facing: 6 });
  t.send({ type: 'gmOverride', threatId: 'h1', x: 8, y: 7, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', threatId: 'h2', x: 8, y: 9, reason: 'set-up' }, GM);
  return t;
}

/** The policy's commands until YOU has sent a door command, a WAIT or the end of his activation (at most `n`). */
function play(t: Table, faces: number[], n = 40): FdCommand[] {
  const ctx = { actor: PLAYER, dice: new ScriptThenSeeded(faces, 1) };
  const sent: FdCommand[] = [];
  for (let i = 0; i < n; i++) {
    const step = policyStep(t.state, ctx, HOMEWARD);
    if (!step) break;
    sent.push(step.command);
    t.fold(step.events);
    const c = step.command;
    if ((c.type === 'operateDoor' || c.type === 'endActivation' || c.type === 'wait') && c.teamerId === 'you')
      break;
  }
  return sent;
}

describe('the policy shuts a door behind the Team on its way home (15.1, 15.2)', () => {
  it('the last man through, on the near side of the doorway, shuts it on the Harpies', () => {
    const t = homeThroughTheDoor(4);
    const refused = policyStats.refused;
    // The shut's fumble test: 1 passes (FF 5).
    const sent = play(t, [1]);
    expect(policyStats.refused).toBe(refused);
    expect(sent.at(-1)).toEqual({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
  });

  it('in the doorway on the Harpies’ side, he dives under it as it closes: his second chit, ducked on the near side', () => {
    const t = homeThroughTheDoor(5);
    expect(legalDivers(t.state, HUB_DOOR)).toEqual(['you']);
    const refused = policyStats.refused;
    const sent = play(t, [1]);
    expect(policyStats.refused).toBe(refused);
    expect(sent.at(-1)).toEqual({
      type: 'operateDoor',
      teamerId: 'you',
      door: HUB_DOOR,
      open: false,
      divers: ['you'],
    });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
    expect(t.state.teamers.you).toMatchObject({ x: 4, y: 7, ducked: true, chits: ['ACTED', 'ACTED'] });
  });

  it('walking home through the doorway he stops in its zone on the near side and shuts it with his second chit', () => {
    const t = homeThroughTheDoor(6);
    t.send({ type: 'gmOverride', threatId: 'h1', x: 8, y: 6, reason: 'set-up' }, GM);
    const refused = policyStats.refused;
    // The move's AvD 5, then the shut's fumble test 1.
    const sent = play(t, [5, 1]);
    expect(policyStats.refused).toBe(refused);
    const mine = sent.filter((c) => 'teamerId' in c && c.teamerId === 'you').map((c) => c.type);
    expect(mine).toEqual(['activate', 'move', 'step', 'step', 'endMove', 'operateDoor']);
    expect(t.state.teamers.you).toMatchObject({ x: 4, y: 7 });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
  });

  it('never shuts a comrade out: with Brick in the hub, out of the doorway, the door stays open', () => {
    const t = homeThroughTheDoor(4);
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 6, y: 8, facing: 6, reason: 'set-up' }, GM);
    const sent = play(t, [1, 1, 1, 1, 1]);
    expect(sent.some((c) => c.type === 'operateDoor')).toBe(false);
    expect(sent.at(-1)?.type).not.toBe('operateDoor');
    expect(t.state.doors[HUB_DOOR]?.open).toBe(true);
  });

  it('happens in whole missions: Clean Sweep seed 10 shuts a door and dives under it, none refused', () => {
    const refused = policyStats.refused;
    const log: FdEvent[] = [];
    runMission('clean-sweep', 10, 40, 20_000, {}, log);
    expect(policyStats.refused).toBe(refused);
    expect(log.some((e) => e.type === 'door.changed' && e.why.startsWith('closed by'))).toBe(true);
    expect(log.some((e) => e.type === 'chit.used' && e.kind === 'dive')).toBe(true);
  });
});

describe('the policy crushing a Threat in a doorway names the comrades who dive (15.2, 15.3)', () => {
  /** The cargo door's crossing (test-kit), Brick at (bx, by) facing south. */
  const crossing = (bx: number, by: number) => crossingTheCargoDoor({ x: bx, y: by, facing: 4 });

  it('Brick in an aperture square on the Harpy’s side dives through as YOU shuts the door on it', () => {
    const t = crossing(8, 4);
    expect(chooseCommand(t.state)).toEqual({ type: 'crush', teamerId: 'you', divers: ['brick'] });
    const refused = policyStats.refused;
    // The crush's fumble test 1 passes (YOU's dice); Brick pays his dive with a READY chit.
    const step = policyStep(t.state, { actor: PLAYER, dice: new ScriptThenSeeded([1], 1) });
    expect(policyStats.refused).toBe(refused);
    t.fold(step?.events ?? []);
    expect(t.state.doors[CARGO_DOOR]?.open).toBe(false);
    expect(t.state.threats.h1).toBeUndefined();
    expect(t.state.teamers.brick).toMatchObject({ x: 8, y: 5, ducked: true, wounds: 0 });
  });

  it('names nobody on the Team’s own side of the doorway', () => {
    expect(chooseCommand(crossing(8, 5).state)).toEqual({ type: 'crush', teamerId: 'you' });
  });
});
