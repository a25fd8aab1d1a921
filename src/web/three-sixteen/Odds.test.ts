import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fightAt } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { simulateFromTable } from '../../rules/three-sixteen/simulate/from-table.ts';
import type { Trooper } from '../../rules/three-sixteen/state.ts';
import { answerOne } from '../worker/protocol.ts';
import { asView, type View } from './model.ts';
import { describeRun, fnv1a, OddsAnswer, oddsPlan, RUNS } from './Odds.tsx';
import { OddsChart, pct } from './OddsChart.tsx';
import { answerOdds } from './odds-question.ts';

/** The odds panel's pure parts: the plan's key and seed, the words it shows, the percentages. */

/** A table between encounters (the GM planning the next one), as the GM's view. */
function planningView(): View {
  const { t, gm } = fightAt(
    'near',
    [
      { name: 'Hicks', fa: 6, nfa: 4 },
      { name: 'Vasquez', fa: 7, nfa: 3 },
    ],
    { tokens: 4, abilities: ['swarm'] },
  );
  t.send(gm, { type: 'gmEndEncounter' });
  const view = asView(threeSixteen.view(t.state, { seatId: 'gm', role: 'gm' }));
  if (!view) throw new Error('the GM sees the table');
  return view;
}

const troopers = (view: View): Trooper[] =>
  view.trooperOrder.flatMap((id) => (view.troopers[id] ? [view.troopers[id] as Trooper] : []));

describe('pct: shares as the panel shows them', () => {
  it('whole percentages in the middle, a decimal within 1% of 0 or 1, never a false certainty', () => {
    expect(pct(0.237)).toBe('24%');
    expect(pct(0.5)).toBe('50%');
    expect(pct(0.99)).toBe('99%');
    expect(pct(0.9992)).toBe('99.9%');
    expect(pct(0.995)).toBe('99.5%');
    expect(pct(0.99996)).toBe('>99.9%');
    expect(pct(0.004)).toBe('0.4%');
    expect(pct(0.00002)).toBe('<0.1%');
    expect(pct(0)).toBe('0%');
    expect(pct(1)).toBe('100%');
  });
});

describe('oddsPlan: one plan, one key, one seed', () => {
  const view = planningView();
  const pcs = troopers(view);

  it('the same plan gives the same request and seed; the seed comes from the plan', () => {
    const a = oddsPlan(view, 4, false, pcs);
    const b = oddsPlan(view, 4, false, pcs);
    expect(b).toEqual(a);
    expect(a.request.plan).toEqual({
      tokens: 4,
      final: false,
      n: RUNS,
      seed: fnv1a(a.key),
      troopers: ['t1', 't2'],
    });
    expect(a.request.plan.seed).toBeGreaterThanOrEqual(0);
    expect(a.request.plan.seed).toBeLessThan(2 ** 32);
  });

  it('another plan (tokens, final, who goes in, a wounded trooper) is another key and seed', () => {
    const a = oddsPlan(view, 4, false, pcs);
    const others = [
      oddsPlan(view, 3, false, pcs),
      oddsPlan(view, 4, true, pcs),
      oddsPlan(view, 4, false, pcs.slice(0, 1)),
      oddsPlan(view, 4, false, [{ ...(pcs[0] as Trooper), health: ['X', null, null] }, pcs[1] as Trooper]),
    ];
    for (const o of others) {
      expect(o.key).not.toBe(a.key);
      expect(o.request.plan.seed).not.toBe(a.request.plan.seed);
    }
  });

  it('FNV-1a matches its reference values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('the answer says what was simulated, and how', () => {
  const view = planningView();
  const pcs = troopers(view);
  const { request } = oddsPlan(view, 4, false, pcs);
  const summary = simulateFromTable(view, { ...request.plan, n: 60 });

  it('describeRun reads the summary back: runs, tokens, AA, abilities, who, seed', () => {
    expect(describeRun(summary)).toBe(
      `60 runs of a 4-token encounter against AA 5 (abilities swarm), with Hicks and Vasquez; seed ${request.plan.seed}.`,
    );
    expect(describeRun({ ...summary, n: 2000, final: true, abilities: [] })).toMatch(
      /^2,000 runs of a 4-token final encounter against AA 5 \(no abilities\)/,
    );
  });

  it('the same plan gives the same numbers', () => {
    expect(JSON.stringify(simulateFromTable(view, { ...request.plan, n: 60 }))).toBe(JSON.stringify(summary));
  });

  it("the worker's answer is the simulator's summary, and a bad plan comes back with its stable code", () => {
    const answered = answerOne(answerOdds, { ...request, plan: { ...request.plan, n: 60 } });
    expect(JSON.stringify(answered)).toBe(JSON.stringify({ ok: true, answer: summary }));
    expect(answerOne(answerOdds, { ...request, plan: { ...request.plan, n: 0 } })).toMatchObject({
      ok: false,
      code: 'SIM_INVALID_OPTION',
    });
  });

  it('shows how often a Strength was used, what was played, and the policies in one sentence', () => {
    const html = renderToStaticMarkup(createElement(OddsAnswer, { summary, ids: ['t1', 't2'] }));
    expect(html).toContain('Squad wins');
    expect(html).toMatch(
      /Wins include fights a trooper ended with a Strength \(([<>]?\d+(\.\d)?|0)% of runs\)/,
    );
    expect(html).toMatch(/A Strength was used in [<>]?\d+(\.\d)?% of runs \(95%: /);
    expect(html).toMatch(/\d\.\d\d per run on average/);
    expect(html).toContain(`seed ${request.plan.seed}`);
    expect(html).toContain('the simulator&#x27;s fixed policies');
    expect(html).toContain('<code>bughunt simulate --help</code>');
  });

  it('the chart has a bar for the Strength, and near-certain chances keep a decimal', () => {
    const sure = { ...summary, win: { count: 1998, p: 0.999, low: 0.996, high: 0.9997 } };
    const html = renderToStaticMarkup(createElement(OddsChart, { summary: sure, ids: ['t1', 't2'] }));
    expect(html).toMatch(/aria-label="Chances: Squad wins 99\.9%, A Strength used [^"]*"/);
    expect(html).not.toContain('Squad wins 100%');
  });
});
