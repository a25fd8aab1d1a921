import { RuleError } from '../../engine/rule-error.ts';
import type { CoreCommand, FdCommand } from './commands.ts';
import type { FdState, Teamer } from './state.ts';

/**
 * 10.2: what a ducked (lying-down) Teamer may do. The booklet lists it: crawl a square an action,
 * reload a weapon that is not heavy, shoot at an enemy come into his own square, throw a short way.
 * Bughunt reads that list as all he may do lying down, so every other action of the Team phase or
 * a WAIT trigger needs him up first: standing up is an action of its own (`task standUp`), or,
 * when the action is paid with his WAIT chit, part of it (`standUp: true`, `actions.ts`
 * `standForWait`, which runs before this check). What is not an action stays open to him
 * (activating, ending, throwing a chit away, WAIT, holding a WAIT, the DOOR RC's hold, setting
 * down what he carries, undo). The crawl, the shot and the throw keep their own checks
 * (`movement.ts`, `combat.ts`), and so do the actions that already refused a ducked man before
 * this list (setting up a drone gun, getting into a vehicle, climbing into a ceiling).
 */

/** Actions a ducked Teamer must stand up for (beyond the ones with a DUCKED check of their own). */
const STAND_FOR: ReadonlySet<string> = new Set<CoreCommand['type']>([
  'turn',
  'grapple',
  'scan',
  'operateDoor',
  'crush',
  'carry',
  'juggle',
  'directDrone',
  'bridgeOverride',
]);

/** Other Actions (`task`) he may take lying down: reloading, and standing up itself (`duck` refuses itself). */
const LYING_TASKS: ReadonlySet<string> = new Set(['reload', 'standUp', 'duck']);

/**
 * Whether this Teamer, ducked, would have to stand up before this command (false when he stands).
 * Any command of the ruleset (a chat line never needs him up): the table greys its orders with it.
 */
export function mustStandFor(t: Teamer, c: FdCommand): boolean {
  if (!t.ducked) return false;
  if (c.type === 'task') return !LYING_TASKS.has(c.task);
  return STAND_FOR.has(c.type);
}

/** Refuses (DUCKED) an action a ducked Teamer may not take lying down; nothing is changed. */
export function refuseDucked(state: FdState, c: CoreCommand): void {
  if (!('teamerId' in c) || typeof c.teamerId !== 'string' || !Object.hasOwn(state.teamers, c.teamerId))
    return;
  const t = state.teamers[c.teamerId] as Teamer;
  if (mustStandFor(t, c))
    throw new RuleError(
      'DUCKED',
      `${t.name} is lying down: he stands up first (an action, or with his WAIT chit as part of this one)`,
      { teamerId: t.id },
    );
}
