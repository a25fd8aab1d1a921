import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import defaultPackJson from '../../rules/fundamental-duck/data/default-pack.json' with { type: 'json' };
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import { asView } from './model.ts';
import { PackFile, packFileName, packFileProblems } from './Pack.tsx';
import type { FdRunner } from './runner.ts';

describe('a pack file at the briefing', () => {
  it('takes the starter pack as it is saved (the round trip of Save and Load)', () => {
    const r = packFileProblems(JSON.stringify(defaultPackJson, null, 2));
    expect(r.problems).toEqual([]);
    expect(r.pack).toEqual(defaultPackJson);
  });

  it('lists every problem of a broken pack and sends nothing', () => {
    expect(packFileProblems('{ not json').problems).toEqual(['the file is not JSON']);
    const bad = { ...defaultPackJson, weapons: 3, missions: undefined };
    const r = packFileProblems(JSON.stringify(bad));
    expect(r.pack).toBeUndefined();
    expect(r.problems.some((p) => p.startsWith('weapons'))).toBe(true);
    expect(r.problems.some((p) => p.startsWith('missions'))).toBe(true);
  });

  it('takes a pack past the ordinary 16 KB message limit (a data pack goes as a bulk command)', () => {
    const missions = [
      ...defaultPackJson.missions,
      ...defaultPackJson.missions.map((m) => ({ ...m, id: `${m.id}-b` })),
    ];
    const text = JSON.stringify({ ...defaultPackJson, missions });
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(16 * 1024);
    const r = packFileProblems(text);
    expect(r.problems).toEqual([]);
    expect(r.pack).toEqual({ ...defaultPackJson, missions });
  });

  it('says when a pack is too big to send over the table’s connection', () => {
    // Still a valid pack: only its size is the problem (checked against a 16 KB limit here: the
    // pack schema's own caps keep the default pack's kind of content well under the bulk limit).
    const missions = [
      ...defaultPackJson.missions,
      ...defaultPackJson.missions.map((m) => ({ ...m, id: `${m.id}-b` })),
    ];
    const r = packFileProblems(JSON.stringify({ ...defaultPackJson, missions }), 16 * 1024);
    expect(r.pack).toBeUndefined();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/KB written compactly; a table takes packs up to 15 KB/);
  });

  it('saves under a name safe for any file system', () => {
    expect(packFileName('drifter-starter')).toBe('drifter-starter.fd-pack.json');
    expect(packFileName('a/b c:d')).toBe('a-b-c-d.fd-pack.json');
    expect(packFileName('')).toBe('pack.fd-pack.json');
  });

  it('shows the pack in play, and the loader only to a seat that may still load one', () => {
    const view = asView(fd.view(fd.setup({}), { seatId: 'p1', role: 'player' }));
    if (!view) throw new Error('no view');
    const runner = { busy: false } as unknown as FdRunner;
    const open = renderToStaticMarkup(<PackFile view={view} runner={runner} canLoad />);
    expect(open).toContain(view.rules.pack.name);
    expect(open).toContain('data-testid="fd-pack-load"');
    const closed = renderToStaticMarkup(<PackFile view={view} runner={runner} canLoad={false} />);
    expect(closed).toContain('Save the pack as a file');
    expect(closed).not.toContain('data-testid="fd-pack-load"');
  });
});
