import { describe, expect, it } from 'vitest';
import { bughunt, cli } from './test-kit.ts';

describe('bughunt simulate three-sixteen', () => {
  it('--json: the same seed prints the same bytes, and the summary has every statistic', async () => {
    const args = [
      'simulate',
      'three-sixteen',
      '--pcs',
      '3',
      '--aa',
      '6',
      '--tokens',
      '5',
      '--n',
      '150',
      '--seed',
      '9',
      '--json',
    ];
    const a = await cli(...args);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect((await cli(...args)).stdout).toBe(a.stdout);
    const s = JSON.parse(a.stdout);
    expect(s).toMatchObject({
      system: 'three-sixteen',
      mode: 'encounter',
      seed: 9,
      n: 150,
      aa: 6,
      tokens: 5,
    });
    for (const key of ['win', 'anyDead', 'rounds', 'tokensReturned', 'endReasons'])
      expect(s).toHaveProperty(key);
    expect(s.pcs).toHaveLength(3);
    expect(s.pcs[0]).toMatchObject({ fa: 6, nfa: 4, weapon: 'energyRifle', rank: 0 });
    expect(s.pcs[0].dead).toHaveProperty('low');
    expect(s.pcs[0].kills).toHaveProperty('mean');
  });

  it('prints a table by default, with per-PC rows and the rounds distribution', async () => {
    const r = await cli(
      'simulate',
      'three-sixteen',
      '--pc',
      '7/3/energyRifle',
      '--pc',
      '5/5/heavyMg',
      '--ability',
      'swarm,17',
      '--n',
      '60',
      '--seed',
      '4',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^3:16 simulation: 60 encounters, seed 4\n/);
    expect(r.stdout).toMatch(/PC2: FA 5, NFA 5, Heavy MG, rank 1/);
    expect(r.stdout).toMatch(/abilities: swarm, regeneration/);
    expect(r.stdout).toMatch(/win \(tokens gone, a PC alive\) +\d+\.\d\d% +\d+\.\d\d% – \d+\.\d\d%/);
    expect(r.stdout).toMatch(/PC1 kills \(mean\)/);
    expect(r.stdout).toMatch(/rounds {2}runs/);
  });

  it('--mission plays whole missions', async () => {
    const r = await cli(
      'simulate',
      'three-sixteen',
      '--pcs',
      '2',
      '--mission',
      '--n',
      '20',
      '--seed',
      '1',
      '--json',
    );
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.mode).toBe('mission');
    expect(s.threat).toBe(10);
    expect(s.encounters.mean).toBeGreaterThanOrEqual(1);
  });

  it('--help explains the policies and the statistics', async () => {
    const r = await cli('simulate', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: bughunt simulate three-sixteen/);
    expect(r.stdout).toMatch(/How the simulated table plays/);
    expect(r.stdout).toMatch(/Wilson/);
    expect((await cli('help', 'simulate')).stdout).toBe(r.stdout);
    expect((await cli('--help')).stdout).toMatch(/simulate +Monte-Carlo/);
  });

  const bad: [string[], RegExp][] = [
    [[], /^bughunt: missing system/],
    [['traveller'], /no simulator for 'traveller'/],
    [['three-sixteen', 'extra'], /unexpected argument 'extra'/],
    [['three-sixteen', '--pcs', '0'], /--pcs must be a whole number from 1 to 12/],
    [['three-sixteen', '--pcs', '2', '--pc', '6/4/energyRifle'], /--pcs or --pc, not both/],
    [['three-sixteen', '--pc', '6/4'], /--pc wants FA\/NFA\/WEAPON/],
    [['three-sixteen', '--pc', '6/4/blaster'], /unknown weapon 'blaster'/],
    [['three-sixteen', '--pc', '6/4/rocketpod'], /no rank is issued the rocketpod/],
    [['three-sixteen', '--pc', '3/3/energyRifle'], /FA \+ NFA of trooper 1 must be from 10 to 18/],
    [['three-sixteen', '--pc', '6/4/powerClaw/0'], /not issued the powerClaw/],
    [['three-sixteen', '--aa', '11'], /--aa must be a whole number from 1 to 10/],
    [['three-sixteen', '--pcs', '2', '--tokens', '5'], /at most PCs × 2 = 4 tokens/],
    [['three-sixteen', '--ability', 'telepathy'], /unknown alien ability 'telepathy'/],
    [['three-sixteen', '--ability', '21'], /unknown alien ability '21'/],
    [['three-sixteen', '--mission', '--tokens', '3'], /--threat, not --tokens/],
    [['three-sixteen', '--n', '0'], /--n must be a whole number/],
    [['three-sixteen', '--seed', '-3'], /--seed=-N/],
    [['three-sixteen', '--workers', '0'], /--workers must be a whole number from 1 to 16/],
    [['three-sixteen', '--json=1'], /--json takes no value/],
    [['three-sixteen', '--frobnicate'], /unknown option '--frobnicate'/],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${JSON.stringify(args)} with exit 2 and one line`, async () => {
      const r = await cli('simulate', ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^bughunt: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  }
});

describe('bughunt simulate (child process, worker threads)', () => {
  it('the bughunt binary runs workers (TypeScript through tsx) and prints the same bytes as one thread', async () => {
    const args = [
      'simulate',
      'three-sixteen',
      '--pcs',
      '2',
      '--tokens',
      '3',
      '--n',
      '1100',
      '--seed',
      '5',
      '--json',
    ];
    const one = await bughunt(...args, '--workers', '1');
    const three = await bughunt(...args, '--workers', '3');
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    expect(three.stderr).toBe('');
    expect(three.code).toBe(0);
    expect(three.stdout).toBe(one.stdout);
    expect(JSON.parse(one.stdout).n).toBe(1100);
  });

  it('bad input from the binary: exit 2, one line', async () => {
    const r = await bughunt('simulate', 'three-sixteen', '--aa', 'many');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("bughunt: --aa must be a whole number, got 'many'\n");
  });
});
