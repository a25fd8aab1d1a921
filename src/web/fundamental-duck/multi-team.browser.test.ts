import { expect, it } from 'vitest';
import { TestTableDice } from '../../server/test-dice.ts';
import { shot as columnShot, openSeat, pageProblems } from '../three-sixteen/browser-kit.ts';
import { duckBrowserSuite, newDuckTable, waitYourMove } from './browser-kit.ts';

/**
 * Multi-team play (21) in real Chromium against the real server: two players in two pages (one
 * on a phone) split the Team, each takes a team, and the Threat phase stops for the seat whose
 * call each Threat is: only that page has the button, the other sees whose it is. The table's
 * dice come from the test-only script (src/server/test-dice.ts).
 */

const testDice = new TestTableDice(1);

duckBrowserSuite('Fundamental Duck! multi-team play in the browser', testDice, (suite) => {
  it('two seats each take a team; the Threat waits for the seat whose call it is, who runs it', async () => {
    const { playerUrls } = await newDuckTable(suite.server.url, ['Ann', 'Ben']);
    const a = await openSeat(suite.browser, playerUrls[0] as string);
    const b = await openSeat(suite.browser, playerUrls[1] as string, true);
    // Ann splits the Team: the first split is YOU, Brick and Sparks against Kowalski and Jonesy.
    const form = a.getByTestId('fd-form-teams');
    await form.locator('summary').click();
    await a.getByTestId('fd-form-teams-button').click();
    await a.getByTestId('fd-teams').waitFor();
    await a.getByTestId('fd-claim-team-0').click();
    await a.getByTestId('fd-claim-team-0').waitFor({ state: 'detached' });
    await b.getByTestId('fd-claim-team-1').tap();
    await b
      .getByTestId('fd-team-1')
      .filter({ hasText: /played by you/ })
      .waitFor();
    // Ann's page gets the claim over its own socket, maybe a moment after Ben's: wait for it.
    await a
      .getByTestId('fd-team-1')
      .filter({ hasText: /played by Ben/ })
      .waitFor();
    // Each page offers only its own team's Teamers.
    expect(await a.getByTestId('fd-claim-you').count()).toBe(0);
    await columnShot(b, 'fd-multi-teams-phone.png');

    await a.getByTestId('fd-board').click();
    await waitYourMove(a, /YOU is next/);
    await expect
      .poll(() => b.getByTestId('fd-your-move').textContent())
      .toMatch(/Waiting for the other players/);
    // Turn 1 goes in boarding order; Ann ends the Team phase at once and the aliens stop for a seat.
    await a.getByTestId('fd-end-team').click();
    await a.getByTestId('fd-end-team-confirm').click();
    await a.getByTestId('fd-run-threat').or(a.getByTestId('fd-evaluation')).first().waitFor();
    // Nobody is in the arena: the teams take turns, team 1 (Ann) first.
    await waitYourMove(a, /acts next and you run it/);
    await b
      .getByTestId('fd-run-threat')
      .filter({ hasText: /team 1’s player runs it/ })
      .waitFor();
    expect(await b.getByTestId('fd-run-threat-button').count()).toBe(0);
    await columnShot(a, 'fd-multi-run-threat.png');
    await a.getByTestId('fd-run-threat-button').click();
    // The run's events reach both pages: the aliens' turn tells it.
    await a
      .getByTestId('fd-threat-turn')
      .filter({ hasText: /Team 1’s player runs/ })
      .waitFor();
    // Any further Threat goes to the other team in turn, until the phase is over.
    for (
      let n = 0;
      n < 60 && !/Exploration/.test((await a.getByTestId('fd-your-move').textContent()) ?? '');
      n++
    ) {
      for (const page of [a, b])
        if (await page.getByTestId('fd-run-threat-button').count())
          await page.getByTestId('fd-run-threat-button').click();
      await a.waitForTimeout(300);
    }
    await waitYourMove(a, /Exploration/);
    expect(pageProblems).toEqual([]);
  });
});
