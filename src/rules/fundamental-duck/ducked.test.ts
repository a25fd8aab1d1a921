import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { FdCommand } from './commands.ts';
import { legalCommands, legalDoorOps } from './legal.ts';
import type { Teamer } from './state.ts';
import { crossingRaised, fixedDeal, GM, lyingAtTheDoor, ScriptThenSeeded, Table } from './test-kit.ts';

const ENTRY = 3;

/**
 * 10.2: lying down a Teamer may only crawl, reload a gun that is not heavy, shoot at an enemy in his
 * own square and throw; every other action waits until he stands (`ducked.ts`).
 */
describe('what a ducked Teamer must stand up for (10.2)', () => {
  it('every other action is refused DUCKED: nothing changed, no die used', () => {
    const t = lyingAtTheDoor();
    const dice = new ScriptedDice([]);
    t.dice = dice;
    const refused: FdCommand[] = [
      { type: 'turn', teamerId: 'you', facing: 2 },
      { type: 'operateDoor', teamerId: 'you', door: 2, open: true },
      { type: 'scan', teamerId: 'you', door: 2 },
      { type: 'task', teamerId: 'you', task: 'console' },
      { type: 'task', teamerId: 'you', task: 'examineChit', x: 4, y: 7 },
      { type: 'task', teamerId: 'you', task: 'medic', targetId: 'brick' },
      { type: 'carry', teamerId: 'you', comradeId: 'brick' },
      { type: 'juggle', teamerId: 'you', partnerId: 'brick' },
      { type: 'grapple', teamerId: 'you', threatId: 'h1' },
      { type: 'bridgeOverride', teamerId: 'you', on: true },
      { type: 'directDrone', teamerId: 'you', x: 4, y: 5, facing: 0 },
    ];
    for (const c of refused) {
      const before = t.state;
      expect(
        refusalCode(() => t.send(c)),
        c.type,
      ).toBe('DUCKED');
      expect(t.state).toBe(before);
    }
    expect(dice.remaining).toBe(0);
  });

  it('the legal list offers him only what he may do lying down; standing up opens the rest', () => {
    const t = lyingAtTheDoor();
    const lying = new Set(['move', 'shoot', 'wait', 'task']);
    const mine = legalCommands(t.state).filter((c) => 'teamerId' in c && c.teamerId === 'you');
    expect(mine.length).toBeGreaterThan(0);
    for (const c of mine) {
      expect(lying.has(c.type), c.type).toBe(true);
      if (c.type === 'task') expect(['reload', 'standUp']).toContain(c.task);
    }
    expect(mine).toContainEqual({ type: 'task', teamerId: 'you', task: 'standUp' });
    expect(legalDoorOps(t.state, t.state.teamers.you as Teamer)).toEqual([]);
    // The other actions are his again once he is up (here by hand, as his task would).
    t.fold([{ type: 'teamer.ducked', teamerId: 'you', ducked: false }]);
    expect(legalDoorOps(t.state, t.state.teamers.you as Teamer)).toEqual([
      { type: 'operateDoor', teamerId: 'you', door: 2, open: true },
    ]);
  });

  it('what he may do lying down still goes: standing up, and his crawl', () => {
    const t = lyingAtTheDoor();
    t.dice = new ScriptedDice([]);
    expect(t.send({ type: 'move', teamerId: 'you' })).toContainEqual(
      expect.objectContaining({ type: 'move.began', allowance: 1 }),
    );
    t.send({ type: 'endMove', teamerId: 'you' });
    expect(t.send({ type: 'task', teamerId: 'you', task: 'standUp' })).toContainEqual({
      type: 'teamer.ducked',
      teamerId: 'you',
      ducked: false,
    });
  });

  it('shutting a door on a crossing Threat: lying down he stands up with the WAIT chit that does it', () => {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 6, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', door: 2, open: true, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', threatId: 'h1', x: 5, y: 7, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    t.send({ type: 'task', teamerId: 'you', task: 'duck' });
    t.send({ type: 'wait', teamerId: 'you' });
    t.fold(crossingRaised('h1', 7 * 15 + 4, 2));
    const dice = new ScriptedDice([]);
    t.dice = dice;
    const before = t.state;
    expect(refusalCode(() => t.send({ type: 'crush', teamerId: 'you' }))).toBe('DUCKED');
    expect(t.state).toBe(before);
    expect(dice.remaining).toBe(0);
    // His fumble test 1 passes: up, the door shuts, the Harpy is crushed.
    t.dice = new ScriptThenSeeded([1], 2);
    const ev = t.send({ type: 'crush', teamerId: 'you', standUp: true });
    expect(ev[0]).toEqual({ type: 'teamer.ducked', teamerId: 'you', ducked: false });
    expect(t.state.doors[2]?.open).toBe(false);
    expect(t.state.threats.h1).toBeUndefined();
  });
});
