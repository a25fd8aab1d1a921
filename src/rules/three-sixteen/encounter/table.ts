import { appended } from '../../../engine/fold.ts';
import { fieldPromotionOnDeath } from '../campaign/promotion-hook.ts';
import {
  codes,
  coreCommandSchemas,
  defineCommand,
  definePart,
  GM_AND_PLAYERS,
  GM_ONLY,
} from '../commands.ts';
import type { EventOf, ThreeSixteenEvent } from '../events.ts';
import {
  appendLog,
  type HealthMark,
  type ThreeSixteenState,
  withEncounter,
  withThreat,
  withTrooper,
} from '../state.ts';
import { advance, dropRider, markEnd, moveTrooper } from './core.ts';
import { fail, requireEncounter, requireOwnTrooper, requireTrooper } from './guards.ts';

/** Table-wide commands: narration, GM notes, and the GM's overrides (each recorded with a reason). */

const narrate = defineCommand('narrate', coreCommandSchemas.narrate, GM_AND_PLAYERS, (state, c, ctx) => {
  if (c.secret && ctx.actor.role !== 'gm') fail(codes.INVALID_VALUE, 'only the GM keeps secrets');
  if (c.trooperId) requireOwnTrooper(state, c.trooperId, ctx);
  else if (ctx.actor.role !== 'gm') fail(codes.NOT_YOUR_TROOPER, 'a player narrates for its own trooper');
  const line = { type: 'narration', actor: c.trooperId ?? 'gm', text: c.text } as const;
  return [c.secret ? { ...line, secret: true, by: ctx.actor.seatId } : { ...line, secret: false }];
});

const gmNote = defineCommand('gmNote', coreCommandSchemas.gmNote, GM_ONLY, (_state, c, ctx) => [
  { type: 'gm.noted', text: c.text, by: ctx.actor.seatId },
]);

const gmEndEncounter = defineCommand(
  'gmEndEncounter',
  coreCommandSchemas.gmEndEncounter,
  GM_ONLY,
  (state, c) => {
    requireEncounter(state);
    return [{ type: 'gm.encounterEnded', reason: c.reason ?? '' }];
  },
);

const grantPreparationBonus = defineCommand(
  'grantPreparationBonus',
  coreCommandSchemas.grantPreparationBonus,
  GM_ONLY,
  (state, c) => {
    const t = requireTrooper(state, c.trooperId);
    if (t.preparationBonus > 0) fail(codes.ALREADY_DONE, `${t.name} already holds the bonus`);
    return [{ type: 'bonus.granted', trooperId: t.id }];
  },
);

const gmAdjust = defineCommand('gmAdjust', coreCommandSchemas.gmAdjust, GM_ONLY, (state, c) => {
  const a = c.adjustment;
  switch (a.target) {
    case 'threatPool':
      if (!state.planet) fail(codes.WRONG_PHASE, 'there is no planet');
      break;
    case 'encounterTokens':
    case 'range':
      requireEncounter(state);
      break;
    case 'aa':
      if (!state.planet) fail(codes.WRONG_PHASE, 'there is no planet');
      break;
    default:
      break;
  }
  if ('trooperId' in a) requireTrooper(state, a.trooperId);
  const impossible = overrideProblem(state, a);
  if (impossible) fail(codes.OVERRIDE_IMPOSSIBLE, impossible, { target: a.target });
  // This mission's kills are counted in the total too: a total below them is a slip.
  if (a.target === 'kills' && a.killsThisMission > a.totalKills)
    fail(codes.INVALID_VALUE, 'Total Kills include this mission’s: the total cannot be the smaller', {
      killsThisMission: a.killsThisMission,
      totalKills: a.totalKills,
    });
  if (a.target === 'range' && !state.encounter?.pcs.includes(a.trooperId)) {
    fail(codes.NOT_IN_ENCOUNTER, 'that trooper is not in the encounter');
  }
  return [{ type: 'gm.adjusted', adjustment: a, reason: c.reason }];
});

/**
 * Why an override would leave a state the rules cannot represent, or null. An override may set
 * anything a sheet can show, but health boxes fill in order (a mark never follows an empty box),
 * and a trooper with all three boxes marked is dead or wrecked, never active. Imports ask it too
 * (`eventProblem`), so a tampered log cannot do what the command may not.
 */
export function overrideProblem(
  state: ThreeSixteenState,
  a: EventOf<'gm.adjusted'>['adjustment'],
): string | null {
  if (a.target === 'health') {
    const firstEmpty = a.value.indexOf(null);
    if (firstEmpty >= 0 && a.value.slice(firstEmpty).some((m) => m !== null)) {
      return 'health boxes fill in order: a mark cannot follow an empty box';
    }
  }
  if (a.target === 'status' && a.value === 'active') {
    const t = state.troopers[a.trooperId];
    if (t?.health.every((m) => m !== null)) {
      return `${t.name} has all three health boxes marked and cannot be active; clear a box first`;
    }
  }
  return null;
}

function adjust(state: ThreeSixteenState, event: EventOf<'gm.adjusted'>): ThreeSixteenState {
  const a = event.adjustment;
  let s = appendLog(state, 'gm', `GM override (${a.target}): ${event.reason}`);
  switch (a.target) {
    case 'threatPool': {
      const delta = a.value - (s.planet?.threat.pool ?? 0);
      return withThreat(s, (t) => ({ ...t, pool: a.value, adjusted: t.adjusted + delta }));
    }
    case 'encounterTokens': {
      const delta = a.value - (s.encounter?.tokens ?? 0);
      s = withEncounter(s, (e) => ({ ...e, tokens: a.value }));
      return advance(withThreat(s, (t) => ({ ...t, adjusted: t.adjusted + delta })));
    }
    case 'aa':
      return { ...s, planet: s.planet && { ...s.planet, aa: a.value } };
    case 'range': {
      const e = s.encounter;
      if (!e) return s;
      // The GM may also bring a trooper back from beyond Far.
      if (e.out[a.trooperId] === 'beyondFar' && a.value !== 'beyondFar') {
        const { [a.trooperId]: _gone, ...out } = e.out;
        s = withEncounter(s, (en) => ({ ...en, out }));
      }
      // A rider moved alone gets out first; otherwise its whole vehicle moves with it.
      if (a.alone) s = dropRider(s, a.trooperId);
      return advance(moveTrooper(s, a.trooperId, a.value));
    }
    case 'health': {
      const health = a.value as readonly [HealthMark, HealthMark, HealthMark];
      const full = health.every((m) => m !== null);
      s = withTrooper(s, a.trooperId, (t) => ({
        ...t,
        health,
        lastingWounds: Math.min(t.lastingWounds, health.filter((m) => m === 'X').length),
        status: full && t.status === 'active' ? (health[2] === 'E' ? 'wreck' : 'dead') : t.status,
      }));
      if (full) {
        s = withEncounter(s, (e) =>
          e.pcs.includes(a.trooperId) ? { ...e, out: { ...e.out, [a.trooperId]: 'dead' } } : e,
        );
        s = dropRider(s, a.trooperId);
        s = fieldPromotionOnDeath(s, a.trooperId);
      }
      return advance(s);
    }
    case 'kills':
      return withTrooper(s, a.trooperId, (t) => ({
        ...t,
        killsThisMission: a.killsThisMission,
        totalKills: a.totalKills,
      }));
    case 'ability':
      return withTrooper(s, a.trooperId, (t) => ({ ...t, [a.ability]: a.value }));
    case 'rank':
      return withTrooper(s, a.trooperId, (t) => ({ ...t, rank: a.value }));
    case 'armour':
      return withTrooper(s, a.trooperId, (t) => ({ ...t, armour: a.value }));
    case 'status': {
      s = withTrooper(s, a.trooperId, (t) => ({ ...t, status: a.value }));
      if (a.value !== 'active') {
        s = withEncounter(s, (e) =>
          e.pcs.includes(a.trooperId) && e.out[a.trooperId] === undefined
            ? {
                ...e,
                out: { ...e.out, [a.trooperId]: 'dead' },
                pendingKills: e.pendingKills.filter((p) => p.trooperId !== a.trooperId),
                forcedWeakness: e.forcedWeakness.filter((x) => x !== a.trooperId),
              }
            : e,
        );
      }
      if (a.value !== 'active') s = dropRider(s, a.trooperId);
      if (a.value === 'dead' || a.value === 'wreck') s = fieldPromotionOnDeath(s, a.trooperId);
      return advance(s);
    }
  }
}

function evolveTable(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'narration':
      return appendLog(state, event.actor, event.text, event.secret, event.by);
    case 'gm.noted': {
      const id = state.gmNotes.length + 1;
      const note = event.by === undefined ? { id, text: event.text } : { id, text: event.text, by: event.by };
      return { ...state, gmNotes: appended(state.gmNotes, note) };
    }
    case 'gm.encounterEnded': {
      const s = withEncounter(state, (e) => ({ ...e, pendingKills: [], forcedWeakness: [] }));
      return advance(markEnd(event.reason ? appendLog(s, 'gm', event.reason) : s, 'gm'));
    }
    case 'bonus.granted':
      return withTrooper(state, event.trooperId, (t) => ({ ...t, preparationBonus: 1 }));
    case 'gm.adjusted':
      return adjust(state, event);
    default:
      return state;
  }
}

export const tablePart = definePart({
  name: 'table',
  commands: [narrate, gmNote, gmEndEncounter, grantPreparationBonus, gmAdjust],
  eventTypes: ['narration', 'gm.noted', 'gm.encounterEnded', 'bonus.granted', 'gm.adjusted'],
  evolve: evolveTable,
});
