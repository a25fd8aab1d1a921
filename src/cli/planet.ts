import { randomInt } from 'node:crypto';
import { d } from '../engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../engine/dice/source.ts';
import {
  aaMethod,
  alienAbilityInfo,
  assignInitialRanks,
  type GeneratedPlanet,
  generatePlanet,
  NO_CROSSED_OFF,
  type PlanetPc,
  rankInfo,
  rollTrooperName,
} from '../rules/three-sixteen/data/index.ts';
import {
  argsOrHelp,
  type CliIo,
  type Command,
  integerOption,
  noMoreArguments,
  processIo,
  UsageError,
} from './command.ts';
import { MAX_SEED } from './roll.ts';

export const MAX_PCS = 12;
const DEFAULT_PCS = 4;
const SYSTEMS = ['three-sixteen'] as const;

const usage = `Usage: bughunt planet three-sixteen [--seed N] [--pcs N] [--json]

Rolls a 3:16 planet on the book's lists for a fresh squad: its name, creature
form, planet description, alien special ability, AA method and AA, Threat
Tokens and the suggested split of tokens over the mission's encounters.

The squad is made up too (names, FA/NFA split, first ranks), because the AA
is read from the PCs. The same seed always gives the same sheet; without
--seed a random seed is used and printed.

Options:
  --seed N   seed from 0 to ${MAX_SEED}
  --pcs N    number of PCs, 1 to ${MAX_PCS} (default ${DEFAULT_PCS})
  --json     print the sheet as JSON
  -h, --help show this help`;

export interface PlanetSheet {
  readonly seed: number;
  readonly squad: readonly PlanetPc[];
  readonly planet: GeneratedPlanet;
}

/** A new squad: names off the book's list, FA 2–8 (NFA the rest of 10), first ranks by the book. */
function rollSquad(count: number, dice: DiceSource): PlanetPc[] {
  const pcs = Array.from({ length: count }, (_, i) => {
    const { name } = rollTrooperName(dice);
    const fa = dice.roll(d(7), 'FA of a new trooper (2–8)') + 1;
    return { id: `t${i + 1}`, name, fa, nfa: 10 - fa };
  });
  const { ranks } = assignInitialRanks(pcs, dice);
  return pcs.map((p) => ({ name: p.name, fa: p.fa, nfa: p.nfa, rank: ranks[p.id] ?? 0 }));
}

/** The pure core of the command (used by the tests): same seed and squad size, same sheet. */
export function planetSheet(seed: number, pcs: number): PlanetSheet {
  const dice = new SeededDice(seed);
  const squad = rollSquad(pcs, dice);
  const { planet } = generatePlanet(NO_CROSSED_OFF, squad, dice);
  return { seed, squad, planet };
}

const COST: Readonly<Record<string, string>> = {
  free: 'free',
  spend1: 'costs 1 Threat Token',
  spendN: 'costs 1 Threat Token per point',
  sacrifice: 'sacrifices 1 Threat Token',
};

export function formatPlanetSheet({ seed, squad, planet }: PlanetSheet): string {
  const lines: string[] = [];
  const number = planet.nameNumber === null ? '' : ` (name ${planet.nameNumber} on the list)`;
  lines.push(`Planet ${planet.name}${number}`);
  lines.push(`  Creatures:   ${planet.form.name} (form ${planet.form.number}): ${planet.form.summary}`);
  lines.push(
    `  World:       ${planet.description.name} (description ${planet.description.number}): ${planet.description.summary}`,
  );
  for (const id of planet.abilities) {
    const a = alienAbilityInfo(id);
    lines.push(`  Ability:     ${a.name} (ability ${a.number}, ${COST[a.cost] ?? a.cost}): ${a.summary}`);
  }
  lines.push(`  AA method:   ${planet.aaMethod}, ${aaMethod(planet.aaMethod).label}`);
  lines.push(`  AA:          ${planet.aa.value} (${planet.aa.explanation})`);
  lines.push(
    `  Threat:      ${planet.threat.tokens} tokens (${squad.length} PC${squad.length === 1 ? '' : 's'} × ${planet.threat.perPc}, ${planet.threat.reason})`,
  );
  const plan = planet.encounterPlan;
  const last = plan[plan.length - 1];
  const before = plan.slice(0, -1);
  const planText =
    last === undefined
      ? 'none'
      : before.length === 0
        ? `one final encounter of ${last}`
        : `${before.join(', ')}, then the final encounter with the rest (${last})`;
  lines.push(`  Encounters:  ${planText}; at most ${squad.length * 2} tokens each before the finale`);
  lines.push('Squad');
  for (const pc of squad) {
    lines.push(`  ${rankInfo(pc.rank).abbreviation} ${pc.name}: FA ${pc.fa}, NFA ${pc.nfa}`);
  }
  lines.push(`seed ${seed}`);
  return `${lines.join('\n')}\n`;
}

export function planetJson(sheet: PlanetSheet): string {
  return `${JSON.stringify(sheet)}\n`;
}

export const command: Command = {
  name: 'planet',
  summary: 'roll a 3:16 planet sheet (name, creatures, ability, AA, Threat, encounter plan)',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'planet', argv, {
      seed: { type: 'string' },
      pcs: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    const [system, ...rest] = positionals;
    if (system === undefined)
      throw new UsageError('missing <system>: bughunt planet three-sixteen (see bughunt planet --help)');
    if (!(SYSTEMS as readonly string[]).includes(system))
      throw new UsageError(`no planet generator for '${system}'; known: ${SYSTEMS.join(', ')}`);
    noMoreArguments('planet', rest);
    const seed =
      values.seed === undefined
        ? randomInt(0, MAX_SEED + 1)
        : integerOption('--seed', values.seed, 0, MAX_SEED);
    const pcs = values.pcs === undefined ? DEFAULT_PCS : integerOption('--pcs', values.pcs, 1, MAX_PCS);
    const sheet = planetSheet(seed, pcs);
    io.out(values.json ? planetJson(sheet) : formatPlanetSheet(sheet));
    return 0;
  },
};
