import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { defaultPack } from '../../rules/rhylanor-express/data/pack.ts';
import { chanceOutOf36 } from '../../rules/rhylanor-express/index.ts';
import { rhylanorExpress } from '../../rules/rhylanor-express/ruleset.ts';
import { browserSuite, openSeat, pageProblems, shot, typeFaces } from '../three-sixteen/browser-kit.ts';
import { centreOf, dragBetween, newRhylanorTable, section } from './browser-kit.ts';
import { cellOf, fightGrid, metresOf } from './fight-map.ts';
import { withinLimit } from './map-aim.tsx';

/**
 * Rhylanor Express in the browser (real Chromium): a referee and two players, one on a 390×844
 * phone, take sample characters, roll a task, and fight a space battle on the hex map with a plot
 * dragged under a world's gravity and a reload mid-battle; a second table checks that a quiet
 * ship's position reaches no player's WebSocket before it is found. One built app for the suite.
 */

browserSuite('Rhylanor Express at the table, in the browser', (suite) => {
  const log = (page: Page) => page.getByRole('region', { name: 'Log and dice chat' });

  async function pinchAndPan(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    const svg = page.locator('svg.board-svg');
    await svg.scrollIntoViewIfNeeded();
    const box = await svg.boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const transform = async () => (await svg.locator(':scope > g').getAttribute('transform')) ?? '';
    const scaleOf = async () => Number((await transform()).match(/scale\(([\d.]+)\)/)?.[1]);
    const before = await scaleOf();
    const touch = (type: string, points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type: type as 'touchStart',
        touchPoints: points.map((p, i) => ({ x: p.x, y: p.y, id: i + 1 })),
      });
    await touch('touchStart', [
      { x: cx - 20, y: cy },
      { x: cx + 20, y: cy },
    ]);
    for (let i = 1; i <= 6; i++)
      await touch('touchMove', [
        { x: cx - 20 - i * 12, y: cy },
        { x: cx + 20 + i * 12, y: cy },
      ]);
    await touch('touchEnd', []);
    await expect.poll(scaleOf).toBeGreaterThan(before * 1.5);
    const zoomed = await transform();
    await touch('touchStart', [{ x: cx, y: cy }]);
    for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: cx + i * 10, y: cy + i * 5 }]);
    await touch('touchEnd', []);
    await expect.poll(transform).not.toBe(zoomed);
    await cdp.detach();
  }

  /** Each side looks for the other with digital dice; a roll waiting for the Crew's pool points is passed. */
  async function spotBothSides(gm: Page, player: Page) {
    const waiting = () => player.getByRole('group', { name: 'Roll waiting for pool points' }).count();
    for (const side of ['Crew', 'Opposition']) {
      await gm.getByRole('button', { name: `${side} looks for the enemy` }).click();
      await expect
        .poll(
          async () =>
            (await waiting()) > 0 ||
            (await gm.getByRole('button', { name: `${side} looks for the enemy` }).count()) === 0,
        )
        .toBe(true);
      if ((await waiting()) > 0) await player.getByRole('button', { name: 'Crew passes' }).click();
      await expect.poll(waiting).toBe(0);
    }
  }

  /** The referee adds a starport guard (a secret NPC of the pack) and starts a fight 20 m across. */
  async function startGuardFight(gm: Page, player: Page) {
    await section(gm, /^Crew/);
    await gm.getByRole('button', { name: 'Add Starport guard' }).click();
    await gm.getByRole('article', { name: 'Sheet of Starport guard' }).waitFor();
    await section(gm, /^Tasks/);
    const start = gm.getByRole('form', { name: 'Start a firefight' });
    await start.locator('input[name="gap"]').fill('20');
    await start.getByRole('button', { name: 'Start the fight' }).click();
    await section(player, /^Tasks/);
  }

  /**
   * The guard's fight to its first move: both sides look (digital dice); on equal pools the
   * referee rolls off, then the Crew is the Intruder: turn 1, the Crew's movement.
   */
  async function guardFightToFirstMove(gm: Page, player: Page) {
    await startGuardFight(gm, player);
    await spotBothSides(gm, player);
    // Equal pools: the referee rolls off for who chooses, then (for the chooser) makes the Crew the Intruder.
    const rollOff = gm.getByRole('button', { name: 'Roll off for the order' });
    const crewFirst = gm.getByRole('button', { name: 'Crew is the Intruder', exact: true });
    await expect.poll(async () => (await rollOff.count()) + (await crewFirst.count())).toBeGreaterThan(0);
    if ((await rollOff.count()) > 0) await rollOff.click();
    await crewFirst.click();
    await expect
      .poll(() => player.getByTestId('fight-phase').textContent())
      .toContain('turn 1, Crew: movement');
  }

  /** The Crew's pool spent on nothing: the player passes and the waiting roll closes on his page. */
  async function crewPasses(player: Page) {
    await player.getByRole('button', { name: 'Crew passes' }).click();
    await expect
      .poll(() => player.getByRole('group', { name: 'Roll waiting for pool points' }).count())
      .toBe(0);
  }

  /**
   * The guard's fight to its first move with the referee's typed spotting dice (the Crew sees, the
   * guard does not; the player passes his pool each time) and the Crew made the Intruder by the
   * player: turn 1, the Crew's movement. The referee's own dice stay on.
   */
  async function guardFightTyped(gm: Page, player: Page) {
    await startGuardFight(gm, player);
    await gm.getByLabel('my own dice').check();
    await gm.getByRole('button', { name: 'Crew looks for the enemy' }).click();
    await typeFaces(gm, [6, 6]);
    await crewPasses(player);
    await gm.getByRole('button', { name: 'Opposition looks for the enemy' }).click();
    await typeFaces(gm, [1, 1]);
    await crewPasses(player);
    await player.getByRole('button', { name: 'Crew is the Intruder', exact: true }).click();
    await expect.poll(() => gm.getByTestId('fight-phase').textContent()).toContain('turn 1, Crew: movement');
  }

  /** The referee ends phase after phase (each waited on his page) until the fight reaches `at`. */
  async function refereeStepsTo(gm: Page, at: string) {
    const phase = () => gm.getByTestId('fight-phase').textContent();
    for (let i = 0; i < 14 && !(await phase())?.includes(at); i++) {
      const before = await phase();
      await gm.getByRole('button', { name: /^End the .* phase$/ }).click();
      await expect.poll(phase).not.toBe(before);
    }
    await expect.poll(phase).toContain(at);
  }

  async function take(page: Page, name: string) {
    await section(page, /^Crew/);
    await page.getByRole('button', { name: `Take ${name}` }).click();
    await page.getByRole('article', { name: `Sheet of ${name}` }).waitFor();
  }

  /** The part ends within a 390 px phone's width (nothing to scroll sideways for). */
  async function withinPhone(part: Locator) {
    const box = await part.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }

  /** The Crew's player ends his side's movement phase and waits until his page shows its direct fire. */
  async function crewToDirectFire(player: Page) {
    await player.getByRole('button', { name: 'End the movement phase' }).click();
    await expect.poll(() => player.getByTestId('fight-phase').textContent()).toContain('Crew: direct fire');
  }

  /** Okonkwo fires from inside a vehicle with her player's own dice, 1 and 1 (a miss); the Crew passes its pool. */
  async function okonkwoMissesFrom(player: Page, gm: Page, fire: Locator) {
    await player.getByLabel('my own dice').check();
    await fire.getByRole('button', { name: 'Fire' }).click();
    await typeFaces(player, [1, 1]);
    await crewPasses(player);
    await expect
      .poll(() => log(gm).textContent())
      .toMatch(/Sgt\. Dara Okonkwo on Starport guard: 1\+1.*a miss/);
  }

  const packFile = (pack: unknown, name = 'raid.re-pack.json') => ({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(pack)),
  });

  /**
   * The referee loads a pack file (the bulk `pack.load`) and waits until his page shows the new
   * pack's name, or a refusal. Between the file and the name lie the page's own pack check, a
   * message of some 100 KB, the server's checks and a new view for every seat: a chain whose
   * length is the machine's load, so the wait is on what the page shows (Playwright's wait for the
   * element, as for any click), not on a one-second poll that a busy machine outlasts.
   */
  async function loadPack(gm: Page, pack: { readonly name: string }, file?: string) {
    await section(gm, /^Crew/);
    await gm.getByTestId('pack-load').setInputFiles(packFile(pack, file));
    const named = gm
      .getByTestId('pack-name')
      .filter({ hasText: new RegExp(`^${pack.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
    const refused = gm.getByTestId('rejection');
    await named.or(refused).first().waitFor();
    expect(await refused.count(), (await refused.allTextContents()).join(' ')).toBe(0);
    expect(await gm.getByTestId('pack-name').textContent()).toBe(pack.name);
  }

  /**
   * A table where one player (on a phone unless `wide`) takes Okonkwo and the referee fights her
   * against the starport guard to the Crew's first move, with his typed spotting dice unless
   * `digital`. `before` runs on the referee's page first (a pack is loaded before a fight).
   */
  async function okonkwoFights(
    player: string,
    options: { wide?: boolean; digital?: boolean; before?: (gm: Page) => Promise<void> } = {},
  ) {
    const { gmUrl, playerUrls } = await newRhylanorTable(suite.server.url, [player]);
    const gm = await openSeat(suite.browser, gmUrl);
    const page = await openSeat(suite.browser, playerUrls[0] as string, !options.wide);
    await options.before?.(gm);
    await take(page, 'Sgt. Dara Okonkwo');
    await (options.digital ? guardFightToFirstMove : guardFightTyped)(gm, page);
    return { gm, page };
  }

  /** The referee brings a vehicle of the pack into play and into the fight on the Crew's side, 3 m east of Okonkwo. */
  async function vehicleJoins(gm: Page, packId: string, name: string) {
    await gm.getByRole('form', { name: 'Bring a vehicle into play' }).locator('select').selectOption(packId);
    await gm.getByRole('button', { name: 'Bring into play' }).click();
    const join = gm.getByRole('form', { name: `${name} joins the fight` });
    await join.locator('input[name="x"]').fill('3');
    await join.getByRole('button', { name: 'Join the fight' }).click();
    await expect.poll(() => log(gm).textContent()).toContain(`${name} joins the fight`);
  }

  it('takes sample characters, rolls tasks (digital and typed dice) with the chance shown first, outfits a sheet, plots a move under gravity, fires lasers and launches a missile', async () => {
    const { gmUrl, playerUrls } = await newRhylanorTable(suite.server.url, ['Ann', 'Ben']);
    const gm = await openSeat(suite.browser, gmUrl);
    const ann = await openSeat(suite.browser, playerUrls[0] as string);
    const ben = await openSeat(suite.browser, playerUrls[1] as string, true);

    // Sample characters: each player takes one; the sheet shows the UPP in hex with DMs.
    await take(ann, 'Sgt. Dara Okonkwo');
    const sheet = ann.getByRole('article', { name: 'Sheet of Sgt. Dara Okonkwo' });
    expect(await sheet.getByTestId('upp').textContent()).toBe('A9A765');
    expect(await sheet.getByTestId('char-Str').textContent()).toContain('A');
    expect(await sheet.getByTestId('char-Str').textContent()).toContain('+1');
    await take(ben, 'Capt. Imre Vashti');
    await shot(ben, 're-sheet-phone.png');
    // A player edits only his own: no referee form on any sheet, and the other player's sheet has none of his either.
    expect(await ann.getByText('Referee: edit').count()).toBe(0);
    expect(await ann.getByRole('form', { name: 'Load of Capt. Imre Vashti' }).count()).toBe(0);
    expect(await ann.getByRole('form', { name: 'Load of Sgt. Dara Okonkwo' }).count()).toBe(1);

    // The referee sees both sheets with his edit forms; he raises Okonkwo's Rifles to 3.
    await section(gm, /^Crew/);
    const gmSheet = gm.getByRole('article', { name: 'Sheet of Sgt. Dara Okonkwo' });
    await gmSheet.getByText('Referee: edit').click();
    const skillForm = gmSheet.getByRole('form', { name: 'Skills of Sgt. Dara Okonkwo, edit' });
    await skillForm.locator('select[name="skill"]').selectOption('Rifles');
    await skillForm.locator('select[name="level"]').selectOption('3');
    await skillForm.getByRole('button', { name: 'Set skill' }).click();
    await expect
      .poll(() => sheet.getByLabel('Skills of Sgt. Dara Okonkwo').textContent())
      .toContain('Rifles-3');
    await shot(gm, 're-sheets-referee.png');

    // A task: Rifles with Dex, Average (8+), one ticked modifier of −1: the rules' chance shows first.
    await section(ann, /^Tasks/);
    const task = ann.getByRole('form', { name: 'Task roll' });
    await task.locator('select[name="skill"]').selectOption('Rifles');
    await task.locator('select[name="characteristic"]').selectOption('Dex');
    await task.locator('select[name="difficulty"]').selectOption('average');
    await task.locator('input[name="modSource"]').fill('poor light');
    await task.locator('select[name="modValue"]').selectOption('-1');
    await task.getByRole('button', { name: 'Add modifier' }).click();
    // Rifles-3 +3, Dex 9 → +1, poor light −1: 2d6+3 against 8.
    const expected = chanceOutOf36(3, 8);
    await expect.poll(() => task.getByTestId('task-chance').textContent()).toContain(`${expected}/36`);
    await task.locator('input[name="label"]').fill('a long shot across the apron');
    await shot(ann, 're-task-desktop.png');
    await task.getByRole('button', { name: 'Roll the task' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toMatch(
        /Sgt\. Dara Okonkwo: a long shot across the apron, \d\+\d, Rifles-3 \+3, Dex DM \+1, poor light −1 = \d+ against 8\+/,
      );

    // The same task with her own dice: the box asks for each die the server names.
    await ann.getByLabel('my own dice').check();
    await task.getByRole('button', { name: 'Roll the task' }).click();
    await typeFaces(ann, [6, 5]);
    await expect
      .poll(() => log(gm).textContent())
      .toContain('6+5, Rifles-3 +3, Dex DM +1, poor light −1 = 14 against 8+: success by 6');
    await ann.getByLabel('digital').check();

    // She outfits her own character: jack armour from the pack.
    await section(ann, /^Crew/);
    await sheet.getByText('Outfit Sgt. Dara Okonkwo').click();
    const armour = sheet.getByRole('form', { name: 'Armour of Sgt. Dara Okonkwo' });
    await armour.locator('select[name="armour"]').selectOption('jack');
    await armour.getByRole('button', { name: 'Wear' }).click();
    await expect.poll(() => sheet.textContent()).toContain('Armour: Jack (1)');

    // Space: the referee loads the gravity well, hands the Rhylanor Express to Ben, places her
    // beside the world's hex so her next move passes it, and starts the battle.
    await section(gm, 'Space');
    await gm.getByRole('button', { name: 'Load scenario' }).waitFor();
    await gm.locator('select[name="scenario"]').selectOption('Gravity well');
    await gm.getByRole('button', { name: 'Load scenario' }).click();
    await gm.getByLabel('Commander of Rhylanor Express').waitFor();
    await gm.getByLabel('Commander of Rhylanor Express').selectOption({ label: 'Ben' });
    const place = gm.getByRole('form', { name: 'Place Rhylanor Express' });
    await place.locator('input[name="q"]').fill('-3');
    await place.locator('input[name="r"]').fill('1');
    await place.locator('input[name="vq"]').fill('2');
    await place.getByRole('button', { name: 'Place' }).click();
    await expect
      .poll(() => gm.getByRole('article', { name: 'Ship Rhylanor Express' }).textContent())
      .toContain('-3,1 → -1,1');
    await gm.getByRole('button', { name: 'Score the set-up and start' }).click();
    await gm.getByRole('button', { name: 'Party is the Intruder' }).click();
    await expect.poll(() => gm.getByTestId('space-phase').textContent()).toContain('Movement');

    // Ben, on his phone, sees his move: the path to -1,1 passes beside Rhylanor (0,0).
    await section(ben, /^Space/);
    const summary = ben.getByTestId('plot-summary');
    await expect.poll(() => summary.textContent()).toContain('gravity pulls once');
    // The drift: -1,1 plus the vector 2,0 bent by one pull toward 0,0 (+1,−1) = 2,0.
    await expect.poll(() => ben.getByTestId('plot-marker').getAttribute('data-hex')).toBe('2,0');
    // He drags the future marker one hex (1 G) to 2,1.
    await ben.getByTestId('plot-marker').scrollIntoViewIfNeeded();
    await dragBetween(ben, '[data-testid="plot-marker"]', 'circle.re-reach[data-hex="2,1"]');
    await expect.poll(() => ben.getByTestId('plot-marker').getAttribute('data-hex')).toBe('2,1');
    await expect.poll(() => summary.textContent()).toContain('Thrust 0,1 (1 of');
    await shot(ben, 're-space-plot-phone.png');

    // Two fingers zoom the map on the phone, one finger pans it (touch events, as a phone sends them).
    await pinchAndPan(ben);

    // A reload mid-battle: the map comes back as it was (the plot restarts at the drift).
    await ben.reload();
    await section(ben, /^Space/);
    await expect.poll(() => ben.getByTestId('plot-marker').getAttribute('data-hex')).toBe('2,0');
    await shot(ben, 're-space-reloaded-phone.png');
    await ben.getByRole('button', { name: 'Thrust marker S', exact: true }).click();
    await expect.poll(() => ben.getByTestId('plot-marker').getAttribute('data-hex')).toBe('2,1');
    await ben.getByRole('button', { name: 'Move Rhylanor Express' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain(
        'Rhylanor Express moved from -3,1 to -1,1 with thrust 0,1; gravity pulled it 1 time; new vector 3,0',
      );
    await expect
      .poll(() => gm.getByRole('article', { name: 'Ship Rhylanor Express' }).textContent())
      .toContain('-1,1 → 2,1');
    // Laser fire: Ben ends his movement (the referee's Far Wanderer drifts on its vector) and
    // fires his first turret at the Black Lantern, at the range band the card shows.
    await ben.getByRole('button', { name: 'End the movement phase' }).click();
    await expect.poll(() => ben.getByTestId('space-phase').textContent()).toContain('Laser fire');
    await expect
      .poll(() =>
        ben.getByRole('article', { name: 'Ship Black Lantern' }).getByTestId('range-s3').textContent(),
      )
      .toMatch(/1[0-5] hexes, long/);
    // Ben rolls his own dice for the turret's two lasers, 1+1 each (misses, so no damage roll
    // follows): the battle goes on the same whatever the table's dice would have said.
    await ben.locator('select[name="target"]').selectOption('s3');
    await ben.getByLabel('my own dice').check();
    await ben.getByRole('button', { name: 'Fire T1 at Black Lantern' }).click();
    await typeFaces(ben, [1, 1, 1, 1]);
    await expect
      .poll(() => log(gm).textContent())
      .toMatch(/Rhylanor Express fires turret 1 at Black Lantern \(1[0-5] hexes\): 1\+1/);
    await ben.getByLabel('digital').check();
    // The rest of the turn: the pirates' return fire (the referee passes), then Ben's ordnance:
    // a missile at the Black Lantern and a sand canister.
    await ben.getByRole('button', { name: 'End the laser fire phase' }).click();
    await gm.getByRole('button', { name: 'End the return fire phase' }).click();
    await expect.poll(() => ben.getByTestId('space-phase').textContent()).toContain('Ordnance');
    await ben.locator('select[name="missileTarget"]').selectOption('s3');
    await ben.getByRole('button', { name: 'Launch at Black Lantern' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain('Rhylanor Express launches a missile at Black Lantern');
    await ben.getByRole('button', { name: 'Cast sand' }).click();
    await expect.poll(() => log(gm).textContent()).toContain('Rhylanor Express casts sand');
    await shot(gm, 're-space-referee.png');
    expect(pageProblems).toEqual([]);
  });

  it('keeps a quiet ship out of every frame a player receives until it is found', async () => {
    const { gmUrl, playerUrls } = await newRhylanorTable(suite.server.url, ['Cat']);
    const gm = await openSeat(suite.browser, gmUrl);
    const frames: string[] = [];
    const cat = await openSeat(suite.browser, 'about:blank');
    cat.on('websocket', (ws) => {
      ws.on('framereceived', (f) =>
        frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString()),
      );
    });
    await cat.goto(playerUrls[0] as string);
    await take(cat, 'Tamsin Orr');

    await section(gm, 'Space');
    await gm.locator('select[name="scenario"]').selectOption('Pirate ambush');
    await gm.getByRole('button', { name: 'Load scenario' }).click();
    await gm.getByLabel('Commander of Rhylanor Express').selectOption({ label: 'Cat' });
    await section(cat, /^Space/);
    await cat.getByRole('article', { name: 'Ship Rhylanor Express' }).waitFor();
    expect(await cat.getByRole('article', { name: 'Ship Black Lantern' }).count()).toBe(0);
    await shot(cat, 're-space-hidden.png');
    const before = frames.join('\n');
    expect(before.length).toBeGreaterThan(0);
    expect(before).not.toContain('Black Lantern');
    expect(before).not.toContain('"q":20,"r":-5');

    // Found: the referee rolls the Rhylanor Express's search with his own dice, a 12.
    await gm.getByLabel('my own dice').check();
    await gm.getByRole('button', { name: 'Rhylanor Express searches for Black Lantern' }).click();
    await typeFaces(gm, [6, 6]);
    await cat.getByRole('article', { name: 'Ship Black Lantern' }).waitFor();
    expect(frames.join('\n')).toContain('Black Lantern');
    await shot(cat, 're-space-detected.png');
    expect(pageProblems).toEqual([]);
  });
  it('fights a firefight to its end: an NPC from the pack, typed spotting, a typed-dice shot, wounds the referee types, his morale ruling', async () => {
    const { gmUrl, playerUrls } = await newRhylanorTable(suite.server.url, ['Dee']);
    const gm = await openSeat(suite.browser, gmUrl);
    const dee = await openSeat(suite.browser, playerUrls[0] as string, true);
    await take(dee, 'Sgt. Dara Okonkwo');
    // The referee runs a starport guard from the pack's templates (a secret NPC).
    await startGuardFight(gm, dee);
    const fight = dee.getByRole('region', { name: 'Firefight' });
    await fight.waitFor();
    // The NPC's sheet stays the referee's: Dee sees his name in the fight, not his numbers.
    expect(await fight.locator('tr', { hasText: 'Starport guard' }).textContent()).toContain('?');
    expect(await dee.getByRole('article', { name: 'Sheet of Starport guard' }).count()).toBe(0);

    // Spotting: each side looks; Okonkwo's side holds tactics points, so each roll waits for her pass.
    const pass = async () => {
      await dee.getByRole('button', { name: 'Crew passes' }).click();
      await expect
        .poll(() => dee.getByRole('group', { name: 'Roll waiting for pool points' }).count())
        .toBe(0);
    };
    // The referee types the spotting dice (he may type any die): the Crew sees, the guard does not.
    await gm.getByLabel('my own dice').check();
    await gm.getByRole('button', { name: 'Crew looks for the enemy' }).click();
    await typeFaces(gm, [6, 6]);
    await pass();
    await gm.getByRole('button', { name: 'Opposition looks for the enemy' }).click();
    await typeFaces(gm, [1, 1]);
    await pass();
    await dee.getByRole('button', { name: 'Crew is the Intruder', exact: true }).click();
    await expect.poll(() => dee.getByTestId('fight-phase').textContent()).toContain('turn 1, Crew: movement');
    const actions = dee.getByRole('group', { name: 'Actions of Sgt. Dara Okonkwo' });
    await actions.locator('select[name="option"]').selectOption('stand');
    await actions.getByRole('button', { name: 'Move' }).click();
    await crewToDirectFire(dee);
    // Her rifle at the guard: the target shows range and band, the rules' chance shows before the dice.
    await expect.poll(() => actions.locator('select[name="fireTarget"]').textContent()).toContain('20 m');
    await expect.poll(() => actions.getByTestId('fire-chance').textContent()).toMatch(/\d+\/36/);
    await shot(dee, 're-firefight-phone.png');
    await dee.getByLabel('my own dice').check();
    await actions.getByRole('button', { name: 'Fire' }).click();
    await typeFaces(dee, [6, 6]);
    // The shot waits for pool points: she spends one. The wound rolls that follow are the guard's,
    // not hers to type, so the referee passes for the Crew and types them: 6s for the three hits.
    await dee.getByRole('button', { name: 'Crew: +1' }).first().click();
    await expect.poll(() => gm.getByRole('button', { name: 'Crew passes' }).count()).toBe(1);
    await gm.getByRole('button', { name: 'Crew passes' }).click();
    await typeFaces(gm, [6, 6, 6, 6, 6, 6]);
    await expect
      .poll(() => log(gm).textContent())
      .toMatch(/Sgt\. Dara Okonkwo on Starport guard: 6\+6, .*pool \+1.*, 3 hits/);
    // The wound rolls wait for points too (her side still has one); she passes and the guard falls.
    await pass();
    await expect.poll(() => log(gm).textContent()).toContain('Starport guard takes a dead wound');
    await expect.poll(() => log(gm).textContent()).toContain('Side B must check its morale.');
    await expect.poll(() => gm.locator('tr[data-combatant="c2"]').textContent()).toContain('dead');
    await shot(gm, 're-firefight-referee.png');
    // To its end: the referee rules the leaderless side surrendered, then closes the fight.
    const ruling = gm.getByRole('form', { name: 'Referee: morale ruling' });
    await ruling.locator('select[name="moraleSide"]').selectOption('b');
    await ruling.locator('select[name="moraleState"]').selectOption('surrendered');
    await ruling.getByRole('button', { name: 'Rule' }).click();
    await expect.poll(() => log(gm).textContent()).toContain('The referee rules side B surrendered.');
    await expect.poll(() => fight.textContent()).toContain('morale surrendered');
    await gm.getByRole('button', { name: 'End the fight' }).click();
    await expect.poll(() => log(gm).textContent()).toContain('The firefight is over');
    await shot(dee, 're-firefight-over-phone.png');
    expect(pageProblems).toEqual([]);
  });

  // Runs once the ruleset carries the bulk `pack.load` (branch rerules): until then the server
  // has no such command to take.
  it.skipIf(!rhylanorExpress.bulkCommands?.includes('pack.load' as never))(
    'loads another data pack at a live table: a bad file named line by line, a good one in play, its secrets kept from the player',
    async () => {
      const { gmUrl, playerUrls } = await newRhylanorTable(suite.server.url, ['Fay']);
      const gm = await openSeat(suite.browser, gmUrl);
      const frames: string[] = [];
      const fay = await openSeat(suite.browser, 'about:blank');
      fay.on('websocket', (ws) => {
        ws.on('framereceived', (f) =>
          frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString()),
        );
      });
      await fay.goto(playerUrls[0] as string);
      await section(fay, /^Crew/);
      await section(gm, /^Crew/);
      // A broken pack: every problem listed, nothing sent.
      await gm.getByTestId('pack-load').setInputFiles(packFile({ ...defaultPack, weapons: [{ id: 'x' }] }));
      await expect.poll(() => gm.getByTestId('pack-problems').textContent()).toContain('weapons.0.');
      // A good one: a new name and a lock whose pick number (13) is the referee's.
      const raid = {
        ...defaultPack,
        name: 'Spinward raid',
        locks: [...defaultPack.locks, { id: 'vault', name: 'Vault door', kind: 'mechanical', pick: 13 }],
      };
      await loadPack(gm, raid);
      await expect
        .poll(() => log(gm).textContent())
        .toContain('The referee loads the data pack Spinward raid.');
      await expect.poll(() => frames.join('\n')).toContain('Vault door');
      expect(frames.join('\n')).not.toContain('"pick":13');
      await shot(gm, 're-pack-loaded.png');
      expect(pageProblems).toEqual([]);
    },
  );

  it('generates a character on a phone with digital and typed dice, then moves her on the fight map by keyboard and by a mouse drag', async () => {
    const { gmUrl, playerUrls } = await newRhylanorTable(suite.server.url, ['Eve']);
    const gm = await openSeat(suite.browser, gmUrl);
    const eve = await openSeat(suite.browser, playerUrls[0] as string, true);

    // A new character from typed UPP digits and a career: the DMs show as she types.
    await section(eve, /^Crew/);
    const gen = eve.getByRole('form', { name: 'Generate a character' });
    await gen.locator('input[name="newName"]').fill('Jessa Vale');
    await gen.locator('input[name="newUpp"]').fill('77a865');
    await expect.poll(() => gen.getByTestId('new-upp-dms').textContent()).toContain('End +');
    await gen.locator('select[name="newCareer"]').selectOption('Belt Prospector');
    await gen.getByRole('button', { name: 'Create the character' }).click();
    const sheet = eve.getByRole('article', { name: 'Sheet of Jessa Vale' });
    await sheet.waitFor();
    expect(await sheet.getByTestId('upp').textContent()).toBe('77A865');

    const skillList = sheet.getByRole('list', { name: 'Skills of Jessa Vale', exact: true });
    // A survival roll (6+), the rules' chance shown first, digital dice.
    await sheet.getByText('Generation: Belt Prospector').click();
    const career = sheet.getByRole('form', { name: 'Career roll of Jessa Vale' });
    await career.locator('input[name="chargenTarget"]').fill('6');
    await expect
      .poll(() => career.getByTestId('chargen-chance').textContent())
      .toBe('6+ with +0: 26/36 (72.2%)');
    await career.getByRole('button', { name: 'Roll survival' }).click();
    await expect.poll(() => log(gm).textContent()).toMatch(/Jessa Vale's survival roll: \d\+\d/);

    // Skill tables with her own dice: a 1 is Brawling; a 3 is Gun Combat, a cascade she picks from.
    await eve.getByLabel('my own dice').check();
    const skills = sheet.getByRole('form', { name: 'Skill roll of Jessa Vale' });
    await expect.poll(() => skills.getByTestId('skill-table').textContent()).toContain('1 Brawling');
    await skills.getByRole('button', { name: 'Roll on the table' }).click();
    await typeFaces(eve, [1]);
    await expect.poll(() => skillList.textContent()).toContain('Brawling-1');
    await skills.getByRole('button', { name: 'Roll on the table' }).click();
    await typeFaces(eve, [3]);
    const pick = sheet.getByRole('form', { name: 'Pick from Gun Combat' });
    await pick.locator('select[name="pick"]').selectOption('Rifles');
    await pick.getByRole('button', { name: 'Take it' }).click();
    await expect.poll(() => skillList.textContent()).toContain('Rifles-1');
    await eve.getByLabel('digital').check();

    // The level-0 fill of Service Skills: Vehicle is a cascade, so she picks one of it.
    const fill = sheet.getByRole('form', { name: 'Level-0 skills of Jessa Vale' });
    await fill.locator('select[name="fill-Vehicle"]').selectOption('Wheeled');
    await fill.getByRole('button', { name: 'Fill level 0' }).click();
    await expect.poll(() => skillList.textContent()).toContain('Wheeled-0');
    expect(await skillList.textContent()).toContain('Vacc Suit-0');
    await expect
      .poll(() => log(gm).textContent())
      .toContain('Jessa Vale rolled 3 on Belt Prospector table 1: Gun Combat (a cascade: pick one).');
    await shot(eve, 're-chargen-phone.png');

    // A fight: the referee adds a starport guard 20 m off; spotting and the order as the rules go.
    await guardFightToFirstMove(gm, eve);

    // The map: she walks (18 m ring) and, from the keyboard, moves the marker three squares east.
    const actions = eve.getByRole('group', { name: 'Actions of Jessa Vale' });
    await actions.locator('select[name="option"]').selectOption('walk');
    const map = eve.locator('.re-fight-map svg.board-svg');
    await map.scrollIntoViewIfNeeded();
    const scale = Number((await eve.getByTestId('fight-scale').textContent())?.match(/([\d.]+) m/)?.[1]);
    const grid = fightGrid(
      [
        { x: 0, y: 0 },
        { x: 20, y: 0 },
      ],
      18,
    );
    expect(scale).toBe(grid.scale);
    const me = cellOf(grid, { x: 0, y: 0 });
    const to = { x: me.x + 3, y: me.y };
    await map.focus();
    await map.press('ArrowRight');
    for (let i = 0; i < to.x; i++) await map.press('ArrowRight');
    for (let i = 0; i < to.y; i++) await map.press('ArrowDown');
    await map.press('Enter');
    const dest = metresOf(grid, to);
    await expect
      .poll(() => eve.getByTestId('move-marker').getAttribute('data-metres'))
      .toBe(`${dest.x},${dest.y}`);
    expect(await actions.locator('input[name="x"]').inputValue()).toBe(String(dest.x));
    await shot(eve, 're-fight-map-phone.png');
    // Then with the pointer: she drags the marker (a real mouse drag, in small steps) two squares
    // down, still within the walk's 18 m.
    const dragTo = { x: to.x, y: to.y + 2 };
    const dragged = metresOf(grid, dragTo);
    expect(Math.hypot(dragged.x, dragged.y)).toBeLessThanOrEqual(18);
    // The screenshot scrolled the page back to the top: bring the marker on screen first.
    await eve.getByTestId('move-marker').scrollIntoViewIfNeeded();
    await dragBetween(
      eve,
      '[data-testid="move-marker"]',
      `.re-fight-map polygon[data-cell="${dragTo.x},${dragTo.y}"]`,
    );
    await expect
      .poll(() => eve.getByTestId('move-marker').getAttribute('data-metres'))
      .toBe(`${dragged.x},${dragged.y}`);
    expect(await actions.locator('input[name="y"]').inputValue()).toBe(String(dragged.y));
    await shot(eve, 're-fight-map-dragged-phone.png');
    await actions.getByRole('button', { name: 'Move' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain(`Jessa Vale chose walk and is now at ${dragged.x}, ${dragged.y} m.`);
    await expect
      .poll(() => eve.locator('tr[data-combatant="c1"] td').first().textContent())
      .toBe(`${dragged.x}, ${dragged.y}`);
    expect(pageProblems).toEqual([]);
  });

  it('puts a player in an air/raft as its driver, drops a bomb on a point tapped on the map (typed dice), and the referee places and removes cover by clicking the map', async () => {
    // A pack whose air/raft carries two bombs with a 3 m blast (the default pack has no bomber).
    const pack = {
      ...defaultPack,
      name: 'Bomber raid',
      vehicles: defaultPack.vehicles.map((v) =>
        v.id === 'air-raft' ? { ...v, bombRack: true, bombLoad: 2, bombRadius: 3 } : v,
      ),
    };
    const { gm, page: gus } = await okonkwoFights('Gus', {
      digital: true,
      before: (referee) => loadPack(referee, pack, 'bomber.re-pack.json'),
    });

    // The referee brings the air/raft in on the Crew's side, 3 m from Okonkwo.
    await vehicleJoins(gm, 'air-raft', 'Air/raft');
    const grid = fightGrid(
      [
        { x: 0, y: 0 },
        { x: 20, y: 0 },
        { x: 3, y: 0 },
      ],
      0,
    );
    const cellAt = (metres: { x: number; y: number }) => {
      const c = cellOf(grid, metres);
      return `.re-fight-map polygon[data-cell="${c.x},${c.y}"]`;
    };

    // Cover by clicking: the referee picks the centre on the map (its radius drawn first), then places it.
    const coverForm = gm.getByRole('form', { name: 'Place cover' });
    await coverForm.getByRole('button', { name: 'Pick on the map' }).click();
    await gm.locator('.re-fight-map svg.board-svg').scrollIntoViewIfNeeded();
    const coverAt = metresOf(grid, cellOf(grid, { x: 12, y: 0 }));
    await gm.locator(cellAt(coverAt)).scrollIntoViewIfNeeded();
    const spot = await centreOf(gm, cellAt(coverAt));
    await gm.mouse.click(spot.x, spot.y);
    await expect
      .poll(() => gm.getByTestId('aim-marker').getAttribute('data-metres'))
      .toBe(`${coverAt.x},${coverAt.y}`);
    expect(await coverForm.locator('input[name="coverX"]').inputValue()).toBe(String(coverAt.x));
    expect(await gm.getByTestId('aim-note').textContent()).toContain('2 m around it');
    await coverForm.locator('input[name="coverName"]').fill('Crates');
    await shot(gm, 're-cover-pick.png');
    await coverForm.getByRole('button', { name: 'Place cover' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain(`The referee puts Crates: cover −2 2 m around ${coverAt.x}, ${coverAt.y} m.`);
    await coverForm.getByRole('button', { name: 'Done picking' }).click();
    // A click on the placed area picks it for removal (the button scrolled the map: bring it back).
    const crates = gm.locator('.re-fight-map circle[data-cover="1"]');
    await crates.scrollIntoViewIfNeeded();
    const onCover = await centreOf(gm, '.re-fight-map circle[data-cover="1"]');
    await gm.mouse.click(onCover.x, onCover.y);
    await expect.poll(() => gm.getByTestId('cover-picked').textContent()).toContain('Crates');
    await gm.getByRole('button', { name: 'Remove this cover' }).click();
    await expect.poll(() => log(gm).textContent()).toContain('The referee takes cover 1 off the map.');

    // Gus gets Okonkwo in as the driver (his move); the map names her under the air/raft.
    const riders = gus.getByRole('group', { name: 'Riders of Air/raft' });
    await expect.poll(() => riders.getByTestId('riders-places').textContent()).toContain('0 of 4 aboard');
    await riders.locator('select[name="boardSeat"]').selectOption('driver');
    await riders.getByRole('button', { name: 'Get in' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain('Sgt. Dara Okonkwo gets into Air/raft as its driver.');
    await expect.poll(() => riders.textContent()).toContain('Sgt. Dara Okonkwo, driver');
    await expect.poll(() => gus.locator('[data-riders="m1"]').textContent()).toContain('Sgt. Dara Okonkwo');
    await withinPhone(riders);
    await shot(gus, 're-riders-phone.png');
    await crewToDirectFire(gus);

    // The bomb: aimed by a tap on the map, the 3 m blast drawn and nobody in it; her own dice miss
    // (6+6 unskilled is 9 against 10) and it falls 120 m straight on.
    const bomb = gus.getByRole('form', { name: 'Bomb from Air/raft' });
    await expect.poll(() => bomb.getByTestId('bombs-left').textContent()).toContain('2 of 2 left');
    await bomb.getByRole('button', { name: 'Aim on the map' }).click();
    await gus.locator('.re-fight-map svg.board-svg').scrollIntoViewIfNeeded();
    const aim = metresOf(grid, cellOf(grid, { x: 10, y: -3 }));
    await gus.locator(cellAt(aim)).scrollIntoViewIfNeeded();
    const tapAt = await centreOf(gus, cellAt(aim));
    await gus.touchscreen.tap(tapAt.x, tapAt.y);
    await expect
      .poll(() => gus.getByTestId('aim-marker').getAttribute('data-metres'))
      .toBe(`${aim.x},${aim.y}`);
    expect(await bomb.locator('input[name="bombY"]').inputValue()).toBe(String(aim.y));
    expect(await bomb.getByTestId('bomb-caught').textContent()).toBe('Nobody in the blast now.');
    expect(await gus.locator('.re-aim circle').count()).toBe(2);
    await shot(gus, 're-bomb-aim-phone.png');
    await gus.getByLabel('my own dice').check();
    await bomb.getByRole('button', { name: 'Drop a bomb' }).click();
    await typeFaces(gus, [6, 6, 12, 6, 6]);
    await expect
      .poll(() => log(gm).textContent())
      .toContain("it falls 120 m off toward 12 o'clock; nobody is within the blast.");
    await expect.poll(() => bomb.getByTestId('bombs-left').textContent()).toContain('1 of 2 left');
    await shot(gus, 're-bomb-dropped-phone.png');
    expect(pageProblems).toEqual([]);
  });

  it('the referee brings a security robot into the fight, moves it and fires it with typed dice; the player reads it in the log and gets no robot controls', async () => {
    // Hal on a wide screen: his log stands beside the game (on a phone it is a tab of its own).
    const { gm, page: hal } = await okonkwoFights('Hal', { wide: true });

    // The referee brings a security robot into play, then into the fight on the guard's side, typed at 20, 6 m.
    await gm
      .getByRole('form', { name: 'Bring a robot into play' })
      .locator('select')
      .selectOption('security-robot');
    await gm.getByRole('button', { name: 'Bring the robot into play' }).click();
    const join = gm.getByRole('form', { name: 'Security robot joins the fight' });
    await join.locator('select[name="side"]').selectOption('b');
    await join.locator('input[name="x"]').fill('20');
    await join.locator('input[name="y"]').fill('6');
    await join.getByRole('button', { name: 'Join the fight' }).click();
    await expect.poll(() => log(hal).textContent()).toContain('Security robot joins the fight');
    await expect.poll(() => hal.locator('.re-fight-map [data-combatant="m1"]').count()).toBe(1);
    // Nothing of the robot is the player's to order, nor its way in.
    expect(await hal.getByRole('group', { name: 'Actions of Security robot' }).count()).toBe(0);
    expect(await hal.getByRole('region', { name: 'Robots to bring in' }).count()).toBe(0);

    // The referee steps the Crew's turn on to the guard's side's movement.
    await refereeStepsTo(gm, 'turn 1, Opposition: movement');
    const phase = () => gm.getByTestId('fight-phase').textContent();

    // The robot walks 6 m with the man's own form (its pack's 18 m walk offered).
    const robot = gm.getByRole('group', { name: 'Actions of Security robot' });
    await expect.poll(() => robot.locator('select[name="option"]').textContent()).toContain('walk (18 m');
    await robot.locator('select[name="option"]').selectOption('walk');
    await robot.locator('input[name="x"]').fill('14');
    await robot.locator('input[name="y"]').fill('6');
    await robot.getByRole('button', { name: 'Move' }).click();
    await expect
      .poll(() => log(hal).textContent())
      .toContain('Security robot chose walk and is now at 14, 6 m.');
    await gm.getByRole('button', { name: 'End the movement phase' }).click();
    await expect.poll(phase).toContain('Opposition: direct fire');

    // Its SMG at Okonkwo: the rules' chance first, then the referee's typed 1 and 1 miss.
    await expect
      .poll(() => robot.locator('select[name="fireTarget"]').textContent())
      .toContain('Sgt. Dara Okonkwo');
    await expect.poll(() => robot.getByTestId('fire-chance').textContent()).toMatch(/\d+\/36/);
    await robot.getByRole('button', { name: 'Fire' }).click();
    await typeFaces(gm, [1, 1]);
    // The roll may wait for the Crew's pool points (the pools decide, not the dice): Hal passes.
    const waiting = hal.getByRole('button', { name: 'Crew passes' });
    await expect
      .poll(
        async () =>
          (await waiting.count()) > 0 ||
          /Security robot on .*a miss/.test((await log(hal).textContent()) ?? ''),
      )
      .toBe(true);
    if ((await waiting.count()) > 0) await crewPasses(hal);
    await expect.poll(() => log(hal).textContent()).toContain('Security robot fires');
    await expect
      .poll(() => log(hal).textContent())
      .toMatch(/Security robot on Sgt\. Dara Okonkwo: 1\+1.*a miss/);
    await expect
      .poll(() => log(gm).textContent())
      .toMatch(/Security robot on Sgt\. Dara Okonkwo: 1\+1.*a miss/);
    // Still no robot controls on the player's page, in the robot's own side's fire.
    expect(await hal.getByRole('group', { name: 'Actions of Security robot' }).count()).toBe(0);
    expect(await hal.getByRole('form', { name: /joins the fight/ }).count()).toBe(0);
    await shot(hal, 're-robot-fight-player.png');
    await shot(gm, 're-robot-fight-referee.png');
    expect(pageProblems).toEqual([]);
  });

  it('a player on a phone rides in an air/raft, fires his own rifle over its open top with typed dice, then gets out at a spot picked by keyboard within the ringed reach', async () => {
    const { gm, page: ivy } = await okonkwoFights('Ivy');

    // The referee brings an air/raft (open top) in on the Crew's side, 3 m from Okonkwo; she gets in.
    await vehicleJoins(gm, 'air-raft', 'Air/raft');
    const riders = ivy.getByRole('group', { name: 'Riders of Air/raft' });
    await riders.getByRole('button', { name: 'Get in' }).click();
    // (The sentence may go on to name her seat: branch rerules.)
    await expect
      .poll(() => log(gm).textContent())
      .toContain('Sgt. Dara Okonkwo gets into Air/raft as a passenger');
    // Aboard, her own move is the rules' RIDING refusal: the line says so.
    await expect.poll(() => ivy.getByTestId('riding').getAttribute('data-code')).toBe('RIDING');
    await crewToDirectFire(ivy);

    // Her rifle over the open top: where she fires from, the chance first, the form inside the phone's width.
    const fire = ivy.getByRole('form', { name: 'Sgt. Dara Okonkwo fires from Air/raft' });
    await expect
      .poll(() => fire.getByTestId('rider-fire').textContent())
      .toBe('Fires his own weapon over the open top of Air/raft.');
    await expect.poll(() => fire.getByTestId('fire-chance').textContent()).toMatch(/\d+\/36/);
    await withinPhone(fire);
    await shot(ivy, 're-rider-fire-phone.png');
    await okonkwoMissesFrom(ivy, gm, fire);

    // The referee steps the fight on to the Crew's next movement phase.
    await refereeStepsTo(gm, 'turn 2, Crew: movement');
    await expect.poll(() => ivy.getByTestId('fight-phase').textContent()).toContain('turn 2, Crew: movement');

    // Getting out: the 5 m reach ringed around the air/raft; from the keyboard she picks a square
    // 10 m east, beyond it, and the spot stops on the ring's edge toward it.
    const out = ivy.getByRole('form', { name: 'Where Sgt. Dara Okonkwo gets out' });
    await expect
      .poll(() => out.getByTestId('alight-reach').textContent())
      .toContain('Within 5 m of Air/raft');
    await out.getByRole('button', { name: 'Pick the spot on the map' }).click();
    await expect.poll(() => ivy.getByTestId('aim-limit').count()).toBe(1);
    const grid = fightGrid(
      [
        { x: 20, y: 0 },
        { x: 3, y: 0 },
        { x: 3, y: 0 },
        { x: -2, y: -5 },
        { x: 8, y: 5 },
      ],
      0,
    );
    const scale = Number((await ivy.getByTestId('fight-scale').textContent())?.match(/([\d.]+) m/)?.[1]);
    expect(scale).toBe(grid.scale);
    const beyond = cellOf(grid, { x: 13, y: 0 });
    const map = ivy.locator('.re-fight-map svg.board-svg');
    await map.scrollIntoViewIfNeeded();
    await map.focus();
    await map.press('ArrowRight');
    for (let i = 0; i < beyond.x; i++) await map.press('ArrowRight');
    for (let i = 0; i < beyond.y; i++) await map.press('ArrowDown');
    await map.press('Enter');
    const edge = withinLimit(metresOf(grid, beyond), { centre: { x: 3, y: 0 }, radius: 5, words: '' });
    expect(Math.hypot(edge.x - 3, edge.y)).toBeLessThanOrEqual(5);
    await expect
      .poll(() => ivy.getByTestId('aim-marker').getAttribute('data-metres'))
      .toBe(`${edge.x},${edge.y}`);
    expect(await out.locator('input[name="alightX"]').inputValue()).toBe(String(edge.x));
    await shot(ivy, 're-get-out-pick-phone.png');
    await out.getByRole('button', { name: 'Get Sgt. Dara Okonkwo out' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain(`Sgt. Dara Okonkwo gets out of Air/raft at ${edge.x}, ${edge.y} m.`);
    await expect
      .poll(() => ivy.locator('tr[data-combatant="c1"] td').first().textContent())
      .toBe(`${edge.x}, ${edge.y}`);
    expect(pageProblems).toEqual([]);
  });
  it('a player on a phone picks a seat number in a closed G-carrier by keyboard, the referee moves her to a seat with a port, and she fires through it with typed dice', async () => {
    const { gm, page: jo } = await okonkwoFights('Jo');
    await vehicleJoins(gm, 'g-carrier', 'G-carrier');

    // The seats said before she picks: all ten free, ports at 1 to 4 (the default pack's four).
    const riders = jo.getByRole('group', { name: 'Riders of G-carrier' });
    await expect
      .poll(() => riders.getByTestId('riders-seats').textContent())
      .toBe('Seats free: 1–10 · firing ports at 1–4');
    // From the keyboard: seat 7 (no port) on the seat-number list, then Get in.
    const number = riders.locator('select[name="boardPlace"]');
    await number.focus();
    for (let i = 0; i < 7; i++) await number.press('ArrowDown');
    await expect.poll(() => number.inputValue()).toBe('7');
    await riders.getByRole('button', { name: 'Get in' }).press('Enter');
    // (The sentence may go on to name her seat: branch rerules.)
    await expect
      .poll(() => log(gm).textContent())
      .toContain('Sgt. Dara Okonkwo gets into G-carrier as a passenger');
    await expect.poll(() => riders.textContent()).toContain('Sgt. Dara Okonkwo, passenger, seat 7');
    await expect
      .poll(() => riders.getByTestId('riders-seats').textContent())
      .toBe('Seats free: 1–6, 8–10 · firing ports at 1–4');
    await withinPhone(riders);
    await shot(jo, 're-seat-pick-phone.png');
    await crewToDirectFire(jo);

    // Seat 7 has no port: her line says so in the rules' words, and Fire stays shut.
    const fire = jo.getByRole('form', { name: 'Sgt. Dara Okonkwo fires from G-carrier' });
    await expect
      .poll(() => fire.getByTestId('rider-fire').textContent())
      .toBe('Seat 7 of G-carrier has no firing port: he cannot fire from inside.');
    expect(await fire.getByRole('button', { name: 'Fire' }).isDisabled()).toBe(true);

    // The referee moves her to seat 3, which has a port; her line and her button follow.
    const gmRiders = gm.getByRole('group', { name: 'Riders of G-carrier' });
    await gmRiders.getByLabel('New seat of Sgt. Dara Okonkwo').selectOption('3');
    await gmRiders.getByRole('button', { name: 'Change seat' }).click();
    await expect
      .poll(() => log(gm).textContent())
      .toContain('The referee moves Sgt. Dara Okonkwo to a passenger’s seat');
    await expect
      .poll(() => fire.getByTestId('rider-fire').textContent())
      .toBe('Fires through the firing port at seat 3 of G-carrier.');
    await expect.poll(() => fire.getByTestId('fire-chance').textContent()).toMatch(/\d+\/36/);
    await shot(jo, 're-port-fire-phone.png');
    await okonkwoMissesFrom(jo, gm, fire);
    expect(pageProblems).toEqual([]);
  });
});
