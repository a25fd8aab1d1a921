import { expect, it } from 'vitest';
import { fightAt } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { browserSuite, importTable, openSeat, pageProblems } from './browser-kit.ts';

/**
 * The odds panel in the browser: an answer belongs to the plan it was asked for, says what was
 * simulated, and the same plan gives the same numbers (its seed comes from the plan).
 */

browserSuite('3:16 odds panel, in the browser', (suite) => {
  it('drops the answer when the plan changes, says what it played, and repeats itself for the same plan', async () => {
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Hicks', fa: 6, nfa: 4 },
        { name: 'Vasquez', fa: 7, nfa: 3 },
      ],
      { tokens: 2 },
    );
    t.send(gm, { type: 'gmEndEncounter' });
    const urls = await importTable(suite.server.url, 'Odds panel', t.log);
    const page = await openSeat(suite.browser, urls.gm as string);
    const ask = page.getByRole('button', { name: /Odds of this encounter/ });
    const tokens = page.locator('input[name="tokens"]');
    await tokens.fill('3');
    await ask.click();
    const odds = page.getByTestId('odds');
    // The simulator runs as long as the machine needs: no time limit on it.
    await odds.waitFor({ timeout: 0 });
    const how = await page.getByTestId('odds-how').textContent();
    expect(how).toMatch(
      /^Simulated: 2,000 runs of a 3-token encounter against AA 5 \(no abilities\), with Hicks and Vasquez; seed \d+\. Both sides follow the simulator's fixed policies/,
    );
    expect(await page.getByTestId('odds-strength').textContent()).toMatch(/A Strength was used in /);
    const first = await odds.textContent();

    // Another plan: the answer for the old one is gone, and the panel says why.
    await tokens.fill('4');
    await expect.poll(() => odds.count()).toBe(0);
    await page.getByTestId('odds-stale').waitFor();
    // The same plan again: the same seed, the same numbers.
    await tokens.fill('3');
    await ask.click();
    await odds.waitFor({ timeout: 0 });
    expect(await odds.textContent()).toBe(first);
    // Leaving a trooper out is another plan too.
    await page.getByRole('group', { name: 'Who goes in' }).getByLabel('Vasquez').uncheck();
    await expect.poll(() => odds.count()).toBe(0);
    await ask.click();
    await odds.waitFor({ timeout: 0 });
    expect(await page.getByTestId('odds-how').textContent()).toMatch(/with Hicks; seed \d+\./);
    expect(await page.getByTestId('odds-how').textContent()).not.toBe(how);
    await page.context().close();
    expect(pageProblems).toEqual([]);
  });
});
