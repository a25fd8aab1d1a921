import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRuleset } from '../engine/ruleset.ts';
import { diceChat } from '../rules/dice-chat/dice-chat.ts';
import { rulesetFor, SYSTEMS } from '../rules/registry.ts';
import { type RulesRegistry, type RunningServer, startServer } from '../server/app.ts';
import { MemoryBus, MemoryStore } from '../server/memory-store.ts';
import { until } from '../server/test-kit.ts';

/**
 * The web app in real Chromium (Debian's /usr/bin/chromium, driven by playwright-core) against a
 * real server serving a fresh build: a GM creates a table, a player joins by the invite link in
 * another browser context, both see public rolls live, GM-only and blind rolls never reach the
 * player (neither its page nor its WebSocket frames), and the page reconnects after the server
 * closes its socket, with no duplicate or missing log entries. Screenshots go to test-artifacts/.
 */

const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
const ARTIFACTS = resolve('test-artifacts');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * All four systems have their screens now, so this server also lists a game Bughunt has no rules
 * for: its tables run the dice chat alone, the path this suite walks.
 */
const OTHER_GAME = {
  id: 'other-game',
  title: 'Another game',
  playable: false,
  summary: 'Any game Bughunt has no rules for: seats, dice and chat.',
};
const RULES: RulesRegistry = {
  systems: [...SYSTEMS, OTHER_GAME],
  rulesetFor: (system) =>
    system === OTHER_GAME.id ? (diceChat as unknown as AnyRuleset) : rulesetFor(system),
};

describe('browser test setup', () => {
  // Skipping without Chromium is fine on a laptop; in CI a missing browser is a failure.
  it.runIf(process.env.CI === 'true')('CI has Chromium at /usr/bin/chromium', () => {
    expect(HAS_CHROMIUM, 'install the Debian chromium package').toBe(true);
  });
});

interface Frames {
  received: string[];
  sent: string[];
}

/** Records every WebSocket frame a page receives and sends. */
function recordFrames(page: Page): Frames {
  const frames: Frames = { received: [], sent: [] };
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => frames.received.push(String(f.payload)));
    ws.on('framesent', (f) => frames.sent.push(String(f.payload)));
  });
  return frames;
}

/** Console messages about the Content Security Policy (there must be none). */
function recordCspViolations(page: Page, into: string[]): void {
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) into.push(m.text());
  });
  page.on('pageerror', (e) => into.push(`page error: ${e.message}`));
}

async function say(page: Page, line: string): Promise<void> {
  const box = page.getByLabel('Message or roll');
  await box.fill(line);
  await box.press('Enter');
}

async function seqsOf(page: Page): Promise<number[]> {
  return page
    .locator('ol.log li[data-seq]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
}

async function waitLive(page: Page): Promise<void> {
  await page.locator('[data-testid="connection"][data-state="live"]').waitFor();
}

describe.skipIf(!HAS_CHROMIUM)('web app in Chromium', () => {
  let webRoot: string;
  let server: RunningServer;
  let browser: Browser;
  let bus: MemoryBus;
  let store: MemoryStore;
  const contexts: BrowserContext[] = [];
  const cspProblems: string[] = [];

  const start = (port: number) =>
    startServer({
      port,
      webRoot,
      rules: RULES,
      stores: { store, bus },
      limits: { httpWritesPerSecond: 1000, httpWriteBurst: 1000 },
    });

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'bughunt-web-'));
    // A fresh production build of the app, exactly as `npm run build` makes it.
    await build({
      configFile: resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: webRoot, emptyOutDir: true, sourcemap: false },
    });
    mkdirSync(ARTIFACTS, { recursive: true });
    bus = new MemoryBus(3);
    store = new MemoryStore(bus);
    server = await start(0);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.close();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  async function newPage(viewport: { width: number; height: number }, phone = false): Promise<Page> {
    const context = await browser.newContext({
      viewport,
      ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    recordCspViolations(page, cspProblems);
    return page;
  }

  it('serves the built app with its CSP and without inline script', async () => {
    for (const path of ['/', '/t/tSomeTable', '/join/tSomeTable']) {
      const res = await fetch(`${server.url}${path}`);
      // A table that does not exist still gets the app (it says so in words), with a 404.
      expect(res.status).toBe(path === '/' ? 200 : 404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc=/);
        expect(body?.trim()).toBe('');
      }
      expect(html).not.toMatch(/<style\b|style="/);
    }
    const missing = await fetch(`${server.url}/nowhere/at/all`);
    expect(missing.status).toBe(404);
  });

  let gm: Page;
  let player: Page;
  let playerFrames: Frames;
  let inviteUrl = '';
  let tablePath = '';

  it('lets a GM create a dice-chat table and shows the three links', async () => {
    gm = await newPage(DESKTOP);
    await gm.goto(`${server.url}/`);
    await gm.getByRole('radio', { name: /Rhylanor Express/ }).waitFor();
    await gm.screenshot({ path: join(ARTIFACTS, 'home-desktop.png') });

    await gm.getByRole('radio', { name: /Another game/ }).check();
    await gm.getByText(/not playable here yet/).waitFor();
    await gm.getByLabel('Table name').fill('Friday <b>drop</b>');
    await gm.getByLabel(/Your name as GM/).fill('Gail');
    await gm.getByRole('button', { name: 'Create dice-chat table' }).click();

    const invite = gm.getByRole('textbox', { name: 'Invite link (players)' });
    await invite.waitFor();
    inviteUrl = await invite.inputValue();
    expect(inviteUrl).toMatch(new RegExp(`^${server.url}/join/t[\\w-]+#code=[\\w-]+$`));
    expect(await gm.getByRole('textbox', { name: 'Spectate link (watch only)' }).inputValue()).toContain(
      '#spectate=',
    );
    expect(await gm.getByRole('textbox', { name: 'GM link (private)' }).inputValue()).toContain('#token=');
    expect(await gm.getByRole('button', { name: /Copy/ }).count()).toBe(3);
    await gm.screenshot({ path: join(ARTIFACTS, 'created-desktop.png'), fullPage: true });

    await gm.getByRole('button', { name: 'Open the table' }).click();
    await waitLive(gm);
    tablePath = new URL(gm.url()).pathname;
    expect(tablePath).toMatch(/^\/t\/t[\w-]+$/);
    // The table name is text, never markup.
    await gm.getByRole('heading', { name: 'Friday <b>drop</b>' }).waitFor();
    expect(await gm.locator('h1 b').count()).toBe(0);
  });

  it('seats a player from the invite link on a phone, and keeps the seat over a reload', async () => {
    player = await newPage(PHONE, true);
    playerFrames = recordFrames(player);
    await player.goto(`${server.url}/`);
    await player.getByRole('radio', { name: /Rhylanor Express/ }).waitFor();
    await player.screenshot({ path: join(ARTIFACTS, 'home-phone.png'), fullPage: true });

    await player.goto(inviteUrl);
    await player.getByLabel('Your name at the table').waitFor();
    // The invite code left the address bar (and history) once the page read it.
    expect(new URL(player.url()).hash).toBe('');
    await player.screenshot({ path: join(ARTIFACTS, 'join-phone.png') });
    await player.getByLabel('Your name at the table').fill('Vasquez');
    await player.getByLabel('Your name at the table').press('Enter');
    await waitLive(player);
    expect(new URL(player.url()).pathname).toBe(tablePath);
    await player.getByText('you are Vasquez (player)').waitFor();

    // The GM sees the player online.
    await gm.locator('.seats li.online', { hasText: 'Vasquez' }).waitFor();

    await player.reload();
    await waitLive(player);
    await player.getByText('you are Vasquez (player)').waitFor();
    // The reload reused the stored seat: still two seats, one join each.
    await gm.getByText('Seats (2 online)').waitFor();
    expect(await gm.locator('.seats li').count()).toBe(2);
    expect(await gm.locator('li.system-line', { hasText: 'joined as' }).count()).toBe(2);
  });

  it('shows each public roll and chat line live to both, user text as text', async () => {
    await say(gm, '/roll 2d6+3 Morale check');
    const gmRoll = gm.locator('li[data-roll-id="r1"]');
    const playerRoll = player.locator('li[data-roll-id="r1"]');
    await gmRoll.locator('.total').waitFor();
    await playerRoll.locator('.total').waitFor();
    const total = await gmRoll.locator('.total').textContent();
    expect(await playerRoll.locator('.total').textContent()).toBe(total);
    expect(await playerRoll.textContent()).toContain('Gail rolled 2d6+3 for Morale check');
    expect(await playerRoll.locator('.die').count()).toBe(2);

    await say(player, '/roll d20 initiative');
    await gm.locator('li[data-roll-id="r2"]', { hasText: /Vasquez rolled 1?d20 for initiative/ }).waitFor();
    await player.locator('li[data-roll-id="r2"] .total').waitFor();
    expect(await gm.locator('li[data-roll-id="r2"] .total').textContent()).toBe(
      await player.locator('li[data-roll-id="r2"] .total').textContent(),
    );

    await say(player, 'hello <img src=x onerror=alert(1)> <b>team</b>');
    const line = gm.locator('li.say', { hasText: 'hello <img src=x onerror=alert(1)> <b>team</b>' });
    await line.waitFor();
    expect(await line.locator('img, b').count()).toBe(0);
  });

  it('keeps GM-only and blind rolls from the player until the GM reveals one', async () => {
    await say(gm, '/gmroll 3d6 ambush');
    await say(gm, '/blindroll 1d100 wandering monsters');
    const secret = [
      { rollId: 'r3', label: 'ambush' },
      { rollId: 'r4', label: 'wandering monsters' },
    ];
    const gmTexts: string[] = [];
    for (const { rollId, label } of secret) {
      const g = gm.locator(`li[data-roll-id="${rollId}"]`);
      await g.locator('.breakdown').waitFor();
      gmTexts.push((await g.locator('.breakdown').textContent()) ?? '');
      const p = player.locator(`li[data-roll-id="${rollId}"]`);
      await p.locator('.hidden-result').waitFor();
      expect(await p.textContent()).toContain(label);
      expect(await p.locator('.total, .die, .breakdown').count()).toBe(0);
      expect(await p.getByRole('button', { name: /Reveal/ }).count()).toBe(0);
    }
    // Neither the page nor any frame the player's socket received holds the results.
    const playerText = await player.locator('body').textContent();
    const frames = playerFrames.received.join('\n');
    for (const text of gmTexts) {
      expect(playerText).not.toContain(text);
      expect(frames).not.toContain(text);
    }
    const rolled = playerFrames.received
      .flatMap((f) => {
        const m = JSON.parse(f) as { type: string; events?: { event: Record<string, unknown> }[] };
        return m.type === 'events' ? (m.events ?? []).map((e) => e.event) : [];
      })
      .filter((e) => e.type === 'chat.rolled' && (e.rollId === 'r3' || e.rollId === 'r4'));
    expect(rolled).toHaveLength(2);
    for (const e of rolled) {
      expect(e.hidden).toBe(true);
      expect(e).not.toHaveProperty('result');
    }
    await player.screenshot({ path: join(ARTIFACTS, 'table-phone.png') });

    // The GM reveals the GM-only roll: the player now sees exactly the GM's result.
    await gm.locator('li[data-roll-id="r3"]').getByRole('button', { name: 'Reveal to everyone' }).click();
    await player.locator('li[data-roll-id="r3"] .breakdown').waitFor();
    expect(await player.locator('li[data-roll-id="r3"] .breakdown').textContent()).toBe(gmTexts[0]);
    expect(await player.locator('li[data-roll-id="r4"] .total').count()).toBe(0);
    await gm.locator('li[data-roll-id="r3"]', { hasText: 'revealed' }).waitFor();
    expect(
      await gm
        .locator('li[data-roll-id="r3"]')
        .getByRole('button', { name: /Reveal/ })
        .count(),
    ).toBe(0);
    await gm.screenshot({ path: join(ARTIFACTS, 'table-desktop.png') });
  });

  it('shows rejected commands as sentences, the latest replacing the one before', async () => {
    await say(player, '/roll 2d6++');
    const error = player.locator('.error-note[data-code="NOTATION_SYNTAX"]');
    await error.waitFor();
    // The sentence leads, the code stays out of the text (it is in data-code and the tooltip).
    expect(await error.textContent()).toContain('Those dice could not be read');
    expect(await error.textContent()).toContain('/roll 2d6++');
    expect(await error.textContent()).not.toContain('NOTATION_SYNTAX');
    await say(player, '/shout hi');
    await player.locator('.error-note[data-code="UNKNOWN_CHAT_COMMAND"]').waitFor();
    await player.screenshot({ path: join(ARTIFACTS, 'table-phone-errors.png') });
    expect(await player.locator('.error-note[data-code^="NOTATION"]').count()).toBe(0);
    expect(await player.locator('.errors .error-note').count()).toBe(1);
    await player.locator('.error-note').first().getByRole('button', { name: 'Dismiss this error' }).click();
    expect(await player.locator('.errors .error-note').count()).toBe(0);
  });

  it('reconnects after the server closes the socket, with no duplicate or missing entries', async () => {
    const before = await seqsOf(player);
    const head = Math.max(...before);
    // Every event of a dice-chat table reaches every seat (hidden rolls as hidden entries).
    expect(before).toEqual(Array.from({ length: head }, (_, i) => i + 1));

    const port = Number(new URL(server.url).port);
    await server.close();
    await player
      .getByText(/Reconnecting/)
      .first()
      .waitFor();
    await gm
      .getByText(/Reconnecting/)
      .first()
      .waitFor();
    await player.screenshot({ path: join(ARTIFACTS, 'table-phone-reconnecting.png') });

    // The same tables come back on the same address (the store outlived the server).
    server = await start(port);
    const hellos = () =>
      playerFrames.sent
        .map((f) => JSON.parse(f) as { type: string; lastSeq?: number })
        .filter((m) => m.type === 'hello');
    const hellosBefore = hellos().length;
    const retry = player.getByRole('button', { name: 'Retry now' });
    // The page may reconnect on its own between the check and the click (the button then goes
    // away mid-click, which is fine): either way both pages must end up live.
    if (await retry.isVisible()) await retry.click({ timeout: 2_000 }).catch(() => undefined);
    await waitLive(player);
    await waitLive(gm);
    const resumed = hellos().slice(hellosBefore);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed[resumed.length - 1]?.lastSeq).toBe(head);

    await say(gm, '/roll 4d6kh3 strength');
    await player.locator('li[data-roll-id="r5"] .total').waitFor();
    const after = await seqsOf(player);
    expect(after).toEqual([...before, head + 1]);
    expect(await seqsOf(gm)).toEqual(after);
    // The kept dice: three counted, one struck through.
    expect(await player.locator('li[data-roll-id="r5"] .die.dropped').count()).toBe(1);
  });

  it('lets a spectator watch from the spectate link, without a chat box or hidden results', async () => {
    const spectateUrl = await gm.getByRole('textbox', { name: 'Spectate link' }).inputValue();
    expect(spectateUrl).toContain('#spectate=');
    const watcher = await newPage(DESKTOP);
    await watcher.goto(spectateUrl);
    await watcher.getByLabel(/Your name/).fill('Aunt May');
    await watcher.getByRole('button', { name: 'Watch' }).click();
    await waitLive(watcher);
    expect(new URL(watcher.url()).hash).toBe('');
    await watcher.getByText('You are watching').waitFor();
    expect(await watcher.getByLabel('Message or roll').count()).toBe(0);
    await watcher.locator('li[data-roll-id="r5"] .total').waitFor();
    expect(await watcher.locator('li[data-roll-id="r4"] .total').count()).toBe(0);
    await gm.locator('.seats li.online', { hasText: 'Aunt May' }).waitFor();

    // A browser with no seat at the table is told how to get one.
    const stranger = await newPage(PHONE, true);
    await stranger.goto(`${server.url}${tablePath}`);
    await stranger.getByRole('heading', { name: 'No seat here yet' }).waitFor();
  });

  it('creates a table with the keyboard alone, with a visible focus ring', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(`${server.url}/`);
    await page.getByRole('radio', { name: /Rhylanor Express/ }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      'three-sixteen',
    );
    await page.keyboard.press('ArrowDown');
    // The next system (Rhylanor Express, playable since its table came) is chosen by the arrow.
    await page.getByRole('radio', { name: /Rhylanor Express/, checked: true }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('Table name').getAttribute('id'),
    );
    const ring = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? getComputedStyle(el).outlineStyle : 'none';
    });
    expect(ring).toBe('solid');
    await page.keyboard.type('Keyboard table');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '“Keyboard table” is ready' }).waitFor();
  });

  it('exports the campaign as the GM and imports it on the home page, by keyboard, with seat links', async () => {
    const [download] = await Promise.all([
      gm.waitForEvent('download'),
      gm.getByRole('button', { name: 'Export campaign (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bughunt-t[\w-]+\.json$/);
    const file = join(webRoot, 'export.json');
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { events: unknown[] };
    expect(exported.events.length).toBeGreaterThan(5);

    const page = await newPage(DESKTOP);
    await page.goto(`${server.url}/`);
    const picker = page.getByLabel('Campaign file');
    // A file that is JSON but no campaign: the server's code and message are shown.
    await picker.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"shopping": ["eggs"]}'),
    });
    await picker.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('.error-note[data-code="IMPORT_INVALID"]').waitFor();

    await picker.setInputFiles(file);
    expect(await page.locator('.error-note').count()).toBe(0);
    await picker.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '“Friday <b>drop</b>” is imported' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'GM link: Gail (private)' }).inputValue()).toContain(
      '#token=',
    );
    const reclaim = await page.getByRole('textbox', { name: 'Vasquez (player)' }).inputValue();
    expect(reclaim).toMatch(new RegExp(`^${server.url}/t/t[\\w-]+#token=[\\w-]+$`));
    await page.getByRole('textbox', { name: 'Aunt May (spectator)' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'imported-desktop.png'), fullPage: true });

    // The player's new link seats them at the imported table with the whole log.
    const back = await newPage(PHONE, true);
    await back.goto(reclaim);
    await waitLive(back);
    await back.getByText('you are Vasquez (player)').waitFor();
    expect(await seqsOf(back)).toEqual(Array.from({ length: exported.events.length }, (_, i) => i + 1));

    // A file whose log replays here to another state (as after a rules update) is offered, not refused.
    const other = await newPage(PHONE, true);
    await other.goto(`${server.url}/`);
    const older = { ...exported, stateHash: '0'.repeat(64) };
    await other.getByLabel('Campaign file').setInputFiles({
      name: 'older.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(older)),
    });
    await other.getByRole('button', { name: 'Import campaign' }).click();
    const offer = other.getByRole('button', { name: 'Import under today’s rules' });
    await offer.waitFor();
    expect(await other.locator('.error-note').count()).toBe(0);
    await other.screenshot({ path: join(ARTIFACTS, 'import-rules-changed-phone.png'), fullPage: true });
    await offer.click();
    await other.getByRole('heading', { name: '“Friday <b>drop</b>” is imported' }).waitFor();
    await other.getByText('replayed under today’s rules').waitFor();
  });

  it('gives the GM a new invite code, and lets them disconnect and remove a seat after asking', async () => {
    // A new invite code, after a question: the link changes and the old one opens nothing.
    const invite = gm.getByRole('textbox', { name: 'Invite link (players)' });
    const oldInvite = await invite.inputValue();
    await gm.getByRole('button', { name: 'New invite code…' }).click();
    await gm.getByRole('group', { name: 'Make a new invite code?' }).waitFor();
    await gm.getByRole('button', { name: 'Make a new invite link' }).click();
    await gm.getByText('The invite link changed').waitFor();
    const newInvite = await invite.inputValue();
    expect(newInvite).not.toBe(oldInvite);
    const oldCode = new URL(oldInvite).hash.replace('#code=', '');
    const tableId = tablePath.split('/').at(-1) as string;
    const refused = await fetch(`${server.url}/api/tables/${tableId}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inviteCode: oldCode, name: 'Late' }),
    });
    expect(refused.ok).toBe(false);

    // Disconnect: the player's page drops and comes back by itself (its link still works).
    const hellos = () => playerFrames.sent.filter((f) => f.includes('"type":"hello"')).length;
    const before = hellos();
    await gm.getByRole('button', { name: 'Disconnect Vasquez' }).click();
    await gm.getByText('Vasquez was disconnected').waitFor();
    await until(() => hellos() > before);
    await waitLive(player);

    // Remove asks first; keeping the seat changes nothing, by keyboard (the harmless answer has focus).
    await gm.getByRole('button', { name: 'Remove Vasquez' }).click();
    const question = gm.getByRole('group', { name: 'Remove Vasquez?' });
    await question.waitFor();
    await gm.screenshot({ path: join(ARTIFACTS, 'seat-remove-question-desktop.png') });
    await gm.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await gm.locator('.seats li', { hasText: 'Vasquez' }).waitFor();
    await waitLive(player);

    await gm.getByRole('button', { name: 'Remove Vasquez' }).click();
    await gm.getByRole('button', { name: 'Remove Vasquez', exact: true }).last().click();
    await gm.locator('.seats li', { hasText: 'Vasquez' }).waitFor({ state: 'detached' });
    // The removed seat's link opens nothing any more.
    await player.locator('[data-testid="connection"][data-state="failed"]').waitFor();
    // The GM keeps their seat and the table goes on.
    await waitLive(gm);
    expect(await gm.getByRole('button', { name: /^(Remove|Disconnect) Gail$/ }).count()).toBe(0);
  });

  it('had no Content Security Policy violation or page error', () => {
    expect(cspProblems).toEqual([]);
  });
});
