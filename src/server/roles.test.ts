import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../engine/ruleset.ts';
import type { RulesRegistry, RunningServer } from './app.ts';
import type { CreateTableResponse, SeatTokenResponse } from './protocol.ts';
import { backends } from './test-backends.ts';
import {
  createTable,
  GENEROUS_LIMITS,
  join,
  seatHead,
  serverOn,
  spectate,
  TestClient,
  testRules,
  until,
} from './test-kit.ts';

/**
 * Who may do what, through the real server: every command type × GM / player acting for itself /
 * player acting for another seat / spectator / bad token. And hidden information: what a seat may
 * not see never appears in any frame it receives (raw JSON scanned, not the parsed view).
 */

interface Seats {
  readonly gm: string;
  readonly alice: string;
  readonly bob: string;
}

/** One sample command of a type; `forOther` is a variant acting on another seat's things. */
interface Sample {
  readonly type: string;
  readonly own: (seats: Seats) => Record<string, unknown>;
  readonly other?: { readonly command: (seats: Seats) => Record<string, unknown>; readonly code: string };
}

interface RolesCase {
  readonly name: string;
  readonly rules: RulesRegistry;
  readonly system: string;
  readonly samples: readonly Sample[];
  /** A hidden roll by `by` with `visibility`; `secret` lists keys the unprivileged must never receive. */
  readonly hiddenRoll: (visibility: string) => Record<string, unknown>;
  readonly hiddenVisibilities: readonly { visibility: string; rollerSees: boolean }[];
  readonly secretKeys: readonly string[];
  /** A GM-only event nobody else may learn of, with a marker text. */
  readonly gmSecret?: (marker: string) => Record<string, unknown>;
}

const cases: RolesCase[] = [
  {
    name: 'test ruleset',
    rules: testRules,
    system: 'test',
    samples: [
      { type: 'roll', own: () => ({ type: 'roll', count: 2, visibility: 'public' }) },
      { type: 'say', own: () => ({ type: 'say', text: 'hello' }) },
      { type: 'note', own: () => ({ type: 'note', text: 'gm only' }) },
      { type: 'burst', own: () => ({ type: 'burst', count: 2 }) },
      {
        type: 'rename',
        own: (s) => ({ type: 'rename', seatId: s.alice, name: 'Me' }),
        other: { command: (s) => ({ type: 'rename', seatId: s.bob, name: 'You' }), code: 'NOT_YOUR_SEAT' },
      },
    ],
    hiddenRoll: (visibility) => ({ type: 'roll', count: 3, visibility }),
    hiddenVisibilities: [
      { visibility: 'gm', rollerSees: true },
      { visibility: 'blind', rollerSees: false },
    ],
    secretKeys: ['faces', 'total'],
    gmSecret: (marker) => ({ type: 'note', text: marker }),
  },
];

/** Every object anywhere in a JSON value (to scan frames for keys that must not be there). */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* objects(v);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objects(v);
  }
}

// Every storage backend: what a seat sees must not depend on how the log was stored and read back.
for (const backend of backends())
  for (const c of cases) {
    describe.skipIf(!backend.available)(`roles and hidden information: ${c.name} on ${backend.name}`, () => {
      let server: RunningServer;
      let table: CreateTableResponse;
      let alice: SeatTokenResponse;
      let bob: SeatTokenResponse;
      let watcher: SeatTokenResponse;
      let seats: Seats;

      beforeAll(async () => {
        server = await serverOn(backend, { rules: c.rules, limits: GENEROUS_LIMITS });
        table = await createTable(server.url, c.system);
        alice = await join(server.url, table, 'Alice');
        bob = await join(server.url, table, 'Bob');
        watcher = await spectate(server.url, table);
        seats = { gm: table.gm.seatId, alice: alice.seatId, bob: bob.seatId };
      });
      afterAll(async () => {
        await server?.close();
      });

      it('the samples cover every command type of the ruleset', () => {
        const ruleset = c.rules.rulesetFor(c.system);
        const types = Object.keys(ruleset?.commandRoles ?? {}).sort();
        expect([...new Set(c.samples.map((s) => s.type))].sort()).toEqual(types);
      });

      it('every command type × role: only what commandRoles and ownership allow gets in', async () => {
        const roles = c.rules.rulesetFor(c.system)!.commandRoles as Readonly<Record<string, readonly Role[]>>;
        const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
        const a = await TestClient.open(server.url, table.tableId, alice.token);
        const w = await TestClient.open(server.url, table.tableId, watcher.token);
        const verdicts: string[] = [];
        for (const sample of c.samples) {
          const allowed = roles[sample.type] ?? [];
          const expectFor = (role: Role) => (allowed.includes(role) ? 'ack' : 'FORBIDDEN_ROLE');
          const gmAnswer = await gm.command(sample.own(seats));
          verdicts.push(`${sample.type} gm ${gmAnswer.type === 'ack' ? 'ack' : gmAnswer.code}`);
          expect(gmAnswer.type === 'ack' ? 'ack' : gmAnswer.code, `${sample.type} by the GM`).toBe(
            expectFor('gm'),
          );
          const own = await a.command(sample.own(seats));
          expect(own.type === 'ack' ? 'ack' : own.code, `${sample.type} by a player, own`).toBe(
            expectFor('player'),
          );
          if (sample.other) {
            const other = await a.command(sample.other.command(seats));
            const expected = allowed.includes('player') ? sample.other.code : 'FORBIDDEN_ROLE';
            expect(other.type === 'ack' ? 'ack' : other.code, `${sample.type} by a player, another's`).toBe(
              expected,
            );
            // The GM may act for anyone.
            if (allowed.includes('gm')) {
              expect(
                await gm.command(sample.other.command(seats)),
                `${sample.type} by the GM for a player`,
              ).toMatchObject({
                type: 'ack',
              });
            }
          }
          const spectator = await w.command(sample.own(seats));
          expect(spectator.type === 'ack' ? 'ack' : spectator.code, `${sample.type} by a spectator`).toBe(
            'FORBIDDEN_ROLE',
          );

          // A bad token never gets a seat, so its command never gets in.
          const stranger = await TestClient.connect(server.url, table.tableId);
          stranger.send({ type: 'hello', token: 'x'.repeat(32), lastSeq: 0 });
          stranger.send({ type: 'command', id: 'bad', command: sample.own(seats) });
          expect(await stranger.waitFor((m) => m.type === 'rejected')).toMatchObject({ code: 'BAD_TOKEN' });
          await until(() => stranger.closed);
          expect(stranger.messages.some((m) => m.type === 'ack')).toBe(false);
        }
        // Nothing from the stranger's or the spectator's sockets reached the log.
        const spectatorSeat = watcher.seatId;
        await gm.caughtUp(a.lastSeq);
        expect(gm.envelopes.filter((e) => e.by === spectatorSeat)).toEqual([]);
        await Promise.all([gm.close(), a.close(), w.close()]);
      });

      it('hidden rolls and GM secrets never reach a seat that may not see them', async () => {
        // A table of its own, where every roll is hidden: then a secret key anywhere in a frame of
        // a seat that may see none of them (events, views, presence) is a leak.
        const table = await createTable(server.url, c.system);
        const alice = await join(server.url, table, 'Alice');
        const bob = await join(server.url, table, 'Bob');
        const watcher = await spectate(server.url, table);
        const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
        const a = await TestClient.open(server.url, table.tableId, alice.token);
        const b = await TestClient.open(server.url, table.tableId, bob.token);
        const w = await TestClient.open(server.url, table.tableId, watcher.token);
        // Hidden rolls by when and by whom they were stored: each seat numbers only the events it
        // sees, so the same event has another seq for Alice than for the GM.
        const hiddenRolls = new Map<string, { roller: 'gm' | 'alice'; rollerSees: boolean }>();
        const keyOf = (e: { at: string; by: string | null }) => `${e.at}|${e.by}`;
        for (const { visibility, rollerSees } of c.hiddenVisibilities) {
          for (const [roller, client] of [
            ['gm', gm],
            ['alice', a],
          ] as const) {
            const ack = await client.command(c.hiddenRoll(visibility));
            expect(ack, `${visibility} roll by ${roller}`).toMatchObject({ type: 'ack' });
            if (ack.type !== 'ack') continue;
            await client.caughtUp(ack.seq);
            const envelope = client.envelopes.find((e) => e.seq === ack.seq);
            if (envelope) hiddenRolls.set(keyOf(envelope), { roller, rollerSees });
          }
        }
        expect(hiddenRolls.size).toBe(2 * c.hiddenVisibilities.length);
        const marker = `gm-secret-${Math.random().toString(36).slice(2)}`;
        if (c.gmSecret) expect(await gm.command(c.gmSecret(marker))).toMatchObject({ type: 'ack' });
        // A late joiner's catch-up is scanned too, not only live pushes.
        const late = await TestClient.open(server.url, table.tableId, bob.token);
        for (const [x, token] of [
          [gm, table.gm.token],
          [a, alice.token],
          [b, bob.token],
          [w, watcher.token],
        ] as const) {
          const head = await seatHead(server.url, table.tableId, token);
          await x.caughtUp(head);
          await until(() => x.viewSeq >= head);
        }

        const scan = (client: TestClient, who: 'alice' | 'other') => {
          for (const frame of client.raw) {
            if (c.gmSecret) expect(frame).not.toContain(marker);
            const message = JSON.parse(frame) as { type: string; events?: { seq: number; event: unknown }[] };
            if (who === 'other') {
              for (const o of objects(message)) {
                for (const key of c.secretKeys)
                  expect(Object.hasOwn(o, key), `${key} in ${frame}`).toBe(false);
              }
              continue;
            }
            // Events: a hidden roll's envelope carries none of the secret keys.
            for (const envelope of message.events ?? []) {
              const hidden = hiddenRolls.get(keyOf(envelope as unknown as { at: string; by: string | null }));
              if (!hidden) continue;
              const mayKnow = who === 'alice' && hidden.roller === 'alice' && hidden.rollerSees;
              if (mayKnow) continue;
              for (const o of objects(envelope.event)) {
                for (const key of c.secretKeys)
                  expect(Object.hasOwn(o, key), `${key} in seq ${envelope.seq}`).toBe(false);
              }
            }
          }
        };
        scan(a, 'alice');
        scan(b, 'other');
        scan(w, 'other');
        scan(late, 'other');
        // The GM, on the other hand, sees every face.
        for (const key of hiddenRolls.keys()) {
          const e = gm.envelopes.find((x) => keyOf(x) === key);
          for (const key of c.secretKeys)
            expect(Object.hasOwn(e?.event ?? {}, key), `GM sees ${key}`).toBe(true);
        }
        if (c.gmSecret) expect(gm.raw.some((f) => f.includes(marker))).toBe(true);
        await Promise.all([gm, a, b, w, late].map((x) => x.close()));
      });
    });
  }
