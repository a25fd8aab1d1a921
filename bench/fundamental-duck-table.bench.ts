/**
 * `fundamental-duck-table`: how fast the Fundamental Duck! table redraws its board after a command,
 * in headless Chromium. The page (fundamental-duck-table-page.tsx, bundled here with Vite) mounts
 * the whole table on the default arena with 20 figures and a Teamer's move in progress (the reach
 * overlay and its costs on); one update is a new view in which a Threat has stepped, rendered and
 * laid out. The baseline, in the same page and alternating batches, draws as many plain SVG
 * squares anew. Rates are updates per second; the goal is a ratio of at least 1/3 (at most 3×).
 * Skipped (a line on stderr) where /usr/bin/chromium is missing. BENCH_FD_BATCHES sets the batches.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../src/web/three-sixteen/browser-kit.ts';
import { report } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const BATCHES = Number(process.env.BENCH_FD_BATCHES ?? 9);

export default async function fundamentalDuckTableBench(): Promise<void> {
  if (!chromiumAvailable()) {
    process.stderr.write(`bench fundamental-duck-table: skipped, no Chromium at ${CHROMIUM}\n`);
    return;
  }
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-fd-bench-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await build({
      configFile: false,
      // The table's chunk pulls the shell's lazy screens in; their worker URLs do not matter here.
      logLevel: 'error',
      plugins: [react()],
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: dir,
        emptyOutDir: true,
        sourcemap: false,
        lib: {
          entry: join(here, 'fundamental-duck-table-page.tsx'),
          formats: ['iife'],
          name: 'fdBenchPage',
          fileName: () => 'page.js',
        },
      },
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    for (const name of readdirSync(dir))
      if (name.endsWith('.css')) await page.addStyleTag({ content: readFileSync(join(dir, name), 'utf8') });
    await page.addScriptTag({ content: readFileSync(join(dir, 'page.js'), 'utf8') });
    if (errors.length > 0) throw new Error(errors.join('; '));
    const r = await page.evaluate((batches) => window.fdBench.run(batches, 20), BATCHES);
    report({
      bench: 'fundamental-duck-table',
      ours: r.ours,
      baseline: r.baseline,
      unit: `board updates/s after a command (20 figures, reach on) vs ${r.squares} plain SVG squares drawn anew`,
    });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
