import { CryptoDice } from '../engine/dice/crypto.ts';
import { type DiceSource, EnteredDice } from '../engine/dice/source.ts';
import { folding } from '../engine/fold.ts';
import { isRuleError } from '../engine/rule-error.ts';
import {
  type AnyRuleset,
  type Role,
  type Seat,
  type TableEvent,
  TYPED_DICE_MARK,
} from '../engine/ruleset.ts';
import { stateHash } from '../engine/state-hash.ts';
import { diff, jsonLength } from '../engine/view-patch.ts';
import { CLOSE_CODES, type SeatInfo, type ServerMessage } from './protocol.ts';
import { TokenBucket } from './rate-limit.ts';
import {
  type EventStore,
  type NewEvent,
  type SeatRecord,
  type SeatWrite,
  SeqConflictError,
  type StoredEvent,
  type TableRecord,
} from './store/event-store.ts';

/**
 * One open table on this server instance: its state (snapshot + the events after it), the sockets
 * connected to it, and the one queue every change goes through.
 *
 * Why a queue: decide must see the state at the head it appends after, so commands of one table
 * are decided one at a time here; those waiting together are appended together (runBatch).
 * Other instances (PostgreSQL) append too; their rows reach us through the bus (`notify`), and
 * when our append loses the race (SeqConflictError) we read their events, evolve, and decide
 * again — so every instance ends with the same log, no gap, no duplicate.
 */

/** A socket as the hub sees it: a seat, a way to send, and where it is in the log. */
export interface HubClient {
  readonly seat: SeatRecord;
  /** Sends one serialised ServerMessage. */
  send(text: string): void;
  /** Closes the socket (slow consumer, shutdown, broken table). */
  close(code: number, reason: string): void;
}

export interface HubOptions {
  /** A snapshot is saved when this many events have been applied since the last one. */
  readonly snapshotEvery: number;
  /** How many times a command is decided again after losing an append race before BUSY. */
  readonly maxConflictRetries: number;
  /** Most events a catch-up reads (and sends) per message. */
  readonly pageSize: number;
  readonly log: (level: 'warn' | 'error', message: string, error?: unknown) => void;
  /** Command rate limits of a table; absent: none (tests of the hub alone). */
  readonly commandLimits?: CommandLimits;
  /**
   * TEST ONLY (startServer's `testDice`): the dice of a table instead of CryptoDice. Never set in
   * production: see test-dice.ts for why and test-dice.test.ts for the proof.
   */
  readonly tableDice?: (tableId: string) => DiceSource;
}

/**
 * How fast a table takes commands, whatever the sockets they come by: per seat (one token on
 * many sockets counts once), for all player seats together (the GM is not in this pool, so
 * players flooding cannot slow the GM's commands), and how many may wait in the table's queue.
 * Over any of them a command is answered RATE_LIMITED at once and never queued.
 */
export interface CommandLimits {
  readonly perSeatPerSecond: number;
  readonly perSeatBurst: number;
  readonly playersPerSecond: number;
  readonly playersBurst: number;
  readonly maxQueued: number;
}

export type CommandOutcome = Extract<ServerMessage, { type: 'ack' } | { type: 'rejected' }>;

/** Server-side options kept in TableRecord.options: they never leave the server. */
export interface TableOptions {
  /** What the ruleset's setup receives. */
  readonly setup: unknown;
  readonly inviteCode: string;
  readonly spectateCode: string;
}

export function tableOptions(table: TableRecord): TableOptions {
  const o = (table.options ?? {}) as Partial<TableOptions>;
  return { setup: o.setup ?? {}, inviteCode: o.inviteCode ?? '', spectateCode: o.spectateCode ?? '' };
}

/**
 * The seat with the role it acts with in `state`: its own, unless the ruleset changes it with the
 * game (3:16's rotating GM). The hub and the import's view check both go by this.
 */
export function actingSeatOf(rules: AnyRuleset, state: unknown, seat: Seat): Seat {
  const role = rules.actingRole?.(state, seat) ?? seat.role;
  return role === seat.role ? seat : { seatId: seat.seatId, role, seatRole: seat.role };
}

/** Recent events kept in memory so reconnects within this window never touch the store. */
const RECENT = 500;
/** Command ids remembered in memory for idempotent resends (older ones are asked of the store). */
const RECENT_COMMANDS = 2000;

/**
 * Most commands decided and appended together (group commit): enough to take everything a busy
 * table queues while one append is in the store, small enough that one statement stays small.
 */
const MAX_BATCH = 64;

type WireEvent = { readonly type: string } & Record<string, unknown>;

/** A command in the table's queue, waiting for its batch. */
interface QueuedCommand {
  readonly seat: Seat;
  readonly id: string;
  readonly command: { readonly type: string };
  readonly dice: readonly number[] | undefined;
  readonly answer: (outcome: CommandOutcome) => void;
}

/**
 * What deciding one command of a batch came to: acked at a log seq (the head after its events,
 * or the seq a resend of it already has), or refused (the refusal changes nothing).
 */
type Decided = { readonly ackAt: number } | { readonly refusal: CommandOutcome };

interface Attached {
  readonly client: HubClient;
  readonly seat: Seat;
  /** False while the client is being caught up; live events are pushed only once it is true. */
  live: boolean;
  /** The last view this socket was sent (whole or patched): the base of its next patch. */
  view: SentView | null;
}

/**
 * A view as a socket holds it: the object (views share structure with the immutable state, so
 * keeping it costs little), the seq it is at, and the acting role it was made for. A new role
 * (3:16's rotating GM) gets a whole view: the two views differ wholesale, not by a few fields.
 */
interface SentView {
  readonly value: unknown;
  readonly seq: number;
  readonly role: Role;
}

/**
 * What a seat may see of the log, as global seqs in order: its own numbering of events is the
 * place in this list (the first event it sees is 1, the next 2, …), so the numbers a seat is
 * shown (events, views, acks, its resume point) never skip where a hidden event was. Kept while
 * the seat has a socket here, and grown as events are applied.
 */
interface SeatLine {
  readonly seat: Seat;
  readonly seqs: number[];
}

/** How many of the ascending `seqs` are at most `seq`. */
function countUpTo(seqs: readonly number[], seq: number): number {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((seqs[mid] as number) <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One seat's new view in one tick, with what was made from it for that seat's sockets. */
interface FreshView extends SentView {
  /** The whole `view` message, made the first time a socket needs it. */
  full: string | null;
  /** Patch outcomes by base (a seat's sockets usually hold the same view object, so one diff). */
  readonly patches: { readonly base: SentView; readonly outcome: PatchOutcome }[];
}

/** What a socket holding a base gets: nothing (no change), a patch, or the whole view. */
type PatchOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'patch'; readonly text: string }
  | { readonly kind: 'full' };

export class TableHub {
  private state: unknown;
  private seq: number;
  private snapshotSeq: number;
  private readonly recent: StoredEvent[] = [];
  private readonly commands = new Map<string, number>();
  private readonly seats = new Map<string, { name: string; role: Role }>();
  private readonly clients = new Set<Attached>();
  private readonly online = new Map<string, number>();
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * The batch of commands queued since the last job of another kind: commands that arrive while
   * it waits join it, and it is decided and appended as one (group commit). Null once it runs or
   * another job is queued behind it (commands after that job must wait for it, as before).
   */
  private openBatch: QueuedCommand[] | null = null;
  /** The queue's job of the open batch: what a command joining it waits for. */
  private openRun: Promise<void> | null = null;
  private catchUpQueued = false;
  /** While our own append is in flight: its last seq (bus echoes up to it are ours). */
  private appendingTo = 0;
  /**
   * The highest seq the bus announced while an append was under way (and so not read then): if
   * that append fails for any reason but a lost race (a full table, a store error), nothing else
   * would read it, and this instance's sockets would miss it until the next event.
   */
  private heardWhileAppending = 0;
  private viewsScheduled = false;
  /**
   * The table's dice: the OS's cryptographic randomness, so no number of public faces tells
   * anyone the hidden rolls to come (a seeded generator's state can be solved for). Replay never
   * needs them: every face is in the events. (Tests that start a server in-process may script
   * them through HubOptions.tableDice; production never can.)
   */
  private readonly dice: DiceSource;
  /**
   * True while `commands` knows every command id in the log (the hub replayed from seq 0 and
   * forgot none): then a resend check needs no store query.
   */
  private commandsComplete: boolean;
  /** Failed, or dropped as idle: no longer in the registry, so never given to a new socket. */
  closed = false;
  /** Commands waiting in the queue or running. */
  private queuedCommands = 0;
  private readonly seatBuckets = new Map<string, TokenBucket>();
  /** Per seat with a socket here: the events it may see (see SeatLine). */
  private readonly lines = new Map<string, SeatLine>();
  /**
   * Per seat, every acting role a numbering of it on this hub was counted under (a line made, or
   * kept while the role changed): kept after its sockets close, so a hello whose lastSeq may have
   * been counted under another role is known (see catchUpClient).
   */
  private readonly numberedAs = new Map<string, Set<Role>>();
  private playersBucket: TokenBucket | null = null;

  private constructor(
    private readonly store: EventStore,
    readonly table: TableRecord,
    readonly rules: AnyRuleset,
    private readonly options: HubOptions,
    state: unknown,
    seq: number,
  ) {
    this.state = state;
    this.seq = seq;
    this.snapshotSeq = seq;
    this.commandsComplete = seq === 0;
    this.dice = options.tableDice?.(table.tableId) ?? new CryptoDice();
  }

  /** Loads a table: latest snapshot, then every event after it. */
  static async open(
    store: EventStore,
    table: TableRecord,
    rules: AnyRuleset,
    options: HubOptions,
  ): Promise<TableHub> {
    const snapshot = await store.latestSnapshot(table.tableId);
    const state = snapshot ? snapshot.state : rules.setup(tableOptions(table).setup);
    const hub = new TableHub(store, table, rules, options, state, snapshot?.seq ?? 0);
    await hub.readNew();
    // The seats come from the store, read after the replay: the log still has the join of every
    // seat the GM removed, and the store is the one that forgets it. A seat that joins after
    // this read is added by its join event, as on a hub that was already open.
    hub.seats.clear();
    for (const s of await store.seats(table.tableId)) hub.seats.set(s.seatId, { name: s.name, role: s.role });
    return hub;
  }

  get tableId(): string {
    return this.table.tableId;
  }
  get headSeq(): number {
    return this.seq;
  }
  get clientCount(): number {
    return this.clients.size;
  }
  /**
   * Sockets attached now, for the connection caps: of the seat `seatId`, of spectator seats, and
   * of player seats (by stored role: a player acting as a mission's GM is still a player). The
   * GM's seat is capped only by its own per-seat limit: its reserve.
   */
  socketCounts(seatId: string): { seat: number; spectators: number; others: number } {
    let spectators = 0;
    let gm = 0;
    for (const a of this.clients) {
      if (a.seat.role === 'spectator') spectators++;
      else if (a.seat.role === 'gm') gm++;
    }
    // The GM's sockets are not in the players' pool: players filling it never lock the GM out.
    return { seat: this.online.get(seatId) ?? 0, spectators, others: this.clients.size - spectators - gm };
  }
  /** For tests and the export: the current (unredacted) state. */
  get currentState(): unknown {
    return this.state;
  }

  private hashed: { readonly seq: number; readonly hash: string } | null = null;
  /**
   * The head and the hash of its state, for an export: the state is here already, so an export
   * never replays the log (that took 33 s of a blocked loop on a 20,000-event table), and the
   * hash is made once per head however often the GM exports.
   */
  exportPoint(): { readonly seq: number; readonly hash: string } {
    if (this.hashed?.seq !== this.seq) this.hashed = { seq: this.seq, hash: stateHash(this.state) };
    return this.hashed;
  }

  /** Resolves once every job queued so far has finished (shutdown waits for in-flight commands). */
  drained(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  /** Runs `job` after every job queued before it; a failing job does not stop the queue. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    // Commands queued after this job wait for it: they start a batch of their own.
    this.openBatch = null;
    this.openRun = null;
    return this.chain(job);
  }

  private chain<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job, job);
    this.tail = run.catch(() => undefined);
    return run;
  }

  // -------------------------------------------------------------------------------------------
  // Applying events (ours or another instance's) and pushing them out

  /** Reads every event past our head from the store, applies and pushes it. Queue only. */
  private async readNew(): Promise<void> {
    for (;;) {
      const batch = await this.store.read(this.tableId, this.seq, this.options.pageSize);
      if (batch.length === 0) return;
      this.apply(batch);
      if (batch.length < this.options.pageSize) return;
    }
  }

  /** Evolves the state by `events` (contiguous after the head); pushes them unless told not to. */
  private apply(events: readonly StoredEvent[], push = true): void {
    const from = this.seq;
    // One fold per batch (a catch-up reads up to a page): linear in the batch, see fold.ts. Only
    // the state after the batch is seen (views are made on a later tick, snapshots below).
    folding(() => {
      for (const stored of events) {
        if (stored.seq !== this.seq + 1) {
          throw new Error(
            `table ${this.tableId}: event ${stored.seq} after ${this.seq} (log not contiguous)`,
          );
        }
        this.state = this.rules.evolve(this.state, stored.event);
        this.seq = stored.seq;
        this.remember(stored);
      }
    });
    if (this.seq === from) return;
    for (const line of this.lines.values()) {
      const seat = this.actingSeat(line.seat);
      this.numberedUnder(seat);
      for (const stored of events)
        if (this.rules.redact(stored.event, seat) !== null) line.seqs.push(stored.seq);
    }
    if (push) this.push(from, events);
    if (this.seq - this.snapshotSeq >= this.options.snapshotEvery) this.snapshot();
  }

  private remember(stored: StoredEvent): void {
    this.recent.push(stored);
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
    if (stored.commandId !== null && stored.by !== null) {
      const key = `${stored.by}\n${stored.commandId}`;
      this.commands.delete(key); // re-insert so the map's order stays "least recent first"
      this.commands.set(key, stored.seq);
      if (this.commands.size > RECENT_COMMANDS) {
        const oldest = this.commands.keys().next().value;
        if (oldest !== undefined) this.commands.delete(oldest);
        this.commandsComplete = false;
      }
    }
    const e = stored.event as TableEvent | WireEvent;
    if (e.type === 'seat.joined') {
      const joined = e as Extract<TableEvent, { type: 'seat.joined' }>;
      const fresh = !this.seats.has(joined.seatId);
      this.seats.set(joined.seatId, { name: joined.name, role: joined.role });
      if (fresh) this.schedulePresence();
    } else if (e.type === 'seat.renamed') {
      const renamed = e as Extract<TableEvent, { type: 'seat.renamed' }>;
      const seat = this.seats.get(renamed.seatId);
      if (seat) this.seats.set(renamed.seatId, { ...seat, name: renamed.name });
      this.schedulePresence();
    }
  }

  private snapshot(): void {
    const snapshot = { tableId: this.tableId, seq: this.seq, state: this.state };
    this.snapshotSeq = this.seq;
    // Off the queue: state objects are never mutated (evolve returns new ones), and a lost
    // snapshot only means a longer replay next time.
    this.store.saveSnapshot(snapshot).catch((e: unknown) => this.options.log('warn', 'snapshot failed', e));
  }

  /**
   * The envelopes of `events` one seat may see, serialised. redact runs per seat and event; when
   * it returns the event unchanged (a public event) the JSON is made once and shared by all seats.
   */
  private envelopes(
    events: readonly StoredEvent[],
    given: Seat,
    line: SeatLine,
    shared: Map<StoredEvent, { seq: number; text: string }>,
  ): string[] {
    const out: string[] = [];
    const seat = this.actingSeat(given);
    for (const stored of events) {
      const redacted = this.rules.redact(stored.event, seat);
      if (redacted === null) continue;
      // The seat's own number for the event (its place among the events it sees).
      const seq = countUpTo(line.seqs, stored.seq);
      if (redacted === stored.event) {
        const made = shared.get(stored);
        if (made?.seq === seq) {
          out.push(made.text);
          continue;
        }
        const text = JSON.stringify({ seq, at: stored.at, by: stored.by, event: redacted });
        shared.set(stored, { seq, text });
        out.push(text);
      } else {
        out.push(JSON.stringify({ seq, at: stored.at, by: stored.by, event: redacted }));
      }
    }
    return out;
  }

  /** The line of a seat with a socket here (made by attach); a throwaway one otherwise. */
  private lineFor(seat: Seat): SeatLine {
    return this.lines.get(seat.seatId) ?? { seat, seqs: [] };
  }

  /**
   * Builds the seat's line from the whole log (once per seat while it has sockets here: later
   * events grow it in `apply`). Queue only: no event may be applied while it is read.
   */
  private async ensureLine(seat: Seat): Promise<SeatLine> {
    const known = this.lines.get(seat.seatId);
    if (known) return known;
    const line: SeatLine = { seat, seqs: [] };
    const acting = this.actingSeat(seat);
    for (let from = 0; from < this.seq; ) {
      const page = await this.eventsAfter(from, this.seq);
      if (page.length === 0) break;
      for (const stored of page)
        if (this.rules.redact(stored.event, acting) !== null) line.seqs.push(stored.seq);
      from = (page[page.length - 1] as StoredEvent).seq;
    }
    this.lines.set(seat.seatId, line);
    this.numberedUnder(acting);
    return line;
  }

  private numberedUnder(acting: Seat): void {
    const roles = this.numberedAs.get(acting.seatId);
    if (roles) roles.add(acting.role);
    else this.numberedAs.set(acting.seatId, new Set([acting.role]));
  }

  /**
   * Where the log's `seq` is in the seat's own numbering (how many events up to it the seat may
   * see): what an ack or a rename tells the seat instead of the table's seq. Runs in the queue.
   */
  seatSeq(seat: Seat, seq: number): Promise<number> {
    return this.enqueue(async () => {
      const kept = this.lines.has(seat.seatId);
      const line = await this.ensureLine(seat);
      const n = countUpTo(line.seqs, seq);
      // A line made for this answer alone (the seat has no socket here) is not kept up to date.
      if (!kept && (this.online.get(seat.seatId) ?? 0) === 0) this.lines.delete(seat.seatId);
      return n;
    });
  }

  private eventsMessage(afterSeq: number, toSeq: number, envelopes: readonly string[]): string {
    return `{"type":"events","afterSeq":${afterSeq},"toSeq":${toSeq},"events":[${envelopes.join(',')}]}`;
  }

  private push(afterSeq: number, events: readonly StoredEvent[]): void {
    if (this.clients.size === 0) return;
    const shared = new Map<StoredEvent, { seq: number; text: string }>();
    const perSeat = new Map<string, string | null>();
    for (const a of this.clients) {
      if (!a.live) continue;
      let text = perSeat.get(a.seat.seatId);
      if (text === undefined) {
        const line = this.lineFor(a.seat);
        const envelopes = this.envelopes(events, a.seat, line, shared);
        // A seat that may see none of these events hears nothing of them: not even that the
        // table moved on (its numbers only count what it sees).
        text =
          envelopes.length === 0
            ? null
            : this.eventsMessage(countUpTo(line.seqs, afterSeq), line.seqs.length, envelopes);
        perSeat.set(a.seat.seatId, text);
      }
      if (text !== null) a.client.send(text);
    }
    this.scheduleViews();
  }

  /**
   * Views after events, on the loop's check phase: all the I/O of this turn (acks, events) goes
   * out first, and a burst of events on one table costs one view per seat, not one per event.
   * (Measured: computing views right after each push was ~40% slower under load.) Each socket
   * gets the change from the view it holds as a `viewPatch` when that is smaller than the whole
   * view: in 3:16 the view carries the whole campaign (log, chat, scenes), which would otherwise
   * go to every seat after every die.
   */
  private scheduleViews(): void {
    if (this.viewsScheduled) return;
    this.viewsScheduled = true;
    setImmediate(() => {
      this.viewsScheduled = false;
      const perSeat = new Map<string, FreshView>();
      try {
        for (const a of this.clients) {
          if (!a.live) continue;
          let fresh = perSeat.get(a.seat.seatId);
          if (fresh === undefined) {
            const acting = this.actingSeat(a.seat);
            const value = this.rules.view(this.state, acting);
            const seq = this.lineFor(a.seat).seqs.length;
            fresh = { value, seq, role: acting.role, full: null, patches: [] };
            perSeat.set(a.seat.seatId, fresh);
          }
          const text = this.viewUpdate(a.view, fresh);
          // Kept without the tick's texts and bases, which would hold older views alive.
          a.view = { value: fresh.value, seq: fresh.seq, role: fresh.role };
          if (text !== null) a.client.send(text);
        }
      } catch (e) {
        // Outside any request: an exception here would end the process. A view that cannot be
        // made is a ruleset bug; the table reloads and its clients reconnect.
        this.fail(e);
      }
    });
  }

  /** The message that brings a socket holding `held` to `fresh`; null when it has nothing new. */
  private viewUpdate(held: SentView | null, fresh: FreshView): string | null {
    if (held !== null && held.role === fresh.role) {
      let made = fresh.patches.find((p) => p.base.value === held.value && p.base.seq === held.seq);
      if (made === undefined) {
        made = { base: held, outcome: this.patchOutcome(held, fresh) };
        fresh.patches.push(made);
      }
      if (made.outcome.kind === 'none') return null;
      if (made.outcome.kind === 'patch') return made.outcome.text;
    }
    fresh.full ??= JSON.stringify({ type: 'view', seq: fresh.seq, view: fresh.value });
    return fresh.full;
  }

  private patchOutcome(held: SentView, fresh: SentView): PatchOutcome {
    const ops = diff(held.value, fresh.value);
    // Same seq, same view: the socket already has it (it attached after the events were pushed).
    if (ops.length === 0 && held.seq === fresh.seq) return { kind: 'none' };
    const text = JSON.stringify({ type: 'viewPatch', seq: fresh.seq, baseSeq: held.seq, ops });
    // The whole message's length is measured only as far as the patch's: the walk stops there,
    // so a small change costs little even on a table with a long campaign.
    const head = `{"type":"view","seq":${fresh.seq},"view":}`.length;
    return head + jsonLength(fresh.value, text.length - head) > text.length
      ? { kind: 'patch', text }
      : { kind: 'full' };
  }

  /**
   * The seat with the role it acts with now: its own, unless the ruleset changes it with the game
   * (3:16's rotating GM). Commands, views and redaction all go by this, read from current state.
   */
  actingSeat(seat: Seat): Seat {
    return actingSeatOf(this.rules, this.state, seat);
  }

  private presenceScheduled = false;
  private schedulePresence(): void {
    if (this.presenceScheduled) return;
    this.presenceScheduled = true;
    queueMicrotask(() => {
      this.presenceScheduled = false;
      const text = JSON.stringify({ type: 'presence', seats: this.presence() });
      for (const a of this.clients) if (a.live) a.client.send(text);
    });
  }

  presence(): SeatInfo[] {
    return [...this.seats].map(([seatId, s]) => ({
      seatId,
      name: s.name,
      role: s.role,
      online: (this.online.get(seatId) ?? 0) > 0,
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Sockets

  /**
   * Brings a socket up to date and makes it live: welcome, exactly the events after `lastSeq`
   * (redacted for its seat), its view; then live pushes. Runs in the queue, so no event can be
   * appended between the catch-up and the first live push (no gap, no duplicate).
   */
  attach(client: HubClient, lastSeq: number): Promise<void> {
    const seat: Seat = { seatId: client.seat.seatId, role: client.seat.role };
    const attached: Attached = { client, seat, live: false, view: null };
    this.clients.add(attached);
    this.online.set(seat.seatId, (this.online.get(seat.seatId) ?? 0) + 1);
    return this.enqueue(async () => {
      if (!this.clients.has(attached)) return; // closed while waiting
      try {
        await this.catchUpClient(attached, lastSeq);
      } catch (e) {
        // The rules cannot show this seat the table (a view or redact that throws: a ruleset
        // bug, or a log it cannot handle). The socket is closed rather than left attached with
        // no view, where its commands would be acked and their events never pushed to it.
        this.options.log('error', `table ${this.tableId}: seat ${seat.seatId} could not be attached`, e);
        client.send(
          JSON.stringify({
            type: 'rejected',
            id: null,
            code: 'INTERNAL',
            message: 'the server failed to show this table to your seat',
          } satisfies ServerMessage),
        );
        client.close(CLOSE_CODES.SERVER_ERROR, 'the server failed to show this table');
        this.detach(client);
      }
    });
  }

  /** attach's work in the queue: welcome, the events after `lastSeq`, the view; then live. */
  private async catchUpClient(attached: Attached, lastSeq: number): Promise<void> {
    const { client, seat } = attached;
    const name = this.seats.get(seat.seatId)?.name ?? client.seat.name;
    // A lastSeq counted under another acting role (3:16's rotating GM) points at the wrong event
    // in this numbering: the seat starts over from nothing. Any role this hub ever numbered the
    // seat under counts, since the client may hold an older numbering than the seat's newest
    // (a second device). Where this hub never numbered the seat (a table loaded afresh, another
    // instance) it cannot tell and resumes, as before: see docs/api.md.
    const before = this.numberedAs.get(seat.seatId);
    const acting = this.actingSeat(seat);
    const restart = lastSeq > 0 && before !== undefined && [...before].some((role) => role !== acting.role);
    const line = await this.ensureLine(seat);
    const head = line.seqs.length;
    const welcome: ServerMessage = {
      type: 'welcome',
      tableId: this.tableId,
      system: this.table.system,
      tableName: this.table.name,
      seat: { seatId: seat.seatId, role: seat.role, name },
      headSeq: head,
      ...(restart ? { restart: true } : {}),
    };
    client.send(JSON.stringify(welcome));
    // `lastSeq` is in the seat's own numbering: the events after the one it last holds.
    const held = restart ? 0 : Math.min(lastSeq, head);
    let after = held;
    let from = held === 0 ? 0 : (line.seqs[held - 1] as number);
    while (from < this.seq) {
      const page = await this.eventsAfter(from, this.seq);
      if (page.length === 0) break;
      const envelopes = this.envelopes(page, seat, line, new Map());
      from = (page[page.length - 1] as StoredEvent).seq;
      if (envelopes.length === 0) continue;
      const to = countUpTo(line.seqs, from);
      client.send(this.eventsMessage(after, to, envelopes));
      after = to;
    }
    // A socket starts from a whole view; live patches build on it.
    const view: SentView = { value: this.rules.view(this.state, acting), seq: head, role: acting.role };
    client.send(JSON.stringify({ type: 'view', seq: view.seq, view: view.value }));
    attached.view = view;
    attached.live = true;
    this.schedulePresence();
  }

  /** Events (from, to], at most one page: from memory when the window covers them. */
  private async eventsAfter(from: number, to: number): Promise<StoredEvent[]> {
    const first = this.recent[0];
    if (first && first.seq <= from + 1) {
      const start = from + 1 - first.seq;
      return this.recent.slice(start, Math.min(start + this.options.pageSize, start + (to - from)));
    }
    const page = await this.store.read(this.tableId, from, Math.min(this.options.pageSize, to - from));
    return page.filter((e) => e.seq <= to);
  }

  detach(client: HubClient): void {
    for (const a of this.clients) {
      if (a.client !== client) continue;
      this.clients.delete(a);
      const n = (this.online.get(a.seat.seatId) ?? 1) - 1;
      if (n <= 0) {
        this.online.delete(a.seat.seatId);
        this.lines.delete(a.seat.seatId);
      } else this.online.set(a.seat.seatId, n);
      this.schedulePresence();
    }
  }

  /** Closes this instance's sockets of one seat (the GM's tool); how many were open. */
  closeSeat(seatId: string, code: number, reason: string): number {
    let n = 0;
    for (const a of [...this.clients]) {
      if (a.seat.seatId !== seatId) continue;
      a.client.close(code, reason);
      this.detach(a.client);
      n++;
    }
    return n;
  }

  /**
   * A seat the GM removed leaves the presence list (its sockets are closed apart). Its events stay
   * in the log; a hub loaded afresh takes its seats from the store after replaying (see open).
   */
  forgetSeat(seatId: string): void {
    this.numberedAs.delete(seatId);
    if (this.seats.delete(seatId)) this.schedulePresence();
  }

  /** Closes every socket (server shutdown, or the table could not be applied). */
  closeAll(code: number, reason: string): void {
    for (const a of [...this.clients]) a.client.close(code, reason);
    this.clients.clear();
    this.online.clear();
    this.lines.clear();
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  /** The bus says the table's log reached `seq` (maybe on another instance). */
  notify(seq: number): void {
    if (seq <= this.seq) return;
    if (seq <= this.appendingTo) {
      // Maybe our own append's echo, maybe another writer's: decided once the append ends.
      this.heardWhileAppending = Math.max(this.heardWhileAppending, seq);
      return;
    }
    this.catchUp();
  }

  /** Reads whatever is new in the store (after a bus notification or a bus reconnect). */
  catchUp(): Promise<void> {
    if (this.catchUpQueued) return Promise.resolve();
    this.catchUpQueued = true;
    return this.enqueue(async () => {
      this.catchUpQueued = false;
      await this.readNew();
    }).catch((e: unknown) => this.fail(e));
  }

  /** A table whose log cannot be applied is closed; clients reconnect and it is loaded afresh. */
  fail(error: unknown): void {
    this.options.log('error', `table ${this.tableId} failed`, error);
    this.closed = true;
    this.closeAll(CLOSE_CODES.SERVER_ERROR, 'table failed; reconnect');
  }

  /**
   * Appends `build()`'s events after the head, retrying after a lost race. `build` is called
   * again each time, with the state that includes the other writer's events. `seat` is written in
   * each attempt's transaction (a lost race rolls it back with the events). Queue only.
   */
  private async appendWithRetry(
    build: () => NewEvent[],
    seat?: SeatWrite,
  ): Promise<{ from: number; stored: StoredEvent[] } | { busy: true }> {
    for (let attempt = 0; ; attempt++) {
      const events = build();
      if (events.length === 0) {
        // Lost before, and nothing to retry: the turn the store kept for us goes to the others.
        if (attempt > 0) await this.store.endTurn?.(this.tableId);
        return { from: this.seq, stored: [] };
      }
      const expected = this.seq;
      this.appendingTo = expected + events.length;
      try {
        const stored = await this.store.append(this.tableId, expected, events, seat);
        // Applied but not pushed yet: the caller answers first (ack before fan-out).
        this.apply(stored, false);
        return { from: expected, stored };
      } catch (e) {
        if (!(e instanceof SeqConflictError)) throw e;
        if (attempt >= this.options.maxConflictRetries) {
          await this.store.endTurn?.(this.tableId);
          return { busy: true };
        }
        // The winner's events came with the conflict (PostgreSQL): no read needed.
        if (e.after && e.after[0]?.seq === this.seq + 1) this.apply(e.after);
        else await this.readNew();
      } finally {
        this.appendingTo = 0;
        // Announced during the append and still not ours: read it after this task.
        if (this.heardWhileAppending > this.seq) this.catchUp();
        this.heardWhileAppending = 0;
      }
    }
  }

  /**
   * Appends a server event (a seat joined, a seat renamed): not a command, so no roles and no
   * dice. `seat` is the seat row's change the event records: the store writes both in one
   * transaction, so a failure or a crash can never leave one without the other. Rejects with the
   * store's error (SeatsFullError for a full pool) when nothing was written.
   */
  appendServerEvent(event: TableEvent, seat?: SeatWrite): Promise<number> {
    return this.enqueue(async () => {
      const result = await this.appendWithRetry(() => [{ by: null, commandId: null, event }], seat);
      if ('busy' in result) throw new Error(`table ${this.tableId} is too busy to write a seat`);
      this.push(result.from, result.stored);
      return this.seq;
    });
  }

  /**
   * One command from one seat, already checked against the message schema, the ruleset's
   * command schema and commandRoles. Decides, appends, applies, and answers; the events are
   * pushed to every socket (the sender's included) right after the answer is sent.
   */
  command(
    seat: Seat,
    id: string,
    command: { readonly type: string },
    dice: readonly number[] | undefined,
    answer: (outcome: CommandOutcome) => void,
  ): Promise<void> {
    const limited = this.overLimit(seat);
    if (limited) {
      answer({
        type: 'rejected',
        id,
        code: 'RATE_LIMITED',
        message: limited.message,
        details: { per: limited.per, ...(limited.perSecond ? { perSecond: limited.perSecond } : {}) },
      });
      return Promise.resolve();
    }
    this.queuedCommands++;
    let batch = this.openBatch;
    let run: Promise<void>;
    if (batch !== null && batch.length < MAX_BATCH && this.openRun !== null) run = this.openRun;
    else {
      const fresh: QueuedCommand[] = [];
      batch = fresh;
      run = this.chain(() => this.runBatch(fresh));
      this.openBatch = fresh;
      this.openRun = run;
    }
    batch.push({ seat, id, command, dice, answer });
    return run.finally(() => {
      this.queuedCommands--;
    });
  }

  /** Which command limit (if any) a command of `seat` would go over now; takes its tokens if none. */
  private overLimit(seat: Seat): { per: string; message: string; perSecond?: number } | null {
    const limits = this.options.commandLimits;
    if (!limits) return null;
    const gm = seat.role === 'gm';
    // The GM may queue as many again as all players together: a flood never leaves it waiting.
    if (this.queuedCommands >= (gm ? 2 : 1) * limits.maxQueued) {
      return { per: 'queue', message: 'the table has too many commands waiting; send again shortly' };
    }
    let bucket = this.seatBuckets.get(seat.seatId);
    if (!bucket) {
      bucket = new TokenBucket(limits.perSeatPerSecond, limits.perSeatBurst);
      this.seatBuckets.set(seat.seatId, bucket);
    }
    this.playersBucket ??= new TokenBucket(limits.playersPerSecond, limits.playersBurst);
    if (!bucket.take()) {
      return {
        per: 'seat',
        message: 'this seat sends commands too fast; slow down',
        perSecond: limits.perSeatPerSecond,
      };
    }
    if (!gm && !this.playersBucket.take()) {
      return {
        per: 'table',
        message: 'the players send commands faster than this table takes them; slow down',
        perSecond: limits.playersPerSecond,
      };
    }
    return null;
  }

  /**
   * Group commit: decides every command of the batch in order, each on the state the ones before
   * it leave (their events evolved in, not yet stored), and appends all their events in ONE
   * append (one transaction, one check of the head). Every answer waits for that append: an ack
   * promises a durable event, and a refusal was decided on a state that must turn out to be the
   * log's. A lost race decides the whole batch again on the new head. Answers go out in the
   * batch's order (so each seat's in the order it sent), then the events to every socket.
   */
  private async runBatch(batch: readonly QueuedCommand[]): Promise<void> {
    if (this.openBatch === batch) {
      // Running: commands from now on go to the next batch.
      this.openBatch = null;
      this.openRun = null;
    }
    if (this.closed) {
      for (const c of batch)
        c.answer({ type: 'rejected', id: c.id, code: 'BUSY', message: 'the table is reloading; send again' });
      return;
    }
    let earlier: (number | null)[] = [];
    let decided: Decided[] = [];
    const build = (): NewEvent[] => {
      decided = [];
      const events: NewEvent[] = [];
      let state = this.state;
      // Commands of this batch that carry events, by seat and id: a resend in the same batch
      // (the client sent it again through another socket) is answered as its first copy.
      const inBatch = new Map<string, number>();
      batch.forEach((c, i) => {
        const key = `${c.seat.seatId}\n${c.id}`;
        // After a lost race the events we caught up on may hold this very command.
        const seen = earlier[i] ?? this.commands.get(key) ?? inBatch.get(key);
        if (seen !== undefined) {
          decided.push({ ackAt: seen });
          return;
        }
        const outcome = this.decideOne(state, c);
        if ('refusal' in outcome) {
          decided.push(outcome);
          return;
        }
        events.push(...outcome.events);
        const ackAt = this.seq + events.length;
        decided.push({ ackAt });
        if (outcome.events.length > 0) inBatch.set(key, ackAt);
        // The next command decides on the state after this one's events (none is kept: outside
        // a fold evolve copies, so the hub's own state is untouched if the append loses).
        if (i < batch.length - 1) for (const e of outcome.events) state = this.rules.evolve(state, e.event);
      });
      return events;
    };
    let result: Awaited<ReturnType<TableHub['appendWithRetry']>>;
    try {
      // Resends of commands already in the log are answered from it, not decided again.
      earlier = await Promise.all(batch.map((c) => this.commandSeq(c.seat.seatId, c.id)));
      result = await this.appendWithRetry(build);
    } catch (e) {
      // The store or the rules failed: whether the append happened is unknown, so this hub's
      // state is no longer trusted. Clients reconnect, the table reloads from the log, and a
      // resend of these ids is answered from the log if they did get in.
      for (const c of batch)
        c.answer({
          type: 'rejected',
          id: c.id,
          code: 'INTERNAL',
          message: 'the server failed to apply the command',
        });
      this.fail(e);
      return;
    }
    batch.forEach((c, i) => {
      const outcome = decided[i] as Decided;
      const known = earlier[i];
      if ('busy' in result && (known === null || known === undefined)) {
        c.answer({
          type: 'rejected',
          id: c.id,
          code: 'BUSY',
          message: 'the table changed too often while deciding; send the command again',
        });
      } else if ('refusal' in outcome) c.answer(outcome.refusal);
      else c.answer({ type: 'ack', id: c.id, seq: countUpTo(this.lineFor(c.seat).seqs, outcome.ackAt) });
    });
    if (!('busy' in result) && result.stored.length > 0) this.push(result.from, result.stored);
  }

  /**
   * One command decided on `state`: its events as stored (by the seat, with its id; typed faces
   * marked), or its refusal. A refusal is the rules' (a RuleError) or entered faces it did not
   * use; any other error is a bug and goes up.
   */
  private decideOne(
    state: unknown,
    { seat, id, command, dice }: QueuedCommand,
  ): { readonly events: NewEvent[] } | { readonly refusal: CommandOutcome } {
    const source = dice ? new EnteredDice(dice) : this.dice;
    const actor = actingSeatOf(this.rules, state, seat);
    // A player's typed faces are theirs alone: rolls for others come from the table's dice.
    // The GM, who runs the table, may type in every die.
    const tableDice = dice && actor.role !== 'gm' ? { tableDice: this.dice } : {};
    let events: { readonly type: string }[];
    try {
      events = this.rules.decide(state, command, { actor, dice: source, ...tableDice });
    } catch (e) {
      if (!isRuleError(e)) throw e;
      return {
        refusal: {
          type: 'rejected',
          id,
          code: e.code,
          message: e.message,
          ...(e.details ? { details: e.details } : {}),
        },
      };
    }
    if (source instanceof EnteredDice && source.unused > 0) {
      const used = (dice?.length ?? 0) - source.unused;
      return {
        refusal: {
          type: 'rejected',
          id,
          code: 'DICE_UNUSED',
          message: `${source.unused} entered ${source.unused === 1 ? 'face was' : 'faces were'} not needed; the command needs ${used}`,
          details: { entered: dice?.length ?? 0, used },
        },
      };
    }
    // Faces typed in: the hub (not the sender) marks the events, for the log to show them apart.
    const typed = source instanceof EnteredDice && (dice?.length ?? 0) > 0;
    return {
      events: events.map((event) => ({
        by: seat.seatId,
        commandId: id,
        event: (typed ? { ...event, [TYPED_DICE_MARK]: true } : event) as WireEvent,
      })),
    };
  }

  /** Answer of an earlier command with this id from this seat: memory first, then the store. */
  private async commandSeq(seatId: string, id: string): Promise<number | null> {
    const known = this.commands.get(`${seatId}\n${id}`);
    if (known !== undefined) return known;
    if (this.commandsComplete) return null;
    return this.store.commandSeq(this.tableId, id, seatId);
  }
}
