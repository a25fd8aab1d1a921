import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryBus, MemoryStore } from '../memory-store.ts';
import { openStores } from '../stores.ts';
import { pgUrl, tempDir, testSchema } from '../test-backends.ts';
import { until } from '../test-wait.ts';
import {
  type ContractTarget,
  ev,
  eventStoreContract,
  joinedEvent,
  type Stores,
  seat,
  table,
  withStorage,
} from './event-store.contract.ts';
import { SeqConflictError } from './event-store.ts';
import { PgBus } from './pg-bus.ts';
import { dropSchema, PgStore } from './pg-store.ts';
import { DataDirLockedError, SQLITE_FILE, SqliteStore } from './sqlite-store.ts';

const url = pgUrl();

const memory: ContractTarget = {
  name: 'memory',
  available: true,
  durable: false,
  shared: true,
  async create() {
    const bus = new MemoryBus();
    const stores: Stores = { store: new MemoryStore(bus), bus };
    return { open: async () => stores, destroy: async () => {} };
  },
};

const sqlite: ContractTarget = {
  name: 'sqlite',
  available: true,
  durable: true,
  shared: false,
  async create() {
    const data = tempDir('bughunt-store-');
    return {
      open: () => openStores({ dataDir: join(data.dir, 'data') }),
      destroy: async () => data.remove(),
    };
  },
};

const postgres: ContractTarget = {
  name: 'postgres',
  available: url !== undefined,
  durable: true,
  shared: true,
  async create() {
    const schema = testSchema();
    return {
      open: () => openStores({ dataDir: '/nonexistent', databaseUrl: url, databaseSchema: schema }),
      destroy: () => dropSchema(url as string, schema),
    };
  },
};

describe('PostgreSQL availability', () => {
  // Skipping PostgreSQL is fine on a laptop, not in CI: there a missing database is a failure.
  it.runIf(process.env.CI === 'true')('CI runs the PostgreSQL store tests (DATABASE_URL is set)', () => {
    expect(url, 'DATABASE_URL must be set in CI').toBeTruthy();
  });
});

for (const target of [memory, sqlite, postgres]) eventStoreContract(target);

// -----------------------------------------------------------------------------------------------
// SQLite: group commit, durability settings, the data directory's lock

describe('SQLite store', () => {
  const dirs: { remove: () => void }[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) d.remove();
  });
  const fresh = () => {
    const d = tempDir('bughunt-sqlite-');
    dirs.push(d);
    return d.dir;
  };

  it('writes appends that arrive together in one transaction; a conflict fails only its own', async () => {
    const store = await SqliteStore.open(fresh());
    try {
      for (const id of ['a', 'b', 'c']) await store.createTable(table(id), seat(id, 'gm', 'gm'));
      await store.append('a', 0, [ev('first')]);
      const before = store.commits;
      const results = await Promise.allSettled([
        store.append('a', 1, [ev('a2')]),
        store.append('a', 1, [ev('a2-loser')]), // same expected seq: loses to the one before
        store.append('b', 0, [ev('b1'), ev('b2')]),
        store.append('a', 2, [ev('a3')]), // follows the first one of this batch
        store.append('c', 5, [ev('gap')]), // a future seq: refused
        store.saveSnapshot({ tableId: 'b', seq: 2, state: { s: 1 } }),
      ]);
      expect(store.commits - before).toBe(1);
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(SeqConflictError);
      expect((await store.read('a', 0)).map((e) => e.event.type)).toEqual(['first', 'a2', 'a3']);
      expect((await store.read('b', 0)).map((e) => e.seq)).toEqual([1, 2]);
      expect(await store.read('c', 0)).toEqual([]);
      expect(await store.latestSnapshot('b')).toMatchObject({ seq: 2 });

      // Many concurrent appends: far fewer transactions than appends, and nothing lost.
      const ids = Array.from({ length: 40 }, (_, i) => `n${i}`);
      for (const id of ids) await store.createTable(table(id), seat(id, 'gm', 'gm'));
      const start = store.commits;
      // Each caller hears back only once its batch is committed.
      const committedWhenAcked = await Promise.all(
        ids.map((id) => store.append(id, 0, [ev('x')]).then(() => store.commits)),
      );
      expect(committedWhenAcked).toEqual(ids.map(() => start + 1));
      expect(store.commits - start).toBe(1);
      for (const id of ids) expect(await store.headSeq(id)).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('runs WAL with synchronous=FULL and an exclusive lock, and records its migrations', async () => {
    const dir = fresh();
    const store = await SqliteStore.open(dir);
    try {
      // FULL (2): the WAL is fsynced at every commit, so an ack survives a power loss.
      expect(await store.settings()).toEqual({
        journalMode: 'wal',
        synchronous: 2,
        lockingMode: 'exclusive',
      });
    } finally {
      await store.close();
    }
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([
        { version: 1 },
        { version: 2 },
      ]);
    } finally {
      db.close();
    }
  });

  it('migration 2 repairs a database from before seat and event were one write (sqlite)', async () => {
    const dir = fresh();
    const store = await SqliteStore.open(dir);
    await store.createTable(table('t1'), seat('t1', 'gm', 'gm'), [joinedEvent(seat('t1', 'gm', 'gm'))]);
    await store.append('t1', 1, [joinedEvent(seat('t1', 'p1'))], { kind: 'add', seat: seat('t1', 'p1') });
    await store.append('t1', 2, [ev('seat.renamed', { seatId: 'p1', name: 'Hicks' })]);
    await store.close();
    // What the old code could leave behind: a seat whose event never landed, a name the log changed.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(dir, SQLITE_FILE));
    const ghost = seat('t1', 'ghost');
    db.prepare('INSERT INTO seats (table_id, seat_id, role, name, token_hash) VALUES (?, ?, ?, ?, ?)').run(
      ghost.tableId,
      ghost.seatId,
      ghost.role,
      ghost.name,
      ghost.tokenHash,
    );
    db.prepare('DELETE FROM schema_migrations WHERE version = 2').run();
    db.close();
    const reopened = await SqliteStore.open(dir);
    try {
      expect((await reopened.seats('t1')).map((x) => [x.seatId, x.name])).toEqual([
        ['gm', 'Seat gm'],
        ['p1', 'Hicks'],
      ]);
      expect(await reopened.headSeq('t1')).toBe(3);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a second opener of the data directory with DATA_DIR_LOCKED until the first closes', async () => {
    const dir = fresh();
    const first = await SqliteStore.open(dir);
    await first.createTable(table('t1'), seat('t1', 'gm', 'gm'));
    const error = await SqliteStore.open(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(error).toMatchObject({ code: 'DATA_DIR_LOCKED' });
    await expect(openStores({ dataDir: dir })).rejects.toMatchObject({ code: 'DATA_DIR_LOCKED' });
    // The refused opener changed nothing.
    expect(await first.getTable('t1')).toEqual(table('t1'));
    await first.close();
    const second = await SqliteStore.open(dir);
    expect(await second.getTable('t1')).toEqual(table('t1'));
    await second.close();
  });

  it('a lock held by another process blocks; once that process is killed -9, the directory opens', async () => {
    const dir = fresh();
    const storeModule = fileURLToPath(new URL('./sqlite-store.ts', import.meta.url));
    const code = `
      const { SqliteStore } = await import(${JSON.stringify(storeModule)});
      const store = await SqliteStore.open(${JSON.stringify(dir)});
      await store.createTable(${JSON.stringify(table('t1'))}, ${JSON.stringify(seat('t1', 'gm', 'gm'))});
      await store.append('t1', 0, [{ by: null, commandId: null, event: { type: 'from-child' } }]);
      process.stdout.write('holding\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    await until(() => output.includes('holding') || child.exitCode !== null, 'child holds the lock', 60_000);
    expect(output).toContain('holding');

    await expect(SqliteStore.open(dir)).rejects.toBeInstanceOf(DataDirLockedError);

    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    const store = await SqliteStore.open(dir);
    try {
      // What the child had appended (and been told was stored) is there.
      expect((await store.read('t1', 0)).map((e) => e.event.type)).toEqual(['from-child']);
      expect((await store.append('t1', 1, [ev('after')]))[0]?.seq).toBe(2);
    } finally {
      await store.close();
    }
    expect(existsSync(join(dir, SQLITE_FILE))).toBe(true);
  });

  it('rejects use after close', async () => {
    const store = await SqliteStore.open(fresh());
    await store.close();
    await expect(store.headSeq('t1')).rejects.toThrow(/closed/);
    await expect(store.append('t1', 0, [ev('x')])).rejects.toThrow(/closed/);
  });
});

// -----------------------------------------------------------------------------------------------
// PostgreSQL: migrations racing, LISTEN across instances, reconnect

describe.skipIf(!url)('PostgreSQL store and bus', () => {
  const pgAdmin = () => new pg.Client({ connectionString: url });

  it('two instances migrating one fresh schema at once both start, and migrate once', async () => {
    const schema = testSchema();
    try {
      const stores = await Promise.all([
        PgStore.open({ url: url as string, schema }),
        PgStore.open({ url: url as string, schema }),
        PgStore.open({ url: url as string, schema }),
      ]);
      await stores[0]?.createTable(table('t1'), seat('t1', 'gm', 'gm'));
      expect(await stores[2]?.getTable('t1')).toEqual(table('t1'));
      await Promise.all(stores.map((s) => s.close()));
      const admin = pgAdmin();
      await admin.connect();
      try {
        const r = await admin.query(`SELECT version FROM "${schema}".schema_migrations`);
        expect(r.rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
      } finally {
        await admin.end();
      }
    } finally {
      await dropSchema(url as string, schema);
    }
  });

  it('migration 2 repairs a database from before seat and event were one write (postgres)', async () => {
    const schema = testSchema();
    try {
      const store = await PgStore.open({ url: url as string, schema });
      await store.createTable(table('t1'), seat('t1', 'gm', 'gm'), [joinedEvent(seat('t1', 'gm', 'gm'))]);
      await store.append('t1', 1, [joinedEvent(seat('t1', 'p1'))], { kind: 'add', seat: seat('t1', 'p1') });
      await store.append('t1', 2, [ev('seat.renamed', { seatId: 'p1', name: 'Hicks' })]);
      await store.close();
      const admin = pgAdmin();
      await admin.connect();
      try {
        await admin.query(
          `INSERT INTO "${schema}".seats (table_id, seat_id, role, name, token_hash) VALUES ('t1', 'ghost', 'player', 'Ghost', 'h')`,
        );
        await admin.query(`DELETE FROM "${schema}".schema_migrations WHERE version = 2`);
      } finally {
        await admin.end();
      }
      const reopened = await PgStore.open({ url: url as string, schema });
      try {
        expect((await reopened.seats('t1')).map((x) => [x.seatId, x.name])).toEqual([
          ['gm', 'Seat gm'],
          ['p1', 'Hicks'],
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      await dropSchema(url as string, schema);
    }
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(PgStore.open({ url: url as string, schema: 'x"; DROP TABLE y; --' })).rejects.toMatchObject({
      code: 'BAD_SCHEMA',
    });
  });

  it('after its LISTEN connection is killed, the bus reconnects, says so, and hears later appends', async () => {
    const schema = testSchema();
    const writer = await PgStore.open({ url: url as string, schema });
    const bus = await PgBus.open({ url: url as string, schema });
    const other = await PgBus.open({ url: url as string, schema });
    const admin = pgAdmin();
    await admin.connect();
    try {
      const heard: string[] = [];
      const heardOther: string[] = [];
      let reconnects = 0;
      let otherReconnects = 0;
      bus.subscribe((t, s) => heard.push(`${t}:${s}`));
      bus.onReconnect(() => reconnects++);
      other.subscribe((t, s) => heardOther.push(`${t}:${s}`));
      other.onReconnect(() => otherReconnects++);
      await writer.createTable(table('t1'), seat('t1', 'gm', 'gm'));
      await writer.append('t1', 0, [ev('a')]);
      await until(() => heard.length === 1 && heardOther.length === 1, 'first notify');

      const killed = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [bus.applicationName],
      );
      expect(killed.rows).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [killed.rows[0]?.pid]);
      await until(() => reconnects === 1, 'onReconnect');
      expect(bus.connected).toBe(true);
      const now = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [bus.applicationName],
      );
      expect(now.rows.map((r) => r.pid)).not.toContain(killed.rows[0]?.pid);

      await writer.append('t1', 1, [ev('b'), ev('c')]);
      await until(() => heard.length === 2, 'notify after reconnect');
      expect(heard).toEqual(['t1:1', 't1:3']);
      await until(() => heardOther.length === 2, 'other bus');
      expect(heardOther).toEqual(['t1:1', 't1:3']);
      // The other instance's connection was never touched.
      expect(otherReconnects).toBe(0);
    } finally {
      await admin.end();
      await bus.close();
      await other.close();
      await writer.close();
      await dropSchema(url as string, schema);
    }
  });

  it('an instance that lost a race gets its retry in, however busy the other instance is', async () => {
    await withStorage(postgres, async (one, storage) => {
      const two = await storage.open();
      await one.store.createTable(table('t1'), seat('t1', 'gm', 'gm'));
      await one.store.append('t1', 0, [ev('start')]);
      // Instance two writes as fast as it can, retrying its own conflicts.
      let stop = false;
      let busyWrites = 0;
      const busy = (async () => {
        while (!stop) {
          const head = await two.store.headSeq('t1');
          await two.store.append('t1', head, [ev('busy')]).then(
            () => busyWrites++,
            (e: unknown) => {
              if (!(e instanceof SeqConflictError)) throw e;
            },
          );
        }
      })();
      try {
        for (let round = 0; round < 15; round++) {
          // A stale seq loses; the retry, with the head read after losing, wins at once.
          const head = await one.store.headSeq('t1');
          await expect(one.store.append('t1', head - 1, [ev('stale')])).rejects.toBeInstanceOf(
            SeqConflictError,
          );
          const now = await one.store.headSeq('t1');
          const stored = await one.store.append('t1', now, [ev('retry', { round })]);
          expect(stored[0]?.seq).toBe(now + 1);
        }
      } finally {
        stop = true;
        await busy;
      }
      expect(busyWrites).toBeGreaterThan(0);
      const log = await one.store.read('t1', 0);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      expect(log.filter((e) => e.event.type === 'retry')).toHaveLength(15);
    });
  });

  it('an append that lost its race on the primary key keeps its connection (no new backend per lost race)', async () => {
    const schema = testSchema();
    const store = await PgStore.open({ url: url as string, schema });
    const rival = pgAdmin();
    const admin = pgAdmin();
    await rival.connect();
    await admin.connect();
    try {
      await store.createTable(table('t1'), seat('t1', 'gm', 'gm'));
      await store.append('t1', 0, [ev('a')]);
      // Another writer's seq 2, not committed yet: our append sees head 1, inserts seq 2 and waits
      // on the rival's row; once the rival commits, ours fails on the primary key.
      await rival.query('BEGIN');
      await rival.query(
        `INSERT INTO "${schema}".events (table_id, seq, at, by_seat, command_id, event) VALUES ('t1', 2, now(), NULL, NULL, '{"type":"rival"}')`,
      );
      // Its failure is caught at once: it may come while the rival's COMMIT is still being
      // answered, before anything awaits it (an unhandled rejection otherwise).
      const lost = store.append('t1', 1, [ev('ours')]).then(
        () => null,
        (e: unknown) => e,
      );
      let waiting: number | undefined;
      while (waiting === undefined) {
        const r = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
          [`bughunt:${schema}`],
        );
        waiting = r.rows[0]?.pid;
      }
      await rival.query('COMMIT');
      expect(await lost).toBeInstanceOf(SeqConflictError);
      await store.append('t1', 2, [ev('retry')]);
      expect((await store.read('t1', 0)).map((e) => e.event.type)).toEqual(['a', 'rival', 'retry']);
      const alive = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [waiting]);
      expect(alive.rowCount, 'the connection that lost the race is still open').toBe(1);
    } finally {
      await rival.end();
      await admin.end();
      await store.close();
      await dropSchema(url as string, schema);
    }
  });

  it('a lost append brings back the events it missed, and keeps the table’s turn for its retry', async () => {
    await withStorage(postgres, async (one, storage) => {
      const two = await storage.open();
      await one.store.createTable(table('t1'), seat('t1', 'gm', 'gm'));
      const won = await one.store.append('t1', 0, [
        { by: 'p1', commandId: 'c1', event: { type: 'a' } },
        { by: 'p1', commandId: 'c1', event: { type: 'b' } },
      ]);
      const lost = await two.store.append('t1', 0, [ev('x')]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(lost).toBeInstanceOf(SeqConflictError);
      // The winner's events as stored, so the loser decides again without reading.
      expect((lost as SeqConflictError).after).toEqual(won);

      // Until its retry, the loser holds the turn: an append of the winner's waits behind it,
      // then finds the head moved and loses in turn (with the retry's event).
      const next = one.store.append('t1', 2, [ev('c')]).then(
        () => null,
        (e: unknown) => e,
      );
      const retried = await two.store.append('t1', 2, [ev('x')]);
      expect(retried.map((e) => e.seq)).toEqual([3]);
      const second = await next;
      expect(second).toBeInstanceOf(SeqConflictError);
      expect((second as SeqConflictError).after).toEqual(retried);
      await one.store.append('t1', 3, [ev('c')]);
      expect((await two.store.read('t1', 0)).map((e) => e.event.type)).toEqual(['a', 'b', 'x', 'c']);
    });
  });

  it('a bus whose database is unreachable fails to open with the connection error', async () => {
    await expect(PgBus.open({ url: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow();
  });

  it('two instances share one log: an append on one is read and heard on the other', async () => {
    await withStorage(postgres, async (one, storage) => {
      const two = await storage.open();
      const heard: number[] = [];
      two.bus.subscribe((_t, s) => heard.push(s));
      await one.store.createTable(table('t1'), seat('t1', 'gm', 'gm'));
      await one.store.append('t1', 0, [ev('a')]);
      await until(() => heard.length === 1);
      expect((await two.store.read('t1', 0)).map((e) => e.event.type)).toEqual(['a']);
      await expect(two.store.append('t1', 0, [ev('late')])).rejects.toBeInstanceOf(SeqConflictError);
    });
  });
});
