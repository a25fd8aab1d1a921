import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Where a command writes. Tests pass their own to capture output; the CLI uses the process streams. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * One `bughunt <name>` subcommand. `run` returns the exit code: 0 done, 2 bad input (after
 * throwing UsageError or a RuleError, which the dispatcher turns into one line on stderr).
 */
export interface Command {
  readonly name: string;
  /** One line for `bughunt --help`. */
  readonly summary: string;
  /** The full `bughunt <name> --help` text. */
  readonly usage: string;
  run(argv: string[], io?: CliIo): Promise<number>;
}

/** Bad input from the person typing: shown as one line, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs with `--help` always allowed and its errors reworded as one UsageError
 * line that points at the command's help.
 */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } } as O & {
        help: { type: 'boolean'; short: 'h' };
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    const option = /'(--?[A-Za-z][\w-]*)/.exec(message)?.[1] ?? 'an option';
    const see = `(see bughunt ${command} --help)`;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option '${option}' ${see}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      // Either the value is missing, or it starts with '-' and parseArgs will not guess.
      if (/does not take an argument/.test(message)) throw new UsageError(`${option} takes no value ${see}`);
      if (/ambiguous/.test(message)) {
        throw new UsageError(`write a value starting with '-' as ${option}=-N ${see}`);
      }
      throw new UsageError(`${option} needs a value ${see}`);
    }
    throw new UsageError(`${message.split('\n')[0]} ${see}`);
  }
}

/** A whole number option, or a UsageError naming the option. */
export function integerOption(name: string, value: string, min: number, max: number): number {
  if (!/^[-+]?\d+$/.test(value.trim()))
    throw new UsageError(`${name} must be a whole number, got '${value}'`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
  return n;
}

/** The notation from the positionals: `bughunt roll 2d6 + 3` works as well as `roll '2d6+3'`. */
export function notationArgument(command: string, positionals: string[]): string {
  const text = positionals.join(' ').trim();
  if (text === '')
    throw new UsageError(`missing <notation>, e.g. bughunt ${command} 2d6+3 (see bughunt ${command} --help)`);
  return text;
}
