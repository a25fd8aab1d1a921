import { expect, it } from 'vitest';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import {
  boardedDuckTable,
  doorTitle,
  duckBrowserSuite,
  gmOverride,
  gmPlace,
  harpyAlone,
  logText,
  settled,
  threatPhaseWaitPrompt,
} from './browser-kit.ts';

/**
 * Shutting a door on a Threat as it crosses (15.3) from the WAIT prompt, in real Chromium against
 * the real server, staged by the GM: the hub door (door 2, door-01-11: entry module | hub) held
 * open, YOU in its zone on the entry side at (4,6) facing south holding WAIT, Harpy 1 alone in the
 * hub's aperture square (5,7) facing him. In the Threat phase it scents him (2 squares: the Team
 * column), attacks (reaction die 1) and its first step, across the door's side, raises the crossing
 * interrupt. The test-only table dice: reaction 1, movement 5, every fumble test passes (1).
 */

const testDice = new TestTableDice(3)
  .always(/^fumble test/, 1)
  .always(/^reaction of/, 1)
  .always(/^movement of/, 5);

duckBrowserSuite(
  'Fundamental Duck! shutting a door on a crossing Threat, in the browser',
  testDice,
  (suite) => {
    it('asks the man at the door in the WAIT prompt; he shuts it and the Threat in it is crushed', async () => {
      const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Crusher');
      await gmOverride(gm, 'a door', '2', { door: 'open' });
      await harpyAlone(gm, page, '5,7', '6');
      await gmPlace(gm, 'a Teamer', 'you', '4,6', '4');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/4\.5 6\.5\)/);
      await expect.poll(() => doorTitle(page, 'door-01-11')).toMatch(/: open/);
      // He activates, throws his first chit away and puts the other on WAIT: he stands holding WAIT.
      await page.getByTestId('fd-activate').click();
      await settled(page);
      await page.getByRole('button', { name: 'Throw a chit away' }).click();
      await settled(page);
      await page.getByRole('button', { name: 'Put the other chit on WAIT' }).click();
      await settled(page);
      // Harpy 1 starts across the door's side: the WAIT prompt offers YOU the crush box.
      const wait = await threatPhaseWaitPrompt(page);
      await expect.poll(() => wait.textContent()).toMatch(/Harpy 1 is starting through a door/);
      await expect
        .poll(async () => logText(log))
        .toMatch(/Harpy 1 starts through a door: WAIT chits may be used now/);
      const crush = page.getByTestId('fd-crush-you');
      await expect.poll(() => crush.textContent()).toBe('Shut the door on it');
      await columnShot(page, 'fd-wait-crush.png');
      await crush.click();
      await settled(page);
      await wait.waitFor({ state: 'detached' });
      // His WAIT chit pays, his fumble test passes (a 1), the door shuts and the Harpy in it dies.
      await expect.poll(async () => logText(log)).toMatch(/Door 2 is closed: shut by YOU on a Threat\./);
      const text = await logText(log);
      expect(text.slice(text.lastIndexOf('Harpy 1 starts through a door'))).toMatch(
        /YOU uses his WAIT chit\..*YOU: fumble test for shut the door on a Threat: rolled 1 .*passed\..*Door 2 is closed: shut by YOU on a Threat\..*Harpy 1 is killed by YOU\./s,
      );
      await expect.poll(() => doorTitle(page, 'door-01-11')).toMatch(/: closed/);
      await expect.poll(() => page.locator('[data-figure^="h"]').count()).toBe(0);
      // He stays where he stood, his WAIT chit spent.
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/4\.5 6\.5\)/);
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });
  },
);
