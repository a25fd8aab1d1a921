import { expect, it } from 'vitest';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import { boardedDuckTable, duckBrowserSuite, gmPlace, logText } from './browser-kit.ts';

/**
 * The place-in-the-square picker (Position.tsx) and the juggle buttons (Juggle.tsx) in real
 * Chromium against the real server, on a desktop and on a 390-px phone: YOU alone in a square
 * (the GM puts him there) turns on the spot choosing a free place with the radio buttons; Brick
 * joins him and YOU swaps places with him; the log tells both, the server took both.
 * The table's dice are the test-only script's.
 */

const testDice = new TestTableDice(2);

const places = (text: string) => (text.match(/Places in the square:/g) ?? []).length;

duckBrowserSuite('Fundamental Duck! place and juggle pickers in the browser', testDice, (suite) => {
  for (const phone of [false, true]) {
    it(`picks a free place and juggles with a stack-mate (${phone ? 'phone' : 'desktop'})`, async () => {
      const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Solo', { phone });
      // YOU alone in a square of the entry tile, facing north: every place in it is free.
      await gmPlace(gm, 'a Teamer', 'you', '2,7', '0');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/7\.5\)/);
      await page.getByTestId('fd-activate').click();
      await page.getByRole('button', { name: 'Turn on the spot…' }).click();
      // The place picker offers only the places the rules take, a radio each; one is checked.
      const picker = page.getByTestId('fd-position');
      await picker.waitFor();
      const radios = picker.getByRole('radio');
      expect(await radios.count()).toBeGreaterThanOrEqual(2);
      let other = -1;
      for (let k = 0; k < (await radios.count()); k++) if (!(await radios.nth(k).isChecked())) other = k;
      expect(other).toBeGreaterThanOrEqual(0);
      const place = (await radios.nth(other).getAttribute('value')) as string;
      await radios.nth(other).check();
      await expect.poll(() => radios.nth(other).isChecked()).toBe(true);
      // Picking sends nothing: the confirm button names the place, and only it spends the action.
      const confirm = page.getByTestId('fd-turn-confirm');
      await expect.poll(() => confirm.textContent()).toMatch(/Spend an action/);
      await columnShot(page, `fd-pickers-place-${phone ? 'phone' : 'desktop'}.png`);
      const before = places(await logText(log));
      await confirm.click();
      await expect.poll(async () => places(await logText(log))).toBeGreaterThan(before);
      expect(await logText(log)).toMatch(new RegExp(`YOU ${place}`));
      // Juggling: Brick joins him (the GM), the button for Brick is under Other actions; the log tells the swap.
      await gmPlace(gm, 'a Teamer', 'brick', '2,7', '0');
      await expect.poll(() => page.locator('[data-figure="brick"]').count()).toBe(1);
      await page.getByText('Other actions').click();
      const juggle = page.getByTestId('fd-juggle-brick');
      await juggle.waitFor();
      expect(await juggle.textContent()).toMatch(/Swap places with Brick/);
      const beforeJuggle = places(await logText(log));
      await juggle.click();
      await expect.poll(async () => places(await logText(log))).toBeGreaterThan(beforeJuggle);
      await columnShot(page, `fd-pickers-juggled-${phone ? 'phone' : 'desktop'}.png`);
      if (phone)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });
  }
});
