import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { type RunningServer, startServer } from '../../server/app.ts';
import { MemoryBus, MemoryStore } from '../../server/memory-store.ts';
import type { CreateTableResponse, ImportTableResponse, SeatTokenResponse } from '../../server/protocol.ts';
import type { TestTableDice } from '../../server/test-dice.ts';

/**
 * Helpers for the 3:16 browser test: build the web app with Vite, serve it from the real server
 * (memory store), make a table and seats over HTTP, and drive Debian's Chromium.
 */

const here = dirname(fileURLToPath(import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const ARTIFACTS = resolve(here, '../../../test-artifacts');

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Whether a browser suite can run here; under CI a missing Chromium fails loudly instead of skipping. */
export function browserTestsCanRun(): boolean {
  const canRun = chromiumAvailable();
  if (process.env.CI === 'true' && !canRun) throw new Error(`CI needs Chromium at ${CHROMIUM}`);
  return canRun;
}

/**
 * For the enclosing describe block: builds the app, serves it and launches Chromium before its
 * tests (handing both to `ready`), and closes everything after them. With `testDice` the tables'
 * own dice are that script (src/server/test-dice.ts), never the OS's random ones: a browser test
 * must not depend on random dice.
 */
export function withBrowserAndServer(
  ready: (browser: Browser, server: RunningServer) => void,
  options: { readonly testDice?: TestTableDice } = {},
): void {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  let cleanup: () => void = () => {};
  beforeAll(async () => {
    const app = await buildApp();
    cleanup = app.cleanup;
    server = await startTestServer(app.dir, options.testDice);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    ready(browser, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    cleanup();
  });
}

/** A browser suite's Chromium and server, there once its `beforeAll` has run (read them inside a test). */
export interface BrowserSuite {
  readonly browser: Browser;
  readonly server: RunningServer;
}

/**
 * A describe block of browser tests as each of them sets up: skipped where Chromium cannot run,
 * one built app, server and browser for all its tests (withBrowserAndServer), handed to `body`.
 */
export function browserSuite(
  name: string,
  body: (suite: BrowserSuite) => void,
  options: { readonly testDice?: TestTableDice } = {},
): void {
  let held: BrowserSuite | undefined;
  const started = (): BrowserSuite => {
    if (!held) throw new Error('the suite has not started yet (read it inside a test)');
    return held;
  };
  const suite: BrowserSuite = {
    get browser() {
      return started().browser;
    },
    get server() {
      return started().server;
    },
  };
  describe.runIf(browserTestsCanRun())(name, () => {
    withBrowserAndServer((browser, server) => {
      held = { browser, server };
    }, options);
    body(suite);
  });
}

/** Builds the real app (vite.config.ts) into a fresh temporary folder. */
export async function buildApp(): Promise<{ dir: string; cleanup: () => void }> {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-316-app-'));
  await build({
    configFile: resolve(here, '../../../vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, sourcemap: false },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Content Security Policy complaints and page errors seen on any page opened with openSeat. */
export const pageProblems: string[] = [];

export async function startTestServer(webRoot: string, testDice?: TestTableDice): Promise<RunningServer> {
  const bus = new MemoryBus(3);
  return startServer({
    port: 0,
    host: '127.0.0.1',
    webRoot,
    stores: { store: new MemoryStore(bus), bus },
    ...(testDice ? { testDice } : {}),
  });
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A table of any system made over HTTP, as the home page and the invite link would: the creator's
 * GM seat and one player seat per name (each with its seat id and page address).
 */
export async function newSystemTable(
  base: string,
  system: string,
  players: readonly string[],
  names: { readonly table: string; readonly gm: string },
) {
  const table = await post<CreateTableResponse>(base, '/api/tables', {
    system,
    name: names.table,
    gmName: names.gm,
  });
  const seats: SeatTokenResponse[] = [];
  for (const name of players) {
    seats.push(
      await post<SeatTokenResponse>(base, `/api/tables/${table.tableId}/join`, {
        inviteCode: table.invite.code,
        name,
      }),
    );
  }
  return {
    table,
    gmUrl: `${base}${table.gm.url}`,
    players: seats.map((s) => ({ seatId: s.seatId, url: `${base}${s.url}` })),
    playerUrls: seats.map((s) => `${base}${s.url}`),
  };
}

export async function newTable(base: string, players: readonly string[]) {
  const { table, gmUrl, playerUrls } = await newSystemTable(base, 'three-sixteen', players, {
    table: 'Browser drop',
    gm: 'Mother',
  });
  return { table, gmUrl, playerUrls };
}

/**
 * A table from a log the rules built in the test (e.g. `fightAt`), through the campaign import:
 * starts play mid-campaign without clicking through creation. Returns each seat's URL by seat id.
 */
export async function importTable(
  base: string,
  name: string,
  log: readonly { readonly type: string }[],
): Promise<Record<string, string>> {
  const at = new Date().toISOString();
  const file = {
    table: { system: 'three-sixteen', name },
    events: log.map((event, i) => ({ seq: i + 1, at, by: null, commandId: null, event })),
  };
  const imported = await post<ImportTableResponse>(base, '/api/tables/import', file);
  const urls: Record<string, string> = {};
  for (const seat of [imported.gm, ...imported.seats]) urls[seat.seatId] = `${base}${seat.url}`;
  return urls;
}

export async function openSeat(browser: Browser, url: string, phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) pageProblems.push(m.text());
  });
  await page.goto(url);
  return page;
}

/**
 * Types physical die faces into a dice prompt, one after another, until it closes: by default the
 * shared dice box (src/web/dice/DicePrompt.tsx) the other systems' tables use.
 */
export async function typeFaces(
  page: Page,
  faces: readonly number[],
  prompt = '.dice-prompt',
): Promise<void> {
  const face = `${prompt} input[name="face"]`;
  for (const value of faces) {
    const input = page.locator(face);
    await input.waitFor();
    await input.fill(String(value));
    await input.press('Enter');
    // The prompt either asks for the next die (input emptied) or goes away.
    await page.waitForFunction((selector) => {
      const i = document.querySelector<HTMLInputElement>(selector);
      return !i || i.value === '';
    }, face);
  }
  await page.locator(prompt).waitFor({ state: 'detached' });
}

/** Types physical die faces into 3:16's own dice prompt, one after another. */
export async function enterFaces(page: Page, faces: readonly number[]): Promise<void> {
  await typeFaces(page, faces, '.ts-dice-prompt');
}

/** Screenshots of the whole 3:16 panel: the shell scrolls its game column, so start at its top. */
export async function shot(page: Page, name: string): Promise<void> {
  // The shell scrolls its game column inside a full-height page: grow the window to the column's
  // height for the picture, then put it back.
  const size = page.viewportSize();
  const extra = await page.evaluate(() => {
    let more = 0;
    for (const el of document.querySelectorAll('.game')) {
      el.scrollTo(0, 0);
      more = Math.max(more, el.scrollHeight - el.clientHeight);
    }
    return more;
  });
  if (size && extra > 0) await page.setViewportSize({ width: size.width, height: size.height + extra });
  await page.screenshot({ path: artifact(name), fullPage: true });
  if (size && extra > 0) await page.setViewportSize(size);
}

export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
