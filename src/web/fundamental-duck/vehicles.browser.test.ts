import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import type { RunningServer } from '../../server/app.ts';
import { TestTableDice } from '../../server/test-dice.ts';
import {
  browserTestsCanRun,
  shot as columnShot,
  openSeat,
  pageProblems,
  withBrowserAndServer,
} from '../three-sixteen/browser-kit.ts';
import {
  boardedDuckTable,
  cursorTo,
  gmPlace,
  logText,
  movedOn,
  newDuckTable,
  settled,
  skipPlayback,
} from './browser-kit.ts';

/**
 * The vehicle controls (Vehicle.tsx) in real Chromium against the real server, on a desktop and
 * on a 390-px phone. A pack loaded at the briefing gives YOU the vehicle licence; the GM puts him
 * beside the Drifter's cargo loader; he gets in at the wheel, drives (a step by tapping the lit
 * square on the board, one by the keyboard, a pivot by its button), stops, and in the next turn
 * gets out, then sets up his drone gun with his other action (a lit square picked on the board,
 * a facing). The table's dice are the test-only script's: every fumble test passes, each drive
 * die shows 3. Besides (desktop): the between-missions card's advanced-weapon form, refused in
 * words while the team has no access.
 */

const canRun = browserTestsCanRun();
const testDice = new TestTableDice(5)
  .always(/^fumble test \((get (into|out of) a vehicle|set up a drone gun)\)/, 1)
  .always(/^drive of the/, 3);

/** The default pack with YOU holding the vehicle licence (an ability of the pack's own list) and a drone gun. */
const licensed: FdPack = {
  ...defaultPack,
  id: 'licensed-you',
  name: 'YOU drives',
  team: {
    ...defaultPack.team,
    teamers: defaultPack.team.teamers.map((t) =>
      t.id === 'you'
        ? { ...t, abilities: [...t.abilities, 'vehicle-licence' as const], gear: [...t.gear, 'drone-gun'] }
        : t,
    ),
  },
};

async function status(page: Page): Promise<string> {
  return (await page.getByTestId('fd-your-move').textContent()) ?? '';
}

/** Plays the others' activations and the aliens' turn until YOU is next again. */
async function untilYouAreNext(page: Page): Promise<void> {
  for (let guard = 0; guard < 80; guard++) {
    const now = await status(page);
    if (/YOU is next/.test(now)) return;
    const click = async (id: string) => {
      await page.getByTestId(id).click();
      await settled(page);
    };
    if (await page.getByTestId('fd-skip').isVisible()) {
      await skipPlayback(page);
    } else if (/Exploration/.test(now)) await click('fd-end-exploration');
    else if (/is next: activate/.test(now)) await click('fd-activate');
    else if (/is activated/.test(now)) await click('fd-end-activation');
    else if (/end the Team phase/.test(now)) {
      await page.getByTestId('fd-end-team').click();
      await click('fd-end-team-confirm');
    } else {
      // Nothing to do yet (the aliens' turn is still arriving): wait for the page to move on.
      await movedOn(page, now);
    }
  }
  throw new Error(`YOU never came round again; the table says: ${await status(page)}`);
}

describe.runIf(canRun)('Fundamental Duck! vehicles, a drone gun and between missions in the browser', () => {
  let browser: Browser;
  let server: RunningServer;
  withBrowserAndServer(
    (b, s) => {
      browser = b;
      server = s;
    },
    { testDice },
  );

  it('between missions: the advanced-weapon form, refused in words until the team has access (desktop)', async () => {
    const { playerUrls } = await newDuckTable(server.url, ['Quitter']);
    const page = await openSeat(browser, playerUrls[0] as string);
    await page.getByTestId('fd-board').click();
    // Every Teamer turns back to Mother from the bridge: the mission ends at once, in failure.
    const gone = new Set<string>();
    for (let guard = 0; guard < 60 && !(await page.getByTestId('fd-evaluation').isVisible()); guard++) {
      const now = await status(page);
      if (await page.getByTestId('fd-skip').isVisible()) {
        await skipPlayback(page);
      } else if (/is next: activate/.test(now)) await page.getByTestId('fd-activate').click();
      else if (/is activated/.test(now)) {
        // Once back aboard Mother he has nothing left to do: his activation ends.
        const who = /(\S+) is activated/.exec(now)?.[1] ?? '';
        if (gone.has(who)) await page.getByTestId('fd-end-activation').click();
        else {
          gone.add(who);
          await page.getByTestId('fd-move').click();
        }
      } else if (/is moving/.test(now)) await page.getByTestId('fd-bridge').click();
      else if (/Exploration/.test(now)) await page.getByTestId('fd-end-exploration').click();
      else if (/end the Team phase/.test(now)) {
        await page.getByTestId('fd-end-team').click();
        await page.getByTestId('fd-end-team-confirm').click();
      } else {
        // Nothing to do yet (the aliens' turn is still arriving): wait for the page to move on.
        await movedOn(page, now);
      }
      // Each order's result is on the page before the next is read from it.
      await settled(page);
    }
    const form = page.getByTestId('fd-issue-weapon');
    await form.waitFor();
    expect(await form.textContent()).toMatch(/needs the access to advanced weapons/);
    await page.getByTestId('fd-issue-weapon-button').click();
    const refusal = page.getByTestId('rejection');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/no access to advanced weapons yet/);
    await columnShot(page, 'fd-between-issue-weapon-desktop.png');
    expect(pageProblems).toEqual([]);
  });

  for (const phone of [false, true]) {
    it(`gets in, drives step by step, stops and gets out (${phone ? 'phone' : 'desktop'})`, async () => {
      const tag = phone ? 'phone' : 'desktop';
      const { page, gm, log } = await boardedDuckTable(browser, server.url, 'Driver', {
        phone,
        pack: licensed,
      });
      // YOU just south of the loader (its front at (7,1) facing south), facing it.
      await gmPlace(gm, 'a Teamer', 'you', '7,2', '0');
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(/7\.5 2\.5\)/);
      await page.getByTestId('fd-activate').click();

      // Get in: offered at the wheel (he holds the licence), an Other Action.
      const getIn = page.getByTestId('fd-get-in-loader-1');
      await expect.poll(() => getIn.textContent()).toMatch(/at the wheel/);
      await getIn.click();
      await expect.poll(async () => logText(log)).toMatch(/YOU climbs into/);

      // Drive: the dice are rolled at the start (3 + 3), the next steps light up on the board.
      // On the desktop by the table's M key (a rider's move is the drive), on the phone by the button.
      if (phone) await page.getByTestId('fd-drive').tap();
      else {
        await page.getByTestId('fd-drive').focus();
        // The M key waits while the last command is unanswered, as the buttons do.
        await settled(page);
        await page.keyboard.press('m');
      }
      const left = page.getByTestId('fd-drive-left');
      await expect.poll(() => left.textContent()).toBe('6');
      const ahead = page.locator('[data-cell="7,2"]');
      await expect.poll(() => ahead.getAttribute('class')).toMatch(/fd-drive-step/);
      // The preview: pointing at the forward step lights the whole loader after it (front (7,2),
      // rear (7,1)), not only the square it newly fills.
      if (!phone) {
        await page.getByTestId('fd-step-forward').hover();
        await expect
          .poll(() => page.locator('[data-cell="7,1"]').getAttribute('class'))
          .toMatch(/fd-drive-after/);
        await expect.poll(() => ahead.getAttribute('class')).toMatch(/fd-path fd-drive-step/);
      }
      await columnShot(page, `fd-vehicle-drive-${tag}.png`);
      // A step by the lit square (tap on the phone, click on the desktop).
      if (phone) await ahead.tap();
      else await ahead.click();
      await expect.poll(() => left.textContent()).toBe('5');
      // A step by the keyboard: Tab to the button, Enter.
      await page.getByTestId('fd-step-forward').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => left.textContent()).toBe('4');
      // A pivot on the front square: its button, and the rear swings onto the square it lit.
      await page.getByTestId('fd-step-pivot-left').click();
      await expect.poll(() => left.textContent()).toBe('3');
      await expect.poll(async () => logText(log)).toMatch(/swings left/);
      await columnShot(page, `fd-vehicle-driven-${tag}.png`);
      await page.getByTestId('fd-end-drive').click();
      await page.getByTestId('fd-drive-box').waitFor({ state: 'detached' });
      await untilYouAreNext(page);

      // The next turn: get out into a bare square next to the loader (an Other Action), picked on
      // the board: the squares the rules take are lit (O), and a tap (phone) or the keyboard
      // cursor and Enter (desktop) on one sends it.
      await page.getByTestId('fd-activate').click();
      await page.getByTestId('fd-get-out').click();
      await page.getByTestId('fd-get-out-hint').waitFor();
      const exits = page.locator('[data-cell].fd-exit');
      await exits.first().waitFor();
      const [x, y] = ((await exits.first().getAttribute('data-cell')) as string).split(',').map(Number);
      await columnShot(page, `fd-vehicle-get-out-${tag}.png`);
      if (phone) await exits.first().tap();
      else {
        await page.locator('svg.board-svg').focus();
        await cursorTo(page, x as number, y as number);
        await page.keyboard.press('Enter');
      }
      await expect.poll(async () => logText(log)).toMatch(new RegExp(`YOU climbs out of .* \\(?${x},${y}`));
      await expect
        .poll(() => page.locator('[data-figure="you"]').getAttribute('transform'))
        .toMatch(new RegExp(`${x}\\.5 ${y}\\.5\\)`));
      await page.getByTestId('fd-get-out-hint').waitFor({ state: 'detached' });

      // His other action: the drone gun, on a square lit next to him, facing north.
      await page.getByText('Other actions').click();
      await page.getByTestId('fd-drone-mode').click();
      const lit = page.locator('[data-cell].fd-reach');
      await lit.first().waitFor();
      const at = (await lit.first().getAttribute('data-cell')) as string;
      if (phone) await lit.first().tap();
      else await lit.first().click();
      await page.getByTestId('fd-drone-box').getByRole('button', { name: 'Face north', exact: true }).click();
      const confirm = page.getByTestId('fd-drone-confirm');
      await expect.poll(() => confirm.textContent()).toMatch(/Set it up/);
      await columnShot(page, `fd-vehicle-drone-${tag}.png`);
      await confirm.click();
      await expect
        .poll(async () => logText(log))
        .toMatch(new RegExp(`YOU sets up a drone gun at \\(${at}\\), facing north`));
      await expect.poll(() => page.locator('[data-drone]').count()).toBeGreaterThan(0);
      if (phone)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect.poll(() => page.getByTestId('rejection').count()).toBe(0);
      expect(pageProblems).toEqual([]);
    });
  }
});
