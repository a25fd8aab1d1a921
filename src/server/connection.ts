import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import type { Seat } from '../engine/ruleset.ts';
import type { HubClient, TableHub } from './hub.ts';
import type { Hubs } from './hubs.ts';
import {
  CLOSE_CODES,
  type ClientMessage,
  clientMessageSchema,
  MAX_BULK_MESSAGE_BYTES,
  MAX_CLIENT_MESSAGE_BYTES,
  type ServerMessage,
} from './protocol.ts';
import { FrameLimiter } from './rate-limit.ts';
import type { EventStore, SeatRecord } from './store/event-store.ts';
import { hashToken } from './tokens.ts';

export interface SocketLimits {
  /** Messages per second per socket (token bucket refill), and the bucket's size. */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /**
   * Sockets of GM and player seats a table may have on this instance. Spectator sockets count
   * apart, against maxSpectatorConnectionsPerTable, so watchers can never lock the players out.
   */
  readonly maxConnectionsPerTable: number;
  readonly maxSpectatorConnectionsPerTable: number;
  /**
   * Sockets one seat may have on this instance: a person has a few devices and tabs; more is one
   * token being used to take the table's whole allowance.
   */
  readonly maxConnectionsPerSeat: number;
  readonly helloTimeoutMs: number;
  /** A socket with more than this many bytes waiting to be sent is closed (slow consumer). */
  readonly maxBufferedBytes: number;
}

export interface SocketContext {
  readonly hubs: Hubs;
  readonly store: EventStore;
  readonly limits: SocketLimits;
  /** Sockets of this instance, so shutdown can close them. */
  readonly sockets: Set<WebSocket>;
}

/** Zod issues as short, stable, JSON-safe details (path + message), at most ten. */
export function issueDetails(error: z.ZodError): { issues: { path: string; message: string }[] } {
  return {
    issues: error.issues
      .slice(0, 10)
      .map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : data.toString('utf8');
}

const NOT_JSON = Symbol('not JSON');

function parse(data: RawData): unknown {
  try {
    return JSON.parse(text(data));
  } catch {
    return NOT_JSON;
  }
}

/** The id of a message that failed validation, when it has a usable one (so the client can match). */
function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (typeof id === 'string' && id.length > 0 && id.length <= 64) return id;
  }
  return null;
}

/**
 * One WebSocket on /ws/tables/:id. Order of checks for every message: rate, size, JSON, message
 * schema; then for commands: authenticated, role may send commands, commandRoles for the command
 * type (when the ruleset knows the type), the ruleset's command schema; the table hub does the
 * rest (idempotency, decide, dice, append). Messages of one socket are handled in the order they
 * arrive.
 */
export class Connection implements HubClient {
  private phase: 'new' | 'hello' | 'open' | 'closed' = 'new';
  private hub: TableHub | null = null;
  private seatRecord: SeatRecord | null = null;
  private readonly limiter: FrameLimiter;
  private chain: Promise<void> = Promise.resolve();
  private readonly helloTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly tableId: string,
    private readonly ctx: SocketContext,
  ) {
    this.limiter = new FrameLimiter(ctx.limits.messagesPerSecond, ctx.limits.messageBurst);
    ctx.sockets.add(socket);
    socket.on('message', (data) => this.onMessage(data));
    socket.on('close', () => this.onClose());
    socket.on('error', () => undefined); // 'close' follows; nothing to add
    this.helloTimer = setTimeout(() => {
      if (this.phase === 'new') this.close(CLOSE_CODES.HELLO_TIMEOUT, 'no hello');
    }, ctx.limits.helloTimeoutMs);
  }

  get seat(): SeatRecord {
    if (!this.seatRecord) throw new Error('no seat before hello');
    return this.seatRecord;
  }

  send(message: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.ctx.limits.maxBufferedBytes) {
      this.close(CLOSE_CODES.SLOW_CONSUMER, 'too far behind; reconnect');
      return;
    }
    this.cork();
    this.socket.send(message);
  }

  private corked = false;

  /**
   * Holds this socket's writes until the views of the tick are out: a command's ack, events and view
   * then leave in one write (one syscall, one TCP segment) instead of one each — under load the
   * syscalls, not the work, were the server's biggest cost.
   */
  private cork(): void {
    if (this.corked) return;
    // ws keeps its net.Socket private; cork/uncork on it are the standard stream API.
    const raw = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!raw) return;
    this.corked = true;
    raw.cork();
    // Two check phases later: the hub sends views from a setImmediate it schedules after the ack
    // and the events (hub.ts scheduleViews), so uncorking in the first would send them apart.
    setImmediate(() =>
      setImmediate(() => {
        this.corked = false;
        raw.uncork();
      }),
    );
  }

  private reply(message: ServerMessage): void {
    this.send(JSON.stringify(message));
  }

  private reject(id: string | null, code: string, message: string, details?: Record<string, unknown>): void {
    this.reply({ type: 'rejected', id, code, message, ...(details ? { details } : {}) });
  }

  close(code: number, reason: string): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    this.socket.close(code, reason);
    this.onClose();
  }

  private onClose(): void {
    this.phase = 'closed';
    clearTimeout(this.helloTimer);
    this.ctx.sockets.delete(this.socket);
    this.hub?.detach(this);
    this.hub = null;
  }

  private onMessage(data: RawData): void {
    if (this.phase === 'closed') return;
    const size = byteLength(data);
    const tooLarge = size > MAX_CLIENT_MESSAGE_BYTES;
    // Every frame takes a token, whatever it holds: junk (not JSON, too large) counts like a
    // command, so a flood of it is cut down like any other flood.
    const verdict = this.limiter.admit();
    if (verdict === 'close') {
      this.close(CLOSE_CODES.RATE_LIMITED, 'too many messages');
      return;
    }
    if (verdict === 'drop') return; // answered once already: a flood must not get a write per frame
    if (verdict === 'refuse') {
      // A command's id lets its client tell which one was dropped (the ones dropped unanswered
      // after it get no answer: see FrameLimiter); finding it costs one parse of at most
      // MAX_CLIENT_MESSAGE_BYTES, and nothing else is done for the frame.
      this.reject(tooLarge ? null : idOf(parse(data)), 'RATE_LIMITED', 'too many messages; slow down', {
        perSecond: this.ctx.limits.messagesPerSecond,
      });
      return;
    }
    // Only a bulk command (a whole data pack) may be larger, and only once the seat said hello:
    // a stranger's big frame is never parsed.
    const bulk = tooLarge && this.phase === 'open' && size <= MAX_BULK_MESSAGE_BYTES;
    const raw = tooLarge && !bulk ? NOT_JSON : parse(data);
    if (tooLarge && !this.isBulkCommand(raw)) {
      this.reject(
        null,
        'MESSAGE_TOO_LARGE',
        `a message may have at most ${MAX_CLIENT_MESSAGE_BYTES} bytes (a data pack ${MAX_BULK_MESSAGE_BYTES})`,
        { max: MAX_CLIENT_MESSAGE_BYTES, bulkMax: MAX_BULK_MESSAGE_BYTES },
      );
      return;
    }
    if (raw === NOT_JSON) {
      this.reject(null, 'BAD_JSON', 'the message is not JSON');
      return;
    }
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.reject(
        idOf(raw),
        'BAD_MESSAGE',
        'the message does not fit the protocol',
        issueDetails(parsed.error),
      );
      return;
    }
    const message = parsed.data;
    if (message.type === 'ping') {
      this.reply({ type: 'pong' });
      return;
    }
    if (message.type === 'hello') {
      if (this.phase !== 'new') {
        this.reject(null, 'ALREADY_AUTHENTICATED', 'hello was already sent on this socket');
        return;
      }
      this.phase = 'hello';
      clearTimeout(this.helloTimer);
      this.inOrder(() => this.hello(message));
      return;
    }
    if (this.phase === 'new') {
      this.reject(message.id, 'NOT_AUTHENTICATED', 'send hello with your seat token first');
      return;
    }
    this.inOrder(() => this.command(message));
  }

  /** A command message whose type the table's rules let come in a bulk-sized frame. */
  private isBulkCommand(raw: unknown): boolean {
    const bulkTypes = this.hub?.rules.bulkCommands;
    if (!bulkTypes || raw === null || typeof raw !== 'object') return false;
    const message = raw as { type?: unknown; command?: unknown };
    if (message.type !== 'command' || message.command === null || typeof message.command !== 'object')
      return false;
    const type = (message.command as { type?: unknown }).type;
    return typeof type === 'string' && (bulkTypes as readonly string[]).includes(type);
  }

  /** Queues work behind this socket's earlier messages (a command sent right after hello waits for it). */
  private inOrder(job: () => Promise<void>): void {
    this.chain = this.chain.then(job).catch((e: unknown) => {
      this.reject(null, 'INTERNAL', 'the server failed to handle the message');
      console.error(e);
    });
  }

  private async hello(message: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    const seat = await this.ctx.store.seatByTokenHash(this.tableId, hashToken(message.token));
    let hub = seat ? await this.ctx.hubs.get(this.tableId) : null;
    // A hub dropped as idle between get and here is not used; get loads the table afresh.
    while (hub?.closed) hub = await this.ctx.hubs.get(this.tableId);
    if (this.phase === 'closed') return;
    if (!hub || !seat) {
      this.reject(null, 'BAD_TOKEN', 'this token opens no seat at this table');
      this.close(CLOSE_CODES.BAD_TOKEN, 'bad token');
      return;
    }
    // Checked and attached with no await in between, so two hellos cannot both take the last place.
    const full = this.capReached(hub, seat);
    if (full) {
      this.reject(null, 'TOO_MANY_CONNECTIONS', full.message, { max: full.max, per: full.per });
      this.close(CLOSE_CODES.TOO_MANY_CONNECTIONS, full.reason);
      return;
    }
    this.seatRecord = seat;
    this.hub = hub;
    this.phase = 'open';
    await hub.attach(this, message.lastSeq);
  }

  /** The socket cap this seat's new socket would go over, if any: its seat's, or its pool's at the table. */
  private capReached(
    hub: TableHub,
    seat: SeatRecord,
  ): { per: 'seat' | 'table' | 'spectators'; max: number; message: string; reason: string } | null {
    const limits = this.ctx.limits;
    const counts = hub.socketCounts(seat.seatId);
    if (counts.seat >= limits.maxConnectionsPerSeat) {
      return {
        per: 'seat',
        max: limits.maxConnectionsPerSeat,
        message: 'this seat has as many connections as it allows; close one of its other tabs',
        reason: 'too many connections for this seat',
      };
    }
    // The table's GM always gets in (up to its seat's own cap): the table pool is the players'.
    if (seat.role === 'gm') return null;
    if (seat.role === 'spectator') {
      if (counts.spectators < limits.maxSpectatorConnectionsPerTable) return null;
      return {
        per: 'spectators',
        max: limits.maxSpectatorConnectionsPerTable,
        message: 'the table has as many spectator connections as it allows',
        reason: 'too many spectator connections',
      };
    }
    if (counts.others < limits.maxConnectionsPerTable) return null;
    return {
      per: 'table',
      max: limits.maxConnectionsPerTable,
      message: 'the table has as many connections as it allows',
      reason: 'too many connections',
    };
  }

  private async command(message: Extract<ClientMessage, { type: 'command' }>): Promise<void> {
    const hub = this.hub;
    if (this.phase !== 'open' || !hub) {
      this.reject(message.id, 'NOT_AUTHENTICATED', 'send hello with your seat token first');
      return;
    }
    const seat: Seat = { seatId: this.seat.seatId, role: this.seat.role };
    if (seat.role === 'spectator') {
      this.reject(message.id, 'FORBIDDEN_ROLE', 'spectators watch; they send no commands', {
        role: seat.role,
      });
      return;
    }
    // The role the seat acts with now (a player running a 3:16 mission acts as its GM); the hub
    // derives it again when the command's turn comes, so a change in between is honoured.
    const acting = hub.actingSeat(seat);
    // Roles before the schema: a seat that may not send this type at all learns that, not
    // which of the command's fields are wrong. Only a type the ruleset knows is checked here;
    // anything else is the schema's to refuse (BAD_COMMAND).
    const type = message.command.type;
    if (typeof type === 'string' && this.forbidden(hub, acting, type, message.id)) return;
    const parsed = hub.rules.commandSchema.safeParse(message.command);
    if (!parsed.success) {
      this.reject(
        message.id,
        'BAD_COMMAND',
        'the command does not fit this table’s rules',
        issueDetails(parsed.error),
      );
      return;
    }
    const command = parsed.data;
    // Again on the parsed type, so a command whose type the roles did not name never gets in.
    if (this.forbidden(hub, acting, command.type, message.id, true)) return;
    await hub.command(seat, message.id, command, message.dice, (outcome) => this.reply(outcome));
  }

  /**
   * Refuses `type` with FORBIDDEN_ROLE when the ruleset's commandRoles do not let the acting role
   * send it, and says so. A type commandRoles does not name is refused only when `strict` (after
   * the schema took it); before the schema it is left for the schema to refuse.
   */
  private forbidden(hub: TableHub, acting: Seat, type: string, id: string, strict = false): boolean {
    const commandRoles = hub.rules.commandRoles as Readonly<Record<string, readonly string[]>>;
    // Own keys only: a type such as "constructor" must not find Object.prototype's.
    const roles = Object.hasOwn(commandRoles, type) ? commandRoles[type] : undefined;
    if (roles === undefined && !strict) return false;
    if (roles?.includes(acting.role)) return false;
    this.reject(id, 'FORBIDDEN_ROLE', `a ${acting.role} may not send ${type}`, {
      role: acting.role,
      command: type,
    });
    return true;
  }
}
