import { describe, expect, it } from 'vitest';
import { simulator } from '../../../cli/simulate-fundamental-duck.ts';
import type { FdCommand } from '../commands.ts';
import { defaultPack } from '../data/pack.ts';
import { fundamentalDuck as fd } from '../index.ts';
import type { Teamer } from '../state.ts';
import { ceilingOverTile4, fixedDeal, GM, PLAYER, ScriptThenSeeded, Table } from '../test-kit.ts';
import { DEFAULT_POLICY, type PolicyOptions, policyStats, policyStep } from './policy.ts';
import { packWithCeiling } from './run.ts';

/**
 * The policy's climb to hunt (19, `PolicyOptions.climbToHunt`): with no Threat on the floor to go
 * for and no Bio-Sensor near enough to shoot up, a man walks to the LOW foot of a known hatch,
 * climbs up and fights the Threat up there; without the option he stays below. Every command from
 * the legal lists (none refused).
 */

const pack = packWithCeiling(defaultPack);

/**
 * Boarded; tile 4 has a ceiling (a hatch at (7,6), the LOW crates at (8,6) its foot) with a Harpy
 * up in it above (9,8), nothing on the floor; YOU at (8,5) facing south, one step from the foot;
 * nobody carries a Bio-Sensor (so nobody can shoot up at it from below).
 */
function harpyOutOfSight(): Table {
  const t = new Table(
    new ScriptThenSeeded([6, 1, 1, 1, 2, 1, 2, 3, 1, 6, 1, 3, 5, 4, 4, 3, 5, 5, 4], 5),
    fd.setup({ pack }),
  );
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.fold([
    ceilingOverTile4(),
    {
      type: 'threats.placed',
      tile: 4,
      marker: 0,
      ping: 'green',
      countFaces: [],
      threats: [{ id: 'h9', species: 'harpy', x: 9, y: 8, facing: 0, faces: [] }],
      tieFaces: [],
    },
    { type: 'ceiling.entered', tile: 4, rolls: [{ threatId: 'h9', face: 5 }], up: ['h9'] },
  ]);
  t.send({ type: 'gmOverride', teamerId: 'you', x: 8, y: 5, facing: 4, reason: 'set-up' }, GM);
  for (const id of t.state.teamOrder) {
    const m = t.state.teamers[id] as Teamer;
    t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...m, bioSensor: false }, reason: 'test' }]);
  }
  return t;
}

/** YOU's commands until he has shot or grappled (at most `n` of the policy's commands in all). */
function youPlay(t: Table, seed: number, P: PolicyOptions, n = 300): FdCommand[] {
  const ctx = { actor: PLAYER, dice: new ScriptThenSeeded([], seed) };
  const mine: FdCommand[] = [];
  for (let i = 0; i < n && t.state.phase !== 'ended'; i++) {
    const step = policyStep(t.state, ctx, P);
    if (!step) break;
    t.fold(step.events);
    const c = step.command;
    if (!('teamerId' in c) || c.teamerId !== 'you') continue;
    mine.push(c);
    if (c.type === 'shoot' || c.type === 'grapple') break;
  }
  return mine;
}

describe('the policy climbs up to hunt a Threat in a ceiling (19, climbToHunt)', () => {
  it('YOU steps onto the crates, climbs the hatch and shoots the Harpy up there; nothing refused', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const t = harpyOutOfSight();
      const refused = policyStats.refused;
      const mine = youPlay(t, seed, { ...DEFAULT_POLICY, climbToHunt: true });
      expect(policyStats.refused).toBe(refused);
      const steps = mine.filter((c) => c.type === 'step');
      expect(steps[0]).toEqual({ type: 'step', teamerId: 'you', x: 8, y: 6 });
      expect(mine).toContainEqual({ type: 'climb', teamerId: 'you', x: 7, y: 6 });
      expect(mine.at(-1)).toMatchObject({ type: 'shoot', teamerId: 'you', x: 9, y: 8, up: true });
      expect(t.log.some((e) => e.type === 'ceiling.climbed' && e.teamerId === 'you' && e.up)).toBe(true);
    }
  });

  it('without the option (the default) he never climbs: the Harpy is waited for below', () => {
    for (const seed of [1, 2, 3]) {
      const t = harpyOutOfSight();
      const mine = youPlay(t, seed, DEFAULT_POLICY, 120);
      expect(mine.some((c) => c.type === 'climb')).toBe(false);
      expect(t.log.some((e) => e.type === 'ceiling.climbed' && e.teamerId === 'you')).toBe(false);
    }
  });

  it('the CLI takes --climb-to-hunt and says so in its JSON', async () => {
    const out: string[] = [];
    const io = { out: (x: string) => out.push(x), err: () => {} };
    const args = ['--n', '2', '--max-turns', '4', '--ceiling', '--json'];
    expect(await simulator.run([...args, '--climb-to-hunt'], io)).toBe(0);
    expect(await simulator.run(args, io)).toBe(0);
    expect(JSON.parse(out[0] as string)).toMatchObject({ ceiling: true, climbToHunt: true, n: 2 });
    expect(JSON.parse(out[1] as string).climbToHunt).toBeUndefined();
  });
});
