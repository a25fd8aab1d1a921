import { type DiceSource, SeededDice } from '../../../engine/dice/source.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import type { FdPack } from '../data/pack.ts';
import type { FdEvent } from '../events.ts';
import { type FdOptions, initialState } from '../setup.ts';
import type { FdState, Teamer } from '../state.ts';
import { DEFAULT_POLICY, type PolicyOptions, policyStep } from './policy.ts';

/** One whole mission through the real ruleset with the built-in policy, from boarding to evaluation. */
export interface MissionResult {
  readonly outcome: 'completed' | 'part-completed' | 'failed' | 'unfinished';
  readonly casualties: number;
  readonly dead: number;
  readonly turns: number;
  readonly commands: number;
  readonly events: number;
}

const SEAT: Seat = { seatId: 'sim', role: 'player' };

/** What the simulated Team carries beyond its pack's sheets (`bughunt simulate` options). */
export interface TeamGear {
  /** The Teamer (id) who carries a drone gun (8.5) besides his sheet's gear. */
  readonly droneGun?: string;
  /** The Teamer (id) who carries a walking drone gun (the team advancement's, 24.9) besides his sheet's gear. */
  readonly walkingDroneGun?: string;
  /** The Teamer (id) who holds the licence for every vehicle type of the pack (18; his sheet's `licences`). */
  readonly licence?: string;
}

/**
 * The pack with its Team's sheets given the gear asked for (an unknown Teamer id throws: the CLI
 * checks ids first). The rest of the pack is the same object.
 */
export function packWithGear(pack: FdPack, gear: TeamGear): FdPack {
  const given: [string | undefined, 'drone-gun' | 'walking-drone-gun'][] = [
    [gear.droneGun, 'drone-gun'],
    [gear.walkingDroneGun, 'walking-drone-gun'],
  ];
  let teamers = pack.team.teamers;
  for (const [id, item] of given) {
    if (id === undefined) continue;
    if (!teamers.some((t) => t.id === id)) throw new Error(`no Teamer ${id} in the pack`);
    teamers = teamers.map((t) =>
      t.id === id && !t.gear.includes(item) ? { ...t, gear: [...t.gear, item] } : t,
    );
  }
  if (gear.licence !== undefined) {
    const id = gear.licence;
    if (!teamers.some((t) => t.id === id)) throw new Error(`no Teamer ${id} in the pack`);
    const all = pack.vehicleTypes.map((v) => v.id);
    teamers = teamers.map((t) =>
      t.id === id ? { ...t, licences: [...new Set([...t.licences, ...all])] } : t,
    );
  }
  return { ...pack, team: { ...pack.team, teamers } };
}

/**
 * The pack with its loads tampered with on these d6 faces at the deal (18, pack
 * `campaign.cargoTampering.tamperedOn`; CLI `--tampered-on`). The rest of the pack is the same object.
 */
export function packWithTampering(pack: FdPack, tamperedOn: readonly number[]): FdPack {
  return { ...pack, campaign: { ...pack.campaign, cargoTampering: { tamperedOn: [...tamperedOn] } } };
}

/**
 * The pack with the ceiling extension (19) switched on (pack `options.switches.ceiling`; CLI
 * `--ceiling`). The rest of the pack is the same object.
 */
export function packWithCeiling(pack: FdPack): FdPack {
  return {
    ...pack,
    options: { ...pack.options, switches: { ...pack.options.switches, ceiling: true } },
  };
}

export function runMission(
  mission: string,
  seed: number,
  maxTurns = 40,
  maxCommands = 20_000,
  /** Another pack or arena than the starter pack's default (the briefing's odds for a loaded pack). */
  setup: Omit<FdOptions, 'mission'> = {},
  /** When given, every event of the mission is appended to it (the table's log; tests replay it). */
  log?: FdEvent[],
  /** The policy's knobs (policy.ts). */
  policy: PolicyOptions = DEFAULT_POLICY,
  /** Where the dice come from instead of the seed's generator (the pin test watches every roll). */
  dice: DiceSource = new SeededDice(seed),
): MissionResult {
  let state: FdState = initialState({ ...setup, mission });
  const ctx = { actor: SEAT, dice };
  let commands = 0;
  let events = 0;
  // `legal.ts` asks the rules' `chitFor` whether a chit can pay, which refuses by throwing: a
  // refusal's stack trace is pure cost here.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    while (state.phase !== 'ended' && state.turn <= maxTurns && commands < maxCommands) {
      const step = policyStep(state, ctx, policy);
      if (!step) break;
      commands++;
      events += step.events.length;
      if (log) for (const e of step.events) log.push(e);
      // The ruleset's working record already folded the events: its state is the live one.
      state = step.state;
    }
  } finally {
    Error.stackTraceLimit = limit;
  }
  const teamers = state.teamOrder.map((id) => state.teamers[id] as Teamer);
  const deadAt = state.rules.pack.combat.teamerWounds.deadAt;
  const outAt = state.rules.pack.combat.teamerWounds.outOfActionAt;
  return {
    outcome: state.evaluation?.outcome ?? 'unfinished',
    casualties: teamers.filter((t) => t.wounds >= outAt).length,
    dead: teamers.filter((t) => t.wounds >= deadAt).length,
    turns: state.turn,
    commands,
    events,
  };
}
