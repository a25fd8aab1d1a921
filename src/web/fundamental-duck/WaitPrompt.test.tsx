import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Interrupt } from '../../rules/fundamental-duck/state.ts';
import { youDuckedAndWaiting } from '../../rules/fundamental-duck/test-kit.ts';
import { reflexShot, WaitPrompt } from './FundamentalDuckTable.tsx';
import { asView, type FdView, type SeatRef } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * The WAIT prompt a Threat's interrupt raises: its wording and buttons for every trigger, on a real
 * view with the interrupt set (the browser's co-op test fires from it once, on scripted dice).
 */

const GM = { seatId: 'gm', role: 'gm' as const, name: 'GM' };
const BEN = { seatId: 'ben', role: 'player' as const, name: 'Ben' };
const noRunner = { run: async () => undefined } as unknown as FdRunner;

function withInterrupt(interrupt: Interrupt): FdView {
  let state = fd.setup({});
  for (const e of fd.decide(state, { type: 'board' }, { actor: GM, dice: new SeededDice(4) }))
    state = fd.evolve(state, e);
  const view = asView(fd.view({ ...state, interrupt }, GM));
  if (!view) throw new Error('no view');
  return view;
}

const render = (view: FdView, seat: SeatRef = GM) =>
  renderToStaticMarkup(
    <WaitPrompt view={view} seat={seat} runner={noRunner} tableId="t1" onFire={() => undefined} />,
  );

/** YOU ducked with his WAIT chit (test-kit's set-up), and the Harpy in front of him sets off WAIT. */
function duckedAndSighted() {
  const t = youDuckedAndWaiting();
  const interrupt: Interrupt = { threatId: 'h1', trigger: 'sighted', teamerIds: ['you'] };
  const ducked = asView(fd.view({ ...t.state, interrupt }, GM));
  if (!ducked) throw new Error('no view');
  return { t, interrupt, ducked };
}

describe('the WAIT prompt', () => {
  it('names the Threat, what it did and the Teamer, with fire, let pass and a standing order', () => {
    const view = withInterrupt({ threatId: 'h1', trigger: 'adjacent', teamerIds: ['brick'] });
    const html = render(view);
    expect(html).toContain('data-testid="fd-wait"');
    expect(html).toMatch(/has moved next to/);
    expect(html).toContain(view.teamers.brick?.name ?? 'brick');
    expect(html).toContain('Fire with the WAIT chit');
    expect(html).toContain('Let it pass (keep the chit)');
    expect(html).toContain('Always');
    expect(html).not.toContain('Shut the door on it');
  });

  it('words each trigger, and offers to shut the door only on a crossing', () => {
    expect(render(withInterrupt({ threatId: 'h1', trigger: 'shot', teamerIds: ['brick'] }))).toMatch(
      /has shot at/,
    );
    expect(render(withInterrupt({ threatId: 'h1', trigger: 'sighted', teamerIds: ['brick'] }))).toMatch(
      /has moved into sight of/,
    );
    const crossing = render(
      withInterrupt({ threatId: 'h1', trigger: 'crossing', teamerIds: ['brick'], door: 0 }),
    );
    expect(crossing).toMatch(/is starting through a door/);
    expect(crossing).toContain('Shut the door on it');
  });

  it('gives no buttons to a seat that does not play the Teamer named', () => {
    const view = withInterrupt({ threatId: 'h1', trigger: 'adjacent', teamerIds: ['brick'] });
    const brick = view.teamers.brick;
    if (!brick) throw new Error('no Brick');
    // Brick is Ann's: Ben sees what happened, and no button for him.
    const claimed: FdView = { ...view, teamers: { ...view.teamers, brick: { ...brick, seatId: 'ann' } } };
    const html = render(claimed, BEN);
    expect(html).toMatch(/has moved next to/);
    expect(html).not.toContain('Fire with the WAIT chit');
  });

  it('offers a ducked Teamer to stand up and fire with the WAIT chit (10.2), sending standUp', () => {
    // YOU lying at (2,7) facing east with his WAIT chit; the Harpy at (4,7) in front of him.
    const { ducked } = duckedAndSighted();
    const html = render(ducked);
    expect(html).toContain('data-testid="fd-stand-fire-you"');
    expect(html).toContain('Stand up and fire with the WAIT chit');
    expect(reflexShot(ducked, 'you', 'h1')).toBeNull();
    expect(reflexShot(ducked, 'you', 'h1', true)).toEqual({
      type: 'shoot',
      teamerId: 'you',
      weapon: 'hand-blaster',
      x: 4,
      y: 7,
      standUp: true,
    });
    // Standing, he fires as before: no stand-up button.
    const you = ducked.teamers.you;
    if (!you) throw new Error('no YOU');
    const standing: FdView = { ...ducked, teamers: { ...ducked.teamers, you: { ...you, ducked: false } } };
    expect(render(standing)).not.toContain('fd-stand-fire-you');
  });

  it('offers a ducked Teamer to crawl, or to stand up and move, with the WAIT chit (10.2)', () => {
    const { t, interrupt, ducked } = duckedAndSighted();
    const html = render(ducked);
    expect(html).toMatch(/data-testid="fd-wait-move-you">Crawl with the WAIT chit</);
    expect(html).toMatch(/data-testid="fd-stand-move-you">Stand up and move with the WAIT chit</);
    // The rules take the command the button sends: he is up, and his move is under way.
    let state: FdState = { ...t.state, interrupt };
    for (const e of fd.decide(
      state,
      { type: 'move', teamerId: 'you', standUp: true },
      { actor: GM, dice: new SeededDice(4) },
    ))
      state = fd.evolve(state, e);
    expect(state.teamers.you?.ducked).toBe(false);
    expect(state.move?.teamerId).toBe('you');
    // Standing, he simply moves: no stand-up button.
    const you = ducked.teamers.you;
    if (!you) throw new Error('no YOU');
    const standing = render({ ...ducked, teamers: { ...ducked.teamers, you: { ...you, ducked: false } } });
    expect(standing).toMatch(/data-testid="fd-wait-move-you">Move with the WAIT chit</);
    expect(standing).not.toContain('fd-stand-move-you');
  });

  it('shows nothing without an interrupt', () => {
    let state = fd.setup({});
    for (const e of fd.decide(state, { type: 'board' }, { actor: GM, dice: new SeededDice(4) }))
      state = fd.evolve(state, e);
    const view = asView(fd.view(state, GM));
    if (!view) throw new Error('no view');
    expect(render(view)).toBe('');
  });
});
