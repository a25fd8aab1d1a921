import { describe, expect, it } from 'vitest';
import { memoryBackend } from './test-backends.ts';
import { createTable, GENEROUS_LIMITS, http, join, serverForBlock } from './test-kit.ts';

/** Issue 20, finding 10: the smaller ones. */
describe('request hygiene', () => {
  const logged: string[] = [];
  const server = serverForBlock(memoryBackend(), {
    limits: GENEROUS_LIMITS,
    logLevel: 'info',
    logStream: { write: (line) => void logged.push(line) },
  });

  it('an import sent as text/plain is refused as not JSON content (415 BAD_REQUEST), as the docs say', async () => {
    const r = await http<{ error: { code: string } }>(
      server.url,
      'POST',
      '/api/tables/import',
      '{"table":{}}',
      {
        'content-type': 'text/plain',
      },
    );
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe('BAD_REQUEST');
  });

  it('refuses unknown fields in create, join, spectate and rename bodies', async () => {
    const base = server.url;
    const created = await http<{ error: { code: string } }>(base, 'POST', '/api/tables', {
      system: 'test',
      name: 'x',
      admin: true,
    });
    expect(created).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    const table = await createTable(base);
    const joined = await http(base, 'POST', `/api/tables/${table.tableId}/join`, {
      inviteCode: table.invite.code,
      name: 'Ann',
      role: 'gm',
    });
    expect(joined).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    const watched = await http(base, 'POST', `/api/tables/${table.tableId}/spectate`, {
      spectateCode: table.spectate.code,
      extra: 1,
    });
    expect(watched).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
  });

  it('strips bidi controls from names, and no seat but the GM may be called GM', async () => {
    const base = server.url;
    const table = await createTable(base);
    const eve = await join(base, table, '\u202EboB\u202C');
    const seats = await http<{ error?: unknown }>(base, 'POST', `/api/tables/${table.tableId}/join`, {
      inviteCode: table.invite.code,
      name: '\u2066Carol\u2069',
    });
    expect(seats.status).toBe(201);
    for (const name of ['GM', 'g.m.', 'Game Master', ' gm ']) {
      const r = await http(base, 'POST', `/api/tables/${table.tableId}/join`, {
        inviteCode: table.invite.code,
        name,
      });
      expect(r, name).toMatchObject({ status: 400, body: { error: { code: 'NAME_RESERVED' } } });
    }
    const renamed = await http(
      base,
      'POST',
      `/api/tables/${table.tableId}/seats/${eve.seatId}/name`,
      { name: 'GM' },
      {
        authorization: `Bearer ${eve.token}`,
      },
    );
    expect(renamed).toMatchObject({ status: 400, body: { error: { code: 'NAME_RESERVED' } } });
    const ok = await http<{ name: string }>(
      base,
      'POST',
      `/api/tables/${table.tableId}/seats/${eve.seatId}/name`,
      { name: '\u202DEve' },
      { authorization: `Bearer ${eve.token}` },
    );
    expect(ok.body.name).toBe('Eve');
    // The GM's own seat may keep the name.
    const gmRenamed = await http(
      base,
      'POST',
      `/api/tables/${table.tableId}/seats/${table.gm.seatId}/name`,
      { name: 'GM' },
      { authorization: `Bearer ${table.gm.token}` },
    );
    expect(gmRenamed.status).toBe(200);
  });

  it('keeps a token put in a query string out of the access log', async () => {
    const secret = 'SeCrEtToKeN1234567890abcdefghij';
    await http(server.url, 'GET', `/api/tables/tNope/export?token=${secret}`);
    await http(server.url, 'GET', `/healthz?token=${secret}`);
    expect(logged.some((l) => l.includes('/healthz'))).toBe(true);
    expect(logged.filter((l) => l.includes(secret))).toEqual([]);
  });
});
