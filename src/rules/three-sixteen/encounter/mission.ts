import { D10 } from '../../../engine/dice/die.ts';
import { appended } from '../../../engine/fold.ts';
import { healBeforePlanet, requireReadyForPlanet } from '../campaign/between.ts';
import { campaignOf, currentBetween, serviceOf, withService } from '../campaign/model.ts';
import { theGroup } from '../campaign/promotion-hook.ts';
import {
  type CommandOf,
  codes,
  coreCommandSchemas,
  defineCommand,
  definePart,
  GM_AND_PLAYERS,
  GM_ONLY,
} from '../commands.ts';
import {
  alienAbilityInfo,
  encounterCap as capFor,
  computeAa,
  type HandSetPicks,
  handSetEntries,
  type PlanetEntries,
  type PlanetThreat,
  planetThreat,
} from '../data/index.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import {
  appendLog,
  type Encounter,
  NO_MISSION_FLAGS,
  NO_PLANET_USES,
  type Planet,
  type ThreeSixteenState,
  type Trooper,
  withTrooper,
} from '../state.ts';
import { flashbackSlot, freshEffects, NO_ROUND_EFFECTS, pcTarget, withFlashbackUsed } from './core.ts';
import { fail, requireActive, requireOwnTrooper, requirePhase } from './guards.ts';
import { evolveStrategic, STRATEGIC_EVENT_TYPES, strategicCommands } from './strategic.ts';

/**
 * Mission flow: planet, briefing, scenes (free text and NFA tests), encounters with the token cap,
 * the final encounter, end of mission (the campaign part takes over in `afterMission`).
 */

export function activeTroopers(state: ThreeSixteenState): string[] {
  return state.trooperOrder.filter((id) => state.troopers[id]?.status === 'active');
}

/** At most PCs × 2 tokens in one encounter, except the final one. */
export function encounterCap(state: ThreeSixteenState): number {
  return capFor(activeTroopers(state).length);
}

/**
 * Planet Threat for the squad that lands: every active trooper counts toward the number (NPC
 * squad members too), but only the group's highest rank raises the multiplier (a Major's × 6, a
 * Lt Colonel's × 7): the PCs', or the squad's when it has no PC. An NPC Major leads no mission.
 */
export function squadThreat(
  state: ThreeSixteenState,
  options: { shortSessions?: boolean } = {},
): PlanetThreat {
  const ranks = theGroup(state).map((t) => t.rank);
  return planetThreat(activeTroopers(state).length, {
    highestRank: Math.max(0, ...ranks),
    shortSessions: options.shortSessions ?? false,
  });
}

/**
 * The list entries a hand-set planet uses, checked against the campaign's record as a rolled
 * planet's are (`handSetEntries`), and so the entries it crosses off. The AA method and the
 * abilities are list entries whether or not `entries` repeats them; a typed name, form,
 * description or AA is on no list, so only `entries` can say one came from a list.
 */
function planetEntries(state: ThreeSixteenState, c: CommandOf<'setPlanet'>): PlanetEntries {
  const given = c.entries ?? {};
  const abilities = [...new Set(c.abilities ?? [])].map((id) => alienAbilityInfo(id).number);
  if (given.ability !== undefined) {
    const same =
      new Set(given.ability).size === abilities.length && given.ability.every((n) => abilities.includes(n));
    if (!same)
      fail('PLANET_ENTRY_MISMATCH', 'the abilities crossed off must be the planet’s own abilities', {
        entries: given.ability,
        abilities,
      });
  }
  if (given.aaMethod !== undefined && c.aaMethod !== undefined && given.aaMethod !== c.aaMethod)
    fail('PLANET_ENTRY_MISMATCH', 'the AA method crossed off must be the planet’s AA method', {
      entries: given.aaMethod,
      aaMethod: c.aaMethod,
    });
  const aaMethod = c.aaMethod ?? given.aaMethod;
  const picks: HandSetPicks = {
    ...(given.name === undefined ? {} : { name: given.name }),
    ...(given.form === undefined ? {} : { form: given.form }),
    ...(given.description === undefined ? {} : { description: given.description }),
    ...(aaMethod === undefined ? {} : { aaMethod }),
    abilities,
  };
  // Bughunt read: the first planet, set by hand before any mission (`setup`, nothing crossed off
  // yet), may carry several abilities. Tables built for a single fight (the simulator, the
  // property tests, one-shots) are set up that way; from the next planet on the campaign's record
  // holds the GM to the book's one ability while the list lasts, 2 or 3 once it is used up.
  return handSetEntries(state.campaign.crossedOff, picks, {
    abilityCount: state.campaign.phase !== 'setup',
  });
}

const setPlanet = defineCommand('setPlanet', coreCommandSchemas.setPlanet, GM_ONLY, (state, c) => {
  requirePhase(state, 'setup', 'briefing', 'afterMission');
  // Medals, healing, the Orbital Bombardment grilling and the levels belong to the mission that
  // just ended; moving on to the next planet first would skip them.
  if (state.campaign.phase === 'afterMission' && !currentBetween(state))
    fail('DEBRIEF_FIRST', 'debrief the mission that ended before setting the next planet');
  requireReadyForPlanet(state);
  if (activeTroopers(state).length === 0) fail(codes.INVALID_VALUE, 'create the troopers before the planet');
  if (c.aa === undefined && c.aaMethod === undefined) {
    fail(codes.INVALID_VALUE, 'give the planet either an AA or an AA method');
  }
  const entries = planetEntries(state, c);
  // The AA methods read the group (`theGroup`); NPC squad members count for Threat too.
  const aa = c.aa ?? computeAa(c.aaMethod as number, theGroup(state)).value;
  const threat = c.threat ?? squadThreat(state).tokens;
  const planet: Planet = {
    name: c.name,
    form: c.form ?? '',
    description: c.description ?? '',
    abilities: [...new Set(c.abilities ?? [])],
    aaMethod: c.aa === undefined ? (c.aaMethod ?? null) : null,
    aa,
    threat: { initial: threat, pool: threat, removed: 0, discarded: 0, spent: 0, adjusted: 0 },
    encountersFought: 0,
    cleared: false,
  };
  return [...healBeforePlanet(state), { type: 'planet.set', planet, entries }];
});

const briefMission = defineCommand('briefMission', coreCommandSchemas.briefMission, GM_ONLY, (state, c) => {
  requirePhase(state, 'briefing');
  if (!state.planet) fail(codes.WRONG_PHASE, 'set the next planet first');
  return [{ type: 'mission.briefed', text: c.text }];
});

const addScene = defineCommand('addScene', coreCommandSchemas.addScene, GM_AND_PLAYERS, (state, c, ctx) => {
  requirePhase(state, 'mission');
  if (c.secret && ctx.actor.role !== 'gm') fail(codes.INVALID_VALUE, 'only the GM keeps secrets');
  return [
    c.secret
      ? { type: 'scene.added', text: c.text, secret: true, by: ctx.actor.seatId }
      : { type: 'scene.added', text: c.text, secret: false },
  ];
});

/**
 * A flashback away from the fighting: the player tells a moment from the trooper's past that
 * changes the scene (a Strength wins it, a Weakness loses it, on the player's terms). It fills the
 * slot and counts for promotion or demotion like one used in an encounter. In a fight or a
 * conflict the flashback commands of those are used instead.
 *
 * The book lets a player use one whenever the trooper is not in immediate danger, so the briefing
 * is open too. It counts for the mission, as a conflict's flashback at the briefing does: the
 * mission's flags start when the planet is set (`planet.set`).
 */
const sceneFlashback = defineCommand(
  'sceneFlashback',
  coreCommandSchemas.sceneFlashback,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, 'briefing', 'mission');
    const running = campaignOf(state).conflict;
    if (running && running.step !== 'ended')
      fail('CONFLICT_RUNNING', 'a conflict is under way: use the flashback in the conflict');
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    requireActive(t);
    if (c.hatredForHome && c.kind !== 'weakness') fail(codes.INVALID_VALUE, 'Hatred for Home is a Weakness');
    const slot = flashbackSlot(c.kind === 'strength' ? t.strengths : t.weaknesses, c.hatredForHome);
    if (slot < 0) fail(codes.NO_SLOT, `${t.name} has no ${c.kind} available`);
    return [{ type: 'scene.flashback', trooperId: t.id, kind: c.kind, text: c.text, slot }];
  },
);

const nfaTest = defineCommand('nfaTest', coreCommandSchemas.nfaTest, GM_AND_PLAYERS, (state, c, ctx) => {
  requirePhase(state, 'mission', 'briefing', 'afterMission');
  const t = requireOwnTrooper(state, c.trooperId, ctx);
  requireActive(t);
  const target = pcTarget(state, t, 'nfa');
  const face = ctx.dice.roll(D10, `NFA test of ${t.name}`);
  return [
    { type: 'nfaTest.rolled', trooperId: t.id, text: c.text ?? '', face, target, success: face <= target },
  ];
});

const startEncounter = defineCommand(
  'startEncounter',
  coreCommandSchemas.startEncounter,
  GM_ONLY,
  (state, c) => {
    requirePhase(state, 'mission');
    const planet = state.planet;
    if (!planet) fail(codes.WRONG_PHASE, 'there is no planet');
    const poolLeft = planet.threat.pool;
    if (c.tokens > poolLeft) {
      fail(codes.NOT_ENOUGH_TOKENS, `the planet has only ${poolLeft} Threat Tokens left`, { pool: poolLeft });
    }
    if (c.final && c.tokens !== poolLeft) {
      fail(codes.INVALID_VALUE, `the final encounter takes every remaining token (${poolLeft})`, {
        pool: poolLeft,
      });
    }
    const cap = encounterCap(state);
    if (c.tokens > cap) {
      // The final one too: whatever is over the cap goes to an encounter before the finale.
      fail(
        codes.OVER_TOKEN_CAP,
        c.final
          ? `the final encounter holds at most ${cap} tokens (PCs × 2): play the other ${c.tokens - cap} in an encounter before it`
          : `an encounter holds at most ${cap} tokens (PCs × 2)`,
        { cap },
      );
    }
    const active = activeTroopers(state);
    const troopers = c.troopers ? [...new Set(c.troopers)] : active;
    for (const id of troopers) {
      if (!active.includes(id))
        fail(codes.TROOPER_NOT_ACTIVE, `trooper ${id} cannot take part`, { trooperId: id });
    }
    if (troopers.length === 0) fail(codes.INVALID_VALUE, 'an encounter needs at least one trooper');
    return [
      {
        type: 'encounter.started',
        tokens: c.tokens,
        final: c.final ?? false,
        description: c.description ?? '',
        troopers,
      },
    ];
  },
);

const endMission = defineCommand('endMission', coreCommandSchemas.endMission, GM_ONLY, (state) => {
  requirePhase(state, 'mission');
  return [{ type: 'mission.ended' }];
});

export function newEncounter(
  state: ThreeSixteenState,
  tokens: number,
  final: boolean,
  description: string,
  pcs: readonly string[],
): Encounter {
  return {
    number: (state.mission?.encountersFought ?? 0) + 1,
    final,
    description,
    tokens,
    committed: tokens,
    step: 'dominance',
    pcs,
    positions: {},
    out: {},
    dominance: {},
    rangeSetter: null,
    ambush: null,
    round: 0,
    roundsWithoutKills: 0,
    killsThisRound: 0,
    tokensRemovedByRound: {},
    killsByTrooperThisRound: {},
    killsByTrooperLastRound: {},
    roundsWithoutKillsIfVoid: 0,
    bombTally: null,
    declarations: {},
    aliensDeclared: false,
    rolls: {},
    queue: [],
    cursor: 0,
    pendingKills: [],
    forcedWeakness: [],
    induceWeaknessTarget: null,
    fellAtFace: {},
    effects: freshEffects(state),
    roundEffects: NO_ROUND_EFFECTS,
    vehicles: [],
    endReason: null,
  };
}

function evolveMission(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'planet.set': {
      const crossed = { ...state.campaign.crossedOff };
      const add = (list: keyof typeof crossed, n: number | undefined) => {
        if (n !== undefined && !crossed[list].includes(n)) crossed[list] = [...crossed[list], n];
      };
      add('name', event.entries.name);
      add('form', event.entries.form);
      add('description', event.entries.description);
      add('aaMethod', event.entries.aaMethod);
      for (const n of event.entries.ability ?? []) add('ability', n);
      // Leaving the old planet: armour, per-planet support and Lasting Wounds reset. The mission
      // starts with its briefing, so its kills and flags (a Strength used in a conflict at the
      // briefing counts for promotion) start now; the last mission's were read at its debrief.
      const troopers = { ...state.troopers };
      for (const id of state.trooperOrder) {
        const t = troopers[id];
        if (!t) continue;
        const landed: Trooper = {
          ...t,
          lastingWounds: 0,
          armour: t.armour === 'used' ? 'available' : t.armour,
          planetUses: NO_PLANET_USES,
          killsThisMission: 0,
          missionFlags: NO_MISSION_FLAGS,
        };
        // A field promotion's weapon pick stays open only until the next planet.
        troopers[id] = serviceOf(t).fieldPicks
          ? withService(landed, ({ fieldPicks: _closed, ...sv }) => sv)
          : landed;
      }
      return {
        ...state,
        troopers,
        planet: event.planet,
        campaign: {
          ...state.campaign,
          phase: 'briefing',
          crossedOff: crossed,
          planetsVisited: [...state.campaign.planetsVisited, event.planet.name],
        },
      };
    }
    case 'mission.briefed': {
      return {
        ...state,
        mission: {
          number: state.campaign.missionsCount + 1,
          briefing: event.text,
          scenes: [],
          encountersFought: 0,
          finalEncounterStarted: false,
        },
        campaign: { ...state.campaign, phase: 'mission' },
      };
    }
    case 'scene.added':
      return withScene(
        state,
        event.by === undefined
          ? { kind: 'scene', text: event.text, secret: event.secret }
          : { kind: 'scene', text: event.text, secret: event.secret, by: event.by },
      );
    case 'nfaTest.rolled': {
      const s = withTrooper(state, event.trooperId, (t) => ({ ...t, preparationBonus: 0 }));
      if (state.campaign.phase === 'briefing') {
        // The mission's record opens with its briefing; a test before it belongs to no scene list
        // (the last mission's is closed), so it is a line of the log.
        const who = state.troopers[event.trooperId]?.name ?? event.trooperId;
        const what = event.text ? ` (${event.text})` : '';
        return appendLog(
          s,
          event.trooperId,
          `${who} tests NFA${what}: ${event.face} against ${event.target}, ${event.success ? 'a success' : 'a failure'}.`,
        );
      }
      return withScene(s, {
        kind: 'nfaTest',
        text: event.text,
        trooperId: event.trooperId,
        roll: event.face,
        target: event.target,
        success: event.success,
        secret: false,
      });
    }
    case 'encounter.started': {
      const s: ThreeSixteenState = {
        ...state,
        planet: state.planet && {
          ...state.planet,
          threat: { ...state.planet.threat, pool: state.planet.threat.pool - event.tokens },
        },
        mission: state.mission && {
          ...state.mission,
          finalEncounterStarted: state.mission.finalEncounterStarted || event.final,
        },
        campaign: { ...state.campaign, phase: 'encounter' },
        encounter: newEncounter(state, event.tokens, event.final, event.description, event.troopers),
      };
      return appendLog(
        s,
        'gm',
        `Encounter with ${event.tokens} Threat Tokens${event.final ? ' (final)' : ''}.`,
      );
    }
    case 'scene.flashback': {
      const s = withTrooper(state, event.trooperId, (t) =>
        withFlashbackUsed(t, event.kind, event.slot, event.text),
      );
      if (state.campaign.phase === 'briefing') {
        // Only reachable since the briefing was opened to scene flashbacks: the scene list opens
        // with the briefing text, so, as an NFA test there, it is a line of the log.
        const who = state.troopers[event.trooperId]?.name ?? event.trooperId;
        const kind = event.kind === 'strength' ? 'a Strength' : 'a Weakness';
        return appendLog(s, event.trooperId, `${who} uses ${kind} at the briefing: “${event.text}”`);
      }
      return withScene(s, {
        kind: 'flashback',
        flashback: event.kind,
        text: event.text,
        trooperId: event.trooperId,
        secret: false,
      });
    }
    case 'encounter.ended':
      // Only a record: the encounter was closed by the event before it.
      return state;
    case 'mission.ended':
      return {
        ...state,
        campaign: {
          ...state.campaign,
          phase: 'afterMission',
          missionsCount: state.campaign.missionsCount + 1,
        },
      };
    default:
      return evolveStrategic(state, event);
  }
}

function withScene(
  state: ThreeSixteenState,
  entry: Omit<import('../state.ts').SceneEntry, 'id'>,
): ThreeSixteenState {
  if (!state.mission) return state;
  const id = state.mission.scenes.length + 1;
  return {
    ...state,
    mission: { ...state.mission, scenes: appended(state.mission.scenes, { id, ...entry }) },
  };
}

export const missionPart = definePart({
  name: 'mission',
  commands: [
    setPlanet,
    briefMission,
    addScene,
    nfaTest,
    sceneFlashback,
    startEncounter,
    endMission,
    ...strategicCommands,
  ],
  eventTypes: [
    'planet.set',
    'mission.briefed',
    'scene.added',
    'nfaTest.rolled',
    'scene.flashback',
    'encounter.started',
    'encounter.ended',
    'mission.ended',
    ...STRATEGIC_EVENT_TYPES,
  ],
  evolve: evolveMission,
});
