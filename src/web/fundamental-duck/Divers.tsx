import { useEffect, useState } from 'react';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { legalDivers } from '../../rules/fundamental-duck/legal.ts';
import { type FdState, readyChit, waitChit } from '../../rules/fundamental-duck/state.ts';
import { chitFor } from '../../rules/fundamental-duck/turn.ts';
import { asState, type FdView } from './model.ts';
import { OrderButton } from './StandUp.tsx';

/**
 * Diving under a closing door (15.2) at the table: whoever shuts a door (closing it from its zone,
 * or shutting it on a crossing Threat) may name the men in its aperture squares who dive under it
 * as it shuts. Who may be named is the rules' own answer (`legalDivers`, which makes the checks
 * `diversFor` makes when the command comes in), asked for the men already ticked plus each other.
 */

/**
 * Whether `chosen` (in the order ticked) may all dive together under `door` as it shuts. The
 * rules' `legalDivers` takes the men in team order while the landing room lasts, so it is asked
 * with the ticked men put first in that order (the order only: every man still counts where he
 * stands): its list starts with them all exactly when the command naming them would pass.
 */
export function diveTogether(state: FdState, door: number, chosen: readonly string[]): boolean {
  const teamOrder = [...chosen, ...state.teamOrder.filter((id) => !chosen.includes(id))];
  const taken = legalDivers({ ...state, teamOrder }, door);
  return chosen.every((id, k) => taken[k] === id);
}

/** Who may be ticked now, beside `chosen`: each man the rules would take with them, in team order. */
export function diversOffered(state: FdState, door: number, chosen: readonly string[]): string[] {
  return state.teamOrder.filter(
    (id) => chosen.includes(id) || diveTogether(state, door, [...chosen.filter((c) => c !== id), id]),
  );
}

/**
 * What a dive costs the man (15.2, `actions.ts` `diveUnder`): his WAIT chit, else a READY one,
 * else a fumble test that, failed, leaves him under the door. The one shutting it has paid for
 * that first with a chit of his own (`chitFor`), which no longer pays for his dive.
 */
export function diveCost(state: FdState, diverId: string, closerId: string): string {
  const t = state.teamers[diverId];
  if (!t) return '';
  let chits = t.chits;
  if (diverId === closerId) {
    try {
      const paid = chitFor(state, t, 'other').chit;
      chits = paid === 0 ? ['ACTED', chits[1]] : [chits[0], 'ACTED'];
    } catch {
      // He cannot pay for the shutting at all: the rules refuse the command, whatever he names.
    }
  }
  const after = { ...t, chits };
  if (waitChit(after) !== null) return 'his WAIT chit';
  if (readyChit(after) !== null) return 'a READY chit';
  return state.rules.pack.combat.crushing.teamer === 'wounded'
    ? 'no chit left: a fumble test, wounded if he fails'
    : 'no chit left: a fumble test, crushed if he fails';
}

/**
 * The button that shuts a door, with a tick box for each man who may dive under it as it shuts
 * (none shown when nobody may). `shut` makes the command from the divers ticked.
 */
export function ShutDoor({
  view,
  door,
  closerId,
  label,
  testId,
  busy,
  shut,
  send,
}: {
  view: FdView;
  door: number;
  closerId: string;
  label: string;
  testId?: string;
  busy?: boolean;
  shut: (divers: string[]) => FdCommand;
  send: (c: FdCommand) => void;
}) {
  const state = asState(view);
  const [chosen, setChosen] = useState<string[]>([]);
  // Ticks the state no longer allows (a man moved, the far square filled) are all dropped.
  const stale = !diveTogether(state, door, chosen);
  useEffect(() => {
    if (stale) setChosen([]);
  }, [stale]);
  const divers = stale ? [] : chosen;
  const offered = diversOffered(state, door, divers);
  const idBase = `fd-dive-${door}-${closerId}`;
  return (
    <span className="fd-shut-door">
      <OrderButton command={shut(divers)} run={send} disabled={busy} testId={testId}>
        {label}
        {divers.length > 0
          ? `, ${divers.map((id) => view.teamers[id]?.name ?? id).join(' and ')} diving under`
          : ''}
      </OrderButton>
      {offered.length > 0 ? (
        <fieldset className="fd-divers" data-testid={`fd-divers-${door}`}>
          <legend>Dive under it as it shuts</legend>
          {offered.map((id) => (
            <label key={id} htmlFor={`${idBase}-${id}`}>
              <input
                id={`${idBase}-${id}`}
                type="checkbox"
                checked={divers.includes(id)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...divers, id] : divers.filter((d) => d !== id))
                }
                data-testid={`fd-dive-${id}`}
              />{' '}
              {view.teamers[id]?.name ?? id} ({diveCost(state, id, closerId)})
            </label>
          ))}
        </fieldset>
      ) : null}
    </span>
  );
}
