import { describe, expect, it } from 'vitest';
import { ABILITY_LIST, CARRIED_WEAPONS } from './simulate.ts';
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
    for (const key of [
      'win',
      'strengthUsed',
      'strengthsPerRun',
      'anyDead',
      'rounds',
      'tokensReturned',
      'endReasons',
    ])
      expect(s).toHaveProperty(key);
    // A Strength ends the encounter: a run uses at most one, and each one is a Strength ending.
    expect(s.strengthUsed.count).toBe(s.endReasons.strength ?? 0);
    expect(s.strengthsPerRun.mean).toBe(s.strengthUsed.p);
    expect(s.strengthUsed.low).toBeLessThanOrEqual(s.strengthUsed.p);
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

  it('says plainly that wins include Strength endings, and how often a Strength was used', async () => {
    // One trooper against AA 10: nearly every win is a Strength burnt at the last moment.
    const args = ['simulate', 'three-sixteen', '--pc', '6/4/energyRifle', '--aa', '10', '--tokens', '2'];
    const r = await cli(...args, '--n', '400', '--seed', '3');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n {2}won by a Strength ending +\d+\.\d\d% +\d+\.\d\d% – \d+\.\d\d%\n/);
    expect(r.stdout).toMatch(/\nat least one Strength used +\d+\.\d\d% +\d+\.\d\d% – \d+\.\d\d%\n/);
    expect(r.stdout).toMatch(/\nStrengths used \(mean\) +0\.\d\d +0\.\d\d – [01]\.\d\d\n/);
    expect(r.stdout).toContain(
      'Wins include encounters a trooper ended with a Strength: a win by the rules,',
    );
    const s = JSON.parse((await cli(...args, '--n', '400', '--seed', '3', '--json')).stdout);
    expect(s.strengthUsed.p).toBeGreaterThan(0.8);
    expect(s.strengthUsed.count).toBe(s.endReasons.strength);
    // Missions can use several Strengths a run.
    const m = JSON.parse(
      (
        await cli(
          'simulate',
          'three-sixteen',
          '--pcs',
          '2',
          '--aa',
          '8',
          '--mission',
          '--n',
          '60',
          '--seed',
          '2',
          '--json',
        )
      ).stdout,
    );
    expect(m.strengthsPerRun.mean).toBeGreaterThanOrEqual(m.strengthUsed.p);
    expect(m.strengthsPerRun.mean).toBeGreaterThan(0);
  });

  it('--n 1: one encounter, and the means have no interval (— in text, null in JSON)', async () => {
    const args = ['simulate', 'three-sixteen', '--pcs', '2', '--n', '1', '--seed', '3'];
    const text = (await cli(...args)).stdout;
    expect(text).toMatch(/^3:16 simulation: 1 encounter, seed 3\n/);
    expect(text).toMatch(/\nrounds \(mean\) +\d+\.\d\d +—\n/);
    expect(text).toMatch(/\nPC1 kills \(mean\) +\d+\.\d\d +—\n/);
    expect(text).toContain('One run: the means have no interval (—).');
    // Proportions keep their (wide) Wilson interval.
    expect(text).toMatch(/\nat least one PC dead +\d+\.\d\d% +\d+\.\d\d% – \d+\.\d\d%\n/);
    const s = JSON.parse((await cli(...args, '--json')).stdout);
    for (const m of [s.rounds, s.tokensReturned, s.encounters, s.strengthsPerRun, s.pcs[0].kills]) {
      expect(m.low).toBeNull();
      expect(m.high).toBeNull();
      expect(typeof m.mean).toBe('number');
    }
    expect(s.win.high - s.win.low).toBeGreaterThan(0.5);
    expect(
      (await cli('simulate', 'three-sixteen', '--pcs', '2', '--mission', '--n', '1', '--seed', '3')).stdout,
    ).toMatch(/^3:16 simulation: 1 mission, seed 3\n/);
    expect((await cli(...args.slice(0, -4), '--n', '2', '--seed', '3')).stdout).toMatch(
      /^3:16 simulation: 2 encounters/,
    );
  });

  it('--final keeps the PCs x 2 cap and takes every token left: planet Threat = tokens', async () => {
    const r = await cli(
      'simulate',
      'three-sixteen',
      '--pcs',
      '2',
      '--final',
      '--tokens',
      '4',
      '--n',
      '20',
      '--seed',
      '1',
      '--json',
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ final: true, tokens: 4, threat: 4 });
    const over = await cli('simulate', 'three-sixteen', '--pcs', '2', '--final', '--tokens', '5');
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(/at most PCs × 2 = 4 tokens/);
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
    // The cap holds for the final encounter too (validateOptions and the rules agree).
    expect(r.stdout).not.toMatch(/unless --final|no cap/);
    expect(r.stdout).toMatch(/at most PCs x 2, the final encounter included/);
    // Every alien ability by number and id, every weapon a trooper can start with.
    for (const a of ABILITY_LIST) expect(r.stdout).toContain(a);
    expect(ABILITY_LIST).toHaveLength(20);
    expect(ABILITY_LIST[19]).toBe('20 swarm');
    for (const w of CARRIED_WEAPONS) expect(r.stdout).toContain(w);
    expect(r.stdout).toMatch(/eCannon, heavyMg \(Corporal\)/);
    expect(r.stdout).toMatch(/Wins include fights a trooper ended with a Strength/);
    expect(r.stdout).toMatch(/roster order favours no one/);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
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
    [
      ['three-sixteen', '--ability', 'bogus'],
      /unknown alien ability 'bogus': .*\(1 ambush, 2 armour, .*, 20 swarm\)$/m,
    ],
    [['three-sixteen', '--ability', '21'], /unknown alien ability '21'/],
    [['three-sixteen', '--mission', '--tokens', '3'], /--threat, not --tokens/],
    [['three-sixteen', '--n', '0'], /--n must be a whole number/],
    [['three-sixteen', '--seed', '-3'], /--seed=-N/],
    [['three-sixteen', '--workers', '0'], /--workers must be a whole number from 1 to 16/],
    [['three-sixteen', '--json=1'], /--json takes no value/],
    [['three-sixteen', '--frobnicate'], /unknown option '--frobnicate'/],
    [
      ['three-sixteen', '--final', '--tokens', '3', '--threat', '9'],
      /planet Threat \(9\) must equal the tokens \(3\)/,
    ],
    [['three-sixteen', '--seed', '1', '--seed', '2'], /--seed is given more than once/],
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
