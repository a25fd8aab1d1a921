import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { endAndDebrief, settleLevels, squad } from '../../rules/three-sixteen/campaign/test-kit.ts';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import type { Trooper } from '../../rules/three-sixteen/state.ts';
import { browserSuite, enterFaces, importTable, openSeat, pageProblems, shot } from './browser-kit.ts';

/**
 * The campaign beyond one encounter, as players meet it (tables built by the rules and imported):
 * a field promotion the candidates' players may roll, a conflict shown first on a phone, the
 * rotating GM's hand-over, and the level roll told in the log with its dice.
 */

browserSuite('3:16 campaign steps in the browser', (suite) => {
  /** Vertical position of an element on the page, for "which comes first". */
  const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())?.y;

  it('lets a candidate’s player roll the field promotion, and the GM roll it from the keyboard', async () => {
    const tough = (name: string, nfa: number) => ({
      name,
      fa: 10 - nfa,
      nfa,
      rank: 1,
      patch: { armourPolicy: 'useWhenAvailable' } as Partial<Trooper>,
    });
    const hand = { kind: 'fa', weapon: 'handToHand' } as const;
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'Sarge', fa: 5, nfa: 5, rank: 2, patch: { health: ['X', 'X', null], armourPolicy: 'never' } },
        tough('Hicks', 4),
        tough('Vasquez', 5),
      ],
      { tokens: 2 },
    );
    // Everyone fails and the aliens' 1 kills the Sergeant: two Corporals are next in line.
    playRound(t, gm, { t1: hand, t2: hand, t3: hand }, { aliens: 1, t1: 10, t2: 10, t3: 10 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    const urls = await importTable(suite.server.url, 'Field promotion', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const hicks = await openSeat(suite.browser, urls.p2 as string, true);
    const sarge = await openSeat(suite.browser, urls.p1 as string, true);

    const alert = hicks.getByRole('region', { name: 'Field promotion' });
    await alert.getByRole('button', { name: 'Test the candidates’ NFA' }).waitFor();
    expect(await alert.textContent()).toContain('a tie rolls again');
    await shot(hicks, '316-field-promotion-phone.png');
    // The fallen Sergeant's player is no candidate: told who rolls, offered nothing.
    const theirs = sarge.getByRole('region', { name: 'Field promotion' });
    await expect.poll(() => theirs.textContent()).toContain('The GM or a candidate’s player rolls.');
    expect(await theirs.getByRole('button').count()).toBe(0);

    // The GM reaches the button with Tab and presses Enter; 9 and 9 tie, then 6 and 8: Vasquez.
    await gmPage.getByLabel('my own dice').check();
    const button = gmPage.getByRole('button', { name: 'Test the candidates’ NFA' });
    for (let i = 0; i < 40 && !(await button.evaluate((b) => b === document.activeElement)); i++)
      await gmPage.keyboard.press('Tab');
    await gmPage.keyboard.press('Enter');
    await enterFaces(gmPage, [9, 9, 6, 8]);
    await gmPage.locator('ol.log li', { hasText: 'Field promotion: Vasquez becomes Sergeant' }).waitFor();
    await expect.poll(() => hicks.getByRole('region', { name: 'Field promotion' }).count()).toBe(0);
    for (const page of [gmPage, hicks, sarge]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('shows a conflict under way first on a phone, and the action choice only while declaring', async () => {
    const { t, gm, p } = squad([
      { name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle' },
      { name: 'Frinks', fa: 4, nfa: 8, rank: 3 },
    ]);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    const urls = await importTable(suite.server.url, 'Conflict first', t.log);
    const smile = await openSeat(suite.browser, urls.p1 as string, true);
    const conflict = smile.getByRole('region', { name: 'Conflict' });
    await conflict.getByRole('button', { name: 'Declare for Smile' }).waitFor();
    // Above the mission's scenes and the planet, where the phone opens.
    const conflictTop = await top(smile, 'section[aria-label="Conflict"]');
    const deskTop = await top(smile, '.ts-columns');
    expect(conflictTop).toBeLessThan(deskTop as number);
    // Smile's declaration is in; Frinks's comes from his own page.
    await conflict.getByRole('button', { name: 'Declare for Smile' }).click();
    const frinks = await openSeat(suite.browser, urls.p2 as string);
    const theirs = frinks.getByRole('region', { name: 'Conflict' });
    await theirs.getByLabel('Conflict action').selectOption('emotional');
    await theirs.getByRole('button', { name: 'Declare for Frinks' }).click();
    expect(await conflict.getByLabel('Conflict action').count()).toBe(1);
    // The GM types the round's dice: Smile's 5 beats Frinks's 3 and waits for Smile's player.
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    await gmPage.getByLabel('my own dice').check();
    await gmPage.getByRole('button', { name: 'Roll the round' }).click();
    await enterFaces(gmPage, [5, 3]);
    await conflict.getByRole('button', { name: 'Let this success land' }).waitFor();
    // Nothing is declared now, so no action list that reads like a choice still open.
    expect(await conflict.getByLabel('Conflict action').count()).toBe(0);
    await gmPage.context().close();
    await shot(smile, '316-conflict-first-phone.png');
    for (const page of [smile, frinks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('tells the named player they run the next mission, then hands them the GM’s controls', async () => {
    const { t, gm, p } = squad([
      { name: 'Hicks', fa: 6, nfa: 4 },
      { name: 'Vasquez', fa: 7, nfa: 3, rank: 1 },
    ]);
    endAndDebrief(t, gm);
    // Both have 0 kills, a tie for the most: the roll-off (5 against 6) gives Vasquez the level;
    // Hicks's d10 for the rest (4) is the best of them, so he gains one too.
    t.send(gm, { type: 'rollLevels' }, [5, 6, 4]);
    const urls = await importTable(suite.server.url, 'Rotating GM', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const hicks = await openSeat(suite.browser, urls.p1 as string, true);

    // The log says who rolled what for the levels, not only who gained one.
    const levels = gmPage.locator('ol.log li', { hasText: 'roll off (Hicks 5, Vasquez 6): Vasquez wins' });
    await levels.waitFor();
    expect(await levels.textContent()).toContain('the rest roll a d10 (Hicks 4).');
    // A player whose level waits is told it is their move.
    const vasquez = await openSeat(suite.browser, urls.p2 as string, true);
    const waiting = vasquez.getByRole('region', { name: 'Waiting for' });
    await expect.poll(() => waiting.textContent()).toContain('Your move.');
    expect(await waiting.locator('li.ts-me').count()).toBeGreaterThan(0);
    await vasquez.context().close();

    await gmPage.getByLabel('Next mission’s GM').selectOption({ label: 'Hicks' });
    await gmPage.getByRole('button', { name: 'Name the next mission’s GM' }).click();
    // Named after mission 1's debrief, Hicks holds the chair at once, and the page says so.
    await expect
      .poll(() => hicks.getByTestId('next-gm').textContent())
      .toContain('You run mission 2: the GM’s controls are yours from now on');
    expect(await hicks.getByTestId('next-gm').textContent()).not.toContain('once this mission is debriefed');
    await hicks.getByRole('region', { name: 'New planet' }).waitFor();
    await shot(hicks, '316-rotating-gm-named-phone.png');
    // After a reload the GM's choice still shows who is named, and naming them again is greyed out.
    await gmPage.reload();
    await expect.poll(() => gmPage.getByTestId('next-gm').textContent()).toBe('Mission 2 is run by Hicks.');
    expect(await gmPage.getByLabel('Next mission’s GM').inputValue()).toBe('p1');
    expect(await gmPage.getByRole('button', { name: 'Name the next mission’s GM' }).isDisabled()).toBe(true);
    await hicks.context().close();

    // Named after the debrief, Hicks's phone carries the GM's controls: he makes the planet (here
    // through the rules kit) and briefs the squad.
    t.send(gm, { type: 'setMissionGm', seatId: 'p1' });
    settleLevels(t, gm);
    t.send(p(1), { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    const later = await importTable(suite.server.url, 'Rotating GM, mission 2', t.log);
    const standIn = await openSeat(suite.browser, later.p1 as string, true);
    await standIn.getByLabel('Briefing text').fill('Hicks runs this one.');
    await standIn.getByRole('button', { name: 'Brief the squad' }).click();
    await standIn.getByRole('button', { name: 'Start encounter' }).waitFor();
    await shot(standIn, '316-rotating-gm-phone.png');
    await standIn.context().close();
    await gmPage.context().close();
    expect(pageProblems).toEqual([]);
  });
  it('offers the GM the debrief again after mission 2, not mission 1’s finished record', async () => {
    const { t, gm } = squad([{ name: 'Hicks', fa: 6, nfa: 4 }]);
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    t.send(gm, { type: 'briefMission', text: 'Again.' });
    t.send(gm, { type: 'endMission' });
    const urls = await importTable(suite.server.url, 'Second debrief', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const after = gmPage.getByRole('region', { name: 'After the mission' });
    await after.getByRole('button', { name: 'Debrief the mission' }).waitFor();
    expect(await after.textContent()).not.toContain('Mission 1 debriefed');
    await gmPage.context().close();
    expect(pageProblems).toEqual([]);
  });
  it('brings in a replacement through a form whose every control says what it is', async () => {
    const { t, gm } = squad([
      { name: 'Hicks', fa: 5, nfa: 5 },
      { name: 'Hudson', fa: 6, nfa: 4 },
    ]);
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't2', value: 'dead' },
      reason: 'lost in the vents',
    });
    endAndDebrief(t, gm);
    const urls = await importTable(suite.server.url, 'Replacement', t.log);
    const hudson = await openSeat(suite.browser, urls.p2 as string);
    const form = hudson.getByRole('region', { name: 'Replacement for Hudson' });
    await form.waitFor();
    // Every control is found by its visible label (no placeholder-only or unlabelled boxes).
    await form.getByLabel('Name').fill('Drake');
    await form.getByLabel('FA').fill('7');
    expect(await form.getByLabel('Rank').inputValue()).toBe('0');
    expect(await form.textContent()).toContain('NFA 3 (total 10)');
    // On a desktop the FA box stays a small number box, not a full-width field.
    const box = await form.getByLabel('FA').boundingBox();
    expect(box?.width ?? 0).toBeLessThan(120);
    await shot(hudson, '316-replacement-desktop.png');
    await form.getByRole('button', { name: 'Bring in the replacement' }).click();
    // Starting kills: one d10 per FA point, rolled by the app for this seat.
    await hudson
      .locator('ol.log li', { hasText: 'Drake replaces Hudson (FA 7, NFA 3); starting kills' })
      .waitFor();
    await expect.poll(() => hudson.getByRole('region', { name: 'Replacement for Hudson' }).count()).toBe(0);
    await hudson.context().close();
    expect(pageProblems).toEqual([]);
  });
});
