import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { WAIT_MS } from '../../vitest.wait.ts';
import type { AnyRuleset } from '../engine/ruleset.ts';
import { applyPatch } from '../engine/view-patch.ts';
import {
  type Limits,
  type RulesRegistry,
  type RunningServer,
  type ServerOptions,
  startServer,
} from './app.ts';
import type { CreateTableResponse, EventEnvelope, SeatTokenResponse, ServerMessage } from './protocol.ts';
import { registryRules } from './rules-registry.ts';
import { type Backend, memoryBackend } from './test-backends.ts';
import { testRuleset } from './test-ruleset.ts';
import { until } from './test-wait.ts';

/**
 * Helpers for the server's tests: a WebSocket client that records every frame and checks the
 * events stream for gaps, HTTP helpers, and a registry with the test ruleset.
 */

/** Rate limits loose enough that a test's own bursts never trip them (robustness tests set their own). */
export const GENEROUS_LIMITS = {
  messagesPerSecond: 1000,
  messageBurst: 1000,
  httpWritesPerSecond: 1000,
  httpWriteBurst: 1000,
  campaignFilesPerMinute: 60_000,
  campaignFileBurst: 1000,
  commandsPerSecondPerSeat: 100_000,
  commandBurstPerSeat: 100_000,
  playerCommandsPerSecondPerTable: 100_000,
  playerCommandBurstPerTable: 100_000,
  maxQueuedCommandsPerTable: 100_000,
} as const satisfies Partial<Limits>;

export const testRules: RulesRegistry = {
  systems: [{ id: 'test', title: 'Test dice chat', playable: true }],
  rulesetFor: (system) => (system === 'test' ? (testRuleset as unknown as AnyRuleset) : null),
};

export { until } from './test-wait.ts';

/**
 * A server on `backend`'s fresh storage, with the test ruleset unless `options` name other rules;
 * its close also removes the storage.
 */
export async function serverOn(
  backend: Backend,
  options: Partial<ServerOptions> = {},
): Promise<RunningServer> {
  const opened = await backend.open();
  try {
    const server = await startServer({ port: 0, rules: testRules, ...opened.options, ...options });
    return {
      url: server.url,
      publicAddress: server.publicAddress,
      async close() {
        await server.close();
        await opened.cleanup();
      },
    };
  } catch (e) {
    await opened.cleanup();
    throw e;
  }
}

/**
 * `serverOn` for a describe block: started before its tests, closed after them. The server is
 * read inside the tests (`.url`), once it has started.
 */
export function serverForBlock(
  backend: Backend,
  options: Partial<ServerOptions> = {},
): { readonly url: string; readonly server: RunningServer } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await serverOn(backend, options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is read before it started (outside a test?)');
      return server;
    },
    get url() {
      return this.server.url;
    },
  };
}

export async function http<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function createTable(base: string, system = 'test', name = 'Test table') {
  const r = await http<CreateTableResponse>(base, 'POST', '/api/tables', { system, name });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function join(base: string, table: CreateTableResponse, name: string) {
  const r = await http<SeatTokenResponse>(base, 'POST', `/api/tables/${table.tableId}/join`, {
    inviteCode: table.invite.code,
    name,
  });
  if (r.status !== 201) throw new Error(`join failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function spectate(base: string, table: CreateTableResponse) {
  const r = await http<SeatTokenResponse>(base, 'POST', `/api/tables/${table.tableId}/spectate`, {
    spectateCode: table.spectate.code,
  });
  if (r.status !== 201) throw new Error(`spectate failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

type Outcome = Extract<ServerMessage, { type: 'ack' } | { type: 'rejected' }>;

/**
 * The head of the log in one seat's own numbering (what the welcome of a fresh socket says): a
 * seat's numbers count only the events it may see, so another seat's seq is no use to wait on.
 */
export async function seatHead(base: string, tableId: string, token: string): Promise<number> {
  const probe = await TestClient.open(base, tableId, token);
  const welcome = probe.messages.find((m) => m.type === 'welcome');
  await probe.close();
  if (welcome?.type !== 'welcome') throw new Error('no welcome');
  return welcome.headSeq;
}

export class TestClient {
  readonly raw: string[] = [];
  readonly messages: ServerMessage[] = [];
  /** Every envelope received, in order. */
  readonly envelopes: EventEnvelope[] = [];
  /** Problems seen in the events stream (an afterSeq that does not follow on, a repeated seq). */
  readonly streamErrors: string[] = [];
  /** The toSeq of the last events message (or the welcome's lastSeq before any). */
  lastSeq = 0;
  /** The view as this socket holds it: the last whole `view` with every `viewPatch` since applied. */
  view: unknown;
  /** The seq `view` is at; -1 before the first view. */
  viewSeq = -1;
  /** Problems seen in the views stream (a patch on another base, a patch that does not apply). */
  readonly viewErrors: string[] = [];
  closed: { code: number; reason: string } | null = null;
  private nextId = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const message = JSON.parse(text) as ServerMessage;
      this.messages.push(message);
      if (message.type === 'events') {
        if (message.afterSeq !== this.lastSeq) {
          this.streamErrors.push(`events after ${message.afterSeq} but I hold ${this.lastSeq}`);
        }
        for (const e of message.events) {
          if (e.seq <= message.afterSeq || e.seq > message.toSeq)
            this.streamErrors.push(`seq ${e.seq} out of range`);
          const last = this.envelopes[this.envelopes.length - 1];
          if (last && e.seq <= last.seq) this.streamErrors.push(`seq ${e.seq} after ${last.seq}`);
          this.envelopes.push(e);
        }
        this.lastSeq = message.toSeq;
      } else if (message.type === 'view') {
        this.view = message.view;
        this.viewSeq = message.seq;
      } else if (message.type === 'viewPatch') {
        if (message.baseSeq !== this.viewSeq) {
          this.viewErrors.push(`patch on ${message.baseSeq} but I hold ${this.viewSeq}`);
        } else {
          try {
            this.view = applyPatch(this.view, message.ops);
            this.viewSeq = message.seq;
          } catch (e) {
            this.viewErrors.push(`patch to ${message.seq} does not apply: ${String(e)}`);
          }
        }
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static connect(base: string, tableId: string): Promise<TestClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/tables/${tableId}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestClient(ws)));
      ws.once('error', reject);
    });
  }

  /** Connects, says hello and waits for the view that ends the catch-up. */
  static async open(base: string, tableId: string, token: string, lastSeq = 0): Promise<TestClient> {
    const client = await TestClient.connect(base, tableId);
    client.lastSeq = lastSeq;
    client.send({ type: 'hello', token, lastSeq });
    await client.waitFor((m) => m.type === 'view' || m.type === 'rejected', 'view after hello');
    const rejected = client.messages.find((m) => m.type === 'rejected');
    if (rejected) throw new Error(`hello refused: ${JSON.stringify(rejected)}`);
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async waitFor(
    check: (m: ServerMessage) => boolean,
    what = 'message',
    ms = WAIT_MS,
  ): Promise<ServerMessage> {
    return until(() => this.messages.find(check), what, ms);
  }

  /** Sends a command and waits for its ack or rejection. */
  async command(
    command: Record<string, unknown>,
    options: { id?: string; dice?: number[] } = {},
  ): Promise<Outcome> {
    const id = options.id ?? `c${++this.nextId}-${Math.random().toString(36).slice(2, 8)}`;
    const seen = this.messages.length;
    this.send({ type: 'command', id, command, ...(options.dice ? { dice: options.dice } : {}) });
    const found = await until(
      () =>
        this.messages
          .slice(seen)
          .find((m): m is Outcome => (m.type === 'ack' || m.type === 'rejected') && m.id === id),
      `answer to ${id}`,
    );
    return found;
  }

  /** Waits until this client holds events up to `seq`. */
  async caughtUp(seq: number): Promise<void> {
    await until(() => this.lastSeq >= seq, `events up to ${seq} (have ${this.lastSeq})`);
  }

  /** The view held now (whole views and patches applied), or undefined before the first. */
  lastView(): unknown {
    return this.view;
  }

  /** Waits until the view held is at `seq` or later, and returns it. */
  async viewAt(seq: number, what = `view at ${seq}`): Promise<unknown> {
    await until(() => this.viewSeq >= seq, `${what} (have ${this.viewSeq})`);
    return this.view;
  }

  rejections(): Extract<ServerMessage, { type: 'rejected' }>[] {
    return this.messages.filter(
      (m): m is Extract<ServerMessage, { type: 'rejected' }> => m.type === 'rejected',
    );
  }

  async close(): Promise<void> {
    if (this.closed || this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/**
 * A server on fresh memory storage with the real systems, and a 3:16 table with two players,
 * Alice and Bob (for tests of how the server treats a real ruleset's seats and dice).
 */
export async function threeSixteenTable(name: string) {
  const server = await serverOn(memoryBackend(), { rules: registryRules() });
  const table = await createTable(server.url, 'three-sixteen', name);
  const alice = await join(server.url, table, 'Alice');
  const bob = await join(server.url, table, 'Bob');
  return { server, table, alice, bob, close: () => server.close() };
}
