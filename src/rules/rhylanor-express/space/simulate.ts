import { type Hex, hexDistance } from '../../../engine/board/hex-grid.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { DecideContext, Seat } from '../../../engine/ruleset.ts';
import type { Side, SpacePack } from '../data/space-pack.ts';
import type { SpaceCommand } from './commands.ts';
import { decideSpaceInPlace } from './decide.ts';
import { initialSpace, type Ship, type SpaceState } from './model.ts';
import { outOfAction, policyCommands } from './policy.ts';
import { vectorToward } from './ships.ts';

/**
 * Space battles played to the end through the real rules (`decideSpaceInPlace` on one working
 * record per battle), with the plain policy of policy.ts for both sides.
 */

const REFEREE: Seat = { seatId: 'simulator', role: 'gm' };
export const DEFAULT_MAX_TURNS = 40;
const MAX_DETECTION_ROUNDS = 20;
const SURPRISE_DISTANCE = 10;

export interface BattleOutcome {
  /** The side left with ships in action, or null (both out, turn limit, no contact, slipped away). */
  readonly winner: Side | null;
  readonly turns: number;
  /** Per ship, in the order the scenario lists them. */
  readonly destroyed: readonly boolean[];
  readonly outOfAction: readonly boolean[];
  readonly end: 'decided' | 'turn limit' | 'no contact';
}

function send(s: SpaceState, command: SpaceCommand, ctx: DecideContext, pack: SpacePack): boolean {
  try {
    decideSpaceInPlace(s, command, ctx, pack);
    return true;
  } catch (e) {
    // A proposal the rules refuse (a turret already engaged, a target gone) is skipped; every
    // check comes before the first event, so the record is unchanged.
    if (isRuleError(e)) return false;
    throw e;
  }
}

function inAction(s: SpaceState, side: Side): boolean {
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    if (ship.side === side && !outOfAction(ship)) return true;
  }
  return false;
}

/** Detection rounds until something is found; a side with surprise places its ships 10 hexes off. */
function detection(s: SpaceState, ctx: DecideContext, pack: SpacePack): boolean {
  for (let round = 0; round < MAX_DETECTION_ROUNDS && s.phase === 'detection'; round++) {
    for (const id of s.order) {
      const ship = s.ships[id] as Ship;
      for (const tid of s.order) {
        const target = s.ships[tid] as Ship;
        if (target.side !== ship.side && !target.detected && ship.crew.navigator)
          send(s, { type: 'space.detect', ship: id, target: tid }, ctx, pack);
      }
    }
    send(s, { type: 'space.detection.resolve' }, ctx, pack);
  }
  if (s.phase === 'detection') return false;
  if (s.phase === 'surprise' && s.surpriser !== null) {
    const surpriser = s.surpriser;
    for (const id of s.order) {
      const ship = s.ships[id] as Ship;
      if (ship.side !== surpriser) continue;
      const enemy = s.order.map((e) => s.ships[e] as Ship).find((e) => e.side !== surpriser && e.at !== null);
      if (!enemy?.at) continue;
      const from = enemy.at;
      const start = ship.at ?? from;
      const away =
        hexDistance(start, from) === 0
          ? { q: SURPRISE_DISTANCE, r: 0 }
          : vectorToward(from, start, SURPRISE_DISTANCE);
      const at: Hex = { q: from.q + away.q, r: from.r + away.r };
      send(s, { type: 'space.surprise.place', ship: id, at }, ctx, pack);
    }
    send(s, { type: 'space.roles', intruder: surpriser }, ctx, pack);
  }
  return true;
}

/** One battle of a pack scenario, from loading it to the end. */
export function fightBattle(
  pack: SpacePack,
  scenario: string,
  dice: DiceSource,
  maxTurns = DEFAULT_MAX_TURNS,
): BattleOutcome {
  const ctx: DecideContext = { actor: REFEREE, dice };
  const s = initialSpace();
  if (!send(s, { type: 'space.scenario.load', scenario }, ctx, pack))
    throw new Error(`no scenario ${scenario}`);
  let contact = true;
  if (s.phase === 'detection') contact = detection(s, ctx, pack);
  if (contact && s.phase === 'setup') {
    send(s, { type: 'space.initiative' }, ctx, pack);
    // The side that chooses takes the first move.
    if ((s.phase as string) === 'roles' && s.chooser !== null)
      send(s, { type: 'space.roles', intruder: s.chooser }, ctx, pack);
  }
  let end: BattleOutcome['end'] = contact ? 'turn limit' : 'no contact';
  if (contact) {
    while (s.turn <= maxTurns) {
      if (!inAction(s, 'a') || !inAction(s, 'b')) {
        end = 'decided';
        break;
      }
      for (const command of policyCommands(s)) send(s, command, ctx, pack);
      send(s, { type: 'space.phase.end' }, ctx, pack);
    }
  }
  const a = inAction(s, 'a');
  const b = inAction(s, 'b');
  const ships = s.order.map((id) => s.ships[id] as Ship);
  return {
    winner: end === 'decided' && a !== b ? (a ? 'a' : 'b') : null,
    turns: Math.min(s.turn, maxTurns),
    destroyed: ships.map((sh) => sh.destroyed),
    outOfAction: ships.map(outOfAction),
    end,
  };
}
