import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import {
  crossingRaised,
  fixedDeal,
  GM,
  PLAYER,
  ScriptThenSeeded,
  Table,
  threatPlaced,
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

const ENTRY = 3;
const HUB = 4;
/** The narrow door between the entry tile and the hub: aperture squares (4,7) and (5,7). */
const DOOR = 2;
/** The cargo door between module 1 (north) and the hub: three sides at x 6–8, rows 4 | 5. */
const CARGO_DOOR = 8;

const viewOf = (t: Table) => asView(fd.view(t.state, PLAYER)) as FdView;

/** YOU activated in the west aperture square (4,7) of the open narrow door (dive.test.ts's set-up). */
function atTheDoor(): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] }, [HUB]: { chits: [true] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', door: DOOR, open: true, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

/**
 * YOU on the hub side of the open cargo door (6,5), his second chit on WAIT; Brick in its east
 * aperture square (8,5); a Harpy at (7,4) starting across: the crossing interrupt waits on YOU.
 */
function crossingTheCargoDoor(): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', door: CARGO_DOOR, open: true, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'you', x: 6, y: 5, facing: 0, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', x: 8, y: 5, facing: 0, reason: 'set-up' }, GM);
  t.fold([threatPlaced(HUB, { id: 'h1', species: 'harpy', x: 7, y: 4, facing: 4 })]);
  t.dice = new ScriptThenSeeded([], 3);
  t.send({ type: 'activate', teamerId: 'you' });
  t.send({ type: 'pass', teamerId: 'you' });
  t.send({ type: 'wait', teamerId: 'you' });
  t.fold(crossingRaised('h1', 5 * 15 + 7, CARGO_DOOR));
  return t;
}

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
    const t = atTheDoor();
    const v = viewOf(t);
    expect(diversOffered(t.state, DOOR, [])).toEqual(['you']);
    // His first chit pays for the closing; his second pays for the dive.
    expect(diveCost(t.state, 'you', 'you')).toBe('a READY chit');
    const panel = actionsMarkup(v, 'you');
    expect(panel).toContain(`data-testid="fd-divers-${DOOR}"`);
    expect(panel).toMatch(/<legend>Dive under it as it shuts<\/legend>/);
    expect(panel).toMatch(/data-testid="fd-dive-you"\/> YOU \(a READY chit\)/);
    // The command the ticked box makes: accepted, he lands ducked on the far side.
    t.dice = new ScriptedDice([1, 1]);
    t.send({ type: 'operateDoor', teamerId: 'you', door: DOOR, open: false, divers: ['you'] });
    expect(t.state.teamers.you).toMatchObject({ x: 5, y: 7, ducked: true });
  });

  it('offers nobody for a door nobody stands in the aperture of, and no box at all', () => {
    const t = atTheDoor();
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, facing: 2, reason: 'set-up' }, GM);
    expect(diversOffered(t.state, DOOR, [])).toEqual([]);
    expect(shutMarkup(viewOf(t), DOOR, 'you')).not.toContain('fd-divers');
  });

  it('offers only the men who fit together: two in one aperture square, room for one beyond', () => {
    const t = atTheDoor();
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'sparks', x: 5, y: 7, facing: 2, reason: 'set-up' }, GM);
    // Each alone would fit; once one is ticked the other no longer does.
    expect(diversOffered(t.state, DOOR, [])).toEqual(['you', 'brick']);
    expect(diversOffered(t.state, DOOR, ['brick'])).toEqual(['brick']);
    expect(diveTogether(t.state, DOOR, ['brick'])).toBe(true);
    expect(diveTogether(t.state, DOOR, ['you', 'brick'])).toBe(false);
    // The rules agree: Brick alone is taken (YOU's second chit is READY, Brick pays with one too).
    t.dice = new ScriptThenSeeded([1], 1);
    t.send({ type: 'operateDoor', teamerId: 'you', door: DOOR, open: false, divers: ['brick'] });
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
