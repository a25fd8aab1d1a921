import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allCommands, runCli } from './cli.ts';
import type { CliIo } from './command.ts';
import { bughunt, cli } from './test-kit.ts';

describe('bughunt (child process)', () => {
  it('roll --seed --json prints the same JSON every time', async () => {
    const a = await bughunt('roll', '2d6+3', '--seed', '42', '--json');
    const b = await bughunt('roll', '2d6+3', '--seed', '42', '--json');
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(b.stdout);
    const roll = JSON.parse(a.stdout);
    expect(roll).toMatchObject({ notation: '2d6+3', seed: 42 });
    expect(roll.total).toBe(roll.groups[0].faces[0] + roll.groups[0].faces[1] + 3);
  });

  it('bad notation: exit 2, one line on stderr naming the column, nothing on stdout', async () => {
    const r = await bughunt('roll', '2d');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^bughunt: at column 3: expected the number of sides after 'd'.*\n$/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('odds --at-least prints the exact fraction both ways and the decimal', async () => {
    const r = await bughunt('odds', '3d6', '--at-least', '16');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('P(3d6 ≥ 16) = 10/216 = 5/108 ≈ 0.0463\n');
  });

  it('--help lists the commands', async () => {
    const r = await bughunt('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/roll +roll dice notation/);
    expect(r.stdout).toMatch(/odds +exact distribution/);
  });
});

describe('bughunt roll', () => {
  it('prints the breakdown and the seed; the same seed gives the same output', async () => {
    const a = await cli('roll', '4d6kh3', '--seed', '7');
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^4d6kh3: \[.*\] = \d+\nseed 7\n$/);
    expect((await cli('roll', '4d6kh3', '--seed', '7')).stdout).toBe(a.stdout);
    expect((await cli('roll', '4d6kh3', '--seed', '8')).stdout).not.toBe(a.stdout);
  });

  it('without a seed picks one and prints it, so the roll can be repeated', async () => {
    const a = await cli('roll', 'd20');
    const seed = /seed (\d+)/.exec(a.stdout)?.[1];
    expect(seed).toBeDefined();
    expect((await cli('roll', 'd20', '--seed', seed as string)).stdout).toBe(a.stdout);
  });

  it('joins notation words, so spaces need no quotes', async () => {
    const r = await cli('roll', '2d6', '+', '3', '--seed', '1', '--json');
    expect(JSON.parse(r.stdout).notation).toBe('2d6+3');
  });

  it('--help', async () => {
    const r = await cli('roll', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: bughunt roll <notation>/);
    expect((await cli('help', 'roll')).stdout).toBe(r.stdout);
  });

  const bad: [string[], RegExp][] = [
    [['roll'], /^bughunt: missing <notation>/],
    [['roll', '2d6', '--seed', 'x'], /^bughunt: --seed must be a whole number, got 'x'/],
    [['roll', '2d6', '--seed', '4294967296'], /from 0 to 4294967295/],
    [['roll', '2d6', '--seed', '-1'], /--seed=-N/],
    [['roll', '2d6', '--seed'], /--seed needs a value/],
    [['roll', '2d6', '--frobnicate'], /^bughunt: unknown option '--frobnicate' \(see bughunt roll --help\)/],
    [['roll', '2d6', '--json=yes'], /--json takes no value/],
    [['roll', '1/0'], /division by zero/],
    [['roll', '101d6'], /at most 100 dice/],
    [['launch'], /^bughunt: unknown command 'launch' \(commands: .*odds.*roll/],
    [[], /^bughunt: missing command/],
    [['--verbose'], /^bughunt: unknown option '--verbose'/],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${JSON.stringify(args)} with exit 2 and one line`, async () => {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.endsWith('\n')).toBe(true);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  }
});

describe('bughunt odds', () => {
  it('--json gives exact fractions as strings: P(7) = 1/6 for 2d6', async () => {
    const r = await cli('odds', '2d6', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ notation: '2d6', outcomes: '36', mean: '7', meanDecimal: 7 });
    expect(out.distribution.find((row: { total: number }) => row.total === 7)).toEqual({
      total: 7,
      count: '6',
      probability: '1/6',
      decimal: 1 / 6,
    });
    expect(out.distribution).toHaveLength(11);
  });

  it('prints a table with a bar chart', async () => {
    const r = await cli('odds', '2d6');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('2d6: 36 outcomes, mean 7, sd ≈ 2.42');
    expect(lines[2]).toMatch(/total +count +probability +at least/);
    const seven = lines.find((l) => /^ +7 /.test(l)) as string;
    expect(seven).toMatch(/^ +7 +6 +16\.67% +58\.33% +█{40}$/);
    expect(lines.find((l) => /^ +2 /.test(l))).toMatch(/2\.78% +100\.00% +█{7}$/);
  });

  it('answers at-least, at-most and exactly, in text and JSON', async () => {
    expect((await cli('odds', '3d6', '--at-least', '16')).stdout).toBe(
      'P(3d6 ≥ 16) = 10/216 = 5/108 ≈ 0.0463\n',
    );
    expect((await cli('odds', '2d6', '--exactly', '7')).stdout).toBe('P(2d6 = 7) = 6/36 = 1/6 ≈ 0.167\n');
    expect((await cli('odds', '2d6', '--at-most', '3')).stdout).toBe('P(2d6 ≤ 3) = 3/36 = 1/12 ≈ 0.0833\n');
    expect((await cli('odds', 'd6', '--at-most', '0')).stdout).toBe('P(d6 ≤ 0) = 0/6 = 0 ≈ 0\n');
    expect((await cli('odds', '4dF', '--at-least=-1')).stdout).toBe('P(4dF ≥ -1) = 66/81 = 22/27 ≈ 0.815\n');
    const json = JSON.parse((await cli('odds', '3d6', '--at-least', '16', '--json')).stdout);
    expect(json).toEqual({
      notation: '3d6',
      atLeast: 16,
      count: '10',
      outcomes: '216',
      probability: '5/108',
      decimal: 10 / 216,
    });
  });

  it('shows the mean as a fraction when it is not whole', async () => {
    expect((await cli('odds', '4d6kh3')).stdout.split('\n')[0]).toBe(
      '4d6kh3: 1296 outcomes, mean 15869/1296 ≈ 12.2, sd ≈ 2.85',
    );
  });

  it('refuses bad input with exit 2 and one line', async () => {
    for (const [args, message] of [
      [['odds', '3d6', '--at-least', 'many'], /--at-least must be a whole number/],
      [['odds', '3d6', '--at-least', '3', '--exactly', '4'], /at most one of/],
      [['odds', 'd1000*d1000*d1000'], /exact odds are too much work/],
      [['odds', 'd6/(d2-1)'], /division by zero/],
      [['odds', '2x3'], /write \* to multiply/],
    ] as [string[], RegExp][]) {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe('command discovery', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a command module by file name and lists it in --help', async () => {
    writeFileSync(
      join(dir, 'hello.ts'),
      `export const command = {
        name: 'hello', summary: 'say hello', usage: 'Usage: bughunt hello',
        async run(argv, io) { io.out('hello ' + argv.join(' ') + '\\n'); return 0; },
      };\n`,
    );
    writeFileSync(join(dir, 'helper.ts'), 'export const notACommand = 1;\n');
    writeFileSync(
      join(dir, 'greet-command.ts'),
      `export const command = {
        name: 'greet', summary: 'greet', usage: 'Usage: bughunt greet',
        async run(argv, io) { io.out('greetings\\n'); return 0; },
      };\n`,
    );
    const names = (await allCommands(dir)).map((c) => c.name);
    expect(names).toEqual(['greet', 'hello', 'odds', 'roll']);
    let out = '';
    const io: CliIo = { out: (t) => (out += t), err: () => {} };
    expect(await runCli(['hello', 'there'], io, dir)).toBe(0);
    expect(out).toBe('hello there\n');
    expect(await runCli(['helper'], { out: () => {}, err: () => {} }, dir)).toBe(2);
    out = '';
    expect(await runCli(['greet'], io, dir)).toBe(0);
    expect(out).toBe('greetings\n');
  });
});
