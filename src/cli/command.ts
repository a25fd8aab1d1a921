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

/**
 * The simulator of one system other than 3:16, behind `bughunt simulate <system> …`: its own
 * module (`src/cli/simulate-<system>.ts`, exporting `simulator`), loaded only when asked for.
 * `run` gets the arguments after the system's name.
 */
export interface SystemSimulator {
  readonly system: string;
  /** The full `bughunt simulate <system> --help` text. */
  readonly usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
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
 * A notation that starts with a minus sign (-2, -1d6/4, -(2d6), -d6): parseArgs would take it for
 * an option, but no command has a short option that looks like this, so it is an argument.
 */
export function looksNegative(arg: string): boolean {
  return /^-(\d|\.|\(|d(\d|%|F|A|\())/.test(arg);
}

/**
 * node:util parseArgs with `--help` always allowed and its errors reworded as one UsageError
 * line that points at the command's help. On top of it: a negative-looking notation is taken as an
 * argument (in place, so `roll 1d6 -2` reads "1d6 -2"), anything after `--` is an argument, and an
 * option given twice is refused rather than silently keeping the last value (`--pc` and other
 * `multiple` options excepted; `--help` twice only asks for help).
 */
export function parseCommandArgs<O extends Options>(command: string, argv: string[], options: O) {
  const config = { ...options, help: { type: 'boolean', short: 'h' } } as O & {
    help: { type: 'boolean'; short: 'h' };
  };
  const see = `(see bughunt ${command} --help)`;
  // Pull the negative notations out before parseArgs sees them, remembering where every argument
  // stood, so the positionals come back in the order they were typed. A negative value right after
  // an option that takes one (`--seed -3`) stays: parseArgs then explains how to write it.
  const kept: string[] = [];
  const keptAt: number[] = [];
  const negatives: { at: number; value: string }[] = [];
  let afterTerminator = false;
  argv.forEach((arg, at) => {
    const previous = argv[at - 1];
    const name = previous?.startsWith('--') && !previous.includes('=') ? previous.slice(2) : undefined;
    const wantsValue = name !== undefined && config[name]?.type === 'string';
    if (arg === '--') afterTerminator = true;
    if (!afterTerminator && !wantsValue && looksNegative(arg)) negatives.push({ at, value: arg });
    else {
      kept.push(arg);
      keptAt.push(at);
    }
  });
  const parse = () =>
    parseArgs({ args: kept, options: config, allowPositionals: true, strict: true, tokens: true });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    const option = /'(-[^'\s]+)/.exec(message)?.[1] ?? 'an option';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      // A single dash may be an argument that merely starts with '-': say where those go.
      const hint = option.startsWith('--') ? '' : "; an argument starting with '-' goes after --";
      throw new UsageError(`unknown option '${option}' (see bughunt ${command} --help${hint})`);
    }
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
  const seen = new Set<string>();
  const positionals: { at: number; value: string }[] = [...negatives];
  for (const token of parsed.tokens) {
    if (token.kind === 'positional')
      positionals.push({ at: keptAt[token.index] ?? token.index, value: token.value });
    if (token.kind !== 'option' || token.name === 'help' || config[token.name]?.multiple) continue;
    if (seen.has(token.name)) {
      throw new UsageError(`--${token.name} is given more than once: give it once ${see}`);
    }
    seen.add(token.name);
  }
  positionals.sort((a, b) => a.at - b.at);
  return { values: parsed.values, positionals: positionals.map((p) => p.value) };
}

/**
 * A command's arguments as parseCommandArgs reads them, with `--help` answered here: `usage` is
 * printed and null comes back (the command then returns 0 and does nothing else).
 */
export function argsOrHelp<O extends Options>(
  io: CliIo,
  usage: string,
  command: string,
  argv: string[],
  options: O,
): ReturnType<typeof parseCommandArgs<O>> | null {
  const parsed = parseCommandArgs(command, argv, options);
  if (!(parsed.values as { help?: boolean }).help) return parsed;
  io.out(usage.endsWith('\n') ? usage : `${usage}\n`);
  return null;
}

/** Refuses arguments left over once a command has taken its own, pointing at its help. */
export function noMoreArguments(command: string, extra: readonly string[]): void {
  if (extra.length > 0)
    throw new UsageError(`unexpected argument '${extra[0]}' (see bughunt ${command} --help)`);
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
