import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { endAndDebrief, settleLevels, squad } from '../../rules/three-sixteen/campaign/test-kit.ts';
import { buildTrooper } from '../../rules/three-sixteen/encounter/roster.ts';
import { TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import {
  artifact,
  browserSuite,
  importTable,
  newTable,
  openSeat,
  pageProblems,
  shot,
} from './browser-kit.ts';

/**
 * The 3:16 forms as a GM and players fill them in (tables built by the rules and imported): a
 * scene's "GM only" box that does not stick, a briefing that asks for words, a seat link pasted
 * into a tab already at the table, the after-mission cards telling what the rolls brought and
 * naming each control for its trooper, the kit picker on a phone, a labelled flashback box, and
 * the creation step told to the player whose move it is.
 */

/** A table in the `setup` phase: the GM, one player seat per name, troopers for `withTrooper` seats. */
function setupTable(players: string[], withTrooper: number[]) {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  players.forEach((name, i) => {
    t.seat(`p${i + 1}`, 'player', name);
  });
  for (const i of withTrooper) {
    const name = players[i - 1] as string;
    t.apply({
      type: 'trooper.created',
      trooper: buildTrooper(`t${i}`, {
        ownerSeatId: `p${i}`,
        name,
        reputation: '',
        fa: 5,
        nfa: 5,
        rank: 0,
        totalKills: 0,
      }),
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
  }
  return { t, gm };
}

browserSuite('3:16 forms in the browser', (suite) => {
  const close = async (...pages: Page[]) => {
    for (const page of pages) await page.context().close();
  };

  it('clears the scene form after a scene, so the next one is public, and marks the secret ones', async () => {
    const { t } = squad([{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const urls = await importTable(suite.server.url, 'Scenes', t.log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    const mission = gm.getByRole('region', { name: 'Mission' });
    const gmOnly = mission.getByLabel('GM only');

    await mission.getByLabel('Scene text').fill('The colonists were dead before we landed.');
    await gmOnly.check();
    await mission.getByRole('button', { name: 'Add scene' }).click();
    await mission.locator('.ts-scenes li', { hasText: 'The colonists were dead' }).waitFor();
    // After a scene is added the text is cleared and the box is unticked again.
    await expect.poll(() => mission.getByLabel('Scene text').inputValue()).toBe('');
    expect(await gmOnly.isChecked()).toBe(false);

    await mission.getByLabel('Scene text').fill('The squad digs in at the relay station.');
    await mission.getByRole('button', { name: 'Add scene' }).click();
    const open = mission.locator('.ts-scenes li', { hasText: 'relay station' });
    await open.waitFor();
    // The GM's list says which scene only the GM sees.
    const secret = mission.locator('.ts-scenes li', { hasText: 'The colonists were dead' });
    expect(await secret.getByText('GM only', { exact: true }).count()).toBe(1);
    expect(await open.getByText('GM only', { exact: true }).count()).toBe(0);
    // The player reads the public scene and not the secret one.
    const theirs = hicks.getByRole('region', { name: 'Mission' });
    await theirs.locator('.ts-scenes li', { hasText: 'relay station' }).waitFor();
    expect(await theirs.textContent()).not.toContain('The colonists were dead');
    await close(gm, hicks);
    expect(pageProblems).toEqual([]);
  });

  it('asks for a briefing text before the squad is briefed, and says so beside the button', async () => {
    const { t, gm: gmSeat } = setupTable(['Hicks'], [1]);
    t.send(gmSeat, { type: 'setPlanet', name: 'Testworld', aa: 5, threat: 10 });
    const urls = await importTable(suite.server.url, 'Briefing', t.log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    const briefing = gm.getByRole('region', { name: 'Briefing' });
    const button = briefing.getByRole('button', { name: 'Brief the squad' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    // The reason is on the page (phones show no tooltips) and tied to the button.
    const why = briefing.locator('.ts-why');
    expect(await why.textContent()).toContain('write the briefing first');
    expect(await button.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    // Blanks are not a briefing either.
    await briefing.getByLabel('Briefing text').fill('   ');
    expect(await button.isDisabled()).toBe(true);
    await briefing.getByLabel('Briefing text').fill('Hold the relay station until dawn.');
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await why.count()).toBe(0);
    await button.click();
    await gm.getByRole('button', { name: 'Start encounter' }).waitFor();
    expect(await gm.locator('.ts-briefing').textContent()).toBe('Hold the relay station until dawn.');
    await close(gm);
    expect(pageProblems).toEqual([]);
  });

  it('takes up a seat link pasted into a tab already open at the table', async () => {
    const { t } = squad([{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const urls = await importTable(suite.server.url, 'Pasted link', t.log);
    const link = new URL(urls.p1 as string);
    const page = await openSeat(suite.browser, `${link.origin}${link.pathname}`, true);
    await page.getByRole('heading', { name: 'No seat here yet' }).waitFor();
    // Same path, new fragment: the browser only changes the hash and loads nothing.
    await page.goto(link.toString());
    await page.getByText('you are Hicks').waitFor();
    // The token leaves the address bar and is kept, as when the link opens a fresh tab.
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await page.getByText('you are Hicks').waitFor();
    expect(await page.getByRole('heading', { name: 'No seat here yet' }).count()).toBe(0);
    // Another seat's link switches the tab to that seat.
    await page.goto(urls.gm as string);
    await page.getByText('you are GM').waitFor();
    await close(page);
    expect(pageProblems).toEqual([]);
  });

  it('tells what each Development Roll and free step brought, with controls named for their trooper', async () => {
    const { t, gm, p } = squad([
      { name: 'Hicks', fa: 6, nfa: 4, weaponChoice: 'slugRifle' },
      { name: 'Vasquez', fa: 4, nfa: 6 },
      { name: 'Drake', fa: 5, nfa: 5 },
    ]);
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    // Hicks: a free step on the Slug Rifle at Far, then a Development Roll for a Flame-Gun that fails.
    t.send(p(1), { type: 'improveWeapon', trooperId: 't1', weapon: 'slugRifle', range: 'far' });
    t.send(
      p(1),
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'weapon', weapon: 'flameGun' } },
      [10],
    );
    // Vasquez: a free step, then a successful roll for a step on the Grenades.
    t.send(p(2), { type: 'improveWeapon', trooperId: 't2', weapon: 'energyRifle', range: 'close' });
    t.send(
      p(2),
      {
        type: 'developmentRoll',
        trooperId: 't2',
        choice: { kind: 'improve', weapon: 'grenades', range: 'near' },
      },
      [2],
    );
    const urls = await importTable(suite.server.url, 'Development', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string, true);
    const card = hicks.getByRole('region', { name: 'Between missions: Hicks' });
    await expect.poll(() => card.textContent()).toContain('Free step taken on the Slug Rifle at Far.');
    const outcome = card.getByTestId('development-outcome');
    expect(await outcome.textContent()).toBe(
      'Development Roll made: failed (10 against NFA 4), no Flame-Gun this time.',
    );
    await shot(hicks, '316-development-phone.png');

    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const vasquez = gmPage.getByRole('region', { name: 'Between missions: Vasquez' });
    await expect
      .poll(() => vasquez.getByTestId('development-outcome').textContent())
      .toBe(
        'Development Roll made: success (2 against NFA 6), bringing one more step on the Grenades at Near.',
      );
    expect(await vasquez.textContent()).toContain('Free step taken on the Energy Rifle at Close.');

    // The GM sees every card: each field and button says whose it is, none repeats another's name.
    const drake = gmPage.getByRole('region', { name: 'Between missions: Drake' });
    await drake.getByLabel('Drake’s free step: weapon', { exact: true }).waitFor();
    await drake.getByLabel('Drake’s free step: range', { exact: true }).waitFor();
    await drake.getByLabel('Drake’s Development Roll: what for', { exact: true }).waitFor();
    await drake.getByLabel('Whom Drake nominates for demotion', { exact: true }).waitFor();
    await gmPage.getByLabel('Whom Hicks nominates for demotion', { exact: true }).waitFor();
    const names = await gmPage.evaluate(() =>
      [...document.querySelectorAll('section[aria-label^="Between missions:"]')].flatMap((card) =>
        [...card.querySelectorAll('select, input, button')].map(
          (el) => el.getAttribute('aria-label') ?? el.textContent ?? '',
        ),
      ),
    );
    expect(names.length).toBeGreaterThan(6);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    await close(hicks, gmPage);
    expect(pageProblems).toEqual([]);
  });

  it('lays the kit picker across the row on a phone, its button on one line', async () => {
    const { t } = squad([{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const urls = await importTable(suite.server.url, 'Kit on a phone', t.log);
    const phone = await openSeat(suite.browser, urls.p1 as string, true);
    await phone.getByRole('button', { name: 'Sheets' }).click();
    const kit = phone.getByRole('article', { name: 'Sheet of Hicks' }).getByRole('region', { name: 'Kit' });
    const select = kit.getByLabel('Everyday gear');
    const button = kit.getByRole('button', { name: 'Take it' });
    await select.waitFor();
    const s = await select.boundingBox();
    const b = await button.boundingBox();
    const sheet = await phone.getByRole('article', { name: 'Sheet of Hicks' }).boundingBox();
    if (!s || !b || !sheet) throw new Error('no boxes');
    // The select uses most of the sheet's width, not a strip beside the medals.
    expect(s.width).toBeGreaterThan(sheet.width * 0.5);
    // "Take it" keeps its two words on one line, as tall as the select beside it.
    const lines = await button.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
    expect(b.height).toBeLessThanOrEqual(s.height + 2);
    await kit.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: artifact('316-kit-picker-phone.png') });
    await close(phone);
    expect(pageProblems).toEqual([]);
  });

  it('labels the flashback box of a scene where it can be read', async () => {
    const { t } = squad([{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const urls = await importTable(suite.server.url, 'Scene flashback', t.log);
    const phone = await openSeat(suite.browser, urls.p1 as string, true);
    const group = phone.getByRole('group', { name: 'Flashback in a scene' });
    const label = group.getByText('The moment from the past', { exact: false });
    await label.first().waitFor();
    expect(await label.first().isVisible()).toBe(true);
    const box = group.getByLabel(/The moment from the past/);
    await box.fill('Hicks carried the lieutenant out of the reactor.');
    expect(await group.getByRole('button', { name: 'Use a Strength' }).isDisabled()).toBe(false);
    await group.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: artifact('316-scene-flashback-phone.png') });
    await close(phone);
    expect(pageProblems).toEqual([]);
  });

  it('tells a player without a trooper that making one is their move', async () => {
    // No trooper yet: the ruleset lists the troopers to make as the GM's step.
    const fresh = await newTable(suite.server.url, ['Ann']);
    const ann = await openSeat(suite.browser, fresh.playerUrls[0] as string, true);
    const waiting = ann.getByRole('region', { name: 'Waiting for' });
    await expect.poll(() => waiting.textContent()).toContain('Your move.');
    expect(await waiting.textContent()).toContain('create your trooper');
    expect(await waiting.textContent()).not.toContain('get the troopers made');
    await ann.getByRole('form', { name: 'Create a trooper' }).waitFor();
    await shot(ann, '316-create-your-move-phone.png');

    // One trooper made: the other player is still to make theirs; the first waits on the GM.
    const { t } = setupTable(['Hicks', 'Vasquez'], [1]);
    const urls = await importTable(suite.server.url, 'Half a squad', t.log);
    const vasquez = await openSeat(suite.browser, urls.p2 as string);
    const theirs = vasquez.getByRole('region', { name: 'Waiting for' });
    await expect.poll(() => theirs.textContent()).toContain('Your move.');
    expect(await theirs.locator('li.ts-me').textContent()).toContain('create your trooper');
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    const his = hicks.getByRole('region', { name: 'Waiting for' });
    await expect.poll(() => his.textContent()).toContain('Waiting for:');
    expect(await his.textContent()).not.toContain('create your trooper');
    await close(ann, vasquez, hicks);
    expect(pageProblems).toEqual([]);
  });
});
