import { isStandInGm, type Seat, type TableEvent } from '../../engine/ruleset.ts';
import { isChatEvent, redactChat, viewChat } from '../dice-chat/chat.ts';
import { ceilingForPlayers, isCeilingEvent, redactCeiling } from './ceiling.ts';
import type { FdEvent } from './events.ts';
import { teamSeat } from './multi-team.ts';
import type { FdState, TileState } from './state.ts';
import { nextInOrder } from './turn.ts';

/**
 * Hidden information (issue: unrevealed pings, Source chit identities, the event deck's order and
 * texts, stress chit values) never reaches a seat that may not see it. The table's GM sees all;
 * everyone else gets the state with those fields blanked, and events trimmed the same way.
 */

export function seesAll(seat: Seat): boolean {
  return seat.role === 'gm' && !isStandInGm(seat);
}

const HIDDEN = 'hidden' as const;

function tileFor(state: FdState, t: TileState): unknown {
  return {
    ...t,
    pings: t.pings.map((p, i) => (t.revealed[i] ? p : HIDDEN)),
    // A card's colour shows on its back; its id (and so its text) only once resolved.
    cards: t.cards.map((c, i) =>
      t.cardsResolved[i] ? c : `${HIDDEN}:${state.rules.events[c]?.colour ?? 'red'}`,
    ),
    chits: t.chitsShown
      ? t.chits.map((c) => ({
          id: c.id,
          x: c.x,
          y: c.y,
          examined: c.examined,
          ...(c.examined ? { h: c.h } : {}),
        }))
      : [],
  };
}

/**
 * Multi-team play (21): another seat sees a team's laid-out deck only as its card count, and of
 * the deck in play only the cards turned up so far (the figures that have activated this round).
 */
function multiTeamFor(state: FdState, seat: Seat): unknown {
  const mt = state.multiTeam as NonNullable<FdState['multiTeam']>;
  return {
    ...mt,
    teams: mt.teams.map((t, i) => {
      if (teamSeat(state, i) === seat.seatId) return t;
      return {
        teamerIds: t.teamerIds,
        deck: t.deck === null ? null : { cards: t.deck.length },
        playing:
          t.playing === null
            ? null
            : {
                cards: t.playing.length,
                shown: t.playing.filter((id) => state.activated.includes(id)),
              },
      };
    }),
  };
}

/** What the table waits for now, so a client knows whose move it is. */
export function pendingOf(state: FdState) {
  return {
    phase: state.phase,
    nextTeamer: state.phase === 'team' && !state.activation && !state.move ? nextInOrder(state) : null,
    activated: state.activation?.teamerIds ?? [],
    moving: state.move?.teamerId ?? null,
    interrupt: state.interrupt,
    /** Whose step an `undo` would take back now (null: nothing to take back). */
    undo: state.undo[state.undo.length - 1]?.teamerId ?? null,
  };
}

/** The state as one seat may see it (with `pending`: what the table waits for). */
export function viewOf(state: FdState, seat: Seat): unknown {
  // The undo points are whole Team snapshots: a view needs only whose they are.
  const undo = state.undo.map((p) => p.teamerId);
  if (seesAll(seat)) return { ...state, undo, pending: pendingOf(state) };
  return {
    ...state,
    undo,
    pending: pendingOf(state),
    chat: viewChat(state.chat, seat),
    tiles: state.tiles.map((t) => tileFor(state, t)),
    // 18: whether a load was tampered with stays secret until a Teamer examines it.
    loads: state.loads.map(({ tampered, ...l }) => (l.examined ? { ...l, tampered } : l)),
    deck: { cards: state.deck.length },
    markers: { left: state.markers.length },
    kitty: {
      chits: state.kitty.chits.length,
      catastrophes: state.kitty.catastrophes,
      doubled: state.kitty.doubled,
    },
    // 19: weak spots in a ceiling stay hidden until a Threat drops through one.
    ...(state.ceiling ? { ceiling: ceilingForPlayers(state.ceiling) } : {}),
    ...(state.multiTeam ? { multiTeam: multiTeamFor(state, seat) } : {}),
    // The rules carry the pack (with the event deck's texts): players get the pack without the deck.
    rules: {
      ...state.rules,
      events: {},
      pack: { ...state.rules.pack, markers: { ...state.rules.pack.markers, eventDeck: [] } },
    },
  };
}

/** An event as one seat may receive it (null: it may not learn the event happened at all). */
export function redactOf(event: FdEvent | TableEvent, seat: Seat): { readonly type: string } | null {
  if (seesAll(seat)) return event;
  if (isChatEvent(event)) return redactChat(event, seat);
  switch (event.type) {
    case 'arena.dealt': {
      const trimmed = { type: event.type, tiles: event.tiles.length };
      return trimmed;
    }
    case 'stress.added': {
      const trimmed = {
        type: event.type,
        teamerId: event.teamerId,
        why: event.why,
        chits: event.kinds.length,
      };
      return trimmed;
    }
    case 'ping.added': {
      const trimmed = { type: event.type, tile: event.tile, revealed: false };
      return event.revealed ? event : trimmed;
    }
    case 'deck.laid': {
      // The order is for the player who laid it (and the GM): others learn only the card count.
      if (event.seatId === seat.seatId) return event;
      const trimmed = { type: event.type, team: event.team, seatId: event.seatId, cards: event.order.length };
      return trimmed;
    }
    case 'card.added': {
      const trimmed = { type: event.type, tile: event.tile };
      return trimmed;
    }
    default:
      return isCeilingEvent(event) ? redactCeiling(event) : event;
  }
}
