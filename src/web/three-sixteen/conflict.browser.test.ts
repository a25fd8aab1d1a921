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
import { describeThreeSixteenEvent } from './describe-event.ts';

/**
 * Conflicts built by the rules and imported: a better success waiting for its side (only that
 * side's player and the GM may call it off), a Strength the loser answers with a Weakness, and a
 * failed FA die held for combat drugs.
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

describe.skipIf(!browserTestsCanRun())('3:16 conflict in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  withBrowserAndServer((b, s) => {
    browser = b;
    server = s;
  });

  it('offers "Call off this success" to the side that goes first, and the log names who did', async () => {
    const { t, gm } = smileAgainstFrinks();
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
    const urls = await importTable(server.url, 'Weakness answer drill', t.log);
    const gmPage = await openSeat(browser, urls.gm as string);
    const smile = await openSeat(browser, urls.p1 as string);
    const frinks = await openSeat(browser, urls.p2 as string);

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
    await theirs.getByLabel('Conflict text').fill('Smile carries the radio.');
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
    const urls = await importTable(server.url, 'Drugs drill', t.log);
    const smile = await openSeat(browser, urls.p1 as string);
    const frinks = await openSeat(browser, urls.p2 as string);
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
