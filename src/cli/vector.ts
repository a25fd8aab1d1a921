import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { HEX_DIRECTION_NAMES, HEX_DIRECTIONS, type Hex, hexKey } from '../engine/board/hex-grid.ts';
import { ScriptedDice } from '../engine/dice/source.ts';
import { defaultSpacePack, type SpacePack } from '../rules/rhylanor-express/data/space-pack.ts';
import { decideSpace } from '../rules/rhylanor-express/space/decide.ts';
import { evolveSpace } from '../rules/rhylanor-express/space/evolve.ts';
import { initialSpace } from '../rules/rhylanor-express/space/model.ts';
import { thrustLength, vectorStep } from '../rules/rhylanor-express/space/movement.ts';
import { argsOrHelp, type CliIo, type Command, integerOption, processIo, UsageError } from './command.ts';

/**
 * `bughunt vector <plot.json | scenario> --turns N`: where every ship is after N turns of given
 * orders (or, for a pack scenario, coasting from its set-up), by Rhylanor Express vector movement
 * (digest §6.6, the same step the rules use), so a referee can check a plot drawn on paper.
 */

export const MAX_TURNS = 200;
const MAX_FILE_BYTES = 1_000_000;

const coordinate = z.number().int().min(-10_000).max(10_000);
const hexSchema = z.strictObject({ q: coordinate, r: coordinate });

export const plotSchema = z.strictObject({
  worlds: z.array(hexSchema).max(50).default([]),
  ships: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(60),
        at: hexSchema,
        vel: hexSchema.default({ q: 0, r: 0 }),
        /** The drive's G after damage: no order may be longer. */
        g: z.number().int().min(0).max(20),
        /** Thrust per turn, in order; missing turns coast. */
        orders: z.array(hexSchema).max(MAX_TURNS).default([]),
      }),
    )
    .min(1)
    .max(100),
});
export type Plot = z.output<typeof plotSchema>;

export interface PlottedShip {
  readonly name: string;
  readonly at: Hex;
  readonly vel: Hex;
  readonly past: Hex | null;
  /** Worlds' hexes the last move ran into (the referee rules on landings and crashes). */
  readonly enteredWorld: readonly Hex[];
  readonly pulls: readonly Hex[];
}

export interface PlotTurn {
  readonly turn: number;
  readonly ships: readonly PlottedShip[];
}

/** Every turn from 0 (the start) to `turns`. Throws UsageError for an order beyond a ship's G. */
export function plotCourses(plot: Plot, turns: number): PlotTurn[] {
  let ships: PlottedShip[] = plot.ships.map((s) => ({
    name: s.name,
    at: s.at,
    vel: s.vel,
    past: null,
    enteredWorld: [],
    pulls: [],
  }));
  const out: PlotTurn[] = [{ turn: 0, ships }];
  for (let turn = 1; turn <= turns; turn++) {
    ships = ships.map((ship, i) => {
      const spec = plot.ships[i] as Plot['ships'][number];
      const thrust = spec.orders[turn - 1] ?? { q: 0, r: 0 };
      if (thrustLength(thrust) > spec.g)
        throw new UsageError(
          `${spec.name}'s order for turn ${turn} is ${thrustLength(thrust)} hexes of thrust; its drive gives ${spec.g} G`,
        );
      const step = vectorStep(ship.at, ship.vel, thrust, plot.worlds);
      return {
        name: ship.name,
        at: step.to,
        vel: step.vel,
        past: ship.at,
        enteredWorld: step.worldEntered,
        pulls: step.pulls,
      };
    });
    out.push({ turn, ships });
  }
  return out;
}

/**
 * A pack scenario as a plot: its ships where the rules' own scenario load puts them (the §6.3
 * set-up for ships it does not place), each with its drive's G and no orders (they coast), and
 * its worlds.
 */
export function scenarioPlot(name: string, pack: SpacePack = defaultSpacePack): Plot {
  const scenario = pack.scenarios.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  if (!scenario) {
    const names = pack.scenarios.map((s) => s.name).join(', ');
    throw new UsageError(`no plot file or scenario "${name}" (the pack has: ${names})`);
  }
  let space = initialSpace();
  const load = { type: 'space.scenario.load', scenario: scenario.name } as const;
  const referee = { actor: { seatId: 'cli', role: 'gm' as const }, dice: new ScriptedDice([]) };
  for (const event of decideSpace(space, load, referee, pack)) space = evolveSpace(space, event);
  const ships: Plot['ships'] = [];
  for (const id of space.order) {
    const ship = space.ships[id];
    if (ship?.at)
      ships.push({ name: ship.name, at: ship.at, vel: ship.vel, g: ship.maneuver.now, orders: [] });
  }
  return { worlds: space.worlds.map((w) => w.at), ships };
}

const pair = (h: Hex) => `(${h.q},${h.r})`;
function direction(h: Hex): string {
  const i = HEX_DIRECTIONS.findIndex((d) => d.q === h.q && d.r === h.r);
  return i >= 0 ? (HEX_DIRECTION_NAMES[i] as string) : hexKey(h);
}

export function formatPlot(turns: readonly PlotTurn[]): string {
  const lines: string[] = [];
  const width = Math.max(...(turns[0]?.ships ?? []).map((s) => s.name.length));
  for (const t of turns) {
    lines.push(t.turn === 0 ? 'start' : `after turn ${t.turn}`);
    for (const s of t.ships) {
      const future = { q: s.at.q + s.vel.q, r: s.at.r + s.vel.r };
      let line = `  ${s.name.padEnd(width)}  at ${pair(s.at)}  vector ${pair(s.vel)}  future ${pair(future)}`;
      if (s.past) line += `  past ${pair(s.past)}`;
      if (s.pulls.length > 0) line += `  pulled ${s.pulls.map(direction).join(', ')}`;
      if (s.enteredWorld.length > 0)
        line += `  ENTERED WORLD HEX ${s.enteredWorld.map(pair).join(', ')} (referee rules)`;
      lines.push(line);
    }
  }
  return `${lines.join('\n')}\n`;
}

const usage = `Usage: bughunt vector (<plot.json> | <scenario>) [--turns N] [--json]

Rhylanor Express vector movement: moves every ship of the plot N turns (each
ship jumps to its future marker, worlds next to the hexes it passes pull its
vector one hex toward them, then its order for that turn adds thrust) and
prints where each one is, its vector and its next future marker, turn by turn.

The plot is JSON:
  { "worlds": [{"q": 5, "r": 0}],
    "ships": [{"name": "Express", "at": {"q": 3, "r": -1}, "vel": {"q": 3, "r": 0},
               "g": 1, "orders": [{"q": 0, "r": 0}, {"q": 1, "r": -1}]}] }
Hexes are axial (q, r) on a pointy-top map: E (1,0), NE (1,-1), NW (0,-1),
W (-1,0), SW (-1,1), SE (0,1). An order longer than the ship's G is refused;
turns without an order coast.

Instead of a file, the name of a scenario of the default pack, whose ships
coast from their set-up: ${defaultSpacePack.scenarios.map((s) => `"${s.name}"`).join(', ')}.

Options:
  --turns N  turns to move, 0 to ${MAX_TURNS} (default 1)
  --json     print every turn as JSON
  -h, --help show this help`;

function readPlot(path: string): Plot {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (text.length > MAX_FILE_BYTES) throw new UsageError(`${path} is larger than ${MAX_FILE_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not JSON`);
  }
  const parsed = plotSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${path}: ${issue?.path.join('.') || '(plot)'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export const command: Command = {
  name: 'vector',
  summary: 'Rhylanor Express vector movement: where ships are after N turns of orders',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'vector', argv, {
      turns: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    if (positionals.length !== 1)
      throw new UsageError('give one plot file or scenario name (see bughunt vector --help)');
    const turns = values.turns === undefined ? 1 : integerOption('--turns', values.turns, 0, MAX_TURNS);
    const source = positionals[0] as string;
    // A file if there is one by that name (or it looks like one), else a scenario of the pack.
    const plot = existsSync(source) || source.endsWith('.json') ? readPlot(source) : scenarioPlot(source);
    const result = plotCourses(plot, turns);
    io.out(values.json ? `${JSON.stringify(result)}\n` : formatPlot(result));
    return 0;
  },
};
