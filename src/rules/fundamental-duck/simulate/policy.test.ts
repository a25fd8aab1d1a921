import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import type { FdCommand } from '../commands.ts';
import { fundamentalDuck as fd } from '../index.ts';
import { legalCommands } from '../legal.ts';
import { GM, ScriptThenSeeded, type Table, youAboard } from '../test-kit.ts';
import { chooseCommand, DEFAULT_POLICY } from './policy.ts';

/**
 * YOU (one grenade) stands at (0,7) looking east after a MOVE, his second chit READY; the two
 * Harpies are set down where the test says, with `wounds` taken already (gmOverride).
 */
function grenadier(harpies: readonly (readonly [number, number])[], wounds = 0): Table {
  const t = youAboard();
  harpies.forEach(([x, y], i) => {
    t.send({ type: 'gmOverride', threatId: `h${i + 1}`, x, y, wounds, reason: 'set-up' }, GM);
  });
  return t;
}

const isGrenade = (c: FdCommand | null) => c?.type === 'shoot' && c.weapon === 'grenade';

describe('grenades in the legal list and the policy', () => {
  it('the legal list offers a throw at each Threat square in arc and range, and decide accepts each', () => {
    const t = grenadier([
      [3, 6],
      [3, 7],
    ]);
    const throws = legalCommands(t.state).filter(isGrenade);
    expect(throws).toEqual(
      expect.arrayContaining([
        { type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 6 },
        { type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 7 },
      ]),
    );
    for (const c of throws)
      expect(() => fd.decide(t.state, c, { actor: GM, dice: new ScriptThenSeeded([], 3) })).not.toThrow();
    // Thrown: none left, none offered.
    t.dice = new ScriptThenSeeded([2], 3);
    t.send(throws[0] as FdCommand);
    expect(legalCommands(t.state).some(isGrenade)).toBe(false);
  });

  it('throws at a pack of two out of his square when it beats his best shot', () => {
    // Each Harpy on its last wound: a hit on either is a kill, worth twice a hand-blaster shot.
    const t = grenadier(
      [
        [3, 6],
        [3, 7],
      ],
      1,
    );
    expect(isGrenade(chooseCommand(t.state))).toBe(true);
    // A pack of three asked for: he shoots.
    expect(chooseCommand(t.state, { ...DEFAULT_POLICY, grenadePack: 3 })).toMatchObject({
      weapon: 'hand-blaster',
    });
    // Unhurt Harpies: two wounds each to share, and the scatter; the hand-blaster is as good.
    const fresh = grenadier([
      [3, 6],
      [3, 7],
    ]);
    expect(isGrenade(chooseCommand(fresh.state))).toBe(false);
  });

  it('keeps the grenade for one Threat alone, or a pack beside a comrade', () => {
    const lone = grenadier(
      [
        [3, 6],
        [9, 2],
      ],
      1,
    );
    expect(isGrenade(chooseCommand(lone.state))).toBe(false);
    const t = grenadier(
      [
        [3, 6],
        [3, 7],
      ],
      1,
    );
    // A comrade in the blast costs more than the two Harpies' wounds are worth.
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, reason: 'set-up' }, GM);
    expect(isGrenade(chooseCommand(t.state))).toBe(false);
  });
});

describe('Bio-Sensor scans in the legal list', () => {
  it('offers a scan through a door into a tile with a marker face down, only to the man with the sensor; decide accepts it', () => {
    const t = grenadier([]);
    // YOU in the zone of the corridor's east door (2) into the Hub, whose marker is face down.
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    const scans = legalCommands(t.state).filter((c) => c.type === 'scan');
    expect(scans).toEqual([{ type: 'scan', teamerId: 'you', door: 2 }]);
    t.dice = new ScriptedDice([1]);
    expect(t.send(scans[0] as FdCommand).map((e) => e.type)).toContain('tile.revealed');
    // Scanned (and his chits spent): the Hub's marker is face up, and no scan is offered again.
    expect(legalCommands(t.state).some((c) => c.type === 'scan')).toBe(false);
  });
});
