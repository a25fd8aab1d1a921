import { describe, expect, it } from 'vitest';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer } from '../../rules/fundamental-duck/state.ts';
import { GM, patchTeamer, sentOn } from '../../rules/fundamental-duck/test-kit.ts';
import { carryChoices, putDownChoice } from './Carry.tsx';
import { asView, type FdView } from './model.ts';

const boarded = (): FdState => sentOn(fd.setup({}), { type: 'board' });

const viewOf = (s: FdState) => asView(fd.view(s, GM)) as FdView;

describe('carrying at the table', () => {
  const base = boarded();
  const arena = arenaFor(base.rules, base.arenaId);
  const pod = arena.loads.find((l) => l.portable);
  if (!pod) throw new Error('no portable pod');
  const px = pod.square % arena.width;
  const py = Math.floor(pod.square / arena.width);

  it('offers a comrade out of action next to him and a portable pod next to him, nothing farther', () => {
    let s = patchTeamer(base, 'you', { x: px, y: py + 1 });
    s = patchTeamer(s, 'brick', { x: px + 1, y: py + 1, wounds: 2 });
    s = patchTeamer(s, 'sparks', { x: px, y: py + 2, wounds: 1 });
    const v = viewOf(s);
    const choices = carryChoices(v, arena, v.teamers.you as Teamer).map((c) => c.command);
    expect(choices).toContainEqual({ type: 'carry', teamerId: 'you', comradeId: 'brick' });
    expect(choices).toContainEqual({ type: 'carry', teamerId: 'you', x: px, y: py });
    // A wounded man walks; he is not carried.
    expect(choices.some((c) => 'comradeId' in c && c.comradeId === 'sparks')).toBe(false);
    // One lying up in the ceiling above is no pick-up from the floor (the ceiling's own button does it).
    const above = viewOf(patchTeamer(s, 'brick', { up: true }));
    expect(carryChoices(above, arena, above.teamers.you as Teamer).map((c) => c.command)).not.toContainEqual({
      type: 'carry',
      teamerId: 'you',
      comradeId: 'brick',
    });
    const far = viewOf(patchTeamer(s, 'you', { x: px, y: py + 4 }));
    expect(carryChoices(far, arena, far.teamers.you as Teamer)).toEqual([]);
  });

  it('offers nothing to pick up with full hands, and setting down what he carries', () => {
    const s = patchTeamer(patchTeamer(base, 'you', { x: px, y: py + 1, carrying: 'brick' }), 'brick', {
      x: px,
      y: py + 1,
      wounds: 2,
    });
    const v = viewOf(s);
    const you = v.teamers.you as Teamer;
    expect(carryChoices(v, arena, you)).toEqual([]);
    expect(putDownChoice(v, you, null)).toMatchObject({ command: { type: 'putDown', teamerId: 'you' } });
  });

  it('sets a load down only on a square picked next to him', () => {
    const v = viewOf(patchTeamer(base, 'you', { x: 4, y: 7, cargo: pod.index }));
    const you = v.teamers.you as Teamer;
    expect(putDownChoice(v, you, null)).toEqual({
      hint: 'To set the cargo down, pick a square next to him on the board.',
    });
    expect(putDownChoice(v, you, '4,7')).toHaveProperty('hint');
    expect(putDownChoice(v, you, '7,7')).toHaveProperty('hint');
    expect(putDownChoice(v, you, '5,7')).toEqual({
      label: 'Set the cargo down at (5,7)',
      command: { type: 'putDown', teamerId: 'you', x: 5, y: 7 },
    });
    expect(putDownChoice(v, { ...you, cargo: null }, '5,7')).toBeNull();
  });
});
