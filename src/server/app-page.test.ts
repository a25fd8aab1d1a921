import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './app.ts';
import { AppPage } from './app-page.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';
import type { CreateTableResponse } from './protocol.ts';

/** A small build as Vite writes it: an entry, a system's lazy screen with its own import and CSS. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_shared-S.js'],
    css: ['assets/index-A.css'],
  },
  '_shared-S.js': { file: 'assets/shared-S.js' },
  '_rules-R.js': { file: 'assets/rules-R.js', imports: ['index.html'] },
  'three-sixteen/ThreeSixteenTable.tsx': {
    file: 'assets/ThreeSixteenTable-T.js',
    isDynamicEntry: true,
    imports: ['index.html', '_rules-R.js', '_shared-S.js'],
    css: ['assets/ThreeSixteenTable-T.css'],
  },
  'fundamental-duck/Board.tsx': { file: 'assets/Board-B.js', isDynamicEntry: true, imports: ['index.html'] },
};
const INDEX =
  '<!doctype html><html><head><title>Bughunt</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify('carnage amongst the stars '.repeat(400))};\n`;

function writeBuild(dir: string): void {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dir, 'assets', 'rules-R.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'rules-R.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'rules-R.js.gz'), gzipSync(SCRIPT));
}

describe('AppPage: a table page preloads its system’s screens', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-page-'));
  writeBuild(dir);
  const page = AppPage.load(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the lazy chunks under the system’s folder and their imports, not what the entry loads', () => {
    const html = page.html('three-sixteen');
    expect(html).toContain('<link rel="modulepreload" href="/assets/ThreeSixteenTable-T.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/rules-R.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/ThreeSixteenTable-T.css">');
    expect(html).not.toContain('index-A.js');
    expect(html).not.toContain('shared-S.js');
    expect(html).not.toContain('Board-B.js');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('gives the plain page where there is nothing to preload', () => {
    expect(page.html(null)).toBe(INDEX);
    expect(page.html('dice-chat')).toBe(INDEX);
    const bare = mkdtempSync(join(tmpdir(), 'bughunt-page-bare-'));
    writeFileSync(join(bare, 'index.html'), INDEX);
    expect(AppPage.load(bare).html('three-sixteen')).toBe(INDEX);
    rmSync(bare, { recursive: true, force: true });
  });
});

/** A GET with the given Accept-Encoding, the body kept as bytes (fetch would decode it). */
function get(
  url: string,
  encoding: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the server sends the build precompressed and a table page with its preloads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-served-'));
  let server: RunningServer;
  beforeAll(async () => {
    writeBuild(dir);
    const bus = new MemoryBus(3);
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      webRoot: dir,
      stores: { store: new MemoryStore(bus), bus },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a script goes out as brotli, gzip or plain, whichever the browser accepts', async () => {
    const url = `${server.url}/assets/rules-R.js`;
    const br = await get(url, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect((await get(url, 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('/t/<id> of a 3:16 table names its screens; an unknown table gets the plain page', async () => {
    const res = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'three-sixteen', name: 'Preload' }),
    });
    const table = (await res.json()) as CreateTableResponse;
    const page = await fetch(`${server.url}/t/${table.tableId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<link rel="modulepreload" href="/assets/ThreeSixteenTable-T.js">');
    const unknown = await (await fetch(`${server.url}/t/nosuchtable`)).text();
    expect(unknown).not.toContain('modulepreload');
  });
});
