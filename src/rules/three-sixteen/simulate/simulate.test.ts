import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { SeededDice } from '../../../engine/dice/source.ts';
import { Rng } from '../../../engine/rng.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import { fightAt, playRound } from '../encounter/test-kit.ts';
import { threeSixteen } from '../ruleset.ts';
import type { ThreeSixteenState } from '../state.ts';
import { ABILITY_IDS } from '../state.ts';
import { buildBaseState, checkFolds, GM_SEAT, runEncounter } from './driver.ts';
import type { PcSpec, SimulationOptions } from './options.ts';
import { parseAbility } from './options.ts';
import { simulateParallel } from './parallel.ts';
import { type Chooser, firstOption, newMemo, nextCommand } from './policy.ts';
import {
  BLOCK_SIZE,
  chooserFrom,
  playBlocks,
  policyStream,
  runBlocks,
  type SimulationSummary,
  simulateEncounters,
} from './simulate.ts';
import { mergeTallies } from './stats.ts';

const squad = (n: number, pc: PcSpec = { fa: 6, nfa: 4, weapon: 'energyRifle' }): PcSpec[] =>
  Array.from({ length: n }, () => ({ ...pc }));

const base: SimulationOptions = { pcs: squad(4), aa: 6, tokens: 8, abilities: [], n: 200, seed: 1 };

function everyInterval(s: SimulationSummary): { est: number; low: number | null; high: number | null }[] {
  const out: { est: number; low: number | null; high: number | null }[] = [
    { est: s.win.p, low: s.win.low, high: s.win.high },
    { est: s.strengthUsed.p, low: s.strengthUsed.low, high: s.strengthUsed.high },
    { est: s.strengthsPerRun.mean, low: s.strengthsPerRun.low, high: s.strengthsPerRun.high },
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
        // A mean from one run has no interval (null); every other interval holds its estimate.
        if (low === null || high === null) {
          expect(s.n).toBe(1);
          expect(low).toBeNull();
          expect(high).toBeNull();
          continue;
        }
        expect(low).toBeLessThanOrEqual(est);
        expect(est).toBeLessThanOrEqual(high);
      }
      expect(s.rounds.distribution.reduce((a, d) => a + d.count, 0)).toBe(s.n);
      expect(s.win.low).toBeGreaterThanOrEqual(0);
      expect(s.win.high).toBeLessThanOrEqual(1);
    }
  });
});

describe('simulateEncounters: the final encounter', () => {
  it('takes every token left: the planet Threat defaults to the tokens, and the cap holds', () => {
    const s = simulateEncounters({ ...base, final: true, n: 20 });
    expect(s).toMatchObject({ final: true, tokens: 8, threat: 8 });
    expect(s.endReasons.noTokens ?? 0).toBeGreaterThan(0);
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
    ['a final encounter on a planet with more tokens than it takes', { final: true, threat: 12 }],
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

describe('Strengths: counted from the events', () => {
  it('in an encounter a Strength ends it: one per run at most, each a Strength ending', () => {
    const s = simulateEncounters({ ...base, pcs: squad(1), tokens: 2, aa: 10, n: 300 });
    expect(s.strengthUsed.count).toBeGreaterThan(200);
    expect(s.strengthUsed.count).toBe(s.endReasons.strength);
    expect(s.strengthsPerRun.mean).toBe(s.strengthUsed.p);
    expect(s.strengthUsed.low).toBeLessThanOrEqual(s.strengthUsed.p);
    // Every one of those was a win: the trooper who used it is alive.
    expect(s.win.count).toBeGreaterThanOrEqual(s.strengthUsed.count);
  });

  it('a mission can use several, so the mean per run exceeds the share of runs with one', () => {
    const m = simulateEncounters({ ...base, pcs: squad(2), aa: 9, mission: true, n: 80 });
    expect(m.strengthsPerRun.mean).toBeGreaterThan(m.strengthUsed.p);
  });

  it('a run reports the strength.used events the ruleset decided, and the slots they filled', () => {
    const o: SimulationOptions = { ...base, pcs: squad(1), tokens: 2, aa: 10, n: 1 };
    const start = buildBaseState(o, new SeededDice(1));
    const usedSlots = (s: ThreeSixteenState) =>
      s.troopers.t1?.strengths.filter((x) => x.status === 'used').length ?? 0;
    let seen = 0;
    for (let seed = 1; seed <= 10; seed++) {
      // Replays the run's commands with the same dice and counts the events itself.
      const dice = new SeededDice(seed);
      let state = start;
      let events = 0;
      const send = (command: Parameters<typeof threeSixteen.decide>[1]) => {
        for (const ev of threeSixteen.decide(state, command, { actor: GM_SEAT, dice })) {
          if (ev.type === 'strength.used') events++;
          state = threeSixteen.evolve(state, ev);
        }
      };
      send({ type: 'startEncounter', tokens: 2 });
      const memo = newMemo();
      for (let command = nextCommand(state, memo); command; command = nextCommand(state, memo)) send(command);
      const outcome = runEncounter(start, o, new SeededDice(seed), undefined, firstOption);
      expect(outcome.strengths).toBe(events);
      expect(outcome.strengths).toBe(usedSlots(state) - usedSlots(start));
      seen += events;
    }
    expect(seen).toBeGreaterThan(3);
  });
});

describe('identical troopers get the same odds wherever they stand in the list', () => {
  it('the Strength of a volley goes to a trooper picked at random, not to the first listed', () => {
    // The tester's case: before, PC1 averaged 8.54 kills and PC4 6.91 (PC1 was always asked first).
    const s = simulateEncounters({ ...base, n: 4000 });
    const kills = s.pcs.map((pc) => pc.kills.mean);
    expect(Math.max(...kills) - Math.min(...kills)).toBeLessThan(0.6);
    for (const pc of s.pcs) {
      // Each trooper's interval holds the squad's average.
      const average = kills.reduce((a, b) => a + b, 0) / kills.length;
      expect(pc.kills.low ?? Number.NaN).toBeLessThan(average);
      expect(pc.kills.high ?? Number.NaN).toBeGreaterThan(average);
    }
  });

  it("the policy's picks never move a die: only who is credited with a Strength's kills changes", () => {
    const o = { ...base, n: BLOCK_SIZE + 100 };
    const play = (choose: (base: ThreeSixteenState, dice: DiceSource, c: Chooser) => Chooser) =>
      playBlocks(
        o.seed,
        o.n,
        4,
        0,
        2,
        (dice) => buildBaseState(o, dice),
        (start, dice, c) => runEncounter(start, o, dice, undefined, choose(start, dice, c)),
      );
    const random = play((_s, _d, c) => c);
    const first = play(() => firstOption);
    const { killsSum: a, killsSumSq: _a, ...restRandom } = random;
    const { killsSum: b, killsSumSq: _b, ...restFirst } = first;
    expect(restRandom).toEqual(restFirst);
    expect(a.reduce((x, y) => x + y, 0)).toBe(b.reduce((x, y) => x + y, 0));
    // Always the first candidate: PC1 takes the kills the others' Strengths would have had.
    expect(b[0]).toBeGreaterThan(a[0] ?? 0);
  });

  it('a policy stream leaves its block stream untouched and differs from it', () => {
    const block = Rng.fromSeed(9).split();
    const before = block.getState();
    const policy = policyStream(block);
    expect(block.getState()).toEqual(before);
    const twin = Rng.fromState(before);
    const drawn = Array.from({ length: 8 }, () => policy.int(0, 1_000_000));
    expect(drawn).not.toEqual(Array.from({ length: 8 }, () => twin.int(0, 1_000_000)));
    expect(chooserFrom(Rng.fromSeed(1))(3)).toBeGreaterThanOrEqual(0);
  });

  it('Kills waiting on several troopers: a Strength answers first, by the chooser among those who would use one', () => {
    // Two wounds each; their armour (which a new planet makes ready again) is spent below.
    const doomed = { health: ['X', 'X', null] as const, armourPolicy: 'ask' as const };
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'A', fa: 6, nfa: 4, patch: { armourPolicy: 'ask' } },
        { name: 'B', fa: 6, nfa: 4, patch: doomed },
        { name: 'C', fa: 6, nfa: 4, patch: doomed },
      ],
      { aa: 7 },
    );
    for (const trooperId of ['t2', 't3'])
      t.send(gm, {
        type: 'gmAdjust',
        adjustment: { target: 'armour', trooperId, value: 'used' },
        reason: 'test',
      });
    const fa = { kind: 'fa', weapon: 'energyRifle' } as const;
    playRound(t, gm, { t1: fa, t2: fa, t3: fa }, { t1: 9, t2: 9, t3: 9, aliens: 3 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.pendingKills.map((k) => k.trooperId)).toEqual(['t1', 't2', 't3']);
    const asked: number[] = [];
    const second = newMemo((count) => {
      asked.push(count);
      return 1;
    });
    expect(nextCommand(t.state, second)).toMatchObject({ type: 'useStrength', trooperId: 't3' });
    expect(asked).toEqual([2]);
    // Not t1, whose Kill is first in the list but would only wound it.
    expect(nextCommand(t.state, newMemo())).toMatchObject({ type: 'useStrength', trooperId: 't2' });
    const events = threeSixteen.decide(
      t.state,
      { type: 'useStrength', trooperId: 't3', text: 'C remembers.' },
      { actor: GM_SEAT, dice: new SeededDice(1) },
    );
    let s = t.state;
    for (const ev of events) s = threeSixteen.evolve(s, ev);
    // The Strength ended the fight: nobody else takes the Kill that was waiting.
    expect(s.encounter?.pendingKills ?? []).toEqual([]);
    expect(s.troopers.t1?.health).toEqual([null, null, null]);
  });
});
