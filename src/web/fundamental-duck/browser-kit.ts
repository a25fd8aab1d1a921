import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
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

/** The GM puts a figure on a square through the overrides form (logged with its reason). */
export async function gmPlace(
  gm: Page,
  target: 'a Teamer' | 'a Threat',
  which: string,
  square: string,
  facing?: string,
): Promise<void> {
  const form = gm.getByTestId('fd-gm');
  if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
  await form.getByRole('combobox', { name: 'What to change' }).selectOption({ label: target });
  await form.getByRole('combobox', { name: 'Which' }).selectOption(which);
  await form.getByRole('textbox', { name: 'New square (x,y)' }).fill(square);
  if (facing !== undefined) await form.getByRole('combobox', { name: 'New facing' }).selectOption(facing);
  await form.getByRole('textbox', { name: 'Reason' }).fill('staging the test');
  await form.getByTestId('fd-gm-override').click();
  await expect.poll(() => form.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe('');
}

/** Loads a pack at the briefing (the pack card's file input) and waits until the table names it. */
export async function loadPack(page: Page, pack: FdPack): Promise<void> {
  await page.getByTestId('fd-pack-load').setInputFiles({
    name: `${pack.id}.fd-pack.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(pack)),
  });
  await expect.poll(() => page.getByTestId('fd-pack-name').textContent()).toBe(pack.name);
}
