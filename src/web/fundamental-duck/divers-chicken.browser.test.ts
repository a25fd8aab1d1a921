import { expect, it } from 'vitest';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, pageProblems } from '../three-sixteen/browser-kit.ts';
import { boardedDuckTable, duckBrowserSuite, gmOverride, gmPlace, logText, settled } from './browser-kit.ts';

/**
 * Diving under a closing door (15.2) and a chicken's walk to cover (12) at the table, in real
 * Chromium against the real server, staged by the GM's overrides. The test-only table dice:
 * every fumble test and BINGE test passes (1: no flinch of his own on top of the chicken's walk),
 * YOU's move rolls 4.
 */

const testDice = new TestTableDice(3)
  .always(/^fumble test/, 1)
  .always(/^BINGE test/, 1)
  .always(/^move of YOU/, 4);

/** A figure's square on the board, from its drawn transform ("translate(4.5 7.5)" is (4,7)). */
const squareOf = (transform: string | null) => {
  const m = /translate\(([\d.]+) ([\d.]+)\)/.exec(transform ?? '');
  return m ? `${Math.floor(Number(m[1]))},${Math.floor(Number(m[2]))}` : null;
};

duckBrowserSuite('Fundamental Duck! divers and a chicken in the browser', testDice, (suite) => {
  it('ticks a diver in the close-door box: he dives under the door as it shuts', async () => {
    const { page, gm, log } = await boardedDuckTable(suite.browser, suite.server.url, 'Diver');
    // YOU in the west aperture square (4,7) of the narrow door 2 (entry module | hub), held open.
    await gmOverride(gm, 'a door', '2', { door: 'open' });
    await gmPlace(gm, 'a Teamer', 'you', '4,7', '2');
    await expect
      .poll(async () => squareOf(await page.locator('[data-figure="you"]').getAttribute('transform')))
      .toBe('4,7');
    await page.getByTestId('fd-activate').click();
    await settled(page);
    // The close-door button with a tick box for each man who may dive under it, with his cost.
    const box = page.getByTestId('fd-divers-2');
    await box.waitFor();
    await expect.poll(() => box.textContent()).toMatch(/Dive under it as it shuts.*YOU \(a READY chit\)/s);
    const close = page.getByRole('button', { name: /^Close door / });
    expect(await close.textContent()).not.toMatch(/diving under/);
    await page.getByTestId('fd-dive-you').check();
    await expect.poll(() => close.textContent()).toMatch(/, YOU diving under$/);
    await columnShot(page, 'fd-close-door-diver.png');
    await close.click();
    await settled(page);
    // He lands lying down on the far side (5,7); the door is shut behind him.
    await expect
      .poll(async () => squareOf(await page.locator('[data-figure="you"]').getAttribute('transform')))
      .toBe('5,7');
    await expect.poll(() => page.locator('[data-teamer="you"]').textContent()).toMatch(/ducked/);
    await expect.poll(async () => logText(log)).toMatch(/YOU: chit 2 pays for a DIVE action/);
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });

  it("shows a chicken's walk to cover before he ends his move, and he ends where it showed", async () => {
    const { page, gm } = await boardedDuckTable(suite.browser, suite.server.url, 'Chicken');
    // YOU at (1,7) facing east, Brick at (3,8), Harpy 1 alone at (4,7): YOU stands in the open.
    for (const h of ['h2', 'h3']) await gmOverride(gm, 'a Threat', h, { remove: true });
    await gmPlace(gm, 'a Threat', 'h1', '4,7', '6');
    await gmPlace(gm, 'a Teamer', 'you', '1,7', '2');
    await gmPlace(gm, 'a Teamer', 'brick', '3,8', '2');
    await expect.poll(() => page.locator('[data-figure^="h"]').count()).toBe(1);
    await page.getByTestId('fd-activate').click();
    await settled(page);
    // Activated, YOU turns chicken (a chicken never acts first in a turn: 12).
    await gmOverride(gm, 'a Teamer', 'you', { chicken: 'yes' });
    await expect.poll(() => page.locator('[data-teamer="you"]').textContent()).toMatch(/chicken/);
    await page.getByTestId('fd-move').click();
    await settled(page);
    await page.getByTestId('fd-move-box').waitFor();
    // Before he ends the move: in words where his nerve takes him, and a line of its own on the board.
    const note = page.getByTestId('fd-chicken-walk');
    await expect
      .poll(() => note.textContent())
      .toMatch(/A chicken: ending his move here, his nerve walks him on to \(\d+,\d+\)/);
    expect(await page.getByTestId('fd-chicken-line').count()).toBe(1);
    const to = /walks him on to \((\d+),(\d+)\)/.exec((await note.textContent()) ?? '');
    expect(to).not.toBeNull();
    await columnShot(page, 'fd-chicken-walk.png');
    await page.getByTestId('fd-end-move').click();
    await settled(page);
    await page.getByTestId('fd-move-box').waitFor({ state: 'detached' });
    // His nerve walked him there as he ended the move: the log tells the step, the board shows him.
    await expect.poll(async () => logText(page)).toContain(`YOU steps to (${to?.[1]},${to?.[2]})`);
    await expect
      .poll(async () => squareOf(await page.locator('[data-figure="you"]').getAttribute('transform')))
      .toBe(`${to?.[1]},${to?.[2]}`);
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });
});
