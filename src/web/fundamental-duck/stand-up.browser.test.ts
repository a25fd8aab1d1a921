import { expect, it } from 'vitest';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import { boardedDuckTable, duckBrowserSuite, duckOnWait, gmPlace, logText, settled } from './browser-kit.ts';

/**
 * The bridge override (15.1) and standing up with the WAIT chit (10.2) at the table, in real
 * Chromium against the real server. The GM puts YOU at the Bridge console (2,1): he sets the
 * override with one chit and lifts it with the other, and every seat sees whether Door Check
 * runs. Then YOU -DUCKS!, puts his other chit on WAIT and ends his activation; between
 * activations, with the panel's switch turned on by the S key, the M key stands him up as he
 * moves (one command: the log tells him standing up, then his move); the panel's switch then goes
 * off by itself. Every fumble test passes (1) and a move rolls 3 (the test-only table dice).
 */

const testDice = new TestTableDice(3).always(/^fumble test/, 1).always(/^move of YOU/, 3);

duckBrowserSuite(
  'Fundamental Duck! the bridge override and standing up in the browser',
  testDice,
  (suite) => {
    it('sets and lifts the door override at the Bridge console', async () => {
      const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Bridge');
      await gmPlace(gm, 'a Teamer', 'you', '2,1', '4');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/2\.5 1\.5\)/);
      await page.getByTestId('fd-activate').click();
      await settled(page);
      const override = page.getByTestId('fd-override');
      await expect.poll(() => override.textContent()).toMatch(/Set the door override/);
      await override.click();
      await settled(page);
      await expect
        .poll(async () => logText(log))
        .toMatch(/YOU sets the door override: Door Check is skipped/);
      // Every seat reads it, the GM too.
      await expect
        .poll(() => gm.getByTestId('fd-override-status').textContent())
        .toMatch(/Door override: set/);
      await columnShot(page, 'fd-override-set.png');
      // His second chit lifts it again (by the keyboard: focus and Enter).
      await expect.poll(() => override.textContent()).toMatch(/Lift the door override/);
      await override.focus();
      await page.keyboard.press('Enter');
      await settled(page);
      await expect.poll(async () => logText(log)).toMatch(/YOU lifts the door override/);
      await expect
        .poll(() => page.getByTestId('fd-override-status').textContent())
        .toMatch(/Door override: off/);
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });

    it('stands a ducked man up as he moves with his WAIT chit, by the switch and the M key', async () => {
      const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Crawler');
      await gmPlace(gm, 'a Teamer', 'you', '2,7', '2');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/2\.5 7\.5\)/);
      // -DUCK! with his first chit, his second on WAIT; that ends his activation.
      await duckOnWait(page, log, 'YOU');
      await page.getByTestId('fd-activate').waitFor();
      // Between activations the order panel is for whoever is next: choose YOU in the Team panel.
      await page.locator('[data-teamer="you"]').click();
      const actions = page.getByTestId('fd-actions');
      await expect.poll(() => actions.locator('h3').textContent()).toMatch(/^YOU/);
      const stand = page.getByTestId('fd-stand-with-wait').locator('input');
      await stand.waitFor();
      expect(await stand.isChecked()).toBe(false);
      // No dash for a man lying down; the S key turns the switch on (the focus on the table), and
      // the Dash is offered, as he would dash standing.
      expect(await page.getByRole('button', { name: /^Dash/ }).count()).toBe(0);
      await page.locator('[data-teamer="you"]').focus();
      await page.keyboard.press('s');
      await expect.poll(() => stand.isChecked()).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: /^Dash/ }).count()).toBe(1);
      await columnShot(page, 'fd-stand-up-switch.png');
      // The M key: one move command that stands him up first.
      await page.keyboard.press('m');
      await settled(page);
      await page.getByTestId('fd-move-box').waitFor();
      const text = await logText(log);
      expect(text).toMatch(/YOU stands up\./);
      expect(text.indexOf('YOU stands up.')).toBeGreaterThan(text.lastIndexOf('YOU -DUCKS!'));
      // Standing, the switch is gone; he moves 3 points as a standing man (a crawl would be 1).
      await expect.poll(() => page.getByTestId('fd-stand-with-wait').count()).toBe(0);
      await expect.poll(() => page.getByTestId('fd-move-box').textContent()).toMatch(/3 of 3 point/);
      await page.getByTestId('fd-end-move').click();
      await settled(page);
      await page.getByTestId('fd-move-box').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });
  },
);
