import { useState } from 'react';
import { isRuleError } from '../../engine/rule-error.ts';
import { parsePack } from '../../rules/rhylanor-express/data/pack.ts';
import { MAX_BULK_MESSAGE_BYTES } from '../../server/protocol.ts';
import { PackProblems, packFileProblems as sharedPackFileProblems } from '../components/pack-file.tsx';
import type { View } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * The data pack at a live table (the referee's): the one in play saved as a JSON file (to edit
 * and load back, or to share), another loaded from a file with `pack.load` (a bulk command: one
 * message up to the table's bulk limit). The file is read with the rules' own pack check first,
 * so every problem is listed at once and nothing is sent; the server checks it again
 * (PACK_INVALID) and refuses a pack that lacks what the table holds (PACK_IN_USE) or a load
 * during a fight or a battle. As Fundamental Duck!'s pack file (src/web/fundamental-duck/Pack.tsx).
 */

/** The rules' own pack check, as a list of problems (empty: the pack is good). */
function problemsOf(pack: unknown): string[] {
  try {
    parsePack(pack);
    return [];
  } catch (e) {
    const listed = isRuleError(e) ? (e.details as { problems?: unknown } | undefined)?.problems : undefined;
    if (Array.isArray(listed)) return listed.map(String);
    return [e instanceof Error ? e.message : String(e)];
  }
}

/** What is wrong with a file's text as a pack to load, one line each; empty: it can be sent. */
export function packFileProblems(
  text: string,
  maxBytes = MAX_BULK_MESSAGE_BYTES,
): { pack?: unknown; problems: string[] } {
  return sharedPackFileProblems(text, problemsOf, maxBytes);
}

/** Why a pack cannot be loaded now (the rules refuse it mid-fight and mid-battle), or null. */
export function packBusy(view: View): string | null {
  if (view.combat) return 'a firefight is under way: end it first';
  if (view.space.order.length > 0 && view.space.phase !== 'ended')
    return 'a space battle is under way: end it first';
  return null;
}

function save(view: View): void {
  const blob = new Blob([`${JSON.stringify(view.pack, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${view.pack.name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'pack'}.re-pack.json`;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function PackFile({ view }: { view: View }) {
  const { run, busy } = useRunner();
  const [problems, setProblems] = useState<string[]>([]);
  const pack = view.pack;
  const blocked = packBusy(view);
  return (
    <section className="re-card" aria-label="Data pack">
      <h3>Data pack</h3>
      <p>
        <strong data-testid="pack-name">{pack.name}</strong>{' '}
        <span className="re-muted">
          ({pack.characters.length} sheets, {pack.weapons.length} weapons, {pack.locks.length} locks,{' '}
          {pack.robots.length} robots, {pack.space.scenarios.length} space scenarios)
        </span>
      </p>
      <button type="button" onClick={() => save(view)}>
        Save the pack as a file
      </button>{' '}
      {blocked ? (
        <p className="re-muted" data-testid="pack-blocked">
          Another pack can be loaded between fights: {blocked}.
        </p>
      ) : (
        <label>
          Load a pack (JSON){' '}
          <input
            type="file"
            accept="application/json,.json"
            data-testid="pack-load"
            disabled={busy}
            onChange={(ev) => {
              const file = ev.target.files?.[0];
              ev.target.value = '';
              if (!file) return;
              setProblems([]);
              void file.text().then((text) => {
                const r = packFileProblems(text);
                setProblems(r.problems);
                if (r.problems.length === 0) void run({ type: 'pack.load', pack: r.pack }, 'data pack');
              });
            }}
          />
        </label>
      )}
      <PackProblems problems={problems} className="re-problem" testId="pack-problems" />
    </section>
  );
}
