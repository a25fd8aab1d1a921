import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { fightAt } from '../../rules/three-sixteen/encounter/test-kit.ts';
import {
  artifact,
  browserSuite,
  enterFaces,
  importTable,
  newTable,
  openSeat,
  pageProblems,
  shot,
} from './browser-kit.ts';

/**
 * A GM and three players, each in their own browser context, play 3:16 in the web app (the shell
 * mounts the 3:16 screens) with entered (physical) dice, so every outcome is fixed: troopers,
 * ranks, a planet, the token cap, odds from the simulator, an encounter with armour, a colour
 * narration, a Weakness, a reload mid-round, a Strength that ends it, a skirmish the GM settles
 * with an override (the final encounter obeys the PCs × 2 cap too), then the final encounter ended
 * by another Strength, and the after-mission steps.
 * No page may log a Content Security Policy complaint or an error.
 */

browserSuite('3:16 at the table, in the browser', (suite) => {
  async function ownDice(page: Page) {
    await page.getByLabel('my own dice').check();
  }

  async function createTrooper(page: Page, name: string, fa: number, weapon: string, faces: number[]) {
    await ownDice(page);
    const form = page.getByRole('form', { name: 'Create a trooper' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Reputation').fill(`${name} <b>never</b> misses roll call`);
    await form.getByLabel('FA (fighting)').fill(String(fa));
    await form.getByLabel(weapon).check();
    await form.getByRole('button', { name: 'Create trooper and roll kills' }).click();
    await enterFaces(page, faces);
    await page.getByRole('article', { name: `Sheet of ${name}` }).waitFor();
  }

  it('creates troopers, lands on a planet, and plays a mission to a Strength', async () => {
    const { gmUrl, playerUrls } = await newTable(suite.server.url, ['Ann', 'Ben', 'Cat']);
    const gm = await openSeat(suite.browser, gmUrl);
    const [hicks, vasquez, hudson] = await Promise.all(playerUrls.map((u) => openSeat(suite.browser, u)));
    if (!hicks || !vasquez || !hudson) throw new Error('three players');

    const hicksPhone = await openSeat(suite.browser, playerUrls[0] as string, true);
    await hicksPhone.getByRole('form', { name: 'Create a trooper' }).getByLabel('Name').fill('Hicks');
    await shot(hicksPhone, '316-create-phone.png');
    await hicksPhone.context().close();

    // Troopers: FA faces are the starting kills, typed from physical dice.
    await createTrooper(hicks, 'Hicks', 6, 'Energy Rifle', [1, 2, 3, 4, 5, 6]);
    await createTrooper(vasquez, 'Vasquez', 7, 'Energy Rifle', [2, 2, 2, 2, 2, 2, 2]);
    await createTrooper(hudson, 'Hudson', 4, 'Slug Rifle', [10, 10, 10, 10]);
    const hicksSheet = hicks.getByRole('article', { name: 'Sheet of Hicks' });
    await expect.poll(() => hicksSheet.getByTestId('kills-total').textContent()).toBe('21');
    // Typed text is shown as text, never as markup.
    await expect.poll(() => hicksSheet.locator('.ts-reputation').textContent()).toContain('<b>never</b>');
    expect(await hicksSheet.locator('.ts-reputation b').count()).toBe(0);

    // A bad split is refused before it is sent, with the validator's words.
    await gm.getByText('Create a trooper for a seat, or an NPC').click();
    await gm.getByRole('form', { name: 'Create a trooper' }).getByLabel('FA (fighting)').fill('1');
    await expect
      .poll(() => gm.locator('.ts-problems').first().textContent())
      .toContain('FA must be at least 2');

    await gm.getByRole('form', { name: 'Create a trooper' }).getByLabel('FA (fighting)').fill('5');
    await shot(gm, '316-gm-setup-desktop.png');

    // Ranks: highest NFA (Hudson) is Sergeant, highest FA of the rest (Vasquez) Corporal.
    await ownDice(gm);
    // Until the ranks are handed out, the planet form says so (landing is still allowed).
    await gm.getByTestId('ranks-pending').waitFor();
    await gm.getByRole('button', { name: 'Assign initial ranks' }).click();
    await expect
      .poll(() => hudson.getByRole('article', { name: 'Sheet of Hudson' }).locator('.ts-rank').textContent())
      .toBe('Sergeant');
    // Dealt once: dealing again (which re-rolls ties) is tucked away instead of the same button.
    expect(await gm.getByRole('button', { name: 'Assign initial ranks' }).count()).toBe(0);
    await gm.getByText('Hand out the ranks again').waitFor();

    // The planet, chosen from the lists: Isolate, AA method 19 (AA = 5).
    await gm.locator('select[name="name"]').selectOption('1');
    await gm.locator('select[name="form"]').selectOption('2');
    await gm.locator('select[name="description"]').selectOption('3');
    await gm.locator('select[name="ability"]').selectOption('12');
    await gm.locator('select[name="aaMethod"]').selectOption('19');
    await expect.poll(() => gm.getByTestId('aa-explanation').textContent()).toContain('AA 5');
    expect(await gm.getByTestId('ranks-pending').count()).toBe(0);
    await gm.getByRole('button', { name: /^Land on / }).click();
    await gm.getByLabel('Briefing text').fill('Clear the landing zone. Nobody goes home early.');
    await gm.getByRole('button', { name: 'Brief the squad' }).click();

    // Encounter planning: over the cap is refused and said so; 4 tokens go in.
    const tokens = gm.locator('input[name="tokens"]');
    await tokens.fill('7');
    await expect
      .poll(() => gm.locator('.ts-plan .ts-problems').getAttribute('data-code'))
      .toBe('OVER_TOKEN_CAP');
    // The sentence, not the code: codes are for the API and the tests.
    expect(await gm.locator('.ts-plan .ts-problems').textContent()).not.toMatch(/[A-Z]+_[A-Z_]+/);
    await expect(gm.getByRole('button', { name: 'Start encounter' }).isDisabled()).resolves.toBe(true);
    // Cleared, the field shows the suggestion as a placeholder and takes a new number as typed.
    await tokens.fill('');
    await tokens.pressSequentially('4');
    expect(await tokens.inputValue()).toBe('4');
    // Ending the mission asks first, saying what is left in the pool.
    await gm.getByRole('button', { name: 'End mission…' }).click();
    await expect
      .poll(() => gm.getByRole('group', { name: 'Confirm the end of the mission' }).textContent())
      .toContain('15 Threat tokens still in the pool');
    await gm.getByRole('button', { name: 'Keep playing' }).click();
    // The ruleset's simulator plays the planned encounter in a worker.
    await gm.getByRole('button', { name: /Odds of this encounter/ }).click();
    await expect
      .poll(() => gm.getByTestId('odds').textContent(), { timeout: 60_000 })
      .toContain('Squad wins');
    // The chances are drawn too: a bar per chance, named for screen readers.
    await expect(
      gm.getByRole('img', { name: /^Chances: Squad wins [<>]?\d+(\.\d)?%/ }).count(),
    ).resolves.toBe(1);
    await gm.getByTestId('odds').scrollIntoViewIfNeeded();
    await shot(gm, '316-odds-desktop.png');
    await gm.getByRole('button', { name: 'Start encounter' }).click();
    await expect.poll(() => hicks.getByTestId('tokens').textContent()).toBe('4');

    // Dominance: Hicks succeeds, Vasquez fails, Hudson declines, the aliens fail: Hicks sets the range.
    await hicks.getByRole('button', { name: /Roll NFA for Dominance/ }).click();
    // A face the die cannot show is refused with the rules' code, and the same die is asked again.
    await hicks.locator('.ts-dice-prompt input[name="face"]').fill('12');
    await hicks.locator('.ts-dice-prompt input[name="face"]').press('Enter');
    await expect
      .poll(() => hicks.getByRole('alert').first().getAttribute('data-code'))
      .toBe('DICE_FACE_INVALID');
    await enterFaces(hicks, [2]);
    await vasquez.getByRole('button', { name: /Roll NFA for Dominance/ }).click();
    await enterFaces(vasquez, [9]);
    await hudson.getByRole('button', { name: 'Decline' }).click();
    await gm.getByRole('button', { name: 'Roll AA for Dominance' }).click();
    await enterFaces(gm, [10]);
    await hicks.getByRole('group', { name: 'Set the range' }).getByRole('button', { name: 'Near' }).click();
    await expect.poll(() => gm.locator('[data-lane="near"] .ts-chip').count()).toBe(3);

    // Round 1: everyone fights; Vasquez's page reloads after declaring and carries on.
    for (const p of [hicks, vasquez, hudson])
      await p.getByRole('button', { name: 'Declare', exact: true }).click();
    await gm.getByRole('button', { name: 'Declare the aliens (AA)' }).click();
    await vasquez.reload();
    await vasquez.getByText('Declared: FA with E-Cannon').waitFor();
    await expect(vasquez.getByLabel('my own dice').isChecked()).resolves.toBe(true);
    await shot(vasquez, '316-declared-desktop.png');
    await hicks.getByRole('button', { name: /Roll d10 for FA/ }).click();
    await enterFaces(hicks, [5]);
    await vasquez.getByRole('button', { name: /Roll d10 for FA/ }).click();
    await enterFaces(vasquez, [3]);
    await hudson.getByRole('button', { name: /Roll d10 for FA/ }).click();
    await enterFaces(hudson, [8]);
    await gm.getByRole('button', { name: /Roll AA/ }).click();
    await enterFaces(gm, [4]);

    // Successes high to low: Hicks 5, aliens 4, Vasquez 3; then Hudson's failure narrates.
    await expect
      .poll(() => gm.locator('.ts-round tbody th').allTextContents())
      .toEqual(['Tpr Hicks', 'Aliens', 'Cpl Vasquez', 'Sgt Hudson']);
    await shot(gm, '316-encounter-gm-desktop.png');
    await hicks
      .getByRole('group', { name: /Turn of/ })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    await enterFaces(hicks, [7]);
    await gm
      .getByRole('group', { name: 'Turn of Aliens' })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    // The aliens' 4 beats Vasquez's 3 and Hudson failed: both are asked about armour.
    await hudson.getByRole('button', { name: 'Yes, tick armour' }).click();
    await vasquez.getByRole('button', { name: 'No, take the wound' }).click();
    await vasquez
      .getByRole('group', { name: /Turn of/ })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    await enterFaces(vasquez, [4, 6]);
    const turn = hudson.getByRole('group', { name: /Turn of/ });
    await turn.getByLabel('Narration').fill('The slug rifle jams in the red mud.');
    await turn.getByRole('button', { name: 'Narrate and pass' }).click();
    await expect.poll(() => gm.getByTestId('round').textContent()).toBe('2');
    // The round report reads in the resolution order, with what each turn did.
    const report = gm.getByRole('list', { name: 'Round report' });
    await expect
      .poll(() => report.textContent())
      .toContain('Tpr Hicks (5 success): Hicks +7 kills; tokens 4 → 3');
    await expect.poll(() => report.textContent()).toContain('Aliens (4 success): a Kill (X) lands on');
    await expect.poll(() => report.textContent()).toContain('Hudson ticks armour');
    await expect.poll(() => report.textContent()).toContain('Vasquez takes a wound (X)');
    await expect.poll(() => report.textContent()).toContain('Sgt Hudson (8 failure)');
    await expect.poll(() => gm.getByTestId('tokens').textContent()).toBe('2');
    // The report survives a reload of the GM's page.
    await gm.reload();
    await expect
      .poll(() => gm.getByRole('list', { name: 'Round report' }).textContent())
      .toContain('Tpr Hicks (5 success): Hicks +7 kills; tokens 4 → 3');

    // Phone screenshots mid-encounter: the same seat on a second device.
    const phone = await openSeat(suite.browser, playerUrls[1] as string, true);
    await phone.getByTestId('round').waitFor();
    await shot(phone, '316-encounter-phone.png');
    const gmPhone = await openSeat(suite.browser, gmUrl, true);
    await gmPhone.getByTestId('round').waitFor();
    await shot(gmPhone, '316-encounter-gm-phone.png');
    await gmPhone.context().close();
    await phone.getByRole('button', { name: 'Sheets' }).click();
    await shot(phone, '316-sheet-phone.png');
    await shot(hicks, '316-encounter-player-desktop.png');

    // The GM spends a token from the planet's pool on Isolate (no support can end this encounter).
    const isolate = gm.getByRole('listitem').filter({ hasText: 'Isolate' });
    await isolate.getByLabel('Isolate: tokens from').selectOption('pool');
    await isolate.getByRole('button', { name: 'Use' }).click();
    await expect.poll(() => gm.getByTestId('pool').textContent()).toBe('10');
    await expect.poll(() => isolate.getByRole('button', { name: 'Use' }).isDisabled()).toBe(true);

    // Round 2: Hicks shows a Weakness and leaves (one token discarded), Hudson a Strength ends it.
    const hicksFlash = hicks.getByRole('group', { name: 'Flashbacks of Hicks' });
    await hicksFlash.getByLabel('Weakness text').fill('Hicks freezes: the colony fire all over again.');
    await hicksFlash.getByRole('button', { name: /Use Weakness/ }).click();
    await expect.poll(() => gm.getByTestId('tokens').textContent()).toBe('1');
    const hudsonFlash = hudson.getByRole('group', { name: 'Flashbacks of Hudson' });
    await hudsonFlash.getByLabel('Strength text').fill('Hudson held the bridge on Rigel alone.');
    await hudsonFlash.getByLabel('Best range').selectOption('near');
    await hudsonFlash.getByRole('button', { name: /Use Strength/ }).click();
    await enterFaces(hudson, [5]);
    await expect.poll(() => gm.locator('.ts-root').getAttribute('data-phase')).toBe('mission');
    await expect.poll(() => gm.getByText('Last encounter: won: a Strength ended it').count()).toBe(1);

    // The sheets say what happened: Hudson's armour and Strength, everyone's kills.
    await vasquez.getByRole('button', { name: 'Sheets' }).click();
    const vSheet = vasquez.getByRole('article', { name: 'Sheet of Vasquez' });
    // Vasquez's X healed when the encounter ended (one X heals between encounters).
    await expect.poll(() => vSheet.locator('.ts-box-X').count()).toBe(0);
    await expect.poll(() => vSheet.getByTestId('kills-mission').textContent()).toBe('10');
    const hSheet = vasquez.getByRole('article', { name: 'Sheet of Hudson' });
    await expect.poll(() => hSheet.locator('.ts-states .ts-on').textContent()).toBe('Used');
    await expect
      .poll(() => hSheet.locator('.ts-slot-used .ts-slot-text').first().textContent())
      .toBe('Hudson held the bridge on Rigel alone.');
    await expect.poll(() => hSheet.getByTestId('kills-mission').textContent()).toBe('5');
    await shot(vasquez, '316-sheets-desktop.png');
    await vasquez.emulateMedia({ media: 'print' });
    await vasquez.screenshot({ path: artifact('316-sheets-print.png'), fullPage: true });
    await vasquez.emulateMedia({ media: 'screen' });

    // Ten tokens are left but the final encounter holds at most PCs × 2 = 6: the other 4 come first.
    await gm.getByLabel(/Final encounter/).check();
    await expect
      .poll(() => gm.locator('.ts-plan .ts-problems').getAttribute('data-code'))
      .toBe('OVER_TOKEN_CAP');
    await gm.getByLabel(/Final encounter/).uncheck();
    await tokens.fill('4');
    await gm.getByRole('button', { name: 'Start encounter' }).click();
    await expect.poll(() => hicks.getByTestId('tokens').textContent()).toBe('4');
    // A skirmish the GM settles at once: an override takes its tokens (with a reason), then it ends.
    await gm.getByText('GM overrides and notes').click();
    const overrides = gm.locator('.ts-overrides');
    await overrides.getByLabel('What to change', { exact: true }).selectOption('encounterTokens');
    await overrides.getByLabel('New value', { exact: true }).fill('0');
    await overrides.getByLabel('Reason', { exact: true }).fill('The stragglers are shot down in the ravine.');
    await overrides.getByRole('button', { name: 'Override' }).click();
    await expect.poll(() => hicks.getByTestId('tokens').textContent()).toBe('0');
    await gm.getByRole('button', { name: 'End the encounter' }).click();
    await expect.poll(() => gm.locator('.ts-root').getAttribute('data-phase')).toBe('mission');

    // The final encounter takes the 6 left; Hicks's Strength ends it at once (his Energy Rifle's
    // best range is Near: a d10, entered as 1), and the planet's last tokens go with it.
    await gm.getByLabel(/Final encounter/).check();
    await gm.getByRole('button', { name: 'Start encounter' }).click();
    await expect.poll(() => gm.locator('.ts-root').getAttribute('data-phase')).toBe('encounter');
    await expect.poll(() => hicks.getByTestId('tokens').textContent()).toBe('6');
    const hicksFinal = hicks.getByRole('group', { name: 'Flashbacks of Hicks' });
    await hicksFinal.getByLabel('Strength text').fill('Hicks walked out of the Kandinsky drop alone.');
    await hicksFinal.getByRole('button', { name: /Use Strength/ }).click();
    await enterFaces(hicks, [1]);
    await expect.poll(() => gm.locator('.ts-root').getAttribute('data-phase')).toBe('mission');
    await expect.poll(() => gm.locator('.ts-root').textContent()).toContain('0 in the pool of 15');
    // Cleared: the GM is pointed at the end of the mission, not at another encounter.
    await gm.getByTestId('planet-cleared').waitFor();
    expect(await gm.getByRole('button', { name: 'Start encounter' }).count()).toBe(0);

    // After the mission: debrief, levels (Vasquez has the most kills; Hudson's 8 beats Hicks's 3).
    await gm.getByRole('button', { name: 'End mission…' }).click();
    await gm.getByRole('button', { name: 'Yes, end the mission' }).click();
    await gm.getByRole('button', { name: 'Debrief the mission' }).click();
    await gm.getByRole('button', { name: /Roll for levels/ }).click();
    await enterFaces(gm, [3, 8]);
    await vasquez.getByRole('button', { name: 'Play' }).click();
    const vCard = vasquez.getByRole('region', { name: 'Between missions: Vasquez' });
    // The rules want the player to pick the new slot's kind here; the button says so until then.
    await expect
      .poll(() => vCard.textContent())
      .toContain('Strengths and Weaknesses are even: choose which kind of flashback slot this level opens');
    await vCard.getByLabel('New flashback slot').selectOption('strength');
    await vCard.getByRole('button', { name: 'Take the level' }).click();
    await vCard.getByLabel('Free step: range').selectOption('near');
    await vCard.getByRole('button', { name: 'Improve' }).click();
    await expect.poll(() => vCard.textContent()).toContain('Free step taken on the E-Cannon');
    await shot(vasquez, '316-after-mission-desktop.png');
    // Digital dice: Vasquez's phone (left on the server's dice) makes the Development Roll.
    await phone.getByRole('button', { name: 'Play' }).click();
    const phoneCard = phone.getByRole('region', { name: 'Between missions: Vasquez' });
    await phoneCard.getByRole('button', { name: 'Roll NFA' }).click();
    await expect.poll(() => phoneCard.textContent()).toContain('Development Roll made');
    await vasquez.getByRole('button', { name: 'Sheets' }).click();
    await expect.poll(() => vSheet.locator('.ts-stats dd').first().textContent()).toBe('8');
    await expect
      .poll(() => vSheet.locator('.ts-weapons tbody tr').first().locator('td').nth(1).textContent())
      .toBe('3d10');

    // A conflict without Threat Tokens: Hicks against an NPC, Dominance from the GM's typed dice
    // (the GM may type every die; a player's typed faces would roll only Hicks's own).
    await hicks.getByRole('button', { name: 'Play' }).click();
    await hicks.getByText('Start a conflict without Threat Tokens').click();
    await hicks.getByLabel('NPC name').fill('Lt Frinks');
    await hicks.getByRole('button', { name: 'Start the conflict' }).click();
    const conflict = gm.getByRole('region', { name: 'Conflict' });
    await expect.poll(() => conflict.textContent()).toContain('Conflict: Hicks against Lt Frinks');
    await conflict.getByRole('button', { name: 'Roll Dominance' }).click();
    await enterFaces(gm, [2, 9]);
    await shot(gm, '316-conflict-desktop.png');
    // Hicks's 2 succeeds, the NPC's 9 fails: an ambush, a free kill; the winner imposes an order.
    await expect.poll(() => conflict.getByTestId('conflict-outcome').textContent()).toContain('Hicks wins');
    await hicks.getByLabel('Order for Lt Frinks').fill('Frinks carries the ammunition from now on.');
    await hicks.getByRole('button', { name: 'Impose the order' }).click();
    await expect.poll(() => gm.locator('.ts-root').textContent()).toContain('Frinks carries the ammunition');
    expect(pageProblems).toEqual([]);
  });
  it('brings in an APC, boards it, has the GM set one rider down, and gets back in on a turn', async () => {
    // Built by the rules in the test and imported: a Captain (issued an APC) and a trooper at Near,
    // round 1 waiting for declarations.
    const { t } = fightAt(
      'near',
      [
        { name: 'Ripley', fa: 5, nfa: 5, rank: 4 },
        { name: 'Drake', fa: 5, nfa: 5 },
      ],
      { tokens: 4 },
    );
    const urls = await importTable(suite.server.url, 'APC drill', t.log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    const ripley = await openSeat(suite.browser, urls.p1 as string);
    const drake = await openSeat(suite.browser, urls.p2 as string);
    const vehicles = gm.locator('.ts-vehicles');

    await ripley.getByRole('button', { name: 'Bring in the APC' }).click();
    await expect.poll(() => vehicles.textContent()).toContain('APC of Ripley: intact, driven by Ripley');
    await drake.getByRole('button', { name: 'Get into Ripley’s APC' }).click();
    await expect.poll(() => vehicles.textContent()).toContain('aboard: Ripley, Drake');

    // The GM sets Drake down at Far by himself; the APC stays at Near with Ripley.
    await gm.getByText('GM overrides and notes').click();
    const overrides = gm.locator('.ts-overrides');
    await overrides.getByLabel('What to change', { exact: true }).selectOption('range');
    await overrides.getByLabel('Trooper', { exact: true }).selectOption({ label: 'Drake' });
    await overrides.getByLabel('New value', { exact: true }).selectOption('far');
    await overrides.getByLabel('out of the vehicle, alone', { exact: true }).check();
    await overrides.getByLabel('Reason', { exact: true }).fill('Blown clear by a spore burst.');
    await overrides.getByRole('button', { name: 'Override' }).click();
    await expect.poll(() => vehicles.textContent()).toContain('aboard: Ripley');
    await expect.poll(() => gm.locator('[data-lane="far"] .ts-chip').count()).toBe(1);
    await expect.poll(() => gm.locator('[data-lane="near"] .ts-chip').count()).toBe(1);
    // The GM walks him back to Near (on foot now, so no vehicle choice is offered).
    await overrides.getByLabel('New value', { exact: true }).selectOption('near');
    await expect(overrides.getByLabel('out of the vehicle, alone', { exact: true }).count()).resolves.toBe(0);
    await overrides.getByLabel('Reason', { exact: true }).fill('Crawls back to the APC.');
    await overrides.getByRole('button', { name: 'Override' }).click();
    await expect.poll(() => gm.locator('[data-lane="near"] .ts-chip').count()).toBe(2);

    // Round 1: Drake's FA 3 acts first; on his turn, at the APC's range, he climbs back in.
    for (const p of [ripley, drake]) await p.getByRole('button', { name: 'Declare', exact: true }).click();
    await gm.getByRole('button', { name: 'Declare the aliens (AA)' }).click();
    for (const [page, face] of [
      [ripley, 9],
      [drake, 3],
      [gm, 10],
    ] as const) {
      await ownDice(page);
      await page.getByRole('button', { name: /^Roll (d10|AA)/ }).click();
      await enterFaces(page, [face]);
    }
    await drake.getByRole('group', { name: /Turn of/ }).waitFor();
    await drake.getByRole('button', { name: 'Get into Ripley’s APC' }).click();
    await expect.poll(() => vehicles.textContent()).toContain('aboard: Ripley, Drake');
    await expect(drake.getByRole('group', { name: /Turn of/ }).count()).resolves.toBe(1);
    await shot(gm, '316-apc-desktop.png');

    // Seats were imported with their ids for names: the player renames theirs from the seat list.
    await drake.getByRole('button', { name: 'Rename p2' }).first().click();
    const renameForm = drake.getByRole('form', { name: 'New name for p2' });
    await renameForm.getByLabel('New name').fill('Sam (Drake)');
    await renameForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => gm.getByRole('list', { name: 'Seats' }).textContent()).toContain('Sam (Drake)');
    // A player may rename only their own seat: the others have no button.
    await expect(drake.getByRole('button', { name: 'Rename p1' }).count()).resolves.toBe(0);
    expect(pageProblems).toEqual([]);
  });

  it('fits a phone at 390 and 320 px: the range map, the sheets and the odds chart', async () => {
    // Hicks has left on a Weakness, so the map shows the "Left the encounter" lane with a chip.
    const {
      t,
      gm: gmSeat,
      players: [hicksSeat],
    } = fightAt(
      'near',
      [
        { name: 'Hicks', fa: 5, nfa: 5 },
        { name: 'Vasquez', fa: 5, nfa: 5, rank: 4 },
      ],
      { tokens: 4 },
    );
    if (!hicksSeat) throw new Error('a player seat for Hicks');
    t.send(hicksSeat, { type: 'useWeakness', trooperId: 't1', text: 'Hicks freezes.' });
    const during = await importTable(suite.server.url, 'Phone fit', t.log);
    // The same table once the GM has ended that encounter: planning the next one offers the odds.
    t.send(gmSeat, { type: 'gmEndEncounter' });
    const after = await importTable(suite.server.url, 'Phone odds', t.log);
    const gm = await openSeat(suite.browser, during.gm as string, true);
    const player = await openSeat(suite.browser, during.p2 as string, true);
    const planner = await openSeat(suite.browser, after.gm as string, true);
    await gm.getByTestId('round').waitFor();
    await player.getByRole('button', { name: 'Sheets' }).click();
    await planner.getByRole('button', { name: /Odds of this encounter/ }).click();
    // The simulator runs as long as the machine needs: no time limit on it.
    await planner.getByTestId('odds').waitFor({ timeout: 0 });
    // Nothing sticks out sideways: not the page, and not the game column that scrolls inside it.
    const fits = (page: Page) =>
      page.evaluate(() => {
        const game = document.querySelector('.game');
        return (
          document.documentElement.scrollWidth <= window.innerWidth &&
          (!game || game.scrollWidth <= game.clientWidth)
        );
      });
    for (const width of [390, 320]) {
      for (const page of [gm, player, planner]) await page.setViewportSize({ width, height: 844 });
      expect(await fits(gm), `encounter at ${width}px`).toBe(true);
      expect(await fits(player), `sheets at ${width}px`).toBe(true);
      expect(await fits(planner), `odds at ${width}px`).toBe(true);
      // The lane's title fits its column, clear of the trooper chip beside it.
      const lane = gm.locator('[data-lane="beyondFar"]');
      const title = await lane.locator('h4').boundingBox();
      const chip = await lane.locator('.ts-chip').boundingBox();
      if (!title || !chip) throw new Error('the lane shows its title and Hicks');
      expect(title.x + title.width).toBeLessThanOrEqual(chip.x);
      expect(await lane.locator('h4').evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
      // The "GM only" box sits next to its words, not across the row from them.
      const gmOnly = await gm.locator('form.ts-narrate label', { hasText: 'GM only' }).boundingBox();
      expect(gmOnly?.width).toBeLessThan(130);
    }
    // A tablet held sideways (1024 px) keeps the tabs: seats, game and log side by side would
    // leave the game a strip. From 1200 px they sit side by side.
    await gm.setViewportSize({ width: 1024, height: 768 });
    await gm.getByRole('tab', { name: 'Game' }).waitFor();
    expect(await fits(gm), 'encounter at 1024px').toBe(true);
    expect(await gm.locator('.game').evaluate((g) => g.clientWidth)).toBeGreaterThan(900);
    await gm.setViewportSize({ width: 1280, height: 800 });
    await gm.locator('aside.side').waitFor();
    expect(await gm.getByRole('tab', { name: 'Game' }).count()).toBe(0);
    expect(await fits(gm), 'encounter at 1280px').toBe(true);
    await shot(player, '316-sheet-phone-320.png');
    await planner.getByTestId('odds').scrollIntoViewIfNeeded();
    await planner.screenshot({ path: artifact('316-odds-phone-320.png') });
    for (const page of [gm, player, planner]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('keeps the log on its newest line after a reload, once the game lines are described', async () => {
    const { t } = fightAt('near', [
      { name: 'Ripley', fa: 5, nfa: 5 },
      { name: 'Drake', fa: 5, nfa: 5 },
      { name: 'Hudson', fa: 5, nfa: 5 },
    ]);
    const urls = await importTable(suite.server.url, 'Log follows', t.log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    await gm.getByTestId('round').waitFor();
    await gm.reload();
    // The describer loads after the lines are first shown and makes them longer.
    await gm.locator('ol.log li', { hasText: 'Hudson joins the squad' }).waitFor();
    const gap = () =>
      gm.locator('ol.log').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
    await expect.poll(gap).toBeLessThanOrEqual(1);
    expect(await gm.locator('.new-below').count()).toBe(0);
    // A player's line arrives: the GM's log follows it, since the GM never scrolled up.
    const ripley = await openSeat(suite.browser, urls.p1 as string);
    await ripley.getByLabel('Message or roll').fill('Contact, twelve o’clock.');
    await ripley.getByLabel('Message or roll').press('Enter');
    await gm.locator('ol.log li.say', { hasText: 'Contact' }).waitFor();
    await expect.poll(gap).toBeLessThanOrEqual(1);
    expect(await gm.locator('.new-below').count()).toBe(0);
    for (const page of [gm, ripley]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('keeps refusals in view on a phone, says why a button is greyed out, and asks for whole sets of dice', async () => {
    // Round 1 at Near on an Ignore Armour planet; Hicks's rifle rolls 2d10 for kills at Near.
    const rifle = { weapon: 'energyRifle' as const, steps: { close: 1, near: 5, far: 1 } };
    const { t } = fightAt(
      'near',
      [
        {
          name: 'Hicks',
          fa: 5,
          nfa: 5,
          patch: { weapons: [rifle], defaultWeapon: 'energyRifle', currentWeapon: 'energyRifle' },
        },
        { name: 'Vasquez', fa: 5, nfa: 5 },
      ],
      { abilities: ['ignoreArmour'], aa: 5, tokens: 4 },
    );
    const urls = await importTable(suite.server.url, 'Feedback drill', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string, true);
    const vasquez = await openSeat(suite.browser, urls.p2 as string);
    const gm = await openSeat(suite.browser, urls.gm as string);
    // Seen means the whole box lies between the top and the bottom of the window.
    const inView = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        });

    // A greyed-out button says why in words next to it: a phone shows no tooltip.
    await ownDice(hicks);
    await hicks.getByRole('button', { name: 'Declare', exact: true }).click();
    const roll = hicks.getByRole('button', { name: /Roll d10 for FA/ });
    await expect.poll(() => roll.isDisabled()).toBe(true);
    const why = hicks.locator(`[id="${await roll.getAttribute('aria-describedby')}"]`);
    expect(await why.textContent()).toBe('everyone declares before the dice roll');
    expect(await why.isVisible()).toBe(true);

    // The GM's phone falls behind (the table's news is held back) while the desktop declares the
    // aliens; the phone's own try is refused, and the refusal shows where the GM is looking.
    const gmPhone = await openSeat(suite.browser, urls.gm as string, true);
    let holding = false;
    const held: (() => void)[] = [];
    await gmPhone.routeWebSocket(/\/ws\/tables\//, (ws) => {
      const upstream = ws.connectToServer();
      upstream.onMessage((message) => {
        const type = typeof message === 'string' ? (JSON.parse(message) as { type?: string }).type : '';
        if (holding && (type === 'events' || type === 'view' || type === 'viewPatch')) {
          held.push(() => ws.send(message));
        } else ws.send(message);
      });
    });
    await gmPhone.reload();
    const declareAliens = (page: Page) => page.getByRole('button', { name: 'Declare the aliens (AA)' });
    await vasquez.getByRole('button', { name: 'Declare', exact: true }).click();
    await expect.poll(() => declareAliens(gmPhone).isEnabled()).toBe(true);
    holding = true;
    await declareAliens(gm).click();
    await expect.poll(() => declareAliens(gm).count()).toBe(0);
    await declareAliens(gmPhone).click();
    const toast = gmPhone.getByTestId('rejection');
    await toast.getByRole('alert').waitFor();
    expect(await inView(gmPhone, '[data-testid="rejection"]')).toBe(true);
    await gmPhone.screenshot({ path: artifact('316-rejection-phone.png') });
    holding = false;
    for (const deliver of held.splice(0)) deliver();
    // Dismissed from the keyboard.
    await toast.getByRole('button', { name: 'Dismiss this error' }).focus();
    await gmPhone.keyboard.press('Enter');
    await expect.poll(() => toast.count()).toBe(0);
    await gmPhone.context().close();

    // Hicks rolls from far down his phone's page and types a face a d10 cannot show: the refusal
    // is in view, next to the box.
    await expect.poll(() => roll.isEnabled()).toBe(true);
    await roll.click();
    const request = hicks.getByTestId('dice-request');
    await expect.poll(() => request.textContent()).toBe('FA of Hicks: roll d10');
    const face = hicks.locator('.ts-dice-prompt input[name="face"]');
    await face.fill('12');
    await face.press('Enter');
    const refused = hicks.locator('.ts-dice-prompt [role="alert"]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('12 is not a face of a d10');
    expect(await inView(hicks, '.ts-dice-prompt [role="alert"]')).toBe(true);
    await enterFaces(hicks, [2]);
    await ownDice(vasquez);
    await vasquez.getByRole('button', { name: /Roll d10 for FA/ }).click();
    await enterFaces(vasquez, [9]);
    await ownDice(gm);
    await gm.getByRole('button', { name: /^Roll AA/ }).click();
    await enterFaces(gm, [1]);

    // Hicks's 2 acts first: the box asks for the whole set, then says which die it wants.
    await hicks
      .getByRole('group', { name: /Turn of/ })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    await expect.poll(() => request.textContent()).toBe('Kills of Hicks: roll 2d10 — die 1 of 2');
    await face.fill('6');
    await face.press('Enter');
    await expect.poll(() => request.textContent()).toBe('Kills of Hicks: roll 2d10 — die 2 of 2');
    expect(await hicks.locator('.ts-dice-prompt').textContent()).toContain('entered so far: 6');
    await hicks.screenshot({ path: artifact('316-dice-request-phone.png') });
    await enterFaces(hicks, [4]);

    // The aliens' Kill goes through armour here: Vasquez is told so, and only the wound is offered.
    await gm
      .getByRole('group', { name: 'Turn of Aliens' })
      .getByRole('button', { name: 'Act', exact: true })
      .click();
    const kill = vasquez.getByRole('region', { name: 'Actions of Vasquez' }).getByRole('alert');
    await expect
      .poll(() => kill.textContent())
      .toContain('No armour this time: the aliens’ Ignore Armour goes through it.');
    expect(await kill.getByRole('button', { name: 'Yes, tick armour' }).count()).toBe(0);
    await kill.scrollIntoViewIfNeeded();
    await vasquez.screenshot({ path: artifact('316-kill-no-armour-desktop.png') });
    await kill.getByRole('button', { name: 'Take the wound' }).click();

    // A bad override value is said in plain words, and only once something is typed.
    await gm.getByText('GM overrides and notes').click();
    const overrides = gm.locator('.ts-overrides');
    await overrides.getByLabel('What to change', { exact: true }).selectOption('kills');
    expect(await overrides.locator('.ts-problems').count()).toBe(0);
    await overrides.getByLabel('New value', { exact: true }).fill('abc');
    await expect
      .poll(() => overrides.locator('.ts-problems').textContent())
      .toBe('Kills this mission: type a number');
    for (const page of [hicks, vasquez, gm]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });

  it("counts new chat and rolls on the phone's log tab while the game is shown", async () => {
    const { t } = fightAt('near', [{ name: 'Ripley', fa: 5, nfa: 5 }]);
    const urls = await importTable(suite.server.url, 'Unread', t.log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    const phone = await openSeat(suite.browser, urls.p1 as string, true);
    await phone.getByTestId('round').waitFor();
    const logTab = phone.getByRole('tab', { name: /^Log and dice/ });
    // What the log held on arrival is history, not news.
    expect(await logTab.getAttribute('aria-label')).toBe(null);
    for (const line of ['Hold the line.', '/roll 2d6 nerves', 'Fall back to the APC.']) {
      await gm.getByLabel('Message or roll').fill(line);
      await gm.getByLabel('Message or roll').press('Enter');
    }
    await expect.poll(() => logTab.getAttribute('aria-label')).toBe('Log and dice, 3 new');
    expect(await logTab.locator('.tab-count').textContent()).toBe('3');
    await phone.screenshot({ path: artifact('316-unread-badge-phone.png') });
    await logTab.click();
    await phone.locator('ol.log li.say', { hasText: 'Fall back' }).waitFor();
    expect(await logTab.getAttribute('aria-label')).toBe(null);
    await phone.getByRole('tab', { name: 'Game' }).click();
    expect(await logTab.getAttribute('aria-label')).toBe(null);
    // The reader's own lines are no news to them.
    await phone.getByRole('tab', { name: /^Log and dice/ }).click();
    await phone.getByLabel('Message or roll').fill('On my way.');
    await phone.getByLabel('Message or roll').press('Enter');
    await gm.locator('ol.log li.say', { hasText: 'On my way' }).waitFor();
    await phone.getByRole('tab', { name: 'Game' }).click();
    expect(await logTab.getAttribute('aria-label')).toBe(null);
    for (const page of [gm, phone]) await page.context().close();
    expect(pageProblems).toEqual([]);
  });
});
