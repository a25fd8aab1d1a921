import type {
  DiceAmount,
  FdPack,
  PackCatastropheResult,
  PackEventCard,
  PackMission,
  PackReactionProfile,
  PackSpecies,
  PackTeamer,
  PackWeapon,
} from './data/pack-schema.ts';
import type { Ping } from './state.ts';

/**
 * The data pack indexed for the rules: lookups by id and the few values that combine several pack
 * fields (the team's catastrophe table, the Threat Level). Built once per table by `rulesFromPack`
 * and shared by every state of it (plain JSON, so snapshots and hashes hold it as they are).
 */
export interface FdRules {
  readonly pack: FdPack;
  readonly teamers: readonly PackTeamer[];
  readonly weapons: Readonly<Record<string, PackWeapon>>;
  readonly species: Readonly<Record<string, PackSpecies>>;
  readonly profiles: Readonly<Record<string, PackReactionProfile>>;
  readonly events: Readonly<Record<string, PackEventCard>>;
  readonly missions: readonly PackMission[];
  readonly catastrophes: readonly {
    readonly min: number;
    readonly max: number;
    readonly result: PackCatastropheResult;
  }[];
  readonly pings: Readonly<Record<Ping, DiceAmount>>;
  readonly markerPool: Readonly<Record<Ping, number>>;
  /** Stress chit values in the pool, one entry per kind; `kitty.pool` counts what is left of each. */
  readonly stressValues: readonly number[];
  readonly stressCounts: readonly number[];
  readonly arenaIds: readonly string[];
  /** Threats added to every non-NONE ping (campaign Threat Level × Threats per level). */
  readonly threatBonus: number;
  /** Optional event roll: a card happens on a d6 at or above this; null when the option is off. */
  readonly eventRollOn: number | null;
}

/**
 * One rules object per pack object: the arena model, its distance fields and the board are cached
 * by the rules' identity (board-adapter.ts), so a simulator starting thousands of missions from the
 * same pack builds them once instead of once per mission. Rules are never changed after this.
 */
const byPack = new WeakMap<FdPack, FdRules>();

export function rulesFromPack(pack: FdPack): FdRules {
  let rules = byPack.get(pack);
  if (!rules) {
    rules = buildRules(pack);
    byPack.set(pack, rules);
  }
  return rules;
}

function buildRules(pack: FdPack): FdRules {
  const byId = <T extends { readonly id: string }>(list: readonly T[]): Record<string, T> =>
    Object.fromEntries(list.map((x) => [x.id, x]));
  const table =
    pack.catastropheTables.find((t) => t.id === pack.team.catastropheTable) ?? pack.catastropheTables[0];
  return {
    pack,
    teamers: pack.team.teamers,
    weapons: byId(pack.weapons),
    species: byId(pack.species),
    profiles: byId(pack.reactionProfiles),
    events: byId(pack.markers.eventDeck),
    missions: pack.missions,
    catastrophes: table?.bands ?? [],
    pings: pack.markers.distribution,
    markerPool: pack.markers.infestationPool,
    stressValues: pack.markers.stressChits.map((c) => c.value),
    stressCounts: pack.markers.stressChits.map((c) => c.count),
    arenaIds: pack.arenas.map((a) => a.id),
    threatBonus: pack.campaign.threatLevel.start * pack.campaign.threatLevel.threatsPerLevel,
    eventRollOn: pack.options.switches.eventRoll ? pack.markers.eventRoll.happensOn : null,
  };
}

export function missionOf(rules: FdRules, id: string): PackMission {
  return (rules.missions.find((m) => m.id === id) ?? rules.missions[0]) as PackMission;
}
