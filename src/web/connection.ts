import { applyPatch } from '../engine/view-patch.ts';
import type { EventEnvelope, SeatInfo, ServerMessage } from '../server/protocol.ts';
import { foldEvents, type LogItem } from './log.ts';

/**
 * One seat's live connection to a table: hello with the last seq held, catch-up, live events,
 * presence, commands with acks and rejections, and reconnecting with backoff. It keeps the log
 * free of duplicates and gaps: envelopes at or below the last seq held are dropped, and a message
 * that does not follow on from it makes the client reconnect to fetch exactly what is missing.
 * The view arrives whole after each (re)connect, then as patches on the view held; a patch that
 * does not fit it makes the client reconnect too, which brings a whole view.
 * Framework-free: React reads `snapshot` through `subscribe` (useSyncExternalStore).
 */

export type ConnectionStatus =
  | { readonly kind: 'connecting'; readonly attempt: number }
  | { readonly kind: 'live' }
  | { readonly kind: 'reconnecting'; readonly at: number; readonly attempt: number; readonly reason: string }
  | { readonly kind: 'failed'; readonly code: string; readonly message: string };

export interface Rejection {
  readonly id: string | null;
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
  /** What the seat tried, in its own words (the typed line), when known. */
  readonly tried?: string;
  /** Increasing number: tells two equal rejections apart. */
  readonly n: number;
}

export type CommandResult =
  | { readonly ok: true; readonly seq: number }
  | {
      readonly ok: false;
      readonly code: string;
      readonly message: string;
      readonly details?: Readonly<Record<string, unknown>>;
    };

export interface Welcome {
  readonly tableId: string;
  readonly system: string;
  readonly tableName: string;
  readonly seat: {
    readonly seatId: string;
    readonly role: 'gm' | 'player' | 'spectator';
    readonly name: string;
  };
}

export interface TableSnapshot {
  readonly status: ConnectionStatus;
  readonly welcome: Welcome | null;
  readonly items: readonly LogItem[];
  readonly lastSeq: number;
  readonly seats: readonly SeatInfo[];
  readonly view: unknown;
  /** The seq `view` is at (-1 before the first view on this socket). */
  readonly viewSeq: number;
  /** The latest refusal not dismissed yet (at most one: a new one replaces it). */
  readonly rejections: readonly Rejection[];
  /** Commands sent and not yet answered. */
  readonly pending: number;
}

/** The part of the WebSocket API the client uses (browser WebSocket, or `ws` in Node tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface TableClientOptions {
  /** ws(s)://host/ws/tables/<id> */
  readonly url: string;
  readonly token: string;
  readonly openSocket?: (url: string) => SocketLike;
  /** Backoff before reconnect attempt n (1-based), in ms. */
  readonly delayMs?: (attempt: number) => number;
  readonly pingEveryMs?: number;
}

const OPEN = 1;
/** Close codes after which trying again with the same token is pointless. */
const FATAL: Readonly<Record<number, { code: string; message: string }>> = {
  4001: { code: 'BAD_TOKEN', message: 'this seat link is not valid for this table (any more)' },
};

export function defaultDelayMs(attempt: number): number {
  const base = Math.min(15_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.85 + Math.random() * 0.3));
}

/** A command id unique per seat: random, and works outside secure contexts (LAN http). */
export function newCommandId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return `c${Date.now().toString(36)}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export class TableClient {
  private snap: TableSnapshot = {
    status: { kind: 'connecting', attempt: 1 },
    welcome: null,
    items: [],
    lastSeq: 0,
    seats: [],
    view: null,
    viewSeq: -1,
    rejections: [],
    pending: 0,
  };
  private readonly listeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private rejectionCount = 0;
  /** Sent and not answered: resent with the same id after a reconnect (the server dedupes ids). */
  private readonly pending = new Map<
    string,
    { message: string; tried?: string; settle?: (result: CommandResult) => void }
  >();
  /**
   * Acknowledged requests whose outcome is not in the view yet. The server acks a command before
   * it sends the view (views go out on a later turn of its loop, see hub.ts scheduleViews), so a
   * screen told "done" on the ack would enable its buttons over the old view, and a second click
   * (or a test) would act on a state already gone. Each settles once a view that holds the
   * command's result is in: one at or past the ack's seq, or any view received after the ack (the
   * server makes every view from its state at that moment, which already holds the command).
   */
  private awaitingView: (() => void)[] = [];
  /** Sequence numbers of every envelope received, to prove in tests there are no repeats. */
  readonly receivedSeqs: number[] = [];

  constructor(private readonly options: TableClientOptions) {}

  get snapshot(): TableSnapshot {
    return this.snap;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TableSnapshot => this.snap;

  private update(change: Partial<TableSnapshot>): void {
    this.snap = { ...this.snap, ...change };
    for (const l of this.listeners) l();
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, 'page closed');
    }
  }

  /** Skips the rest of the backoff wait. */
  retryNow(): void {
    if (this.stopped || this.snap.status.kind !== 'reconnecting') return;
    this.connect();
  }

  /**
   * Sends a command; returns its id. Queued and resent if the socket is down. A rejection shows
   * in `snapshot.rejections` (with `tried`, the line the seat typed).
   */
  send(command: Record<string, unknown> & { type: string }, tried?: string): string {
    return this.enqueue(command, undefined, tried ? { tried } : {});
  }

  /**
   * Sends a command and resolves with its outcome (for screens that show their own errors and
   * ask for entered dice on DICE_NEEDED); its rejection is not added to `snapshot.rejections`.
   */
  request(
    command: Record<string, unknown> & { type: string },
    dice?: readonly number[],
  ): Promise<CommandResult> {
    return new Promise((settle) => {
      this.enqueue(command, dice, { settle });
    });
  }

  private enqueue(
    command: Record<string, unknown> & { type: string },
    dice: readonly number[] | undefined,
    extra: { tried?: string; settle?: (result: CommandResult) => void },
  ): string {
    const id = newCommandId();
    const message = JSON.stringify({ type: 'command', id, command, ...(dice ? { dice } : {}) });
    this.pending.set(id, { message, ...extra });
    this.update({ pending: this.pending.size });
    if (this.socket?.readyState === OPEN && this.snap.welcome) this.socket.send(message);
    return id;
  }

  dismiss(n: number): void {
    this.update({ rejections: this.snap.rejections.filter((r) => r.n !== n) });
  }

  /** Adds a rejection found by the client itself (a line it could not understand). */
  reject(code: string, message: string, tried?: string): void {
    this.pushRejection({ id: null, code, message, ...(tried ? { tried } : {}) });
  }

  private pushRejection(r: Omit<Rejection, 'n'>): void {
    const rejection: Rejection = { ...r, n: ++this.rejectionCount };
    // The latest replaces the ones before it: they have been read or are stale, and a pile of
    // notes to close one by one helps nobody.
    this.update({ rejections: [rejection] });
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private connect(): void {
    this.clearTimers();
    this.attempt++;
    // A new socket starts from a whole view: no patch may apply to the one held from before.
    this.update({ status: { kind: 'connecting', attempt: this.attempt }, viewSeq: -1 });
    const open = this.options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = open(this.options.url);
    } catch (e) {
      this.scheduleRetry(e instanceof Error ? e.message : 'could not open a connection');
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'hello', token: this.options.token, lastSeq: this.snap.lastSeq }));
      this.pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send('{"type":"ping"}');
      }, this.options.pingEveryMs ?? 25_000);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      this.handle(socket, message);
    };
    socket.onerror = () => {
      // A close event always follows; it decides what to do.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      const fatal = FATAL[event.code];
      if (fatal) {
        this.update({ status: { kind: 'failed', ...fatal } });
        return;
      }
      this.scheduleRetry(
        event.reason || (event.code === 1006 ? 'connection lost' : `closed (${event.code})`),
      );
    };
  }

  private scheduleRetry(reason: string): void {
    const delay = (this.options.delayMs ?? defaultDelayMs)(this.attempt);
    this.update({ status: { kind: 'reconnecting', at: Date.now() + delay, attempt: this.attempt, reason } });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Closes this socket and reconnects at once (after a gap, or a server that lost our log). */
  private resync(socket: SocketLike): void {
    socket.onclose = null;
    socket.close(1000, 'resync');
    this.socket = null;
    this.clearTimers();
    this.connect();
  }

  /** Every acknowledged request now in the view is told so (after the view is in the snapshot). */
  private settleAwaitingView(): void {
    const done = this.awaitingView;
    this.awaitingView = [];
    for (const settle of done) settle();
  }

  private handle(socket: SocketLike, message: ServerMessage): void {
    switch (message.type) {
      case 'welcome': {
        const { tableId, system, tableName, seat } = message;
        // The server counted our lastSeq under another acting role: what we hold is numbered
        // differently, and the catch-up that follows starts from nothing.
        if (message.restart) this.update({ items: [], lastSeq: 0 });
        if (message.headSeq < this.snap.lastSeq) {
          // The server's log is shorter than ours (a reset database): start over from nothing.
          this.update({ items: [], lastSeq: 0 });
          this.resync(socket);
          return;
        }
        this.update({ welcome: { tableId, system, tableName, seat } });
        // Unanswered commands go again with their ids: the server applies each id once.
        for (const { message: m } of this.pending.values()) socket.send(m);
        break;
      }
      case 'events': {
        if (message.afterSeq > this.snap.lastSeq) {
          // Something between lastSeq and afterSeq never reached us: fetch exactly that part.
          this.resync(socket);
          return;
        }
        const fresh = message.events.filter((e: EventEnvelope) => e.seq > this.snap.lastSeq);
        for (const e of fresh) this.receivedSeqs.push(e.seq);
        this.update({
          items: fresh.length ? foldEvents(this.snap.items, fresh) : this.snap.items,
          lastSeq: Math.max(this.snap.lastSeq, message.toSeq),
        });
        break;
      }
      case 'view':
        this.update({ view: message.view, viewSeq: message.seq });
        if (this.snap.status.kind !== 'live') {
          // The view ends the catch-up: from here on we are live.
          this.attempt = 0;
          this.update({ status: { kind: 'live' } });
        }
        this.settleAwaitingView();
        break;
      case 'viewPatch': {
        // The server patches the view it last sent this socket. Another base (a lost message, a
        // bug) or a patch that does not fit: reconnect, which starts again from a whole view.
        // Reconnecting rather than asking for the view on this socket keeps the protocol one
        // recovery path (the same as for a gap in events); it should never happen in practice.
        if (message.baseSeq !== this.snap.viewSeq) {
          this.resync(socket);
          return;
        }
        let view: unknown;
        try {
          // A new object along every patched path, the old subtrees elsewhere: React re-renders
          // what changed, and the previous view is never written to.
          view = applyPatch(this.snap.view, message.ops);
        } catch {
          this.resync(socket);
          return;
        }
        this.update({ view, viewSeq: message.seq });
        this.settleAwaitingView();
        break;
      }
      case 'presence':
        this.update({ seats: message.seats });
        break;
      case 'ack': {
        const settle = this.pending.get(message.id)?.settle;
        const result = { ok: true, seq: message.seq } as const;
        if (settle && this.snap.viewSeq >= message.seq) settle(result);
        else if (settle) this.awaitingView.push(() => settle(result));
        this.pending.delete(message.id);
        this.update({ pending: this.pending.size });
        break;
      }
      case 'rejected': {
        const entry = message.id ? this.pending.get(message.id) : undefined;
        const tried = entry?.tried;
        if (message.id) this.pending.delete(message.id);
        this.update({ pending: this.pending.size });
        if (entry?.settle) {
          entry.settle({
            ok: false,
            code: message.code,
            message: message.message,
            ...(message.details ? { details: message.details } : {}),
          });
          break;
        }
        this.pushRejection({
          id: message.id,
          code: message.code,
          message: message.message,
          ...(message.details ? { details: message.details } : {}),
          ...(tried ? { tried } : {}),
        });
        break;
      }
      case 'pong':
        break;
    }
  }
}
