import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer } from '../../rules/fundamental-duck/state.ts';
import { patchTeamer, sentOn } from '../../rules/fundamental-duck/test-kit.ts';
import { WaitPrompt } from './FundamentalDuckTable.tsx';
import { JuggleButtons, juggleChoices } from './Juggle.tsx';
import { asView, type FdView } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * Juggling positions in a square at the table: a button per stack-mate who could swap places,
 * whose command the ruleset itself accepts (and nothing offered it would refuse), in the Team
 * phase and in a WAIT prompt.
 */

const GM = { seatId: 'gm', role: 'gm' as const, name: 'GM' };
const dice = () => new SeededDice(4);

const send = (s: FdState, c: FdCommand) => sentOn(s, c, GM);

const viewOf = (s: FdState) => asView(fd.view(s, GM)) as FdView;

/** Boarded, YOU activated, YOU and Brick in one square (YOU at the front, Brick at the back). */
function stacked(): FdState {
  let s = send(fd.setup({}), { type: 'board' });
  s = send(s, { type: 'activate', teamerId: 'you' });
  const free = { x: 2, y: 7 };
  s = patchTeamer(s, 'you', { ...free, position: 'front' });
  return patchTeamer(s, 'brick', { ...free, position: 'back' });
}

describe('juggling positions at the table', () => {
  it('offers the stack-mate who has not activated, and the ruleset takes the swap', () => {
    const s = stacked();
    const v = viewOf(s);
    const choices = juggleChoices(v, v.teamers.you as Teamer);
    expect(choices.map((c) => c.command)).toEqual([{ type: 'juggle', teamerId: 'you', partnerId: 'brick' }]);
    expect(choices[0]?.label).toMatch(/Swap places with Brick .*at the front.*at the back.*an action/);
    const after = send(s, choices[0]?.command as FdCommand);
    expect(after.teamers.you?.position).toBe('back');
    expect(after.teamers.brick?.position).toBe('front');
    // A button, so Tab and Enter reach it.
    const html = renderToStaticMarkup(
      <JuggleButtons view={v} sel={v.teamers.you as Teamer} run={() => undefined} />,
    );
    expect(html).toMatch(/<button type="button" data-testid="fd-juggle-brick">Swap places with Brick/);
  });

  it('offers nobody in another square, nobody who has activated, nothing while a move is under way', () => {
    const s = stacked();
    expect(juggleChoices(viewOf(patchTeamer(s, 'brick', { x: 3 })), s.teamers.you as Teamer)).toEqual([]);
    const done = { ...s, activated: [...s.activated, 'brick'] };
    expect(juggleChoices(viewOf(done), done.teamers.you as Teamer)).toEqual([]);
    const moving = send(s, { type: 'move', teamerId: 'you' });
    expect(juggleChoices(viewOf(moving), moving.teamers.you as Teamer)).toEqual([]);
  });

  it('in a WAIT prompt: two waiting stack-mates may swap instead of firing, both chits going', () => {
    let s = stacked();
    s = patchTeamer(s, 'you', { chits: ['ACTED', 'WAIT'] });
    s = patchTeamer(s, 'brick', { chits: ['ACTED', 'WAIT'] });
    s = {
      ...s,
      activation: null,
      phase: 'threat',
      interrupt: { threatId: 'h1', trigger: 'adjacent', teamerIds: ['you'] },
    };
    const v = viewOf(s);
    const choices = juggleChoices(v, v.teamers.you as Teamer);
    expect(choices.map((c) => c.label)).toEqual(['Swap places with Brick (both WAIT chits go)']);
    const events = fd.decide(s, choices[0]?.command as FdCommand, { actor: GM, dice: dice() });
    expect(events.filter((e) => e.type === 'chit.used')).toHaveLength(2);
    expect(events.find((e) => e.type === 'position.changed')).toMatchObject({
      positions: { you: 'back', brick: 'front' },
    });
    const html = renderToStaticMarkup(
      <WaitPrompt
        view={v}
        seat={GM}
        runner={{ run: async () => undefined } as unknown as FdRunner}
        tableId="t1"
        onFire={() => undefined}
      />,
    );
    expect(html).toContain('Swap places with Brick (both WAIT chits go)');
    // Brick is not the one set off: his own orders offer no swap.
    expect(juggleChoices(v, v.teamers.brick as Teamer)).toEqual([]);
  });
});
