import { randomInt } from 'node:crypto';
import { SeededDice } from '../engine/dice/source.ts';
import { type NotationRoll, rollNotation } from '../engine/notation/index.ts';
import {
  argsOrHelp,
  type CliIo,
  type Command,
  integerOption,
  notationArgument,
  processIo,
} from './command.ts';

/** Seeds are 32-bit: the generator folds larger ones onto these, so we refuse them rather than alias. */
export const MAX_SEED = 2 ** 32 - 1;

const usage = `Usage: bughunt roll <notation> [--seed N] [--json]

Rolls dice notation and prints the breakdown and total. The same seed always
gives the same roll; without --seed a random seed is used and printed.

Notation: 2d6+3, 4d6kh3 (keep highest 3; k, kl, dh, dl too), d20, d%, 4dF
(Fudge), 2dA or 2dav (average die 2,3,3,4,4,5), d6! or d6!>=5 (exploding,
compounding), d10r1 or d10r<3 (reroll; ro = once), 6d10<=6 (count dice <= 6
as successes; also >=, <, >, =), + - * / and parentheses. / divides as whole
numbers, rounding toward zero. Quote notations with < or > in a shell.
A notation starting with '-' works as it is (bughunt roll -2+1d6); an
argument after -- is never read as an option (bughunt roll -- -d6).

Options:
  --seed N   seed from 0 to ${MAX_SEED}
  --json     print the roll as JSON (notation, seed, total, groups, text)
  -h, --help show this help
  --         end of options: what follows is the notation
Each option is given once.

In the breakdown ~~x~~ is a dropped die, x* a success, 6+6+2 an exploded
die and 1→4 a reroll.`;

export interface RolledOutput {
  readonly seed: number;
  readonly roll: NotationRoll;
}

/** Rolls `notation` from `seed` (the pure core of the command, used by the tests too). */
export function rollWithSeed(notation: string, seed: number): RolledOutput {
  return { seed, roll: rollNotation(notation, new SeededDice(seed)) };
}

export function formatRoll({ seed, roll }: RolledOutput): string {
  return `${roll.text}\nseed ${seed}\n`;
}

export function rollJson({ seed, roll }: RolledOutput): string {
  return `${JSON.stringify({ notation: roll.notation, seed, total: roll.total, groups: roll.groups, text: roll.text })}\n`;
}

export const command: Command = {
  name: 'roll',
  summary: 'roll dice notation (e.g. 4d6kh3, 6d10<=6) with an optional seed',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'roll', argv, {
      seed: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    const notation = notationArgument('roll', positionals);
    const seed =
      values.seed === undefined
        ? randomInt(0, MAX_SEED + 1)
        : integerOption('--seed', values.seed, 0, MAX_SEED);
    const rolled = rollWithSeed(notation, seed);
    io.out(values.json ? rollJson(rolled) : formatRoll(rolled));
    return 0;
  },
};
