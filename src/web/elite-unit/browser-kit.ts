import type { CreateTableResponse, SeatTokenResponse } from '../../server/protocol.ts';

/**
 * For the Elite Unit browser tests: a table of this system with seats, made over HTTP. The build,
 * server and Chromium helpers are the 3:16 suite's (src/web/three-sixteen/browser-kit.ts).
 */

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function newEliteUnitTable(base: string, players: readonly string[]) {
  const table = await post<CreateTableResponse>(base, '/api/tables', {
    system: 'elite-unit',
    name: 'Elite Unit in the browser',
    gmName: 'Control',
  });
  const seats: SeatTokenResponse[] = [];
  for (const name of players)
    seats.push(
      await post<SeatTokenResponse>(base, `/api/tables/${table.tableId}/join`, {
        inviteCode: table.invite.code,
        name,
      }),
    );
  return {
    table,
    gmUrl: `${base}${table.gm.url}`,
    players: seats.map((s) => ({ seatId: s.seatId, url: `${base}${s.url}` })),
  };
}
