import { describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

describe('bughunt task', () => {
  it('the issue example: Rifles-2, Dex 9, DM -1 vs 8+ is 2d6+2 ≥ 8 = 26/36', async () => {
    const r = await cli('task', '--skill', 'Rifles-2', '--char', 'Dex=9', '--dm', '-1', '--target', '8');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2d6 +2 (+2 Rifles-2, +1 Dex DM, -1 DM) vs 8+');
    expect(r.stdout).toContain('chance: 26/36 = 72.2%');
  });

  it('--roll gives the result and breakdown; --json the same as data', async () => {
    const r = await cli(
      'task',
      '--skill',
      'Rifles-2',
      '--char',
      'Dex=9',
      '--dm',
      '-1',
      '--target',
      '8',
      '--roll',
      '3,5',
      '--json',
    );
    expect(r.code).toBe(0);
    const sheet = JSON.parse(r.stdout);
    expect(sheet.roll).toMatchObject({ faces: [3, 5], natural: 8, total: 10, success: true, margin: 2 });
    expect(sheet.mods).toEqual([
      { source: 'Rifles-2', value: 2 },
      { source: 'Dex DM', value: 1 },
      { source: 'DM', value: -1 },
    ]);
    const text = await cli('task', '--skill', 'Rifles-2', '--target', '12', '--roll', '1,2');
    expect(text.stdout).toContain('rolled 1+2 = 3, total 5: failure (margin -7)');
  });

  it('an unheld skill is unskilled (-3); hex characteristic digits; difficulty names', async () => {
    const r = await cli('task', '--skill', 'Medic', '--char', 'Int=C', '--difficulty', 'average', '--json');
    const sheet = JSON.parse(r.stdout);
    expect(sheet.dm).toBe(-2);
    expect(sheet.target).toBe(8);
    expect(sheet.chance.outOf36).toBe(6);
  });

  it('bad input: unknown skill, bad characteristic, no target, a face of 7', async () => {
    for (const [args, message] of [
      [['--skill', 'Basketweaving-2', '--target', '8'], /no skill called "Basketweaving"/],
      [['--char', 'Dex=I', '--target', '8'], /not a UPP digit/],
      [['--skill', 'Rifles-1'], /exactly one of --target/],
      [['--target', '8', '--roll', '7,1'], /--roll must be a whole number from 1 to 6/],
    ] as const) {
      const r = await cli('task', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
