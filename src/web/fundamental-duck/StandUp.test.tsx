import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import { GM, youDuckedAndWaiting } from '../../rules/fundamental-duck/test-kit.ts';
import { actionsMarkup } from './actions-kit.tsx';
import { asView, type FdView } from './model.ts';
import { standingUp } from './StandUp.tsx';

/**
 * Standing up with the WAIT chit (10.2) in the order panel: the switch is offered to a ducked
 * Teamer whose next action his WAIT chit pays (here between activations), and adds `standUp` to
 * the commands that take it.
 */

const PLAYER = { seatId: 'p1', role: 'player' as const, name: 'P1' };

describe('standing up with the WAIT chit in the order panel', () => {
  it('adds standUp to the actions that take it, never to ducking or standing up itself', () => {
    expect(standingUp({ type: 'move', teamerId: 'you' })).toEqual({
      type: 'move',
      teamerId: 'you',
      standUp: true,
    });
    expect(standingUp({ type: 'operateDoor', teamerId: 'you', door: 2, open: true })).toMatchObject({
      standUp: true,
    });
    expect(standingUp({ type: 'task', teamerId: 'you', task: 'reload' })).toMatchObject({ standUp: true });
    const same: FdCommand[] = [
      { type: 'task', teamerId: 'you', task: 'standUp' },
      { type: 'task', teamerId: 'you', task: 'duck' },
      { type: 'endActivation', teamerId: 'you' },
      { type: 'bridgeOverride', teamerId: 'you', on: true },
    ];
    for (const c of same) expect(standingUp(c)).toBe(c);
  });

  it('offers the switch to a ducked Teamer holding WAIT between activations, and the rules take it', () => {
    const t = youDuckedAndWaiting();
    const v = asView(fd.view(t.state, PLAYER)) as FdView;
    const html = actionsMarkup(v, 'you');
    expect(html).toMatch(/data-testid="fd-stand-with-wait"><input type="checkbox"\/> Stand up as he acts/);
    let state = t.state;
    for (const e of fd.decide(state, standingUp({ type: 'move', teamerId: 'you' }), {
      actor: GM,
      dice: new SeededDice(4),
    }))
      state = fd.evolve(state, e);
    expect(state.teamers.you?.ducked).toBe(false);
    expect(state.move?.teamerId).toBe('you');
    // Standing: no switch.
    const you = v.teamers.you;
    if (!you) throw new Error('no YOU');
    const standing: FdView = { ...v, teamers: { ...v.teamers, you: { ...you, ducked: false } } };
    expect(actionsMarkup(standing, 'you')).not.toContain('fd-stand-with-wait');
  });
});
