import type { Page, WebSocketRoute } from 'playwright-core';
import { expect, it } from 'vitest';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import {
  artifact,
  browserSuite,
  enterFaces,
  importTable,
  openSeat,
  pageProblems,
  shot,
} from './browser-kit.ts';

/**
 * What a campaign played on a phone, a desktop and real dice found missing (tables built by the
 * rules and imported): a "your move" mark on the tabs away from the encounter, the aliens' moves
 * offered only where the rules allow and never dropped unsaid, a word on an FA that can kill
 * nothing, a d10's 0 read as 10, the declare form starting from the declaration that stands, and
 * a command typed while the server is away said to be waiting.
 */

const RIFLE = { kind: 'fa', weapon: 'energyRifle' } as const;

browserSuite('3:16 turns: whose move, and what a command will do', (suite) => {
  const close = async (...pages: Page[]) => {
    for (const page of pages) await page.context().close();
  };
  const fits = (page: Page) =>
    page.evaluate(() => {
      const game = document.querySelector('.game');
      return (
        document.documentElement.scrollWidth <= window.innerWidth &&
        (!game || game.scrollWidth <= game.clientWidth)
      );
    });

  it('marks the tab holding this seat’s move, in words, and says nothing once it is made', async () => {
    const { t } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const urls = await importTable(suite.server.url, 'Marks', t.log);
    const phone = await openSeat(suite.browser, urls.p1 as string, true);
    const gm = await openSeat(suite.browser, urls.gm as string);

    // The encounter waits for Hicks's declaration: the section tab says so, wherever he is.
    const encounterTab = phone.getByRole('button', { name: 'Encounter, your move' });
    await encounterTab.waitFor();
    expect(await encounterTab.locator('.ts-your-move').textContent()).toBe('your move');
    await phone.getByRole('button', { name: 'Sheets', exact: true }).click();
    await phone.getByRole('article', { name: 'Sheet of Hicks' }).waitFor();
    expect(await encounterTab.isVisible()).toBe(true);
    expect(await phone.locator('.ts-tabs [role="status"]').textContent()).toBe('Your move: see Encounter.');
    // The page's own tabs: reading the log, the "Game" tab carries the mark.
    await phone.getByRole('tab', { name: /^Log and dice/ }).click();
    const gameTab = phone.getByRole('tab', { name: 'Game, your move' });
    await gameTab.waitFor();
    expect(await gameTab.locator('.tab-move').textContent()).toBe('your move');
    expect(await fits(phone)).toBe(true);
    await phone.screenshot({ path: artifact('316-your-move-log-phone.png') });
    expect(await phone.title()).toBe('Your move · Marks · Bughunt');

    // Nothing waits on the GM yet but the aliens' declaration, which is the GM's: marked there too.
    await gm.getByRole('button', { name: 'Encounter, your move' }).waitFor();

    // Hicks declares: the table now waits on the GM alone, and Hicks's tabs go quiet.
    await gameTab.click();
    await phone.getByRole('button', { name: /^Encounter/ }).click();
    await phone
      .getByRole('form', { name: 'Declare for Hicks' })
      .getByRole('button', { name: 'Declare', exact: true })
      .click();
    await phone.getByRole('button', { name: 'Encounter', exact: true }).waitFor();
    expect(await phone.locator('.ts-your-move').count()).toBe(0);
    expect(await phone.getByRole('tab', { name: 'Game', exact: true }).count()).toBe(1);
    expect(await phone.locator('.tab-move').count()).toBe(0);
    await expect.poll(() => phone.title()).toBe('Marks · Bughunt');
    await gm.getByRole('button', { name: 'Encounter, your move' }).waitFor();
    await close(phone, gm);
    expect(pageProblems).toEqual([]);
  });

  it('offers the aliens’ moves only where legal, and the main action takes the chosen move', async () => {
    // Hicks's 6 acts before the aliens' 5; Vasquez fails (9), so the aliens act before her.
    const { t, gm: gmSeat } = fightAt(
      'near',
      [
        { name: 'Hicks', fa: 6, nfa: 4 },
        { name: 'Vasquez', fa: 5, nfa: 5 },
      ],
      { aa: 5 },
    );
    playRound(t, gmSeat, { t1: RIFLE, t2: RIFLE }, { t1: 6, t2: 9, aliens: 5 });
    t.send(gmSeat, { type: 'takeTurn', actor: 't1' }, [1]);
    const urls = await importTable(suite.server.url, 'Alien moves', t.log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    const turn = gm.getByRole('group', { name: 'Turn of Aliens' });
    await turn.waitFor();

    // Only Vasquez may be moved, one step either way (no Leaping), each choice saying where to.
    expect(await turn.getByLabel(/^Move Hicks/).count()).toBe(0);
    const move = turn.getByLabel(/^Move Vasquez/);
    const options = await move.locator('option').allTextContents();
    expect(options).toEqual(['1 closer (to Close)', 'stay', '1 farther (to Far)']);

    // A move chosen: the main action says it will make it, and cancelling says why it cannot.
    await move.selectOption({ label: '1 closer (to Close)' });
    const act = turn.getByRole('button', { name: 'Act, then move Vasquez' });
    await act.waitFor();
    const cancel = turn.getByRole('button', { name: /^Cancel this success/ });
    expect(await cancel.isDisabled()).toBe(true);
    const why = gm.locator(`[id="${await cancel.getAttribute('aria-describedby')}"]`);
    expect(await why.textContent()).toContain('a cancelled success moves no one');
    expect(await turn.getByRole('button', { name: 'Act', exact: true }).count()).toBe(0);
    await turn.scrollIntoViewIfNeeded();
    await gm.screenshot({ path: artifact('316-alien-moves-desktop.png') });
    await act.click();
    // The move went with the attack: Vasquez now stands at Close.
    await gm.locator('[data-lane="close"] .ts-chip[data-trooper="t2"]').waitFor();
    expect(await gm.locator('[data-lane="near"] .ts-chip[data-trooper="t1"]').count()).toBe(1);
    await close(gm);
    expect(pageProblems).toEqual([]);
  });

  it('warns of an FA that kills nothing from where the trooper stands, without blocking it', async () => {
    const { t } = fightAt('far', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const urls = await importTable(suite.server.url, 'Wasted FA', t.log);
    const phone = await openSeat(suite.browser, urls.p1 as string, true);
    const form = phone.getByRole('form', { name: 'Declare for Hicks' });
    const weapon = form.locator('select[name="weapon"]');
    await weapon.waitFor();
    // The Energy Rifle kills at Far: nothing to say.
    expect(await form.getByTestId('fa-wasted').count()).toBe(0);
    await weapon.selectOption('grenades');
    const warning = form.getByTestId('fa-wasted');
    await expect
      .poll(() => warning.textContent())
      .toBe('Grenades: no kills at Far — a success would be wasted');
    // Tied to the choice and the button, so it is heard where it matters.
    const warnId = await warning.getAttribute('id');
    expect(await weapon.getAttribute('aria-describedby')).toBe(warnId);
    const declare = form.getByRole('button', { name: 'Declare', exact: true });
    expect(await declare.getAttribute('aria-describedby')).toContain(warnId);
    expect(await declare.isDisabled()).toBe(false);
    expect(await fits(phone)).toBe(true);
    await form.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: artifact('316-fa-wasted-phone.png') });
    await declare.click();
    await expect.poll(() => form.textContent()).toContain('Change declaration');
    await close(phone);
    expect(pageProblems).toEqual([]);
  });

  it('starts the declare form from the declaration that stands, after a reload', async () => {
    const { t, gm: gmSeat } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    t.send(gmSeat, {
      type: 'declare',
      trooperId: 't1',
      declaration: { kind: 'nfa', task: { kind: 'manoeuvre', move: 'closer', text: 'crawl under the wire' } },
    });
    const urls = await importTable(suite.server.url, 'Declared', t.log);
    const page = await openSeat(suite.browser, urls.p1 as string);
    const form = page.getByRole('form', { name: 'Declare for Hicks' });
    const select = form.locator('select[name="declaration"]');
    await select.waitFor();
    expect(await select.inputValue()).toBe('closer');
    expect(await form.getByLabel('What the trooper does').inputValue()).toBe('crawl under the wire');
    // Changed here, then the page reloads: the form shows the new declaration, not "FA: fight".
    await select.selectOption('farther');
    await form.getByRole('button', { name: 'Change declaration' }).click();
    await expect.poll(() => page.locator('.ts-root').textContent()).toContain('NFA: move farther');
    await page.reload();
    await expect.poll(() => form.locator('select[name="declaration"]').inputValue()).toBe('farther');
    await close(page);
    expect(pageProblems).toEqual([]);
  });

  it('reads a d10’s 0 as 10, and says a roll typed while the server is away waits to be sent', async () => {
    const { t, gm: gmSeat } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    t.send(gmSeat, { type: 'declare', trooperId: 't1', declaration: RIFLE });
    t.send(gmSeat, { type: 'declareAliens' });
    const urls = await importTable(suite.server.url, 'Offline dice', t.log);
    const phone = await openSeat(suite.browser, urls.p1 as string, true);
    // The phone's connection goes through here: `down` refuses it, as a server that is away.
    let down = false;
    const sockets: WebSocketRoute[] = [];
    await phone.routeWebSocket(/\/ws\/tables\//, (ws) => {
      if (down) {
        void ws.close({ code: 4000, reason: 'server away' });
        return;
      }
      ws.connectToServer();
      sockets.push(ws);
    });
    await phone.reload();
    await phone.getByLabel('my own dice').check();
    await phone.getByRole('button', { name: /Roll d10 for FA/ }).click();
    const prompt = phone.locator('.ts-dice-prompt');
    await expect.poll(() => prompt.textContent()).toContain('A 0 on the die counts as 10');

    down = true;
    for (const ws of sockets.splice(0)) await ws.close({ code: 4000, reason: 'server away' });
    await phone
      .getByText(/Reconnecting/)
      .first()
      .waitFor();
    const face = prompt.locator('input[name="face"]');
    await face.fill('0');
    await face.press('Enter');
    // Nothing went: the page says the roll waits, above the tabs and in the dice box.
    const note = phone.getByTestId('waiting-to-send');
    await expect
      .poll(() => note.textContent())
      .toBe('Waiting to send your last action — it will go when the connection is back.');
    expect(await note.getAttribute('role')).toBe('status');
    await expect.poll(() => prompt.getByTestId('dice-waiting').textContent()).toContain('Waiting to send');
    expect(await fits(phone)).toBe(true);
    await shot(phone, '316-waiting-to-send-phone.png');
    // Still said on the log's tab.
    await phone.getByRole('tab', { name: /^Log and dice/ }).click();
    expect(await note.isVisible()).toBe(true);
    await phone.getByRole('tab', { name: /^Game/ }).click();

    // The server is back: the roll goes, read as a 10 (a failure against FA 6), and the note goes.
    down = false;
    const retry = phone.getByRole('button', { name: 'Retry now' });
    // The client also retries on its own timer: if it reconnects first, the button goes away mid-click,
    // which is fine (the checks below say whether the roll went).
    if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(() => note.count()).toBe(0);
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => phone.locator('.ts-round').textContent()).toContain('10 vs 6 failure');
    await close(phone);
    expect(pageProblems).toEqual([]);
  });

  it('says nothing of a 0 for a die other than the d10', async () => {
    // A d6 is not a d10: its prompt says nothing of a 0.
    const { t, gm: gmSeat } = fightAt('close', [
      {
        name: 'Hicks',
        fa: 6,
        nfa: 4,
        patch: {
          weapons: [{ weapon: 'powerClaw', steps: { close: 2, near: null, far: null } }],
          currentWeapon: 'powerClaw',
        },
      },
    ]);
    playRound(t, gmSeat, { t1: { kind: 'fa', weapon: 'powerClaw' } }, { t1: 2, aliens: 9 });
    const urls = await importTable(suite.server.url, 'A d6', t.log);
    const page = await openSeat(suite.browser, urls.p1 as string);
    await page.getByLabel('my own dice').check();
    await page
      .getByRole('group', { name: 'Turn of Tpr Hicks' })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    const prompt = page.locator('.ts-dice-prompt');
    await expect.poll(() => prompt.textContent()).toContain('roll d6');
    expect(await prompt.textContent()).not.toContain('counts as 10');
    await enterFaces(page, [4]);
    await close(page);
    expect(pageProblems).toEqual([]);
  });
});
