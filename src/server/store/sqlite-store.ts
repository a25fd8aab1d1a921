import { resolve } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../engine/worker-module.ts';
import type { MemoryBus } from '../memory-store.ts';
import {
  type EventStore,
  type ImportedEvent,
  type NewEvent,
  type SeatRecord,
  SeatsFullError,
  type SeatWrite,
  SeqConflictError,
  type Snapshot,
  type StoredEvent,
  type TableRecord,
} from './event-store.ts';
import { DataDirLockedError } from './sqlite-core.ts';
import type { WireError, WorkerAnswer, WorkerRequest } from './sqlite-worker.ts';

export { DataDirLockedError, SQLITE_FILE } from './sqlite-core.ts';

/**
 * The embedded event store as the server sees it. SQLite itself (sqlite-core.ts: schema, WAL with
 * synchronous=FULL, group commit, the data directory's lock) runs on a worker thread: better-sqlite3
 * is synchronous, and on this thread every fsync would stop the server — no socket read, no
 * decide, no fan-out — for the length of the disk write. On the worker, the commands that arrive
 * while one batch is being written queue up and go into the next batch.
 */

function fromWire(e: WireError): Error {
  if (e.kind === 'conflict') return new SeqConflictError(e.tableId, e.expectedSeq);
  if (e.kind === 'locked') return new DataDirLockedError(e.dataDir);
  // Rebuilt as the class itself, so the server's `instanceof SeatsFullError` works across the thread.
  if (e.kind === 'seatsFull') return new SeatsFullError(e.tableId, e.pool, e.max);
  return Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
}

export class SqliteStore implements EventStore {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private outbox: WorkerRequest[] = [];
  private closing: Promise<void> | null = null;
  private broken: Error | null = null;
  /** The number of the last batch transaction a write of ours was committed in (tests). */
  commits = 0;

  /**
   * Opens (creating if needed) the store in `dataDir` and takes the directory's lock.
   * Rejects with DataDirLockedError (code DATA_DIR_LOCKED) while another server holds it.
   */
  static async open(dataDir: string, bus?: MemoryBus): Promise<SqliteStore> {
    const worker = startWorker(import.meta.url, './sqlite-worker', {
      workerData: { dataDir: resolve(dataDir) },
    });
    await new Promise<void>((done, fail) => {
      const onExit = (code: number) => fail(new Error(`the SQLite store's thread exited (${code})`));
      worker.once('error', fail);
      worker.once('exit', onExit);
      worker.once('message', (m: { ready: boolean; error?: WireError }) => {
        worker.off('error', fail);
        worker.off('exit', onExit);
        if (m.ready) done();
        else {
          void worker.terminate();
          fail(m.error ? fromWire(m.error) : new Error('the SQLite store did not open'));
        }
      });
    });
    return new SqliteStore(worker, bus);
  }

  private constructor(
    private readonly worker: Worker,
    private readonly bus?: MemoryBus,
  ) {
    worker.on('message', (answers: readonly WorkerAnswer[]) => {
      for (const answer of answers) {
        const waiting = this.pending.get(answer.id);
        if (!waiting) continue;
        this.pending.delete(answer.id);
        if (answer.ok) {
          this.commits = Math.max(this.commits, answer.commit);
          waiting.resolve(answer.value);
        } else waiting.reject(fromWire(answer.error));
      }
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      this.broken = error;
      for (const w of this.pending.values()) w.reject(error);
      this.pending.clear();
    };
    worker.on('error', (e) => fail(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => fail(new Error(`the SQLite store's thread exited (${code})`)));
    // Idle, the thread does not keep the process alive; with requests in flight it does.
    worker.unref();
  }

  private call<T>(op: string, ...args: unknown[]): Promise<T> {
    if (this.closing && op !== 'close') return Promise.reject(new Error('the event store is closed'));
    if (this.broken) return Promise.reject(this.broken);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (this.outbox.length === 0) {
        this.worker.ref();
        // Sent once per loop turn (check phase): what the poll phase gathered goes as one message.
        setImmediate(() => {
          const out = this.outbox;
          this.outbox = [];
          this.worker.postMessage(out);
        });
      }
      this.outbox.push({ id, op, args });
    });
  }

  createTable(table: TableRecord, gmSeat: SeatRecord, events: readonly NewEvent[] = []): Promise<void> {
    return this.call('createTable', table, gmSeat, events);
  }
  importTable(
    table: TableRecord,
    seats: readonly SeatRecord[],
    events: readonly ImportedEvent[],
  ): Promise<void> {
    return this.call('importTable', table, seats, events);
  }
  getTable(tableId: string): Promise<TableRecord | null> {
    return this.call('getTable', tableId);
  }
  seats(tableId: string): Promise<SeatRecord[]> {
    return this.call('seats', tableId);
  }
  seatByTokenHash(tableId: string, tokenHash: string): Promise<SeatRecord | null> {
    return this.call('seatByTokenHash', tableId, tokenHash);
  }
  async append(
    tableId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    seat?: SeatWrite,
  ): Promise<StoredEvent[]> {
    // The seat write goes in the same request: the worker writes both in one job of its batch.
    const stored = await this.call<StoredEvent[]>('append', tableId, expectedSeq, events, seat);
    const last = stored[stored.length - 1];
    if (last) this.bus?.publish(tableId, last.seq);
    return stored;
  }
  read(tableId: string, afterSeq: number, limit?: number): Promise<StoredEvent[]> {
    return this.call('read', tableId, afterSeq, limit);
  }
  headSeq(tableId: string): Promise<number> {
    return this.call('headSeq', tableId);
  }
  commandSeq(tableId: string, commandId: string, by: string): Promise<number | null> {
    return this.call('commandSeq', tableId, commandId, by);
  }
  setTableOptions(tableId: string, options: unknown): Promise<void> {
    return this.call('setTableOptions', tableId, options);
  }
  removeSeat(tableId: string, seatId: string): Promise<boolean> {
    return this.call('removeSeat', tableId, seatId);
  }
  saveSnapshot(snapshot: Snapshot): Promise<void> {
    return this.call('saveSnapshot', snapshot);
  }
  latestSnapshot(tableId: string): Promise<Snapshot | null> {
    return this.call('latestSnapshot', tableId);
  }
  /** The connection's journal mode, synchronous level and locking mode (tests). */
  settings(): Promise<{ journalMode: string; synchronous: number; lockingMode: string }> {
    return this.call('settings');
  }

  /** Writes what is queued, closes the file (releasing the directory) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.broken) return;
      const exited = new Promise<void>((done) => this.worker.once('exit', () => done()));
      await this.call('close');
      await exited;
    })();
    return this.closing;
  }
}
