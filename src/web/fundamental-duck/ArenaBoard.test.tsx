import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import { ArenaBoard } from './ArenaBoard.tsx';
import { asView, type FdView } from './model.ts';

const GM = { seatId: 'gm', role: 'gm' as const };

function boarded(): FdState {
  let state = fd.setup({});
  for (const e of fd.decide(state, { type: 'board' }, { actor: GM, dice: new SeededDice(4) }))
    state = fd.evolve(state, e);
  return state;
}

/** Every tile seen, so the whole arena is drawn. */
function allSeen(state: FdState): FdState {
  return { ...state, tiles: state.tiles.map((t) => ({ ...t, opened: true })) };
}

function draw(state: FdState, extra: Partial<Parameters<typeof ArenaBoard>[0]> = {}): string {
  const view = asView(fd.view(state, GM)) as FdView;
  return renderToStaticMarkup(
    <ArenaBoard view={view} arena={arenaFor(view.rules, view.arenaId)} describe={() => ''} {...extra} />,
  );
}

describe('the arena board draws', () => {
  const base = allSeen(boarded());
  const arena = arenaFor(base.rules, base.arenaId);
  const w = arena.width;

  it('every cargo load where it stands now, and none a Teamer carries or brought home', () => {
    const html = draw(base);
    for (const l of arena.loads) expect(html).toContain(`data-load="${l.id}"`);
    const pod = arena.loads.find((l) => l.portable);
    if (!pod) throw new Error('the starter arena has no portable pod');
    // Moved two squares down: drawn at its new square.
    const moved = {
      ...base,
      loads: base.loads.map((l, i) => (i === pod.index ? { ...l, at: pod.square + 2 * w } : l)),
    };
    const x = (pod.square % w) + 0.12;
    const y = Math.floor(pod.square / w) + 2 + 0.12;
    expect(draw(moved)).toMatch(new RegExp(`data-load="${pod.id}"[^]*?<rect x="${x}" y="${y}"`));
    const carried = { ...base, loads: base.loads.map((l, i) => (i === pod.index ? { ...l, at: null } : l)) };
    expect(draw(carried)).not.toContain(`data-load="${pod.id}"`);
  });

  it('a comrade carried on his carrier (not a figure of his own) and a carried load as a badge', () => {
    const you = base.teamers.you;
    const brick = base.teamers.brick;
    if (!you || !brick) throw new Error('no Team');
    const s: FdState = {
      ...base,
      teamers: {
        ...base.teamers,
        you: { ...you, x: 4, y: 7, carrying: 'brick', cargo: 0 },
        brick: { ...brick, x: 4, y: 7, wounds: 2 },
      },
    };
    const html = draw(s);
    expect(html).not.toContain('data-figure="brick"');
    expect(html).toContain(`carrying ${brick.name}`);
    expect(html).toContain('fd-carried-cargo');
  });

  it('the arena’s vehicles, front marked, and this turn’s grenade throws from aim to landing', () => {
    const html = draw(base, { scatters: [{ seq: 9, from: { x: 3, y: 4 }, to: { x: 5, y: 4 } }] });
    for (const v of arena.vehicles) expect(html).toContain(`data-vehicle="${v.id}"`);
    expect(html).toContain('data-scatter="3,4&gt;5,4"');
    expect(html).toContain('grenade aimed at 3,4, landed at 5,4');
  });

  it('a vehicle where the state has it now, facing its way, with its crew named', () => {
    const moved: FdState = {
      ...base,
      vehicles: [
        { id: 'loader-1', type: 'cargo-loader', x: 7, y: 3, facing: 3, crew: ['you'], rammedTurn: 0 },
      ],
    };
    const html = draw(moved);
    expect(html).toContain('front at 7,3, crew: YOU');
    expect(html).toContain('rotate(135)');
    expect(html).toContain('points="7.5,3.5 6.5,2.5"');
  });

  it('nothing of a tile not explored yet: its loads and vehicles stay hidden', () => {
    const fogged: FdState = {
      ...base,
      tiles: base.tiles.map((t) => ({
        ...t,
        opened: false,
        entered: false,
        chitsShown: false,
        revealed: t.revealed.map(() => false),
      })),
    };
    const html = draw(fogged);
    expect(html).not.toContain('data-load=');
    expect(html).not.toContain('data-vehicle=');
    // A Teamer riding in it is seen, and so is the vehicle he rides.
    const ridden = draw({
      ...fogged,
      vehicles: [
        { id: 'loader-1', type: 'cargo-loader', x: 7, y: 1, facing: 4, crew: ['you'], rammedTurn: 0 },
      ],
    });
    expect(ridden).toContain('data-vehicle="loader-1"');
  });

  it('the ceiling (19): exits the seat may see and the Threats up there, dashed', () => {
    const up = {
      id: 'h9',
      species: 'harpy',
      x: 2,
      y: 6,
      facing: 0 as const,
      wounds: 0,
      eye: false,
      acted: false,
      shotAt: [],
      carrying: null,
    };
    const html = draw({
      ...base,
      ceiling: {
        levels: { 3: true },
        exits: { 3: [{ x: 0, y: 5, kind: 'hatch', revealed: false }] },
        threats: { h9: up },
        order: ['h9'],
      },
    });
    expect(html).toContain('data-exit="hatch"');
    expect(html).toContain('data-ceiling-threat="h9"');
    expect(draw(base)).not.toContain('data-ceiling-threat');
  });
});
