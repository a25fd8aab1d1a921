import { describe, expect, it } from 'vitest';
import { RuleError } from '../../engine/rule-error.ts';
import { directAsker, type QuestionWorker, workerAsker } from './asker.ts';
import { type AnswerPort, type Asked, answerQuestions } from './protocol.ts';

/**
 * The question worker's two sides, joined in-process: the page side's asker and the worker side's
 * answerQuestions, with messages handed over one at a time when the test says (as a real worker
 * answers later, never in the same tick).
 */
class Pair implements QuestionWorker {
  onmessage: QuestionWorker['onmessage'] = null;
  onerror: QuestionWorker['onerror'] = null;
  /** Questions posted and not yet answered (the worker is "busy" with the first). */
  readonly inbox: Asked<number>[] = [];
  readonly counted: number[] = [];
  terminated = false;
  private readonly port: AnswerPort<number>;
  constructor(answer: (n: number) => number) {
    const port: AnswerPort<number> = {
      onmessage: null,
      postMessage: (m) => this.onmessage?.({ data: m } as MessageEvent),
    };
    answerQuestions(port, (n: number) => {
      this.counted.push(n);
      return answer(n);
    });
    this.port = port;
  }
  postMessage(message: Asked<unknown>): void {
    this.inbox.push(message as Asked<number>);
  }
  /** The worker answers its oldest question. */
  step(): void {
    const m = this.inbox.shift();
    if (m) this.port.onmessage?.({ data: m } as MessageEvent<Asked<number>>);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function square(n: number): number {
  if (n < 0) throw new RuleError('NEGATIVE', 'no negatives here');
  return n * n;
}

describe('asking a worker', () => {
  it('answers a question under its id, and the next one after it', async () => {
    const w = new Pair(square);
    const asker = workerAsker<number, number>(() => w);
    const a = asker.ask(3);
    w.step();
    expect(await a).toEqual({ ok: true, answer: 9 });
    const b = asker.ask(4);
    w.step();
    expect(await b).toEqual({ ok: true, answer: 16 });
  });

  it('keeps only the newest question waiting while one is counted: the others are never counted', async () => {
    const w = new Pair(square);
    const asker = workerAsker<number, number>(() => w);
    const first = asker.ask(1);
    const second = asker.ask(2);
    const third = asker.ask(3);
    expect(await second).toMatchObject({ ok: false, code: 'SUPERSEDED' });
    w.step();
    expect(await first).toEqual({ ok: true, answer: 1 });
    w.step();
    expect(await third).toEqual({ ok: true, answer: 9 });
    expect(w.counted).toEqual([1, 3]);
    expect(w.inbox).toEqual([]);
  });

  it('keeps the newest question of each lane: two forms sharing the worker never cut each other off', async () => {
    const w = new Pair(square);
    const asker = workerAsker<number, number>(() => w);
    const running = asker.ask(1, 'attack');
    const defence = asker.ask(2, 'defence');
    const attack = asker.ask(3, 'attack');
    const attackAgain = asker.ask(4, 'attack');
    expect(await attack).toMatchObject({ ok: false, code: 'SUPERSEDED' });
    w.step();
    expect(await running).toEqual({ ok: true, answer: 1 });
    // The lanes are served in the order their waiting questions came: the defence first.
    w.step();
    expect(await defence).toEqual({ ok: true, answer: 4 });
    w.step();
    expect(await attackAgain).toEqual({ ok: true, answer: 16 });
    expect(w.counted).toEqual([1, 2, 4]);
    expect(w.inbox).toEqual([]);
  });

  it('answers every lane’s waiting question CLOSED on close', async () => {
    const w = new Pair(square);
    const asker = workerAsker<number, number>(() => w);
    // The first runs; the second waits in lane a, the third in lane b.
    const open = [asker.ask(1, 'a'), asker.ask(2, 'a'), asker.ask(3, 'b')];
    asker.close();
    expect((await Promise.all(open)).map((r) => (r.ok ? 'ok' : r.code))).toEqual([
      'CLOSED',
      'CLOSED',
      'CLOSED',
    ]);
    expect(w.terminated).toBe(true);
  });

  it('passes a refusal back with its stable code', async () => {
    const w = new Pair(square);
    const asker = workerAsker<number, number>(() => w);
    const r = asker.ask(-1);
    w.step();
    expect(await r).toEqual({ ok: false, code: 'NEGATIVE', message: 'no negatives here' });
  });

  it('answers every open and later question WORKER_FAILED once the worker fails', async () => {
    const w = new Pair(square);
    const asker = workerAsker<number, number>(() => w);
    const open = asker.ask(1);
    const waiting = asker.ask(2);
    w.onerror?.({ message: 'could not load' } as ErrorEvent);
    expect(await open).toMatchObject({ ok: false, code: 'WORKER_FAILED', message: 'could not load' });
    expect(await waiting).toMatchObject({ ok: false, code: 'WORKER_FAILED' });
    expect(await asker.ask(5)).toMatchObject({ ok: false, code: 'WORKER_FAILED' });
  });

  it('stops the worker on close, answering what was open CLOSED, and starts afresh on the next question', async () => {
    const made: Pair[] = [];
    const asker = workerAsker<number, number>(() => {
      const w = new Pair(square);
      made.push(w);
      return w;
    });
    const open = asker.ask(2);
    asker.close();
    expect(await open).toMatchObject({ ok: false, code: 'CLOSED' });
    expect(made[0]?.terminated).toBe(true);
    const again = asker.ask(5);
    made[1]?.step();
    expect(await again).toEqual({ ok: true, answer: 25 });
    expect(made).toHaveLength(2);
  });

  it('starts no worker until the first question', () => {
    let started = 0;
    workerAsker<number, number>(() => {
      started++;
      return new Pair(square);
    });
    expect(started).toBe(0);
  });

  it('a direct asker gives the same answers on the calling thread', async () => {
    const asker = directAsker(square);
    expect(await asker.ask(7)).toEqual({ ok: true, answer: 49 });
    expect(await asker.ask(-2)).toMatchObject({ ok: false, code: 'NEGATIVE' });
  });
});
