import { describe, expect, it } from 'vitest';
import { alienAbilityInfo, computeAa, planetThreat } from '../rules/three-sixteen/data/index.ts';
import { formatPlanetSheet, planetSheet } from './planet.ts';
import { cli } from './test-kit.ts';

describe('bughunt planet three-sixteen', () => {
  it('the same seed prints the same sheet; another seed another one', async () => {
    const a = await cli('planet', 'three-sixteen', '--seed', '42');
    const b = await cli('planet', 'three-sixteen', '--seed', '42');
    const c = await cli('planet', 'three-sixteen', '--seed', '43');
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(b.stdout);
    expect(c.stdout).not.toBe(a.stdout);
    expect(a.stdout).toBe(formatPlanetSheet(planetSheet(42, 4)));
    expect(a.stdout).toMatch(/^Planet \S+/);
    expect(a.stdout).toMatch(/\nseed 42\n$/);
  });

  it('the sheet agrees with the rules: AA from the squad by its method, Threat PCs × 5, the plan', async () => {
    for (const [seed, pcs] of [
      [1, 4],
      [2, 3],
      [99, 6],
      [7, 1],
    ] as const) {
      const r = await cli('planet', 'three-sixteen', '--seed', String(seed), '--pcs', String(pcs), '--json');
      expect(r.code).toBe(0);
      const sheet = JSON.parse(r.stdout);
      expect(sheet.seed).toBe(seed);
      expect(sheet.squad).toHaveLength(pcs);
      for (const pc of sheet.squad) {
        expect(pc.fa + pc.nfa).toBe(10);
        expect(pc.fa).toBeGreaterThanOrEqual(2);
        expect(pc.nfa).toBeGreaterThanOrEqual(2);
      }
      // First ranks: one Sergeant (highest NFA), a Corporal when there are two or more.
      const ranks = sheet.squad.map((p: { rank: number }) => p.rank).sort();
      expect(ranks.filter((x: number) => x === 2)).toHaveLength(1);
      expect(ranks.filter((x: number) => x === 1)).toHaveLength(pcs > 1 ? 1 : 0);
      const sgt = sheet.squad.find((p: { rank: number }) => p.rank === 2);
      expect(sgt.nfa).toBe(Math.max(...sheet.squad.map((p: { nfa: number }) => p.nfa)));
      const p = sheet.planet;
      expect(p.aa.value).toBe(computeAa(p.aaMethod, sheet.squad).value);
      expect(p.threat.tokens).toBe(planetThreat(pcs).tokens);
      expect(p.encounterPlan.reduce((a: number, b: number) => a + b, 0)).toBe(p.threat.tokens);
      expect(p.abilities).toHaveLength(1);
      // The text sheet names the ability with its rules summary and the AA with its method.
      const text = formatPlanetSheet(planetSheet(seed, pcs));
      expect(text).toContain(alienAbilityInfo(p.abilities[0]).summary);
      expect(text).toContain(`AA method:   ${p.aaMethod}`);
      expect(text).toContain(`AA:          ${p.aa.value}`);
      expect(text).toContain(p.form.summary);
      expect(text).toContain(p.description.summary);
    }
  });

  it('without --seed picks one and prints it', async () => {
    const r = await cli('planet', 'three-sixteen');
    expect(r.code).toBe(0);
    const seed = Number(/\nseed (\d+)\n$/.exec(r.stdout)?.[1]);
    expect(r.stdout).toBe(formatPlanetSheet(planetSheet(seed, 4)));
  });

  it('--help prints the usage and exits 0', async () => {
    const r = await cli('planet', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: bughunt planet three-sixteen/);
  });

  it.each([
    [[], 'missing <system>'],
    [['mars'], "no planet generator for 'mars'"],
    [['three-sixteen', 'extra'], "unexpected argument 'extra'"],
    [['three-sixteen', '--pcs', '0'], '--pcs must be a whole number from 1 to 12'],
    [['three-sixteen', '--pcs', '13'], '--pcs must be a whole number from 1 to 12'],
    [['three-sixteen', '--pcs', 'four'], "--pcs must be a whole number, got 'four'"],
    [['three-sixteen', '--seed', '-1'], '--seed'],
    [['three-sixteen', '--seed', '4294967296'], '--seed must be a whole number from 0'],
    [['three-sixteen', '--colour'], "unknown option '--colour'"],
    [['three-sixteen', '--seed'], '--seed needs a value'],
  ])('bad input %j: exit 2, one line on stderr, nothing on stdout', async (args, message) => {
    const r = await cli('planet', ...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
