import type { SeatRef, View } from './model.ts';

/** A player's trooper that fell and is not replaced yet, and what that player does next. */
export interface FallenNotice {
  readonly trooperId: string;
  readonly name: string;
  readonly wreck: boolean;
  /** FA + NFA: the points the replacement gets. */
  readonly points: number;
  /** 'now': the debrief is on, the replacement can be made; 'later': after the mission. */
  readonly replace: 'now' | 'later';
}

/**
 * The player of a fallen PC sees a table that no longer waits on him: say what happened and what
 * comes next, instead of leaving him with "waiting for the GM". Null when the seat still plays an
 * active (or sitting-out) trooper, or has no fallen one.
 */
export function fallenNotice(view: View, seat: SeatRef): FallenNotice | null {
  if (seat.role !== 'player') return null;
  const mine = view.trooperOrder.map((id) => view.troopers[id]).filter((t) => t?.ownerSeatId === seat.seatId);
  if (mine.some((t) => t?.status === 'active' || t?.status === 'retired')) return null;
  const fallen = [...mine].reverse().find((t) => t?.status === 'dead' || t?.status === 'wreck');
  if (!fallen) return null;
  return {
    trooperId: fallen.id,
    name: fallen.name,
    wreck: fallen.status === 'wreck',
    points: fallen.fa + fallen.nfa,
    replace: view.campaign.phase === 'afterMission' ? 'now' : 'later',
  };
}

export function Fallen({ view, seat }: { view: View; seat: SeatRef }) {
  const f = fallenNotice(view, seat);
  if (!f) return null;
  return (
    <section
      className="ts-card ts-fallen"
      aria-label={`${f.name} fell`}
      data-testid={`fallen-${f.trooperId}`}
    >
      <h3>
        {f.name} {f.wreck ? 'is broken beyond saving.' : 'is dead.'}
      </h3>
      <p>
        {f.wreck
          ? `${f.name}'s third box filled with an E: the mind gave out, and ${f.name} is out of the war.`
          : `${f.name}'s third box filled: ${f.name} died in the fight.`}{' '}
        The log and the Story tab say what hit {f.name} and when.
      </p>
      {f.replace === 'later' ? (
        <p>
          <strong>What comes next:</strong> you sit out the rest of this mission (follow the fight, chat and
          roll dice as you like). At the debrief, when the mission is over, you bring in a replacement
          trooper: a new one with {f.name}'s {f.points} points of FA and NFA, who inherits {f.name}'s
          flashback slots. The table will ask you for it then.
        </p>
      ) : (
        <p>
          <strong>Your move:</strong> bring in your replacement trooper now, with the form under the debrief:
          a new one with {f.name}'s {f.points} points of FA and NFA.
        </p>
      )}
    </section>
  );
}
