import type { Page } from 'playwright-core';
import { newSystemTable } from '../three-sixteen/browser-kit.ts';

/**
 * Helpers for the Fundamental Duck! browser tests (the build, server and Chromium come from the
 * 3:16 kit): a table of this system with its seats, and waits on the board.
 */

/** A Fundamental Duck! table: the creator's seat (GM) and one player seat per name. */
export async function newDuckTable(base: string, players: readonly string[]) {
  const { table, gmUrl, playerUrls } = await newSystemTable(base, 'fundamental-duck', players, {
    table: 'Boarding party',
    gm: 'Mother',
  });
  return { table, gmUrl, playerUrls };
}

/** Waits until the status line says the table waits on this seat for `text`. */
export async function waitYourMove(page: Page, text: RegExp): Promise<void> {
  await page.getByTestId('fd-your-move').filter({ hasText: text }).waitFor({ timeout: 20_000 });
}
