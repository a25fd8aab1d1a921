import { z } from 'zod';
import { d1000, type RollRecord, rollSpec } from '../../../engine/dice/typed.ts';
import {
  type CommandSpec,
  codes,
  defineCommand,
  GM_AND_PLAYERS,
  textSchema,
  trooperIdSchema,
} from '../commands.ts';
import { awardCrimson, type MedalId } from '../data/index.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import { appendLog, type MedalRecord, type ThreeSixteenState, withThreat, withTrooper } from '../state.ts';
import { fail, requireActive, requireOwnTrooper, requirePhase } from './guards.ts';

/**
 * Mission-level weapons of the top ranks.
 *
 * Starkiller (Colonel+, held until fired): fired at the mission briefing, before any encounter.
 * The planet is destroyed (already crossed off its list when it was set), its user adds
 * d1000 × 10 to Total Kills and gains a medal, and the table goes on to a new planet; the user
 * starts that mission with 0 Kills This Mission. Bughunt reads "a medal" as the heroism medal of
 * the user's rank (the Crimson Skull with Oak Leaves for an officer, a cluster on a repeat).
 *
 * The Device (Brigadier, one use): destroys the Brigade, its star and the systems around it. The
 * kills are not counted; every trooper is dead and the campaign is over.
 */

export const strategicCommandSchemas = {
  fireStarkiller: z.strictObject({
    type: z.literal('fireStarkiller'),
    trooperId: trooperIdSchema,
    /** What the players see happen, in their words. */
    text: textSchema.optional(),
  }),
  activateDevice: z.strictObject({
    type: z.literal('activateDevice'),
    trooperId: trooperIdSchema,
    text: textSchema.optional(),
  }),
} as const;

type Schemas = typeof strategicCommandSchemas;
export type StrategicCommand = { [K in keyof Schemas]: z.infer<Schemas[K]> }[keyof Schemas];

export type StrategicEvent =
  | {
      readonly type: 'starkiller.fired';
      readonly trooperId: string;
      readonly planet: string;
      /** The d1000; the kills are its total × 10. */
      readonly roll: RollRecord;
      readonly kills: number;
      readonly medal: MedalId;
      readonly text: string;
    }
  | { readonly type: 'device.activated'; readonly trooperId: string; readonly text: string };

declare module '../commands.ts' {
  interface ExtraCommands {
    strategic: StrategicCommand;
  }
}
declare module '../events.ts' {
  interface ExtraEvents {
    strategic: StrategicEvent;
  }
}

export const STARKILLER_RANK = 7;
export const DEVICE_RANK = 8;
export const STARKILLER_MULTIPLIER = 10;

const fireStarkiller = defineCommand(
  'fireStarkiller',
  strategicCommandSchemas.fireStarkiller,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, 'briefing');
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    requireActive(t);
    const planet = state.planet;
    if (!planet) fail(codes.WRONG_PHASE, 'there is no planet to fire at');
    if (t.rank < STARKILLER_RANK) fail(codes.RANK_TOO_LOW, 'only a Colonel or higher fires a Starkiller');
    if (!t.vehicles.includes('starkiller'))
      fail(codes.NOT_AVAILABLE, `${t.name} holds no Starkiller (a replacement takes a Development Roll)`);
    const roll = rollSpec(ctx.dice, d1000, `Starkiller kills of ${t.name} (× ${STARKILLER_MULTIPLIER})`);
    const held = t.medals.map((m) => ({ medal: m.medal as MedalId, bars: m.count }));
    return [
      {
        type: 'starkiller.fired',
        trooperId: t.id,
        planet: planet.name,
        roll,
        kills: roll.total * STARKILLER_MULTIPLIER,
        medal: awardCrimson(t.rank, held).medal,
        text: c.text ?? '',
      },
    ];
  },
);

const activateDevice = defineCommand(
  'activateDevice',
  strategicCommandSchemas.activateDevice,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, 'briefing', 'mission', 'encounter', 'afterMission');
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    requireActive(t);
    // The GM never fires it for the NPC Brigadier: only a PC who holds the rank.
    if (t.ownerSeatId === null) fail(codes.NOT_AVAILABLE, 'The Device is a PC Brigadier’s choice alone');
    if (t.rank < DEVICE_RANK) fail(codes.RANK_TOO_LOW, 'only the Brigadier holds The Device');
    if (!t.vehicles.includes('theDevice')) fail(codes.NOT_AVAILABLE, `${t.name} does not hold The Device`);
    return [{ type: 'device.activated', trooperId: t.id, text: c.text ?? '' }];
  },
);

export const strategicCommands: readonly CommandSpec[] = [fireStarkiller, activateDevice];
export const STRATEGIC_EVENT_TYPES = ['starkiller.fired', 'device.activated'] as const;

function addMedal(medals: readonly MedalRecord[], medal: MedalId): MedalRecord[] {
  const current = medals.find((m) => m.medal === medal);
  if (!current) return [...medals, { medal, count: 0 }];
  return medals.map((m) => (m.medal === medal ? { ...m, count: m.count + 1 } : m));
}

export function evolveStrategic(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'starkiller.fired': {
      let s = withTrooper(state, event.trooperId, (t) => ({
        ...t,
        totalKills: t.totalKills + event.kills,
        killsThisMission: 0,
        medals: addMedal(t.medals, event.medal),
        vehicles: t.vehicles.filter((v) => v !== 'starkiller'),
      }));
      // The planet is gone: the next step is a new planet and its briefing.
      s = { ...s, planet: null, mission: null };
      return appendLog(
        s,
        event.trooperId,
        event.text || `${event.planet} and its star are gone: ${event.kills} kills.`,
      );
    }
    case 'device.activated': {
      const troopers = { ...state.troopers };
      for (const id of state.trooperOrder) {
        const t = troopers[id];
        if (t?.status === 'active') troopers[id] = { ...t, status: 'dead' };
      }
      // A fight under way ends with everyone in it: its tokens are discarded, not lost from the count.
      const tokens = state.encounter?.tokens ?? 0;
      const base =
        tokens > 0 ? withThreat(state, (th) => ({ ...th, discarded: th.discarded + tokens })) : state;
      const s: ThreeSixteenState = {
        ...base,
        troopers,
        encounter: null,
        lastEncounter: state.encounter ?? state.lastEncounter,
        campaign: { ...state.campaign, phase: 'over' },
      };
      return appendLog(s, event.trooperId, event.text || 'The Device goes off. The Brigade is no more.');
    }
    default:
      return state;
  }
}
