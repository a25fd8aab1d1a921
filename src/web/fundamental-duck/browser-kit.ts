import type { Page } from 'playwright-core';
import type { CreateTableResponse, SeatTokenResponse } from '../../server/protocol.ts';

/**
 * Helpers for the Fundamental Duck! browser tests (the build, server and Chromium come from the
 * 3:16 kit): a table of this system with its seats, and waits on the board.
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

/** A Fundamental Duck! table: the creator's seat (GM) and one player seat per name. */
export async function newDuckTable(base: string, players: readonly string[]) {
  const table = await post<CreateTableResponse>(base, '/api/tables', {
    system: 'fundamental-duck',
    name: 'Boarding party',
    gmName: 'Mother',
  });
  const seats: SeatTokenResponse[] = [];
  for (const name of players)
    seats.push(
      await post<SeatTokenResponse>(base, `/api/tables/${table.tableId}/join`, {
        inviteCode: table.invite.code,
        name,
      }),
    );
  return { table, gmUrl: `${base}${table.gm.url}`, playerUrls: seats.map((s) => `${base}${s.url}`) };
}

/** Waits until the status line says the table waits on this seat for `text`. */
export async function waitYourMove(page: Page, text: RegExp): Promise<void> {
  await page.getByTestId('fd-your-move').filter({ hasText: text }).waitFor({ timeout: 20_000 });
}
