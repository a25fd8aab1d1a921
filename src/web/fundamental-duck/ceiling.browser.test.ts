import { expect, it } from 'vitest';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import { boardedDuckTable, duckBrowserSuite, gmPlace, logText } from './browser-kit.ts';

/**
 * The ceiling extension at the table (19, Ceiling.tsx) in real Chromium against the real server,
 * on a desktop and on a 390-px phone. A pack loaded at the briefing turns the ceiling on. Staged
 * (a hatch beside a LOW obstacle on the entry tile is rare from fair dice): the pack gives the
 * entry tile a LOW crate at (2,6) and its ceiling one exit, and the test-only table dice give
 * that tile a level, put the exit at (1,6) (column 2, row 2) and make it a hatch; the pack's
 * pings bring no Threats, so nothing else moves. The GM puts YOU on the crate. In one move he
 * climbs up through the hatch and crawls a step; up there the floor's orders are gone; in his
 * second move he crawls back and climbs down.
 */

const testDice = new TestTableDice(3)
  .always(/^ceiling level over tile/, 6)
  .always(/^ceiling exit: column/, 2)
  .always(/^ceiling exit: row/, 2)
  .always(/^ceiling exit: hatch or weak spot/, 1)
  // 5 movement points: up the hatch (2) and a crawl (1), then back (1) and down (1).
  .always(/^move of YOU/, 5);

const noThreats = { dice: 0, die: 'avd', add: 0, min: 0 } as const;

/** The default pack with the ceiling on, one exit a level, a LOW crate on the entry tile and no Threats. */
const ceilingPack: FdPack = {
  ...defaultPack,
  id: 'ceiling-test',
  name: 'In the ceiling',
  arenas: defaultPack.arenas.map((a, i) =>
    i === 0
      ? {
          ...a,
          obstacles: [
            ...a.obstacles,
            { x: 2, y: 6, height: 'low', part: 'whole', name: 'crates', blackTop: false },
          ],
        }
      : a,
  ),
  markers: {
    ...defaultPack.markers,
    distribution: {
      red: noThreats,
      orange: noThreats,
      blue: noThreats,
      green: noThreats,
      purple: noThreats,
      none: noThreats,
    },
  },
  options: {
    ...defaultPack.options,
    switches: { ...defaultPack.options.switches, ceiling: true },
    ceiling: { ...defaultPack.options.ceiling, exits: 1 },
  },
};

duckBrowserSuite('Fundamental Duck! the ceiling in the browser', testDice, (suite) => {
  for (const phone of [false, true]) {
    it(`climbs up through a hatch, crawls, and climbs down (${phone ? 'phone' : 'desktop'})`, async () => {
      const tag = phone ? 'phone' : 'desktop';
      const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Climber', {
        phone,
        pack: ceilingPack,
      });
      // The entry tile's hatch, drawn on the board for the players.
      await expect.poll(() => page.locator('[data-exit="hatch"][data-x="1"][data-y="6"]').count()).toBe(1);
      // YOU on the crate next to it.
      await gmPlace(gm, 'a Teamer', 'you', '2,6', '6');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/2\.5 6\.5\)/);
      await page.getByTestId('fd-activate').click();

      // First move: up through the hatch, then a crawl south up there.
      await page.getByTestId('fd-move').click();
      const climbUp = page.getByTestId('fd-climb-1-6');
      await expect.poll(() => climbUp.textContent()).toMatch(/Climb up at \(1,6\) \(2 pt\)/);
      await climbUp.click();
      await expect.poll(async () => logText(log)).toMatch(/YOU climbs up into the ceiling above \(1,6\)/);
      await expect.poll(() => page.locator('[data-ceiling-teamer="you"]').count()).toBe(1);
      const crawl = page.getByTestId('fd-crawl-1-7');
      await crawl.waitFor();
      await columnShot(page, `fd-ceiling-up-${tag}.png`);
      if (phone) await crawl.tap();
      else await crawl.click();
      await expect
        .poll(() => page.locator('[data-ceiling-teamer="you"]').locator('rect').first().getAttribute('y'))
        .toMatch(/^7\.08/);
      await page.getByTestId('fd-end-move').click();
      await page.getByTestId('fd-move-box').waitFor({ state: 'detached' });

      // Up there only what the rules take is offered: his move and the chits, not the floor's orders.
      const actions = page.getByTestId('fd-actions');
      await expect.poll(() => actions.textContent()).toMatch(/YOU is up in the ceiling/);
      expect(await page.getByTestId('fd-other-actions').count()).toBe(0);
      expect(await page.getByTestId('fd-fire-mode').count()).toBe(0);
      await columnShot(page, `fd-ceiling-orders-${tag}.png`);

      // Second move: crawl back above the hatch (by the keyboard), then down through it.
      await page.getByTestId('fd-move').click();
      const back = page.getByTestId('fd-crawl-1-6');
      await back.focus();
      await page.keyboard.press('Enter');
      const down = page.getByTestId('fd-climb-1-6');
      await expect.poll(() => down.textContent()).toMatch(/Climb down here \(1 pt\)/);
      await down.click();
      await expect.poll(async () => logText(log)).toMatch(/YOU climbs down from the ceiling to \(1,6\)/);
      await expect.poll(() => page.locator('[data-ceiling-teamer="you"]').count()).toBe(0);
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/1\.5 6\.5\)/);
      await columnShot(page, `fd-ceiling-down-${tag}.png`);
      if (phone)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });
  }
});
