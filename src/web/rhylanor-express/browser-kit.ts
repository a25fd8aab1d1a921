import type { Page } from 'playwright-core';
import { newSystemTable } from '../three-sixteen/browser-kit.ts';

/**
 * Rhylanor Express browser tests: the generic helpers (build, serve, Chromium, screenshots) are
 * the 3:16 suite's (src/web/three-sixteen/browser-kit.ts); these make a Rhylanor Express table and
 * drive its screens (dice are typed with the kit's `typeFaces`).
 */

export async function newRhylanorTable(base: string, players: readonly string[]) {
  const {
    table,
    gmUrl,
    players: seats,
    playerUrls,
  } = await newSystemTable(base, 'rhylanor-express', players, {
    table: 'Rhylanor run',
    gm: 'Referee',
  });
  return { table, gmUrl, playerUrls, seatIds: seats.map((s) => s.seatId) };
}

export async function section(page: Page, name: RegExp | string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Rhylanor Express sections' })
    .getByRole('button', { name })
    .click();
}

/** The centre of an element in page pixels. */
export async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse from one element's centre to another's, in small steps (a real drag). */
export async function dragBetween(page: Page, from: string, to: string): Promise<void> {
  const a = await centreOf(page, from);
  const b = await centreOf(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
  await page.mouse.up();
}
