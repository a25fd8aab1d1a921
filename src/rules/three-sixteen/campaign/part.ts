import { definePart } from '../commands.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import type { ThreeSixteenState } from '../state.ts';
import { BETWEEN_EVENTS, betweenCommands, evolveBetween } from './between.ts';
import { CONFLICT_EVENTS, conflictCommands, evolveConflict } from './conflict.ts';
import { evolveGear, GEAR_EVENTS, gearCommands } from './gear.ts';
import { EMPTY_CAMPAIGN, withCampaign } from './model.ts';
import { evolveReplacement, REPLACEMENT_EVENTS, replacementCommands } from './replacement.ts';

/**
 * The campaign part of 3:16: between missions, replacements, field promotion, everyday gear, the rotating GM
 * and conflicts without Threat Tokens. Plugged into ruleset.ts PARTS with one line.
 */

const between = new Set<string>(BETWEEN_EVENTS);
const replacement = new Set<string>(REPLACEMENT_EVENTS);
const gear = new Set<string>(GEAR_EVENTS);

function evolveCampaign(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  if (between.has(event.type)) return evolveBetween(state, event);
  if (replacement.has(event.type)) return evolveReplacement(state, event);
  if (gear.has(event.type)) return evolveGear(state, event);
  return evolveConflict(state, event);
}

export const campaignPart = definePart({
  name: 'campaign',
  commands: [...betweenCommands, ...replacementCommands, ...gearCommands, ...conflictCommands],
  eventTypes: [...BETWEEN_EVENTS, ...REPLACEMENT_EVENTS, ...GEAR_EVENTS, ...CONFLICT_EVENTS],
  evolve: evolveCampaign,
  initialState: (state) => withCampaign(state, () => EMPTY_CAMPAIGN),
});
