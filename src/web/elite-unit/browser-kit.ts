import type { Browser, Page } from 'playwright-core';

import { newSystemTable, pageProblems } from '../three-sixteen/browser-kit.ts';

/**
 * For the Elite Unit browser tests: a table of this system with seats, made over HTTP. The build,
 * server and Chromium helpers are the 3:16 suite's (src/web/three-sixteen/browser-kit.ts).
 */

export async function newEliteUnitTable(base: string, players: readonly string[]) {
  const {
    table,
    gmUrl,
    players: seats,
  } = await newSystemTable(base, 'elite-unit', players, {
    table: 'Elite Unit in the browser',
    gm: 'Control',
  });
  return { table, gmUrl, players: seats };
}

/** A seat's page whose received WebSocket frames are kept (for the leak checks). */
export async function openSeatWithFrames(
  browser: Browser,
  url: string,
  phone = false,
): Promise<{ page: Page; frames: string[] }> {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } },
  );
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) pageProblems.push(m.text());
  });
  await page.goto(url);
  return { page, frames };
}

/** Every object anywhere in a JSON value (for finding a sheet inside a frame, however nested). */
export function objectsIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) objectsIn(v, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) objectsIn(v, out);
  }
  return out;
}

/**
 * The objects in the frames a seat received that carry a hidden character's numbers: its sheet
 * (attributes, Stamina, weapons, armour), a patch of it (character.changed's { id, set }), or an
 * NPC template of the pack (every hidden NPC's starting sheet).
 */
export function hiddenSheetLeaks(
  frames: readonly string[],
  hiddenIds: readonly string[],
): Record<string, unknown>[] {
  return frames.flatMap((f) => {
    let json: unknown;
    try {
      json = JSON.parse(f);
    } catch {
      return [];
    }
    return objectsIn(json).filter(
      (o) =>
        (typeof o.id === 'string' &&
          hiddenIds.includes(o.id) &&
          ('attributes' in o || 'stamina' in o || 'weapons' in o || 'armour' in o || 'set' in o)) ||
        (o.kind === 'npc' && 'attributes' in o),
    );
  });
}
