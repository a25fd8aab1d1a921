import type { DiceSource } from '../../../engine/dice/source.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../commands.ts';
import { EncounterRecord, recordSupports } from '../encounter/record.ts';
import { threeSixteen } from '../ruleset.ts';
import type { AbilityId, ThreeSixteenState } from '../state.ts';
import type { RunOutcome } from './driver.ts';
import type { SimulationOptions } from './options.ts';
import { type Chooser, newMemo, nextCommand } from './policy.ts';
import { playOnRecord } from './record-policy.ts';

/**
 * One encounter played on the encounter record instead of through commands. The encounter still
 * starts through the ruleset (`startEncounter`, no dice), once per table and encounter shape: the
 * record taken from that state is kept and reset for every run, so a run copies no state.
 */

/** A started encounter's record per base state and shape (tokens, final, troopers), or why there is none. */
const records = new WeakMap<ThreeSixteenState, Map<string, EncounterRecord | string>>();

const NO_DICE: DiceSource = {
  roll() {
    throw new Error('startEncounter rolls no dice');
  },
};

function startedFor(
  base: ThreeSixteenState,
  tokens: number,
  final: boolean,
  troopers: readonly string[] | undefined,
): EncounterRecord | string {
  let byShape = records.get(base);
  if (!byShape) {
    byShape = new Map();
    records.set(base, byShape);
  }
  const key = `${tokens}|${final}|${troopers?.join(',') ?? ''}`;
  let rec = byShape.get(key);
  if (rec === undefined) {
    const command: ThreeSixteenCommand = {
      type: 'startEncounter',
      tokens,
      ...(final ? { final: true } : {}),
      ...(troopers ? { troopers: [...troopers] } : {}),
    };
    // A refused start throws here as it does on the command path, and is not remembered.
    const ctx: DecideContext = { actor: { seatId: 'gm', role: 'gm' }, dice: NO_DICE };
    let s = base;
    for (const ev of threeSixteen.decide(base, command, ctx)) s = threeSixteen.evolve(s, ev);
    s = opening(s, ctx);
    const why = recordSupports(s, true);
    rec = why ?? new EncounterRecord(s);
    byShape.set(key, rec);
  }
  return rec;
}

/** What the policy spends as an encounter opens, before any die (policy.ts `alienAbility`). */
const OPENING_SPENT: ReadonlySet<AbilityId> = new Set<AbilityId>([
  'boostAbility',
  'impair',
  'enrage',
  'ambush',
]);

/**
 * The aliens' opening abilities (Boost Ability, Impair, Enrage) spent as the command policy spends them
 * before the first die: no dice and no chooser draws, so the same for every run of this start and
 * played once, through the ruleset. The record then holds their effect (its AA, the targets, AA
 * rising round by round when enraged);
 * tokens paid from the encounter are gone from it, and those paid from the pool are outside what a
 * run reports (the command path's `fight` counts them back).
 */
export function opening(state: ThreeSixteenState, ctx: DecideContext): ThreeSixteenState {
  const memo = newMemo();
  let s = state;
  for (;;) {
    const c = nextCommand(s, memo);
    if (c?.type !== 'useAbility' || !OPENING_SPENT.has(c.ability)) return s;
    for (const ev of threeSixteen.decide(s, c, ctx)) s = threeSixteen.evolve(s, ev);
  }
}

/**
 * Each reported trooper's index in the record (−1: not in it), then each of the base's troopers in
 * the table's order: what a run's outcome reads, found once per set of runs rather than per run.
 */
function placesOf(r: EncounterRecord, base: ThreeSixteenState, ids: readonly string[]): readonly number[] {
  const at: number[] = [];
  for (const id of ids) at.push(r.ids.indexOf(id));
  for (const id of base.trooperOrder) at.push(r.ids.indexOf(id));
  return at;
}

/**
 * The encounters of one set of runs (driver.ts `EncounterRuns`: one base, one shape) on the
 * encounter record: the record and where each reported trooper sits in it are looked up on the
 * first run and kept by the set, not by this module.
 */
export class RecordRuns {
  /** The started encounter's record, null when it does not hold it; undefined until the first run. */
  private record: EncounterRecord | null | undefined = undefined;
  private at: readonly number[] = [];
  constructor(
    private readonly base: ThreeSixteenState,
    private readonly options: SimulationOptions,
    private readonly ids: readonly string[],
    private readonly troopers: readonly string[] | undefined,
  ) {}

  /** One run's outcome, or null when the record does not hold the encounter (play it through commands). */
  play(dice: DiceSource, choose: Chooser): RunOutcome | null {
    let r = this.record;
    if (r === undefined) {
      const o = this.options;
      const rec = startedFor(this.base, o.tokens, o.final ?? false, this.troopers);
      r = typeof rec === 'string' ? null : rec;
      this.record = r;
      if (r !== null) this.at = placesOf(r, this.base, this.ids);
    }
    if (r === null) return null;
    r.reset();
    playOnRecord(r, dice, choose);
    return outcomeOf(r, this.base, this.ids, this.at);
  }
}

/**
 * The encounter of `runEncounter` on the record, or null when the record does not hold it (the
 * caller then plays it through commands). Same dice, same chooser draws, same outcome.
 */
export function runEncounterOnRecord(
  base: ThreeSixteenState,
  options: SimulationOptions,
  dice: DiceSource,
  ids: readonly string[],
  troopers: readonly string[] | undefined,
  choose: Chooser,
): RunOutcome | null {
  return new RecordRuns(base, options, ids, troopers).play(dice, choose);
}

/** A run's outcome read from the record at its end (`at`: `placesOf`). */
function outcomeOf(
  r: EncounterRecord,
  base: ThreeSixteenState,
  ids: readonly string[],
  at: readonly number[],
): RunOutcome {
  const dead: boolean[] = [];
  const kills: number[] = [];
  for (let k = 0; k < ids.length; k++) {
    const i = at[k] as number;
    const t = i < 0 ? base.troopers[ids[k] as string] : undefined;
    dead.push(i >= 0 ? r.status[i] !== 0 : t?.status === 'dead' || t?.status === 'wreck');
    kills.push(i >= 0 ? (r.kills[i] as number) : (t?.killsThisMission ?? 0));
  }
  let anyoneActive = false;
  const order = base.trooperOrder;
  for (let k = 0; k < order.length; k++) {
    const i = at[ids.length + k] as number;
    if (i >= 0 ? r.status[i] === 0 : base.troopers[order[k] as string]?.status === 'active') {
      anyoneActive = true;
      break;
    }
  }
  const endReason = r.endReason ?? 'gm';
  return {
    win: (endReason === 'noTokens' || endReason === 'strength') && anyoneActive,
    dead,
    rounds: r.round,
    kills,
    tokensReturned: r.returned,
    encounters: 1,
    endReason,
    strengths: r.strengths,
  };
}
