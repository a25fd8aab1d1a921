import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import { TestTableDice } from '../../server/test-dice.ts';
import { openSeat, pageProblems } from '../three-sixteen/browser-kit.ts';
import {
  type DuckSuite,
  duckBrowserSuite,
  gmPlace,
  loadPack,
  logText,
  newDuckTable,
  settled,
} from './browser-kit.ts';
import { LYING_DOWN } from './StandUp.tsx';

/**
 * Orders a ducked man must stand up for (10.2), greyed in real Chromium with the rules' reason as
 * the button's title: setting up the drone gun and examining a load for tampering (the component
 * tests `Drone.test.tsx` and `Tampering.test.tsx` check the markup; here the real table, server
 * and clicks). The table's dice are the test-only script's: every load is tampered at the deal (6).
 */

const testDice = new TestTableDice(4).always(/^is this load tampered/, 6);

/** The default pack with YOU carrying the walking drone gun and loads tampered on a 6. */
const pack: FdPack = {
  ...defaultPack,
  id: 'lying-down',
  name: 'YOU lies down',
  campaign: { ...defaultPack.campaign, cargoTampering: { tamperedOn: [6] } },
  team: {
    ...defaultPack.team,
    teamers: defaultPack.team.teamers.map((t) =>
      t.id === 'you' ? { ...t, gear: [...t.gear, 'walking-drone-gun' as const] } : t,
    ),
  },
};

/**
 * A table on the pack (the mission `mission` chosen at the briefing), boarded, the GM puts YOU at
 * `at` facing east, and he is activated and -DUCKS! from the Other actions: the player's page.
 */
async function ducked(suite: DuckSuite, mission: string | null, at: string) {
  const { gmUrl, playerUrls } = await newDuckTable(suite.server.url, ['Lying']);
  const page = await openSeat(suite.browser, playerUrls[0] as string);
  const gm = await openSeat(suite.browser, gmUrl);
  await loadPack(page, pack);
  if (mission) {
    await page.getByTestId('fd-mission').selectOption(mission);
    await expect.poll(() => page.getByTestId('fd-mission').inputValue()).toBe(mission);
  }
  await page.getByTestId('fd-board').click();
  await page.getByTestId('fd-activate').waitFor();
  await gmPlace(gm, 'a Teamer', 'you', at, '2');
  const [x, y] = at.split(',');
  await expect
    .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
    .toMatch(new RegExp(`${x}\\.5 ${y}\\.5\\)`));
  await page.getByTestId('fd-activate').click();
  await settled(page);
  await otherActions(page);
  await page.getByTestId('fd-other-actions').getByRole('button', { name: '-DUCK!', exact: true }).click();
  await settled(page);
  await expect.poll(async () => logText(page)).toContain('YOU -DUCKS!');
  await otherActions(page);
  return page;
}

/** Opens the order panel's Other actions (a click on its summary, if shut). */
async function otherActions(page: Page): Promise<void> {
  if ((await page.getByTestId('fd-other-actions').getAttribute('open')) === null)
    await page.getByText('Other actions').click();
}

duckBrowserSuite("Fundamental Duck! a ducked man's greyed orders in the browser", testDice, (suite) => {
  it('greys the drone gun set-up for a ducked man, with the reason as its title', async () => {
    const page = await ducked(suite, null, '2,7');
    const setUp = page.getByTestId('fd-drone-mode');
    await expect.poll(() => setUp.isDisabled()).toBe(true);
    expect(await setUp.getAttribute('title')).toBe(LYING_DOWN);
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });

  it('greys the examination of the load beside a ducked man, with the reason as its title', async () => {
    // Salvage: pod 1 lies at (6,1); YOU is put beside it at (5,1).
    const page = await ducked(suite, 'salvage', '5,1');
    const examine = page.getByTestId('fd-examine-load-6-1');
    await expect.poll(() => examine.isDisabled()).toBe(true);
    expect(await examine.getAttribute('title')).toBe(LYING_DOWN);
    await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
    expect(pageProblems).toEqual([]);
  });
});
