import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import {
  atTheHubDoor,
  CARGO_DOOR,
  crossingTheCargoDoor,
  GM,
  HUB_DOOR,
  PLAYER,
  ScriptThenSeeded,
  type Table,
} from '../../rules/fundamental-duck/test-kit.ts';
import { actionsMarkup } from './actions-kit.tsx';
import { diveCost, diversOffered, diveTogether, ShutDoor } from './Divers.tsx';
import { WaitPrompt } from './FundamentalDuckTable.tsx';
import { asView, type FdView } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * Diving under a closing door (15.2) at the table: the men the rules would take are offered as
 * tick boxes beside the button that shuts the door (closing it from its zone, and shutting it on
 * a crossing Threat), each with what the dive costs him; the commands they make are accepted.
 */

const viewOf = (t: Table) => asView(fd.view(t.state, PLAYER)) as FdView;

const shutMarkup = (v: FdView, door: number, closerId: string) =>
  renderToStaticMarkup(
    <ShutDoor
      view={v}
      door={door}
      closerId={closerId}
      label="Shut"
      shut={() => ({ type: 'endTeamPhase' })}
      send={() => undefined}
    />,
  );

describe('diving under a closing door at the table', () => {
  it('offers the closer in an aperture square a dive when he closes the door, and the rules take it', () => {
    const t = atTheHubDoor();
    const v = viewOf(t);
    expect(diversOffered(t.state, HUB_DOOR, [])).toEqual(['you']);
    // His first chit pays for the closing; his second pays for the dive.
    expect(diveCost(t.state, 'you', 'you')).toBe('a READY chit');
    const panel = actionsMarkup(v, 'you');
    expect(panel).toContain(`data-testid="fd-divers-${HUB_DOOR}"`);
    expect(panel).toMatch(/<legend>Dive under it as it shuts<\/legend>/);
    expect(panel).toMatch(/data-testid="fd-dive-you"\/> YOU \(a READY chit\)/);
    // The command the ticked box makes: accepted, he lands ducked on the far side.
    t.dice = new ScriptedDice([1, 1]);
    t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['you'] });
    expect(t.state.teamers.you).toMatchObject({ x: 5, y: 7, ducked: true });
  });

  it('offers nobody for a door nobody stands in the aperture of, and no box at all', () => {
    const t = atTheHubDoor();
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 2, reason: 'set-up' }, GM);
    expect(diversOffered(t.state, HUB_DOOR, [])).toEqual([]);
    expect(shutMarkup(viewOf(t), HUB_DOOR, 'you')).not.toContain('fd-divers');
  });

  it('offers only the men who fit together: two in one aperture square, room for one beyond', () => {
    const t = atTheHubDoor();
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'sparks', x: 5, y: 7, facing: 2, reason: 'set-up' }, GM);
    // Each alone would fit; once one is ticked the other no longer does.
    expect(diversOffered(t.state, HUB_DOOR, [])).toEqual(['you', 'brick']);
    expect(diversOffered(t.state, HUB_DOOR, ['brick'])).toEqual(['brick']);
    expect(diveTogether(t.state, HUB_DOOR, ['brick'])).toBe(true);
    expect(diveTogether(t.state, HUB_DOOR, ['you', 'brick'])).toBe(false);
    // The rules agree: Brick alone is taken (YOU's second chit is READY, Brick pays with one too).
    t.dice = new ScriptThenSeeded([1], 1);
    t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['brick'] });
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7, ducked: true });
  });

  it('offers the dive with the crush in the WAIT prompt, each with his cost, and the rules take it', () => {
    const t = crossingTheCargoDoor();
    const v = viewOf(t);
    expect(diversOffered(t.state, CARGO_DOOR, [])).toEqual(['you', 'brick']);
    // YOU's WAIT chit pays for the crush and his other one is spent: a fumble test, for his life.
    expect(diveCost(t.state, 'you', 'you')).toBe('no chit left: a fumble test, crushed if he fails');
    expect(diveCost(t.state, 'brick', 'you')).toBe('a READY chit');
    const noRunner = { run: async () => undefined, busy: false } as unknown as FdRunner;
    const html = renderToStaticMarkup(
      <WaitPrompt
        view={v}
        seat={{ ...PLAYER, name: 'P1' }}
        runner={noRunner}
        tableId="t1"
        onFire={() => undefined}
      />,
    );
    expect(html).toContain('data-testid="fd-crush-you"');
    expect(html).toContain('Shut the door on it');
    expect(html).toMatch(/data-testid="fd-dive-brick"\/> Brick \(a READY chit\)/);
    const crush: FdCommand = { type: 'crush', teamerId: 'you', divers: ['brick'] };
    const events = fd.decide(t.state, crush, {
      actor: PLAYER,
      dice: new ScriptThenSeeded([1], 1),
      tableDice: new ScriptThenSeeded([], 1),
    });
    t.fold(events);
    expect(t.state.teamers.brick).toMatchObject({ x: 8, y: 4, ducked: true });
  });
});
