import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allCommands, runCli } from './cli.ts';
import type { CliIo } from './command.ts';
import { count, MAX_TABLE_ROWS, shownRows } from './odds.ts';
import { bughunt, cli } from './test-kit.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
    expect(r.stdout).toMatch(/Give each option once/);
    expect(r.stdout).toMatch(/anything after -- is an argument/);
  });

  it('bughunt alone prints its help', async () => {
    const r = await bughunt();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: bughunt <command> \[options\]/);
    expect(r.stdout).toMatch(/roll +roll dice notation/);
  });

  it('stops quietly when the reader closes the pipe early (bughunt odds … | head)', async () => {
    const child = spawn(process.execPath, ['bin/bughunt.js', 'odds', '10d10!', '--json'], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
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
    expect(r.stdout).toMatch(/-- +end of options/);
    expect((await cli('help', 'roll')).stdout).toBe(r.stdout);
  });

  it('takes a notation starting with a minus sign, as it is or after --', async () => {
    const plain = await cli('roll', '-2', '--seed', '1');
    expect(plain).toEqual({ code: 0, stdout: '-2: -2 = -2\nseed 1\n', stderr: '' });
    const json = await cli('roll', '-1d6+4', '--seed', '3', '--json');
    expect(JSON.parse(json.stdout).notation).toBe('-d6+4');
    expect((await cli('roll', '--seed', '3', '--json', '--', '-1d6+4')).stdout).toBe(json.stdout);
    // Typed after another word, it stays where it was: 1d6 -2 is 1d6 minus 2.
    expect(JSON.parse((await cli('roll', '1d6', '-2', '--seed', '3', '--json')).stdout).notation).toBe(
      'd6-2',
    );
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
    [['--verbose'], /^bughunt: unknown option '--verbose'/],
    [['roll', '2d6', '--seed', '1', '--seed', '2'], /^bughunt: --seed is given more than once/],
    [['roll', '2d6', '-x'], /unknown option '-x' .*goes after --/],
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

  it('takes a notation starting with a minus sign', async () => {
    const r = await cli('odds', '-1d6/4');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('-d6/4: 6 outcomes, mean -1/2 ≈ -0.5, sd ≈ 0.5');
    expect((await cli('odds', '--', '-1d6/4')).stdout).toBe(r.stdout);
  });

  it('cuts a huge table to its likely rows, says what it left out, and keeps --json whole', async () => {
    const r = await cli('odds', '10d10!');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    // 10d10! has 2,091 totals with counts ~200 digits long.
    expect(lines[0]).toBe('10d10!: ≈1.00e210 outcomes, mean ≈ 61.1, sd ≈ 13.8');
    expect(lines.length).toBeLessThanOrEqual(MAX_TABLE_ROWS + 4);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(100);
    expect(lines.at(-1)).toBe(
      '… 1997 more totals not shown (10–24 and 119–2100; 0.09% together); --json lists every total',
    );
    // Every row shown is at least 0.01% likely; the rounded count says it is rounded.
    expect(lines.find((l) => /^ +25 /.test(l))).toMatch(/^ +25 +≈1\.26e206 +0\.01% /);
    const json = JSON.parse((await cli('odds', '10d10!', '--json')).stdout);
    expect(json.distribution).toHaveLength(2091);
    expect(json.outcomes).toBe(`1${'0'.repeat(210)}`);
    // A table that fits is printed whole: d% has its 100 rows.
    expect((await cli('odds', 'd%')).stdout.trimEnd().split('\n')).toHaveLength(103);
  });

  it('shownRows keeps the likeliest window of a long flat table; count rounds only long numbers', () => {
    const flat = Array.from({ length: 1000 }, () => 1 / 1000);
    expect(shownRows(flat)).toEqual({ from: 0, to: MAX_TABLE_ROWS });
    const peaked = Array.from({ length: 500 }, (_, i) => Math.exp(-(((i - 300) / 80) ** 2)) / 141.8);
    const { from, to } = shownRows(peaked);
    expect(to - from).toBe(MAX_TABLE_ROWS);
    expect(from).toBeLessThan(300);
    expect(to).toBeGreaterThan(300);
    expect(count(123456789012345n)).toBe('123456789012345');
    expect(count(1234567890123456n)).toBe('≈1.23e15');
    expect(count(9999999999999999n)).toBe('≈1.00e16');
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
