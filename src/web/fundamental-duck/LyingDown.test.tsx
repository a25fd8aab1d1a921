import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import { GM, lyingAtTheDoor, youDuckedAndWaiting } from '../../rules/fundamental-duck/test-kit.ts';
import { actionsMarkup } from './actions-kit.tsx';
import { asView, type FdView } from './model.ts';
import { LYING_DOWN, standingUp } from './StandUp.tsx';

/**
 * 10.2 at the table: a ducked Teamer's order panel greys, with the reason, exactly the orders the
 * rules refuse DUCKED (their own `mustStandFor`), and keeps those he may give lying down; with the
 * stand-up switch on (his WAIT chit pays) the orders that then carry `standUp` open again.
 */

const PLAYER = { seatId: 'p1', role: 'player' as const, name: 'P1' };

/** The opening tag of the panel's button whose text begins with `label`. */
function button(html: string, label: string): string {
  const at = html.indexOf(`>${label}`);
  if (at < 0) throw new Error(`no button ${label}`);
  const open = html.lastIndexOf('<button', at);
  return html.slice(open, at + 1);
}

const greyed = (tag: string) => tag.includes('disabled=""') && tag.includes(`title="${LYING_DOWN}"`);

describe("a ducked Teamer's orders at the table (10.2)", () => {
  it('greys with the reason the orders the rules refuse DUCKED, and keeps the ones he may give lying down', () => {
    const t = lyingAtTheDoor();
    // Harpy h1 beside him, for the grapple.
    t.send({ type: 'gmOverride', threatId: 'h1', x: 5, y: 6, reason: 'set-up' }, GM);
    const html = actionsMarkup(asView(fd.view(t.state, PLAYER)) as FdView, 'you');
    expect(html).toContain('data-testid="fd-lying-down"');
    expect(html).toContain('Lying down: stand up first');
    // No WAIT chit pays his next action: no switch.
    expect(html).not.toContain('fd-stand-with-wait');
    const refused: [string, FdCommand][] = [
      ['Open door ', { type: 'operateDoor', teamerId: 'you', door: 2, open: true }],
      ['Scan through ', { type: 'scan', teamerId: 'you', door: 2 }],
      ['Grapple ', { type: 'grapple', teamerId: 'you', threatId: 'h1' }],
      ['Work the console', { type: 'task', teamerId: 'you', task: 'console' }],
      ['Search the lockers', { type: 'task', teamerId: 'you', task: 'locker' }],
      ['Turn on the spot', { type: 'turn', teamerId: 'you', facing: 2 }],
    ];
    for (const [label, c] of refused) {
      expect(greyed(button(html, label)), label).toBe(true);
      expect(
        refusalCode(() => t.send(c)),
        label,
      ).toBe('DUCKED');
    }
    for (const label of ['Move (M)', 'Stand up', 'Aim and fire (F)'])
      expect(button(html, label), label).not.toContain('disabled');

    // Standing, none of them is greyed and the note is gone.
    t.send({ type: 'task', teamerId: 'you', task: 'standUp' });
    const up = actionsMarkup(asView(fd.view(t.state, PLAYER)) as FdView, 'you');
    expect(up).not.toContain('fd-lying-down');
    for (const [label] of refused) expect(button(up, label), label).not.toContain('disabled');
  });

  it('with the stand-up switch on, the orders that then carry standUp open again; a turn stays greyed', () => {
    const t = youDuckedAndWaiting();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 3, y: 7, reason: 'set-up' }, GM);
    const v = asView(fd.view(t.state, PLAYER)) as FdView;
    const off = actionsMarkup(v, 'you');
    expect(greyed(button(off, 'Grapple '))).toBe(true);
    expect(greyed(button(off, 'Work the console'))).toBe(true);
    const on = actionsMarkup(v, 'you', false, true);
    expect(on).toContain('he stands up as he acts');
    expect(button(on, 'Grapple ')).not.toContain('disabled');
    expect(button(on, 'Work the console')).not.toContain('disabled');
    // A turn cannot carry standUp: the rules refuse it lying down even with the WAIT chit.
    expect(greyed(button(on, 'Turn on the spot'))).toBe(true);
    expect(refusalCode(() => t.send(standingUp({ type: 'turn', teamerId: 'you', facing: 4 })))).toBe(
      'DUCKED',
    );
    // The grapple the open button sends stands him up first.
    const events = fd.decide(t.state, standingUp({ type: 'grapple', teamerId: 'you', threatId: 'h1' }), {
      actor: GM,
      dice: new SeededDice(4),
    });
    expect(events[0]).toEqual({ type: 'teamer.ducked', teamerId: 'you', ducked: false });
  });
});
