import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import { legalBridgeOverride } from '../../rules/fundamental-duck/legal.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { fixedDeal, GM, Table } from '../../rules/fundamental-duck/test-kit.ts';
import { actionsMarkup } from './actions-kit.tsx';
import { OverrideButton, OverrideStatus } from './DoorOverride.tsx';
import { asView, type FdView } from './model.ts';
import { TeamPanel } from './TeamPanel.tsx';

/**
 * The bridge override at the table (15.1): a button only where and when the rules take the
 * command (at the Drifter's Bridge console, with a chit to pay), and its state for every seat.
 */

const PLAYER = { seatId: 'p1', role: 'player' as const, name: 'P1' };
const SPECTATOR = { seatId: 's1', role: 'spectator' as const, name: 'S1' };

/** Turn 1, YOU at the Bridge console (2,1), activated (door-rc.test.ts's set-up). */
function atTheConsole(): Table {
  const t = new Table(new ScriptedDice([]));
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 1, facing: 4, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

const viewOf = (t: Table, seat: typeof PLAYER | typeof SPECTATOR = PLAYER) =>
  asView(fd.view(t.state, seat)) as FdView;
const button = (v: FdView, id: string) =>
  renderToStaticMarkup(<OverrideButton view={v} sel={v.teamers[id] as Teamer} run={() => undefined} />);

describe('the bridge override at the table', () => {
  it('offers setting it at the console, the rules take the command, then offers lifting it', () => {
    const t = atTheConsole();
    const v = viewOf(t);
    expect(button(v, 'you')).toContain('data-testid="fd-override"');
    expect(button(v, 'you')).toContain('Set the door override');
    // In the order panel, among the door buttons, reachable by Tab.
    expect(actionsMarkup(v, 'you')).toMatch(/<button type="button" data-testid="fd-override">Set the door/);
    const c = legalBridgeOverride(t.state, t.state.teamers.you as Teamer);
    expect(c).toEqual({ type: 'bridgeOverride', teamerId: 'you', on: true });
    t.dice = new ScriptedDice([1]);
    t.send(c as NonNullable<typeof c>);
    expect(t.state.doorOverride).toBe(true);
    // His second chit lifts it again.
    expect(button(viewOf(t), 'you')).toContain('Lift the door override');
  });

  it('offers nothing away from the console, to a Teamer who is not activated, or with the power down', () => {
    const t = atTheConsole();
    // Brick at the console too, but YOU holds the activation: the rules would refuse Brick.
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 1, facing: 4, reason: 'set-up' }, GM);
    expect(button(viewOf(t), 'brick')).toBe('');
    const dark = atTheConsole();
    dark.state = { ...dark.state, effects: { ...dark.state.effects, powerDownUntilTurn: 3 } };
    expect(button(viewOf(dark), 'you')).toBe('');
    const away = atTheConsole();
    away.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'away' }, GM);
    expect(button(viewOf(away), 'you')).toBe('');
    expect(actionsMarkup(viewOf(away), 'you')).not.toContain('fd-override"');
  });

  it('shows every seat whether Door Check runs, in the Team panel', () => {
    const t = atTheConsole();
    const status = (v: FdView) => renderToStaticMarkup(<OverrideStatus view={v} />);
    expect(status(viewOf(t, SPECTATOR))).toContain('Door override: off');
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'bridgeOverride', teamerId: 'you', on: true });
    const v = viewOf(t, SPECTATOR);
    expect(status(v)).toMatch(/Door override: <strong>set<\/strong> · Door Check is skipped/);
    const panel = renderToStaticMarkup(
      <TeamPanel view={v} selected={null} onSelect={() => undefined} playedBy={(id) => id} />,
    );
    expect(panel).toContain('data-testid="fd-override-status"');
  });
});
