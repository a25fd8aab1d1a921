import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import { threeSixteen } from '../ruleset.ts';
import type { ThreeSixteenState } from '../state.ts';
import { ABILITY_IDS } from '../state.ts';
import { buildBaseState, checkFolds, GM_SEAT } from './driver.ts';
import type { PcSpec, SimulationOptions } from './options.ts';
import { parseAbility } from './options.ts';
import { simulateParallel } from './parallel.ts';
import { newMemo, nextCommand } from './policy.ts';
import { BLOCK_SIZE, runBlocks, type SimulationSummary, simulateEncounters } from './simulate.ts';
import { meanEstimate, mergeTallies, tQuantile95, wilson } from './stats.ts';

const squad = (n: number, pc: PcSpec = { fa: 6, nfa: 4, weapon: 'energyRifle' }): PcSpec[] =>
  Array.from({ length: n }, () => ({ ...pc }));

const base: SimulationOptions = { pcs: squad(4), aa: 6, tokens: 8, abilities: [], n: 200, seed: 1 };

function everyInterval(s: SimulationSummary): { est: number; low: number; high: number }[] {
  const out = [
    { est: s.win.p, low: s.win.low, high: s.win.high },
    { est: s.anyDead.p, low: s.anyDead.low, high: s.anyDead.high },
    { est: s.rounds.mean, low: s.rounds.low, high: s.rounds.high },
    { est: s.tokensReturned.mean, low: s.tokensReturned.low, high: s.tokensReturned.high },
    { est: s.encounters.mean, low: s.encounters.low, high: s.encounters.high },
  ];
  for (const pc of s.pcs) {
    out.push({ est: pc.dead.p, low: pc.dead.low, high: pc.dead.high });
    out.push({ est: pc.kills.mean, low: pc.kills.low, high: pc.kills.high });
  }
  return out;
}

describe('simulateEncounters: determinism', () => {
  it('the same seed gives the same summary; another seed another one', () => {
    const a = simulateEncounters(base);
    expect(JSON.stringify(simulateEncounters(base))).toBe(JSON.stringify(a));
    expect(JSON.stringify(simulateEncounters({ ...base, seed: 2 }))).not.toBe(JSON.stringify(a));
    expect(a.n).toBe(200);
  });

  it('blocks are independent streams: tallies of block ranges add up to the whole run', () => {
    const o = { ...base, n: 2 * BLOCK_SIZE + 50 };
    const whole = runBlocks(o, 0, 3);
    const parts = mergeTallies(mergeTallies(runBlocks(o, 0, 1), runBlocks(o, 1, 2)), runBlocks(o, 2, 3));
    expect(parts).toEqual(whole);
    expect(whole.n).toBe(o.n);
  });

  it('worker threads give byte-identical output to one thread, for any number of workers', async () => {
    const o = { ...base, n: 2 * BLOCK_SIZE + 20, abilities: parseList('swarm,regeneration') };
    const single = JSON.stringify(simulateEncounters(o));
    expect(JSON.stringify(await simulateParallel(o, 1))).toBe(single);
    expect(JSON.stringify(await simulateParallel(o, 2))).toBe(single);
    expect(JSON.stringify(await simulateParallel(o, 3))).toBe(single);
  });
});

function parseList(text: string) {
  return text.split(',').map((a) => {
    const id = parseAbility(a);
    if (!id) throw new Error(a);
    return id;
  });
}

describe('simulateEncounters: the real rules, driven by commands', () => {
  it("decide's folded state equals folding the events with evolve, with every ability in play", () => {
    checkFolds(true);
    try {
      const s = simulateEncounters({ ...base, n: 40, abilities: [...ABILITY_IDS] });
      expect(s.n).toBe(40);
      const m = simulateEncounters({ ...base, n: 10, mission: true, abilities: [...ABILITY_IDS] });
      expect(m.n).toBe(10);
    } finally {
      checkFolds(false);
    }
  });

  // Every command the policies send must be accepted by decide (a refusal throws and fails the run).
  for (const ability of ABILITY_IDS) {
    it(`plays encounters and missions to the end against ${ability}`, () => {
      const o: SimulationOptions = {
        pcs: [
          { fa: 7, nfa: 3, weapon: 'energyRifle' },
          { fa: 5, nfa: 5, weapon: 'heavyMg' },
          { fa: 6, nfa: 6, weapon: 'sidearm' },
        ],
        aa: 7,
        tokens: 6,
        abilities: [ability],
        n: 30,
        seed: 11,
      };
      const e = simulateEncounters(o);
      expect(e.n).toBe(30);
      expect(Object.values(e.endReasons).reduce((a, b) => a + b, 0)).toBe(30);
      const m = simulateEncounters({ ...o, n: 8, mission: true });
      expect(m.encounters.mean).toBeGreaterThanOrEqual(1);
    });
  }

  it('End Encounter and Ambush show in how encounters go', () => {
    const end = simulateEncounters({ ...base, abilities: ['endEncounter'], n: 100 });
    expect(end.endReasons.endEncounterAbility ?? 0).toBeGreaterThan(0);
    const calm = simulateEncounters({ ...base, n: 100 });
    const ambush = simulateEncounters({ ...base, abilities: ['ambush'], n: 100 });
    // An ambush hits every trooper before the first round: more of them end up spent.
    expect(ambush.rounds.mean).not.toBe(calm.rounds.mean);
  });
});

describe('simulateEncounters: statistics', () => {
  it('strong troopers against weak aliens win more and die less than the reverse', () => {
    const strongPcs = squad(4, { fa: 8, nfa: 2, weapon: 'energyRifle' });
    const weakPcs = squad(2, { fa: 2, nfa: 8, weapon: 'energyRifle' });
    const strong = simulateEncounters({ ...base, pcs: strongPcs, aa: 2 });
    const weak = simulateEncounters({ ...base, pcs: weakPcs, tokens: 4, aa: 10 });
    // Desperate troopers win too, by a Strength as they are about to die: count clean wins.
    const clean = (s: SimulationSummary) => (s.endReasons.noTokens ?? 0) / s.n;
    expect(clean(strong)).toBeGreaterThan(clean(weak));
    expect(strong.pcs[0]?.kills.mean ?? 0).toBeGreaterThan(weak.pcs[0]?.kills.mean ?? 0);
    // Within one encounter Armour and a Strength save a trooper from its first two lethal Kills;
    // over a mission they run out.
    const strongMission = simulateEncounters({ ...base, pcs: strongPcs, aa: 2, mission: true, n: 40 });
    const weakMission = simulateEncounters({ ...base, pcs: weakPcs, aa: 10, mission: true, n: 40 });
    expect(weakMission.anyDead.p).toBeGreaterThan(strongMission.anyDead.p);
    expect(strongMission.win.p).toBeGreaterThan(weakMission.win.p);
  });

  it('more tokens take more rounds; one token is almost always a quick win', () => {
    const one = simulateEncounters({ ...base, tokens: 1 });
    const eight = simulateEncounters({ ...base, tokens: 8 });
    expect(eight.rounds.mean).toBeGreaterThan(one.rounds.mean);
    expect(one.win.p).toBeGreaterThan(0.9);
  });

  it('a mission: troopers fight several encounters, and a cleared planet is a win', () => {
    const m = simulateEncounters({ ...base, mission: true, n: 60 });
    expect(m.mode).toBe('mission');
    expect(m.threat).toBe(20);
    expect(m.encounters.mean).toBeGreaterThan(1);
    // Kills this mission add up over encounters: more than one encounter's worth on average.
    const e = simulateEncounters({ ...base, tokens: 4, n: 60 });
    expect(m.pcs[0]?.kills.mean ?? 0).toBeGreaterThan(e.pcs[0]?.kills.mean ?? 0);
  });

  it('troopers are PCs with seats of their own, so a fallen senior PC is replaced in the field', () => {
    const ranks: PcSpec[] = [
      { fa: 6, nfa: 4, weapon: 'heavyMg', rank: 3 },
      { fa: 5, nfa: 5, weapon: 'heavyMg', rank: 2 },
      { fa: 5, nfa: 5, weapon: 'heavyMg', rank: 2 },
    ];
    const dice = new SeededDice(5);
    let state: ThreeSixteenState = buildBaseState({ ...base, pcs: ranks, mission: true }, dice);
    expect(state.trooperOrder.map((id) => state.troopers[id]?.ownerSeatId)).toEqual(['p1', 'p2', 'p3']);
    const send = (command: Parameters<typeof threeSixteen.decide>[1]) => {
      for (const e of threeSixteen.decide(state, command, { actor: GM_SEAT, dice }))
        state = threeSixteen.evolve(state, e);
    };
    send({ type: 'startEncounter', tokens: 3 });
    // The Sergeant falls; both Corporals stand next in line, so the policy has them test NFA.
    send({
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't1', value: 'dead' },
      reason: 'test',
    });
    const command = nextCommand(state, newMemo());
    expect(command).toEqual({ type: 'rollFieldPromotion' });
    if (command) send(command);
    expect(['t2', 't3'].map((id) => state.troopers[id]?.rank).sort()).toEqual([2, 3]);
  });

  it('every interval holds its estimate; the rounds distribution adds up to n', () => {
    for (const s of [
      simulateEncounters(base),
      simulateEncounters({ ...base, n: 1 }),
      simulateEncounters({ ...base, aa: 10, n: 50, mission: true }),
    ]) {
      for (const { est, low, high } of everyInterval(s)) {
        expect(low).toBeLessThanOrEqual(est);
        expect(est).toBeLessThanOrEqual(high);
      }
      expect(s.rounds.distribution.reduce((a, d) => a + d.count, 0)).toBe(s.n);
      expect(s.win.low).toBeGreaterThanOrEqual(0);
      expect(s.win.high).toBeLessThanOrEqual(1);
    }
  });

  it('Wilson and t intervals match known values', () => {
    const w = wilson(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(tQuantile95(1)).toBeCloseTo(12.706, 3);
    expect(tQuantile95(30)).toBeCloseTo(2.042, 3);
    expect(tQuantile95(120)).toBeCloseTo(1.98, 3);
    // 1, 2, 3: mean 2, sd 1, t(2) = 4.303.
    const m = meanEstimate(6, 14, 3);
    expect(m.mean).toBe(2);
    expect(m.sd).toBeCloseTo(1, 12);
    expect(m.high - m.mean).toBeCloseTo(4.303 / Math.sqrt(3), 3);
  });
});

describe('simulateEncounters: bad options', () => {
  const bad: [string, Partial<SimulationOptions>][] = [
    ['no troopers', { pcs: [] }],
    ['AA out of range', { aa: 11 }],
    ['FA + NFA under 10', { pcs: [{ fa: 4, nfa: 4, weapon: 'energyRifle' }] }],
    ['a weapon no rank carries', { pcs: [{ fa: 6, nfa: 4, weapon: 'rocketpod' }] }],
    ['a weapon the rank is not issued', { pcs: [{ fa: 6, nfa: 4, weapon: 'powerClaw', rank: 0 }] }],
    ['tokens over the cap', { tokens: 9 }],
    ['no runs', { n: 0 }],
    ['a negative seed', { seed: -1 }],
    ['Threat under the tokens', { threat: 5 }],
  ];
  for (const [what, change] of bad) {
    it(`refuses ${what} with SIM_INVALID_OPTION`, () => {
      try {
        simulateEncounters({ ...base, ...change });
        expect.unreachable();
      } catch (error) {
        expect(isRuleError(error) && error.code).toBe('SIM_INVALID_OPTION');
      }
    });
  }
});
