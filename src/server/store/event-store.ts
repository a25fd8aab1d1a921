/**
 * The event store: the table's log is the truth. Two adapters keep this one contract
 * (SQLite embedded, PostgreSQL shared); tests run the same suite against both.
 */

export interface StoredEvent {
  readonly tableId: string;
  readonly seq: number; // 1, 2, 3 ... per table, no gaps
  readonly at: string; // ISO time
  readonly by: string | null; // seat id
  /** Client command id the events came from (idempotency), or null. */
  readonly commandId: string | null;
  readonly event: { readonly type: string } & Record<string, unknown>;
}

export interface NewEvent {
  readonly by: string | null;
  readonly commandId: string | null;
  readonly event: { readonly type: string } & Record<string, unknown>;
}

/** An event of an imported log: it keeps the time it was first stored at. */
export interface ImportedEvent extends NewEvent {
  readonly at: string;
}

/**
 * The command rows an imported log implies: each (seat, command id) with the seq of its last
 * event (events are numbered from 1), as `append` records them, so a resent command id is still
 * answered from the log after an import.
 */
export function importedCommands(
  events: readonly ImportedEvent[],
): { readonly by: string; readonly commandId: string; readonly seq: number }[] {
  const last = new Map<string, { by: string; commandId: string; seq: number }>();
  events.forEach((e, i) => {
    if (e.by !== null && e.commandId !== null)
      last.set(`${e.by}\n${e.commandId}`, { by: e.by, commandId: e.commandId, seq: i + 1 });
  });
  return [...last.values()];
}

export interface TableRecord {
  readonly tableId: string;
  readonly system: string;
  readonly name: string;
  readonly createdAt: string;
  /** Options given to the ruleset's setup; server-only settings (invite codes) live here and never leave the server. */
  readonly options: unknown;
}

export interface SeatRecord {
  readonly tableId: string;
  readonly seatId: string;
  readonly role: 'gm' | 'player' | 'spectator';
  readonly name: string;
  readonly tokenHash: string;
}

export interface Snapshot {
  readonly tableId: string;
  readonly seq: number;
  readonly state: unknown;
}

/** Thrown when another writer appended first: the caller reloads and retries, or reports. */
export class SeqConflictError extends Error {
  readonly code = 'SEQ_CONFLICT';
  constructor(
    readonly tableId: string,
    readonly expectedSeq: number,
    /**
     * Every event after `expectedSeq`, when the store found them as it lost (PostgreSQL reads
     * them in the failed append, under the table's lock): the caller applies these instead of
     * reading the store again. Absent: read them.
     */
    readonly after?: readonly StoredEvent[],
  ) {
    super(`table ${tableId} is past seq ${expectedSeq}: someone else appended first`);
  }
}

/**
 * The two pools a table's seats are capped in: spectator seats, and GM and player seats together
 * (counted apart so that holders of the widely shared spectate code cannot fill the players' places).
 */
export type SeatPool = 'spectators' | 'others';

export function seatPool(role: SeatRecord['role']): SeatPool {
  return role === 'spectator' ? 'spectators' : 'others';
}

/** Thrown by an append with a capped seat `add` when the seat's pool at the table is already full: nothing was added. */
export class SeatsFullError extends Error {
  readonly code = 'SEATS_FULL';
  constructor(
    readonly tableId: string,
    readonly pool: SeatPool,
    readonly max: number,
  ) {
    super(
      `table ${tableId} has ${max} ${pool === 'spectators' ? 'spectator' : 'GM and player'} seats already`,
    );
  }
}

/**
 * A change to a seat row that belongs to the events of the same append: a new seat (its
 * `seat.joined` event) or a new name (its `seat.renamed` event). The store writes it in the
 * append's transaction, so the seat table and the log never disagree, even after kill -9.
 */
export type SeatWrite =
  | {
      readonly kind: 'add';
      readonly seat: SeatRecord;
      /**
       * Only while fewer than `max` seats of its pool (seatPool) sit at the table, else
       * SeatsFullError and nothing is written; the count, the insert and the append are one atomic
       * step against every other writer (other server instances on the same storage included).
       */
      readonly max?: number;
    }
  | { readonly kind: 'rename'; readonly seatId: string; readonly name: string };

export interface EventStore {
  /**
   * Creates a table with its GM seat and the first events of its log (seqs 1, 2, …: the GM's
   * `seat.joined`) in one transaction, so no table exists whose GM never joined.
   */
  createTable(table: TableRecord, gmSeat: SeatRecord, events?: readonly NewEvent[]): Promise<void>;
  /**
   * Creates a table with its seats and a whole log (an imported campaign; the events get seqs
   * 1, 2, …) in one transaction: afterwards all of it exists, or (on any failure) none of it.
   */
  importTable(
    table: TableRecord,
    seats: readonly SeatRecord[],
    events: readonly ImportedEvent[],
  ): Promise<void>;
  getTable(tableId: string): Promise<TableRecord | null>;
  seats(tableId: string): Promise<SeatRecord[]>;
  seatByTokenHash(tableId: string, tokenHash: string): Promise<SeatRecord | null>;
  /** Replaces a table's server-only options (the GM rotating an invite code). */
  setTableOptions(tableId: string, options: unknown): Promise<void>;
  /**
   * Deletes a seat's row: its token opens nothing from now on and its place under the caps is
   * free. The log keeps the seat's events (they happened). Resolves false when there was none.
   */
  removeSeat(tableId: string, seatId: string): Promise<boolean>;
  /**
   * Appends events after `expectedSeq` (the seq the caller last saw) in one transaction; they get
   * seqs expectedSeq+1 ... Resolves only once durable. Throws SeqConflictError if the log moved.
   *
   * With `seat`, the seat row is added or renamed in that same transaction (there is no other way
   * to change a seat: a seat row without its event, or a name the log does not say, cannot be
   * written). Then `events` must not be empty. Throws SeatsFullError when an `add`'s pool is full,
   * and an error when a `rename`'s seat or an `add`'s table does not exist, or an `add`'s seat id
   * or token hash is taken; in every failure, nothing at all is written.
   */
  append(
    tableId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    seat?: SeatWrite,
  ): Promise<StoredEvent[]>;
  /**
   * Says that a writer which lost a race on this table will not retry now (its commands came to
   * nothing on the new head, or it gave up). A store that keeps the table's turn for the loser's
   * retry (PostgreSQL) gives it up, so the other writers need not wait for it to expire.
   */
  endTurn?(tableId: string): Promise<void>;
  /** Events with seq > afterSeq, in order. */
  read(tableId: string, afterSeq: number, limit?: number): Promise<StoredEvent[]>;
  headSeq(tableId: string): Promise<number>;
  /** The seq of a command id already applied on this table, if any (for idempotent resends). */
  commandSeq(tableId: string, commandId: string, by: string): Promise<number | null>;
  saveSnapshot(snapshot: Snapshot): Promise<void>;
  latestSnapshot(tableId: string): Promise<Snapshot | null>;
  close(): Promise<void>;
}

/** Tells every server instance that a table's log grew (PostgreSQL LISTEN/NOTIFY; in-process for SQLite). */
export interface EventBus {
  subscribe(listener: (tableId: string, seq: number) => void): () => void;
  /** Called after the bus reconnects: listeners must catch up every open table. */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * What every adapter checks before it writes anything: a seat write travels with its event (an
 * empty append would write the seat alone, the very split SeatWrite exists to prevent), and a new
 * seat belongs to the table appended to.
 */
export function checkSeatWrite(
  tableId: string,
  events: readonly NewEvent[],
  seat: SeatWrite | undefined,
): void {
  if (!seat) return;
  if (events.length === 0) throw new Error('a seat write needs its event in the same append');
  if (seat.kind === 'add' && seat.seat.tableId !== tableId) {
    throw new Error(`seat ${seat.seat.seatId} is of table ${seat.seat.tableId}, not ${tableId}`);
  }
}
