import { useState } from 'react';
import { packProblems } from '../../rules/fundamental-duck/data/pack.ts';
import { MAX_BULK_MESSAGE_BYTES } from '../../server/protocol.ts';
import { PackProblems, packFileProblems as sharedPackFileProblems } from '../components/pack-file.tsx';
import type { FdView } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * The data pack at the briefing: the one in play saved as a JSON file (to edit and load back, or
 * to share), and another one loaded from a file before the campaign's first mission. The file is
 * checked here with the rules' own pack check first, so every problem is listed at once and
 * nothing is sent; the server checks it again (PACK_INVALID).
 */

/**
 * What is wrong with a file's text as a pack to load, one line each; empty: it can be sent.
 * `maxBytes` is the largest message the table takes for a pack (a bulk command).
 */
export function packFileProblems(
  text: string,
  maxBytes = MAX_BULK_MESSAGE_BYTES,
): { pack?: unknown; problems: string[] } {
  return sharedPackFileProblems(text, packProblems, maxBytes, ' (drop what the missions do not use)');
}

/** The file name a pack is saved under: its id, safe for any file system. */
export function packFileName(id: string): string {
  return `${id.replace(/[^A-Za-z0-9._-]+/g, '-') || 'pack'}.fd-pack.json`;
}

function save(view: FdView): void {
  const blob = new Blob([`${JSON.stringify(view.rules.pack, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = packFileName(view.rules.pack.id);
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function PackFile({ view, runner, canLoad }: { view: FdView; runner: FdRunner; canLoad: boolean }) {
  const [problems, setProblems] = useState<string[]>([]);
  const pack = view.rules.pack;
  return (
    <div className="fd-pack" data-testid="fd-pack">
      <p>
        Data pack: <strong data-testid="fd-pack-name">{pack.name}</strong>{' '}
        <span className="fd-muted">
          ({pack.missions.length} mission(s), {pack.arenas.length} arena(s), {pack.team.teamers.length}{' '}
          Teamers)
        </span>
      </p>
      <div className="fd-buttons">
        <button type="button" onClick={() => save(view)} data-testid="fd-pack-save">
          Save the pack as a file
        </button>
        {canLoad ? (
          <label>
            Load a pack (JSON){' '}
            <input
              type="file"
              accept="application/json,.json"
              data-testid="fd-pack-load"
              onChange={(ev) => {
                const file = ev.target.files?.[0];
                ev.target.value = '';
                if (!file) return;
                setProblems([]);
                void file.text().then((text) => {
                  const r = packFileProblems(text);
                  setProblems(r.problems);
                  if (r.problems.length === 0) void runner.run({ type: 'loadPack', pack: r.pack });
                });
              }}
            />
          </label>
        ) : null}
      </div>
      <PackProblems problems={problems} className="fd-problem" testId="fd-pack-problems" />
    </div>
  );
}
