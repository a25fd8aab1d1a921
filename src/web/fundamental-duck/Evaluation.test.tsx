import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import { newOrdersGame, PLAYER } from '../../rules/fundamental-duck/test-kit.ts';
import { Evaluation } from './FundamentalDuckTable.tsx';
import { asView, type FdView } from './model.ts';

/**
 * The evaluation card at the end of a game: the new orders' bonus objective is listed under the
 * mission's objectives with the stars it earned (pack `teamStars.newOrders`), and counted in the
 * Team's gold stars.
 */

const ended = (reach: boolean | null) => asView(fd.view(newOrdersGame(reach).state, PLAYER)) as FdView;

const text = (v: FdView) => renderToStaticMarkup(<Evaluation view={v} />).replace(/<[^>]+>/g, ' ');

describe('the evaluation card and new orders', () => {
  it('lists the orders carried out with their star and counts it in the Team’s stars', () => {
    const shown = text(ended(true)).replace(/\s+/g, ' ');
    expect(shown).toContain('Done: new orders (bonus: reach the Bridge), 1 gold star(s)');
    expect(shown).toContain('Gold stars for the Team: 1');
  });

  it('lists orders not carried out, and no line at all without new orders', () => {
    const missed = text(ended(false)).replace(/\s+/g, ' ');
    expect(missed).toContain('Not done: new orders (bonus: reach the Bridge)');
    expect(missed).toContain('Gold stars for the Team: 0');
    expect(text(ended(null))).not.toContain('new orders');
  });
});
