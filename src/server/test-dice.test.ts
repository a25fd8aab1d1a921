import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { AVERAGE_DIE, D6 } from '../engine/dice/die.ts';
import { SeededDice } from '../engine/dice/source.ts';
import { type RunningServer, startServer } from './app.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';
import type { CreateTableResponse } from './protocol.ts';
import { TestTableDice } from './test-dice.ts';
import { GENEROUS_LIMITS, TestClient, testRules } from './test-kit.ts';

/**
 * The test-only dice source: what it rolls, that a server started with it rolls the script, and
 * that production cannot turn it on (predictable table dice were a high-severity finding: whoever
 * knows the coming faces knows hidden rolls in advance).
 */

const here = dirname(fileURLToPath(import.meta.url));

describe('TestTableDice', () => {
  it('queued faces first (a purpose filter skips other rolls), then standing rules, then the seed', () => {
    const dice = new TestTableDice(7).always(/^reaction/, 6);
    const a = dice.table('a');
    a.queue([2], /^move/).queue([5]);
    expect(a.roll(D6, 'reaction of h1')).toBe(5); // the unfiltered face comes first
    expect(a.roll(D6, 'reaction of h2')).toBe(6); // then the standing rule
    expect(a.roll(D6, 'move of Brick')).toBe(2); // the filtered face waited for its purpose
    const seeded = new SeededDice(7);
    expect(a.roll(D6, 'anything')).toBe(seeded.roll(D6));
    expect(a.pending).toBe(0);
    expect(a.rolled.map((r) => r.from)).toEqual(['queue', 'rule', 'queue', 'seed']);
    // A later rule wins; rules may choose from the die; another table has its own seeded stream.
    a.always(/^reaction/, (die) => (die.labels ? 3 : 1));
    expect(a.roll(AVERAGE_DIE, 'reaction of h3')).toBe(3);
    expect(dice.table('b').roll(D6, 'anything')).toBe(new SeededDice(7).roll(D6));
    expect(dice.table('b')).toBe(dice.table('b'));
  });

  it('a face the die cannot show is an error, not a quiet substitute', () => {
    const a = new TestTableDice().table('a').queue([7]);
    expect(() => a.roll(D6, 'a d6')).toThrow(/7 is not a face of a d6/);
  });
});

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as CreateTableResponse };
}

/** The faces of one `roll` of `count` d6 by the table's GM. */
async function rollOnce(base: string, table: CreateTableResponse, count: number): Promise<number[]> {
  const gm = await TestClient.open(base, table.tableId, table.gm.token);
  const outcome = await gm.command({ type: 'roll', count, visibility: 'public' });
  expect(outcome).toMatchObject({ type: 'ack' });
  await gm.caughtUp((outcome as { seq: number }).seq);
  const event = gm.envelopes[gm.envelopes.length - 1]?.event as unknown as { faces: number[] };
  await gm.close();
  return event.faces;
}

describe('a server started with testDice', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('rolls each table’s dice from its script', async () => {
    const bus = new MemoryBus(3);
    const testDice = new TestTableDice(3);
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      rules: testRules,
      limits: GENEROUS_LIMITS,
      stores: { store: new MemoryStore(bus), bus },
      testDice,
    });
    const made = await post(server.url, '/api/tables', { system: 'test', name: 'Scripted' });
    expect(made.status).toBe(201);
    testDice.table(made.body.tableId).queue([6, 6, 1]);
    const seeded = new SeededDice(3);
    expect(await rollOnce(server.url, made.body, 4)).toEqual([6, 6, 1, seeded.roll(D6)]);
  });
});

/** Every module main.ts loads, following value imports only (`import type` is erased). */
function valueImportGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
    const specifiers: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        const named = node.importClause?.namedBindings;
        const onlyTypes =
          !node.importClause?.name &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly);
        if (!onlyTypes && ts.isStringLiteral(node.moduleSpecifier))
          specifiers.push(node.moduleSpecifier.text);
      } else if (
        ts.isExportDeclaration(node) &&
        !node.isTypeOnly &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        specifiers.push(node.moduleSpecifier.text);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        specifiers.push(node.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const s of specifiers) {
      if (!s.startsWith('.')) continue;
      const target = resolve(dirname(file), s);
      if (target.endsWith('.ts') || target.endsWith('.tsx')) todo.push(target);
    }
  }
  return seen;
}

describe('production cannot turn the test dice on', () => {
  const main = resolve(here, 'main.ts');

  it('main.ts loads no test module: test-dice.ts is not in its import graph', () => {
    const graph = [...valueImportGraph(main)].map((f) => f.slice(resolve(here, '..').length + 1));
    expect(graph).toContain('server/app.ts');
    expect(graph).toContain('server/hub.ts');
    const testModules = graph.filter((f) => /(^|\/)test-[^/]*\.ts$|\.test\.tsx?$|test-kit\.ts$/.test(f));
    expect(testModules).toEqual([]);
    // And the production build compiles no test-*.ts either.
    const build = JSON.parse(readFileSync(resolve(here, '../../tsconfig.build.json'), 'utf8')) as {
      exclude: string[];
    };
    expect(build.exclude).toContain('src/**/test-*.ts');
  });

  it('main.ts builds its server options from the environment without testDice, and spreads nothing in', () => {
    const source = ts.createSourceFile(main, readFileSync(main, 'utf8'), ts.ScriptTarget.ES2022, false);
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'startServer'
      )
        calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(calls).toHaveLength(1);
    const options = calls[0]?.arguments[0];
    if (!options || !ts.isObjectLiteralExpression(options))
      throw new Error('startServer without an object literal');
    // No spread: every key is written out, so an environment variable cannot smuggle one in.
    expect(
      options.properties.every((p) => ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)),
    ).toBe(true);
    const keys = options.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '?'));
    expect(keys).not.toContain('testDice');
    expect(keys.sort()).toEqual(
      [
        'dataDir',
        'databaseSchema',
        'databaseUrl',
        'host',
        'logLevel',
        'port',
        'publicUrl',
        'trustProxy',
      ].sort(),
    );
    // Nor is the name anywhere else in main.ts.
    expect(readFileSync(main, 'utf8')).not.toMatch(/testDice|test-dice|TestTableDice/);
  });

  it('no HTTP request (body field, query, header) makes a table’s dice the seeded or scripted ones', async () => {
    const bus = new MemoryBus(3);
    // As main.ts starts it: no testDice.
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      rules: testRules,
      limits: GENEROUS_LIMITS,
      stores: { store: new MemoryStore(bus), bus },
    });
    try {
      const made = await post(
        server.url,
        '/api/tables?testDice=1&seed=1&dice=6',
        { system: 'test', name: 'Tries', testDice: { seed: 1 }, seed: 1, dice: [6, 6, 6] },
        { 'x-test-dice': '1', 'x-seed': '1' },
      );
      // Refused for its unknown fields, or made and ignoring them: either way the dice are the OS's.
      const table =
        made.status === 201
          ? made.body
          : (await post(server.url, '/api/tables', { system: 'test', name: 'Tries' })).body;
      const faces = await rollOnce(server.url, table, 20);
      for (const seed of [1, 0, 3, 7]) {
        const seeded = new SeededDice(seed);
        const predicted = faces.map(() => seeded.roll(D6));
        expect(faces).not.toEqual(predicted);
      }
      expect(new Set(faces).size).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });
});
