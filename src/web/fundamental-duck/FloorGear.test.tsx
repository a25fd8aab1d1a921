import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import { Table } from '../../rules/fundamental-duck/test-kit.ts';
import { ArenaBoard } from './ArenaBoard.tsx';
import { floorGearNotes } from './FloorGear.tsx';
import { asView, type FdView } from './model.ts';

/**
 * Weapons a seized man left where he fell (13.6) on the board: one tag a square (the floor's and
 * the ceiling's apart), its title and the square's description naming the weapons and whose.
 */

const GM = { seatId: 'gm', role: 'gm' as const };

const boarded = (): FdState => {
  const t = new Table(new SeededDice(4));
  t.send({ type: 'board' });
  return t.state;
};

describe('weapons left on the floor on the board', () => {
  it('draws a tag where they fell, naming them in its title and in the square', () => {
    let state = boarded();
    const you = state.teamers.you;
    const brick = state.teamers.brick;
    if (!you?.weapons.length || !brick?.weapons.length) throw new Error('the Team has no weapons');
    state = fd.evolve(state, {
      type: 'gear.dropped',
      teamerId: 'you',
      x: 2,
      y: 7,
      weapons: [...you.weapons],
    });
    state = fd.evolve(state, {
      type: 'gear.dropped',
      teamerId: 'brick',
      x: 2,
      y: 7,
      up: true,
      weapons: [...brick.weapons],
    });
    const view = asView(fd.view(state, { seatId: 'p1', role: 'player' })) as FdView;
    const html = renderToStaticMarkup(
      <ArenaBoard view={view} arena={arenaFor(view.rules, view.arenaId)} describe={() => ''} />,
    );
    const floor = html.match(/<g data-floor-gear="2,7"><title>([^<]*)<\/title>[\s\S]*?>Wp<\/text>/);
    const ceiling = html.match(
      /<g data-floor-gear="2,7" data-up="true"><title>([^<]*)<\/title>[\s\S]*?>↑Wp<\/text>/,
    );
    if (!floor || !ceiling) throw new Error(`no tags in ${html.slice(0, 200)}`);
    const name = (id: string) => view.rules.weapons[id]?.name ?? id;
    for (const w of you.weapons) expect(floor[1]).toContain(`${name(w)} (YOU&#x27;s)`);
    expect(floor[1]).not.toContain('ceiling');
    for (const w of brick.weapons) expect(ceiling[1]).toContain(name(w));
    expect(ceiling[1]).toContain('up in the ceiling');
    // The square's description names both piles; a square without any says nothing.
    const notes = floorGearNotes(view, 2, 7);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain(name(you.weapons[0] as string));
    expect(floorGearNotes(view, 3, 7)).toEqual([]);
  });

  it('draws nothing while no weapon lies on the floor', () => {
    const view = asView(fd.view(boarded(), GM)) as FdView;
    const html = renderToStaticMarkup(
      <ArenaBoard view={view} arena={arenaFor(view.rules, view.arenaId)} describe={() => ''} />,
    );
    expect(html).not.toContain('data-floor-gear');
  });
});
