import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import type { RunningServer } from '../../server/app.ts';
import type { TestTableDice } from '../../server/test-dice.ts';
import {
  browserTestsCanRun,
  newSystemTable,
  openSeat,
  withBrowserAndServer,
} from '../three-sixteen/browser-kit.ts';

/**
 * Helpers for the Fundamental Duck! browser tests (the build, server and Chromium come from the
 * 3:16 kit): a table of this system with its seats, and waits on the board.
 */

/** The suite's Chromium and server, set once its `beforeAll` has run (read them inside a test). */
export interface DuckSuite {
  readonly browser: Browser;
  readonly server: RunningServer;
}

/**
 * A suite of FD browser tests: skipped where Chromium cannot run, one built app, server (its
 * tables rolling `testDice`) and browser for all its tests, as every FD browser test sets up.
 */
export function duckBrowserSuite(
  name: string,
  testDice: TestTableDice,
  body: (suite: DuckSuite) => void,
): void {
  const suite: { browser?: Browser; server?: RunningServer } = {};
  const ready: DuckSuite = {
    get browser() {
      if (!suite.browser) throw new Error('the suite has no browser yet (read it inside a test)');
      return suite.browser;
    },
    get server() {
      if (!suite.server) throw new Error('the suite has no server yet (read it inside a test)');
      return suite.server;
    },
  };
  describe.runIf(browserTestsCanRun())(name, () => {
    withBrowserAndServer(
      (b, s) => {
        suite.browser = b;
        suite.server = s;
      },
      { testDice },
    );
    body(ready);
  });
}

/** A Fundamental Duck! table: the creator's seat (GM) and one player seat per name. */
export async function newDuckTable(base: string, players: readonly string[]) {
  const { table, gmUrl, playerUrls } = await newSystemTable(base, 'fundamental-duck', players, {
    table: 'Boarding party',
    gm: 'Mother',
  });
  return { table, gmUrl, playerUrls };
}

/** The status line's words now (whose move it is, and what the table waits for). */
export async function yourMove(page: Page): Promise<string> {
  return (await page.getByTestId('fd-your-move').textContent()) ?? '';
}

/** Waits until the status line no longer reads `before` (or a moment has passed). */
export async function yourMoveChanged(page: Page, before: string): Promise<void> {
  await page
    .waitForFunction(
      (b) => document.querySelector('[data-testid="fd-your-move"]')?.textContent !== b,
      before,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Clicks the button with this test id and waits for the table to move on. */
export async function press(page: Page, testId: string): Promise<void> {
  const before = await yourMove(page);
  await page.getByTestId(testId).click();
  await yourMoveChanged(page, before);
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

/** The table's log as one text (where each test reads what the rules said). */
export async function logText(page: Page): Promise<string> {
  return (await page.locator('.log').textContent()) ?? '';
}

/** A table with one player seat and that seat's page (a 390-px phone if asked), not yet boarded. */
export async function duckSeat(browser: Browser, base: string, player: string, phone = false) {
  const { table, gmUrl, playerUrls } = await newDuckTable(base, [player]);
  const page = await openSeat(browser, playerUrls[0] as string, phone);
  return { table, gmUrl, page };
}

/**
 * The set-up most single-player FD browser tests repeat: a table with one player seat, that
 * seat's page (a 390-px phone if asked) and the GM's desktop page, a pack loaded at the briefing
 * (if given), the Team boarded, and the first activation offered. `log` is the page to read the
 * log on: on the phone the log sits behind a tab, so it is read on the GM's page.
 */
export async function boardedDuckTable(
  browser: Browser,
  base: string,
  player: string,
  options: { readonly phone?: boolean; readonly pack?: FdPack } = {},
): Promise<{ page: Page; gm: Page; log: Page }> {
  const { gmUrl, page } = await duckSeat(browser, base, player, options.phone);
  const gm = await openSeat(browser, gmUrl);
  if (options.pack) await loadPack(page, options.pack);
  await page.getByTestId('fd-board').click();
  await page.getByTestId('fd-activate').waitFor();
  return { page, gm, log: options.phone ? gm : page };
}

/**
 * Walks the board's keyboard cursor to (x, y) with the arrow keys (the board must have the
 * focus): the status line under the board names the square the cursor is on.
 */
export async function cursorTo(page: Page, x: number, y: number): Promise<void> {
  const where = async () => {
    const m = /^Square (\d+),(\d+)/.exec((await page.locator('.board-status').textContent()) ?? '');
    return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
  };
  for (let guard = 0; guard < 60; guard++) {
    const at = await where();
    if (at && at.x === x && at.y === y) return;
    const key = !at
      ? 'ArrowRight'
      : at.x < x
        ? 'ArrowRight'
        : at.x > x
          ? 'ArrowLeft'
          : at.y < y
            ? 'ArrowDown'
            : 'ArrowUp';
    const before = JSON.stringify(at);
    await page.keyboard.press(key);
    await expect.poll(async () => JSON.stringify(await where())).not.toBe(before);
  }
  throw new Error(`the board's cursor never reached (${x},${y})`);
}
