import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../server/protocol.ts';
import { foldEvents } from '../log.ts';
import { LogView } from './LogView.tsx';

const at = '2026-01-01T10:00:00.000Z';
const env = (seq: number, by: string | null, event: EventEnvelope['event']): EventEnvelope => ({
  seq,
  at,
  by,
  event,
});
const result = { notation: '2d6', total: 7, groups: [], text: '2d6: [3, 4] = 7' };

describe('typed physical dice in the log', () => {
  const roll = (rollId: string, extra: Record<string, unknown> = {}) => ({
    type: 'chat.rolled',
    rollId,
    by: 'p',
    notation: '2d6',
    visibility: 'public',
    result,
    ...extra,
  });

  it('carries the server’s mark onto rolls and system lines, and nothing when it is absent', () => {
    const items = foldEvents(
      [],
      [
        env(1, 'p', roll('r1', { typedDice: true })),
        env(2, 'p', roll('r2')),
        env(3, 'p', { type: 'dominance.rolled', trooperId: 't1', face: 3, typedDice: true }),
        env(4, 'p', { type: 'dominance.rolled', trooperId: 't1', face: 3 }),
        // Only the server's `true` counts: anything else is no mark.
        env(5, 'p', roll('r3', { typedDice: 'yes' })),
      ],
    );
    expect(items.map((i) => ('typed' in i ? i.typed : undefined))).toEqual([
      true,
      undefined,
      true,
      undefined,
      undefined,
    ]);
  });

  it('shows a typed badge with a spoken label beside typed faces only', () => {
    const items = foldEvents([], [env(1, 'p', roll('r1', { typedDice: true })), env(2, 'p', roll('r2'))]);
    const html = renderToStaticMarkup(
      <LogView items={items} name={(id) => id ?? ''} isGm={false} onReveal={() => {}} mySeat="p" />,
    );
    const [typedEntry, digitalEntry] = html.split('data-roll-id="r2"');
    expect(typedEntry?.match(/class="badge typed"/g)).toHaveLength(1);
    expect(typedEntry).toContain('typed in from physical dice');
    expect(digitalEntry).not.toContain('typed');
  });
});
