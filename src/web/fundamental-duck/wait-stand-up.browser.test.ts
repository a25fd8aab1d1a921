import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import {
  boardedDuckTable,
  type DuckSuite,
  duckBrowserSuite,
  duckOnWait,
  gmPlace,
  harpyAlone,
  logText,
  settled,
  threatPhaseWaitPrompt,
} from './browser-kit.ts';

/**
 * A ducked man standing up as he acts (10.2) in real Chromium against the real server: from the
 * WAIT prompt a Threat's interrupt raises ("Stand up and fire", "Stand up and move"), and from
 * the fire box with the order panel's stand-up switch on. The staging is the GM's: of the three
 * Harpies the deal brings onto the entry module, two are taken off the board and Harpy 1 is put in
 * front of YOU, who lies at (2,7) facing east holding WAIT. In the Threat phase it senses him and
 * comes at him (reaction die 1); its step next to him sets off his WAIT. The test-only table dice:
 * every fumble test passes (1), YOU's move rolls 3, every shot of his hits (6).
 */

const testDice = new TestTableDice(3)
  .always(/^fumble test/, 1)
  .always(/^move of YOU/, 3)
  .always(/^reaction of/, 1)
  .always(/shot by YOU$/, 6);

/**
 * YOU lying at (2,7) facing east with his WAIT chit, Harpy 1 alone on the board at (4,7) facing
 * him: the table, its player page, the GM's page and the page the log is read on.
 */
async function lyingInWait(suite: DuckSuite) {
  const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Crawler');
  await harpyAlone(gm, page, '4,7', '6');
  await gmPlace(gm, 'a Teamer', 'you', '2,7', '2');
  await expect
    .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
    .toMatch(/2\.5 7\.5\)/);
  await duckOnWait(page, log, 'YOU');
  return { page, gm, log };
}

/** Ends the Team phase (no other Teamer aboard) and waits for the WAIT prompt Harpy 1 sets off. */
async function waitPrompt(page: Page) {
  const wait = await threatPhaseWaitPrompt(page);
  await expect.poll(() => wait.textContent()).toMatch(/Harpy 1 has moved (next to|into sight of) YOU/);
  return wait;
}

duckBrowserSuite('Fundamental Duck! a ducked man stands up as he acts, in the browser', testDice, (suite) => {
  it('stands up and fires from the WAIT prompt at the Threat that set it off', async () => {
    const { page, log } = await lyingInWait(suite);
    const wait = await waitPrompt(page);
    // Lying down he could fire only into his own square: the prompt offers to stand up and fire.
    const standFire = page.getByTestId('fd-stand-fire-you');
    await expect.poll(() => standFire.textContent()).toBe('Stand up and fire with the WAIT chit');
    await columnShot(page, 'fd-wait-stand-fire.png');
    await standFire.click();
    await settled(page);
    await expect.poll(async () => logText(log)).toMatch(/YOU stands up\./);
    const text = await logText(log);
    // He stands up, then fires with the WAIT chit at the Harpy next to him (his die: a 6).
    expect(text.indexOf('YOU stands up.')).toBeGreaterThan(text.lastIndexOf('YOU -DUCKS!'));
    expect(text.slice(text.lastIndexOf('YOU stands up.'))).toMatch(
      /YOU uses his WAIT chit\..*YOU fires the hand-blaster at \(\d,\d\) \(die 6\)/s,
    );
    await wait.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });

  it('stands up and moves from the WAIT prompt: a standing move, not a crawl', async () => {
    const { page, log } = await lyingInWait(suite);
    const wait = await waitPrompt(page);
    // Both are offered: crawling lying down, or standing up as he moves.
    await expect
      .poll(() => page.getByTestId('fd-wait-move-you').textContent())
      .toBe('Crawl with the WAIT chit');
    const standMove = page.getByTestId('fd-stand-move-you');
    await expect.poll(() => standMove.textContent()).toBe('Stand up and move with the WAIT chit');
    await columnShot(page, 'fd-wait-stand-move.png');
    await standMove.click();
    await settled(page);
    await page.getByTestId('fd-move-box').waitFor();
    await expect.poll(async () => logText(log)).toMatch(/YOU stands up\./);
    const text = await logText(log);
    expect(text.indexOf('YOU stands up.')).toBeGreaterThan(text.lastIndexOf('YOU -DUCKS!'));
    // Standing he moves his roll, 3 points (a crawl is 1 square); the WAIT chit paid for it.
    await expect.poll(() => page.getByTestId('fd-move-box').textContent()).toMatch(/3 of 3 point/);
    expect(text.slice(text.lastIndexOf('YOU stands up.'))).toMatch(/uses his WAIT chit/);
    await page.getByTestId('fd-end-move').click();
    await settled(page);
    await page.getByTestId('fd-move-box').waitFor({ state: 'detached' });
    await wait.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });

  it('fires from the fire box standing up, with the stand-up switch on, between activations', async () => {
    const { page, log } = await lyingInWait(suite);
    // Between activations the order panel is for whoever is next: choose YOU in the Team panel.
    await page.locator('[data-teamer="you"]').click();
    const actions = page.getByTestId('fd-actions');
    await expect.poll(() => actions.locator('h3').textContent()).toMatch(/^YOU/);
    const stand = page.getByTestId('fd-stand-with-wait').locator('input');
    await stand.check();
    await expect.poll(() => stand.isChecked()).toBe(true);
    // Aim at Harpy 1 (4,7): the fire box plans the shot he fires standing.
    await page.getByTestId('fd-fire-mode').click();
    await page.getByTestId('fd-fire-box').waitFor();
    await page.locator('[data-cell="4,7"]').click();
    await expect.poll(() => page.getByTestId('fd-fire-plan').textContent()).toMatch(/at \(4,7\)/);
    await columnShot(page, 'fd-fire-box-standing.png');
    await page.getByTestId('fd-confirm-fire').click();
    await settled(page);
    await page.getByTestId('fd-fire-box').waitFor({ state: 'detached' });
    await expect.poll(async () => logText(log)).toMatch(/YOU stands up\./);
    const text = await logText(log);
    expect(text.indexOf('YOU stands up.')).toBeGreaterThan(text.lastIndexOf('YOU -DUCKS!'));
    // His WAIT chit (chit 2) pays for the shot, fired standing (his die: a 6).
    expect(text.slice(text.lastIndexOf('YOU stands up.'))).toMatch(
      /YOU: chit 2 pays for a SHOOT action\..*YOU fires the hand-blaster at \(4,7\) \(die 6\)/s,
    );
    // Standing, with his WAIT chit spent, the switch is gone.
    await expect.poll(() => page.getByTestId('fd-stand-with-wait').count()).toBe(0);
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });
});
