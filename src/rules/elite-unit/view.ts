import { isStandInGm, type Seat, type TableEvent } from '../../engine/ruleset.ts';
import { isChatEvent, redactChat, viewChat } from '../dice-chat/chat.ts';
import type { Pack } from './data/pack.ts';
import type { EliteUnitEvent, Patch } from './events.ts';
import { isHelpless, isIncapacitated, isWounded } from './rules/effective.ts';
import type { Character, EliteUnitState, InitiativeEntry } from './state.ts';
import { whoseMove } from './your-move.ts';

/**
 * What one seat may see. The GM sees everything; anyone else sees a hidden NPC as a name and a few
 * words of state (never its numbers), no GM questions, no hidden rolls and no undo snapshot.
 */

function seesAll(seat: Seat): boolean {
  return seat.role === 'gm' && !isStandInGm(seat);
}

/** A hidden sheet as a player may see it. */
export interface PublicCharacter {
  readonly id: string;
  readonly name: string;
  readonly kind: Character['kind'];
  readonly hidden: true;
  readonly ownerSeatId: string | null;
  readonly dead: boolean;
  readonly wounded: boolean;
  readonly incapacitated: boolean;
  readonly helpless: boolean;
}

export function publicCharacter(c: Character): PublicCharacter {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    hidden: true,
    ownerSeatId: c.ownerSeatId,
    dead: c.dead !== null,
    wounded: isWounded(c),
    incapacitated: isIncapacitated(c),
    helpless: isHelpless(c),
  };
}

type Secrets = { readonly has: (id: string) => boolean };

function hiddenIn(characters: EliteUnitState['characters']): Secrets {
  return { has: (id) => characters[id]?.hidden ?? false };
}

function entryFor(secrets: Secrets, e: InitiativeEntry) {
  return secrets.has(e.id) ? { id: e.id } : e;
}

/** The characters an event says something about. */
function touched(e: EliteUnitEvent): string[] {
  switch (e.type) {
    case 'character.added':
      return [e.character.id];
    case 'character.changed':
      return e.patches.map((p) => p.id);
    case 'battle.started':
      return e.entries.map((x) => x.id);
    case 'battle.joined':
      return [e.entry.id];
    case 'attack.declared':
      return [e.attackerId];
    case 'attack.resolved':
      return [e.targetId, ...e.patches.map((p) => p.id), ...Object.keys(e.crew ?? {})];
    case 'question.asked':
      return 'characterId' in e.question ? [e.question.characterId] : [];
    case 'question.answered':
      return [...e.patches.map((p) => p.id), ...Object.keys(e.blows ?? {})];
    case 'save.rolled':
      return [e.characterId];
    case 'save.asked':
      return [e.pending.casterId, e.pending.targetId];
    case 'save.resolved':
      return [e.characterId, ...e.patches.map((p) => p.id)];
    case 'opposed.rolled':
      return [e.actor.id, ...e.others.map((o) => o.id)];
    default:
      return [];
  }
}

/** Names, in each event, the hidden characters it touches (as the state before it says). */
export function markSecrets(state: EliteUnitState, events: EliteUnitEvent[]): EliteUnitEvent[] {
  const anyHidden =
    state.roster.some((id) => state.characters[id]?.hidden) ||
    events.some((e) => e.type === 'character.added' && e.character.hidden);
  if (!anyHidden) return events;
  return events.map((e) => {
    if (isChatEvent(e)) return e;
    const ids: string[] = [];
    for (const id of touched(e)) {
      // A vehicle's defence shows its driver's Reactions: a hidden driver hides it too.
      const v = state.vehicles[id];
      const who = v ? v.driverId : id;
      const hidden =
        e.type === 'character.added' ? e.character.hidden : who !== null && state.characters[who]?.hidden;
      if (hidden && !ids.includes(id)) ids.push(id);
    }
    return ids.length > 0 ? { ...e, secretIds: ids } : e;
  });
}

export function viewOf(state: EliteUnitState, seat: Seat) {
  const move = whoseMove(state);
  if (seesAll(seat)) return { ...state, move };
  const characters: Record<string, Character | PublicCharacter> = {};
  for (const id of state.roster) {
    const c = state.characters[id];
    if (c) characters[id] = c.hidden ? publicCharacter(c) : c;
  }
  const p = state.pending;
  const pending = p && state.characters[p.attackerId]?.hidden ? { ...p, strength: null } : p;
  return {
    ...state,
    chat: viewChat(state.chat, seat),
    pack: playerPack(state.pack),
    characters,
    battle: state.battle && {
      ...state.battle,
      order: state.battle.order.map((e) => entryFor(hiddenIn(state.characters), e)),
    },
    pending,
    questions: [],
    undo: state.undo && { what: state.undo.what },
    move,
  };
}

/** A redacted event: a wire shape, not necessarily one of the events. */
export type Redacted = { readonly type: string };

function openPatches(secrets: Secrets, patches: readonly Patch[]): Patch[] {
  return patches.filter((p) => !secrets.has(p.id));
}

/** The data pack as a player may see it: the NPC templates (the GM's hidden sheets) left out. */
export function playerPack(pack: Pack): Pack {
  return { ...pack, characters: pack.characters.filter((c) => c.kind === 'pc') };
}

/** An event as `seat` may receive it: hidden characters' numbers and hidden rolls left out. */
export function redactEvent(event: EliteUnitEvent | TableEvent, seat: Seat): Redacted | null {
  return seesAll(seat) ? event : redactForPlayer(event, seat);
}

function redactForPlayer(event: EliteUnitEvent | TableEvent, seat: Seat) {
  if (isChatEvent(event)) return redactChat(event, seat);
  const ids = 'secretIds' in event ? (event.secretIds ?? []) : [];
  const chars: Secrets = { has: (id) => ids.includes(id) };
  switch (event.type) {
    case 'pack.loaded':
      return { type: event.type, pack: playerPack(event.pack) };
    case 'character.added':
      return event.character.hidden
        ? { type: event.type, character: publicCharacter(event.character) }
        : event;
    case 'character.changed': {
      if (event.hidden) return { type: event.type, reason: event.reason, hidden: true };
      const patches = openPatches(chars, event.patches);
      if (patches.length === event.patches.length) return event;
      return {
        type: event.type,
        reason: event.reason,
        patches,
        ...(event.spendsAction ? { spendsAction: event.spendsAction } : {}),
        ...(event.vehicles ? { vehicles: event.vehicles } : {}),
      };
    }
    case 'battle.started':
      return { ...event, entries: event.entries.map((e) => entryFor(chars, e)) };
    case 'battle.joined':
      return { ...event, entry: entryFor(chars, event.entry) };
    case 'attack.declared':
      if (!chars.has(event.attackerId)) return event;
      return {
        type: event.type,
        attackId: event.attackId,
        attackerId: event.attackerId,
        weapon: event.weapon,
        mode: event.mode,
        rounds: event.rounds,
        total: event.total,
        spendsAction: event.spendsAction,
        pending: { ...event.pending, strength: null },
      };
    case 'attack.resolved': {
      // A ram's crew may hold hidden NPCs: their blows stay with the GM.
      const crew =
        event.crew && Object.fromEntries(Object.entries(event.crew).filter(([id]) => !chars.has(id)));
      if (!chars.has(event.targetId)) {
        const patches = openPatches(chars, event.patches);
        return patches.length === event.patches.length
          ? event
          : { ...event, patches, ...(crew ? { crew } : {}) };
      }
      return {
        type: event.type,
        attackId: event.attackId,
        targetId: event.targetId,
        attackTotal: event.attackTotal,
        // Hit or miss is what the table learns; the defence total would tell the hidden sheet's
        // Dodge (or half a hidden driver's modified Reactions under evasion) over a few attacks.
        hit: event.hit,
        ...(event.damage ? { damage: event.damage } : {}),
        died: event.fatal === true || event.blow?.died !== undefined,
        patches: openPatches(chars, event.patches),
        ...(crew ? { crew } : {}),
        ...(event.vehicleBlows ? { vehicleBlows: event.vehicleBlows } : {}),
        ...(event.vehicles ? { vehicles: event.vehicles } : {}),
      };
    }
    case 'question.asked':
      return null;
    case 'question.answered': {
      const patches = openPatches(chars, event.patches);
      const blows =
        event.blows && Object.fromEntries(Object.entries(event.blows).filter(([id]) => !chars.has(id)));
      return { type: event.type, questionId: event.questionId, patches, ...(blows ? { blows } : {}) };
    }
    case 'save.rolled':
      return event.hidden || chars.has(event.characterId)
        ? { type: event.type, characterId: event.characterId, hidden: true }
        : event;
    case 'save.resolved':
      // A hidden NPC's save shows that it was made, not its faces, Willpower or what it lost.
      return chars.has(event.characterId)
        ? { type: event.type, saveId: event.saveId, characterId: event.characterId, hidden: true }
        : event;
    case 'opposed.rolled': {
      if (!event.hidden) {
        // An open roll shows everyone's die and total, except a hidden sheet's (total − die would
        // be its attribute): the outcome against it stays.
        if (!chars.has(event.actor.id) && !event.others.some((o) => chars.has(o.id))) return event;
        return {
          ...event,
          actor: chars.has(event.actor.id) ? { id: event.actor.id } : event.actor,
          others: event.others.map((o) => (chars.has(o.id) ? { id: o.id, actorWins: o.actorWins } : o)),
        };
      }
      // The roller sees its own die; the observers' rolls (the GM's) stay hidden.
      const actor = chars.has(event.actor.id) ? { id: event.actor.id } : event.actor;
      return {
        type: event.type,
        purpose: event.purpose,
        actor,
        others: event.others.map((o) => ({ id: o.id })),
        hidden: true,
      };
    }
    case 'table.rolled':
      return event.hidden ? { type: event.type, table: event.table, hidden: true } : event;
    default:
      return event;
  }
}
