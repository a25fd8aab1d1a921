import { readFileSync, statSync } from 'node:fs';
import { rulesetFor } from '../rules/registry.ts';
import {
  killStepLabel,
  levelOf,
  MEDALS,
  type MedalId,
  rankInfo,
  SUPPORT_ITEMS,
  WEAPONS,
} from '../rules/three-sixteen/data/index.ts';
import type {
  FlashbackSlot,
  HealthMark,
  ThreeSixteenState,
  Trooper,
  WeaponId,
} from '../rules/three-sixteen/state.ts';
import { CampaignFileError, MAX_CAMPAIGN_BYTES, readCampaign } from '../server/campaign-file.ts';
import { argsOrHelp, type CliIo, type Command, noMoreArguments, processIo, UsageError } from './command.ts';

const usage = `Usage: bughunt sheet <export.json> [--trooper NAME] [--json] [--accept-rules-change]

Prints the 3:16 trooper sheets of an exported campaign (the file the table's
Export button, or GET /api/tables/<id>/export, gives the GM). The log is
checked and replayed through the rules, so the sheets show the campaign as it
stands at the end of the log: rank, FA/NFA, health boxes with their X and E
wounds, armour, kills this mission and in total, weapons with their kill dice
at each range, flashback slots, kit and medals.

A file whose log no longer replays to the state it was exported with (edited
by hand, or written under other rules) is refused, as the table's import
refuses it: its totals cannot be trusted.

Options:
  --trooper NAME          only this trooper (its name, any case, or its id such as t2)
  --json                  print the sheets as JSON
  --accept-rules-change   print such a file anyway, as today's rules replay it
  -h, --help              show this help`;

const HEALTH_BOXES = ['A Mess', 'Crippled', 'Dead'] as const;
const STATUS: Readonly<Record<Trooper['status'], string>> = {
  active: 'active',
  dead: 'dead',
  wreck: 'broken (unplayable)',
  replaced: 'replaced',
  retired: 'retired',
};
const SLOT_STATUS: Readonly<Record<FlashbackSlot['status'], string>> = {
  notYetAvailable: 'not yet available',
  available: 'available',
  used: 'used',
};
const ARMOUR = SLOT_STATUS;

/** One trooper's sheet as data: what `--json` prints and the text is made from. */
export interface TrooperSheetData {
  readonly id: string;
  readonly name: string;
  readonly reputation: string;
  readonly rank: { readonly value: number; readonly title: string; readonly abbreviation: string };
  readonly status: Trooper['status'];
  /** The seat name of the player, or null for an NPC the GM runs. */
  readonly playedBy: string | null;
  readonly fa: number;
  readonly nfa: number;
  readonly level: number;
  readonly health: readonly { readonly box: string; readonly mark: HealthMark }[];
  readonly lastingWounds: number;
  readonly armour: Trooper['armour'];
  readonly kills: { readonly mission: number; readonly total: number };
  readonly weapons: readonly {
    readonly id: WeaponId;
    readonly name: string;
    readonly close: string;
    readonly near: string;
    readonly far: string;
    readonly inHand: boolean;
    readonly isDefault: boolean;
  }[];
  readonly strengths: readonly FlashbackSlot[];
  readonly weaknesses: readonly FlashbackSlot[];
  readonly kit: readonly string[];
  readonly medals: readonly { readonly id: string; readonly name: string; readonly count: number }[];
}

function rankOf(rank: number): TrooperSheetData['rank'] {
  try {
    const info = rankInfo(rank);
    return { value: rank, title: info.name, abbreviation: info.abbreviation };
  } catch {
    return { value: rank, title: `rank ${rank}`, abbreviation: `R${rank}` };
  }
}

export function trooperSheet(state: ThreeSixteenState, t: Trooper): TrooperSheetData {
  return {
    id: t.id,
    name: t.name,
    reputation: t.reputation,
    rank: rankOf(t.rank),
    status: t.status,
    playedBy: t.ownerSeatId === null ? null : (state.seats[t.ownerSeatId]?.name ?? t.ownerSeatId),
    fa: t.fa,
    nfa: t.nfa,
    level: levelOf(t.fa, t.nfa),
    health: HEALTH_BOXES.map((box, i) => ({ box, mark: t.health[i] ?? null })),
    lastingWounds: t.lastingWounds,
    armour: t.armour,
    kills: { mission: t.killsThisMission, total: t.totalKills },
    weapons: t.weapons.map((w) => ({
      id: w.weapon,
      name: WEAPONS[w.weapon]?.name ?? w.weapon,
      close: killStepLabel(w.steps.close),
      near: killStepLabel(w.steps.near),
      far: killStepLabel(w.steps.far),
      inHand: t.currentWeapon === w.weapon,
      isDefault: t.defaultWeapon === w.weapon,
    })),
    strengths: t.strengths,
    weaknesses: t.weaknesses,
    kit: [...t.kit, ...t.vehicles.map((v) => SUPPORT_ITEMS[v]?.name ?? v)],
    medals: t.medals.map((m) => ({
      id: m.medal,
      name: MEDALS[m.medal as MedalId]?.name ?? m.medal,
      count: m.count,
    })),
  };
}

function slotLines(title: string, slots: readonly FlashbackSlot[]): string[] {
  const lines = [`  ${title}:`];
  slots.forEach((s, i) => {
    const hatred = s.hatredForHome ? 'Hatred for Home, ' : '';
    const text = s.status === 'used' && s.text ? `: "${s.text}"` : '';
    lines.push(`    ${i + 1}. ${hatred}${SLOT_STATUS[s.status]}${text}`);
  });
  return lines;
}

export function formatSheet(s: TrooperSheetData): string {
  const lines: string[] = [];
  lines.push(`${s.rank.abbreviation} ${s.name} (${s.rank.title}, ${s.id})`);
  if (s.reputation) lines.push(`  Reputation: "${s.reputation}"`);
  lines.push(`  Played by:  ${s.playedBy ?? 'the GM (NPC)'}`);
  lines.push(`  Status:     ${STATUS[s.status]}`);
  lines.push(`  FA ${s.fa}, NFA ${s.nfa} (level ${s.level})`);
  const boxes = s.health.map((h) => `[${h.mark ?? ' '}] ${h.box}`).join('  ');
  const lasting = s.lastingWounds > 0 ? `  (${s.lastingWounds} lasting: heal off-planet)` : '';
  lines.push(`  Health:     ${boxes}${lasting}`);
  lines.push(`  Armour:     ${ARMOUR[s.armour]}`);
  lines.push(`  Kills:      ${s.kills.mission} this mission, ${s.kills.total} in total`);
  lines.push('  Weapons:');
  const width = Math.max(6, ...s.weapons.map((w) => w.name.length));
  lines.push(`    ${'Weapon'.padEnd(width)}  Close  Near   Far`);
  for (const w of s.weapons) {
    const tags = [w.inHand ? 'in hand' : '', w.isDefault ? 'default' : ''].filter(Boolean).join(', ');
    lines.push(
      `    ${w.name.padEnd(width)}  ${w.close.padEnd(5)}  ${w.near.padEnd(5)}  ${w.far.padEnd(4)}${tags ? `  (${tags})` : ''}`.trimEnd(),
    );
  }
  lines.push(...slotLines('Strengths', s.strengths), ...slotLines('Weaknesses', s.weaknesses));
  lines.push(`  Kit:        ${s.kit.length > 0 ? s.kit.join(', ') : 'none'}`);
  const medals = s.medals.map((m) => (m.count > 1 ? `${m.name} ×${m.count}` : m.name));
  lines.push(`  Medals:     ${medals.length > 0 ? medals.join(', ') : 'none yet'}`);
  return `${lines.join('\n')}\n`;
}

/** Reads, checks and replays an export file; every problem is one UsageError line. */
export function campaignState(
  file: string,
  acceptRulesChange = false,
): {
  name: string;
  state: ThreeSixteenState;
  rulesChanged: boolean;
} {
  let text: string;
  try {
    if (statSync(file).size > MAX_CAMPAIGN_BYTES) {
      throw new UsageError(
        `${file} is over ${MAX_CAMPAIGN_BYTES / (1024 * 1024)} MiB; is it a campaign export?`,
      );
    }
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as { code?: string }).code;
    throw new UsageError(
      `cannot read ${file}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // Node's own message quotes the text around the error: half a line of whatever file it was.
    throw new UsageError(
      `${file} is not JSON${jsonWhere(text, e)}; a campaign export is the JSON file the table's Export button saves`,
    );
  }
  try {
    // As the import: a log that replays to another state than its exporter's (a hand-edited roll,
    // other rules) is refused unless the reader accepts today's replay of it.
    const campaign = readCampaign(json, rulesetFor, { acceptRulesChange });
    if (campaign.system !== 'three-sixteen') {
      throw new UsageError(`${file} is a ${campaign.system} campaign; sheets are for three-sixteen ones`);
    }
    return {
      name: campaign.name,
      state: campaign.state as ThreeSixteenState,
      rulesChanged: campaign.rulesChanged,
    };
  } catch (e) {
    if (e instanceof CampaignFileError && e.code === 'IMPORT_RULES_CHANGED')
      throw new UsageError(
        `${file} does not replay to the state it was exported with (edited by hand, or exported under other rules), so its totals cannot be trusted; --accept-rules-change prints today's replay of it`,
      );
    if (e instanceof CampaignFileError) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
}

/** " (line 3, column 14)" where JSON.parse stopped, when its message says so. */
function jsonWhere(text: string, e: unknown): string {
  const at = /position (\d+)/.exec(e instanceof Error ? e.message : '');
  if (!at) return '';
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` (line ${line}, column ${column})`;
}

export const command: Command = {
  name: 'sheet',
  summary: 'print the 3:16 trooper sheets of an exported campaign (export.json)',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'sheet', argv, {
      trooper: { type: 'string' },
      json: { type: 'boolean' },
      'accept-rules-change': { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    const [file, ...rest] = positionals;
    if (file === undefined) throw new UsageError('missing <export.json> (see bughunt sheet --help)');
    noMoreArguments('sheet', rest);
    const { name, state, rulesChanged } = campaignState(file, values['accept-rules-change'] === true);
    if (rulesChanged) {
      io.err(
        `note: ${file} replays under these rules to another state than its exporter's (rules changed since, or the file was edited); the sheets show today's replay\n`,
      );
    }
    let troopers = state.trooperOrder.flatMap((id) => state.troopers[id] ?? []);
    const wanted = values.trooper?.trim().toLowerCase();
    if (wanted !== undefined) {
      troopers = troopers.filter((t) => t.id === wanted || t.name.toLowerCase() === wanted);
      if (troopers.length === 0) {
        const known = state.trooperOrder.map((id) => state.troopers[id]?.name ?? id).join(', ');
        throw new UsageError(
          `no trooper called '${values.trooper}' in ${file} (troopers: ${known || 'none'})`,
        );
      }
    }
    const sheets = troopers.map((t) => trooperSheet(state, t));
    if (values.json) {
      io.out(`${JSON.stringify({ campaign: name, troopers: sheets })}\n`);
    } else if (sheets.length === 0) {
      io.out(`${name}: no troopers yet\n`);
    } else {
      io.out(sheets.map(formatSheet).join('\n'));
    }
    return 0;
  },
};
