/**
 * How quickly a page shows its content in headless Chromium, against a minimal page served by the
 * same server: the app is built (vite.config.ts) into a temp folder and served by the real server
 * (memory store); each visit is a fresh browser context (an empty cache, as a player opening an
 * invite), in alternating rounds so a busy machine slows both alike; medians of the time from the
 * navigation's start until the content is on the page.
 *
 * - `page-load-table`: a 3:16 table's game screen (`.ts-root`) vs the minimal page (goal of issue
 *   21: at most 6×, a ratio ≥ 0.17);
 * - `page-load-home`: the home page's system picker vs the minimal page (goal at most 3×, ≥ 0.33);
 * - `page-load-table-bytes`: bytes on the wire for the table page (response bodies as sent,
 *   compressed when the server compresses), against the same files uncompressed: the goal asks at
 *   most 0.35 of the uncompressed page that was served before.
 * Rates are visits per second, so each ratio is ours / baseline. Skipped (a line on stderr) where
 * /usr/bin/chromium is missing. BENCH_PAGE_ROUNDS sets the rounds (default 9).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import type { CreateTableResponse } from '../src/server/protocol.ts';
import {
  buildApp,
  CHROMIUM,
  CHROMIUM_ARGS,
  chromiumAvailable,
  startTestServer,
} from '../src/web/three-sixteen/browser-kit.ts';
import { report } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 9);

const MINIMAL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>minimal</title></head>
<body><p id="ready">ready</p></body></html>`;

interface Visit {
  /** ms from the navigation's start until `selector` was on the page. */
  readonly ms: number;
  /** Response body bytes as sent over the wire, and as they are once decoded. */
  readonly wireBytes: number;
  readonly bodyBytes: number;
}

async function visit(browser: Browser, url: string, selector: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let wireBytes = 0;
  let bodyBytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    wireBytes += e.encodedDataLength;
  });
  cdp.on('Network.dataReceived', (e) => {
    bodyBytes += e.dataLength;
  });
  await page.goto(url, { waitUntil: 'commit' });
  // Read in the page at the first animation frame that shows the content, so the time excludes
  // the round trips between this process and the browser.
  const shown = await page.waitForFunction(
    (sel) => {
      const w = window as unknown as { shownAt?: number };
      if (w.shownAt === undefined && document.querySelector(sel)) w.shownAt = performance.now();
      return w.shownAt;
    },
    selector,
    { polling: 'raf' },
  );
  const ms = (await shown.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms, wireBytes, bodyBytes };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

export default async function pageLoadBench(): Promise<void> {
  if (!chromiumAvailable()) {
    process.stderr.write(`bench page-load: skipped, no Chromium at ${CHROMIUM}\n`);
    return;
  }
  const app = await buildApp();
  writeFileSync(join(app.dir, 'bench-minimal.html'), MINIMAL);
  const server = await startTestServer(app.dir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const res = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'three-sixteen', name: 'Bench', gmName: 'Mother' }),
    });
    const table = (await res.json()) as CreateTableResponse;
    const pages = {
      minimal: { url: `${server.url}/bench-minimal.html`, selector: '#ready' },
      table: { url: `${server.url}${table.gm.url}`, selector: '.ts-root' },
      home: { url: `${server.url}/`, selector: 'form' },
    };
    const times: Record<keyof typeof pages, number[]> = { minimal: [], table: [], home: [] };
    let tableVisit: Visit | undefined;
    // One warm-up visit each (Chromium's own start-up costs), then the measured rounds.
    for (const p of Object.values(pages)) await visit(browser, p.url, p.selector);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, p] of Object.entries(pages) as [keyof typeof pages, (typeof pages)['table']][]) {
        const v = await visit(browser, p.url, p.selector);
        times[name].push(v.ms);
        if (name === 'table') tableVisit = v;
      }
    }
    const minimal = median(times.minimal);
    const unit = 'visits/s until the content shows (fresh cache)';
    report({ bench: 'page-load-table', ours: 1000 / median(times.table), baseline: 1000 / minimal, unit });
    report({ bench: 'page-load-home', ours: 1000 / median(times.home), baseline: 1000 / minimal, unit });
    if (tableVisit) {
      report({
        bench: 'page-load-table-bytes',
        ours: tableVisit.wireBytes,
        baseline: tableVisit.bodyBytes,
        unit: 'bytes on the wire for a 3:16 table page vs its files uncompressed',
      });
    }
  } finally {
    await browser.close();
    await server.close();
    app.cleanup();
  }
}
