import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Die } from '../../engine/dice/die.ts';
import { type DiceSource, ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer } from '../../rules/fundamental-duck/state.ts';
import { GM, PLAYER, Table } from '../../rules/fundamental-duck/test-kit.ts';
import { ArenaBoard } from './ArenaBoard.tsx';
import { actionsMarkup } from './actions-kit.tsx';
import { asView, type FdView } from './model.ts';
import { LYING_DOWN, standingUp } from './StandUp.tsx';
import { ExamineButtons, examineChoices } from './Tampering.tsx';

/**
 * Examining a load for tampering at the table (18): the button stands beside a load only when the
 * rules list the task, and the board shows what was found only once a Teamer has examined it.
 */

/** The tampering dice from a script (each load tampered on a 6), every other die seeded. */
class TamperDice implements DiceSource {
  private readonly seeded = new SeededDice(5);
  constructor(private readonly tamper: number[]) {}
  roll(die: Die, purpose: string): number {
    if (purpose !== 'is this load tampered') return this.seeded.roll(die);
    return this.tamper.shift() ?? 1;
  }
}

const tamperingPack = {
  ...defaultPack,
  campaign: { ...defaultPack.campaign, cargoTampering: { tamperedOn: [6] } },
};

/** Salvage, pod-1 (at (6,1)) tampered at the deal, YOU beside it at (5,1) and activated. */
function salvage(pack = tamperingPack): Table {
  const t = new Table(new TamperDice([6]), fd.setup({ pack }));
  t.send({ type: 'chooseMission', mission: 'salvage' });
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 5, y: 1, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

const viewOf = (s: FdState) => asView(fd.view(s, PLAYER)) as FdView;
/** The board as drawn, every tile shown (YOU was set beside the pod by the GM, not walked there). */
const board = (v: FdView) =>
  renderToStaticMarkup(
    <ArenaBoard
      view={{ ...v, tiles: v.tiles.map((tile) => ({ ...tile, entered: true })) }}
      arena={arenaFor(v.rules, v.arenaId)}
      describe={() => ''}
    />,
  );
const pod1 = (html: string) => /<g data-load="pod-1"[^>]*>.*?<\/g>/.exec(html)?.[0] ?? '';

describe('examining a load for tampering at the table', () => {
  it('offers the examination beside the load, and the board shows the finding only afterwards', () => {
    const t = salvage();
    let v = viewOf(t.state);
    const choices = examineChoices(v, v.teamers.you as Teamer);
    expect(choices.map((c) => c.command)).toContainEqual({
      type: 'task',
      teamerId: 'you',
      task: 'examineLoad',
      x: 6,
      y: 1,
    });
    const button = choices.find((c) => c.testId === 'fd-examine-load-6-1');
    expect(button?.label).toBe('Examine cargo load 1 at (6,1) for tampering');
    const sent: unknown[] = [];
    const html = renderToStaticMarkup(
      <ExamineButtons view={v} sel={v.teamers.you as Teamer} run={(c) => sent.push(c)} />,
    );
    expect(html).toContain('<button type="button" data-testid="fd-examine-load-6-1">Examine cargo load 1');
    // Before: the view hides the mark, so the board shows a plain load.
    const before = pod1(board(v));
    expect(before).toContain('>C*<');
    expect(before).not.toContain('data-examined');
    expect(before).not.toContain('tampered');
    expect(before).not.toContain('C!');
    // The examination (an Other Action: the fumble test's 1 passes it) finds the deal's mark.
    t.dice = new ScriptedDice([1]);
    t.send(button?.command as never);
    v = viewOf(t.state);
    const after = pod1(board(v));
    expect(after).toContain('data-examined="tampered with"');
    expect(after).toContain('class="fd-load-tampered"');
    expect(after).toContain('examined: tampered with');
    expect(after).toContain('C!');
    // Examined once: not offered again.
    expect(examineChoices(v, v.teamers.you as Teamer).some((c) => c.testId === 'fd-examine-load-6-1')).toBe(
      false,
    );
  });

  it('offers it to a ducked man too: greyed, or with the stand-up switch on sent standing him up (10.2)', () => {
    const t = salvage();
    // YOU -DUCKS! beside the pod and puts his other chit on WAIT: his activation is over.
    t.send({ type: 'task', teamerId: 'you', task: 'duck' });
    t.send({ type: 'wait', teamerId: 'you' });
    const v = viewOf(t.state);
    expect(v.teamers.you?.ducked).toBe(true);
    const examine = (standUp: boolean) =>
      /<button[^>]*data-testid="fd-examine-load-6-1"[^>]*>/.exec(
        actionsMarkup(v, 'you', false, standUp),
      )?.[0] ?? '';
    expect(examine(false)).toContain('disabled=""');
    expect(examine(false)).toContain(`title="${LYING_DOWN}"`);
    expect(examine(true)).toContain('fd-examine-load-6-1');
    expect(examine(true)).not.toContain('disabled');
    // What the open button sends: he stands up with his WAIT chit, then examines (the fumble test's 1).
    const command = examineChoices(v, v.teamers.you as Teamer).find(
      (c) => c.testId === 'fd-examine-load-6-1',
    )?.command;
    if (!command) throw new Error('no examination offered');
    expect(refusalCode(() => t.send(command))).toBe('DUCKED');
    t.dice = new ScriptedDice([1]);
    const events = t.send(standingUp(command));
    expect(events[0]).toEqual({ type: 'teamer.ducked', teamerId: 'you', ducked: false });
    expect(viewOf(t.state).loads[0]).toMatchObject({ examined: true });
  });

  it('offers nothing when the pack marks no load, and nothing to a Teamer who may not act', () => {
    const clean = salvage({ ...defaultPack });
    const v = viewOf(clean.state);
    expect(examineChoices(v, v.teamers.you as Teamer)).toEqual([]);
    const t = salvage();
    const idle = viewOf(t.state).teamers.brick as Teamer;
    expect(examineChoices(viewOf(t.state), { ...idle, x: 5, y: 2 })).toEqual([]);
  });
});
