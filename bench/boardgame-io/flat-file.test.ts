import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogEntry, Server, State } from 'boardgame.io';
import { afterEach, describe, expect, it } from 'vitest';
import { flatFile } from './flat-file.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Only the fields FlatFile stores and returns matter here; the rest of a real state is opaque to it. */
const state = (stateID: number, rolls: number) =>
  ({ G: { rolls }, ctx: { turn: 1 }, _stateID: stateID }) as unknown as State;
const entry = (n: number) => ({ action: { type: 'MAKE_MOVE', n } }) as unknown as LogEntry;
const metadata = { gameName: 'dice', players: {}, createdAt: 1, updatedAt: 1 } as unknown as Server.MatchData;

describe("the boardgame.io bench's durable store (FlatFile over plain files)", () => {
  it('keeps state, move log, first state and metadata on disk, one file per key, readable after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bughunt-flatfile-'));
    dirs.push(dir);
    const store = flatFile(dir);
    await store.connect();
    await store.createMatch('m1', { initialState: state(0, 0), metadata });
    await store.setState('m1', state(1, 1), [entry(1)]);
    await store.setState('m1', state(2, 2), [entry(2)]);

    // What FlatFile writes: the match state, its first state, its metadata and its log.
    const files = readdirSync(dir);
    expect(files).toHaveLength(4);
    const keys = files.map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { key: string }).key);
    expect(keys.sort()).toEqual(['m1', 'm1:initial', 'm1:log', 'm1:metadata']);

    // A second store over the same folder (the server restarted) reads it all back.
    const again = flatFile(dir);
    await again.connect();
    const read = await again.fetch('m1', { state: true, log: true, initialState: true, metadata: true });
    expect(read.state).toEqual(state(2, 2));
    expect(read.initialState).toEqual(state(0, 0));
    expect(read.log).toEqual([entry(1), entry(2)]);
    expect(read.metadata).toEqual(metadata);
    expect(await again.listMatches()).toEqual(['m1']);
  });

  it('answers nothing for a match it never stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bughunt-flatfile-'));
    dirs.push(dir);
    const store = flatFile(dir);
    await store.connect();
    const read = await store.fetch('nope', { state: true, log: true });
    expect(read.state).toBeUndefined();
    expect(read.log).toBeUndefined();
  });
});
