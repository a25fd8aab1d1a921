import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A quiet first start: nothing the browser loads imports a Node built-in (Vite would stub it out
 * and warn, as it did for `node:crypto` through the engine's state hash in the odds worker). Walks
 * the value imports (not `import type`) from the app's entry and its worker.
 */

const ENTRIES = ['main.tsx', 'three-sixteen/odds.worker.ts'].map((f) => resolve(import.meta.dirname, f));
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g;

function nodeImports(): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const todo = [...ENTRIES];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(IMPORT)].map((m) => m[1] as string);
    for (const m of text.matchAll(DYNAMIC)) specs.push((m[1] ?? m[2]) as string);
    for (const spec of specs) {
      if (spec.startsWith('node:')) found.push(`${file} imports ${spec}`);
      else if (spec.startsWith('.') && /\.(ts|tsx)$/.test(spec)) todo.push(resolve(dirname(file), spec));
    }
  }
  return found;
}

describe('the web bundle', () => {
  it('reaches no Node built-in module', () => {
    expect(nodeImports()).toEqual([]);
  });
});
