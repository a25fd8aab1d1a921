import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import { boardedDuckTable, cursorTo, duckBrowserSuite, gmPlace, logText } from './browser-kit.ts';

/**
 * The walking drone gun (Drone.tsx; the rules' `setUpDrone` and `directDrone`) in real Chromium
 * against the real server, on a desktop and on a 390-px phone. A pack loaded at the briefing gives
 * YOU the walking drone gun; the GM puts him on the entry tile; with his first action he sets it
 * up on a square lit next to him, with his second he walks it to the lit square farthest from it
 * (a tap on the phone, the board's cursor and Enter on the desktop), and the board draws it there.
 * The table's dice are the test-only script's: both fumble tests pass.
 */

const testDice = new TestTableDice(4).always(/^fumble test \((set up a drone gun|direct a drone)\)/, 1);

/** The default pack with YOU carrying the walking drone gun. */
const walking: FdPack = {
  ...defaultPack,
  id: 'walking-drone-you',
  name: 'YOU walks a drone',
  team: {
    ...defaultPack.team,
    teamers: defaultPack.team.teamers.map((t) =>
      t.id === 'you' ? { ...t, gear: [...t.gear, 'walking-drone-gun' as const] } : t,
    ),
  },
};

/** The squares lit on the board now, as [x, y]. */
async function litSquares(page: Page): Promise<[number, number][]> {
  const cells = await page
    .locator('[data-cell].fd-reach')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-cell') ?? ''));
  return cells.map((c) => c.split(',').map(Number) as [number, number]);
}

/** Picks the square on the board: a tap on the phone, the keyboard cursor and Enter on the desktop. */
async function pick(page: Page, phone: boolean, x: number, y: number): Promise<void> {
  if (phone) {
    await page.locator(`[data-cell="${x},${y}"]`).tap();
    return;
  }
  await page.locator('svg.board-svg').focus();
  await cursorTo(page, x, y);
  await page.keyboard.press('Enter');
}

const droneAt = (page: Page) => page.locator('[data-drone]').first().getAttribute('transform');

duckBrowserSuite('Fundamental Duck! the walking drone gun in the browser', testDice, (suite) => {
  for (const phone of [false, true]) {
    it(`sets up a walking drone gun and walks it to a new square (${phone ? 'phone' : 'desktop'})`, async () => {
      const tag = phone ? 'phone' : 'desktop';
      const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Operator', {
        phone,
        pack: walking,
      });
      await gmPlace(gm, 'a Teamer', 'you', '2,7', '2');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/2\.5 7\.5\)/);
      await page.getByTestId('fd-activate').click();

      // First action: set it up on a lit square next to him, facing east.
      await page.getByText('Other actions').click();
      await page.getByTestId('fd-drone-mode').click();
      await page.locator('[data-cell].fd-reach').first().waitFor();
      const [sx, sy] = (await litSquares(page))[0] as [number, number];
      await pick(page, phone, sx, sy);
      await page.getByTestId('fd-drone-box').getByRole('button', { name: 'Face east', exact: true }).click();
      await page.getByTestId('fd-drone-confirm').click();
      await expect
        .poll(async () => logText(log))
        .toMatch(new RegExp(`YOU sets up the walking drone gun at \\(${sx},${sy}\\)`));
      await expect.poll(() => droneAt(page)).toBe(`translate(${sx}.5 ${sy}.5)`);

      // Second action: walk it to the lit square farthest from where it stands.
      if ((await page.getByTestId('fd-other-actions').getAttribute('open')) === null)
        await page.getByText('Other actions').click();
      await page.getByTestId('fd-drone-walk-mode').click();
      await page.getByTestId('fd-drone-walk-box').waitFor();
      await page.locator('[data-cell].fd-reach').first().waitFor();
      const far = (await litSquares(page))
        .map(([x, y]) => ({ x, y, d: Math.max(Math.abs(x - sx), Math.abs(y - sy)) }))
        .sort((a, b) => b.d - a.d)[0];
      if (!far) throw new Error('no square lit for the walk');
      expect(far.d).toBeGreaterThan(0);
      await pick(page, phone, far.x, far.y);
      const confirm = page.getByTestId('fd-drone-walk-confirm');
      await expect
        .poll(() => page.getByTestId('fd-drone-walk-box').textContent())
        .toMatch(new RegExp(`walks to \\(${far.x},${far.y}\\)`));
      await columnShot(page, `fd-drone-walk-${tag}.png`);
      await confirm.click();
      await expect
        .poll(async () => logText(log))
        .toMatch(new RegExp(`YOU walks his drone gun to \\(${far.x},${far.y}\\)`));
      // The board draws it at its new square.
      await expect.poll(() => droneAt(page)).toBe(`translate(${far.x}.5 ${far.y}.5)`);
      if (phone)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });
  }
});
