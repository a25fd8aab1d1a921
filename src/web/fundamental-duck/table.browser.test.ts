import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app.ts';
import { TestTableDice } from '../../server/test-dice.ts';
import {
  browserTestsCanRun,
  shot as columnShot,
  openSeat,
  pageProblems,
  withBrowserAndServer,
} from '../three-sixteen/browser-kit.ts';
import {
  doorTitle,
  gmOverride,
  gmPlace,
  movedOn,
  newDuckTable,
  settled,
  skipPlayback,
  typeDice,
  waitYourMove,
} from './browser-kit.ts';

/**
 * Fundamental Duck! in real Chromium against the real server: a solo mission from the briefing
 * to the evaluation (moves with the reach overlay, an undo, the fire overlay, the aliens' turn
 * played back), a phone player who taps and reloads in the middle of a move, co-op with typed
 * dice, an undo, a GM-staged Threat, a reload in the middle of the aliens' turn, a WAIT shot and a
 * door a Threat batters open, a keyboard-only player, and the hidden pings that never reach a
 * player's page. One built app for the suite; every table's own dice come from the test-only script (src/server/test-dice.ts).
 */

const canRun = browserTestsCanRun();
const ENTRY = '0,7';

async function status(page: Page): Promise<string> {
  return (await page.getByTestId('fd-your-move').textContent()) ?? '';
}

/** Whether the deal put a Threat on the entry square (no Teamer can board this turn). */
async function entryBlocked(page: Page): Promise<boolean> {
  return (
    (await page
      .locator(`[data-figure^="h"][transform="translate(${ENTRY.replace(',', '.5 ')}.5)"]`)
      .count()) > 0
  );
}

/** A screenshot of the whole game column (the shell scrolls it inside the page). */
async function shot(page: Page, name: string): Promise<void> {
  await columnShot(page, `fd-${name}.png`);
}

/** Clicks and waits until the table has answered and the page shows the outcome. */
async function press(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).click();
  await settled(page);
}

/** Presses "undo" until nothing is left to take back, each press once the last one's result shows. */
async function undoAll(page: Page): Promise<void> {
  const undo = page.getByTestId('fd-undo');
  for (let n = 0; n < 8 && (await undo.isVisible()); n++) {
    await undo.click();
    await settled(page);
  }
}

/**
 * Plays on until the mission is evaluated: every Teamer still on the bridge turns back to Mother,
 * one in the arena walks to the entry and goes back over the bridge; exploration phases are ended
 * and the aliens' turns skipped.
 */
async function playToTheEnd(page: Page): Promise<number> {
  const moved = new Set<string>();
  let threatTurns = 0;
  for (let guard = 0; guard < 120; guard++) {
    if (await page.getByTestId('fd-skip').isVisible()) {
      threatTurns++;
      await shot(page, 'aliens-turn');
      await skipPlayback(page);
    }
    if (await page.getByTestId('fd-evaluation').isVisible()) return threatTurns;
    if (await page.getByTestId('rejection').isVisible())
      await page.getByRole('button', { name: 'Dismiss this error' }).first().click();
    const now = await status(page);
    const name = /: (?:Your move: )?(\S+) is/.exec(`: ${now.replace(/^Your move:\s*/, '')}`)?.[1] ?? '';
    if (/Exploration/.test(now)) await press(page, 'fd-end-exploration');
    else if (/is next: activate/.test(now)) {
      moved.delete(name);
      await press(page, 'fd-activate');
    } else if (/is moving/.test(now)) {
      const bridge = page.getByTestId('fd-bridge');
      if ((await bridge.textContent())?.includes('Turn back')) await press(page, 'fd-bridge');
      else {
        // In the arena: walk to the entry square if it is in reach, then back over the bridge.
        const entry = page.locator(`[data-cell="${ENTRY}"].fd-reach`);
        if (await entry.count()) {
          await entry.click();
          await page.getByRole('button', { name: 'Move there, keep moving' }).click();
          // The path's steps go one after another; the plan is dropped once the last is shown.
          await page.getByTestId('fd-plan').waitFor({ state: 'detached' });
        }
        await press(page, 'fd-bridge');
        if (await page.getByTestId('rejection').isVisible()) {
          await page.getByRole('button', { name: 'Dismiss this error' }).first().click();
          await press(page, 'fd-end-move');
        }
      }
    } else if (/is activated/.test(now)) {
      if (moved.has(name)) await press(page, 'fd-end-activation');
      else {
        moved.add(name);
        await press(page, 'fd-move');
      }
    } else if (/end the Team phase/.test(now)) {
      await page.getByTestId('fd-end-team').click();
      await press(page, 'fd-end-team-confirm');
    } else {
      // Nothing to do yet (the aliens' turn is still arriving): wait for the page to move on.
      await movedOn(page, now);
    }
  }
  throw new Error(`the mission did not end; the table says: ${await status(page)}`);
}

/** Whether `a` lies wholly left of `b` (side by side) or wholly above it (stacked). */
async function arrangement(page: Page): Promise<'side by side' | 'stacked' | 'overlapping'> {
  const board = await page.locator('.fd-board-col').boundingBox();
  const side = await page.locator('.fd-side-col').boundingBox();
  if (!board || !side) throw new Error('no board or panels');
  if (side.x >= board.x + board.width - 1) return 'side by side';
  if (side.y >= board.y + board.height - 1) return 'stacked';
  return 'overlapping';
}

// The tables' own dice (the deal, the aliens' every die) come from the test-only script, never
// the OS: each table rolls the same seeded faces for the same commands, and a test scripts the
// ones it turns on. So every run plays the same game, and no retry is needed.
const testDice = new TestTableDice(1);

describe.runIf(canRun)('Fundamental Duck! in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  withBrowserAndServer(
    (b, s) => {
      browser = b;
      server = s;
    },
    { testDice },
  );

  it('a solo mission from the briefing to the evaluation', async () => {
    const { table, playerUrls } = await newDuckTable(server.url, ['Solo']);
    const dice = testDice.table(table.tableId);
    const page = await openSeat(browser, playerUrls[0] as string);
    await page.getByTestId('fd-mission').waitFor();
    await page.getByTestId('fd-mission').selectOption('black-box');
    await expect.poll(() => page.getByTestId('fd-mission').inputValue()).toBe('black-box');
    // The simulator's odds for the chosen mission, played in a worker while the page stays live.
    await page.getByRole('button', { name: /Simulate the odds/ }).click();
    await page
      .getByTestId('fd-odds')
      .filter({ hasText: /completed \d+%/ })
      .waitFor({ timeout: 60_000 });
    await shot(page, 'briefing');
    await press(page, 'fd-board');
    // The deal is the script's: the entry square is free, so YOU can board.
    expect(await entryBlocked(page)).toBe(false);
    expect(dice.rolled.length).toBeGreaterThan(0);
    expect(await status(page)).toMatch(/YOU is next/);
    // Unexplored modules show their pings face down, in a shape and a letter as well as a colour.
    expect(await page.locator('[data-ping="hidden"]').count()).toBeGreaterThan(0);

    await press(page, 'fd-activate');
    await press(page, 'fd-move');
    // On the bridge: the entry square is the one lit, for 1 point.
    await page.locator(`[data-cell="${ENTRY}"].fd-reach`).click();
    await page.getByTestId('fd-move-box').filter({ hasText: /left/ }).waitFor();
    await expect
      .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    const reach = page.locator('polygon.fd-reach');
    // The script's deal leaves squares in reach beyond the entry.
    expect(await reach.count()).toBeGreaterThan(0);
    // Pick a square: its path and facing are shown with the cost before anything is sent.
    await reach.first().click();
    await page.getByTestId('fd-plan').waitFor();
    expect(await page.locator('polyline.fd-path-line').count()).toBe(1);
    await shot(page, 'move-preview');
    // A facing picked in the compass costs nothing until confirmed.
    await page.getByRole('button', { name: 'Face south', exact: true }).click();
    await expect.poll(() => page.getByTestId('fd-plan').textContent()).toMatch(/facing south/);
    await page.getByRole('button', { name: 'Move there, keep moving' }).click();
    await page.getByTestId('fd-plan').waitFor({ state: 'detached' });
    await page.getByTestId('fd-undo').waitFor();
    // Undo: nothing rolled, nothing revealed: the step is taken back.
    // Each press takes back one step, until the last die rolled (the BINGE test on entering).
    await undoAll(page);
    await expect
      .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    await press(page, 'fd-end-move');
    // Aim: the squares he can fire into, the blocked ones and the chances, before any shot.
    await page.getByTestId('fd-fire-mode').click();
    await page.getByTestId('fd-fire-box').waitFor();
    expect(
      await page.locator('polygon.fd-fire-ok, polygon.fd-fire-target, polygon.fd-fire-blocked').count(),
    ).toBeGreaterThan(0);
    await shot(page, 'fire-overlay');
    await page.keyboard.press('Escape');
    await press(page, 'fd-end-activation');

    // The rest of the Team turns back; the aliens act, shown step by step, then the mission ends.
    await playToTheEnd(page);
    await shot(page, 'evaluation');
    // The aliens' turn was told in words, each decision with its dice.
    const told = await page.getByTestId('fd-threat-turn').textContent();
    expect(told).toMatch(/The Threats act in this order|No Threat is on the board/);
    const evaluation = await page.getByTestId('fd-evaluation').textContent();
    expect(evaluation).toMatch(/Mission (completed|partly completed|failed)/);
    expect(evaluation).toMatch(/Two successful Other Actions|Bridge console|console/i);
    // Between missions: the campaign goes on with the same Team.
    await page.getByTestId('fd-between').waitFor();
    await shot(page, 'between-missions');
    await page.getByTestId('fd-next-mission').click();
    await page.getByTestId('fd-board').waitFor();
    expect(await status(page)).toMatch(/Choose the mission/);
    expect(pageProblems).toEqual([]);
  });

  it('a phone player taps to move; a reload in the middle of the move loses nothing', async () => {
    const { playerUrls } = await newDuckTable(server.url, ['Thumb']);
    const page = await openSeat(browser, playerUrls[0] as string, true);
    await page.getByTestId('fd-board').tap();
    await page.getByTestId('fd-activate').waitFor();
    expect(await entryBlocked(page)).toBe(false);
    await page.getByTestId('fd-activate').tap();
    await page.getByTestId('fd-move').tap();
    await page.getByTestId('fd-move-box').waitFor();
    await page.locator('svg.board-svg').scrollIntoViewIfNeeded();
    // Two fingers spread: the board zooms in; one finger drags: it pans. Real touch events.
    const svgBox = await page.locator('svg.board-svg').boundingBox();
    if (!svgBox) throw new Error('no board on screen');
    const cx = svgBox.x + svgBox.width / 2;
    const cy = svgBox.y + svgBox.height / 2;
    const world = page.locator('svg.board-svg > g').first();
    const fitted = await world.getAttribute('transform');
    const cdp = await page.context().newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
      });
    await touch('touchStart', [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ]);
    for (let k = 1; k <= 5; k++)
      await touch('touchMove', [
        { x: cx - 30 - k * 20, y: cy },
        { x: cx + 30 + k * 20, y: cy },
      ]);
    await touch('touchEnd', []);
    const zoomed = await world.getAttribute('transform');
    const scaleOf = (t: string | null) => Number(/scale\(([\d.]+)\)/.exec(t ?? '')?.[1] ?? 0);
    expect(scaleOf(zoomed)).toBeGreaterThan(scaleOf(fitted) * 1.5);
    await touch('touchStart', [{ x: cx, y: cy }]);
    for (let k = 1; k <= 5; k++) await touch('touchMove', [{ x: cx + k * 15, y: cy + k * 10 }]);
    await touch('touchEnd', []);
    const panned = await world.getAttribute('transform');
    expect(panned).not.toBe(zoomed);
    expect(scaleOf(panned)).toBeCloseTo(scaleOf(zoomed), 5);
    await shot(page, 'phone-zoomed');
    // "0" fits the whole arena again.
    await page.locator('svg.board-svg').focus();
    await page.keyboard.press('0');
    await expect.poll(() => world.getAttribute('transform')).toBe(fitted);
    const box = await page.locator(`[data-cell="${ENTRY}"]`).boundingBox();
    if (!box) throw new Error('the entry square is not on screen');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect
      .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    const before = await page.getByTestId('fd-move-box').textContent();
    const lit = await page.locator('polygon.fd-reach').count();
    await shot(page, 'phone-move');
    // The board fits the phone's width; nothing scrolls sideways.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.reload();
    await page.getByTestId('fd-move-box').waitFor();
    expect(await page.getByTestId('fd-move-box').textContent()).toBe(before);
    expect(await page.locator('polygon.fd-reach').count()).toBe(lit);
    await expect
      .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    await shot(page, 'phone-after-reload');
  });

  it('co-op: two players share the Team (one on a phone), own dice typed, an undo, a GM-staged Threat, the aliens’ turn with a reload in it, a WAIT shot after a reload mid-prompt, a door bashed open', async () => {
    const urls = await newDuckTable(server.url, ['Ann', 'Ben']);
    // Every BINGE test passes (1), so nobody flinches off the entry (12). Every Threat that senses
    // the Team attacks (reaction die 1): the one the GM stages three
    // squares from YOU comes at him and sets off his WAIT. The rest of the dice are the seed's.
    // A Threat at a closed door batters it (choice die 1) rather than seeking a short cut, with a 1.
    testDice
      .table(urls.table.tableId)
      .always(/^reaction of/, 1)
      .always(/^BINGE test/, 1)
      .always(/seeks a short cut or batters$/, 1)
      .always(/batters the door$/, 1);
    const a = await openSeat(browser, urls.playerUrls[0] as string);
    await a.getByTestId('fd-board').waitFor();
    // A 1280-px desktop: the board beside the panels.
    expect(await arrangement(a)).toBe('side by side');
    await press(a, 'fd-board');
    expect(await entryBlocked(a)).toBe(false);
    expect(await a.locator('[data-figure^="h"]').count()).toBeGreaterThan(0);
    const b = await openSeat(browser, urls.playerUrls[1] as string, true);
    const g = await openSeat(browser, urls.gmUrl);
    // Each takes his Teamers: Ann YOU and Brick, Ben (on the phone, panels under the board) the rest.
    for (const id of ['you', 'brick']) {
      await a.getByTestId(`fd-claim-${id}`).click();
      await a.getByTestId(`fd-claim-${id}`).waitFor({ state: 'detached' });
    }
    await b.getByTestId('fd-claim-sparks').waitFor();
    expect(await arrangement(b)).toBe('stacked');
    for (const id of ['sparks', 'kowalski', 'jonesy']) {
      await b.getByTestId(`fd-claim-${id}`).tap();
      await b.getByTestId(`fd-claim-${id}`).waitFor({ state: 'detached' });
    }
    await shot(a, 'coop-claimed');
    // Ben may not give orders to Ann's Teamers: his page waits on her.
    expect(await status(b)).toMatch(/Waiting for the other players/);

    // Ann plays with her own dice: the move's die is asked of her and her face decides it.
    await a.getByRole('radio', { name: 'my own dice' }).check();
    await press(a, 'fd-activate');
    await a.getByTestId('fd-move').click();
    await a.getByTestId('dice-request').waitFor();
    await shot(a, 'coop-own-die');
    expect(await typeDice(a, 3)).toBeGreaterThan(0);
    await a
      .getByTestId('fd-move-box')
      .filter({ hasText: /of 3 point/ })
      .waitFor();
    await a.locator(`[data-cell="${ENTRY}"].fd-reach`).click();
    await typeDice(a, 4);
    await expect
      .poll(() => a.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    // One step further and back: the undo takes it back while no die is rolled.
    const reach = a.locator('polygon.fd-reach');
    // The script's deal leaves squares in reach beyond the entry.
    expect(await reach.count()).toBeGreaterThan(0);
    await reach.first().click();
    await a.getByRole('button', { name: 'Move there, keep moving' }).click();
    await typeDice(a, 4);
    await a.getByTestId('fd-plan').waitFor({ state: 'detached' });
    await a.getByTestId('fd-undo').waitFor();
    // Each press takes back one step or turn of the path, back to the entry square.
    await undoAll(a);
    await expect
      .poll(() => a.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    await press(a, 'fd-end-move');
    // His last chit goes on WAIT: with no READY chit left his activation is over.
    await a.getByRole('button', { name: 'Put the other chit on WAIT' }).click();
    await a.locator('.fd-team').filter({ hasText: /WAIT/ }).first().waitFor();
    await settled(a);
    if (await a.getByTestId('fd-end-activation').isVisible()) await press(a, 'fd-end-activation');

    // A Threat where it will come at YOU: the GM puts the first one three squares east of him.
    const threat = (await a.locator('[data-figure^="h"]').first().getAttribute('data-figure')) as string;
    await gmPlace(g, 'a Threat', threat, '3,7');
    await expect
      .poll(() => a.locator(`[data-figure="${threat}"]`).getAttribute('transform'))
      .toBe('translate(3.5 7.5)');
    // A door bash: door 7 (entry tile to the one south of it) battered to 19 already, the last
    // Threat just beyond it at (2,10) and Jonesy at (2,9) facing north (his back to the door): it
    // scents him, is first to act (nearest a Teamer), and any battering die holes the door.
    const threats = await a
      .locator('[data-figure^="h"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-figure') ?? ''));
    const basher = threats[threats.length - 1] as string;
    expect(basher).not.toBe(threat);
    await gmPlace(g, 'a Teamer', 'jonesy', '2,9', '0');
    await gmPlace(g, 'a Threat', basher, '2,10');
    await gmOverride(g, 'a door', '7', { damage: 19 });
    await expect.poll(() => doorTitle(a, 'door-01-02')).toMatch(/closed, damage 19/);

    // Brick (Ann's) and Sparks (Ben's, on the phone) take their turns; then the Team phase ends.
    await waitYourMove(a, /Brick is next/);
    await press(a, 'fd-activate');
    await press(a, 'fd-end-activation');
    await waitYourMove(b, /Sparks is next/);
    await b.getByTestId('fd-activate').tap();
    await b.getByTestId('fd-end-activation').tap();
    await waitYourMove(b, /Kowalski is next|end the Team phase/);
    await b.getByTestId('fd-end-team').tap();
    await b.getByTestId('fd-end-team-confirm').tap();

    // The aliens' turn plays on Ben's phone; a reload in the middle of it goes on from where it was.
    await b.getByTestId('fd-threat-turn').waitFor();
    const count = async () => {
      const m = /\((\d+) of (\d+)\)/.exec(
        (await b.getByTestId('fd-threat-turn').locator('h3').textContent()) ?? '',
      );
      return { shown: Number(m?.[1] ?? -1), of: Number(m?.[2] ?? -1) };
    };
    const before = await count();
    expect(before.shown).toBeLessThan(before.of);
    await b.reload();
    await b.getByTestId('fd-threat-turn').waitFor();
    const after = await count();
    expect(after.of).toBe(before.of);
    expect(after.shown).toBeGreaterThanOrEqual(before.shown);
    await shot(b, 'coop-phone-aliens-turn-after-reload');

    // WAIT: a Threat comes at YOU; Ann fires with his WAIT chit (her own die: a 6) at the one the
    // prompt names (the script's dice: Harpy 2 grapples him first, then Harpy 3 comes next to him).
    const wait = a.getByTestId('fd-wait');
    await wait.waitFor({ timeout: 30_000 });
    const told = (await wait.textContent()) ?? '';
    expect(told).toMatch(/YOU/);
    // A reload in the middle of the prompt loses nothing: the same prompt comes back.
    await a.reload();
    await wait.waitFor();
    expect(await wait.textContent()).toBe(told);
    const n = /(\d+) has (?:moved|shot)/.exec(told)?.[1];
    expect(n, told).toBeDefined();
    const target = `h${n}`;
    await shot(a, 'coop-wait');
    await wait.getByRole('button', { name: 'Fire with the WAIT chit' }).click();
    await a.getByTestId('fd-fire-box').waitFor();
    // Aiming ends the playback: the board shows the Threats where they stand now.
    await a.getByTestId('fd-skip').waitFor({ state: 'detached' });
    const at = await a.locator(`[data-figure="${target}"]`).getAttribute('transform');
    const m = /translate\(([\d.]+) ([\d.]+)\)/.exec(at ?? '');
    const cell = `${Math.floor(Number(m?.[1]))},${Math.floor(Number(m?.[2]))}`;
    await a.locator(`[data-cell="${cell}"]`).click();
    await a.getByTestId('fd-confirm-fire').click();
    expect(await typeDice(a, 6)).toBeGreaterThan(0);
    await wait.waitFor({ state: 'detached' });
    // The log tells the shot, and names the Threat as the aliens' turn does.
    await expect
      .poll(async () => (await a.locator('.log').textContent()) ?? '')
      .toMatch(/uses his WAIT chit/);
    await shot(a, 'coop-after-wait');
    // The Threat beyond door 7 battered it: the board shows the door holed (an X on it).
    await expect.poll(() => doorTitle(a, 'door-01-02')).toMatch(/holed, damage 20/);
    await expect
      .poll(async () => (await a.locator('.log').textContent()) ?? '')
      .toMatch(/batters the door \(1\): it breaks a hole through/);
    await shot(a, 'coop-door-bashed');
    expect(pageProblems).toEqual([]);
  });

  it('plays by keyboard alone: board, activate, move with the cursor, aim', async () => {
    const { playerUrls } = await newDuckTable(server.url, ['Keys']);
    const page = await openSeat(browser, playerUrls[0] as string);
    await page.getByTestId('fd-board').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('fd-activate').waitFor();
    const board = page.locator('svg.board-svg');
    await board.focus();
    await page.keyboard.press('a');
    await page.getByTestId('fd-move').waitFor();
    await settled(page);
    await page.keyboard.press('m');
    await page.getByTestId('fd-move-box').waitFor();
    await settled(page);
    // The cursor starts at the top left square; walk it to the entry (0,7) and step in with Enter.
    await board.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('.board-status').textContent()).toMatch(/^Square 0,7/);
    // The entry is lit as the one square in reach from the bridge (the script's deal leaves it
    // free): Enter steps onto it.
    expect(await entryBlocked(page)).toBe(false);
    await page.locator(`[data-cell="${ENTRY}"].fd-reach`).waitFor();
    await page.keyboard.press('Enter');
    // Typed ahead: E pressed while the step is still unanswered waits for its answer (a command
    // key never acts on a state already gone), then ends the move on the state the step brought.
    await page.keyboard.press('e');
    await expect
      .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
      .toBe('translate(0.5 7.5)');
    await page.getByTestId('fd-end-activation').waitFor();
    await page.keyboard.press('f');
    await page.getByTestId('fd-fire-box').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('fd-fire-box').waitFor({ state: 'detached' });
    // Every order is a button: Tab reaches "End activation" and Enter presses it.
    await page.getByTestId('fd-end-activation').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toMatch(/Brick is next/);
    await shot(page, 'keyboard');
  });

  it('an unrevealed ping is in no WebSocket frame and not in the DOM of a player’s page', async () => {
    const { table, playerUrls } = await newDuckTable(server.url, ['Peeker']);
    const frames: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto(playerUrls[0] as string);
    await press(page, 'fd-board');
    await page.getByTestId('fd-activate').waitFor();
    // The truth, from the GM's export: every module's pings as dealt.
    const res = await fetch(`${server.url}/api/tables/${table.tableId}/export`, {
      headers: { authorization: `Bearer ${table.gm.token}` },
    });
    const exported = (await res.json()) as {
      events: { event: { type: string; tiles?: { pings: string[] }[] } }[];
    };
    const dealt = exported.events.find((e) => e.event.type === 'arena.dealt')?.event.tiles;
    if (!Array.isArray(dealt)) throw new Error('no deal in the export');
    const hidden = await page.locator('[data-ping="hidden"]').evaluateAll((els) =>
      els.map((el) => ({
        tile: Number(el.getAttribute('data-tile')),
        marker: Number(el.getAttribute('data-marker')),
      })),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const secret = new Map(hidden.map((h) => [`${h.tile}/${h.marker}`, dealt[h.tile]?.pings[h.marker]]));
    expect([...secret.values()].every((p) => typeof p === 'string' && p !== 'hidden')).toBe(true);

    // No frame carries the deal, nor a value at a hidden marker's place other than "hidden".
    const bad: string[] = [];
    const checkTiles = (tiles: unknown, where: string) => {
      if (!Array.isArray(tiles)) return;
      tiles.forEach((t, ti) => {
        const pings = (t as { pings?: unknown }).pings;
        if (!Array.isArray(pings)) return;
        pings.forEach((p, k) => {
          if (secret.has(`${ti}/${k}`) && p !== 'hidden')
            bad.push(`${where}: tile ${ti} marker ${k} = ${String(p)}`);
        });
      });
    };
    for (const text of frames) {
      const msg = JSON.parse(text) as {
        type: string;
        view?: { tiles?: unknown };
        events?: { event: { type: string; tiles?: unknown } }[];
        ops?: { path: string; value?: unknown }[];
      };
      if (msg.type === 'view') checkTiles(msg.view?.tiles, 'view');
      for (const e of msg.events ?? [])
        if (e.event.type === 'arena.dealt' && typeof e.event.tiles !== 'number') bad.push('the deal itself');
      for (const op of msg.ops ?? []) {
        const m = /^\/tiles(?:\/(\d+)(?:\/pings(?:\/(\d+))?)?)?/.exec(op.path);
        if (!m) continue;
        if (m[1] === undefined) checkTiles(op.value, 'patch');
        else if (m[2] !== undefined) {
          if (secret.has(`${m[1]}/${m[2]}`) && op.value !== 'hidden') bad.push(`patch ${op.path}`);
        } else {
          const pings = m[0].endsWith('/pings')
            ? op.value
            : (op.value as { pings?: unknown } | undefined)?.pings;
          const tiles: unknown[] = [];
          tiles[Number(m[1])] = { pings };
          checkTiles(tiles, `patch ${op.path}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(frames.length).toBeGreaterThan(0);
    // The page shows a hidden marker as "?" and names it unrevealed, never by its colour.
    for (const h of hidden) {
      const el = page.locator(`[data-tile="${h.tile}"][data-marker="${h.marker}"]`);
      expect(await el.getAttribute('data-ping')).toBe('hidden');
      expect(await el.textContent()).toBe('unrevealed ping?');
    }
    await context.close();
  });
});
