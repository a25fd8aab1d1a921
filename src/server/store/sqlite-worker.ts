import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { type SeatPool, SeatsFullError, SeqConflictError } from './event-store.ts';
import { DataDirLockedError, SqliteCore } from './sqlite-core.ts';

/**
 * The SQLite store's thread (started by sqlite-store.ts). Requests come as { id, op, args };
 * each answer carries the request's id and, for writes, the number of the batch that committed
 * it. Reads are answered at once; writes join the core's group commit.
 */

export type WireError =
  | { readonly kind: 'conflict'; readonly tableId: string; readonly expectedSeq: number }
  | { readonly kind: 'locked'; readonly dataDir: string }
  | { readonly kind: 'seatsFull'; readonly tableId: string; readonly pool: SeatPool; readonly max: number }
  | { readonly kind: 'error'; readonly message: string; readonly code?: string };

export type WorkerAnswer =
  | { readonly id: number; readonly ok: true; readonly value: unknown; readonly commit: number }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

export interface WorkerRequest {
  readonly id: number;
  readonly op: string;
  readonly args: readonly unknown[];
}

export function toWire(e: unknown): WireError {
  if (e instanceof SeqConflictError)
    return { kind: 'conflict', tableId: e.tableId, expectedSeq: e.expectedSeq };
  if (e instanceof DataDirLockedError) return { kind: 'locked', dataDir: e.dataDir };
  if (e instanceof SeatsFullError) return { kind: 'seatsFull', tableId: e.tableId, pool: e.pool, max: e.max };
  const code = (e as { code?: unknown } | null)?.code;
  return {
    kind: 'error',
    message: e instanceof Error ? e.message : String(e),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

const OPS = new Set([
  'createTable',
  'importTable',
  'getTable',
  'seats',
  'seatByTokenHash',
  'setTableOptions',
  'removeSeat',
  'append',
  'read',
  'headSeq',
  'commandSeq',
  'saveSnapshot',
  'latestSnapshot',
  'settings',
]);

const port = parentPort;
if (port) {
  const { dataDir } = workerData as { dataDir: string };
  let opened: SqliteCore | null = null;
  try {
    opened = SqliteCore.open(dataDir);
    port.postMessage({ ready: true });
  } catch (e) {
    // Answered, and then the thread ends by itself (nothing keeps it alive).
    port.postMessage({ ready: false, error: toWire(e) });
    port.close();
  }
  if (opened) serve(port, opened);
}

function serve(port: MessagePort, core: SqliteCore): void {
  // Answers go back in one message per loop turn, as the requests came.
  let outbox: WorkerAnswer[] = [];
  const answer = (a: WorkerAnswer) => {
    if (outbox.length === 0)
      setImmediate(() => {
        const out = outbox;
        outbox = [];
        port.postMessage(out);
        if (closed) port.close();
      });
    outbox.push(a);
  };
  let closed = false;
  const handle = (request: WorkerRequest) => {
    if (request.op === 'close') {
      core.close().then(
        () => {
          closed = true;
          answer({ id: request.id, ok: true, value: null, commit: core.commits });
        },
        (e: unknown) => answer({ id: request.id, ok: false, error: toWire(e) }),
      );
      return;
    }
    if (!OPS.has(request.op)) {
      answer({ id: request.id, ok: false, error: { kind: 'error', message: `no operation ${request.op}` } });
      return;
    }
    const method = (core as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[request.op];
    Promise.resolve()
      .then(() => method?.apply(core, [...request.args]))
      .then(
        (value) => answer({ id: request.id, ok: true, value, commit: core.commits }),
        (e: unknown) => answer({ id: request.id, ok: false, error: toWire(e) }),
      );
  };
  // Everything the server asked for in one loop turn comes as one message: the writes in it
  // join the same batch.
  port.on('message', (requests: readonly WorkerRequest[]) => {
    for (const r of requests) handle(r);
  });
}
