import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRuleError } from '../engine/rule-error.ts';
import { type CliIo, type Command, processIo, UsageError } from './command.ts';
import { command as odds } from './odds.ts';
import { command as roll } from './roll.ts';

/*
 * The command registry. `roll` and `odds` are built in. Any other command is a module in this
 * folder that exports `export const command: Command` (see command.ts), best named after it
 * (src/cli/simulate.ts for `bughunt simulate`, found without loading the others), so adding a
 * command needs no change here. Modules without a `command` export are helpers and are skipped.
 */

const BUILT_IN: readonly Command[] = [roll, odds];
const here = dirname(fileURLToPath(import.meta.url));
/** Modules here that are never commands: the dispatcher itself and shared code. */
const NOT_COMMANDS = new Set(['main', 'cli', 'command']);
/**
 * A module of this folder: `.ts` when running from sources through tsx, `.js` when running the
 * build in dist/node (see docs/architecture.md, "Running without a compiler").
 */
const MODULE_FILE = /^([a-z][a-z0-9-]*)\.(ts|js)$/;

function isCommand(value: unknown): value is Command {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.name === 'string' &&
    typeof c.summary === 'string' &&
    typeof c.usage === 'string' &&
    typeof c.run === 'function'
  );
}

async function load(dir: string, file: string): Promise<Command | undefined> {
  const module: { command?: unknown } = await import(pathToFileURL(join(dir, file)).href);
  return isCommand(module.command) ? module.command : undefined;
}

/** Files that could hold the command `name` (or every candidate when no name is given). */
function candidates(dir: string, name?: string): string[] {
  const moduleName = (file: string): string => MODULE_FILE.exec(file)?.[1] ?? '';
  return readdirSync(dir)
    .filter((file) => MODULE_FILE.test(file) && !NOT_COMMANDS.has(moduleName(file)))
    .filter((file) => name === undefined || moduleName(file) === name)
    .filter((file) => !BUILT_IN.some((c) => c.name === moduleName(file)))
    .sort();
}

/** Every command: built in, then discovered, sorted by name. */
export async function allCommands(dir = here): Promise<Command[]> {
  const found: Command[] = [...BUILT_IN];
  for (const file of candidates(dir)) {
    const command = await load(dir, file);
    if (command && !found.some((c) => c.name === command.name)) found.push(command);
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export async function findCommand(name: string, dir = here): Promise<Command | undefined> {
  const builtIn = BUILT_IN.find((c) => c.name === name);
  if (builtIn) return builtIn;
  if (!/^[a-z][a-z0-9-]*$/.test(name)) return undefined;
  for (const file of candidates(dir, name)) {
    const command = await load(dir, file);
    if (command?.name === name) return command;
  }
  // A command in a file named otherwise (simulate-command.ts): look through them all.
  return (await allCommands(dir)).find((c) => c.name === name);
}

export async function generalHelp(dir = here): Promise<string> {
  const commands = await allCommands(dir);
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `Usage: bughunt <command> [options]

Bughunt: rules engine and virtual tabletop for sci-fi tabletop games.

Commands:
${list}

Run bughunt <command> --help for a command's options. Give each option once
(--pc and --ability of simulate may repeat). A notation starting with '-'
works as it is (bughunt roll -2+1d6); anything after -- is an argument.
Bad input exits with code 2 and one line on stderr. --version prints the version.\n`;
}

/**
 * The version in the project's package.json: two folders up from src/cli when running the
 * sources, three from dist/node/cli when running the build.
 */
function packageVersion(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8'));
      if (
        typeof pkg === 'object' &&
        pkg !== null &&
        'name' in pkg &&
        pkg.name === 'bughunt' &&
        'version' in pkg
      )
        return String(pkg.version);
    } catch {
      // Not at this depth: try the next.
    }
  }
  return 'unknown';
}

/** The message of an error the person can fix, or undefined for a bug (which exits 1). */
function userMessage(error: unknown): string | undefined {
  if (error instanceof UsageError) return error.message;
  if (isRuleError(error)) return error.message;
  return undefined;
}

/**
 * Runs one command line (without `node` and the script) and returns the exit code. `commandDir`
 * is where other commands are looked for (this folder; tests point it elsewhere).
 */
export async function runCli(argv: string[], io: CliIo = processIo, commandDir = here): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      if (name === 'help' && rest[0] !== undefined) return await runCli([rest[0], '--help'], io, commandDir);
      io.out(await generalHelp(commandDir));
      return 0;
    }
    if (name === '--version' || name === '-V' || name === 'version') {
      io.out(`bughunt ${packageVersion()}\n`);
      return 0;
    }
    if (name.startsWith('-')) throw new UsageError(`unknown option '${name}' (see bughunt --help)`);
    const command = await findCommand(name, commandDir);
    if (!command) {
      const names = (await allCommands(commandDir)).map((c) => c.name).join(', ');
      throw new UsageError(`unknown command '${name}' (commands: ${names}; see bughunt --help)`);
    }
    return await command.run(rest, io);
  } catch (error) {
    const message = userMessage(error);
    if (message !== undefined) {
      io.err(`bughunt: ${message.split('\n')[0]}\n`);
      return 2;
    }
    // A bug rather than bad input: still one line, with the stack only on request.
    const detail = error instanceof Error ? error.message : String(error);
    io.err(`bughunt: internal error: ${detail.split('\n')[0]}\n`);
    if (process.env.BUGHUNT_DEBUG && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    return 1;
  }
}
