import { expect, it } from 'vitest';
import { endAndDebrief, settleLevels } from '../../rules/three-sixteen/campaign/test-kit.ts';
import { TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { ABILITY_IDS } from '../../rules/three-sixteen/state.ts';
import { browserSuite, importTable, openSeat, pageProblems } from './browser-kit.ts';

/**
 * The GM's planet form once every alien special ability has been used: a planet then takes 2 or
 * 3 of them, so the single list gives way to a group of checkboxes (keyboard included) that says
 * how many are ticked and why the others wait at three.
 */

/** Back from a first planet that used up the whole ability list (a one-off set-up may), levels settled. */
function abilitiesUsedUp() {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const p1 = t.seat('p1', 'player', 'Hicks');
  t.send(p1, { type: 'createTrooper', name: 'Hicks', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
  t.send(gm, { type: 'setPlanet', name: 'Everything', aa: 5, threat: 10, abilities: [...ABILITY_IDS] });
  t.send(gm, { type: 'briefMission', text: 'Go.' });
  endAndDebrief(t, gm);
  settleLevels(t, gm);
  return t;
}

browserSuite('3:16 planet form in the browser', (suite) => {
  it('offers 2 or 3 abilities once the list is used up, and lands with them', async () => {
    const urls = await importTable(suite.server.url, 'Used up', abilitiesUsedUp().log);
    const gm = await openSeat(suite.browser, urls.gm as string);
    const form = gm.getByRole('region', { name: 'New planet' });
    const group = form.getByRole('group', { name: 'Alien special abilities: pick 2 or 3' });
    await group.waitFor();
    expect(await form.locator('select[name="ability"]').count()).toBe(0);
    const land = form.getByRole('button', { name: 'Land on the planet' });
    const box = (label: string) => group.getByLabel(label, { exact: true });

    // One alone is what the rules refuse now: said on the page, the button greyed.
    await box('4. End Encounter').check();
    await expect
      .poll(() => form.locator('.ts-problems').getAttribute('data-code'))
      .toBe('PLANET_ABILITY_COUNT');
    expect(await land.isDisabled()).toBe(true);
    // A second, from the keyboard.
    await box('20. Swarm').focus();
    await gm.keyboard.press('Space');
    await expect.poll(() => box('20. Swarm').isChecked()).toBe(true);
    await expect.poll(() => land.isDisabled()).toBe(false);
    // At three the others wait, and the form says why.
    await box('1. Ambush').check();
    expect(await box('2. Armour').isDisabled()).toBe(true);
    expect(await group.getByRole('status').textContent()).toContain('the most a planet takes');
    await box('1. Ambush').uncheck();
    expect(await box('2. Armour').isDisabled()).toBe(false);

    await land.click();
    await gm.getByLabel('Briefing text').fill('Two kinds of trouble this time.');
    await gm.getByRole('button', { name: 'Brief the squad' }).click();
    await gm.getByRole('button', { name: 'Start encounter' }).click();
    const planet = gm.getByRole('region', { name: 'Planet', exact: true });
    await expect
      .poll(() => planet.locator('.ts-ability').allTextContents())
      .toEqual(['End Encounter', 'Swarm']);
    await gm.context().close();
    expect(pageProblems).toEqual([]);
  });

  it('lets a player tell a flashback while the GM prepares the briefing', async () => {
    const t = new TestTable();
    const gmSeat = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Hicks');
    t.send(p1, { type: 'createTrooper', name: 'Hicks', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    t.send(gmSeat, { type: 'setPlanet', name: 'Kalta', aa: 5, threat: 5 });
    const urls = await importTable(suite.server.url, 'Briefing flashback', t.log);
    const hicks = await openSeat(suite.browser, urls.p1 as string);
    const flash = hicks.getByRole('group', { name: 'Flashback in a scene' });
    await flash.waitFor();
    await flash.getByLabel(/The moment from the past/).fill('He has landed on worse rocks than this.');
    const strength = flash.getByRole('button', { name: 'Use a Strength' });
    expect(await strength.isDisabled()).toBe(false);
    await strength.click();
    // The box empties once it is told; with a new moment typed, his only Strength is spent
    // (greyed, the reason on the page) while his Weakness is still there.
    await expect.poll(() => flash.getByLabel(/The moment from the past/).inputValue()).toBe('');
    await flash.getByLabel(/The moment from the past/).fill('And again.');
    await expect.poll(() => strength.isDisabled()).toBe(true);
    expect(await flash.getByRole('button', { name: 'Use a Weakness' }).isDisabled()).toBe(false);
    expect(await flash.textContent()).toContain('Strength: Hicks has no strength available');
    await hicks.context().close();
    expect(pageProblems).toEqual([]);
  });
});
