import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import defaultPack from '../../rules/elite-unit/data/default-pack.json' with { type: 'json' };
import { browserSuite, pageProblems, shot, typeFaces } from '../three-sixteen/browser-kit.ts';
import { hiddenSheetLeaks, newEliteUnitTable, openSeatWithFrames } from './browser-kit.ts';

/**
 * Elite Unit in the browser: the GM (desktop) and two players (Ann on a desktop, Ben on a 390×844
 * phone) play a fight with typed dice wherever the outcome matters, so each result is fixed:
 * a data pack loaded from a file, sample characters, initiative, a burst (with an undo and a page
 * reload while the defence is pending), a parry on the phone, a grenade blast with two bystanders,
 * an override, and hours passing to heal. The leak test checks that a hidden NPC's sheet reaches
 * no player's socket or page.
 */

/**
 * The default pack plus an NPC with a grenade launcher (the pack has no blast-weapon template) and
 * an NPC wizard who knows Drain Will.
 */
const ORR = defaultPack.characters.find((c) => c.id === 'orr');
if (!ORR) throw new Error('the default pack has Sable Orr');
const PACK = {
  ...defaultPack,
  id: 'browser-pack',
  name: 'Browser test pack',
  characters: [
    ...defaultPack.characters,
    // A GM's wizard who knows Drain Will (the save prompt on a player's phone).
    { ...ORR, id: 'hexer', name: 'Hexer', kind: 'npc', spells: ['drain-will'] },
    {
      id: 'grenadier',
      name: 'Grenadier',
      kind: 'npc',
      role: 'support',
      attributes: { ...(defaultPack.characters.find((c) => c.id === 'raider')?.attributes ?? {}) },
      stamina: 24,
      actions: 1,
      levels: { warrior: 1, pilot: 0, wizard: 0, total: 0 },
      weapons: [{ weapon: 'grenade-launcher', inHands: true, spares: 2 }],
      armour: ['flak-vest'],
    },
  ],
};

async function tab(page: Page, name: 'Play' | 'Sheets' | 'GM screen') {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

async function ownDice(page: Page) {
  await page.getByLabel('my own dice').check();
}

async function addCharacter(
  gm: Page,
  from: string,
  opts: { owner?: string; name?: string; hidden?: boolean },
) {
  const form = gm.getByRole('form', { name: 'Add a character' });
  await form.getByLabel('Sample character').selectOption(from);
  await form.getByLabel('Name (optional)').fill(opts.name ?? '');
  await form.getByLabel('Played by').selectOption(opts.owner ?? '');
  const hide = form.getByLabel('Hide the sheet from the players');
  if (opts.hidden) await hide.check();
  else await hide.uncheck();
  await form.getByRole('button', { name: 'Add to the table' }).click();
}

/** The GM loads PACK from a file on the GM screen and waits until the table names it. */
async function loadTestPack(gm: Page) {
  await tab(gm, 'GM screen');
  await gm.getByLabel('Load a pack (JSON)').setInputFiles({
    name: 'pack.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(PACK)),
  });
  await expect.poll(() => gm.getByTestId('pack-name').textContent()).toBe('Browser test pack');
}

/**
 * The attack form on a seat's page, aimed: the attacker picked (the GM's form offers every NPC),
 * one target ticked and its distance in metres. Returns the form.
 */
async function aimAttack(page: Page, target: string, metres: number, attacker?: string): Promise<Locator> {
  const form = page.getByRole('region', { name: 'Attack', exact: true });
  if (attacker) await form.getByLabel('Attacker', { exact: true }).selectOption(attacker);
  await form.getByRole('checkbox', { name: target, exact: true }).check();
  await form.getByLabel(`Distance to ${target} in metres`).fill(String(metres));
  return form;
}

function sheet(page: Page, name: string) {
  return page.getByRole('article', { name: `Sheet of ${name}`, exact: true });
}

browserSuite('Elite Unit at the table, in the browser', (suite) => {
  it('plays a fight: burst, undo, reload, parry on a phone, blast with bystanders, then heals', async () => {
    const { gmUrl, players } = await newEliteUnitTable(suite.server.url, ['Ann', 'Ben']);
    const [annSeat, benSeat] = players;
    if (!annSeat || !benSeat) throw new Error('two players');
    const { page: gm } = await openSeatWithFrames(suite.browser, gmUrl);
    let { page: ann } = await openSeatWithFrames(suite.browser, annSeat.url);
    const { page: ben } = await openSeatWithFrames(suite.browser, benSeat.url, true);

    // The GM loads a pack from a file and deals a PC to Ann and four hidden NPCs.
    await loadTestPack(gm);
    await addCharacter(gm, 'castell', { owner: annSeat.seatId });
    // Ben takes a sample character himself, on his phone.
    const take = ben.getByRole('form', { name: 'Take a sample character' });
    await take.getByLabel('Sample character').selectOption('orr');
    await take.getByRole('button', { name: 'Take Sable Orr' }).click();
    await expect.poll(() => gm.locator('.eu-roster li').count()).toBe(2);
    await addCharacter(gm, 'enforcer', { hidden: true });
    await addCharacter(gm, 'raider', { hidden: true });
    await addCharacter(gm, 'grenadier', { hidden: true });
    await addCharacter(gm, 'raider', { hidden: true, name: 'Raider Two' });
    await expect.poll(() => gm.locator('.eu-roster li').count()).toBe(6);

    // Ann's sheet: effective values with their breakdown (the rifle in her hands costs 1 Attack).
    await tab(ann, 'Sheets');
    const castell = sheet(ann, 'Sgt Rhea Castell');
    await expect.poll(() => castell.getByTestId('effective-attack').textContent()).toBe('8');
    expect(await castell.locator('tr[data-attribute="attack"] .eu-why').textContent()).toContain(
      'carried in the hands',
    );
    expect(await castell.getByTestId('stamina').textContent()).toBe('40 / 40');
    expect(await castell.getByTestId('dc-a1').textContent()).toBe('DC 40');
    // A hidden NPC is a name and state words only.
    expect(await sheet(ann, 'Raider').getAttribute('data-hidden')).toBe('true');
    expect(await sheet(ann, 'Raider').textContent()).not.toContain('Stamina');
    await shot(ann, 'eu-sheets-desktop.png');
    await tab(ben, 'Sheets');
    await sheet(ben, 'Sable Orr').waitFor();
    await shot(ben, 'eu-sheets-phone.png');
    await tab(ann, 'Play');
    await tab(ben, 'Play');

    // Initiative, typed by the GM for everyone in roster order.
    await tab(gm, 'Play');
    for (const p of [gm, ann, ben]) await ownDice(p);
    await gm.getByRole('button', { name: 'Start the battle (roll initiative)' }).click();
    await typeFaces(gm, [20, 15, 10, 8, 6, 1]);
    await expect
      .poll(() => ann.getByTestId('your-move').textContent())
      .toContain('Sgt Rhea Castell acts, 2 actions left');
    expect(await ann.locator('.eu-order li').first().textContent()).toContain('Sgt Rhea Castell');
    expect(await ben.getByTestId('waiting-for').textContent()).toContain('Ann');

    // Ann fires a burst at the Raider, 30 m away: the NPC's chance is not hers to see.
    const burst = async () => {
      const form = ann.getByRole('region', { name: 'Attack', exact: true });
      await form.getByLabel('Weapon').selectOption('w1');
      await form.getByLabel('Mode').selectOption('burst');
      await aimAttack(ann, 'Raider', 30);
      await expect.poll(() => form.getByTestId('attack-odds').textContent()).toContain('The GM keeps');
      await form.getByRole('button', { name: 'Attack' }).click();
      await typeFaces(ann, [20]);
    };
    await burst();
    const gmDefend = gm.getByTestId('defend');
    await expect.poll(() => gmDefend.textContent()).toContain('Sgt Rhea Castell attacks Raider');
    await gmDefend.getByRole('button', { name: 'Dodge and roll' }).click();
    // Defence d20 1, damage 2D6 6 + 6, times 3 rounds: 36 into the flak vest (resilience 6).
    await typeFaces(gm, [1, 6, 6]);
    const gmResult = gm.getByTestId('last-attack');
    await expect.poll(() => gmResult.getByTestId('layer-loss').first().textContent()).toContain('DC 40 → 10');
    await shot(gm, 'eu-burst-gm.png');
    // The GM takes it back: the vest is whole again, the rifle full, Castell's action back.
    await gmResult.getByRole('button', { name: /Undo the last resolution/ }).click();
    await expect.poll(() => gmResult.getAttribute('data-undone')).toBe('true');
    await expect.poll(() => ann.getByTestId('your-move').textContent()).toContain('2 actions left');
    await tab(ann, 'Sheets');
    await expect
      .poll(() => sheet(ann, 'Sgt Rhea Castell').getByTestId('ammo-w1').textContent())
      .toContain('loaded 30/30');
    await tab(ann, 'Play');

    await burst();
    await gmDefend.getByRole('button', { name: 'Dodge and roll' }).click();
    await typeFaces(gm, [1, 6, 6]);
    await expect.poll(() => ann.getByTestId('your-move').textContent()).toContain('1 action left');

    // The second burst: declared, then both pages reload while the Raider's defence is pending.
    await burst();
    await ann.reload();
    await gm.reload();
    await expect
      .poll(() => gm.getByTestId('defend').textContent())
      .toContain('Sgt Rhea Castell attacks Raider');
    await expect.poll(() => ann.getByTestId('last-attack').textContent()).toContain('Waiting for Raider');
    await gm.getByTestId('defend').getByRole('button', { name: 'Dodge and roll' }).click();
    // 36 destroys the dented vest (DC 10) and 20 reaches Stamina: a hit location (d10s 2, 5 → 25, arms).
    await typeFaces(gm, [1, 6, 6, 2, 5]);
    const annResult = ann.getByTestId('last-attack');
    await expect.poll(() => annResult.textContent()).toContain('Raider: hit');
    // Ann sees the totals of a hit on a hidden NPC, not its sheet's numbers.
    expect(await annResult.getByTestId('stamina-change').count()).toBe(0);
    const gmBlow = gm.getByTestId('last-attack');
    await expect.poll(() => gmBlow.getByTestId('hit-location').textContent()).toContain('arms');
    expect(await gmBlow.getByTestId('stamina-change').textContent()).toContain('Stamina 24 → 4');
    await tab(ann, 'Sheets');
    const rifle = sheet(ann, 'Sgt Rhea Castell');
    await expect.poll(() => rifle.getByTestId('ammo-w1').textContent()).toContain('loaded 24/30');
    expect(await rifle.getByTestId('recoil-w1').textContent()).toContain('recoil 2');
    await tab(ann, 'Play');
    await shot(ann, 'eu-after-burst-desktop.png');

    // Orr's slot: Ben ends it on his phone; the Enforcer (GM) swings at Orr.
    await expect.poll(() => ben.getByTestId('your-move').textContent()).toContain('Sable Orr acts');
    await ben.getByRole('button', { name: 'End Sable Orr’s slot' }).click();
    await expect.poll(() => gm.getByTestId('your-move').textContent()).toContain('Enforcer acts');
    const gmForm = await aimAttack(gm, 'Sable Orr', 2, 'enforcer-3');
    // The GM sees the exact chance, dodging and parrying.
    // Counted in the odds worker: its first count loads the ruleset, which a busy machine takes
    // seconds to do, so the wait is longer than the default (a harness bound, not a speed check).
    await expect
      .poll(() => gmForm.getByTestId('attack-odds').textContent(), { timeout: 60_000 })
      .toMatch(/dodging: hit \d/);
    expect(await gmForm.getByTestId('attack-odds').textContent()).toContain('parries with Sword');
    await gmForm.getByRole('button', { name: 'Attack' }).click();
    await typeFaces(gm, [15]);
    const benDefend = ben.getByTestId('defend');
    await expect.poll(() => benDefend.textContent()).toContain('Enforcer attacks Sable Orr');
    // Ben sees his exact chance for each defence before he picks: dodging, 16 faces in 20 hit.
    await expect
      .poll(() => benDefend.getByTestId('defence-chance').first().textContent(), { timeout: 60_000 })
      .toContain('hit 80.0%');
    expect(await benDefend.getByTestId('defence-chance').nth(1).textContent()).toContain(
      'the save holds 55.0%',
    );
    await benDefend.getByLabel(/Parry with/).check();
    await shot(ben, 'eu-parry-phone.png');
    await benDefend.getByRole('button', { name: 'Parry with Sword and roll' }).click();
    // Reactions save 3 (under 12: the sword is up, +4), then the defence d20 10: 20 against 23.
    await typeFaces(ben, [3, 10]);
    const benResult = ben.getByTestId('last-attack');
    await expect.poll(() => benResult.textContent()).toContain('parry save 3 against 12: success');
    expect(await benResult.getByTestId('layer-loss').first().textContent()).toContain('Sword');
    await shot(ben, 'eu-parry-result-phone.png');

    // The Raider is helpless and passed over; the Grenadier fires at Castell, 30 m away.
    await expect.poll(() => gm.getByTestId('your-move').textContent()).toContain('Grenadier acts');
    expect(await ann.locator('.eu-order li[data-id="raider-4"]').textContent()).toContain('helpless');
    await aimAttack(gm, 'Sgt Rhea Castell', 30, 'grenadier-5');
    await gmForm.getByRole('button', { name: 'Attack' }).click();
    await typeFaces(gm, [10]);
    const annDefend = ann.getByTestId('defend');
    await expect.poll(() => annDefend.textContent()).toContain('Too fast to parry');
    await annDefend.getByRole('button', { name: 'Dodge and roll' }).click();
    // 17 against 14: a miss by 3 at 30 m lands 0.9 m away, inside the 5 m blast.
    await typeFaces(ann, [11]);
    await expect.poll(() => annResult.textContent()).toContain('near miss, caught');
    // The GM names who else stood there: Raider Two 2 m from the impact (full), Orr 4 m (half).
    const blast = gm.getByRole('region', { name: 'Who else was caught', exact: true });
    await blast.getByLabel('Metres from Raider Two to the impact').fill('2');
    // Orr is stood on the sketch from the keyboard: picked, then eight presses of the up arrow (4 m).
    await blast.getByLabel('Place on the sketch').selectOption('orr-2');
    await blast.getByLabel('Sable Orr', { exact: true }).check();
    const slider = blast.getByRole('slider', { name: /Distance of Sable Orr on the sketch/ });
    await slider.focus();
    for (let i = 0; i < 8; i++) await gm.keyboard.press('ArrowUp');
    await expect.poll(() => blast.getByLabel('Metres from Sable Orr to the impact').inputValue()).toBe('4');
    expect(await slider.getAttribute('aria-valuetext')).toBe('4 m, half damage');
    expect(await blast.getByTestId('blast-sketch').locator('g[data-id="orr-2"]').count()).toBe(1);
    await expect.poll(() => blast.getByTestId('share-raider-6').textContent()).toBe('full damage');
    expect(await blast.getByTestId('share-orr-2').textContent()).toBe('half damage');
    await shot(gm, 'eu-blast-gm.png');
    // The blast's damage roll is shared. The GM types every die it asks for as a 1 (how many
    // depends on whether a hit location is needed): a digital roll could kill Orr, and the magic
    // below needs him standing.
    await blast.getByRole('button', { name: 'Deal the damage to those caught' }).click();
    const dealt = gm.getByTestId('last-attack').getByTestId('bystanders').filter({ hasText: 'Raider Two' });
    const face = gm.locator('.dice-prompt input[name="face"]');
    for (let i = 0; i < 40; i++) {
      // The next die asked for, or the dealt damage on the page: whichever the table shows next.
      await face.or(dealt).first().waitFor();
      if (!(await face.isVisible())) break;
      await face.fill('1');
      await face.press('Enter');
      // The box asks for the next die (emptied) or goes away with the command's answer.
      await gm.waitForFunction(() => {
        const input = document.querySelector<HTMLInputElement>('.dice-prompt input[name="face"]');
        return !input || input.value === '';
      });
    }
    try {
      await expect
        .poll(() => gm.getByTestId('last-attack').getByTestId('bystanders').textContent())
        .toContain('Raider Two');
      await expect.poll(() => annResult.getByTestId('bystanders').textContent()).toContain('Sable Orr');
    } catch (e) {
      await shot(ann, 'eu-fail-ann.png');
      await shot(gm, 'eu-fail-gm.png');
      throw e;
    }
    await shot(ann, 'eu-blast-desktop.png');

    // The GM ends the battle, sets Castell's Stamina to 30 and lets three hours pass.
    await gm.getByRole('button', { name: 'End the battle' }).click();
    await tab(gm, 'GM screen');
    const override = gm.getByRole('region', { name: 'Override a value', exact: true });
    await override.getByLabel('Character').selectOption('castell-1');
    await override.getByLabel('Field').selectOption('stamina');
    await override.getByLabel('New value').fill('30');
    await override.getByRole('button', { name: 'Set' }).click();
    await tab(ann, 'Sheets');
    await expect
      .poll(() => sheet(ann, 'Sgt Rhea Castell').getByTestId('stamina').textContent())
      .toBe('30 / 40');
    const time = gm.getByRole('region', { name: 'Time', exact: true });
    await time.getByLabel('Hours').fill('3');
    await time.getByRole('button', { name: 'Let the hours pass' }).click();
    await expect
      .poll(() => sheet(ann, 'Sgt Rhea Castell').getByTestId('stamina').textContent())
      .toBe('33 / 40');
    await shot(gm, 'eu-gm-screen-desktop.png');
    // Magic on the phone: Orr mends Castell (NE cost 1D10 4, healing 1D10 4, both typed).
    await ben.getByText('More actions: magic, first aid, vehicles').click();
    const more = ben.getByRole('group', { name: 'More actions' });
    await more.getByLabel('Spell', { exact: true }).selectOption('mend');
    await more.getByLabel('On', { exact: true }).selectOption('castell-1');
    await more.getByLabel('Metres', { exact: true }).fill('1');
    await more.getByRole('button', { name: 'Cast' }).click();
    await typeFaces(ben, [4, 4]);
    await expect
      .poll(() => sheet(ann, 'Sgt Rhea Castell').getByTestId('stamina').textContent())
      .toBe('37 / 40');
    await shot(ben, 'eu-magic-phone.png');
    // Vehicles on the phone: the chance of a risky manoeuvre and of a ram, before anything is sent.
    await more.getByLabel('Risky manoeuvre').selectOption('narrowSpace');
    await expect
      .poll(() => more.getByTestId('risky-odds').textContent())
      .toMatch(/^The save holds \d+(\.\d)?% of the time \(d20 under -?\d+\)$/);
    await more.getByLabel('Risky manoeuvre').selectOption('ramWideObject');
    await more.getByLabel('Impact speed in kph').waitFor();
    await more.getByLabel('Whom to ram').selectOption('castell-1');
    await more.getByLabel('Ram speed in kph').fill('30');
    await expect
      .poll(() => more.getByTestId('ram-odds').textContent())
      .toMatch(/^Against Sgt Rhea Castell dodging: hit \d/);
    await shot(ben, 'eu-vehicle-odds-phone.png');
    // The log reads as sentences.
    await expect
      .poll(() => ann.locator('body').textContent())
      .toContain('The GM takes back the last resolution');
    // A reloaded page comes back whole.
    ann = (await openSeatWithFrames(suite.browser, annSeat.url)).page;
    await tab(ann, 'Sheets');
    await expect
      .poll(() => sheet(ann, 'Sgt Rhea Castell').getByTestId('stamina').textContent())
      .toBe('37 / 40');

    // The GM exports the campaign; imported on the home page, it is the same table: Ann's new
    // link shows Castell as she left him.
    const [download] = await Promise.all([
      gm.waitForEvent('download'),
      gm.getByRole('button', { name: 'Export campaign (JSON)' }).click(),
    ]);
    const exported = readFileSync(await download.path(), 'utf8');
    const file = JSON.parse(exported) as { events: { event: { type: string } }[] };
    const types = file.events.map((e) => e.event.type);
    expect(types).toContain('resolution.undone');
    expect(types).toContain('attack.resolved');
    const home = await gm.context().newPage();
    await home.goto(`${suite.server.url}/`);
    await home.getByLabel('Campaign file').setInputFiles({
      name: 'elite-unit.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    await home.getByRole('button', { name: 'Import campaign' }).click();
    await home.getByRole('heading', { name: /is imported/ }).waitFor();
    const annLink = await home.getByRole('textbox', { name: 'Ann (player)' }).inputValue();
    await shot(home, 'eu-imported-desktop.png');
    const again = (await openSeatWithFrames(suite.browser, annLink)).page;
    await tab(again, 'Sheets');
    await expect
      .poll(() => sheet(again, 'Sgt Rhea Castell').getByTestId('stamina').textContent())
      .toBe('37 / 40');
    expect(pageProblems).toEqual([]);
  });

  it('never sends a hidden NPC sheet to a player, in frames or in the page', async () => {
    const { gmUrl, players } = await newEliteUnitTable(suite.server.url, ['Cat']);
    const cat = players[0];
    if (!cat) throw new Error('one player');
    const { page: gm } = await openSeatWithFrames(suite.browser, gmUrl);
    const { page, frames } = await openSeatWithFrames(suite.browser, cat.url, true);
    // A pack with NPC templates: their numbers are every hidden NPC's starting sheet.
    await loadTestPack(gm);
    await addCharacter(gm, 'vey', { owner: cat.seatId });
    await addCharacter(gm, 'enforcer', { hidden: true, name: 'Masked Enforcer' });
    await ownDice(gm);
    await ownDice(page);
    // The GM changes the hidden sheet, rolls for it out of sight, and attacks Cat's pilot with it.
    const override = gm.getByRole('region', { name: 'Override a value', exact: true });
    await override.getByLabel('Character').selectOption('enforcer-2');
    await override.getByLabel('Field').selectOption('stamina');
    await override.getByLabel('New value').fill('29');
    await override.getByRole('button', { name: 'Set' }).click();
    const rolls = gm.getByRole('region', { name: 'Rolls', exact: true });
    await rolls.getByLabel('Save for').selectOption('enforcer-2');
    await rolls.getByRole('button', { name: 'Roll the save' }).click();
    await typeFaces(gm, [5]);
    await tab(gm, 'Play');
    const form = await aimAttack(gm, 'Cpl Tomas Vey', 1, 'enforcer-2');
    await form.getByRole('button', { name: 'Attack' }).click();
    await typeFaces(gm, [10]);
    // Vey's d20 of 20 beats the sword's total: a miss, no damage dice.
    await page.getByTestId('defend').getByRole('button', { name: 'Dodge and roll' }).click();
    await typeFaces(page, [20]);
    await expect.poll(() => page.getByTestId('last-attack').textContent()).toContain('Cpl Tomas Vey: missed');

    // Vey drives a scout buggy the GM brings; the Enforcer swings at it. The GM's form and Cat's
    // defend prompt both show the exact chance against the vehicle (hull DC, out of action).
    const add = gm.getByRole('form', { name: 'Add a vehicle' });
    await add.getByLabel('Vehicle').selectOption('buggy');
    await add.getByRole('button', { name: 'Bring it into the scene' }).click();
    await page.getByLabel('Where in Scout buggy').selectOption('driver');
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await expect.poll(() => gm.locator('.eu-vehicles li').textContent()).toContain('driver Cpl Tomas Vey');
    const atBuggy = await aimAttack(gm, 'Scout buggy', 1, 'enforcer-2');
    await expect
      .poll(() => atBuggy.getByTestId('attack-odds').textContent(), { timeout: 60_000 })
      .toContain('Against Scout buggy: hit');
    await atBuggy.getByRole('button', { name: 'Attack' }).click();
    await typeFaces(gm, [10]);
    const prompt = page.getByTestId('defend');
    await expect.poll(() => prompt.textContent()).toContain('Masked Enforcer attacks Scout buggy');
    await expect
      .poll(() => prompt.getByTestId('defence-chance').textContent(), { timeout: 60_000 })
      .toContain('hull DC lost on average');
    await shot(page, 'eu-vehicle-defence-phone.png');
    await prompt.getByRole('button', { name: 'Dodge and roll' }).click();
    await typeFaces(page, [20]);
    await expect.poll(() => page.getByTestId('last-attack').textContent()).toContain('Scout buggy: missed');
    await tab(page, 'Sheets');
    const masked = sheet(page, 'Masked Enforcer');
    expect(await masked.getAttribute('data-hidden')).toBe('true');

    // No frame Cat received holds the hidden sheet's numbers (attributes, Stamina, weapons, armour).
    const leaks = hiddenSheetLeaks(frames, ['enforcer-2']);
    expect(frames.length).toBeGreaterThan(5);
    expect(leaks).toEqual([]);
    // Nor does the page: the Enforcer's Stamina (29 after the override) is nowhere in Cat's DOM.
    const html = await page.content();
    expect(html).toContain('Masked Enforcer');
    expect(html).not.toContain('29 / 32');
    expect(await masked.textContent()).not.toMatch(/\d/);
  });
  it('on phones, by keyboard: a spell save, a partial-armour ruling and surgery; hidden NPCs stay hidden', async () => {
    const { gmUrl, players } = await newEliteUnitTable(suite.server.url, ['Ben']);
    const benSeat = players[0];
    if (!benSeat) throw new Error('one player');
    const { page: gm } = await openSeatWithFrames(suite.browser, gmUrl, true);
    const { page: ben, frames } = await openSeatWithFrames(suite.browser, benSeat.url, true);
    await loadTestPack(gm);
    const take = ben.getByRole('form', { name: 'Take a sample character' });
    await take.getByLabel('Sample character').selectOption('orr');
    await take.getByRole('button', { name: 'Take Sable Orr' }).click();
    await expect.poll(() => gm.locator('.eu-roster li').count()).toBe(1);
    await addCharacter(gm, 'enforcer', { hidden: true });
    await addCharacter(gm, 'hexer', { hidden: true });
    await expect.poll(() => gm.locator('.eu-roster li').count()).toBe(3);
    await ownDice(ben);
    await ownDice(gm);

    // The Hexer casts Drain Will on Orr (NE cost 1D6 typed as 2): Orr's phone asks for the save.
    await tab(gm, 'Play');
    await gm.getByText('More actions: magic, first aid, vehicles').click();
    const more = gm.getByRole('group', { name: 'More actions' });
    await more.getByLabel('Acting character').selectOption('hexer-3');
    await more.getByLabel('Spell', { exact: true }).selectOption('drain-will');
    await more.getByLabel('On', { exact: true }).selectOption('orr-1');
    await more.getByLabel('Metres', { exact: true }).fill('5');
    await more.getByRole('button', { name: 'Cast' }).click();
    await typeFaces(gm, [2]);
    const resist = ben.getByTestId('resist');
    await expect.poll(() => resist.textContent()).toContain('Hexer casts Drain Will on Sable Orr');
    expect(await ben.getByTestId('your-move').textContent()).toContain('Sable Orr must resist a spell');
    // Willpower 15: faces 1 to 14 hold.
    expect(await resist.getByTestId('save-chance').textContent()).toBe('70.0%');
    await shot(ben, 'eu-resist-phone.png');
    await resist.getByRole('button', { name: 'Roll the save' }).focus();
    await ben.keyboard.press('Enter');
    await typeFaces(ben, [3]);
    // The save holds: the prompt goes and Orr's Willpower is untouched.
    await expect.poll(() => resist.count()).toBe(0);
    expect(await sheet(ben, 'Sable Orr').getByTestId('effective-willpower').textContent()).toBe('15');

    // Orr swings at the Enforcer (d20 20, sure to hit); the GM rules the padded undersuit does not cover it.
    await tab(ben, 'Play');
    const form = await aimAttack(ben, 'Enforcer', 1);
    await expect.poll(() => form.getByTestId('attack-odds').textContent()).toContain('The GM keeps');
    await form.getByRole('button', { name: 'Attack' }).click();
    await typeFaces(ben, [20]);
    const defend = gm.getByTestId('defend');
    await expect.poll(() => defend.textContent()).toContain('Sable Orr attacks Enforcer');
    // The chances come from the odds worker while the prompt stays usable.
    await expect
      .poll(() => defend.getByTestId('defence-chance').first().textContent(), { timeout: 60_000 })
      .toContain('hit');
    // The undersuit stops every sword blow short of a wound while it covers.
    expect(await defend.getByTestId('defence-chance').first().textContent()).toContain('wounded 0%');
    const partial = defend.getByTestId('partial-armour');
    await partial.getByRole('checkbox', { name: /Padded undersuit .* does not cover it/ }).focus();
    await gm.keyboard.press('Space');
    expect(await partial.getByRole('checkbox').first().isChecked()).toBe(true);
    // The chances are counted again with the ruling: now a blow may wound.
    await expect
      .poll(() => defend.getByTestId('defence-chance').first().textContent(), { timeout: 60_000 })
      .not.toContain('wounded 0%');
    expect(await defend.getByTestId('ruling-counted').count()).toBe(1);
    await shot(gm, 'eu-partial-armour-phone.png');
    await defend.getByRole('button', { name: 'Dodge and roll' }).focus();
    await gm.keyboard.press('Enter');
    // Defence d20 1; the sword's 2D10 typed 3 + 3 passes the uncovered suit whole (6, no location).
    await typeFaces(gm, [1, 3, 3]);
    const gmResult = gm.getByTestId('last-attack');
    await expect.poll(() => gmResult.getByTestId('uncovered').textContent()).toContain('Padded undersuit');
    expect(await gmResult.getByTestId('layer-loss').count()).toBe(0);
    expect(await gmResult.getByTestId('stamina-change').textContent()).toContain('Stamina 32 → 26');
    // Ben sees the hit, not which of the hidden NPC's layers were ruled out.
    await expect.poll(() => ben.getByTestId('last-attack').textContent()).toContain('Enforcer: hit');
    expect(await ben.getByTestId('last-attack').textContent()).not.toContain('undersuit');

    // Surgery on the GM's phone: Orr's arms are damaged; the GM repairs them from the keyboard.
    await tab(gm, 'GM screen');
    const override = gm.getByRole('region', { name: 'Override a value', exact: true });
    await override.getByLabel('Character').selectOption('orr-1');
    await override.getByLabel('Field').selectOption('part');
    await override.getByLabel('Which').selectOption('arms');
    await override.getByLabel('New value').selectOption('damaged');
    await override.getByRole('button', { name: 'Set' }).click();
    const surgery = gm.getByRole('region', { name: 'Surgery and prosthetics', exact: true });
    await surgery.getByLabel('Patient').selectOption('orr-1');
    await expect.poll(() => surgery.getByTestId('part-arms').textContent()).toBe('damaged');
    await surgery.getByRole('button', { name: 'Repair arms for Sable Orr' }).focus();
    await gm.keyboard.press('Enter');
    await expect.poll(() => surgery.getByTestId('part-arms').textContent()).toBe('repaired');
    // A prosthetic arm replaces the repaired one, paid from Orr's 50c.
    await surgery.getByRole('button', { name: /Fit arms: Prosthetic arm, 30c for Sable Orr/ }).focus();
    await gm.keyboard.press('Enter');
    await expect
      .poll(() => surgery.getByTestId('part-arms').textContent())
      .toMatch(/^prosthetic \(since age 24/);
    expect(await surgery.getByTestId('patient-money').textContent()).toBe('20c to spend');
    // Nothing on the phone's GM screen is wider than the phone.
    expect(await gm.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await surgery.scrollIntoViewIfNeeded();
    await shot(gm, 'eu-surgery-phone.png');
    await tab(ben, 'Sheets');
    await expect
      .poll(() => sheet(ben, 'Sable Orr').locator('li[data-part="arms"]').textContent())
      .toContain('prosthetic');

    // Ben's phone never received the hidden NPCs' sheets, through all of it.
    expect(frames.length).toBeGreaterThan(5);
    expect(hiddenSheetLeaks(frames, ['enforcer-2', 'hexer-3'])).toEqual([]);
    expect(pageProblems).toEqual([]);
  });
});
