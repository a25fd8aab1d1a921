import type { Aftermath } from '../events.ts';
import type { HealthMark, ThreeSixteenState } from '../state.ts';
import { type ConflictSide, campaignOf, SIDES } from './model.ts';

/**
 * What an event did to a conflict, read from the states around it, for the log (`decide` writes it
 * on the event beside `fell`): the marks each side took, and the end when it came. The reducers
 * work these out from the dice; the conflict's own events do not repeat them.
 */
export function conflictAftermath(
  before: ThreeSixteenState,
  after: ThreeSixteenState,
): Pick<Aftermath, 'struck' | 'conflictWon'> {
  const was = campaignOf(before).conflict;
  const now = campaignOf(after).conflict;
  // Only the same conflict, seen on both sides of the event (not one started or finished before).
  if (!was || !now || was.id !== now.id || was.step === 'ended') return {};
  const struck: { side: 'a' | 'b'; mark: 'X' | 'E' }[] = [];
  for (const side of SIDES) {
    const old = marksOf(before, was.sides[side]);
    const fresh = marksOf(after, now.sides[side]);
    // A box empty before and marked after (E marks cleared as the conflict ends are not hits).
    fresh.forEach((mark, i) => {
      if (mark !== null && (old[i] ?? null) === null) struck.push({ side, mark });
    });
  }
  const reason = now.step === 'ended' ? now.endReason : null;
  return {
    ...(struck.length > 0 ? { struck } : {}),
    ...(reason ? { conflictWon: { winner: now.winner, reason } } : {}),
  };
}

function marksOf(state: ThreeSixteenState, side: ConflictSide): readonly HealthMark[] {
  if (side.kind === 'npc') return side.health;
  return state.troopers[side.trooperId]?.health ?? [];
}
