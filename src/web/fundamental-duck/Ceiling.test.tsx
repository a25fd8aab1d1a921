import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { FdEvent } from '../../rules/fundamental-duck/events.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer } from '../../rules/fundamental-duck/state.ts';
import {
  ceilingOverTile4,
  fixedDeal,
  packWith,
  ScriptThenSeeded,
  threatPlaced,
} from '../../rules/fundamental-duck/test-kit.ts';
import { actionsMarkup } from './actions-kit.tsx';
import { CeilingButtons, ceilingChoices } from './Ceiling.tsx';
import { asView, type FdView } from './model.ts';

/**
 * The ceiling at the table (19): climb and shoot-up buttons only when the rules take them, from a
 * player's view (a hidden weak spot is never offered), each a button the keyboard reaches.
 */

const PLAYER = { seatId: 'p1', role: 'player' as const };
const GM = { seatId: 'gm', role: 'gm' as const };
const pack = packWith({ ceiling: true });

function send(
  s: FdState,
  c: FdCommand,
  dice: DiceSource = new ScriptThenSeeded([], 4),
  seat: Seat = PLAYER,
): FdState {
  let next = s;
  for (const e of fd.decide(next, c, { actor: seat, dice })) next = fd.evolve(next, e);
  return next;
}
const fold = (s: FdState, events: FdEvent[]) => events.reduce((acc, e) => fd.evolve(acc, e), s);
const viewOf = (s: FdState) => asView(fd.view(s, PLAYER)) as FdView;

/** Boarded with the option on; tile 4 has a hatch at (7,6) and a hidden weak spot at (8,7); YOU on the LOW (8,6). */
function atTheHatch(): FdState {
  let s = fd.setup({ pack });
  s = fold(s, [fixedDeal(s, { 3: { pings: ['none'], cards: [] } })]);
  s = send(s, { type: 'board' }, new ScriptThenSeeded([1], 4));
  s = fold(s, [ceilingOverTile4()]);
  s = send(
    s,
    { type: 'gmOverride', teamerId: 'you', x: 8, y: 6, facing: 2, reason: 'set-up' },
    undefined,
    GM,
  );
  return send(s, { type: 'activate', teamerId: 'you' });
}

describe('the ceiling at the table', () => {
  it('offers the climb up through the hatch in a move (never the hidden weak spot), and the rules take it', () => {
    const s = send(atTheHatch(), { type: 'move', teamerId: 'you' }, new ScriptThenSeeded([4], 4));
    const v = viewOf(s);
    const choices = ceilingChoices(v, v.teamers.you as Teamer, true, false);
    expect(choices.map((c) => c.command)).toEqual([{ type: 'climb', teamerId: 'you', x: 7, y: 6 }]);
    expect(choices[0]?.label).toBe('Climb up at (7,6) (2 pt)');
    const up = send(s, choices[0]?.command as FdCommand);
    expect(up.teamers.you?.up).toBe(true);
    const html = renderToStaticMarkup(
      <CeilingButtons
        view={viewOf(up)}
        sel={viewOf(up).teamers.you as Teamer}
        moving
        canAct={false}
        run={() => undefined}
      />,
    );
    expect(html).toContain('is up in the ceiling');
    // Up there, a crawl button for each king step the rules take (one square, not two).
    const crawls = ceilingChoices(viewOf(up), viewOf(up).teamers.you as Teamer, true, false).filter(
      (c) => c.command.type === 'step',
    );
    expect(crawls.map((c) => c.label)).toContain('Crawl to (6,7)');
    expect(crawls.map((c) => c.label)).not.toContain('Crawl to (8,8)');
    const crawled = send(up, crawls.find((c) => c.label === 'Crawl to (6,7)')?.command as FdCommand);
    expect(crawled.teamers.you).toMatchObject({ x: 6, y: 7, up: true });
    expect(html).toMatch(/<button type="button" data-testid="fd-climb-7-6">Climb down here \(1 pt\)/);
  });

  it('offers a shot up only with a gun that may fire there, within the Bio-Sensor range; nothing without a move or the option', () => {
    let s = atTheHatch();
    s = fold(s, [
      threatPlaced(4, { id: 'h1', species: 'skitter', x: 7, y: 6, facing: 0 }),
      { type: 'ceiling.entered', tile: 4, rolls: [{ threatId: 'h1', face: 6 }], up: ['h1'] },
    ]);
    const you = s.teamers.you as Teamer;
    s = fold(s, [
      {
        type: 'gm.overrode',
        by: 'gm',
        teamer: { ...you, facing: 6, weapons: ['har', 'hand-blaster'], bioSensor: true },
        reason: 'test',
      },
    ]);
    const v = viewOf(s);
    const choices = ceilingChoices(v, v.teamers.you as Teamer, false, true);
    expect(choices.map((c) => c.command)).toEqual([
      { type: 'shoot', teamerId: 'you', weapon: 'har', x: 7, y: 6, up: true },
    ]);
    expect(() =>
      send(s, choices[0]?.command as FdCommand, new ScriptThenSeeded([1, 1, 1, 1], 4)),
    ).not.toThrow();
    expect(ceilingChoices(v, v.teamers.you as Teamer, false, false)).toEqual([]);
    const html = renderToStaticMarkup(
      <CeilingButtons view={v} sel={v.teamers.you as Teamer} moving={false} canAct run={() => undefined} />,
    );
    expect(html).toMatch(/<button type="button" data-testid="fd-shoot-up-h1-har">Shoot up at/);
    const off = asView(fd.view(fd.setup({}), PLAYER)) as FdView;
    expect(ceilingChoices(off, off.teamers.you as Teamer, false, true)).toEqual([]);
  });

  it('offers a man up in the ceiling no floor orders, only what the rules take up there', () => {
    const actions = (st: FdState, moving = false) => actionsMarkup(viewOf(st), 'you', moving);
    // On the floor, activated: the floor's orders are there.
    const floor = actions(atTheHatch());
    expect(floor).toContain('data-testid="fd-move"');
    expect(floor).toContain('data-testid="fd-other-actions"');
    expect(floor).toContain('data-testid="fd-fire-mode"');
    // Up the hatch and the move ended: still activated, with a second chit.
    let s = send(atTheHatch(), { type: 'move', teamerId: 'you' }, new ScriptThenSeeded([4], 4));
    s = send(s, { type: 'climb', teamerId: 'you', x: 7, y: 6 });
    const moving = actions(s, true);
    expect(moving).toContain('Up in the ceiling: crawl or climb down');
    expect(moving).toContain('data-testid="fd-climb-7-6"');
    s = send(s, { type: 'endMove', teamerId: 'you' });
    expect(s.teamers.you?.up).toBe(true);
    const html = actions(s);
    expect(html).toContain('is up in the ceiling');
    // Move and the chits' buttons stay (the rules take them up there)...
    expect(html).toContain('data-testid="fd-move"');
    expect(html).toContain('data-testid="fd-end-activation"');
    // ...the floor's tasks, aiming, doors and vehicles do not (the rules refuse them: IN_CEILING).
    expect(html).not.toContain('data-testid="fd-other-actions"');
    expect(html).not.toContain('data-testid="fd-fire-mode"');
    expect(html).not.toContain('-DUCK!');
    expect(() => send(s, { type: 'move', teamerId: 'you' }, new ScriptThenSeeded([4], 4))).not.toThrow();
    expect(
      refusalCode(() => send(s, { type: 'move', teamerId: 'you', dash: true }, new ScriptThenSeeded([4], 4))),
    ).toBe('accepted');
    expect(refusalCode(() => send(s, { type: 'turn', teamerId: 'you', facing: 0 }))).toBe('accepted');
    expect(refusalCode(() => send(s, { type: 'task', teamerId: 'you', task: 'duck' }))).toBe('IN_CEILING');
  });

  it('offers a man up there to pick up a fallen comrade beside him, and to climb down carrying him', () => {
    // YOU activated, up in the ceiling above the hatch at (7,6); Brick lying out of action beside him up there.
    let s = atTheHatch();
    s = fold(s, [
      {
        type: 'gm.overrode',
        by: 'gm',
        teamer: { ...(s.teamers.you as Teamer), x: 7, y: 6, up: true },
        reason: 'test',
      },
      {
        type: 'gm.overrode',
        by: 'gm',
        teamer: { ...(s.teamers.brick as Teamer), x: 6, y: 6, up: true, wounds: 2 },
        reason: 'test',
      },
    ]);
    let v = viewOf(s);
    const carry = ceilingChoices(v, v.teamers.you as Teamer, false, true).find(
      (c) => c.testId === 'fd-carry-up-brick',
    );
    expect(carry?.command).toEqual({ type: 'carry', teamerId: 'you', comradeId: 'brick' });
    expect(carry?.label).toBe('Pick up Brick (out of action) to carry him down');
    // Not offered when he may not act now (no chit to spend).
    expect(ceilingChoices(v, v.teamers.you as Teamer, false, false)).toEqual([]);
    // The pick-up is an Other Action with a fumble test: the script's 1 passes it.
    s = send(s, carry?.command as FdCommand, new ScriptThenSeeded([1], 4));
    expect(s.teamers.you?.carrying).toBe('brick');
    v = viewOf(s);
    const html = renderToStaticMarkup(
      <CeilingButtons view={v} sel={v.teamers.you as Teamer} moving={false} canAct run={() => undefined} />,
    );
    expect(html).toContain('carrying Brick: move, crawl to an exit and climb down with him');
    expect(html).toContain('data-testid="fd-put-down-up"');
    expect(html).not.toContain('fd-carry-up-brick');
    // His other chit: a move, and the climb down says whom he carries; both come down onto the hatch's square.
    s = send(s, { type: 'move', teamerId: 'you' }, new ScriptThenSeeded([4], 4));
    v = viewOf(s);
    const down = ceilingChoices(v, v.teamers.you as Teamer, true, false).find(
      (c) => c.command.type === 'climb',
    );
    expect(down?.label).toBe('Climb down here carrying Brick (1 pt)');
    s = send(s, down?.command as FdCommand);
    expect(s.teamers.you).toMatchObject({ x: 7, y: 6, carrying: 'brick' });
    expect(s.teamers.you?.up).not.toBe(true);
    expect(s.teamers.brick).toMatchObject({ x: 7, y: 6 });
    expect(s.teamers.brick?.up).not.toBe(true);
  });
});
