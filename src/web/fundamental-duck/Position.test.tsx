import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { POSITIONS } from '../../rules/fundamental-duck/arena/positions.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer } from '../../rules/fundamental-duck/state.ts';
import { patchTeamer, sentOn } from '../../rules/fundamental-duck/test-kit.ts';
import { asView, type FdView } from './model.ts';
import { freePlaces, PositionPicker, placeToSend } from './Position.tsx';

/**
 * The free place in the square at the table (9.5): the picker offers exactly the places the
 * ruleset's `turn` and `endMove` accept, and sends nothing of itself.
 */

const GM = { seatId: 'gm', role: 'gm' as const, name: 'GM' };
const dice = () => new SeededDice(4);

const send = (s: FdState, c: FdCommand) => sentOn(s, c, GM);
const viewOf = (s: FdState) => asView(fd.view(s, GM)) as FdView;

/** Boarded, YOU activated at (2,7) facing east; Brick there too (at the back) when `stacked`. */
function table(stacked: boolean): FdState {
  let s = send(fd.setup({}), { type: 'board' });
  s = send(s, { type: 'activate', teamerId: 'you' });
  s = patchTeamer(s, 'you', { x: 2, y: 7, facing: 2, position: stacked ? 'front' : 'centre' });
  return stacked ? patchTeamer(s, 'brick', { x: 2, y: 7, facing: 2, position: 'back' }) : s;
}

/** Every place, split by whether the ruleset takes a turn on the spot (facing east) with it. */
function byDecide(s: FdState): { taken: string[]; refused: string[] } {
  const taken: string[] = [];
  const refused: string[] = [];
  for (const position of POSITIONS) {
    const c: FdCommand = { type: 'turn', teamerId: 'you', facing: 2, position };
    const code = refusalCode(() => fd.decide(s, c, { actor: GM, dice: dice() }));
    if (code === 'accepted') {
      expect(send(s, c).teamers.you?.position).toBe(position);
      taken.push(position);
    } else refused.push(code);
  }
  return { taken, refused };
}

describe('the free place in the square at the table', () => {
  it('a lone Teamer is offered every place, and the ruleset takes each', () => {
    const s = table(false);
    const v = viewOf(s);
    const places = freePlaces(v, v.teamers.you as Teamer, 2);
    expect(places).toEqual([...POSITIONS]);
    expect(byDecide(s)).toEqual({ taken: [...POSITIONS], refused: [] });
  });

  it('beside a stack-mate only the place opposite his is offered, the one the ruleset takes', () => {
    const s = table(true);
    const v = viewOf(s);
    const places = freePlaces(v, v.teamers.you as Teamer, 2);
    const { taken, refused } = byDecide(s);
    expect(places).toEqual(taken);
    expect(places).toEqual(['front']);
    expect(new Set(refused)).toEqual(new Set(['POSITION_TAKEN']));
    // One place only: nothing to pick, so no picker.
    expect(
      renderToStaticMarkup(
        <PositionPicker places={places} value="front" current="front" onPick={() => undefined} />,
      ),
    ).toBe('');
  });

  it('ending a move of a square: the place offered goes with endMove and the ruleset takes it', () => {
    let s = table(false);
    s = send(s, { type: 'move', teamerId: 'you' });
    const v0 = viewOf(s);
    expect(v0.pending.moving).toBeTruthy();
    s = send(s, { type: 'step', teamerId: 'you', x: 3, y: 7 });
    const v = viewOf(s);
    const you = v.teamers.you as Teamer;
    const places = freePlaces(v, you, you.facing);
    expect(places).toContain('left');
    const position = placeToSend(places, 'left', you);
    expect(position).toBe('left');
    const after = send(s, { type: 'endMove', teamerId: 'you', ...(position ? { position } : {}) });
    expect(after.teamers.you?.position).toBe('left');
    // The place he stands in, or one not offered, is not sent.
    expect(placeToSend(places, you.position, you)).toBeUndefined();
    expect(placeToSend(['centre'], 'left', you)).toBeUndefined();
  });

  it('is radio buttons (one tab stop, arrow keys) for the places offered, his own marked', () => {
    const html = renderToStaticMarkup(
      <PositionPicker
        places={['centre', 'left', 'right']}
        value="left"
        current="centre"
        onPick={() => undefined}
      />,
    );
    expect(html).toContain('<legend>Place in the square (free)</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toMatch(/checked="" value="left"/);
    expect(html).toMatch(/in the centre \(now\)/);
    expect(html).not.toMatch(/button/);
  });
});
