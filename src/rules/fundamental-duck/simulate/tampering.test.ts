import { describe, expect, it } from 'vitest';
import { simulator } from '../../../cli/simulate-fundamental-duck.ts';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import type { FdCommand } from '../commands.ts';
import { defaultPack } from '../data/pack.ts';
import type { FdEvent } from '../events.ts';
import { fundamentalDuck as fd } from '../index.ts';
import { legalCommands } from '../legal.ts';
import { fixedDeal, GM, Table } from '../test-kit.ts';
import { chooseCommand, policyStats } from './policy.ts';
import { packWithTampering, runMission } from './run.ts';

/**
 * Salvage with the cargo bay (1) opened and YOU activated at (x,2), just south of a marked pod at
 * (x,1); the deal tampered with load 0 (the pod at (6,1)) only. `tampers`: the pack tampers at all.
 */
function beside(x: number, tampers = true): Table {
  const pack = tampers ? packWithTampering(defaultPack, [1, 2]) : defaultPack;
  const t = new Table(new ScriptedDice([]), fd.setup({ pack, mission: 'salvage' }));
  const deal = fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } });
  t.fold([deal.type === 'arena.dealt' ? { ...deal, ...(tampers ? { tampered: [0] } : {}) } : deal]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x, y: 2, facing: 0, reason: 'set-up' }, GM);
  t.fold([{ type: 'tile.revealed', tile: 1, pings: [], chits: 0, how: 'opened' }]);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

describe('examining loads for tampering (18) in the policy', () => {
  it('examines a marked pod before picking it up when the pack tampers, and leaves one found tampered', () => {
    const t = beside(6);
    const examine = chooseCommand(t.state);
    expect(examine).toEqual({ type: 'task', teamerId: 'you', task: 'examineLoad', x: 6, y: 1 });
    expect(legalCommands(t.state)).toContainEqual(examine);
    t.dice = new ScriptedDice([1]);
    const ev = t.send(examine as FdCommand);
    expect(ev.find((e) => e.type === 'load.examined')).toMatchObject({ load: 0, tampered: true });
    // Found tampered: he does not pick it up.
    expect(chooseCommand(t.state)).not.toMatchObject({ type: 'carry', x: 6, y: 1 });
  });

  it('picks up a pod examined sound; with a pack that tampers nothing he picks it up at once', () => {
    const t = beside(8);
    t.dice = new ScriptedDice([1]);
    const ev = t.send(chooseCommand(t.state) as FdCommand);
    expect(ev.find((e) => e.type === 'load.examined')).toMatchObject({ load: 1, tampered: false });
    expect(chooseCommand(t.state)).toEqual({ type: 'carry', teamerId: 'you', x: 8, y: 1 });
    expect(chooseCommand(beside(8, false).state)).toEqual({ type: 'carry', teamerId: 'you', x: 8, y: 1 });
  });

  it('plays whole Salvage missions with tampering, examining first, none refused, the same per seed', () => {
    const pack = packWithTampering(defaultPack, [1, 2, 3]);
    const refused = policyStats.refused;
    let examined = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const log: FdEvent[] = [];
      const r = runMission('salvage', seed, 40, 20_000, { pack }, log);
      examined += log.filter((e) => e.type === 'load.examined').length;
      // Never a tampered load picked up once it was found out.
      const found = new Set<number>();
      for (const e of log) {
        if (e.type === 'load.examined' && e.tampered) found.add(e.load);
        if (e.type === 'cargo.moved' && e.to === null) expect(found.has(e.load)).toBe(false);
      }
      expect(runMission('salvage', seed, 40, 20_000, { pack })).toEqual(r);
    }
    expect(examined).toBeGreaterThan(0);
    expect(policyStats.refused).toBe(refused);
  });
});

describe('the CLI options for tampering and the licence', () => {
  it('takes --tampered-on and --licence into its JSON, and refuses bad faces or an unknown Teamer', async () => {
    const out: string[] = [];
    const io = { out: (s: string) => out.push(s), err: () => {} };
    const args = ['--mission', 'salvage', '--n', '2', '--max-turns', '4', '--json'];
    expect(await simulator.run([...args, '--tampered-on', '1,2', '--licence', 'jonesy'], io)).toBe(0);
    expect(JSON.parse(out[0] as string)).toMatchObject({ tamperedOn: [1, 2], licence: 'jonesy', n: 2 });
    await expect(simulator.run(['--tampered-on', '0,7'], io)).rejects.toThrow(/--tampered-on/);
    await expect(simulator.run(['--tampered-on', '2,2'], io)).rejects.toThrow(/--tampered-on/);
    await expect(simulator.run(['--licence', 'nobody'], io)).rejects.toThrow(/no Teamer nobody/);
  });
});
