import { canonicalJson } from '../../../engine/canonical-json.ts';
import { d } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import type { DecideContext, Seat } from '../../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../commands.ts';
import { rankWeaponChoices, splitFinale, suggestedEncounterPlan } from '../data/index.ts';
import { stateAfterDecide } from '../encounter/decide.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import { threeSixteen } from '../ruleset.ts';
import type { ThreeSixteenState, WeaponId } from '../state.ts';
import { planetThreatFor, rankOf, type SimulationOptions } from './options.ts';
import { type Chooser, newMemo, nextCommand, type PolicyMemo } from './policy.ts';
import { RecordRuns } from './record-run.ts';

/**
 * Plays encounters and missions by sending commands to the real 3:16 ruleset: `decide` turns each
 * command into events (drawing every die from the DiceSource it is given), `evolve` folds them.
 * Nothing here applies a rule; `policy.ts` only picks the commands.
 */

export const GM_SEAT: Seat = { seatId: 'gm', role: 'gm' };

/** One simulated encounter or mission, as the statistics need it. */
export interface RunOutcome {
  readonly win: boolean;
  /** Per PC, in roster order: dead (or wrecked) at the end. */
  readonly dead: readonly boolean[];
  readonly rounds: number;
  /** Per PC: Kills This Mission at the end (the base state starts every run at 0). */
  readonly kills: readonly number[];
  /** Threat Tokens that went back to the planet pool when encounters ended. */
  readonly tokensReturned: number;
  /** Encounters fought (1 in encounter mode). */
  readonly encounters: number;
  /** Why the (last) encounter ended. */
  readonly endReason: string;
  /** Strengths the troopers used (`strength.used` events the ruleset decided). */
  readonly strengths: number;
}

let foldCheck = false;

/**
 * Tests: fold every command's events with `evolve` as well and fail if that differs from the state
 * `decide` reached (the shortcut the driver takes otherwise).
 */
export function checkFolds(on: boolean): void {
  foldCheck = on;
}

let onRecord = true;

/**
 * Whether `runEncounter` plays the encounters the encounter record holds on it (the default) or
 * sends every move as a command (tests comparing both paths, the bench). Same dice, same outcome.
 */
export function playOnRecords(on: boolean): void {
  onRecord = on;
}

/** A ruleset driver: sends commands as the GM, folds the events, counts what it needs. */
class Table {
  state: ThreeSixteenState;
  private readonly ctx: DecideContext;
  /** Tokens spent from the planet pool by alien abilities since the counter was reset. */
  spentFromPool = 0;
  /** Strengths used at this table (counted from the events, not guessed from the policy). */
  strengths = 0;
  constructor(state: ThreeSixteenState, dice: DiceSource) {
    this.state = state;
    this.ctx = { actor: GM_SEAT, dice };
  }
  send(command: ThreeSixteenCommand): ThreeSixteenEvent[] {
    const events = threeSixteen.decide(this.state, command, this.ctx);
    for (const ev of events) {
      if (ev.type === 'ability.used' && ev.from === 'pool') this.spentFromPool += ev.cost;
      else if (ev.type === 'strength.used') this.strengths++;
    }
    // decide already folded most encounter commands' events (withAutomatic): reuse that state
    // rather than evolving the same events twice (the simulator's biggest saving).
    const reached = stateAfterDecide(events);
    if (reached && !foldCheck) {
      this.state = reached;
      return events;
    }
    let s = this.state;
    for (const ev of events) s = threeSixteen.evolve(s, ev);
    // Compared as canonical JSON, not by hash: this file runs in the browser's odds worker too.
    if (foldCheck && reached && canonicalJson(reached) !== canonicalJson(s)) {
      throw new Error(`simulate: decide's folded state differs from evolve's after ${command.type}`);
    }
    this.state = s;
    return events;
  }
}

/** Commands one encounter may take before the driver calls it a bug (an endless loop). */
const MAX_COMMANDS_PER_ENCOUNTER = 20_000;

/**
 * The table before any run: a GM seat, the troopers (createTrooper, default weapon, armour policy
 * "ask" so the policy answers every Kill), the planet (setPlanet with AA, abilities and Threat) and
 * a briefed mission. Built once with its own dice; every run starts from this same state (states
 * are immutable, so sharing it is safe).
 */
export function buildBaseState(options: SimulationOptions, dice: DiceSource): ThreeSixteenState {
  let state = threeSixteen.evolve(threeSixteen.setup({}), {
    type: 'seat.joined',
    seatId: GM_SEAT.seatId,
    role: 'gm',
    name: 'GM',
  });
  // Each trooper is a PC with a player seat of its own (the GM seat still sends every command), so
  // the PC-only rules apply as at a table: field promotion when the most senior PC falls.
  options.pcs.forEach((_pc, i) => {
    state = threeSixteen.evolve(state, {
      type: 'seat.joined',
      seatId: `p${i + 1}`,
      role: 'player',
      name: `Player ${i + 1}`,
    });
  });
  const table = new Table(state, dice);
  options.pcs.forEach((pc, i) => {
    const rank = rankOf(pc);
    const choice = rankChoiceFor(rank, pc.weapon);
    table.send({
      type: 'createTrooper',
      ownerSeatId: `p${i + 1}`,
      name: `PC${i + 1}`,
      fa: pc.fa,
      nfa: pc.nfa,
      rank,
      ...(choice ? { weaponChoice: pc.weapon } : {}),
    });
    const id = `t${i + 1}`;
    table.send({ type: 'setDefaultWeapon', trooperId: id, weapon: pc.weapon });
    table.send({ type: 'setArmourPolicy', trooperId: id, policy: 'ask' });
  });
  table.send({
    type: 'setPlanet',
    name: 'Simulated',
    aa: options.aa,
    abilities: [...options.abilities],
    threat: planetThreatFor(options),
  });
  table.send({ type: 'briefMission', text: 'Simulation.' });
  state = table.state;
  return state;
}

/** True when `weapon` is a "pick one" choice at `rank` (createTrooper's weaponChoice). */
function rankChoiceFor(rank: number, weapon: WeaponId): boolean {
  return rankWeaponChoices(rank).some((group) => group.includes(weapon));
}

/** Plays the encounter under way to its end. Returns the rounds it lasted. */
function playEncounter(table: Table, memo: PolicyMemo): { rounds: number; endReason: string } {
  for (let i = 0; i < MAX_COMMANDS_PER_ENCOUNTER; i++) {
    const command = nextCommand(table.state, memo);
    if (!command) {
      const last = table.state.lastEncounter;
      return { rounds: last?.round ?? 0, endReason: last?.endReason ?? 'gm' };
    }
    table.send(command);
  }
  throw new Error(`simulate: an encounter took more than ${MAX_COMMANDS_PER_ENCOUNTER} commands`);
}

/**
 * The troopers a run reports on, in roster order: the active ones of the base state (t1…tN for a
 * table the simulator built; any ids for a real table's state, see `from-table.ts`).
 */
export function fightingIds(base: ThreeSixteenState): string[] {
  return base.trooperOrder.filter((id) => base.troopers[id]?.status === 'active');
}

function outcomeOf(
  table: Table,
  ids: readonly string[],
  win: boolean,
  rounds: number,
  tokensReturned: number,
  encounters: number,
  endReason: string,
): RunOutcome {
  const s = table.state;
  const dead: boolean[] = [];
  const kills: number[] = [];
  for (const id of ids) {
    const t = s.troopers[id];
    dead.push(t?.status === 'dead' || t?.status === 'wreck');
    kills.push(t?.killsThisMission ?? 0);
  }
  return { win, dead, rounds, kills, tokensReturned, encounters, endReason, strengths: table.strengths };
}

/**
 * Without a chooser of its own (the benchmark, tests) a run settles the policy's ties with a die
 * from its own dice: still a fair roll-off, at the cost of a draw the rules did not ask for.
 * Simulations pass a chooser on a separate stream instead (see `simulate.ts` playBlocks).
 */
export function rollOffChooser(dice: DiceSource): Chooser {
  return (count) => dice.roll(d(count), 'policy roll-off') - 1;
}

function anyoneActive(s: ThreeSixteenState): boolean {
  return s.trooperOrder.some((id) => s.troopers[id]?.status === 'active');
}

/** Starts one encounter with `tokens`, plays it out, and reports the tokens that went back. */
function fight(
  table: Table,
  memo: PolicyMemo,
  tokens: number,
  final: boolean,
  troopers?: readonly string[],
): { rounds: number; endReason: string; returned: number } {
  table.send({
    type: 'startEncounter',
    tokens,
    ...(final ? { final: true } : {}),
    ...(troopers ? { troopers: [...troopers] } : {}),
  });
  const poolAtStart = table.state.planet?.threat.pool ?? 0;
  table.spentFromPool = 0;
  const { rounds, endReason } = playEncounter(table, memo);
  const poolAtEnd = table.state.planet?.threat.pool ?? 0;
  return { rounds, endReason, returned: poolAtEnd - poolAtStart + table.spentFromPool };
}

/**
 * One encounter from the base state. A win: the encounter ended because its Threat Tokens were all
 * gone (killed, or discarded by a Strength) and at least one trooper is still alive. A simulation
 * playing many from one base keeps an `EncounterRuns` instead.
 */
export function runEncounter(
  base: ThreeSixteenState,
  options: SimulationOptions,
  dice: DiceSource,
  troopers?: readonly string[],
  choose?: Chooser,
): RunOutcome {
  return new EncounterRuns(base, options, troopers).play(dice, choose);
}

/**
 * The encounters of one simulation from one base state (`runEncounter` each): who a run reports
 * on, the record the encounters play on (record-run.ts `RecordRuns`) and the default chooser are
 * worked out once and kept here, by the caller's set of runs, rather than by this module for
 * whichever base came last.
 */
export class EncounterRuns {
  /** The troopers a run reports on (`fightingIds`, or those taking part). */
  private readonly ids: readonly string[];
  private record: RecordRuns | null = null;
  /** `rollOffChooser` of the last dice played without a chooser (the same dice run after run). */
  private chooserDice: DiceSource | null = null;
  private chooser: Chooser | null = null;
  constructor(
    private readonly base: ThreeSixteenState,
    private readonly options: SimulationOptions,
    private readonly troopers?: readonly string[],
  ) {
    this.ids = troopers ?? fightingIds(base);
  }

  play(dice: DiceSource, choose: Chooser = this.rollOff(dice)): RunOutcome {
    if (onRecord) {
      this.record ??= new RecordRuns(this.base, this.options, this.ids, this.troopers);
      const fast = this.record.play(dice, choose);
      if (fast) return fast;
    }
    const table = new Table(this.base, dice);
    const memo = newMemo(choose);
    const o = this.options;
    const r = fight(table, memo, o.tokens, o.final ?? false, this.troopers);
    const win = (r.endReason === 'noTokens' || r.endReason === 'strength') && anyoneActive(table.state);
    return outcomeOf(table, this.ids, win, r.rounds, r.returned, 1, r.endReason);
  }

  private rollOff(dice: DiceSource): Chooser {
    if (dice !== this.chooserDice || this.chooser === null) {
      this.chooser = rollOffChooser(dice);
      this.chooserDice = dice;
    }
    return this.chooser;
  }
}

/**
 * One whole mission from the base state: the book's suggested encounter plan for the planet's
 * Threat (3, then PCs, then PCs + 1, each held to the PCs × 2 cap of the troopers still alive and
 * to what the pool holds), then any excess over the finale's cap as encounters of their own (again
 * if deaths shrank the cap meanwhile), then the final encounter with every token left. Healing between encounters and armour lasting the
 * planet are the ruleset's. A win: the planet is cleared and at least one trooper is alive.
 */
export function runMission(
  base: ThreeSixteenState,
  options: SimulationOptions,
  dice: DiceSource,
  choose: Chooser = rollOffChooser(dice),
): RunOutcome {
  const table = new Table(base, dice);
  const memo = newMemo(choose);
  const pcs = options.pcs.length;
  const plan = suggestedEncounterPlan(planetThreatFor(options), pcs);
  let rounds = 0;
  let returned = 0;
  let encounters = 0;
  let endReason = 'none';
  const pool = () => table.state.planet?.threat.pool ?? 0;
  const cap = () =>
    table.state.trooperOrder.filter((id) => table.state.troopers[id]?.status === 'active').length * 2;
  const over = () => !anyoneActive(table.state) || (table.state.planet?.cleared ?? false) || pool() === 0;
  const play = (tokens: number, final: boolean) => {
    const r = fight(table, memo, tokens, final);
    rounds += r.rounds;
    returned += r.returned;
    encounters++;
    endReason = r.endReason;
  };
  for (const planned of plan.slice(0, -1)) {
    if (over()) break;
    play(Math.min(planned, pool(), cap()), false);
  }
  if (!over()) {
    for (const n of splitFinale(pool(), cap() / 2).before) {
      if (over()) break;
      play(Math.min(n, pool(), cap()), false);
    }
  }
  // Deaths shrink the cap: whatever the finale could not hold is fought first.
  while (!over() && pool() > cap()) play(Math.min(pool() - cap(), cap()), false);
  if (!over()) play(pool(), true);
  const s = table.state;
  const win = (s.planet?.cleared ?? false) && pool() === 0 && anyoneActive(s);
  return outcomeOf(table, fightingIds(base), win, rounds, returned, encounters, endReason);
}
