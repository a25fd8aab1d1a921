import type { DiceSource } from '../../../engine/dice/source.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import type { Role } from '../../../engine/ruleset.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import { codes } from '../commands.ts';
import type { Encounter, EncounterStep, Phase, ThreeSixteenState, Trooper } from '../state.ts';

/** Checks shared by every part's decide. Each throws a RuleError with a stable code. */

/**
 * A seat of this table with one of these roles. Seat ids come from commands, so the lookup is an
 * own-property check (a seat id such as "constructor" names nothing here).
 */
export function requireSeat(state: ThreeSixteenState, seatId: string, ...roles: Role[]): void {
  const seat = Object.hasOwn(state.seats, seatId) ? state.seats[seatId] : undefined;
  if (!seat) throw new RuleError('UNKNOWN_SEAT', `no seat ${seatId} sits at this table`, { seatId });
  if (!roles.includes(seat.role))
    throw new RuleError(
      codes.INVALID_VALUE,
      `seat ${seatId} is a ${seat.role} seat; this needs a ${roles.join(' or ')}`,
      {
        seatId,
        role: seat.role,
      },
    );
}

export function requirePhase(state: ThreeSixteenState, ...phases: Phase[]): void {
  if (!phases.includes(state.campaign.phase)) {
    throw new RuleError(
      codes.WRONG_PHASE,
      `this can only be done during ${phases.join(' or ')}; the table is in ${state.campaign.phase}`,
      { phase: state.campaign.phase, allowed: phases },
    );
  }
}

export function requireTrooper(state: ThreeSixteenState, id: string): Trooper {
  const t = state.troopers[id];
  if (!t) throw new RuleError(codes.UNKNOWN_TROOPER, `no trooper has the id ${id}`, { trooperId: id });
  return t;
}

/**
 * The dice for a roll of this trooper: the sender's own when the sender plays it, else the table's
 * (a player's typed faces never decide someone else's roll; see DecideContext.tableDice).
 */
export function diceFor(state: ThreeSixteenState, ctx: DecideContext, trooperId: string): DiceSource {
  return state.troopers[trooperId]?.ownerSeatId === ctx.actor.seatId ? ctx.dice : othersDice(ctx);
}

/** The trooper, if the actor may act for it: its owning player, or the GM (the final word). */
export function requireOwnTrooper(state: ThreeSixteenState, id: string, ctx: DecideContext): Trooper {
  const t = requireTrooper(state, id);
  if (ctx.actor.role !== 'gm' && t.ownerSeatId !== ctx.actor.seatId) {
    throw new RuleError(codes.NOT_YOUR_TROOPER, `${t.name} is played by someone else`, { trooperId: id });
  }
  return t;
}

export function requireActive(t: Trooper): void {
  if (t.status !== 'active') {
    throw new RuleError(codes.TROOPER_NOT_ACTIVE, `${t.name} is ${t.status} and cannot act`, {
      trooperId: t.id,
      status: t.status,
    });
  }
}

export function requireEncounter(state: ThreeSixteenState, ...steps: EncounterStep[]): Encounter {
  const e = state.encounter;
  if (!e || state.campaign.phase !== 'encounter') {
    throw new RuleError(codes.WRONG_PHASE, 'there is no encounter under way', {
      phase: state.campaign.phase,
    });
  }
  if (steps.length > 0 && !steps.includes(e.step)) {
    throw new RuleError(codes.WRONG_STEP, `the encounter is at ${e.step}, not ${steps.join(' or ')}`, {
      step: e.step,
      allowed: steps,
    });
  }
  return e;
}

/** A trooper still fighting in the encounter (taking part, not dead, not gone). */
export function requireInEncounter(e: Encounter, t: Trooper): void {
  if (!e.pcs.includes(t.id) || e.out[t.id] !== undefined || t.status !== 'active') {
    throw new RuleError(codes.NOT_IN_ENCOUNTER, `${t.name} is not fighting in this encounter`, {
      trooperId: t.id,
    });
  }
}

/**
 * While a Kill waits for its trooper's answer, or a trooper must write a Weakness, the round does
 * not move on. Flashbacks, answers, narration and GM overrides stay open.
 */
export function requireNoPending(e: Encounter): void {
  if (e.pendingKills.length > 0 || e.forcedWeakness.length > 0) {
    throw new RuleError(
      codes.PENDING_DECISION,
      'a trooper must first answer a Kill or write a forced Weakness',
      {
        pendingKills: e.pendingKills.map((p) => p.trooperId),
        forcedWeakness: e.forcedWeakness,
      },
    );
  }
}

export function fail(code: string, message: string, details?: Readonly<Record<string, unknown>>): never {
  throw new RuleError(code, message, details);
}
