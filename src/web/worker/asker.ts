import { type Answered, type Asked, answerOne, type Result } from './protocol.ts';

/**
 * The page side of a question worker (protocol.ts). One question is counted at a time; while it
 * runs, only the newest question waits (each one before it is answered SUPERSEDED without being
 * counted), so a form typed into quickly never queues a backlog of stale counts.
 */
export interface Asker<Q, A> {
  ask(question: Q): Promise<Result<A>>;
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
  let queued: Waiting<Q, A> | null = null;
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
      const q = queued;
      queued = null;
      if (q) send(q);
    };
    // A worker that cannot load or crashes answers every open question, now and later, alike.
    w.onerror = (ev: ErrorEvent) => {
      broken = { ok: false, code: 'WORKER_FAILED', message: ev.message || 'the worker could not run here' };
      for (const open of [running, queued]) open?.resolve(broken);
      running = null;
      queued = null;
    };
    worker = w;
    return w;
  };

  return {
    ask(question) {
      if (broken) return Promise.resolve(broken);
      return new Promise<Result<A>>((resolve) => {
        const w = { id: next++, question, resolve };
        if (!running) send(w);
        else {
          queued?.resolve(SUPERSEDED);
          queued = w;
        }
      });
    },
    close() {
      for (const open of [running, queued]) open?.resolve(CLOSED);
      running = null;
      queued = null;
      worker?.terminate();
      worker = null;
    },
  };
}

/** An asker that counts on the calling thread (for tests and tools; the page uses a worker). */
export function directAsker<Q, A>(answer: (question: Q) => A): Asker<Q, A> {
  return { ask: async (question) => answerOne(answer, question), close: () => {} };
}
