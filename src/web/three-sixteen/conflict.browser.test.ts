import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { squad } from '../../rules/three-sixteen/campaign/test-kit.ts';
import type { RunningServer } from '../../server/app.ts';
import {
  browserTestsCanRun,
  importTable,
  openSeat,
  pageProblems,
  withBrowserAndServer,
} from './browser-kit.ts';

/**
 * A conflict whose better success waits for its side (built by the rules, imported): only that
 * side's player and the GM are offered to call it off, and calling it off reaches every page.
 */

describe.skipIf(!browserTestsCanRun())('3:16 conflict in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  withBrowserAndServer((b, s) => {
    browser = b;
    server = s;
  });

  it('offers "Call off this success" to the side that goes first, and the log names who did', async () => {
    const { t, gm, p } = squad(
      [
        { name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle' },
        { name: 'Frinks', fa: 4, nfa: 8, rank: 3 },
      ],
      { aa: 6 },
    );
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    // Smile 5 (≤ FA 7) beats Frinks's 3 (≤ NFA 8): Smile's success waits for his player.
    t.send(gm, { type: 'rollConflictRound' }, [5, 3]);
    const urls = await importTable(server.url, 'Cancel drill', t.log);
    const gmPage = await openSeat(browser, urls.gm as string);
    const smile = await openSeat(browser, urls.p1 as string);
    const frinks = await openSeat(browser, urls.p2 as string);

    const mine = smile.getByRole('region', { name: 'Conflict' });
    const theirs = frinks.getByRole('region', { name: 'Conflict' });
    await mine.getByTestId('conflict-waiting').waitFor();
    expect(await mine.getByTestId('conflict-waiting').textContent()).toContain(
      'Smile’s success (5) goes first',
    );
    await mine.getByRole('button', { name: 'Let this success land' }).waitFor();
    await theirs.getByTestId('conflict-waiting').waitFor();
    // Frinks's player sees the wait but has no say in it.
    expect(await theirs.getByRole('button', { name: 'Call off this success' }).count()).toBe(0);
    expect(await theirs.getByRole('button', { name: 'Let this success land' }).count()).toBe(0);

    await mine.getByRole('button', { name: 'Call off this success' }).click();
    await expect.poll(() => theirs.textContent()).toContain('Step: declarations, round 2');
    await gmPage.locator('ol.log li', { hasText: 'Smile calls off the success; Frinks' }).waitFor();
    expect(await mine.getByRole('button', { name: 'Call off this success' }).count()).toBe(0);
    for (const page of [gmPage, smile, frinks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });
});
