import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The web app (src/web) builds into dist/web, which the server serves. `npm run dev:web` is not
 * needed: `npm start` builds and serves; for hot reload run the server on 3160 and `npx vite`.
 */
const root = fileURLToPath(new URL('./src/web', import.meta.url));

/** Text files worth compressing; smaller ones are not (the headers would outweigh the saving). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the
 * build, once, at build time; the server sends the smallest one the browser accepts
 * (`@fastify/static`'s `preCompressed`), so no byte is compressed per request. A copy that would
 * not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'bughunt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of walk(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const raw = readFileSync(path);
        if (raw.length < MIN_BYTES) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        if (br.length < raw.length) writeFileSync(`${path}.br`, br);
        const gz = gzipSync(raw, { level: 9 });
        if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // The CSP forbids inline script; keep every asset a file (no data: URLs for scripts).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: the server reads which chunks are a system's screens, to preload them
    // with a table's page (src/server/app-page.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3160',
      '/ws': { target: 'ws://127.0.0.1:3160', ws: true },
    },
  },
});
