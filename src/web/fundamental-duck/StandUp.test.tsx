import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Interrupt } from '../../rules/fundamental-duck/state.ts';
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

  it('with the switch on: ticked, the Dash offered, and the rules take a dash standing up', () => {
    expect(standingUp({ type: 'move', teamerId: 'you' }, false)).toEqual({ type: 'move', teamerId: 'you' });
    const t = youDuckedAndWaiting();
    const v = asView(fd.view(t.state, PLAYER)) as FdView;
    expect(actionsMarkup(v, 'you')).not.toContain('Dash (+2');
    const on = actionsMarkup(v, 'you', false, true);
    expect(on).toMatch(
      /data-testid="fd-stand-with-wait"><input type="checkbox" checked=""\/> Stand up as he acts/,
    );
    expect(on).toContain('Dash (+2');
    let state = t.state;
    for (const e of fd.decide(state, standingUp({ type: 'move', teamerId: 'you', dash: true }), {
      actor: GM,
      dice: new SeededDice(4),
    }))
      state = fd.evolve(state, e);
    expect(state.teamers.you?.ducked).toBe(false);
    expect(state.move?.dash).toBe(true);
  });

  it('in a Threat phase interrupt the panel offers what his WAIT chit pays for, standing up: a grapple', () => {
    const t = youDuckedAndWaiting();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 3, y: 7, reason: 'set-up' }, GM);
    const interrupt: Interrupt = { threatId: 'h1', trigger: 'adjacent', teamerIds: ['you'] };
    const state: FdState = { ...t.state, phase: 'threat', interrupt };
    const v = asView(fd.view(state, PLAYER)) as FdView;
    const html = actionsMarkup(v, 'you', false, true);
    expect(html).toContain('data-testid="fd-stand-with-wait"');
    expect(html).toMatch(/>Grapple [^<]+<\/button>/);
    expect(html).toContain('data-testid="fd-fire-mode"');
    expect(html).toContain('data-testid="fd-other-actions"');
    const events = fd.decide(state, standingUp({ type: 'grapple', teamerId: 'you', threatId: 'h1' }), {
      actor: GM,
      dice: new SeededDice(4),
    });
    expect(events[0]).toEqual({ type: 'teamer.ducked', teamerId: 'you', ducked: false });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'chit.used', teamerId: 'you', kind: 'shoot' }),
    );
  });
});
