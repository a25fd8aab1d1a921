import { codes, defineCommand, GM_AND_PLAYERS } from '../commands.ts';
import { fail, requireOwnTrooper } from '../encounter/guards.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import { appendLog, type ThreeSixteenState, withTrooper } from '../state.ts';
import { serviceOf, withService } from './model.ts';
import { campaignSchemas } from './schemas.ts';

/**
 * Everyday gear (the book's "Everyday Trooper Shit"): no Development Roll, the trooper just takes
 * it. Allowed in any phase, since taking a pack of radium gum settles nothing in the dice; only a
 * trooper still with the squad (active, or sitting out a mission its player runs) can take it.
 * The item is remembered in the trooper's service record so a rank change keeps it in the kit.
 */
const takeGear = defineCommand('takeGear', campaignSchemas.takeGear, GM_AND_PLAYERS, (state, c, ctx) => {
  const t = requireOwnTrooper(state, c.trooperId, ctx);
  const withSquad = t.status === 'active' || (t.status === 'retired' && serviceOf(t).sittingOut);
  if (!withSquad) fail(codes.TROOPER_NOT_ACTIVE, `${t.name} is ${t.status}`, { status: t.status });
  if (t.kit.includes(c.item))
    fail(codes.ALREADY_DONE, `${t.name} already carries ${c.item}`, { item: c.item });
  return [{ type: 'campaign.gearTaken', trooperId: t.id, item: c.item }];
});

export const gearCommands = [takeGear];

export function evolveGear(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  if (event.type !== 'campaign.gearTaken') return state;
  const item = event.item;
  const s = withTrooper(state, event.trooperId, (t) => {
    // Into the kit now, and into the service record so that withRank keeps it on a rank change.
    const next = withService(t, (sv) => ({ ...sv, gear: [...(sv.gear ?? []), item] }));
    return { ...next, kit: [...next.kit, item] };
  });
  return appendLog(s, event.trooperId, `${s.troopers[event.trooperId]?.name} takes ${item}.`);
}

export const GEAR_EVENTS = ['campaign.gearTaken'] as const;
