import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import type { TestTableDice } from '../../server/test-dice.ts';
import { type BrowserSuite, browserSuite, newSystemTable, openSeat } from '../three-sixteen/browser-kit.ts';

/**
 * Helpers for the Fundamental Duck! browser tests (the build, server and Chromium come from the
 * 3:16 kit): a table of this system with its seats, and waits on the board.
 */

/** The suite's Chromium and server, set once its `beforeAll` has run (read them inside a test). */
export type DuckSuite = BrowserSuite;

/**
 * A suite of FD browser tests: the shared `browserSuite` (skipped where Chromium cannot run, one
 * built app, server and browser for all its tests) with its tables rolling `testDice`, as every FD
 * browser test sets up.
 */
export function duckBrowserSuite(
  name: string,
  testDice: TestTableDice,
  body: (suite: DuckSuite) => void,
): void {
  browserSuite(name, body, { testDice });
}

/** A Fundamental Duck! table: the creator's seat (GM) and one player seat per name. */
export async function newDuckTable(base: string, players: readonly string[]) {
  const { table, gmUrl, playerUrls } = await newSystemTable(base, 'fundamental-duck', players, {
    table: 'Boarding party',
    gm: 'Mother',
  });
  return { table, gmUrl, playerUrls };
}

/**
 * Waits until the command this page sent is answered and its result is on the page: the table
 * is `aria-busy` from the click until the view holding the outcome has come (or the next die is
 * asked, or the refusal shown). A click's handler marks it busy before the click returns.
 */
export async function settled(page: Page): Promise<void> {
  await page.locator('.fd-root[aria-busy="true"]').waitFor({ state: 'detached' });
}

/** Answers every die this seat is asked to type (own dice) with `face`, until none is asked; how many. */
export async function typeDice(page: Page, face: number): Promise<number> {
  const box = page.locator('.dice-prompt input[name="face"]');
  let typed = 0;
  for (;;) {
    await settled(page);
    if (!(await box.isVisible())) return typed;
    await box.fill(String(face));
    await page.getByRole('button', { name: 'Enter face' }).click();
    typed++;
    // The box either asks for the next die (emptied) or goes away with the command's answer.
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('.dice-prompt input[name="face"]');
      return !input || input.value === '';
    });
  }
}

/** Skips the aliens' turn being played back, and waits until the board shows where it ended. */
export async function skipPlayback(page: Page): Promise<void> {
  await page.getByTestId('fd-skip').click();
  await page.getByTestId('fd-skip').waitFor({ state: 'detached' });
}

/**
 * For a loop that plays on while nothing is its to do (the aliens' turn still arriving): waits
 * until the status line is no longer `before`, or a playback or the evaluation is shown.
 */
export async function movedOn(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (b) =>
      document.querySelector('[data-testid="fd-your-move"]')?.textContent !== b ||
      document.querySelector('[data-testid="fd-skip"], [data-testid="fd-evaluation"]') !== null,
    before,
  );
}

/** Waits until the status line says the table waits on this seat for `text`. */
export async function waitYourMove(page: Page, text: RegExp): Promise<void> {
  await page.getByTestId('fd-your-move').filter({ hasText: text }).waitFor({ timeout: 20_000 });
}

/** What the GM's overrides form changes (only the fields given; see `gmOverride`). */
export interface GmChange {
  readonly square?: string;
  readonly facing?: string;
  readonly chicken?: 'yes' | 'no';
  /** A Threat taken off the board. */
  readonly remove?: true;
  /** A door opened or shut. */
  readonly door?: 'open' | 'closed';
  /** A door's battering damage so far. */
  readonly damage?: number;
}

/** The GM changes a figure or a door through the overrides form (logged with its reason). */
export async function gmOverride(
  gm: Page,
  target: 'a Teamer' | 'a Threat' | 'a door',
  which: string,
  change: GmChange,
): Promise<void> {
  const form = gm.getByTestId('fd-gm');
  if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
  await form.getByRole('combobox', { name: 'What to change' }).selectOption({ label: target });
  await form.getByRole('combobox', { name: 'Which' }).selectOption(which);
  if (change.remove) await form.getByRole('checkbox', { name: 'take it off the board' }).check();
  if (change.square !== undefined)
    await form.getByRole('textbox', { name: 'New square (x,y)' }).fill(change.square);
  if (change.facing !== undefined)
    await form.getByRole('combobox', { name: 'New facing' }).selectOption(change.facing);
  if (change.chicken !== undefined)
    await form.getByRole('combobox', { name: 'Chicken' }).selectOption(change.chicken);
  if (change.door !== undefined)
    await form.locator('label', { hasText: 'Door' }).locator('select').selectOption(change.door);
  if (change.damage !== undefined)
    await form.getByRole('textbox', { name: 'Battering damage' }).fill(String(change.damage));
  await form.getByRole('textbox', { name: 'Reason' }).fill('staging the test');
  await form.getByTestId('fd-gm-override').click();
  await expect.poll(() => form.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe('');
}

/** The GM puts a figure on a square through the overrides form (logged with its reason). */
export async function gmPlace(
  gm: Page,
  target: 'a Teamer' | 'a Threat',
  which: string,
  square: string,
  facing?: string,
): Promise<void> {
  await gmOverride(gm, target, which, facing === undefined ? { square } : { square, facing });
}

/**
 * The GM leaves Harpy 1 alone on the board (the deal's other two taken off) on `square` facing
 * `facing`, and the player's page shows one Threat.
 */
export async function harpyAlone(gm: Page, page: Page, square: string, facing: string): Promise<void> {
  for (const h of ['h2', 'h3']) await gmOverride(gm, 'a Threat', h, { remove: true });
  await gmPlace(gm, 'a Threat', 'h1', square, facing);
  await expect.poll(() => page.locator('[data-figure^="h"]').count()).toBe(1);
}

/**
 * Ends the Team phase (no other Teamer aboard) and waits, past any playback, for the WAIT prompt
 * a Threat's move in the Threat phase raises.
 */
export async function threatPhaseWaitPrompt(page: Page): Promise<Locator> {
  await page.getByTestId('fd-end-team').click();
  await page.getByTestId('fd-end-team-confirm').click();
  const wait = page.getByTestId('fd-wait');
  await wait.waitFor();
  if (await page.getByTestId('fd-skip').isVisible()) await skipPlayback(page);
  return wait;
}

/**
 * The Teamer offered next (placed already) activates, -DUCKS! with his first chit and puts his
 * second on WAIT, which ends his activation: he lies there holding WAIT (10.2, 8.3). `log` is the
 * page the log is read on; `name` the Teamer's name as the log writes it.
 */
export async function duckOnWait(page: Page, log: Page, name: string): Promise<void> {
  await page.getByTestId('fd-activate').click();
  await settled(page);
  await page.getByTestId('fd-other-actions').locator('summary').click();
  await page.getByRole('button', { name: '-DUCK!' }).click();
  await settled(page);
  await expect.poll(async () => logText(log)).toContain(`${name} -DUCKS!`);
  await page.getByRole('button', { name: 'Put the other chit on WAIT' }).click();
  await settled(page);
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

/** A door's tooltip on the board ("Door door-01-02: closed, holed, damage 20"). */
export async function doorTitle(page: Page, id: string): Promise<string> {
  return (
    (await page
      .locator('g.fd-door title')
      .filter({ hasText: `Door ${id}:` })
      .textContent()) ?? ''
  );
}

/** The table's log as one text (where each test reads what the rules said). */
export async function logText(page: Page): Promise<string> {
  return (await page.locator('.log').textContent()) ?? '';
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
  const { gmUrl, playerUrls } = await newDuckTable(base, [player]);
  const page = await openSeat(browser, playerUrls[0] as string, options.phone ?? false);
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
