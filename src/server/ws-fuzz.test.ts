import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsOf } from '../cli/commands.ts';
import { SYSTEMS } from '../rules/registry.ts';
import type { RunningServer } from './app.ts';
import {
  type CreateTableResponse,
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_SOCKET_FRAME_BYTES,
  type ServerMessage,
} from './protocol.ts';
import { registryRules } from './rules-registry.ts';
import { backends } from './test-backends.ts';
import {
  createTable,
  GENEROUS_LIMITS,
  http,
  join,
  serverOn,
  spectate,
  TestClient,
  until,
} from './test-kit.ts';

/**
 * The WebSocket fuzzer, at a size CI holds (issue 20): a real server on each embedded store takes
 * a few thousand random and mutated messages from every kind of seat at a table of every system:
 * junk frames, oversized ones, protocol misfits, commands of every type of the system with values
 * drawn from its own schema (in range, out of range, of the wrong type), commands for other
 * roles, out of phase, with typed dice. It must never crash or answer INTERNAL; every refusal
 * has a stable code; rounds in which nothing was accepted leave the table's state hash as it
 * was; memory stays bounded; and the server still serves a table afterwards. The figures are
 * printed (messages, codes, closes, memory).
 */

/** Rounds of messages per backend; each round, every socket of every table sends a few. */
const ROUNDS = 60;
const PER_SOCKET = 3;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A JSON Schema node of a command (as `bughunt commands --json` gives it). */
interface Node {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, Node>>;
  readonly required?: readonly string[];
  readonly items?: Node;
  readonly anyOf?: readonly Node[];
  readonly oneOf?: readonly Node[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
}

/** A seeded source of choices for the generators below. */
class Chooser {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32: plenty for picking fuzz inputs (the server's own dice are not involved).
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 2 ** 32;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Ids a command may name at these tables: troopers, sides, seats, squares. */
const WORDS = ['t1', 't2', 't3', 'aliens', 'a', 'b', 'gm', 'r1', 'r2', 'x', '', 'close', 'near', 'far', 'A1'];

/** A value for `node`: usually one the schema allows, sometimes one it does not. */
function valueFor(node: Node, c: Chooser, seats: readonly string[], depth = 0): Json {
  if (c.chance(0.06)) return c.pick<Json>([null, -1, 1e12, 'x'.repeat(300), [], {}, true, 2.5, '\u202e']);
  if (node.const !== undefined) return node.const as Json;
  if (node.enum) return c.pick(node.enum) as Json;
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives && alternatives.length > 0) return valueFor(c.pick(alternatives), c, seats, depth);
  const type = typeof node.type === 'string' ? node.type : node.type ? c.pick(node.type) : 'string';
  switch (type) {
    case 'integer':
    case 'number': {
      const lo = node.minimum ?? -5;
      const hi = node.maximum ?? Math.max(lo + 20, 20);
      return c.int(Math.max(lo, -1000), Math.min(hi, lo + 1000));
    }
    case 'boolean':
      return c.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (depth > 4) return [];
      const n = c.int(0, Math.min(node.maxItems ?? 4, 4));
      return Array.from({ length: n }, () => valueFor(node.items ?? {}, c, seats, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, Json> = {};
      for (const [name, field] of Object.entries(node.properties ?? {})) {
        if (node.required?.includes(name) || c.chance(0.5)) out[name] = valueFor(field, c, seats, depth + 1);
      }
      return out;
    }
    default:
      return c.chance(0.3) ? c.pick(seats) : c.chance(0.5) ? c.pick(WORDS) : 'Fuzzed words';
  }
}

/** One message a hostile or clumsy client might send, with the command id it carries if any. */
function fuzzMessage(
  c: Chooser,
  commands: readonly { type: string; schema: Node }[],
  seats: readonly string[],
  junk: readonly string[],
): { text: string; id: string | null } {
  const id = `f${c.int(0, 2 ** 30).toString(36)}`;
  const kind = c.int(0, 19);
  if (kind === 0) return { text: c.pick(junk), id: null };
  if (kind === 1) return { text: JSON.stringify({ type: 'hello', token: 'x', lastSeq: 0 }), id: null };
  if (kind === 2)
    return {
      text: `{"type":"command","id":"${id}","command":{"type":"x","pad":"${'y'.repeat(MAX_CLIENT_MESSAGE_BYTES)}"}}`,
      id: null,
    };
  // Now and then a frame beyond what the socket layer reads at all: the socket is closed (1009).
  if (kind === 19 && c.chance(0.1)) return { text: 'z'.repeat(MAX_SOCKET_FRAME_BYTES + 1), id: null };
  if (kind === 3) return { text: JSON.stringify({ type: 'command', id, command: 'chat.say' }), id };
  if (kind === 4)
    return {
      text: JSON.stringify({ type: 'command', id: '', command: { type: 'chat.say', text: 'hi' } }),
      id: null,
    };
  const info = c.pick(commands);
  const command = valueFor(info.schema, c, seats) as Record<string, Json>;
  if (typeof command !== 'object' || command === null || Array.isArray(command))
    return { text: JSON.stringify({ type: 'command', id, command }), id };
  command.type = info.type;
  if (kind === 5) command.injected = true;
  const dice = kind === 6 ? Array.from({ length: c.int(0, 6) }, () => c.int(-2, 12)) : undefined;
  return { text: JSON.stringify({ type: 'command', id, command, ...(dice ? { dice } : {}) }), id };
}

/** Junk frames from fast-check: strings, broken JSON, JSON that is no message. */
const JUNK = [
  ...fc.sample(fc.string({ maxLength: 60 }), { numRuns: 30, seed: 20 }),
  ...fc.sample(fc.json({ maxDepth: 3 }), { numRuns: 30, seed: 21 }),
  ...fc.sample(fc.jsonValue({ maxDepth: 2 }), { numRuns: 20, seed: 22 }).map((v) => JSON.stringify(v)),
  '{"type":"command"',
  '{"type":"command","id":{"$gt":""},"command":{}}',
  '{"__proto__":{"polluted":1},"type":"ping"}',
  '[]',
  'null',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

interface Seat {
  readonly name: string;
  readonly token: string;
  readonly role: 'gm' | 'player' | 'spectator';
  client: TestClient;
}

interface Table {
  readonly system: string;
  readonly created: CreateTableResponse;
  readonly seats: Seat[];
  readonly seatIds: string[];
  readonly commands: { type: string; schema: Node }[];
}

/** The table's state hash and head, as the GM's export gives them. */
async function headOf(
  base: string,
  table: Table,
): Promise<{ seq: number; hash: string; commandIds: (string | null)[] }> {
  const r = await http<{ stateHash: string; events: { seq: number; commandId: string | null }[] }>(
    base,
    'GET',
    `/api/tables/${table.created.tableId}/export`,
    undefined,
    { authorization: `Bearer ${table.created.gm.token}` },
  );
  expect(r.status).toBe(200);
  return {
    seq: r.body.events.length,
    hash: r.body.stateHash,
    commandIds: r.body.events.map((e) => e.commandId),
  };
}

for (const backend of backends().filter((b) => b.name !== 'postgres')) {
  describe(`WebSocket fuzzing on ${backend.name}`, () => {
    let server: RunningServer;
    const tables: Table[] = [];

    beforeAll(async () => {
      server = await serverOn(backend, { rules: registryRules(), limits: GENEROUS_LIMITS });
      for (const system of SYSTEMS.map((s) => s.id)) {
        const created = await createTable(server.url, system, `Fuzz ${system}`);
        const p1 = await join(server.url, created, 'Ann');
        const p2 = await join(server.url, created, 'Ben');
        const watcher = await spectate(server.url, created);
        const tokens = [
          { name: 'GM', token: created.gm.token, role: 'gm' as const },
          { name: 'Ann', token: p1.token, role: 'player' as const },
          { name: 'Ben', token: p2.token, role: 'player' as const },
          { name: 'Watcher', token: watcher.token, role: 'spectator' as const },
        ];
        const seats: Seat[] = [];
        for (const t of tokens)
          seats.push({ ...t, client: await TestClient.open(server.url, created.tableId, t.token) });
        tables.push({
          system,
          created,
          seats,
          seatIds: [created.gm.seatId, p1.seatId, p2.seatId, watcher.seatId],
          commands: commandsOf(system).map((x) => ({ type: x.type, schema: x.schema as Node })),
        });
      }
      // 3:16 into an encounter, so the fuzz reaches the rules of a fight as well as the roster's.
      const t316 = tables.find((t) => t.system === 'three-sixteen');
      const gm = t316?.seats[0]?.client;
      if (t316 && gm) {
        for (const command of [
          { type: 'createTrooper', ownerSeatId: t316.seatIds[1], name: 'Ann', fa: 5, nfa: 5 },
          { type: 'createTrooper', ownerSeatId: t316.seatIds[2], name: 'Ben', fa: 6, nfa: 4 },
          { type: 'setPlanet', name: 'Fuzzworld', aa: 5 },
          { type: 'briefMission', text: '' },
          { type: 'startEncounter', tokens: 3 },
        ])
          expect(await gm.command(command)).toMatchObject({ type: 'ack' });
      }
    });

    afterAll(async () => {
      for (const t of tables) for (const s of t.seats) await s.client.close();
      await server?.close();
    });

    it('survives thousands of hostile messages: stable codes, refusals change nothing, bounded memory', async () => {
      const c = new Chooser(backend.name === 'memory' ? 0x316 : 0x1603);
      const codes = new Map<string, number>();
      const closes = new Map<number, number>();
      const problems: string[] = [];
      let sent = 0;
      let commandsSent = 0;
      let acked = 0;
      let checkedRounds = 0;
      let refusalsChecked = 0;
      let takenUnanswered = 0;
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;

      for (let round = 0; round < ROUNDS; round++) {
        for (const table of tables) {
          const before = await headOf(server.url, table);
          let ackedHere = 0;
          let refusedHere = 0;
          // Commands whose socket closed (an oversized frame) before their answer came: the server
          // may have taken them, its ack lost with the socket (a client resends and is acked then).
          const unanswered = new Set<string>();
          await Promise.all(
            table.seats.map(async (seat) => {
              // A socket closed by the last round (an oversized frame) comes back, as a client would.
              if (seat.client.closed) {
                closes.set(seat.client.closed.code, (closes.get(seat.client.closed.code) ?? 0) + 1);
                seat.client = await TestClient.open(server.url, table.created.tableId, seat.token);
              }
              const client = seat.client;
              const from = client.messages.length;
              const ids: string[] = [];
              for (let i = 0; i < PER_SOCKET; i++) {
                const m = fuzzMessage(c, table.commands, table.seatIds, JUNK);
                client.send(m.text);
                sent++;
                if (m.id) {
                  ids.push(m.id);
                  commandsSent++;
                }
              }
              client.send({ type: 'ping' });
              const answered = (id: string) =>
                client.messages
                  .slice(from)
                  .some((x) => (x.type === 'ack' || x.type === 'rejected') && x.id === id);
              // Every command gets its answer (or the socket was closed), and the ping its pong.
              await until(
                () =>
                  client.closed !== null ||
                  (ids.every(answered) && client.messages.slice(from).some((x) => x.type === 'pong')),
                `answers on ${table.system} for ${seat.name}`,
              );
              if (client.closed !== null) for (const id of ids) if (!answered(id)) unanswered.add(id);
              for (const x of client.messages.slice(from) as ServerMessage[]) {
                if (x.type === 'ack') {
                  ackedHere++;
                  acked++;
                } else if (x.type === 'rejected') {
                  codes.set(x.code, (codes.get(x.code) ?? 0) + 1);
                  if (x.id !== null) refusedHere++;
                  if (!/^[A-Z][A-Z_]+$/.test(x.code) || typeof x.message !== 'string' || x.message === '')
                    problems.push(`unstable refusal ${JSON.stringify(x)}`);
                }
              }
            }),
          );
          if (ackedHere === 0) {
            // Nothing was accepted at this table this round: every refusal left it as it was.
            const after = await headOf(server.url, table);
            const taken = after.commandIds.slice(before.seq);
            if (taken.length === 0 && after.hash !== before.hash)
              problems.push(`${table.system}: refusals changed the table's state at seq ${before.seq}`);
            else if (taken.some((id) => id === null || !unanswered.has(id)))
              problems.push(`${table.system}: refusals moved the table from ${before.seq} to ${after.seq}`);
            else takenUnanswered += new Set(taken).size;
            checkedRounds++;
            refusalsChecked += refusedHere;
          }
        }
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }

      // Still serving: a fresh socket gets its view and a chat line is taken.
      const health = await http<{ ok: boolean }>(server.url, 'GET', '/healthz');
      expect(health.status).toBe(200);
      const table = tables[0] as Table;
      const fresh = await TestClient.open(server.url, table.created.tableId, table.created.gm.token);
      expect(await fresh.command({ type: 'chat.say', text: 'still here' })).toMatchObject({ type: 'ack' });
      await fresh.close();

      const heapAfter = process.memoryUsage().heapUsed;
      const mb = (n: number) => Math.round(n / 2 ** 20);
      console.log(
        `ws fuzz on ${backend.name}: ${sent} messages (${commandsSent} commands, ${acked} accepted) to ${tables.length} tables; ` +
          `codes ${JSON.stringify(Object.fromEntries([...codes].sort()))}; closes ${JSON.stringify(Object.fromEntries(closes))}; ` +
          `${refusalsChecked} refusals in ${checkedRounds} rounds checked unchanged by state hash ` +
          `(${takenUnanswered} commands taken whose socket closed before the ack); ` +
          `heap ${mb(heapBefore)} → peak ${mb(heapPeak)} → ${mb(heapAfter)} MB; 0 crashes`,
      );
      expect(problems).toEqual([]);
      expect(codes.get('INTERNAL') ?? 0).toBe(0);
      expect(sent).toBeGreaterThan(ROUNDS * tables.length * 4 * PER_SOCKET - 1);
      expect(refusalsChecked).toBeGreaterThan(100);
      // Bounded: a leak of what was sent (a few MB of frames) would show as steady growth.
      expect(heapPeak - heapBefore).toBeLessThan(256 * 2 ** 20);
    });
  });
}
