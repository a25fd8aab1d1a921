import type { Seat, TableEvent } from '../../engine/ruleset.ts';
import { type ChatEvent, isChatEvent, redactChat, viewChat } from '../dice-chat/chat.ts';
import type { Pack } from './data/pack-schema.ts';
import type { PersonalEvent } from './events.ts';
import {
  type Combat,
  type Combatant,
  type Continuation,
  type Machine,
  type RhylanorState,
  ridingIn,
} from './state.ts';
import type { RollRecord } from './task.ts';

/**
 * What a seat may see. The referee sees everything; players and spectators never see the
 * referee's secrets: lock pick numbers and network Security Targets, research targets and counts,
 * secret NPC sheets (their names only once they are in a fight), the disease and project numbers.
 */

export function seesSecrets(seat: Seat): boolean {
  return seat.role === 'gm';
}

/** The pack as players see it: the secret numbers and NPC sheets removed. */
export function playerPack(pack: Pack): Omit<Pack, 'locks' | 'networks' | 'diseases' | 'projects'> & {
  locks: { id: string; name: string; kind: string }[];
  networks: { id: string; name: string }[];
  diseases: { id: string; name: string; effects: string }[];
  projects: { id: string; name: string; skill: string }[];
} {
  return {
    ...pack,
    characters: pack.characters.filter((c) => !c.secret),
    // Set-ups are the referee's preparation (and name secret NPC sheets).
    scenarios: [],
    // Space set-ups too: an ambush's hidden ships start there. The people who crew the sample
    // ships are sheets the referee assigns (the pirates' among them), as secret NPCs are.
    space: { ...pack.space, scenarios: [], people: [] },
    locks: pack.locks.map(({ id, name, kind }) => ({ id, name, kind })),
    networks: pack.networks.map(({ id, name }) => ({ id, name })),
    diseases: pack.diseases.map(({ id, name, effects }) => ({ id, name, effects })),
    projects: pack.projects.map(({ id, name, skill }) => ({ id, name, skill })),
  };
}

const packCache = new WeakMap<Pack, ReturnType<typeof playerPack>>();
function cachedPlayerPack(pack: Pack) {
  let p = packCache.get(pack);
  if (!p) {
    p = playerPack(pack);
    packCache.set(pack, p);
  }
  return p;
}

/** A secret NPC as a player sees it in a fight: a name, nothing of the sheet. */
function hiddenCharacter(c: RhylanorState['characters'][string]) {
  return { id: c.id, name: c.name, secret: true as const };
}

export function viewPersonal(state: RhylanorState, seat: Seat) {
  if (seesSecrets(seat)) return state;
  const characters: Record<string, unknown> = {};
  const inFight = state.combat?.combatants ?? {};
  const own = (id: string) => state.characters[id]?.owner === seat.seatId;
  for (const c of Object.values(state.characters)) {
    // An unfound man aboard shows no sheet: its wounds would tell that a hit on his vehicle reached him.
    if (!c.secret || c.owner === seat.seatId)
      characters[c.id] = unfound(state, c.id, own) && ridingIn(state, c.id) ? hiddenCharacter(c) : c;
    else if (inFight[c.id]) characters[c.id] = hiddenCharacter(c);
  }
  const research: Record<string, unknown> = {};
  for (const r of Object.values(state.research)) {
    research[r.id] = {
      id: r.id,
      name: r.name,
      characterId: r.characterId,
      skill: r.skill,
      kind: r.kind,
      done: r.done,
      // Its pace is no secret: the researcher sees when his next roll comes.
      ...(r.period === undefined ? {} : { period: r.period }),
      ...(r.lastRolledAt === undefined ? {} : { lastRolledAt: r.lastRolledAt }),
    };
  }
  const w = state.window;
  const sees = (id: string) => seesMan(state, seat, id);
  const lumpedWindow = w && isSecretRoller(state, w.after) ? { ...w, rolls: w.rolls.map(lumped) } : w;
  // Wound rolls waiting on a man aboard whom the seat may not see name nobody (issue 15).
  const window =
    lumpedWindow &&
    withoutUnseenWounds(
      lumpedWindow,
      unseenWoundRolls(lumpedWindow.after, (id) => !sees(id) && !!ridingIn(state, id)),
    );
  return {
    ...state,
    combat: state.combat && withoutHiddenPositions(state.combat, own),
    machines: withoutHiddenRiders(state, sees),
    window,
    chat: viewChat(state.chat, seat),
    pack: cachedPlayerPack(state.pack),
    characters,
    research,
  };
}

/** A concealed enemy is somewhere: players do not learn where until he is found (§7.15). */
function withoutHiddenPositions(combat: Combat, own: (id: string) => boolean): Combat {
  let combatants: Record<string, Combatant> | null = null;
  for (const m of Object.values(combat.combatants)) {
    if (!m.concealed || own(m.id)) continue;
    combatants ??= { ...combat.combatants };
    // null on the wire: "unknown" (the type stays number for the referee's own view).
    combatants[m.id] = { ...m, x: null as unknown as number, y: null as unknown as number, contacts: {} };
  }
  return combatants ? { ...combat, combatants } : combat;
}

/**
 * Whether a seat sees a man at all: his sheet or at least his name (a secret NPC's only once in a
 * fight), and not an unfound man of another seat. The riders a vehicle shows (and the seats riders.ts
 * lets a boarder find taken) go by it.
 */
export function seesMan(state: RhylanorState, seat: Seat, id: string): boolean {
  if (seesSecrets(seat)) return true;
  const c = state.characters[id];
  if (!c) return false;
  const own = (x: string) => state.characters[x]?.owner === seat.seatId;
  const shown = !c.secret || own(id) || state.combat?.combatants[id] !== undefined;
  return shown && !unfound(state, id, own);
}

/** A concealed man in the fight who is not the seat's own: where he is stays unknown (§7.15). */
function unfound(state: RhylanorState, id: string, own: (id: string) => boolean): boolean {
  return state.combat?.combatants[id]?.concealed === true && !own(id);
}

/**
 * Vehicles' rider lists without the men the seat may not see: an unfound man aboard a vehicle in
 * plain sight would give away where he is, and a secret NPC outside a fight is not shown at all.
 */
function withoutHiddenRiders(state: RhylanorState, sees: (id: string) => boolean): RhylanorState['machines'] {
  let machines: Record<string, Machine> | null = null;
  for (const m of Object.values(state.machines)) {
    if (!m.riders?.some((r) => !sees(r.characterId))) continue;
    machines ??= { ...state.machines };
    machines[m.id] = { ...m, riders: m.riders.filter((r) => sees(r.characterId)) };
  }
  return machines ?? state.machines;
}

/** Which rolls of a wound volley fall on a man the seat may not see (by their place in it). */
export function unseenWoundRolls(after: Continuation | null, unseen: (id: string) => boolean): number[] {
  if (after?.kind !== 'wounds') return [];
  const out: number[] = [];
  after.hits.forEach((h, i) => {
    if (unseen(h.targetId)) out.push(i);
  });
  return out;
}

/** Who an unseen wound roll falls on in a player's copy (his name would say he is aboard). */
const SOMEONE_UNSEEN = 'someone unseen aboard';

/**
 * A wound volley with the rolls on unseen men made anonymous: no name in the purpose or the
 * hits, one lump of modifiers (his armour's name would tell who he is).
 */
function withoutUnseenWounds<
  T extends { readonly rolls: readonly RollRecord[]; readonly after?: Continuation },
>(w: T, unseen: readonly number[]): T {
  if (unseen.length === 0) return w;
  const hidden = new Set(unseen);
  const rolls = w.rolls.map((r, i) =>
    hidden.has(i) ? { ...lumped(r), purpose: `wound roll on ${SOMEONE_UNSEEN}` } : r,
  );
  const after =
    w.after?.kind === 'wounds'
      ? {
          ...w.after,
          hits: w.after.hits.map((h, i) => (hidden.has(i) ? { ...h, targetId: SOMEONE_UNSEEN } : h)),
        }
      : w.after;
  return { ...w, rolls, ...(after ? { after } : {}) };
}

/** The character whose sheet a roll's modifiers come from. */
export function rollerOf(after: Continuation): string | null {
  switch (after.kind) {
    case 'task':
      return after.characterId;
    case 'fire':
      return after.shooterId;
    case 'melee':
      return after.attackerId;
    default:
      return null;
  }
}

export function isSecretRoller(state: RhylanorState, after: Continuation): boolean {
  const id = rollerOf(after);
  return id !== null && state.characters[id]?.secret === true;
}

/** A roll whose modifiers would show a secret sheet: one lump sum instead of the breakdown. */
function lumped(roll: RollRecord): RollRecord {
  const sum = roll.mods.reduce((t, m) => t + m.value, 0);
  return { ...roll, mods: sum === 0 ? [] : [{ source: 'modifiers', value: sum }] };
}

/**
 * Events as a player receives them: secret sheets, targets and counts kept back. Events about a
 * secret NPC carry `secret: true` (set by the ruleset's decide), so this needs no state.
 */
export function redactPersonal(
  event: PersonalEvent | ChatEvent | TableEvent,
  seat: Seat,
): { readonly type: string } | null {
  if (seesSecrets(seat)) return event;
  if (isChatEvent(event)) return redactChat(event, seat);
  const secret = (event as { secret?: boolean }).secret === true;
  // An event about unseen men all of whom this seat plays: his own, so whole (issue 15).
  const own = (event as { seenBy?: string }).seenBy === seat.seatId;
  // Assembled per case; every branch keeps the event's `type`.
  let out: unknown;
  switch (event.type) {
    case 'character.created':
      out =
        event.character.secret && event.character.owner !== seat.seatId
          ? // Not even the name: the referee shows an NPC when he enters the scene.
            { type: event.type, character: { id: event.character.id, secret: true } }
          : event;
      return out as { readonly type: string };
    case 'character.updated':
      out = secret ? { type: event.type, characterId: event.characterId, by: event.by } : event;
      return out as { readonly type: string };
    case 'character.skillGained':
    case 'character.advancementRolled':
    case 'chargen.rolled':
    case 'chargen.skillRolled':
    case 'chargen.fieldGained':
      out = secret ? { type: event.type, characterId: event.characterId } : event;
      return out as { readonly type: string };
    case 'task.rolled':
      out = secret ? { ...event, roll: lumped(event.roll), skill: null } : event;
      return out as { readonly type: string };
    case 'combat.controlRolled':
    case 'combat.dogfought':
      out = secret ? { ...event, roll: lumped(event.roll) } : event;
      return out as { readonly type: string };
    case 'combat.started':
      out = { ...event, combat: withoutHiddenPositions(event.combat, () => false) };
      return out as { readonly type: string };
    case 'combat.moved':
    case 'combat.positioned':
      // `hidden`: set by decide when the one moving is concealed; his new place stays unknown.
      out = (event as { hidden?: boolean }).hidden && !own ? { type: event.type, id: event.id } : event;
      return out as { readonly type: string };
    case 'machine.boarded':
    case 'machine.alighted':
    case 'machine.reseated':
      // `hidden`: set by decide when the rider is unfound or a secret NPC outside a fight; a
      // vehicle's place is public, so who got in or out of it (and where he stepped out) stays back.
      out = (event as { hidden?: boolean }).hidden && !own ? { type: event.type, hidden: true } : event;
      return out as { readonly type: string };
    case 'machine.crewAttacked':
      // `hidden`: the hit reached an unfound man (or a secret NPC) aboard; the vehicle and what the
      // hit did are public, who was aboard (and who got clear of an explosion) is not.
      out =
        (event as { hidden?: boolean }).hidden && !own
          ? { type: event.type, machineId: event.machineId, effect: event.effect, hidden: true }
          : event;
      return out as { readonly type: string };
    case 'combat.hits':
      out = secret ? { ...event, roll: lumped(event.roll) } : event;
      return out as { readonly type: string };
    case 'window.opened':
    case 'window.closed': {
      const rolls = secret ? { ...event, rolls: event.rolls.map(lumped) } : event;
      // `unseen`: set by decide, the rolls of the volley that fall on an unseen man aboard; the
      // seat that plays one of them (`unseenBy`) sees his own roll named. Neither list goes out:
      // the owners would say whose men are hidden.
      const { unseen, unseenBy, ...rest } = rolls;
      const others = unseen?.filter((_, k) => unseenBy?.[k] !== seat.seatId) ?? [];
      out = unseen ? withoutUnseenWounds(rest, others) : rolls;
      return out as { readonly type: string };
    }
    case 'character.wounded':
      // `hidden`: a wound roll after a hit on a vehicle fell on an unseen man aboard; how bad stays public.
      out = event.hidden && !own ? { type: event.type, hidden: true, level: event.wound.level } : event;
      return out as { readonly type: string };
    case 'combat.unhurt':
      out = event.hidden && !own ? { type: event.type, hidden: true } : event;
      return out as { readonly type: string };
    case 'pack.loaded':
      out = { type: event.type, pack: playerPack(event.pack) };
      return out as { readonly type: string };
    case 'research.started': {
      const { target: _t, needed: _n, treatmentTarget: _x, ...rest } = event.research;
      out = { type: event.type, research: rest };
      return out as { readonly type: string };
    }
    case 'research.rolled':
    case 'intrusion.rolled': {
      if (!event.roll) return event;
      // The target is a referee secret (a lock's pick number, a Security Target, a research target).
      const { target: _t, margin: _m, ...roll } = event.roll;
      out = { ...event, roll };
      return out as { readonly type: string };
    }
    default:
      return event;
  }
}
