import { ScriptedDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { Role, Seat, TableEvent } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import type { ThreeSixteenCommand } from '../commands.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import { threeSixteen } from '../ruleset.ts';
import type { AbilityId, Declaration, Range, ThreeSixteenState, Trooper } from '../state.ts';
import { buildTrooper } from './roster.ts';

/**
 * A table for tests: sends commands with scripted dice (every face must be used), keeps the log,
 * and can replay it. Not part of the ruleset's API.
 */
export class TestTable {
  state: ThreeSixteenState = threeSixteen.setup({});
  readonly log: (ThreeSixteenEvent | TableEvent)[] = [];

  seat(seatId: string, role: Role, name = seatId): Seat {
    this.apply({ type: 'seat.joined', seatId, role, name });
    return { seatId, role };
  }

  apply(event: ThreeSixteenEvent | TableEvent): void {
    this.log.push(event);
    this.state = threeSixteen.evolve(this.state, event);
  }

  /**
   * Sends a command; the faces are the dice it will need, in order, all of them. With `tableFaces`
   * the sender typed its own faces (as a player at a real table) and the table rolls for others.
   */
  send(
    seat: Seat,
    command: ThreeSixteenCommand,
    faces: number[] = [],
    tableFaces?: number[],
  ): ThreeSixteenEvent[] {
    const parsed = threeSixteen.commandSchema.parse(command);
    const dice = new ScriptedDice(faces);
    const table = tableFaces ? new ScriptedDice(tableFaces) : undefined;
    const events = threeSixteen.decide(this.state, parsed, {
      actor: seat,
      dice,
      ...(table ? { tableDice: table } : {}),
    });
    if (dice.remaining !== 0) throw new Error(`${command.type} left ${dice.remaining} scripted faces unused`);
    if (table && table.remaining !== 0)
      throw new Error(`${command.type} left ${table.remaining} of the table's faces unused`);
    // Every event decide makes must pass the import's checks, or an export of this game would be refused.
    for (const e of events) {
      const fits = threeSixteen.eventSchemas?.[e.type]?.safeParse(e);
      if (fits && !fits.success)
        throw new Error(`${e.type} does not fit its event schema: ${JSON.stringify(fits.error.issues[0])}`);
      const problem = threeSixteen.eventProblem?.(this.state, e);
      if (problem) throw new Error(`${e.type} would be refused on import: ${problem}`);
      this.apply(e);
    }
    return events;
  }

  /** Sends a command that must be refused: returns the code, and checks the state did not change. */
  refuse(seat: Seat, command: unknown, faces: number[] = []): string {
    const before = stateHash(this.state);
    const parsed = threeSixteen.commandSchema.safeParse(command);
    if (!parsed.success) return 'INVALID_COMMAND';
    try {
      threeSixteen.decide(this.state, parsed.data, { actor: seat, dice: new ScriptedDice(faces) });
    } catch (e) {
      if (!isRuleError(e)) throw e;
      if (stateHash(this.state) !== before) throw new Error('state changed on a refused command');
      return e.code;
    }
    throw new Error(`${JSON.stringify(command)} was accepted`);
  }

  replayHash(): string {
    let s = threeSixteen.setup({});
    for (const e of this.log) s = threeSixteen.evolve(s, e);
    return stateHash(s);
  }
}

/** n faces of 1 (for dice a test does not care about, e.g. starting kills). */
export const ones = (n: number): number[] => Array.from({ length: n }, () => 1);

export interface Fighter {
  name: string;
  fa: number;
  nfa: number;
  rank?: number;
  /** Replace the trooper's fields after creation (weapons, slots, health…). */
  patch?: Partial<Trooper>;
}

/**
 * A table already in round 1 of an encounter: one player seat per fighter (p1, p2, …; troopers t1,
 * t2, …), a planet with the given AA, abilities and threat, everyone at `range`.
 */
export function fightAt(
  range: Range,
  fighters: Fighter[],
  planet: { aa?: number; abilities?: AbilityId[]; threat?: number; tokens?: number } = {},
) {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const players = fighters.map((_, i) => t.seat(`p${i + 1}`, 'player'));
  fighters.forEach((f, i) => {
    const base = buildTrooper(`t${i + 1}`, {
      ownerSeatId: `p${i + 1}`,
      name: f.name,
      reputation: '',
      fa: f.fa,
      nfa: f.nfa,
      rank: f.rank ?? 0,
      totalKills: 0,
    });
    t.apply({
      type: 'trooper.created',
      trooper: { ...base, ...f.patch },
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
  });
  const threat = planet.threat ?? fighters.length * 5;
  t.send(gm, {
    type: 'setPlanet',
    name: 'Testworld',
    aa: planet.aa ?? 5,
    threat,
    abilities: planet.abilities ?? [],
  });
  t.send(gm, { type: 'briefMission', text: 'Go.' });
  t.send(gm, { type: 'startEncounter', tokens: planet.tokens ?? Math.min(threat, fighters.length * 2) });
  // Everyone declines dominance and the aliens fail: Far, then the GM puts everyone where wanted.
  fighters.forEach((f, i) => {
    // A trooper patched to another owner is that seat's to play; one with no owner (an NPC squad
    // member) is the GM's.
    const owner = f.patch?.ownerSeatId;
    const seat =
      owner === null
        ? gm
        : owner === undefined
          ? (players[i] as Seat)
          : { seatId: owner, role: 'player' as const };
    t.send(seat, { type: 'declineDominance', trooperId: `t${i + 1}` });
  });
  t.send(gm, { type: 'rollDominance', actor: 'aliens' }, [10]);
  if (range !== 'far') {
    fighters.forEach((_, i) => {
      t.send(gm, {
        type: 'gmAdjust',
        adjustment: { target: 'range', trooperId: `t${i + 1}`, value: range },
        reason: 'test set-up',
      });
    });
  }
  return { t, gm, players };
}

/** Declares for everyone and rolls: `faces` maps actor → its d10; `extra` are roll-off faces. */
export function playRound(
  t: TestTable,
  gm: Seat,
  declarations: Record<string, Declaration>,
  faces: Record<string, number>,
  extra: number[] = [],
): void {
  for (const [id, declaration] of Object.entries(declarations))
    t.send(gm, { type: 'declare', trooperId: id, declaration });
  t.send(gm, { type: 'declareAliens' });
  const actors = Object.keys(faces);
  actors.forEach((actor, i) => {
    const last = i === actors.length - 1;
    t.send(
      gm,
      { type: 'rollTest', actor: actor as 'aliens' },
      last ? [faces[actor] as number, ...extra] : [faces[actor] as number],
    );
  });
}

/** Takes every remaining turn of the current round with no choices (the GM acts for all). */
export function finishRound(t: TestTable, gm: Seat): void {
  const round = t.state.encounter?.round;
  while (t.state.encounter && t.state.encounter.round === round) {
    const e = t.state.encounter;
    const actor = e.queue[e.cursor]?.actor;
    if (!actor) throw new Error('no turn to take');
    t.send(gm, { type: 'takeTurn', actor: actor as 'aliens' });
  }
}
