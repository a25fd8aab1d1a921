import { z } from 'zod';
import { nameText } from '../engine/text.ts';
import type { PatchOp } from '../engine/view-patch.ts';

/**
 * The WebSocket protocol between a browser (or any client) and the server, one JSON object per
 * message. This file is the contract shared by src/server and src/web; docs/api.md explains it.
 */

/** Largest client message accepted, in bytes; bigger frames are refused with MESSAGE_TOO_LARGE. */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * Largest message carrying one of the ruleset's `bulkCommands` (a whole data pack, which an edited
 * pack soon takes past MAX_CLIENT_MESSAGE_BYTES). Only such a command, from a seat that has said
 * hello, may be this large; anything else over MAX_CLIENT_MESSAGE_BYTES is still refused.
 */
export const MAX_BULK_MESSAGE_BYTES = 256 * 1024;

/**
 * Frames over this are not read at all: the socket layer closes the socket (1009). A little over
 * the bulk limit, so an oversized message is answered with MESSAGE_TOO_LARGE instead.
 */
export const MAX_SOCKET_FRAME_BYTES = MAX_BULK_MESSAGE_BYTES + MAX_CLIENT_MESSAGE_BYTES;

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** First message on a socket: who I am, and the last seq I already hold (0 for none). */
  z.object({ type: z.literal('hello'), token: z.string().min(1).max(200), lastSeq: z.number().int().min(0) }),
  /**
   * A command for the table's ruleset. `id` is chosen by the client; sending the same id again
   * returns the first answer and does not apply the command twice.
   * `dice`: faces of physical dice the player rolled (entered dice); omitted means the server rolls.
   */
  z.object({
    type: z.literal('command'),
    id: z.string().min(1).max(64),
    command: z.record(z.string(), z.unknown()),
    dice: z.array(z.number().int()).max(200).optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** One event as a seat receives it: already filtered by the ruleset's `redact` for that seat. */
export interface EventEnvelope {
  readonly seq: number;
  /** ISO time the server stored it. */
  readonly at: string;
  /** Seat that caused it (null for the server itself). */
  readonly by: string | null;
  readonly event: { readonly type: string } & Record<string, unknown>;
}

export interface SeatInfo {
  readonly seatId: string;
  readonly name: string;
  readonly role: 'gm' | 'player' | 'spectator';
  readonly online: boolean;
}

export type ServerMessage =
  | {
      readonly type: 'welcome';
      readonly tableId: string;
      readonly system: string;
      readonly tableName: string;
      readonly seat: {
        readonly seatId: string;
        readonly role: 'gm' | 'player' | 'spectator';
        readonly name: string;
      };
      /** Highest seq in the table's log at the time of welcome; the events after lastSeq follow as `events`. */
      readonly headSeq: number;
      /**
       * The lastSeq of the hello was counted under another acting role (or the server cannot
       * tell): drop the events held; the catch-up starts from 0.
       */
      readonly restart?: true;
    }
  /**
   * Events `afterSeq`+1 … `toSeq`, each as this seat may see it, in the seat's own numbering: a
   * seat counts only the events it may see (one its `redact` hides is neither sent nor counted),
   * so no gap tells it that a hidden event exists. Every seq a seat is given (welcome, views,
   * acks) is in that numbering. A client keeps the last `toSeq` it holds: if a message's
   * `afterSeq` is not that number, something really was missed, and the client reconnects with
   * hello {lastSeq} to get exactly the missing part.
   */
  | {
      readonly type: 'events';
      readonly afterSeq: number;
      readonly toSeq: number;
      readonly events: readonly EventEnvelope[];
    }
  /**
   * The ruleset's view of the state after event `seq`, for this seat, whole: sent after welcome
   * and catch-up, and after live events when the socket holds no view to patch (its acting role
   * changed) or a patch would not be smaller.
   */
  | { readonly type: 'view'; readonly seq: number; readonly view: unknown }
  /**
   * The view after event `seq` as JSON Patch (RFC 6902) operations on the view after `baseSeq`,
   * which is the last view (whole or patched) this socket received. Sent after live events instead
   * of `view` when smaller, at most one per socket per server tick. A client whose view is not at
   * `baseSeq`, or that cannot apply the operations, reconnects (hello with its lastSeq) and gets
   * the whole view again.
   */
  | {
      readonly type: 'viewPatch';
      readonly seq: number;
      readonly baseSeq: number;
      readonly ops: readonly PatchOp[];
    }
  | { readonly type: 'presence'; readonly seats: readonly SeatInfo[] }
  /**
   * The command `id` is stored: `seq` is the seq of its last event (the head at the time when it
   * caused none). Its events follow in `events` (or came before, for a resent id).
   */
  | { readonly type: 'ack'; readonly id: string; readonly seq: number }
  | {
      readonly type: 'rejected';
      readonly id: string | null;
      readonly code: string;
      readonly message: string;
      readonly details?: Readonly<Record<string, unknown>>;
    }
  | { readonly type: 'pong' };

/**
 * Every `rejected.code` and HTTP `error.code` the server itself produces; the rules add their
 * own (RuleError codes, e.g. DICE_NEEDED with `details.needed`). docs/api.md explains each.
 */
export const ERROR_CODES = [
  'BAD_JSON',
  'BAD_MESSAGE',
  'BAD_COMMAND',
  'BAD_REQUEST',
  'MESSAGE_TOO_LARGE',
  'RATE_LIMITED',
  'NOT_AUTHENTICATED',
  'ALREADY_AUTHENTICATED',
  'BAD_TOKEN',
  'FORBIDDEN_ROLE',
  'DICE_NEEDED',
  'DICE_UNUSED',
  'TABLE_NOT_FOUND',
  'UNKNOWN_SYSTEM',
  'BAD_INVITE',
  'BAD_SPECTATE_CODE',
  'TABLE_FULL',
  'SPECTATORS_FULL',
  'IMPORT_INVALID',
  'IMPORT_TOO_LARGE',
  'TOO_MANY_CONNECTIONS',
  'BUSY',
  'NOT_FOUND',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** WebSocket close codes the server uses (4xxx are ours; the client should not retry 4001). */
export const CLOSE_CODES = {
  /** The server is shutting down or restarting: reconnect. */
  GOING_AWAY: 1001,
  /** A frame far beyond MAX_CLIENT_MESSAGE_BYTES (the socket layer refuses to read it). */
  TOO_BIG: 1009,
  /**
   * The table failed on the server (it reloads), or the server could not show it to this seat
   * (sent after an INTERNAL rejection): reconnect with backoff.
   */
  SERVER_ERROR: 1011,
  /** Hello had a token this table does not know: do not retry with it. */
  BAD_TOKEN: 4001,
  /** No hello within the time allowed. */
  HELLO_TIMEOUT: 4008,
  /** The seat, or the table's GM/player or spectator sockets, reached their cap (`details.per`). */
  TOO_MANY_CONNECTIONS: 4009,
  /** The client did not read its messages fast enough; reconnect with lastSeq. */
  SLOW_CONSUMER: 4013,
  /** The client kept sending far over its rate limit: reconnect after a pause. */
  RATE_LIMITED: 4029,
} as const;

// ---------------------------------------------------------------------------------------------
// HTTP API (JSON). Errors are { error: { code, message, details? } } with a 4xx/5xx status.

/**
 * A table or seat name as people type it: trimmed, 1–60 characters, well-formed text, no control
 * characters, at least one visible character (engine/text.ts). Any failure is BAD_REQUEST (HTTP)
 * with the reason in `details.issues`.
 */
export const nameField = nameText(60);

/**
 * Names only the table's GM seat may have: a player or spectator called "GM" could pass for the
 * GM in chat and the seat list. Compared without case, spaces or dots ("G.M.", "game master").
 */
export function nameReservedForGm(name: string): boolean {
  const plain = name.toLowerCase().replace(/[\s.\-_]/g, '');
  return plain === 'gm' || plain === 'gamemaster';
}
const secretField = z.string().min(1).max(200);

export const createTableRequestSchema = z.strictObject({
  system: z.string().min(1).max(60),
  name: nameField,
  /** The GM seat's name (default "GM"). */
  gmName: nameField.optional(),
});
export const joinRequestSchema = z.strictObject({ inviteCode: secretField, name: nameField });
export const spectateRequestSchema = z.strictObject({
  spectateCode: secretField,
  name: nameField.optional(),
});
/** A seat's new name: the seat itself, or the GM for any seat. */
export const renameSeatRequestSchema = z.strictObject({ name: nameField });
/** `POST /api/tables/import?acceptRulesChange=true` takes a log that replays to another state here. */
export const importQuerySchema = z.strictObject({ acceptRulesChange: z.enum(['true', 'false']).optional() });
export interface RenameSeatResponse {
  readonly seatId: string;
  readonly name: string;
  /** The seq of the `seat.renamed` event. */
  readonly seq: number;
}

export interface CreateTableResponse {
  readonly tableId: string;
  /** The GM's seat; `url` is a web-app path with the token in the fragment. */
  readonly gm: { readonly seatId: string; readonly token: string; readonly url: string };
  readonly invite: { readonly code: string; readonly url: string };
  readonly spectate: { readonly code: string; readonly url: string };
}
export interface SeatTokenResponse {
  readonly tableId: string;
  readonly seatId: string;
  readonly role: 'gm' | 'player' | 'spectator';
  readonly token: string;
  /** Where the web app opens the table with this token: /t/<tableId>#token=<token>. */
  readonly url: string;
}
/** One seat of an imported table with its fresh token; `url` opens the table as that seat. */
export interface ImportedSeat {
  readonly seatId: string;
  readonly role: 'gm' | 'player' | 'spectator';
  readonly name: string;
  readonly token: string;
  readonly url: string;
}
export interface ImportTableResponse {
  readonly tableId: string;
  readonly system: string;
  readonly name: string;
  /** The importer's seat: the log's first GM seat. */
  readonly gm: ImportedSeat;
  /** Every other seat of the log, in join order, for the GM to hand out. */
  readonly seats: readonly ImportedSeat[];
  readonly invite: { readonly code: string; readonly url: string };
  readonly spectate: { readonly code: string; readonly url: string };
  /** The last seq of the imported log and the hash of the state it replays to. */
  readonly headSeq: number;
  readonly stateHash: string;
  /** The file was exported under other rules: its events replay here to another state (accepted). */
  readonly rulesChanged: boolean;
}
export interface TableInfoResponse {
  readonly tableId: string;
  readonly system: string;
  readonly name: string;
  readonly createdAt: string;
}
export interface SystemInfo {
  readonly id: string;
  readonly title: string;
  readonly playable: boolean;
  /** One line for the system picker; unplayable systems say the table has dice chat only. */
  readonly summary?: string;
}
export interface HttpError {
  readonly error: { readonly code: string; readonly message: string; readonly details?: unknown };
}

/** GET /api/server: where other devices reach this server (null only before it listens). */
export interface ServerAddressResponse {
  readonly publicAddress: {
    readonly url: string;
    /** 'setting': PUBLIC_URL; 'lan': a LAN interface; 'local': loopback only (no other device). */
    readonly source: 'setting' | 'lan' | 'local';
  } | null;
}
