/**
 * The page of the `fundamental-duck-table` benchmark (bundled by fundamental-duck-table.bench.ts
 * and run in headless Chromium): the whole Fundamental Duck! table on the default arena with 20
 * figures and a Teamer's move in progress (the reach overlay on), updated as after a command (a
 * Threat steps), against redrawing as many plain SVG squares in the same page.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SeededDice } from '../src/engine/dice/source.ts';
import { arenaOf } from '../src/rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../src/rules/fundamental-duck/index.ts';
import type { FdState, Teamer, Threat } from '../src/rules/fundamental-duck/state.ts';
import { FundamentalDuckTable } from '../src/web/fundamental-duck/FundamentalDuckTable.tsx';
import '../src/web/styles.css';

const PLAYER = { seatId: 'p1', role: 'player' as const, name: 'Bench' };

/** The default arena after boarding, every module explored, 5 Teamers and 15 Threats about, YOU moving. */
function benchStates(): [unknown, unknown] {
  let s: FdState = fd.setup({});
  const dice = new SeededDice(5);
  for (const c of [{ type: 'board' as const }, { type: 'activate' as const, teamerId: 'you' }]) {
    for (const e of fd.decide(s, c, { actor: PLAYER, dice })) s = fd.evolve(s, e);
  }
  const arena = arenaOf(s);
  const w = arena.width;
  const free: number[] = [];
  for (let i = 0; i < arena.size; i++)
    if (arena.isSquare[i] === 1 && arena.wholeHeight[i] === 0 && arena.loadAt[i] === -1) free.push(i);
  // Spread the figures: every 9th free square.
  const spots = free.filter((_, k) => k % 9 === 4);
  const teamers: Record<string, Teamer> = {};
  s.teamOrder.forEach((id, k) => {
    const sq = spots[k] as number;
    teamers[id] = { ...(s.teamers[id] as Teamer), x: sq % w, y: Math.floor(sq / w), aboard: true };
  });
  const threats: Record<string, Threat> = {};
  const order: string[] = [];
  for (let k = 0; k < 15; k++) {
    const sq = spots[5 + k] as number;
    const id = `h${100 + k}`;
    order.push(id);
    threats[id] = {
      id,
      species: 'harpy',
      x: sq % w,
      y: Math.floor(sq / w),
      facing: 2,
      wounds: 0,
      eye: false,
      acted: false,
      shotAt: [],
      carrying: null,
    };
  }
  const a: FdState = {
    ...s,
    teamers,
    threats,
    threatOrder: order,
    tiles: s.tiles.map((t) => ({ ...t, opened: true, entered: true })),
    move: { teamerId: 'you', allowance: 6, spent: 0, steps: 0, dash: false },
  };
  // The "command": one Threat steps a square (a new state, as after its event).
  const first = threats[order[0] as string] as Threat;
  const b: FdState = {
    ...a,
    threats: { ...threats, [first.id]: { ...first, x: first.x, y: first.y === 0 ? 1 : first.y - 1 } },
  };
  return [fd.view(a, PLAYER), fd.view(b, PLAYER)];
}

declare global {
  interface Window {
    fdBench: {
      run: (batches: number, perBatch: number) => { ours: number; baseline: number; squares: number };
    };
  }
}

function setUp() {
  const [va, vb] = benchStates();
  const host = document.createElement('div');
  host.style.width = '1000px';
  document.body.append(host);
  const root = createRoot(host);
  const send = async () => ({ ok: true as const, seq: 0 });
  const render = (view: unknown) =>
    flushSync(() =>
      root.render(<FundamentalDuckTable tableId="bench" view={view} seat={PLAYER} seats={[]} send={send} />),
    );
  render(va);
  const squares = document.querySelectorAll('svg.board-svg polygon.board-cell').length;
  const figures = document.querySelectorAll('[data-figure]').length;
  if (figures !== 20) throw new Error(`expected 20 figures on the board, found ${figures}`);
  if (document.querySelectorAll('polygon.fd-reach').length === 0) throw new Error('the reach overlay is off');

  // The baseline: the same number of plain squares in an SVG of the board's size, drawn anew.
  const NS = 'http://www.w3.org/2000/svg';
  const plain = document.createElementNS(NS, 'svg');
  plain.setAttribute('width', '600');
  plain.setAttribute('height', '600');
  plain.setAttribute('viewBox', '0 0 15 15');
  document.body.append(plain);
  let flip = 0;
  const drawPlain = () => {
    flip ^= 1;
    const g = document.createElementNS(NS, 'g');
    for (let i = 0; i < squares; i++) {
      const r = document.createElementNS(NS, 'rect');
      r.setAttribute('x', String(i % 15));
      r.setAttribute('y', String(Math.floor(i / 15)));
      r.setAttribute('width', '1');
      r.setAttribute('height', '1');
      r.setAttribute('fill', (i + flip) % 7 === 0 ? '#2d7a56' : '#26323f');
      g.append(r);
    }
    plain.replaceChildren(g);
    return plain.getBoundingClientRect().width;
  };
  let which = 0;
  const update = () => {
    which ^= 1;
    render(which ? vb : va);
    // Style and layout of the updated board, as the browser must before the next paint.
    return (document.querySelector('svg.board-svg') as SVGSVGElement).getBoundingClientRect().width;
  };
  const time = (fn: () => number, n: number) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    return performance.now() - t0;
  };
  window.fdBench = {
    run(batches, perBatch) {
      for (let i = 0; i < 5; i++) {
        update();
        drawPlain();
      }
      const ours: number[] = [];
      const base: number[] = [];
      for (let k = 0; k < batches; k++) {
        ours.push(time(update, perBatch));
        base.push(time(drawPlain, perBatch));
      }
      const median = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1] as number;
      return { ours: (1000 * perBatch) / median(ours), baseline: (1000 * perBatch) / median(base), squares };
    },
  };
}

setUp();
