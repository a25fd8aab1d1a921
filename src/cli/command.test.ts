import { describe, expect, it } from 'vitest';
import { looksNegative, parseCommandArgs, UsageError } from './command.ts';
import { cli } from './test-kit.ts';

/** The argument parser every command shares: negative notations, `--`, repeated options. */

const OPTIONS = {
  seed: { type: 'string' },
  json: { type: 'boolean' },
  pc: { type: 'string', multiple: true },
} as const;

function parse(...argv: string[]) {
  return parseCommandArgs('roll', argv, OPTIONS);
}

function refusal(...argv: string[]): string {
  try {
    parse(...argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${JSON.stringify(argv)} was accepted`);
}

describe('parseCommandArgs', () => {
  it('takes a notation starting with a minus sign as an argument, in the place it was typed', () => {
    expect(parse('-2').positionals).toEqual(['-2']);
    expect(parse('-1d6/4', '--json').positionals).toEqual(['-1d6/4']);
    expect(parse('1d6', '-2', '--seed', '4').positionals).toEqual(['1d6', '-2']);
    expect(parse('-2', '+', '1d6').positionals).toEqual(['-2', '+', '1d6']);
    expect(parse('-(2d6)', '-d6', '-d%').positionals).toEqual(['-(2d6)', '-d6', '-d%']);
    expect(parse('-2', '--seed', '4').values.seed).toBe('4');
  });

  it('reads everything after -- as arguments', () => {
    expect(parse('--seed', '1', '--', '-x', '--json').positionals).toEqual(['-x', '--json']);
    expect(parse('--', '-2').values.json).toBeUndefined();
  });

  it('leaves a negative value after an option that wants one to the usual hint, and -h to help', () => {
    expect(refusal('2d6', '--seed', '-3')).toMatch(/write a value starting with '-' as --seed=-N/);
    expect(parse('2d6', '--seed=-3').values.seed).toBe('-3');
    expect(parse('-h').values.help).toBe(true);
    expect(looksNegative('-h')).toBe(false);
    expect(looksNegative('--json')).toBe(false);
    expect(looksNegative('-x')).toBe(false);
  });

  it('names an unknown option, and says where a dash argument goes', () => {
    expect(refusal('2d6', '-x')).toBe(
      "unknown option '-x' (see bughunt roll --help; an argument starting with '-' goes after --)",
    );
    expect(refusal('2d6', '--frobnicate')).toBe("unknown option '--frobnicate' (see bughunt roll --help)");
  });

  it('refuses an option given twice, whatever its spelling, but not a repeatable one or --help', () => {
    expect(refusal('2d6', '--seed', '1', '--seed', '2')).toBe(
      '--seed is given more than once: give it once (see bughunt roll --help)',
    );
    expect(refusal('2d6', '--seed=1', '--seed', '1')).toMatch(/--seed is given more than once/);
    expect(refusal('2d6', '--json', '--json')).toMatch(/--json is given more than once/);
    expect(parse('--pc', 'a', '--pc', 'b').values.pc).toEqual(['a', 'b']);
    expect(parse('-h', '--help').values.help).toBe(true);
  });
});

describe('every command shares the parser', () => {
  const repeated: string[][] = [
    ['roll', '2d6', '--seed', '1', '--seed', '2'],
    ['odds', '2d6', '--json', '--json'],
    ['simulate', 'three-sixteen', '--aa', '3', '--aa', '4'],
    ['planet', 'three-sixteen', '--seed', '1', '--seed', '2'],
    ['sheet', '--json', '--json'],
  ];
  for (const args of repeated) {
    it(`refuses a repeated option: ${args.join(' ')}`, async () => {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^bughunt: --\w+ is given more than once: give it once \(see bughunt \w+ --help\)\n$/,
      );
    });
  }
});
