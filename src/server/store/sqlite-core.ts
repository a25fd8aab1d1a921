import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { MemoryBus } from '../memory-store.ts';
import {
  checkSeatWrite,
  type EventStore,
  type ImportedEvent,
  importedCommands,
  type NewEvent,
  type SeatRecord,
  SeatsFullError,
  type SeatWrite,
  SeqConflictError,
  type Snapshot,
  type StoredEvent,
  seatPool,
  type TableRecord,
} from './event-store.ts';
import { type SeatRow, seatFromRow } from './seat-row.ts';

/**
 * The embedded event store's engine: one SQLite file in the data directory. It runs on a worker
 * thread of its own (sqlite-worker.ts; the server talks to it through sqlite-store.ts), so while
 * it waits for the disk the server's thread goes on taking commands.
 *
 * One process owns the directory: an exclusive SQLite lock, taken at open and held until close;
 * the OS drops it when the process dies, even by kill -9.
 *
 * Group commit: every write asked for while a batch is being written waits in a queue, and the
 * queue is written in ONE transaction (one fsync) on the loop's next check phase. Each write runs
 * in its own savepoint, so one that fails (a SeqConflictError) is rolled back alone and the others
 * in the batch still commit. A write's promise settles only after the batch's COMMIT returned,
 * i.e. after the WAL was fsynced.
 */

/** The data directory is held by another server (process) right now. */
export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(readonly dataDir: string) {
    super(
      `the data directory ${dataDir} is in use by another Bughunt server; stop it, or give this one ` +
        'another BUGHUNT_DATA',
    );
  }
}

export const SQLITE_FILE = 'bughunt.db';

/** Numbered, append-only: a released migration is never edited, only followed by a new one. */
const MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE tables (
        table_id   TEXT PRIMARY KEY,
        system     TEXT NOT NULL,
        name       TEXT NOT NULL,
        created_at TEXT NOT NULL,
        options    TEXT NOT NULL -- JSON; holds the invite codes and the setup, never sent out
      );
      -- A rowid table: seats() lists them in the order they joined.
      CREATE TABLE seats (
        table_id   TEXT NOT NULL REFERENCES tables (table_id),
        seat_id    TEXT NOT NULL,
        role       TEXT NOT NULL CHECK (role IN ('gm', 'player', 'spectator')),
        name       TEXT NOT NULL,
        token_hash TEXT NOT NULL, -- SHA-256 of the seat token (tokens.ts); the token is never stored
        PRIMARY KEY (table_id, seat_id)
      );
      CREATE UNIQUE INDEX seats_by_token ON seats (table_id, token_hash);
      CREATE TABLE events (
        table_id   TEXT NOT NULL REFERENCES tables (table_id),
        seq        INTEGER NOT NULL CHECK (seq > 0),
        at         TEXT NOT NULL,
        by_seat    TEXT,
        command_id TEXT,
        event      TEXT NOT NULL, -- JSON
        PRIMARY KEY (table_id, seq)
      ) WITHOUT ROWID;
      -- The last seq of each client command, for idempotent resends.
      CREATE TABLE commands (
        table_id   TEXT NOT NULL,
        seat_id    TEXT NOT NULL,
        command_id TEXT NOT NULL,
        seq        INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat_id, command_id)
      ) WITHOUT ROWID;
      -- The newest snapshot per table (an older one never replaces a newer).
      CREATE TABLE snapshots (
        table_id TEXT PRIMARY KEY REFERENCES tables (table_id),
        seq      INTEGER NOT NULL,
        state    TEXT NOT NULL -- JSON
      );
    `,
  },
  {
    // Repair. Before a seat's row and its seat.joined event were one write, a crash between the two
    // could leave a seat with no event (never acked, so nobody holds its token, but it counted
    // against the cap) or a stored name behind the log's last rename. The log is the truth.
    version: 2,
    sql: `
      DELETE FROM seats WHERE NOT EXISTS (
        SELECT 1 FROM events e
        WHERE e.table_id = seats.table_id
          AND json_extract(e.event, '$.type') = 'seat.joined'
          AND json_extract(e.event, '$.seatId') = seats.seat_id
      );
      UPDATE seats SET name = (
        SELECT json_extract(e.event, '$.name') FROM events e
        WHERE e.table_id = seats.table_id
          AND json_extract(e.event, '$.type') IN ('seat.joined', 'seat.renamed')
          AND json_extract(e.event, '$.seatId') = seats.seat_id
        ORDER BY e.seq DESC LIMIT 1
      );
    `,
  },
];

interface EventRow {
  seq: number;
  at: string;
  by_seat: string | null;
  command_id: string | null;
  event: string;
}
interface TableRow {
  table_id: string;
  system: string;
  name: string;
  created_at: string;
  options: string;
}

interface Job {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** After the batch committed and before `resolve` (bus notifications). */
  committed?(value: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * The store itself, synchronous underneath: it runs on the store's worker thread
 * (sqlite-worker.ts), where blocking on fsync holds up nothing but the next batch.
 */
export class SqliteCore implements EventStore {
  private readonly db: Database.Database;
  private queue: Job[] = [];
  private flushScheduled = false;
  private closed = false;
  /** Transactions committed by the group commit (tests check that writes were batched). */
  commits = 0;

  private readonly stmt: ReturnType<SqliteCore['prepare']>;
  private readonly savepoint: (job: Job) => unknown;
  private readonly batch: (jobs: readonly Job[], outcomes: Outcome[]) => void;

  /**
   * Opens (creating if needed) the store in `dataDir` and takes the directory's lock.
   * Throws DataDirLockedError when another process or connection holds it.
   */
  static open(dataDir: string, bus?: MemoryBus): SqliteCore {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    // timeout 0: a held lock is an answer ("in use"), not something to wait for.
    const db = new Database(join(dir, SQLITE_FILE), { timeout: 0 });
    try {
      // The lock. EXCLUSIVE locking mode keeps every lock SQLite takes until the connection
      // closes, and it must be set before the first access so that WAL runs without the shared
      // memory file (which would let other processes read along). BEGIN EXCLUSIVE takes the
      // write lock now, at open, instead of at the first write. SQLite's locks are OS file locks
      // (fcntl), so a killed process leaves none behind.
      db.pragma('locking_mode = EXCLUSIVE');
      db.pragma('journal_mode = WAL');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch (e) {
      db.close();
      if (isBusy(e)) throw new DataDirLockedError(dir);
      throw e;
    }
    try {
      // Durability: FULL, not NORMAL. In WAL mode NORMAL fsyncs the WAL only at checkpoints, so
      // after a power loss (or OS crash) the last commits can be gone although their commands
      // were acked. FULL fsyncs the WAL at every commit; the group commit pays that once per batch.
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      migrate(db);
      return new SqliteCore(db, bus);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  private constructor(
    db: Database.Database,
    private readonly bus?: MemoryBus,
  ) {
    this.db = db;
    this.stmt = this.prepare();
    // Called inside the batch's transaction, better-sqlite3 runs this one in a SAVEPOINT.
    this.savepoint = db.transaction((job: Job) => job.run());
    this.batch = db.transaction((jobs: readonly Job[], outcomes: Outcome[]) => {
      for (const job of jobs) {
        try {
          outcomes.push({ ok: true, value: this.savepoint(job) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    });
  }

  private prepare() {
    const db = this.db;
    return {
      insertTable: db.prepare(
        'INSERT INTO tables (table_id, system, name, created_at, options) VALUES (?, ?, ?, ?, ?)',
      ),
      getTable: db.prepare<[string], TableRow>('SELECT * FROM tables WHERE table_id = ?'),
      insertSeat: db.prepare(
        'INSERT INTO seats (table_id, seat_id, role, name, token_hash) VALUES (?, ?, ?, ?, ?)',
      ),
      seats: db.prepare<[string], SeatRow>('SELECT * FROM seats WHERE table_id = ? ORDER BY rowid'),
      // The size of one seat pool (1: spectators, 0: GM and players).
      poolSize: db.prepare<[string, number], { n: number }>(
        "SELECT count(*) AS n FROM seats WHERE table_id = ? AND (role = 'spectator') = ?",
      ),
      renameSeat: db.prepare('UPDATE seats SET name = ? WHERE table_id = ? AND seat_id = ?'),
      setOptions: db.prepare('UPDATE tables SET options = ? WHERE table_id = ?'),
      removeSeat: db.prepare('DELETE FROM seats WHERE table_id = ? AND seat_id = ?'),
      seatByToken: db.prepare<[string, string], SeatRow>(
        'SELECT * FROM seats WHERE table_id = ? AND token_hash = ?',
      ),
      head: db.prepare<[string], { seq: number }>(
        'SELECT COALESCE(MAX(seq), 0) AS seq FROM events WHERE table_id = ?',
      ),
      tableExists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM tables WHERE table_id = ?'),
      insertEvent: db.prepare(
        'INSERT INTO events (table_id, seq, at, by_seat, command_id, event) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      upsertCommand: db.prepare(
        `INSERT INTO commands (table_id, seat_id, command_id, seq) VALUES (?, ?, ?, ?)
         ON CONFLICT (table_id, seat_id, command_id) DO UPDATE SET seq = excluded.seq`,
      ),
      read: db.prepare<[string, number, number], EventRow>(
        `SELECT seq, at, by_seat, command_id, event FROM events
         WHERE table_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
      ),
      commandSeq: db.prepare<[string, string, string], { seq: number }>(
        'SELECT seq FROM commands WHERE table_id = ? AND seat_id = ? AND command_id = ?',
      ),
      upsertSnapshot: db.prepare(
        `INSERT INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)
         ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state
         WHERE excluded.seq >= snapshots.seq`,
      ),
      snapshot: db.prepare<[string], { seq: number; state: string }>(
        'SELECT seq, state FROM snapshots WHERE table_id = ?',
      ),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Group commit

  /** Queues a write for the next batch; resolves once the batch is committed (on disk). */
  private write<T>(run: () => T, committed?: (value: T) => void): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the event store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        run,
        resolve: resolve as (value: unknown) => void,
        reject,
        ...(committed ? { committed: committed as (value: unknown) => void } : {}),
      });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // better-sqlite3 blocks the thread while it commits; whatever the loop collected meanwhile
        // (socket reads in the poll phase) queues up and is written by the next flush.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length === 0) return;
    const outcomes: Outcome[] = [];
    try {
      this.batch(jobs, outcomes);
    } catch (error) {
      // The COMMIT itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    this.commits++;
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if (!outcome) job.reject(new Error('group commit lost a job'));
      else if (!outcome.ok) job.reject(outcome.error);
      else {
        job.committed?.(outcome.value);
        job.resolve(outcome.value);
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  // EventStore

  createTable(table: TableRecord, gmSeat: SeatRecord, events: readonly NewEvent[] = []): Promise<void> {
    // One job, so one savepoint: the table, its GM seat and the GM's seat.joined, or none of them.
    return this.write(() => {
      this.insertTable(table);
      this.insertSeat(gmSeat);
      this.insertEvents(table.tableId, 0, events);
    });
  }

  importTable(
    table: TableRecord,
    seats: readonly SeatRecord[],
    events: readonly ImportedEvent[],
  ): Promise<void> {
    // One job, so one savepoint: a failure anywhere rolls back the table, its seats and its log.
    return this.write(() => {
      this.insertTable(table);
      for (const seat of seats) this.insertSeat(seat);
      events.forEach((e, i) => {
        this.stmt.insertEvent.run(table.tableId, i + 1, e.at, e.by, e.commandId, JSON.stringify(e.event));
      });
      for (const c of importedCommands(events)) {
        this.stmt.upsertCommand.run(table.tableId, c.by, c.commandId, c.seq);
      }
    });
  }

  async getTable(tableId: string): Promise<TableRecord | null> {
    this.open();
    const row = this.stmt.getTable.get(tableId);
    if (!row) return null;
    return {
      tableId: row.table_id,
      system: row.system,
      name: row.name,
      createdAt: row.created_at,
      options: JSON.parse(row.options) as unknown,
    };
  }

  /** Inside a write job: the table's row, refused when the id is taken. */
  private insertTable(table: TableRecord): void {
    if (this.stmt.tableExists.get(table.tableId)) throw new Error(`table ${table.tableId} exists`);
    this.stmt.insertTable.run(
      table.tableId,
      table.system,
      table.name,
      table.createdAt,
      JSON.stringify(table.options ?? null),
    );
  }

  private insertSeat(seat: SeatRecord): void {
    this.stmt.insertSeat.run(seat.tableId, seat.seatId, seat.role, seat.name, seat.tokenHash);
  }

  async seats(tableId: string): Promise<SeatRecord[]> {
    this.open();
    return this.stmt.seats.all(tableId).map(seatFromRow);
  }

  async seatByTokenHash(tableId: string, tokenHash: string): Promise<SeatRecord | null> {
    this.open();
    const row = this.stmt.seatByToken.get(tableId, tokenHash);
    return row ? seatFromRow(row) : null;
  }

  append(
    tableId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    seat?: SeatWrite,
  ): Promise<StoredEvent[]> {
    // One write job, so one savepoint of the batch: the seat's row and its event commit together,
    // or (any throw below: a full pool, a lost race) both roll back. Jobs run one after another on
    // this thread, inside the batch's transaction on the only connection to the file, so no other
    // seat or event can come between the cap's count and the insert.
    return this.write(
      () => {
        checkSeatWrite(tableId, events, seat);
        if (!this.stmt.tableExists.get(tableId)) throw new Error(`no table ${tableId}`);
        if (seat) this.writeSeat(tableId, seat);
        const head = this.stmt.head.get(tableId)?.seq ?? 0;
        if (head !== expectedSeq) throw new SeqConflictError(tableId, expectedSeq);
        return this.insertEvents(tableId, expectedSeq, events);
      },
      (stored) => {
        const last = stored[stored.length - 1];
        if (last) this.bus?.publish(tableId, last.seq);
      },
    );
  }

  /** Inside a write job: the seat row of an append's SeatWrite. */
  private writeSeat(tableId: string, write: SeatWrite): void {
    if (write.kind === 'rename') {
      const { changes } = this.stmt.renameSeat.run(write.name, tableId, write.seatId);
      if (changes !== 1) throw new Error(`no seat ${write.seatId} at table ${tableId}`);
      return;
    }
    const { seat, max } = write;
    if (max !== undefined) {
      const pool = seatPool(seat.role);
      const taken = this.stmt.poolSize.get(tableId, pool === 'spectators' ? 1 : 0)?.n ?? 0;
      if (taken >= max) throw new SeatsFullError(tableId, pool, max);
    }
    this.insertSeat(seat);
  }

  /** Inside a write job: `events` at seqs after `expectedSeq`, with their command ids. */
  private insertEvents(tableId: string, expectedSeq: number, events: readonly NewEvent[]): StoredEvent[] {
    const at = new Date().toISOString();
    const stored: StoredEvent[] = events.map((e, i) => ({ tableId, seq: expectedSeq + i + 1, at, ...e }));
    const lastOfCommand = new Map<string, [string, string, number]>();
    for (const e of stored) {
      this.stmt.insertEvent.run(tableId, e.seq, at, e.by, e.commandId, JSON.stringify(e.event));
      if (e.by !== null && e.commandId !== null) {
        lastOfCommand.set(`${e.by}\n${e.commandId}`, [e.by, e.commandId, e.seq]);
      }
    }
    for (const [by, commandId, seq] of lastOfCommand.values()) {
      this.stmt.upsertCommand.run(tableId, by, commandId, seq);
    }
    return stored;
  }

  async read(tableId: string, afterSeq: number, limit?: number): Promise<StoredEvent[]> {
    this.open();
    return this.stmt.read.all(tableId, afterSeq, limit ?? -1).map((row) => ({
      tableId,
      seq: row.seq,
      at: row.at,
      by: row.by_seat,
      commandId: row.command_id,
      event: JSON.parse(row.event) as StoredEvent['event'],
    }));
  }

  async headSeq(tableId: string): Promise<number> {
    this.open();
    return this.stmt.head.get(tableId)?.seq ?? 0;
  }

  async commandSeq(tableId: string, commandId: string, by: string): Promise<number | null> {
    this.open();
    return this.stmt.commandSeq.get(tableId, by, commandId)?.seq ?? null;
  }

  setTableOptions(tableId: string, options: unknown): Promise<void> {
    const text = JSON.stringify(options ?? null);
    return this.write(() => {
      this.stmt.setOptions.run(text, tableId);
    });
  }

  removeSeat(tableId: string, seatId: string): Promise<boolean> {
    return this.write(() => this.stmt.removeSeat.run(tableId, seatId).changes > 0);
  }

  saveSnapshot(snapshot: Snapshot): Promise<void> {
    const state = JSON.stringify(snapshot.state);
    return this.write(() => {
      this.stmt.upsertSnapshot.run(snapshot.tableId, snapshot.seq, state);
    });
  }

  async latestSnapshot(tableId: string): Promise<Snapshot | null> {
    this.open();
    const row = this.stmt.snapshot.get(tableId);
    return row ? { tableId, seq: row.seq, state: JSON.parse(row.state) as unknown } : null;
  }

  /** Writes what is queued, closes the file and releases the data directory's lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.db.close();
  }

  private open(): void {
    if (this.closed) throw new Error('the event store is closed');
  }

  /** The connection's settings that durability and the lock rest on (tests). */
  async settings(): Promise<{ journalMode: string; synchronous: number; lockingMode: string }> {
    this.open();
    return {
      journalMode: String(this.db.pragma('journal_mode', { simple: true })),
      synchronous: Number(this.db.pragma('synchronous', { simple: true })),
      lockingMode: String(this.db.pragma('locking_mode', { simple: true })),
    };
  }
}

function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((r) => r.version),
  );
  const known = Math.max(...MIGRATIONS.map((m) => m.version));
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw Object.assign(
      new Error(`the database has schema version ${newest}; this Bughunt knows up to ${known} (upgrade it)`),
      { code: 'SCHEMA_TOO_NEW' },
    );
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, new Date().toISOString());
    })();
  }
}
