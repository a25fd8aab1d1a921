import { describe, expect, it } from 'vitest';
import { simulator } from '../../../cli/simulate-fundamental-duck.ts';
import type { FdCommand } from '../commands.ts';
import { defaultPack } from '../data/pack.ts';
import type { FdEvent } from '../events.ts';
import { fundamentalDuck as fd } from '../index.ts';
import { legalShotsUp } from '../legal.ts';
import type { Teamer } from '../state.ts';
import {
  ceilingOverTile4,
  fixedDeal,
  GM,
  PLAYER,
  ScriptThenSeeded,
  Table,
  threatPlaced,
} from '../test-kit.ts';
import { DEFAULT_POLICY, type PolicyOptions, policyStats, policyStep } from './policy.ts';
import { packWithCeiling, runMission } from './run.ts';

/**
 * The policy fighting Threats up in a ceiling (19): from the floor it shoots up at one within the
 * Bio-Sensor's reach, and a man up there shoots or grapples one beside him, every command from the
 * legal lists (none refused).
 */

const pack = packWithCeiling(defaultPack);

/** Boarded; tile 4 has a ceiling (a hatch at (7,6)) with a Harpy up in it above (8,7); YOU (HAR, Bio-Sensor) at (8,5) facing south. */
function harpyAbove(): Table {
  const t = new Table(
    new ScriptThenSeeded([6, 1, 1, 1, 2, 1, 2, 3, 1, 6, 1, 3, 5, 4, 4, 3, 5, 5, 4], 5),
    fd.setup({ pack }),
  );
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.fold([ceilingOverTile4()]);
  t.fold([
    threatPlaced(4, { id: 'h9', species: 'harpy', x: 8, y: 7, facing: 0 }),
    { type: 'ceiling.entered', tile: 4, rolls: [{ threatId: 'h9', face: 5 }], up: ['h9'] },
  ]);
  t.send({ type: 'gmOverride', teamerId: 'you', x: 8, y: 5, facing: 4, reason: 'set-up' }, GM);
  const you = t.state.teamers.you as Teamer;
  t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, weapons: ['har'], ammo: {} }, reason: 'test' }]);
  return t;
}

/** The policy's commands until `who` has shot or grappled (at most `n`). */
function play(t: Table, who: string, seed: number, n = 20, P: PolicyOptions = DEFAULT_POLICY): FdCommand[] {
  const ctx = { actor: PLAYER, dice: new ScriptThenSeeded([], seed) };
  const sent: FdCommand[] = [];
  for (let i = 0; i < n; i++) {
    const step = policyStep(t.state, ctx, P);
    if (!step) break;
    sent.push(step.command);
    t.fold(step.events);
    const c = step.command;
    if ((c.type === 'shoot' || c.type === 'grapple') && c.teamerId === who) break;
  }
  return sent;
}

describe('the policy fights Threats up in a ceiling (19)', () => {
  it('shoots up through the ceiling at a Harpy within the Bio-Sensor’s reach', () => {
    for (const seed of [1, 2, 3]) {
      const t = harpyAbove();
      const refused = policyStats.refused;
      const sent = play(t, 'you', seed);
      expect(policyStats.refused).toBe(refused);
      expect(sent.at(-1)).toEqual({ type: 'shoot', teamerId: 'you', weapon: 'har', x: 8, y: 7, up: true });
    }
  });

  it('lists no shot up without the Bio-Sensor near, so the policy cannot send one', () => {
    const t = harpyAbove();
    const you = t.state.teamers.you as Teamer;
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...you, bioSensor: false }, reason: 'test' }]);
    t.send({ type: 'activate', teamerId: 'you' });
    expect(legalShotsUp(t.state, t.state.teamers.you as Teamer)).toEqual([]);
  });

  it('a man up there shoots or grapples the Threat beside him before anything else', () => {
    for (const seed of [1, 2, 3]) {
      const t = harpyAbove();
      const brick = t.state.teamers.brick as Teamer;
      t.send({ type: 'gmOverride', teamerId: 'you', x: 0, y: 7, facing: 2, reason: 'set-up' }, GM);
      t.fold([
        { type: 'ceiling.climbed', teamerId: 'brick', up: true, x: 7, y: 6, cost: 2 },
        {
          type: 'gm.overrode',
          by: 'gm',
          teamer: { ...brick, x: 7, y: 6, up: true, facing: 4 },
          reason: 'test',
        },
      ]);
      const refused = policyStats.refused;
      const sent = play(t, 'brick', seed);
      expect(policyStats.refused).toBe(refused);
      const last = sent.at(-1);
      expect(last?.type === 'shoot' ? last.up : last?.type === 'grapple').toBe(true);
      const mine = sent.filter((c) => 'teamerId' in c && c.teamerId === 'brick').map((c) => c.type);
      expect(mine).toEqual(['activate', last?.type]);
    }
  });

  it('happens in whole missions with the ceiling on: Clean Sweep seed 28 wounds a Threat up there, none refused, the same again', () => {
    // Ceiling Threats are rare and drop at their first Threat phase: 12 went up in 40 Clean Sweeps.
    const refused = policyStats.refused;
    const log: FdEvent[] = [];
    const a = runMission('clean-sweep', 28, 40, 20_000, { pack }, log);
    expect(runMission('clean-sweep', 28, 40, 20_000, { pack })).toEqual(a);
    expect(policyStats.refused).toBe(refused);
    expect(log.some((e) => e.type === 'ceiling.wounded' || e.type === 'ceiling.killed')).toBe(true);
  });

  it('the CLI plays with the ceiling on under --ceiling (and climbs to hunt under --climb-to-hunt) and says so in its JSON', async () => {
    const out: string[] = [];
    const io = { out: (x: string) => out.push(x), err: () => {} };
    const args = ['--n', '2', '--max-turns', '4', '--json'];
    expect(await simulator.run([...args, '--ceiling'], io)).toBe(0);
    expect(await simulator.run(args, io)).toBe(0);
    expect(await simulator.run([...args, '--ceiling', '--climb-to-hunt'], io)).toBe(0);
    expect(JSON.parse(out[0] as string)).toMatchObject({ ceiling: true, n: 2 });
    expect(JSON.parse(out[0] as string).climbToHunt).toBeUndefined();
    expect(JSON.parse(out[1] as string).ceiling).toBeUndefined();
    expect(JSON.parse(out[2] as string)).toMatchObject({ ceiling: true, climbToHunt: true });
  });
});

/**
 * `harpyAbove`, but nobody carries a Bio-Sensor (so nobody can shoot up at the Harpy from below):
 * YOU at (8,5) is one step from the LOW crates at (8,6), the foot of the hatch at (7,6).
 */
function outOfSight(): Table {
  const t = harpyAbove();
  for (const id of t.state.teamOrder) {
    const m = t.state.teamers[id] as Teamer;
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...m, bioSensor: false }, reason: 'test' }]);
  }
  return t;
}

/** YOU's own commands among the policy's (`play`) until he has shot or grappled. */
const youPlay = (t: Table, seed: number, P: PolicyOptions, n = 300): FdCommand[] =>
  play(t, 'you', seed, n, P).filter((c) => 'teamerId' in c && c.teamerId === 'you');

describe('the policy climbs up to hunt a Threat in a ceiling (19, climbToHunt)', () => {
  it('YOU steps onto the crates, climbs the hatch and shoots the Harpy up there; nothing refused', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const t = outOfSight();
      const refused = policyStats.refused;
      const mine = youPlay(t, seed, { ...DEFAULT_POLICY, climbToHunt: true });
      expect(policyStats.refused).toBe(refused);
      const steps = mine.filter((c) => c.type === 'step');
      expect(steps[0]).toEqual({ type: 'step', teamerId: 'you', x: 8, y: 6 });
      expect(mine).toContainEqual({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
      expect(mine.at(-1)).toMatchObject({ type: 'shoot', teamerId: 'you', x: 8, y: 7, up: true });
      expect(t.log.some((e) => e.type === 'ceiling.climbed' && e.teamerId === 'you' && e.up)).toBe(true);
    }
  });

  it('without the option (the default) he never climbs: the Harpy is waited for below', () => {
    for (const seed of [1, 2, 3]) {
      const t = outOfSight();
      const mine = youPlay(t, seed, DEFAULT_POLICY, 120);
      expect(mine.some((c) => c.type === 'climb')).toBe(false);
      expect(t.log.some((e) => e.type === 'ceiling.climbed' && e.teamerId === 'you')).toBe(false);
    }
  });

  it('happens in a whole mission: Clean Sweep seed 680 with the ceiling on, Jonesy climbs up after two Skitters; off, nobody climbs', () => {
    // Found by scanning seeds 1-1,000 of Clean Sweep and of Black Box with the option on: only
    // seed 680 climbs to hunt (the same opening in both missions; ceiling Threats drop at their
    // first Threat phase, so the window is one Team phase with no floor Threat left to go for).
    const on = { ...DEFAULT_POLICY, climbToHunt: true };
    const refused = policyStats.refused;
    const log: FdEvent[] = [];
    const a = runMission('clean-sweep', 680, 40, 20_000, { pack }, log, on);
    expect(runMission('clean-sweep', 680, 40, 20_000, { pack }, undefined, on)).toEqual(a);
    expect(policyStats.refused).toBe(refused);
    expect(log).toContainEqual({
      type: 'ceiling.climbed',
      teamerId: 'jonesy',
      up: true,
      x: 7,
      y: 8,
      cost: 2,
    });
    expect(log.some((e) => e.type === 'ceiling.decided' && e.why === 'grapples a Teamer up here')).toBe(true);
    const off: FdEvent[] = [];
    runMission('clean-sweep', 680, 40, 20_000, { pack }, off);
    expect(off.some((e) => e.type === 'ceiling.climbed')).toBe(false);
  });
});
