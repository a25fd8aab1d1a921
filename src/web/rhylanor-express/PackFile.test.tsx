import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultPack } from '../../rules/rhylanor-express/data/pack.ts';
import { GM_SEAT, PLAYER } from '../../rules/rhylanor-express/test-kit.ts';
import { MAX_BULK_MESSAGE_BYTES } from '../../server/protocol.ts';
import { describeRhylanorEvent } from './describe-event.ts';
import { PackFile, packBusy, packFileProblems } from './PackFile.tsx';
import { fightState, played, Recording, viewFor } from './test-kit.tsx';

/** Loading another data pack at a live table: the file checked before anything is sent. */

describe('a pack file for pack.load', () => {
  it('takes the default pack as it is, within the bulk limit', () => {
    const text = JSON.stringify(defaultPack);
    const r = packFileProblems(text);
    expect(r.problems).toEqual([]);
    expect(r.pack).toEqual(JSON.parse(text));
    expect(text.length).toBeLessThan(MAX_BULK_MESSAGE_BYTES);
  });

  it('lists every problem the rules find, and sends nothing', () => {
    expect(packFileProblems('{ not json').problems).toEqual(['the file is not JSON']);
    const bad = {
      ...defaultPack,
      weapons: [{ id: 'x' }],
      locks: [...defaultPack.locks, defaultPack.locks[0]],
    };
    const r = packFileProblems(JSON.stringify(bad));
    expect(r.pack).toBeUndefined();
    expect(r.problems.length).toBeGreaterThan(1);
    expect(r.problems.some((p) => p.startsWith('weapons.0.'))).toBe(true);
  });

  it('refuses a pack bigger than the table takes, naming both sizes', () => {
    const r = packFileProblems(JSON.stringify(defaultPack), 8 * 1024);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^the pack is \d+ KB written compactly; a table takes packs up to 7 KB$/);
  });

  it('is the referee’s between fights: the load waits while a fight is on', () => {
    const quiet = viewFor(played([]), GM_SEAT);
    expect(packBusy(quiet)).toBeNull();
    const html = renderToStaticMarkup(
      <Recording>
        <PackFile view={quiet} />
      </Recording>,
    );
    expect(html).toContain('data-testid="pack-load"');
    expect(html).toContain(defaultPack.name);
    const fight = viewFor(fightState(), GM_SEAT);
    expect(packBusy(fight)).toMatch(/firefight/);
    const during = renderToStaticMarkup(
      <Recording>
        <PackFile view={fight} />
      </Recording>,
    );
    expect(during).not.toContain('data-testid="pack-load"');
    expect(during).toContain('data-testid="pack-blocked"');
    // A player's view holds the pack without its secrets: nothing of the form is his.
    expect(viewFor(played([]), PLAYER).pack.locks[0]).not.toHaveProperty('pick');
  });

  it('the log names the loaded pack', () => {
    expect(
      describeRhylanorEvent({ type: 'pack.loaded', pack: { name: 'Spinward raid' } } as never, (id) => id),
    ).toBe('The referee loads the data pack Spinward raid.');
  });
});
