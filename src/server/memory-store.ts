import { BusWithListeners } from './store/bus-listeners.ts';
import {
  checkSeatWrite,
  type EventStore,
  type ImportedEvent,
  type NewEvent,
  type SeatRecord,
  SeatsFullError,
  type SeatWrite,
  SeqConflictError,
  type Snapshot,
  type StoredEvent,
  seatPool,
  type TableRecord,
} from './store/event-store.ts';

/**
 * An EventStore and EventBus held in memory: for unit tests of the server and for two in-process
 * "instances" sharing one log. Not durable; the real adapters live in store/.
 */
export class MemoryStore implements EventStore {
  private readonly tables = new Map<string, TableRecord>();
  private readonly seatsByTable = new Map<string, SeatRecord[]>();
  private readonly logs = new Map<string, StoredEvent[]>();
  private readonly snapshots = new Map<string, Snapshot>();

  constructor(private readonly bus?: MemoryBus) {}

  async createTable(table: TableRecord, gmSeat: SeatRecord, events: readonly NewEvent[] = []): Promise<void> {
    if (this.tables.has(table.tableId)) throw new Error(`table ${table.tableId} exists`);
    const at = new Date().toISOString();
    this.tables.set(table.tableId, table);
    this.seatsByTable.set(table.tableId, [gmSeat]);
    this.logs.set(
      table.tableId,
      events.map((e, i) => ({ tableId: table.tableId, seq: i + 1, at, ...e })),
    );
  }
  async importTable(
    table: TableRecord,
    seats: readonly SeatRecord[],
    events: readonly ImportedEvent[],
  ): Promise<void> {
    if (this.tables.has(table.tableId)) throw new Error(`table ${table.tableId} exists`);
    // What the SQL stores' keys refuse: a seat id or a token hash twice.
    if (new Set(seats.map((s) => s.seatId)).size !== seats.length) throw new Error('duplicate seat id');
    if (new Set(seats.map((s) => s.tokenHash)).size !== seats.length) throw new Error('duplicate token hash');
    const log = events.map((e, i) => ({ tableId: table.tableId, seq: i + 1, ...e }));
    this.tables.set(table.tableId, table);
    this.seatsByTable.set(table.tableId, [...seats]);
    this.logs.set(table.tableId, log);
  }
  async getTable(tableId: string): Promise<TableRecord | null> {
    return this.tables.get(tableId) ?? null;
  }
  async setTableOptions(tableId: string, options: unknown): Promise<void> {
    const table = this.tables.get(tableId);
    if (table) this.tables.set(tableId, { ...table, options });
  }
  async removeSeat(tableId: string, seatId: string): Promise<boolean> {
    const seats = this.seatsByTable.get(tableId) ?? [];
    const kept = seats.filter((s) => s.seatId !== seatId);
    this.seatsByTable.set(tableId, kept);
    return kept.length < seats.length;
  }
  async seats(tableId: string): Promise<SeatRecord[]> {
    return [...(this.seatsByTable.get(tableId) ?? [])];
  }
  async seatByTokenHash(tableId: string, tokenHash: string): Promise<SeatRecord | null> {
    return this.seatsByTable.get(tableId)?.find((s) => s.tokenHash === tokenHash) ?? null;
  }
  async append(
    tableId: string,
    expectedSeq: number,
    events: readonly NewEvent[],
    seat?: SeatWrite,
  ): Promise<StoredEvent[]> {
    const log = this.logs.get(tableId);
    const seats = this.seatsByTable.get(tableId);
    if (!log || !seats) throw new Error(`no table ${tableId}`);
    checkSeatWrite(tableId, events, seat);
    // Every check first, then every change, with no await anywhere in between: nothing else runs
    // on this thread meanwhile, so the seat and its event are one atomic step (and so is the cap,
    // also for two in-process "instances" sharing this store). The order of the checks is the SQL
    // stores': the seat's, then the seq.
    let renamed = -1;
    if (seat?.kind === 'add') {
      const pool = seatPool(seat.seat.role);
      if (seat.max !== undefined && seats.filter((s) => seatPool(s.role) === pool).length >= seat.max) {
        throw new SeatsFullError(tableId, pool, seat.max);
      }
      // What the SQL stores' keys refuse.
      if (seats.some((s) => s.seatId === seat.seat.seatId || s.tokenHash === seat.seat.tokenHash)) {
        throw new Error(`seat ${seat.seat.seatId} or its token hash exists at table ${tableId}`);
      }
    } else if (seat?.kind === 'rename') {
      renamed = seats.findIndex((s) => s.seatId === seat.seatId);
      if (renamed < 0) throw new Error(`no seat ${seat.seatId} at table ${tableId}`);
    }
    if (log.length !== expectedSeq) throw new SeqConflictError(tableId, expectedSeq);
    const at = new Date().toISOString();
    const stored = events.map((e, i) => ({ tableId, seq: expectedSeq + i + 1, at, ...e }));
    log.push(...stored);
    if (seat?.kind === 'add') seats.push(seat.seat);
    else if (seat?.kind === 'rename') seats[renamed] = { ...(seats[renamed] as SeatRecord), name: seat.name };
    if (stored.length > 0) this.bus?.publish(tableId, log.length);
    return stored;
  }
  async read(tableId: string, afterSeq: number, limit?: number): Promise<StoredEvent[]> {
    const log = this.logs.get(tableId) ?? [];
    return log.slice(afterSeq, limit === undefined ? undefined : afterSeq + limit);
  }
  async headSeq(tableId: string): Promise<number> {
    return this.logs.get(tableId)?.length ?? 0;
  }
  async commandSeq(tableId: string, commandId: string, by: string): Promise<number | null> {
    const log = this.logs.get(tableId) ?? [];
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i] as StoredEvent;
      if (e.commandId === commandId && e.by === by) return e.seq;
    }
    return null;
  }
  async saveSnapshot(snapshot: Snapshot): Promise<void> {
    // An older snapshot (a lagging writer's) never replaces a newer one.
    if ((this.snapshots.get(snapshot.tableId)?.seq ?? -1) > snapshot.seq) return;
    this.snapshots.set(snapshot.tableId, structuredClone(snapshot));
  }
  async latestSnapshot(tableId: string): Promise<Snapshot | null> {
    const s = this.snapshots.get(tableId);
    return s ? structuredClone(s) : null;
  }
  async close(): Promise<void> {}
}

/**
 * In-process bus: every subscriber hears every append, asynchronously like a real NOTIFY. With
 * `maxDelayMs` each delivery waits a random 0…max ms, as a network would, so two in-process
 * "instances" really do race (an instant bus would let each catch up before deciding).
 */
export class MemoryBus extends BusWithListeners {
  /** Tests: while true, notifications are lost (as while a real bus is disconnected). */
  dropping = false;

  constructor(private readonly maxDelayMs = 0) {
    super();
  }

  publish(tableId: string, seq: number): void {
    if (this.dropping) return;
    for (const l of this.listeners) {
      if (this.maxDelayMs > 0) setTimeout(() => l(tableId, seq), Math.random() * this.maxDelayMs);
      else queueMicrotask(() => l(tableId, seq));
    }
  }
  /** Tests: pretend the connection dropped and came back. */
  reconnect(): void {
    for (const l of this.reconnectListeners) l();
  }
  async close(): Promise<void> {
    this.dropListeners();
  }
}
