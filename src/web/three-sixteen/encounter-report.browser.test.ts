import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { endAndDebrief, settleLevels } from '../../rules/three-sixteen/campaign/test-kit.ts';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import type { Trooper } from '../../rules/three-sixteen/state.ts';
import { browserSuite, importTable, openSeat, pageProblems } from './browser-kit.ts';
import { asView, type View } from './model.ts';

/**
 * The encounter screen as the review found it wanting (tables built by the rules and imported):
 * a round report that showed another fight's lines, an ambush headline that outlived the ambush,
 * a fatal wound offered like any other, kills voided without a word, and focus dropped to the
 * page body when a pressed button went away.
 */

const RIFLE = { kind: 'fa', weapon: 'energyRifle' } as const;
const ask = { armourPolicy: 'ask' } as Partial<Trooper>;

/** The table id of a seat URL (/t/<tableId>#token=…). */
const tableIdOf = (url: string): string => new URL(url).pathname.split('/')[2] as string;

browserSuite('3:16 encounter screen: report, notices and focus', (suite) => {
  const report = (page: Page) => page.getByRole('list', { name: 'Round report' });
  const headline = (page: Page) => page.getByTestId('encounter-now');
  const activeTestId = (page: Page) =>
    page.evaluate(() => {
      const a = document.activeElement;
      return a === document.body || !a ? 'body' : (a.getAttribute('data-testid') ?? a.tagName);
    });

  it('shows only this fight’s lines: mission 2’s Encounter 1 is not mission 1’s', async () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5, threat: 10 });
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    t.send(gm, { type: 'gmEndEncounter' });
    // What a page open through mission 1 kept in the tab: a line of its Encounter 1 (as stored
    // before lines named their fight, and as stored now), and the last view it read.
    const over = asView(threeSixteen.view(t.state, { seatId: 'p1', role: 'player' })) as View;
    const lastView = {
      encounter: over.encounter,
      lastEncounter: over.lastEncounter,
      troopers: over.troopers,
      mission: over.mission,
      campaign: over.campaign,
    };
    const oldLines = [
      { encounter: 1, round: 2, text: 'MISSION ONE: Hicks takes a wound (X)' },
      { fight: '1.1', mission: 1, encounter: 1, round: 1, text: 'MISSION ONE: tokens 2 → 1' },
    ];
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    t.send(gm, { type: 'briefMission', text: 'Again.' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    t.send({ seatId: 'p1', role: 'player' }, { type: 'declineDominance', trooperId: 't1' });
    t.send(gm, { type: 'rollDominance', actor: 'aliens' }, [10]);
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    expect(t.state.encounter?.number).toBe(1);

    const urls = await importTable(suite.server.url, 'Second mission', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    const tableId = tableIdOf(urls.p1 as string);
    await hicks.getByTestId('round').waitFor();
    await hicks.evaluate(
      ([id, lines, view]) => {
        sessionStorage.setItem(`bughunt.roundReport.${id}`, JSON.stringify(lines));
        sessionStorage.setItem(`bughunt.roundReportView.${id}`, JSON.stringify(view));
      },
      [tableId, oldLines, lastView] as const,
    );
    await hicks.reload();
    await hicks.getByTestId('round').waitFor();
    expect(await report(hicks).count()).toBe(0);

    // Hicks's turn in this fight gives this fight's first line, and only it shows.
    await hicks
      .getByRole('group', { name: /Turn of/ })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    await expect.poll(() => report(hicks).textContent()).toContain('Tpr Hicks (5 success)');
    expect(await report(hicks).textContent()).not.toContain('MISSION ONE');
    expect(await report(hicks).locator('li').count()).toBe(1);
    await hicks.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('headlines the ambush only while it is on, and labels its lines as the ambush', async () => {
    const { t, gm } = fightAt('far', [{ name: 'Hicks', fa: 6, nfa: 4, patch: ask }], {
      tokens: 2,
      aa: 5,
      abilities: ['ambush'],
    });
    t.send(gm, { type: 'gmEndEncounter' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    const urls = await importTable(suite.server.url, 'Ambush', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    await hicks.getByTestId('round').waitFor();

    await gmPage
      .locator('.ts-ability-row', { hasText: 'Ambush' })
      .getByRole('button', { name: 'Use', exact: true })
      .click();
    await expect.poll(() => headline(hicks).textContent()).toBe('Alien ambush!');
    await expect.poll(() => report(hicks).textContent()).toContain('a Kill (X) lands on Hicks');
    const first = report(hicks).locator('li').first();
    expect(await first.locator('.ts-muted').textContent()).toBe('Ambush');
    expect(await report(hicks).textContent()).not.toContain('R0');

    await hicks.getByRole('button', { name: 'No, take the wound' }).click();
    await gmPage.getByRole('button', { name: 'Range: Near' }).click();
    // Round 1 is under way: the headline says so, and the ambush is history.
    await expect.poll(() => hicks.getByTestId('round').textContent()).toBe('1');
    await expect.poll(() => headline(hicks).textContent()).toContain('Round 1');
    expect(await hicks.locator('.ts-enc-head').textContent()).not.toContain('Alien ambush!');
    for (const page of [gmPage, hicks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('says a wound on the last box kills, points to the flashbacks, then tells the player plainly', async () => {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Hicks', fa: 6, nfa: 4, patch: { ...ask, health: ['X', 'X', null], armour: 'used' } },
        { name: 'Hudson', fa: 6, nfa: 4, patch: ask },
      ],
      { tokens: 4, aa: 5 },
    );
    // The aliens' 3 goes first and a Kill lands on each; Hudson ticks armour, Hicks has none left.
    playRound(t, gm, { t1: RIFLE, t2: RIFLE }, { aliens: 3, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(players[1] as Seat, { type: 'answerKill', trooperId: 't2', useArmour: true });
    const urls = await importTable(suite.server.url, 'Last box', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    const card = hicks.getByRole('region', { name: 'Actions of Hicks' });
    const warning = card.getByTestId('death-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('taking the wound kills Hicks');
    expect(await warning.textContent()).toContain('a Strength (it ends the encounter)');
    const take = card.getByRole('button', { name: 'Take the wound: Hicks dies' });
    expect(await take.count()).toBe(1);
    // The pointer leads to the Strength already offered on the card, not to a second form.
    expect(await hicks.getByLabel('Strength text').count()).toBe(1);
    await warning.getByRole('button', { name: 'Go to the flashbacks' }).click();
    expect(await hicks.getByLabel('Strength text').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );

    await take.click();
    const fallen = hicks.getByTestId('fallen-t1');
    await expect.poll(() => fallen.textContent()).toContain('Hicks is dead.');
    expect(await fallen.textContent()).toContain('replacement trooper');
    await hicks.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('names Ignore Wounds or the aliens’ Armour while kills do nothing, and offers no second Ignore Wounds', async () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], {
      tokens: 2,
      aa: 5,
      threat: 10,
      abilities: ['ignoreWounds'],
    });
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    t.send(gm, { type: 'useAbility', ability: 'ignoreWounds', from: 'pool' });
    const urls = await importTable(suite.server.url, 'Ignore Wounds', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    await expect.poll(() => hicks.getByTestId('kills-void').textContent()).toContain('Ignore Wounds');
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const row = gmPage.locator('.ts-ability-row', { hasText: 'Ignore Wounds' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Use', exact: true }).isDisabled()).toBe(true);
    expect(await row.textContent()).toContain("this round's kills are already void");
    for (const page of [gmPage, hicks]) await page.context().close();

    const armoured = fightAt('near', [{ name: 'Vasquez', fa: 6, nfa: 4 }], {
      tokens: 2,
      aa: 5,
      abilities: ['armour'],
    });
    armoured.t.send(armoured.gm, { type: 'useAbility', ability: 'armour' });
    const more = await importTable(suite.server.url, 'Alien Armour', armoured.t.log);
    const vasquez = await openSeat(suite.browser, more.p1 as string);
    const notice = vasquez.getByTestId('kills-void');
    await expect.poll(() => notice.textContent()).toContain('Alien Armour');
    expect(await notice.textContent()).not.toContain('Ignore Wounds');
    await vasquez.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('keeps keyboard focus in the encounter when a pressed button goes away', async () => {
    const { t, gm } = fightAt('far', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    t.send(gm, { type: 'gmEndEncounter' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    const urls = await importTable(suite.server.url, 'Focus', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    const roll = hicks.getByRole('button', { name: /Roll NFA for Dominance/ });
    await roll.focus();
    await hicks.keyboard.press('Enter');
    await expect.poll(() => roll.count()).toBe(0);
    await expect.poll(() => activeTestId(hicks)).toBe('encounter-heading');

    // The GM's "Declare the aliens (AA)" goes away once they are declared, too (round 1, from the kit).
    const declaring = fightAt('near', [{ name: 'Vasquez', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    const round1 = await importTable(suite.server.url, 'Focus, round 1', declaring.t.log);
    const gmPage = await openSeat(suite.browser, round1.gm as string);
    const declare = gmPage.getByRole('button', { name: 'Declare the aliens (AA)' });
    await declare.focus();
    await gmPage.keyboard.press('Enter');
    await expect.poll(() => declare.count()).toBe(0);
    await expect.poll(() => activeTestId(gmPage)).toBe('encounter-heading');
    for (const page of [gmPage, hicks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });
});
