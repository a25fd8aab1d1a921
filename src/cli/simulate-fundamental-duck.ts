import { meanEstimate, wilson } from '../engine/estimates.ts';
import { defaultPack } from '../rules/fundamental-duck/data/pack.ts';
import { DEFAULT_POLICY } from '../rules/fundamental-duck/simulate/policy.ts';
import {
  packWithCeiling,
  packWithGear,
  packWithTampering,
  runMission,
} from '../rules/fundamental-duck/simulate/run.ts';
import { argsOrHelp, type CliIo, UsageError } from './command.ts';

/**
 * `bughunt simulate fundamental-duck`: whole missions through the real ruleset with the built-in
 * team policy (src/rules/fundamental-duck/simulate/), reported with 95% intervals. Same seed, same
 * output: mission i uses seed + i.
 */

const usage = `Usage: bughunt simulate fundamental-duck [--mission ID] [--n N] [--seed S] [--max-turns T] [--board-past K] [--teams N [--opposed]] [--drone-gun ID] [--walking-drone-gun ID] [--licence ID] [--tampered-on F,F] [--ceiling] [--json]

Plays N whole missions of Fundamental Duck! (default pack, Drifter Mary Rose) with the built-in
team policy and the engine's own Threat phase, and prints how they went, each number with a 95%
interval (Wilson for proportions, Student-t for means). A mission still running after the turn
cap counts as unfinished.

  --mission ID    clean-sweep (default), black-box, salvage, find-the-source
  --n N           missions to play (default 200)
  --seed S        first seed (default 1)
  --max-turns T   turn cap per mission (default 40)
  --board-past K  a Teamer stays on the boarding bridge while more than K Threats are within
                  2 squares of the entry (default: always boards; 0 saves lives, costs completions)
  --grenade-pack K       throw a grenade only at K or more Threats in its blast (default 2)
  --grenade-load-cost C  what a blast reaching a load aboard costs, in Threat kills (default 2;
                  0 throws among Salvage's pods, 99 keeps grenades well away from them)
  --teams N       multi-team play (21): the Team splits into N teams (1–5, default 1), each
                  played from a seat of its own that runs the Threats and ambushes called to it
  --opposed       with --teams: the teams play against each other
  --drone-gun ID  the Teamer ID (you, brick, sparks, kowalski, jonesy) carries a drone gun and
                  sets it up facing a Threat within 6 squares
  --walking-drone-gun ID  the Teamer ID carries a walking drone gun: he sets it up as above,
                  then walks it toward the Threat nearest it until it stands within 3 squares
  --licence ID    the Teamer ID holds the licence for every vehicle type and drives: in a
                  mission that wants marked pods home he takes the cargo loader, lifts a
                  marked pod beside it and drives it to the entry square
  --tampered-on F,F  the pack tampers with each load whose deal die shows one of these d6
                  faces (default: none); the Team examines a load before picking it up and
                  leaves one found tampered
  --ceiling       play with the ceiling extension (19) switched on: tiles may have a
                  ceiling level with Threats up in it (off in the default pack)
  --climb-to-hunt  with --ceiling: once no Threat on the floor is a goal, a Teamer climbs up
                  through a known exit to hunt a Threat in a ceiling (default: hunted from below)
  --json          one JSON object instead of the table
`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const given = argsOrHelp(io, usage, 'simulate fundamental-duck', argv, {
    mission: { type: 'string' },
    n: { type: 'string' },
    seed: { type: 'string' },
    'max-turns': { type: 'string' },
    'board-past': { type: 'string' },
    'grenade-pack': { type: 'string' },
    'grenade-load-cost': { type: 'string' },
    teams: { type: 'string' },
    opposed: { type: 'boolean' },
    'drone-gun': { type: 'string' },
    'walking-drone-gun': { type: 'string' },
    licence: { type: 'string' },
    'tampered-on': { type: 'string' },
    ceiling: { type: 'boolean' },
    'climb-to-hunt': { type: 'boolean' },
    json: { type: 'boolean' },
  });
  if (given === null) return 0;
  const { values } = given;
  const int = (name: string, v: string | undefined, dflt: number, min: number, max: number) => {
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UsageError(`--${name} must be a whole number ${min}–${max}`);
    return n;
  };
  const mission = values.mission ?? 'clean-sweep';
  if (!defaultPack.missions.some((m) => m.id === mission))
    throw new UsageError(
      `no mission ${mission}; the pack has ${defaultPack.missions.map((m) => m.id).join(', ')}`,
    );
  const n = int('n', values.n, 200, 1, 1_000_000);
  const seed = int('seed', values.seed, 1, 0, 2 ** 31 - 1);
  const maxTurns = int('max-turns', values['max-turns'], 40, 1, 999);
  const policy = {
    ...DEFAULT_POLICY,
    boardPast: int('board-past', values['board-past'], DEFAULT_POLICY.boardPast, 0, 99),
    grenadePack: int('grenade-pack', values['grenade-pack'], DEFAULT_POLICY.grenadePack, 1, 99),
    grenadeLoadCost: int(
      'grenade-load-cost',
      values['grenade-load-cost'],
      DEFAULT_POLICY.grenadeLoadCost,
      0,
      99,
    ),
    teams: int('teams', values.teams, 1, 1, defaultPack.team.teamers.length),
    opposed: values.opposed === true,
    driver: values.licence ?? null,
    climbToHunt: values['climb-to-hunt'] === true,
  };
  if (policy.opposed && policy.teams < 2) throw new UsageError('--opposed needs --teams 2 or more');
  const droneGun = values['drone-gun'];
  const walkingDroneGun = values['walking-drone-gun'];
  const licence = values.licence;
  const tamperedOn = tamperFaces(values['tampered-on']);
  for (const id of [droneGun, walkingDroneGun, licence])
    if (id !== undefined && !defaultPack.team.teamers.some((t) => t.id === id))
      throw new UsageError(
        `no Teamer ${id}; the pack has ${defaultPack.team.teamers.map((t) => t.id).join(', ')}`,
      );
  const geared =
    droneGun === undefined && walkingDroneGun === undefined && licence === undefined
      ? defaultPack
      : packWithGear(defaultPack, {
          ...(droneGun === undefined ? {} : { droneGun }),
          ...(walkingDroneGun === undefined ? {} : { walkingDroneGun }),
          ...(licence === undefined ? {} : { licence }),
        });
  const tampered = tamperedOn.length === 0 ? geared : packWithTampering(geared, tamperedOn);
  const pack = values.ceiling === true ? packWithCeiling(tampered) : tampered;
  const setup = pack === defaultPack ? {} : { pack };
  const outcomes: Record<string, number> = { completed: 0, 'part-completed': 0, failed: 0, unfinished: 0 };
  let cas = 0;
  let cas2 = 0;
  let turns = 0;
  let turns2 = 0;
  let dead = 0;
  let dead2 = 0;
  for (let i = 0; i < n; i++) {
    const r = runMission(mission, seed + i, maxTurns, 20_000, setup, undefined, policy);
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    cas += r.casualties;
    cas2 += r.casualties * r.casualties;
    dead += r.dead;
    dead2 += r.dead * r.dead;
    turns += r.turns;
    turns2 += r.turns * r.turns;
  }
  const summary = {
    system: 'fundamental-duck',
    mission,
    n,
    seed,
    maxTurns,
    boardPast: policy.boardPast,
    grenadePack: policy.grenadePack,
    grenadeLoadCost: policy.grenadeLoadCost,
    ...(policy.teams > 1 ? { teams: policy.teams, opposed: policy.opposed } : {}),
    ...(droneGun === undefined ? {} : { droneGun }),
    ...(walkingDroneGun === undefined ? {} : { walkingDroneGun }),
    ...(licence === undefined ? {} : { licence }),
    ...(tamperedOn.length === 0 ? {} : { tamperedOn }),
    ...(values.ceiling === true ? { ceiling: true } : {}),
    ...(policy.climbToHunt ? { climbToHunt: true } : {}),
    outcomes: Object.fromEntries(Object.entries(outcomes).map(([k, v]) => [k, wilson(v, n)])),
    casualties: meanEstimate(cas, cas2, n),
    dead: meanEstimate(dead, dead2, n),
    turns: meanEstimate(turns, turns2, n),
  };
  if (values.json) {
    io.out(`${JSON.stringify(summary)}\n`);
    return 0;
  }
  const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
  const num = (x: number | null) => (x === null ? '—' : x.toFixed(2));
  const lines = [`Fundamental Duck! ${mission}: ${n} missions from seed ${seed}`, ''];
  for (const [k, p] of Object.entries(summary.outcomes))
    lines.push(`${k.padEnd(16)} ${pct(p.p).padStart(7)}  [${pct(p.low)}, ${pct(p.high)}]`);
  for (const [k, m] of [
    ['casualties', summary.casualties],
    ['dead', summary.dead],
    ['turns', summary.turns],
  ] as const)
    lines.push(`${k.padEnd(16)} ${num(m.mean).padStart(7)}  [${num(m.low)}, ${num(m.high)}]`);
  io.out(`${lines.join('\n')}\n`);
  return 0;
}

/** `--tampered-on 1,2`: distinct d6 faces, comma-separated (none when the option is absent). */
function tamperFaces(v: string | undefined): number[] {
  if (v === undefined) return [];
  const faces = v.split(',').map((f) => Number(f.trim()));
  if (faces.some((f) => !Number.isInteger(f) || f < 1 || f > 6) || new Set(faces).size !== faces.length)
    throw new UsageError('--tampered-on must list distinct d6 faces 1–6, comma-separated (e.g. 1,2)');
  return faces;
}

export const simulator = { system: 'fundamental-duck', usage, run };
