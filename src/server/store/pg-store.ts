import pg from 'pg';
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
 * The shared event store: PostgreSQL, for any number of server instances on one database.
 * An append is one transaction that inserts the events at the seqs after the expected head (a
 * moved head, or the primary key (table_id, seq) against a second writer: SeqConflictError) and
 * sends pg_notify('bughunt_events', 'tableId:seq') in the same transaction, so other instances
 * hear of it exactly when it is committed (pg-bus.ts listens). Without a seat write it is one
 * call of append_turn (migration 3): see appendTurn.
 *
 * Every name is qualified with the schema (default public), so tests can each use a fresh one.
 */

export interface PgConfig {
  readonly url: string;
  /** Default public. Created if missing. */
  readonly schema?: string | undefined;
}

/** The channel appends are announced on; per schema, so separate schemas never hear each other. */
export function pgChannel(schema: string): string {
  return schema === 'public' ? 'bughunt_events' : `bughunt_events_${schema}`;
}

/** A schema name we accept (it is put into SQL text, so only plain lower-case identifiers). */
export function checkSchema(schema: string | undefined): string {
  const s = schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(s)) {
    throw Object.assign(new Error(`bad PostgreSQL schema name "${s}": use a-z, 0-9 and _ (max 40)`), {
      code: 'BAD_SCHEMA',
    });
  }
  return s;
}

/** Drops a schema and everything in it (test cleanup). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const s = checkSchema(schema);
  if (s === 'public') throw new Error('refusing to drop the public schema');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Numbered, append-only: a released migration is never edited, only followed by a new one. */
const MIGRATIONS: readonly { readonly version: number; readonly sql: (s: string) => string }[] = [
  {
    version: 1,
    sql: (s) => `
      CREATE TABLE ${s}.tables (
        table_id   text PRIMARY KEY,
        system     text NOT NULL,
        name       text NOT NULL,
        created_at timestamptz NOT NULL,
        options    json NOT NULL -- holds the invite codes and the setup, never sent out
      );
      CREATE TABLE ${s}.seats (
        table_id   text NOT NULL REFERENCES ${s}.tables (table_id),
        seat_id    text NOT NULL,
        n          bigint GENERATED ALWAYS AS IDENTITY, -- join order
        role       text NOT NULL CHECK (role IN ('gm', 'player', 'spectator')),
        name       text NOT NULL,
        token_hash text NOT NULL, -- SHA-256 of the seat token (tokens.ts); the token is never stored
        PRIMARY KEY (table_id, seat_id)
      );
      CREATE UNIQUE INDEX seats_by_token ON ${s}.seats (table_id, token_hash);
      CREATE TABLE ${s}.events (
        table_id   text NOT NULL REFERENCES ${s}.tables (table_id),
        seq        bigint NOT NULL CHECK (seq > 0),
        at         timestamptz NOT NULL,
        by_seat    text,
        command_id text,
        event      json NOT NULL, -- json, not jsonb: stored as written
        PRIMARY KEY (table_id, seq)
      );
      -- The last seq of each client command, for idempotent resends.
      CREATE TABLE ${s}.commands (
        table_id   text NOT NULL,
        seat_id    text NOT NULL,
        command_id text NOT NULL,
        seq        bigint NOT NULL,
        PRIMARY KEY (table_id, seat_id, command_id)
      );
      -- The newest snapshot per table (an older one never replaces a newer).
      CREATE TABLE ${s}.snapshots (
        table_id text PRIMARY KEY REFERENCES ${s}.tables (table_id),
        seq      bigint NOT NULL,
        state    json NOT NULL
      );
    `,
  },
  {
    // Repair, as in sqlite-core.ts: seats without their seat.joined event go, names follow the log.
    version: 2,
    sql: (s) => `
      DELETE FROM ${s}.seats st WHERE NOT EXISTS (
        SELECT 1 FROM ${s}.events e
        WHERE e.table_id = st.table_id
          AND e.event->>'type' = 'seat.joined'
          AND e.event->>'seatId' = st.seat_id
      );
      UPDATE ${s}.seats st SET name = (
        SELECT e.event->>'name' FROM ${s}.events e
        WHERE e.table_id = st.table_id
          AND e.event->>'type' IN ('seat.joined', 'seat.renamed')
          AND e.event->>'seatId' = st.seat_id
        ORDER BY e.seq DESC LIMIT 1
      );
    `,
  },
  {
    // The append that loses cheaply (issue 20, finding 5): see appendTurn in statements().
    version: 3,
    sql: (s) => `
      CREATE FUNCTION ${s}.append_turn(
        p_table text, p_expected bigint, p_at timestamptz,
        p_by text[], p_command text[], p_event text[],
        c_seat text[], c_command text[], c_seq bigint[],
        p_channel text, p_payload text, p_key text, p_leased boolean, p_limit integer
      ) RETURNS TABLE (r_count integer, r_seq bigint, r_at timestamptz, r_by text, r_command text, r_event json)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        head bigint;
        inserted integer;
      BEGIN
        -- The table's appends take turns. Each statement below takes its own snapshot, after
        -- the turn came: it sees every append that committed before (a single statement would
        -- see only what committed before it started waiting, and lose on the primary key).
        PERFORM pg_advisory_xact_lock(hashtextextended(p_key, 0));
        SELECT COALESCE(MAX(e.seq), 0) INTO head FROM ${s}.events e WHERE e.table_id = p_table;
        IF head <> p_expected THEN
          -- Lost: the caller's retry goes next (the lock outlives the transaction on this
          -- connection), and it gets the events it missed now, without another query.
          IF NOT p_leased THEN PERFORM pg_advisory_lock(hashtextextended(p_key, 0)); END IF;
          RETURN QUERY SELECT 0, e.seq, e.at, e.by_seat, e.command_id, e.event FROM ${s}.events e
            WHERE e.table_id = p_table AND e.seq > p_expected ORDER BY e.seq LIMIT p_limit;
          RETURN;
        END IF;
        INSERT INTO ${s}.events (table_id, seq, at, by_seat, command_id, event)
          SELECT p_table, p_expected + x.n, p_at, x.by_seat, x.command_id, x.event::json
          FROM unnest(p_by, p_command, p_event) WITH ORDINALITY AS x (by_seat, command_id, event, n);
        GET DIAGNOSTICS inserted = ROW_COUNT;
        INSERT INTO ${s}.commands (table_id, seat_id, command_id, seq)
          SELECT p_table, c.seat_id, c.command_id, c.seq
          FROM unnest(c_seat, c_command, c_seq) AS c (seat_id, command_id, seq)
          ON CONFLICT (table_id, seat_id, command_id) DO UPDATE SET seq = EXCLUDED.seq;
        PERFORM pg_notify(p_channel, p_payload);
        -- A retry that held the turn since it lost gives it up (the transaction's lock still
        -- holds the others off until the commit).
        IF p_leased THEN PERFORM pg_advisory_unlock(hashtextextended(p_key, 0)); END IF;
        RETURN QUERY SELECT inserted, NULL::bigint, NULL::timestamptz, NULL::text, NULL::text, NULL::json;
      END
      $fn$;
    `,
  },
];

/**
 * Creates the schema and applies missing migrations, in one transaction under an advisory lock:
 * two instances starting at once take turns, and the second finds the work done.
 */
async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  const s = `"${schema}"`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`bughunt-migrate:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (
      version    integer PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await client.query<{ version: number }>(`SELECT version FROM ${s}.schema_migrations`);
    const applied = new Set(rows.rows.map((r) => r.version));
    const known = Math.max(...MIGRATIONS.map((m) => m.version));
    const newest = Math.max(0, ...applied);
    if (newest > known) {
      throw Object.assign(
        new Error(
          `the database has schema version ${newest}; this Bughunt knows up to ${known} (upgrade it)`,
        ),
        { code: 'SCHEMA_TOO_NEW' },
      );
    }
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      await client.query(m.sql(s));
      await client.query(`INSERT INTO ${s}.schema_migrations (version) VALUES ($1)`, [m.version]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

interface EventRow {
  seq: string;
  at: Date;
  by_seat: string | null;
  command_id: string | null;
  event: StoredEvent['event'];
}

function pgCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const UNIQUE_VIOLATION = '23505';
/** How long a lost race's lease waits for the retry (normally it comes within milliseconds). */
const LEASE_MS = 500;

interface Lease {
  readonly key: string;
  /** The connection holding the exclusive lock, or null if taking it failed. */
  readonly ready: Promise<pg.PoolClient | null>;
  timer: NodeJS.Timeout | null;
  done: boolean;
}
const FOREIGN_KEY_VIOLATION = '23503';
/** Most events a lost append_turn brings back (the caller reads a longer catch-up in pages). */
const CATCH_UP = 500;

/** A row of append_turn: the count stored, or (lost) one event the caller missed. */
interface TurnRow {
  r_count: number;
  r_seq: string;
  r_at: Date;
  r_by: string | null;
  r_command: string | null;
  r_event: StoredEvent['event'];
}

function turnEvent(tableId: string, row: TurnRow): StoredEvent {
  return {
    tableId,
    seq: Number(row.r_seq),
    at: row.r_at.toISOString(),
    by: row.r_by,
    commandId: row.r_command,
    event: row.r_event,
  };
}
/** Events per insert statement of an import. */
const IMPORT_PAGE = 5000;

export class PgStore implements EventStore {
  private readonly sql: ReturnType<typeof statements>;

  static async open(config: PgConfig): Promise<PgStore> {
    const schema = checkSchema(config.schema);
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 16,
      application_name: `bughunt:${schema}`,
      keepAlive: true,
    });
    // An idle pooled connection that dies (server restart, pg_terminate_backend) is dropped by
    // the pool and replaced on demand; without a listener its error would end the process.
    pool.on('error', () => undefined);
    try {
      await migrate(pool, schema);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PgStore(pool, schema);
  }

  private constructor(
    private readonly pool: pg.Pool,
    readonly schema: string,
  ) {
    this.sql = statements(`"${schema}"`);
  }

  /**
   * Runs `work` in one transaction on one pooled connection, or on `given` (a lease's connection,
   * which stays with its lease afterwards).
   */
  private async transaction<T>(
    work: (client: pg.PoolClient) => Promise<T>,
    begin = 'BEGIN',
    given: pg.PoolClient | null = null,
  ): Promise<T> {
    const client = given ?? (await this.pool.connect());
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      if (!given) client.release();
    }
  }

  /**
   * Runs one statement on `given` or on a pooled connection. Not `pool.query`: that closes its
   * connection on ANY error, and a lost append race is an error (a unique violation), so every
   * lost race used to cost a new connection — a new backend process, 60–130 ms on a loaded
   * machine, most of what losing cost (issue 20, finding 5). An error the server answered with
   * leaves the connection healthy (the statement's implicit transaction rolled back), so it goes
   * back to the pool; only a broken connection is closed.
   */
  private async statement<R extends pg.QueryResultRow>(
    given: pg.PoolClient | null,
    sql: string,
    params: unknown[],
  ): Promise<pg.QueryResult<R>> {
    if (given) return given.query<R>(sql, params);
    const client = await this.pool.connect();
    try {
      const result = await client.query<R>(sql, params);
      client.release();
      return result;
    } catch (e) {
      client.release(e instanceof pg.DatabaseError ? undefined : e instanceof Error ? e : true);
      throw e;
    }
  }

  async createTable(table: TableRecord, gmSeat: SeatRecord, events: readonly NewEvent[] = []): Promise<void> {
    try {
      // One transaction: the table, its GM seat and the GM's seat.joined, or none of them.
      await this.transaction(async (client) => {
        await client.query(this.sql.insertTable, tableParams(table));
        await client.query(this.sql.insertSeat, seatParams(gmSeat));
        if (events.length > 0) {
          const { rows } = await client.query<{ n: number }>(
            this.sql.append,
            this.appendParams(table.tableId, 0, events).params,
          );
          if (rows[0]?.n !== events.length) throw new Error(`table ${table.tableId} has a log already`);
        }
      });
    } catch (e) {
      if (pgCode(e) === UNIQUE_VIOLATION) throw new Error(`table ${table.tableId} exists`);
      throw e;
    }
  }

  async importTable(
    table: TableRecord,
    seats: readonly SeatRecord[],
    events: readonly ImportedEvent[],
  ): Promise<void> {
    const commands = importedCommands(events);
    try {
      await this.transaction(async (client) => {
        await client.query(this.sql.insertTable, tableParams(table));
        // One statement per kind of row (arrays unnested), in pages so no single query gets huge.
        for (const seat of seats) await client.query(this.sql.insertSeat, seatParams(seat));
        for (let from = 0; from < events.length; from += IMPORT_PAGE) {
          const page = events.slice(from, from + IMPORT_PAGE);
          await client.query(this.sql.importEvents, [
            table.tableId,
            from,
            page.map((e) => e.at),
            page.map((e) => e.by),
            page.map((e) => e.commandId),
            page.map((e) => JSON.stringify(e.event)),
          ]);
        }
        if (commands.length > 0) {
          await client.query(this.sql.importCommands, [
            table.tableId,
            commands.map((c) => c.by),
            commands.map((c) => c.commandId),
            commands.map((c) => c.seq),
          ]);
        }
      });
    } catch (e) {
      if (pgCode(e) === UNIQUE_VIOLATION) throw new Error(`table ${table.tableId} exists`);
      throw e;
    }
  }

  async getTable(tableId: string): Promise<TableRecord | null> {
    const { rows } = await this.pool.query<{
      table_id: string;
      system: string;
      name: string;
      created_at: Date;
      options: unknown;
    }>(this.sql.getTable, [tableId]);
    const row = rows[0];
    if (!row) return null;
    return {
      tableId: row.table_id,
      system: row.system,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      options: row.options,
    };
  }

  async seats(tableId: string): Promise<SeatRecord[]> {
    const { rows } = await this.pool.query<SeatRow>(this.sql.seats, [tableId]);
    return rows.map(seatFromRow);
  }

  async seatByTokenHash(tableId: string, tokenHash: string): Promise<SeatRecord | null> {
    const { rows } = await this.pool.query<SeatRow>(this.sql.seatByToken, [tableId, tokenHash]);
    return rows[0] ? seatFromRow(rows[0]) : null;
  }

  /** The parameters of the append statement, and the events as stored. */
  private appendParams(
    tableId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
  ): { params: unknown[]; stored: StoredEvent[] } {
    const at = new Date().toISOString();
    const stored: StoredEvent[] = events.map((e, i) => ({ tableId, seq: expectedSeq + i + 1, at, ...e }));
    const lastOfCommand = new Map<string, [string, string, number]>();
    for (const e of stored) {
      if (e.by !== null && e.commandId !== null) {
        lastOfCommand.set(`${e.by}\n${e.commandId}`, [e.by, e.commandId, e.seq]);
      }
    }
    const head = expectedSeq + events.length;
    const commands = [...lastOfCommand.values()];
    const params = [
      tableId,
      expectedSeq,
      at,
      stored.map((e) => e.by),
      stored.map((e) => e.commandId),
      stored.map((e) => JSON.stringify(e.event)),
      commands.map((c) => c[0]),
      commands.map((c) => c[1]),
      commands.map((c) => c[2]),
      this.sql.channel,
      `${tableId}:${head}`,
      this.lockKey(tableId),
    ];
    return { params, stored };
  }

  async append(
    tableId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    seat?: SeatWrite,
  ): Promise<StoredEvent[]> {
    checkSeatWrite(tableId, events, seat);
    if (events.length === 0) {
      const { rows } = await this.pool.query<{ head: string; found: boolean }>(this.sql.headAndTable, [
        tableId,
      ]);
      if (!rows[0]?.found) throw new Error(`no table ${tableId}`);
      if (Number(rows[0].head) !== expectedSeq) throw new SeqConflictError(tableId, expectedSeq);
      return [];
    }
    const { params, stored } = this.appendParams(tableId, expectedSeq, events);
    // After a lost race this instance holds the table's lease: its retry goes first.
    const lease = this.leases.get(tableId);
    if (lease) this.leases.delete(tableId);
    if (!seat) return this.appendTurn(tableId, expectedSeq, params, stored, lease);
    try {
      // Without a seat: one statement, so one implicit transaction and one round trip: the
      // events, the command ids and the NOTIFY commit together or not at all. The insert happens
      // only when the head is still expectedSeq; a writer that got there first either shows in
      // that head (0 rows) or collides on the primary key (unique violation, once it commits).
      // With a seat: the same statement inside a transaction that first writes the seat row.
      // The lease's connection holds the table's advisory lock exclusively; any other connection
      // would wait for it behind us, so our retry must run on that one.
      const client = lease ? await lease.ready : null;
      const appended = seat
        ? await this.appendWithSeat(client, tableId, expectedSeq, events.length, params, seat)
        : (await this.statement<{ n: number }>(client, this.sql.append, params)).rows[0]?.n;
      if (appended !== events.length) throw new SeqConflictError(tableId, expectedSeq);
    } catch (e) {
      const conflict =
        e instanceof SeqConflictError
          ? e
          : pgCode(e) === UNIQUE_VIOLATION
            ? new SeqConflictError(tableId, expectedSeq)
            : null;
      if (conflict) {
        if (lease) void this.releaseLease(lease);
        await this.takeLease(tableId);
        throw conflict;
      }
      if (pgCode(e) === FOREIGN_KEY_VIOLATION) throw new Error(`no table ${tableId}`);
      throw e;
    } finally {
      if (lease) void this.releaseLease(lease);
    }
    return stored;
  }

  /**
   * An append without a seat: one call of `append_turn` (migration 3), one round trip. It waits
   * for the table's turn, then checks the head with what committed meanwhile. Lost, it comes
   * back with the events after `expectedSeq` (carried by the SeqConflictError, so the caller
   * needs no read) and its connection keeps the table's turn as this instance's lease (see
   * takeLease) for the retry. Before, a loss cost the failed insert, a lease on a connection of
   * its own, and a read: three round trips after the wait instead of none.
   */
  private async appendTurn(
    tableId: string,
    expectedSeq: number,
    params: unknown[],
    stored: StoredEvent[],
    lease: Lease | undefined,
  ): Promise<StoredEvent[]> {
    const held = lease ? await lease.ready : null;
    if (lease) {
      lease.done = true;
      if (lease.timer) clearTimeout(lease.timer);
    }
    const client = held ?? (await this.pool.connect());
    let outcome: 'stored' | 'lost' | 'failed' = 'failed';
    let failure: unknown = null;
    try {
      const { rows } = await client.query<TurnRow>(this.sql.appendTurn, [...params, held !== null, CATCH_UP]);
      if (rows[0]?.r_count === stored.length) {
        outcome = 'stored';
        return stored;
      }
      outcome = 'lost';
      // Only a whole catch-up is given; a longer one the caller reads in pages.
      const after = rows.length < CATCH_UP ? rows.map((row) => turnEvent(tableId, row)) : undefined;
      throw new SeqConflictError(tableId, expectedSeq, after);
    } catch (e) {
      if (outcome === 'lost') throw e;
      failure = e;
      // Only a writer outside the turns (none today) could collide on the primary key.
      if (pgCode(e) === UNIQUE_VIOLATION) throw new SeqConflictError(tableId, expectedSeq);
      if (pgCode(e) === FOREIGN_KEY_VIOLATION) throw new Error(`no table ${tableId}`);
      throw e;
    } finally {
      if (outcome === 'lost') this.keepTurn(tableId, client);
      else if (held && outcome === 'stored')
        client.release(); // the function gave the turn up
      else if (held) {
        // Failed while holding the turn: give it up here (or drop a broken connection).
        await client
          .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [this.lockKey(tableId)])
          .then(
            () => client.release(),
            (e: unknown) => client.release(e instanceof Error ? e : true),
          );
      } else
        client.release(
          failure instanceof pg.DatabaseError || failure === null ? undefined : (failure as Error),
        );
    }
  }

  /** A connection that lost in append_turn holds the table's turn: it becomes the lease. */
  private keepTurn(tableId: string, client: pg.PoolClient): void {
    const lease: Lease = {
      key: this.lockKey(tableId),
      ready: Promise.resolve(client),
      timer: null,
      done: false,
    };
    if (this.closing || this.leases.has(tableId)) {
      void this.releaseLease(lease);
      return;
    }
    this.leases.set(tableId, lease);
    lease.timer = setTimeout(() => {
      if (this.leases.get(tableId) === lease) this.leases.delete(tableId);
      void this.releaseLease(lease);
    }, LEASE_MS);
    lease.timer.unref();
  }

  /**
   * The seat row and the append statement in one transaction (READ COMMITTED, asked for
   * explicitly whatever the database's default, so each statement sees what committed before
   * it): both commit, or a SeqConflictError (thrown inside, so the seat rolls back too) or any
   * other failure leaves neither. Resolves with the number of events inserted.
   *
   * Locks, always in this order so that no two writers wait on each other in a cycle: the
   * table's advisory lock shared (as every append takes it; an instance holding the lease has it
   * exclusively and waits for nobody), then, for a capped add, the table's row FOR NO KEY UPDATE:
   * the capped joins of a table take turns on it and count in a statement of their own after it
   * is held, so that count sees every seat the joins before committed, on any instance (a count
   * and an insert in one statement would both count in snapshots taken before either inserted).
   * NO KEY UPDATE, not UPDATE: it does not conflict with the KEY SHARE lock that appends'
   * foreign-key checks take on the same row, so play goes on meanwhile.
   */
  private appendWithSeat(
    given: pg.PoolClient | null,
    tableId: string,
    expectedSeq: number,
    count: number,
    params: unknown[],
    write: SeatWrite,
  ): Promise<number> {
    return this.transaction(
      async (client) => {
        await client.query(this.sql.lockShared, [this.lockKey(tableId)]);
        if (write.kind === 'rename') {
          const { rowCount } = await client.query(this.sql.renameSeat, [write.name, tableId, write.seatId]);
          if (rowCount !== 1) throw new Error(`no seat ${write.seatId} at table ${tableId}`);
        } else {
          const locked = await client.query(this.sql.lockTable, [tableId]);
          if (locked.rowCount !== 1) throw new Error(`no table ${tableId}`);
          const pool = seatPool(write.seat.role);
          // A taken seat id or token hash is a unique violation too: told apart here from the
          // primary key of events, which means a lost race.
          const inserted = await client
            .query(this.sql.insertSeatWithin, [
              ...seatParams(write.seat),
              pool === 'spectators',
              write.max ?? null,
            ])
            .catch((e: unknown) => {
              if (pgCode(e) === UNIQUE_VIOLATION)
                throw new Error(`seat ${write.seat.seatId} or its token hash exists`);
              throw e;
            });
          if (inserted.rowCount !== 1) throw new SeatsFullError(tableId, pool, write.max ?? 0);
        }
        const { rows } = await client.query<{ n: number }>(this.sql.append, params);
        if (rows[0]?.n !== count) throw new SeqConflictError(tableId, expectedSeq);
        return count;
      },
      'BEGIN ISOLATION LEVEL READ COMMITTED',
      given,
    );
  }

  async read(tableId: string, afterSeq: number, limit?: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(this.sql.read, [tableId, afterSeq, limit ?? null]);
    return rows.map((row) => ({
      tableId,
      seq: Number(row.seq),
      at: row.at.toISOString(),
      by: row.by_seat,
      commandId: row.command_id,
      event: row.event,
    }));
  }

  async headSeq(tableId: string): Promise<number> {
    const { rows } = await this.pool.query<{ head: string }>(this.sql.headAndTable, [tableId]);
    return Number(rows[0]?.head ?? 0);
  }

  async commandSeq(tableId: string, commandId: string, by: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ seq: string }>(this.sql.commandSeq, [tableId, by, commandId]);
    return rows[0] ? Number(rows[0].seq) : null;
  }

  async setTableOptions(tableId: string, options: unknown): Promise<void> {
    await this.pool.query(this.sql.setOptions, [tableId, JSON.stringify(options ?? null)]);
  }

  async removeSeat(tableId: string, seatId: string): Promise<boolean> {
    const result = await this.pool.query(this.sql.removeSeat, [tableId, seatId]);
    return (result.rowCount ?? 0) > 0;
  }

  async saveSnapshot(snapshot: Snapshot): Promise<void> {
    await this.pool.query(this.sql.upsertSnapshot, [
      snapshot.tableId,
      snapshot.seq,
      JSON.stringify(snapshot.state),
    ]);
  }

  async latestSnapshot(tableId: string): Promise<Snapshot | null> {
    const { rows } = await this.pool.query<{ seq: string; state: unknown }>(this.sql.snapshot, [tableId]);
    const row = rows[0];
    return row ? { tableId, seq: Number(row.seq), state: row.state } : null;
  }

  // -------------------------------------------------------------------------------------------
  // Fairness between instances

  /**
   * Optimistic appends alone let a busy instance starve another: the loser reads and decides
   * again, but by then the winner (whose next command was already queued) has appended again.
   * So every append takes the table's advisory lock SHARED for its transaction, and an instance
   * that lost a race takes it EXCLUSIVE (session level, on a connection of its own) before it
   * reports the conflict: writers already inside finish, new ones wait, and the loser's retry —
   * its next append on that table, run on that connection — goes through. The lease ends with
   * that append, or after LEASE_MS if no retry comes (the command was refused, say). Correctness
   * never rests on the lease (the primary key does that); it only bounds how often one instance
   * can lose in a row.
   */
  private readonly leases = new Map<string, Lease>();

  private lockKey(tableId: string): string {
    return `${this.schema}:${tableId}`;
  }

  private async takeLease(tableId: string): Promise<void> {
    if (this.leases.has(tableId) || this.closing) return;
    const key = this.lockKey(tableId);
    const lease: Lease = {
      key,
      done: false,
      timer: null,
      ready: (async () => {
        const client = await this.pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
          return client;
        } catch (e) {
          client.release(e instanceof Error ? e : true);
          return null;
        }
      })().catch(() => null),
    };
    this.leases.set(tableId, lease);
    const client = await lease.ready;
    if (!client) {
      if (this.leases.get(tableId) === lease) this.leases.delete(tableId);
      lease.done = true;
      return;
    }
    lease.timer = setTimeout(() => {
      if (this.leases.get(tableId) === lease) this.leases.delete(tableId);
      void this.releaseLease(lease);
    }, LEASE_MS);
    lease.timer.unref();
  }

  async endTurn(tableId: string): Promise<void> {
    const lease = this.leases.get(tableId);
    if (!lease) return;
    this.leases.delete(tableId);
    await this.releaseLease(lease);
  }

  private async releaseLease(lease: Lease): Promise<void> {
    if (lease.done) return;
    lease.done = true;
    if (lease.timer) clearTimeout(lease.timer);
    const client = await lease.ready;
    if (!client) return;
    try {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lease.key]);
      client.release();
    } catch (e) {
      client.release(e instanceof Error ? e : true);
    }
  }

  private closing: Promise<void> | null = null;
  close(): Promise<void> {
    this.closing ??= (async () => {
      const leases = [...this.leases.values()];
      this.leases.clear();
      await Promise.all(leases.map((l) => this.releaseLease(l)));
      await this.pool.end();
    })();
    return this.closing;
  }
}

function tableParams(table: TableRecord): unknown[] {
  return [table.tableId, table.system, table.name, table.createdAt, JSON.stringify(table.options ?? null)];
}

function seatParams(seat: SeatRecord): unknown[] {
  return [seat.tableId, seat.seatId, seat.role, seat.name, seat.tokenHash];
}

/** The SQL of every query, with the (quoted) schema in place. */
function statements(s: string) {
  return {
    channel: pgChannel(s.slice(1, -1)),
    insertTable: `INSERT INTO ${s}.tables (table_id, system, name, created_at, options)
                  VALUES ($1, $2, $3, $4, $5::json)`,
    getTable: `SELECT table_id, system, name, created_at, options FROM ${s}.tables WHERE table_id = $1`,
    insertSeat: `INSERT INTO ${s}.seats (table_id, seat_id, role, name, token_hash) VALUES ($1, $2, $3, $4, $5)`,
    lockTable: `SELECT 1 FROM ${s}.tables WHERE table_id = $1 FOR NO KEY UPDATE`,
    // Inserts the seat only while its pool ($6: spectators or not) has fewer than $7 seats (no cap: null).
    insertSeatWithin: `INSERT INTO ${s}.seats (table_id, seat_id, role, name, token_hash)
                       SELECT $1, $2, $3, $4, $5
                       WHERE $7::bigint IS NULL
                          OR (SELECT count(*) FROM ${s}.seats
                              WHERE table_id = $1 AND (role = 'spectator') = $6::boolean) < $7::bigint`,
    lockShared: 'SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))',
    seats: `SELECT table_id, seat_id, role, name, token_hash FROM ${s}.seats WHERE table_id = $1 ORDER BY n`,
    renameSeat: `UPDATE ${s}.seats SET name = $1 WHERE table_id = $2 AND seat_id = $3`,
    setOptions: `UPDATE ${s}.tables SET options = $2::json WHERE table_id = $1`,
    removeSeat: `DELETE FROM ${s}.seats WHERE table_id = $1 AND seat_id = $2`,
    seatByToken: `SELECT table_id, seat_id, role, name, token_hash FROM ${s}.seats
                  WHERE table_id = $1 AND token_hash = $2`,
    headAndTable: `SELECT (SELECT COALESCE(MAX(seq), 0) FROM ${s}.events WHERE table_id = $1) AS head,
                          EXISTS (SELECT 1 FROM ${s}.tables WHERE table_id = $1) AS found`,
    append: `WITH gate AS (
                SELECT pg_advisory_xact_lock_shared(hashtextextended($12, 0)) -- see takeLease
              ), inserted AS (
                INSERT INTO ${s}.events (table_id, seq, at, by_seat, command_id, event)
                SELECT $1, $2::bigint + e.n, $3, e.by_seat, e.command_id, e.event::json
                FROM gate, unnest($4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS e (by_seat, command_id, event, n)
                WHERE (SELECT COALESCE(MAX(seq), 0) FROM ${s}.events WHERE table_id = $1) = $2::bigint
                RETURNING seq
              ), commands AS (
                INSERT INTO ${s}.commands (table_id, seat_id, command_id, seq)
                SELECT $1, c.seat_id, c.command_id, c.seq
                FROM unnest($7::text[], $8::text[], $9::bigint[]) AS c (seat_id, command_id, seq)
                WHERE EXISTS (SELECT 1 FROM inserted)
                ON CONFLICT (table_id, seat_id, command_id) DO UPDATE SET seq = EXCLUDED.seq
              )
              SELECT n, CASE WHEN n > 0 THEN pg_notify($10, $11) END AS notified
              FROM (SELECT count(*)::int AS n FROM inserted) AS counted`,
    appendTurn: `SELECT r_count, r_seq, r_at, r_by, r_command, r_event
                 FROM ${s}.append_turn($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    importEvents: `INSERT INTO ${s}.events (table_id, seq, at, by_seat, command_id, event)
                   SELECT $1, $2::bigint + e.n, e.at::timestamptz, e.by_seat, e.command_id, e.event::json
                   FROM unnest($3::text[], $4::text[], $5::text[], $6::text[])
                        WITH ORDINALITY AS e (at, by_seat, command_id, event, n)`,
    importCommands: `INSERT INTO ${s}.commands (table_id, seat_id, command_id, seq)
                     SELECT $1, c.seat_id, c.command_id, c.seq
                     FROM unnest($2::text[], $3::text[], $4::bigint[]) AS c (seat_id, command_id, seq)`,
    read: `SELECT seq, at, by_seat, command_id, event FROM ${s}.events
           WHERE table_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    commandSeq: `SELECT seq FROM ${s}.commands WHERE table_id = $1 AND seat_id = $2 AND command_id = $3`,
    upsertSnapshot: `INSERT INTO ${s}.snapshots (table_id, seq, state) VALUES ($1, $2, $3::json)
                     ON CONFLICT (table_id) DO UPDATE SET seq = EXCLUDED.seq, state = EXCLUDED.state
                     WHERE EXCLUDED.seq >= ${s}.snapshots.seq`,
    snapshot: `SELECT seq, state FROM ${s}.snapshots WHERE table_id = $1`,
  };
}
