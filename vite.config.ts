import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web app (src/web) builds into dist/web, which the server serves. `npm run dev:web` is not
 * needed: `npm start` builds and serves; for hot reload run the server on 3160 and `npx vite`.
 */
const root = fileURLToPath(new URL('./src/web', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // The CSP forbids inline script; keep every asset a file (no data: URLs for scripts).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3160',
      '/ws': { target: 'ws://127.0.0.1:3160', ws: true },
    },
  },
});
