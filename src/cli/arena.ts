import { readFileSync } from 'node:fs';
import { buildArena } from '../rules/fundamental-duck/arena/model.ts';
import { ARENA_LEGEND, describeArena, renderArena } from '../rules/fundamental-duck/arena/render.ts';
import {
  defaultPack,
  type FdPack,
  packArena,
  packProblems,
  parsePack,
} from '../rules/fundamental-duck/data/pack.ts';
import { argsOrHelp, type CliIo, type Command, noMoreArguments, processIo, UsageError } from './command.ts';

const usage = `Usage: bughunt arena [pack.json] [--arena NAME] [--list | --export]

Fundamental Duck!: checks a data pack and prints one of its arenas as text
(walls and doors on square sides, obstacles, cargo, boarding points), with a
legend and the list of its tiles, doors and special locations. Without a pack
file the shipped Drifter starter pack is used.

A pack with problems prints one line per problem (path: what is wrong) on
stderr and exits with code 2.

Options:
  --arena NAME  the arena's id or name (default: the pack's default arena)
  --list        list the pack's arenas instead of drawing one
  --export      print the checked pack as JSON, every default filled in (a
                starting point for your own pack)
  -h, --help    show this help`;

/** A pack file read and checked, or the problems found (one line each). */
export function loadPack(path: string): { pack: FdPack } | { problems: string[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(`cannot read ${path}${code ? ` (${code})` : ''}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problems = packProblems(json);
  if (problems.length > 0) return { problems };
  return { pack: parsePack(json) };
}

/** The text `bughunt arena` prints for one arena of a pack. */
export function arenaText(pack: FdPack, arenaName?: string): string {
  const arena = buildArena(packArena(pack, arenaName), pack);
  return `${renderArena(arena)}\n\n${ARENA_LEGEND}\n\n${describeArena(arena)}\n`;
}

export const command: Command = {
  name: 'arena',
  summary: 'check a Fundamental Duck! data pack and draw one of its arenas as text',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'arena', argv, {
      arena: { type: 'string' },
      list: { type: 'boolean' },
      export: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    noMoreArguments('arena', positionals.slice(1));
    const file = positionals[0];
    let pack = defaultPack;
    if (file !== undefined) {
      const loaded = loadPack(file);
      if ('problems' in loaded) {
        io.err(`bughunt: ${file} is not a valid pack (${loaded.problems.length} problem(s)):\n`);
        for (const p of loaded.problems) io.err(`  ${p}\n`);
        return 2;
      }
      pack = loaded.pack;
    }
    if (values.list && values.export) throw new UsageError('give --list or --export, not both');
    if (values.export) {
      io.out(`${JSON.stringify(pack, null, 2)}\n`);
      return 0;
    }
    if (values.list) {
      for (const a of pack.arenas) {
        const mark = a.id === pack.defaultArena ? ' (default)' : '';
        io.out(`${a.id}: ${a.name}, ${a.cols}×${a.rows} tiles${mark}\n`);
      }
      return 0;
    }
    io.out(arenaText(pack, values.arena));
    return 0;
  },
};
