import { parseUpp, requireKnownSkill } from '../rules/rhylanor-express/character.ts';
import { blankCharacter } from '../rules/rhylanor-express/characters.ts';
import { defaultPack } from '../rules/rhylanor-express/data/pack.ts';
import { CHARACTERISTICS, type Characteristic, DIFFICULTIES } from '../rules/rhylanor-express/data/tables.ts';
import {
  chanceOutOf36,
  charMod,
  type Modifier,
  makeRoll,
  type RollRecord,
  skillMods,
  sumMods,
} from '../rules/rhylanor-express/task.ts';
import {
  argsOrHelp,
  type CliIo,
  type Command,
  integerOption,
  noMoreArguments,
  processIo,
  UsageError,
} from './command.ts';

const usage = `Usage: bughunt task [--skill NAME-LEVEL] [--char STAT=VALUE] [--dm N]... (--target N | --difficulty NAME) [--roll A,B] [--json]

A Rhylanor Express task roll (classic Traveller): 2d6 + skill level +
characteristic DM + other DMs, at or above the target succeeds. Prints the
exact chance; with --roll, the result of those two dice and what added what.

Options:
  --skill NAME-LEVEL  e.g. Rifles-2, Zero-G Combat-1; a name without a level
                      means the skill is not held (unskilled, DM -3)
  --char STAT=VALUE   Str, Dex, End, Int, Edu or Soc with its value (9 or a
                      hex digit like A): adds that characteristic's DM
  --dm N              another modifier (may repeat; --dm -1 works)
  --target N          the number to meet or beat (2 to 30)
  --difficulty NAME   instead of --target: ${Object.keys(DIFFICULTIES).join(', ')}
  --roll A,B          the two dice rolled (1 to 6 each)
  --json              print JSON
  -h, --help          show this help`;

export interface TaskSheet {
  readonly mods: readonly Modifier[];
  readonly target: number;
  readonly dm: number;
  readonly chance: { readonly outOf36: number; readonly probability: number };
  readonly roll?: RollRecord;
}

function parseSkill(text: string): { name: string; level: number | null } {
  const m = /^(.*?)-(\d{1,2})$/.exec(text.trim());
  const name = (m?.[1] ?? text).trim();
  if (name === '') throw new UsageError(`--skill needs a name, e.g. Rifles-2, got '${text}'`);
  return { name, level: m ? Number(m[2]) : null };
}

function parseChar(text: string): { stat: Characteristic; value: number } {
  const m = /^([A-Za-z]{3})=([0-9A-Za-z]{1,2})$/.exec(text.trim());
  const stat = CHARACTERISTICS.find((c) => c.toLowerCase() === m?.[1]?.toLowerCase());
  if (!m || !stat)
    throw new UsageError(`--char looks like Dex=9 (one of ${CHARACTERISTICS.join(', ')}), got '${text}'`);
  const raw = m[2] as string;
  // A decimal number 0–15 or one UPP digit (A–F, G… for drug-raised values).
  const value = /^\d+$/.test(raw) ? Number(raw) : (parseUpp(`${raw}00000`)[0] as number);
  if (value > 30) throw new UsageError(`--char ${stat} must be 0 to 30, got ${raw}`);
  return { stat, value };
}

/** The pure core: the modifiers, the exact chance and, given faces, the roll. */
export function taskSheet(options: {
  skill?: string;
  char?: string;
  dms?: readonly number[];
  target: number;
  roll?: readonly [number, number];
}): TaskSheet {
  const upp = [7, 7, 7, 7, 7, 7];
  const skills: Record<string, number> = {};
  const mods: Modifier[] = [];
  let skillName: string | null = null;
  if (options.skill !== undefined) {
    const { name, level } = parseSkill(options.skill);
    skillName = requireKnownSkill(name, defaultPack);
    if (level !== null) skills[skillName] = level;
  }
  let stat: Characteristic | null = null;
  if (options.char !== undefined) {
    const c = parseChar(options.char);
    stat = c.stat;
    upp[CHARACTERISTICS.indexOf(c.stat)] = c.value;
  }
  const c = blankCharacter('c1', { name: 'the character', upp, skills });
  if (skillName) mods.push(...skillMods(c, [{ skill: skillName, dm: 0 }], defaultPack).mods);
  if (stat) mods.push(charMod(c, stat, defaultPack));
  for (const dm of options.dms ?? []) mods.push({ source: 'DM', value: dm });
  const dm = sumMods(mods);
  const outOf36 = chanceOutOf36(dm, options.target);
  const sheet: TaskSheet = {
    mods,
    target: options.target,
    dm,
    chance: { outOf36, probability: outOf36 / 36 },
  };
  return options.roll ? { ...sheet, roll: makeRoll('task', options.roll, mods, options.target) } : sheet;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

export function formatTaskSheet(sheet: TaskSheet): string {
  const lines: string[] = [];
  const parts = sheet.mods.map((m) => `${signed(m.value)} ${m.source}`).join(', ');
  lines.push(`2d6 ${signed(sheet.dm)}${parts ? ` (${parts})` : ''} vs ${sheet.target}+`);
  const pct = (sheet.chance.probability * 100).toFixed(1);
  lines.push(`chance: ${sheet.chance.outOf36}/36 = ${pct}%`);
  const r = sheet.roll;
  if (r) {
    lines.push(
      `rolled ${r.faces.join('+')} = ${r.natural}, total ${r.total}: ${r.success ? 'success' : 'failure'} (margin ${signed(r.margin)})`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `--dm -1` as people type it: parseArgs wants --dm=-1. */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if ((a === '--dm' || a === '--target') && next !== undefined && /^-\d+$/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export const command: Command = {
  name: 'task',
  summary: 'chance and result of a Rhylanor Express (classic Traveller) task roll',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'task', joinNegativeValues(argv), {
      skill: { type: 'string' },
      char: { type: 'string' },
      dm: { type: 'string', multiple: true },
      target: { type: 'string' },
      difficulty: { type: 'string' },
      roll: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    noMoreArguments('task', positionals);
    if ((values.target === undefined) === (values.difficulty === undefined)) {
      throw new UsageError('give exactly one of --target N or --difficulty NAME (see bughunt task --help)');
    }
    let target: number;
    if (values.target !== undefined) target = integerOption('--target', values.target, 2, 30);
    else {
      const d = DIFFICULTIES[values.difficulty as keyof typeof DIFFICULTIES];
      if (d === undefined)
        throw new UsageError(`--difficulty is one of ${Object.keys(DIFFICULTIES).join(', ')}`);
      target = d;
    }
    const dms = (values.dm ?? []).map((v) => integerOption('--dm', v, -30, 30));
    let roll: [number, number] | undefined;
    if (values.roll !== undefined) {
      const faces = values.roll.split(',');
      if (faces.length !== 2) throw new UsageError(`--roll is two faces like 3,5, got '${values.roll}'`);
      roll = [
        integerOption('--roll', faces[0] as string, 1, 6),
        integerOption('--roll', faces[1] as string, 1, 6),
      ];
    }
    const sheet = taskSheet({
      ...(values.skill === undefined ? {} : { skill: values.skill }),
      ...(values.char === undefined ? {} : { char: values.char }),
      dms,
      target,
      ...(roll ? { roll } : {}),
    });
    io.out(values.json ? `${JSON.stringify(sheet, null, 2)}\n` : formatTaskSheet(sheet));
    return 0;
  },
};
