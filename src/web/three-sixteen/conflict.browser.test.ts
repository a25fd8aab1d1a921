import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { squad } from '../../rules/three-sixteen/campaign/test-kit.ts';
import type { Trooper } from '../../rules/three-sixteen/state.ts';
import { browserSuite, enterFaces, importTable, openSeat, pageProblems, shot } from './browser-kit.ts';
import { describeThreeSixteenEvent } from './describe-event.ts';

/**
 * Conflicts built by the rules and imported: a better success waiting for its side (only that
 * side's player and the GM may call it off), a Strength the loser answers with a Weakness, a
 * failed FA die held for combat drugs; each side's own action list; focus after each action, and
 * the one line an ended conflict leaves next to the form that starts the next.
 */

/**
 * Smile (FA 7) against Lt Frinks (NFA 8), both failing Dominance (so at Far), Smile declaring FA
 * and Frinks an emotional attack: the round's dice are next.
 */
function smileAgainstFrinks() {
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
  return { t, gm, p };
}

/**
 * Smile against Frinks at Far, round 1, nobody declared yet (Bo, a third player, is not in it).
 * `frinks` patches Frinks's trooper (an NFA of 10 makes every NFA test of his succeed).
 */
function declaringAtFar(frinks: Partial<Trooper> = {}) {
  const { t, gm, p } = squad(
    [
      { name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle' },
      { name: 'Frinks', fa: 4, nfa: 8, rank: 3, patch: frinks },
      { name: 'Bo', fa: 5, nfa: 5 },
    ],
    { aa: 6 },
  );
  t.send(p(1), {
    type: 'startConflict',
    a: { kind: 'trooper', trooperId: 't1' },
    b: { kind: 'trooper', trooperId: 't2' },
  });
  // Both succeed (2 and 3), Frinks's higher one wins, and Frinks keeps them at Far.
  t.send(gm, { type: 'rollConflictDominance' }, [2, 3]);
  t.send(p(2), { type: 'setConflictRange', range: 'far' });
  return { t, gm, p };
}

/** What has focus: its test id, else its text (a control's words), or 'body' when nothing does. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return (
      a.getAttribute('data-testid') ?? a.getAttribute('aria-label') ?? a.textContent?.trim() ?? a.tagName
    );
  });

/** Whether the page fits its width (no sideways scrolling on a phone). */
const fits = (page: Page) =>
  page.evaluate(() => {
    const game = document.querySelector('.game');
    return (
      document.documentElement.scrollWidth <= window.innerWidth &&
      (!game || game.scrollWidth <= game.clientWidth)
    );
  });

browserSuite('3:16 conflict in the browser', (suite) => {
  it('lists each side’s own weapons only, says why a declaration is held back, and shows an outsider no empty boxes', async () => {
    const { t } = declaringAtFar();
    const urls = await importTable(suite.server.url, 'Own weapons', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const smile = await openSeat(suite.browser, urls.p1 as string);
    const bo = await openSeat(suite.browser, urls.p3 as string, true);
    const options = (page: Page, name: string) =>
      page.getByLabel(`Conflict action for ${name}`).locator('option').allTextContents();

    const mine = smile.getByRole('region', { name: 'Conflict' });
    await mine.getByRole('button', { name: 'Declare for Smile' }).waitFor();
    // Smile's list: Smile's spare weapons, none of Frinks's; at Far only a step closer.
    const smiles = await options(smile, 'Smile');
    expect(smiles).toEqual(
      expect.arrayContaining(['NFA: take the Grenades', 'NFA: take the Hand-to-Hand', 'move closer']),
    );
    expect(smiles.join('|')).not.toMatch(/Slug Rifle|Sidearm|PowerClaw|Energy Rifle|move farther/);
    // Smile's player is offered nothing for Frinks.
    expect(await mine.getByLabel('Conflict action for Frinks').count()).toBe(0);
    expect(await mine.getByRole('button', { name: 'Declare for Frinks' }).count()).toBe(0);
    // The GM plays both sides: each list is that side's own.
    await gmPage.getByLabel('Conflict action for Frinks').waitFor();
    const frinks = await options(gmPage, 'Frinks');
    expect(frinks).toEqual(expect.arrayContaining(['NFA: take the Sidearm', 'NFA: take the PowerClaw']));
    expect(frinks.join('|')).not.toMatch(/Slug Rifle|Energy Rifle|Grenades/);
    expect(await options(gmPage, 'Smile')).toEqual(smiles);

    // "Something else" needs words: the button stays, greyed out, and says so.
    await mine.getByLabel('Conflict action for Smile').selectOption('other');
    const declare = mine.getByRole('button', { name: 'Declare for Smile' });
    expect(await declare.isDisabled()).toBe(true);
    expect(await mine.textContent()).toContain('say what Smile does first');
    await mine.getByLabel('What Smile does').fill('Pulls rank on the radio');
    await expect.poll(() => declare.isDisabled()).toBe(false);

    // Bo is not in it: the conflict is there to read, with no list, box or button to use.
    const theirs = bo.getByRole('region', { name: 'Conflict' });
    await expect.poll(() => theirs.textContent()).toContain('Conflict: Smile against Frinks');
    expect(await theirs.locator('select, input, textarea, button').count()).toBe(0);
    expect(await fits(bo)).toBe(true);
    for (const page of [gmPage, smile, bo]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('moves focus to the seat’s next step after Declare and Roll the round, and says who is hit', async () => {
    const { t } = declaringAtFar({ nfa: 10 });
    const urls = await importTable(suite.server.url, 'Conflict focus', t.log);
    const smile = await openSeat(suite.browser, urls.p1 as string, true);
    const frinks = await openSeat(suite.browser, urls.p2 as string);
    const mine = smile.getByRole('region', { name: 'Conflict' });
    const theirs = frinks.getByRole('region', { name: 'Conflict' });

    // Smile declares from the keyboard; Frinks has still to declare, so Smile waits: the heading.
    await mine.getByLabel('Conflict action for Smile').selectOption('emotional');
    await mine.getByRole('button', { name: 'Declare for Smile' }).focus();
    await smile.keyboard.press('Enter');
    await expect.poll(() => focused(smile)).toBe('conflict-heading');
    await expect.poll(() => mine.textContent()).toContain('Declared: NFA (emotional)');
    await shot(smile, '316-conflict-declared-phone.png');

    // Frinks declares too: both sides are in, and the roll is what Frinks's seat may do next.
    await theirs.getByLabel('Conflict action for Frinks').selectOption('emotional');
    await theirs.getByRole('button', { name: 'Declare for Frinks' }).focus();
    await frinks.keyboard.press('Enter');
    await expect.poll(() => focused(frinks)).toBe('Roll the round');

    // Smile rolls with real dice: a player types only their own die, so Smile's 5 fails NFA 3,
    // and Frinks's die (the table's) cannot miss NFA 10: an E on Smile.
    await smile.getByLabel('my own dice').check();
    const roll = mine.getByRole('button', { name: 'Roll the round' });
    await roll.focus();
    await smile.keyboard.press('Enter');
    await enterFaces(smile, [5]);
    // The hit is Smile's to answer: said as an alert there, as a status to Frinks.
    await mine.getByRole('alert').filter({ hasText: 'Smile is hit (E' }).waitFor();
    await theirs.getByRole('status').filter({ hasText: 'Smile is hit (E' }).waitFor();
    await expect.poll(() => focused(smile)).toBe('Take the hit');
    await smile.keyboard.press('Enter');
    // Round 2: Smile's next step is choosing an action again.
    await expect.poll(() => focused(smile)).toBe('Conflict action for Smile');
    await expect.poll(() => theirs.textContent()).toContain('Step: declarations, round 2');
    expect(await fits(smile)).toBe(true);
    for (const page of [smile, frinks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('says who yielded, then leaves one line on how it ended and the form to start the next', async () => {
    const { t, p } = declaringAtFar();
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'emotional' } });
    const urls = await importTable(suite.server.url, 'Yield and again', t.log);
    const smile = await openSeat(suite.browser, urls.p1 as string, true);
    const frinks = await openSeat(suite.browser, urls.p2 as string);
    const bo = await openSeat(suite.browser, urls.p3 as string);
    const mine = smile.getByRole('region', { name: 'Conflict' });
    const theirs = frinks.getByRole('region', { name: 'Conflict' });

    await mine.getByRole('button', { name: 'Smile yields' }).click();
    // Frinks is told who yielded and what the answer does; the step is the yield, not declaring.
    const said = theirs.getByRole('alert').filter({ hasText: 'Smile yields.' });
    await said.waitFor();
    expect(await said.textContent()).toContain('If Frinks accepts, the conflict ends and Frinks wins it');
    expect(await theirs.textContent()).toContain('Step: a yield waiting for an answer, round 1');
    expect(await theirs.textContent()).not.toContain('Step: declarations');
    await theirs.getByRole('button', { name: 'Accept the yield' }).focus();
    await frinks.keyboard.press('Enter');

    // Over: one line for everyone, below the phase's screens, and focus on it for Frinks.
    const line = 'Last conflict: Frinks wins against Smile (Smile yielded).';
    await expect.poll(() => focused(frinks)).toBe('conflict-outcome');
    for (const page of [smile, frinks, bo]) {
      await expect.poll(() => page.getByTestId('conflict-outcome').textContent()).toBe(line);
      expect(await page.getByTestId('conflict-heading').count()).toBe(0);
      const outcomeTop = (await page.getByTestId('conflict-outcome').boundingBox())?.y ?? 0;
      const deskTop = (await page.locator('.ts-columns').first().boundingBox())?.y ?? 0;
      expect(outcomeTop).toBeGreaterThan(deskTop);
    }
    // Frinks may give the order; Smile may not, and Bo has nothing to do with it.
    await frinks.getByLabel('Order for Smile').waitFor();
    expect(await smile.getByLabel('Order for Smile').count()).toBe(0);
    expect(await bo.getByLabel('Order for Smile').count()).toBe(0);
    expect(await fits(smile)).toBe(true);
    await shot(smile, '316-conflict-over-phone.png');

    // Bo starts the next one from the form, by keyboard: its first step takes focus.
    await bo.getByText('Start a conflict without Threat Tokens').click();
    await bo.getByLabel('NPC name').fill('Lt Gorman');
    await bo.getByRole('button', { name: 'Start the conflict' }).focus();
    await bo.keyboard.press('Enter');
    await expect.poll(() => focused(bo)).toBe('Roll Dominance');
    await expect
      .poll(() => bo.getByTestId('conflict-heading').textContent())
      .toBe('Conflict: Bo against Lt Gorman');
    // The old outcome is gone with it.
    await expect.poll(() => smile.getByTestId('conflict-outcome').count()).toBe(0);
    for (const page of [smile, frinks, bo]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('offers "Call off this success" to the side that goes first, and the log names who did', async () => {
    const { t, gm } = smileAgainstFrinks();
    // Smile 5 (≤ FA 7) beats Frinks's 3 (≤ NFA 8): Smile's success waits for his player.
    t.send(gm, { type: 'rollConflictRound' }, [5, 3]);
    const urls = await importTable(suite.server.url, 'Cancel drill', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const smile = await openSeat(suite.browser, urls.p1 as string);
    const frinks = await openSeat(suite.browser, urls.p2 as string);

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

  it('lets the loser answer a winning Strength with a Weakness, from the keyboard', async () => {
    const { t, p } = squad([
      { name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle' },
      { name: 'Frinks', fa: 4, nfa: 8, rank: 3 },
    ]);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'trooper', trooperId: 't2' },
    });
    t.send(p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'Parade-ground voice' });
    const urls = await importTable(suite.server.url, 'Weakness answer drill', t.log);
    const gmPage = await openSeat(suite.browser, urls.gm as string);
    const smile = await openSeat(suite.browser, urls.p1 as string);
    const frinks = await openSeat(suite.browser, urls.p2 as string);

    const mine = smile.getByRole('region', { name: 'Conflict' });
    const theirs = frinks.getByRole('region', { name: 'Conflict' });
    await expect.poll(() => mine.getByTestId('conflict-outcome').textContent()).toContain('Frinks wins');
    const box = mine.getByLabel('Smile’s Weakness in answer to the Strength');
    await box.waitFor();
    // The winner has nothing to answer with.
    await theirs.getByTestId('conflict-outcome').waitFor();
    expect(await theirs.getByTestId('conflict-weakness-answer').count()).toBe(0);
    // Typed and sent with Enter, no mouse.
    await box.focus();
    await smile.keyboard.type('Flinches at a raised voice');
    await smile.keyboard.press('Enter');
    await gmPage
      .locator('ol.log li', {
        hasText: 'Smile meets the winning Strength with a Weakness and loses on their own terms',
      })
      .waitFor();
    await expect
      .poll(() => theirs.getByTestId('conflict-outcome').textContent())
      .toContain('Smile answered with a Weakness and took the loss on their own terms');
    expect(await theirs.getByTestId('conflict-outcome').textContent()).toContain('Frinks wins');
    await mine.getByTestId('conflict-weakness-answer').waitFor({ state: 'detached' });
    // The winner's order still follows.
    await theirs.getByLabel('Order for Smile').fill('Smile carries the radio.');
    await theirs.getByRole('button', { name: 'Impose the order' }).click();
    await expect
      .poll(() => mine.getByTestId('conflict-outcome').textContent())
      .toContain('Smile carries the radio.');
    for (const page of [gmPage, smile, frinks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('holds a failed FA die for combat drugs: only its player may re-roll it or keep it', async () => {
    const { t, gm } = smileAgainstFrinks();
    // Smile's 9 misses (FA 7), Frinks's 10 fails too: Smile's die waits for the drugs choice.
    t.send(gm, { type: 'rollConflictRound' }, [9, 10]);
    const urls = await importTable(suite.server.url, 'Drugs drill', t.log);
    const smile = await openSeat(suite.browser, urls.p1 as string);
    const frinks = await openSeat(suite.browser, urls.p2 as string);
    const mine = smile.getByRole('region', { name: 'Conflict' });
    const theirs = frinks.getByRole('region', { name: 'Conflict' });
    await mine.getByTestId('conflict-drugs').waitFor();
    expect(await mine.getByTestId('conflict-drugs').textContent()).toContain(
      'Smile’s FA die (9 against 7) fails',
    );
    await mine.getByRole('button', { name: 'Combat drugs: roll Smile’s FA die again' }).waitFor();
    await theirs.getByTestId('conflict-drugs').waitFor();
    expect(await theirs.getByRole('button', { name: 'Keep the die as it fell' }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: 'Let this success land' }).count()).toBe(0);
    await mine.getByRole('button', { name: 'Keep the die as it fell' }).click();
    await expect.poll(() => theirs.textContent()).toContain('Step: declarations, round 2');
    await smile
      .locator('ol.log li', { hasText: 'Smile keeps the FA die as it fell, without combat drugs' })
      .waitFor();
    for (const page of [smile, frinks]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });
});

describe('3:16 conflict log lines for the drugs, the bonus and a Weakness answer', () => {
  const started = {
    type: 'conflict.started',
    sides: { a: { kind: 'trooper', trooperId: 't1' }, b: { kind: 'trooper', trooperId: 't2' } },
    description: '',
  };
  const names = (id: string) => ({ t1: 'Smile', t2: 'Frinks' })[id] ?? id;
  const line = (e: { type: string } & Record<string, unknown>) =>
    describeThreeSixteenEvent(e, names, (type) => (type === 'conflict.started' ? started : undefined));

  it('names the trooper in each new line', () => {
    expect(line({ type: 'conflict.drugsUsed', side: 'a', face: 10, target: 7, success: false })).toBe(
      'Conflict: Smile takes combat drugs and rolls the FA die again: 10 against 7, failure, and the drugs deal Smile a Kill',
    );
    expect(line({ type: 'conflict.drugsUsed', side: 'b', face: 3, target: 4, success: true })).toBe(
      'Conflict: Frinks takes combat drugs and rolls the FA die again: 3 against 4, success',
    );
    expect(line({ type: 'conflict.diceKept', sides: ['a', 'b'] })).toBe(
      'Conflict: Smile and Frinks keep the FA die as it fell, without combat drugs',
    );
    expect(line({ type: 'conflict.strengthAnswered', side: 'a', text: 'Flinches', slot: 0 })).toBe(
      'Conflict: Smile meets the winning Strength with a Weakness and loses on their own terms: “Flinches”',
    );
    const face = (f: number, target: number) => ({ face: f, target, success: f <= target });
    expect(
      line({ type: 'conflict.roundRolled', tests: { a: face(8, 8), b: face(9, 8) }, prepared: ['a'] }),
    ).toBe(
      'Conflict round: Smile 8 against 8, success; Frinks 9 against 8, failure (Smile with the GM’s +1 for preparation)',
    );
  });
});
