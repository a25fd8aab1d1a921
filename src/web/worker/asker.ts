import { type Answered, type Asked, answerOne, type Result } from './protocol.ts';

/**
 * The page side of a question worker (protocol.ts). One question is counted at a time; while it
 * runs, only the newest question of each lane waits (each one before it in that lane is answered
 * SUPERSEDED without being counted), so a form typed into quickly never queues a backlog of stale
 * counts. Lanes let several forms share one worker (the attack form and the defend prompt on the
 * GM's screen): a form's question replaces only its own lane's, and the lanes are served in the
 * order their questions came.
 */
export interface Asker<Q, A> {
  /** `lane`: the asking form's own (one lane, '', when left out). */
  ask(question: Q, lane?: string): Promise<Result<A>>;
  /** Stops the worker; questions still open are answered CLOSED. */
  close(): void;
}

/** What an asker needs of a Worker (a test may pass an in-process stand-in). */
export interface QuestionWorker {
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: ErrorEvent) => unknown) | null;
  postMessage(message: Asked<unknown>): void;
  terminate(): void;
}

interface Waiting<Q, A> {
  readonly id: number;
  readonly question: Q;
  readonly resolve: (r: Result<A>) => void;
}

const SUPERSEDED = { ok: false, code: 'SUPERSEDED', message: 'a newer question replaced this one' } as const;
const CLOSED = { ok: false, code: 'CLOSED', message: 'the worker was stopped' } as const;

/**
 * An asker over a worker, started on the first question. `make` must construct the Worker from a
 * literal URL relative to import.meta.url in the caller's own file, as Vite needs to bundle it.
 */
export function workerAsker<Q, A>(make: () => QuestionWorker): Asker<Q, A> {
  let worker: QuestionWorker | null = null;
  let running: Waiting<Q, A> | null = null;
  // One waiting question a lane; a Map keeps the order the lanes' questions came in.
  const queued = new Map<string, Waiting<Q, A>>();
  let next = 1;
  let broken: Result<A> | null = null;

  const send = (w: Waiting<Q, A>) => {
    running = w;
    start().postMessage({ id: w.id, question: w.question });
  };
  const start = (): QuestionWorker => {
    if (worker) return worker;
    const w = make();
    w.onmessage = (ev: MessageEvent<Answered<A>>) => {
      const done = running;
      if (!done || ev.data.id !== done.id) return;
      const { id: _id, ...result } = ev.data;
      running = null;
      done.resolve(result as Result<A>);
      const [lane, q] = queued.entries().next().value ?? [];
      if (lane === undefined || !q) return;
      queued.delete(lane);
      send(q);
    };
    // A worker that cannot load or crashes answers every open question, now and later, alike.
    w.onerror = (ev: ErrorEvent) => {
      broken = { ok: false, code: 'WORKER_FAILED', message: ev.message || 'the worker could not run here' };
      for (const open of [running, ...queued.values()]) open?.resolve(broken);
      running = null;
      queued.clear();
    };
    worker = w;
    return w;
  };

  return {
    ask(question, lane = '') {
      if (broken) return Promise.resolve(broken);
      return new Promise<Result<A>>((resolve) => {
        const w = { id: next++, question, resolve };
        if (!running) send(w);
        else {
          // A newer question of the lane takes its place at the back of the line.
          queued.get(lane)?.resolve(SUPERSEDED);
          queued.delete(lane);
          queued.set(lane, w);
        }
      });
    },
    close() {
      for (const open of [running, ...queued.values()]) open?.resolve(CLOSED);
      running = null;
      queued.clear();
      worker?.terminate();
      worker = null;
    },
  };
}

/** An asker that counts on the calling thread (for tests and tools; the page uses a worker). */
export function directAsker<Q, A>(answer: (question: Q) => A): Asker<Q, A> {
  return { ask: async (question) => answerOne(answer, question), close: () => {} };
}
