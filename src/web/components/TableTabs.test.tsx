import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LogItem } from '../log.ts';
import { seenAfter, TableTabs, unreadCount } from './TableTabs.tsx';

const at = '2026-01-01T10:00:00.000Z';
const items: LogItem[] = [
  { kind: 'joined', seq: 1, at, seatId: 'gm', name: 'Gail', role: 'gm' },
  { kind: 'joined', seq: 2, at, seatId: 'p1', name: 'Ann', role: 'player' },
  { kind: 'say', seq: 3, at, by: 'gm', text: 'Drop in five.' },
  { kind: 'other', seq: 4, at, by: 'gm', type: 'encounterStarted', event: { type: 'encounterStarted' } },
  {
    kind: 'roll',
    seq: 5,
    at,
    rollId: 'r1',
    by: 'p1',
    notation: 'd10',
    visibility: 'public',
    revealed: false,
  },
  { kind: 'revealed', seq: 6, at, rollId: 'r0', by: 'gm' },
];

describe('unread log entries on the phone tab', () => {
  it('counts chat, rolls, reveals and arrivals by others, after the last one seen', () => {
    expect(unreadCount(items, 0, 'p1')).toBe(3);
    expect(unreadCount(items, 3, 'p1')).toBe(1);
    expect(unreadCount(items, 6, 'p1')).toBe(0);
    // The game's own events show on the game screen: they are no news in the log.
    expect(unreadCount(items, 3, 'gm')).toBe(1);
    // A spectator (no seat of its own here) counts everything but game events.
    expect(unreadCount(items, 0, undefined)).toBe(5);
  });

  it('takes what the log held when it caught up as seen, and everything while it is shown', () => {
    expect(seenAfter(null, 40, false, true)).toBe(40);
    expect(seenAfter(40, 45, false, true)).toBe(40);
    expect(seenAfter(40, 45, true, true)).toBe(45);
    // While the log is still loading (or reconnecting), nothing is marked, shown or not.
    expect(seenAfter(null, 12, false, false)).toBe(null);
    expect(seenAfter(null, 12, true, false)).toBe(null);
    expect(seenAfter(40, 45, true, false)).toBe(40);
  });

  it('names the count on the tab for screen readers, and shows none when nothing is new', () => {
    const quiet = renderToStaticMarkup(<TableTabs view="game" onView={() => {}} unread={0} />);
    expect(quiet).not.toContain('tab-count');
    expect(quiet).not.toContain('aria-label="Log and dice');
    const busy = renderToStaticMarkup(<TableTabs view="game" onView={() => {}} unread={3} />);
    expect(busy).toContain('aria-label="Log and dice, 3 new"');
    expect(busy).toContain('<span class="tab-count" aria-hidden="true">3</span>');
    expect(renderToStaticMarkup(<TableTabs view="game" onView={() => {}} unread={120} />)).toContain(
      '>99+</span>',
    );
  });
});

describe('the game waiting on this seat, on the phone tab', () => {
  it('says "your move" on the Game tab in words and in its name, and nothing otherwise', () => {
    const quiet = renderToStaticMarkup(<TableTabs view="chat" onView={() => {}} unread={0} />);
    expect(quiet).not.toContain('tab-move');
    expect(quiet).not.toContain('Your move');
    expect(quiet).not.toContain('aria-label="Game');
    const mine = renderToStaticMarkup(<TableTabs view="chat" onView={() => {}} unread={0} yourMove />);
    expect(mine).toContain('aria-label="Game, your move"');
    expect(mine).toContain('<span class="tab-move" aria-hidden="true">your move</span>');
    // Announced while the log is read; on the game itself its own list says so.
    expect(mine).toContain('role="status">Your move in the game.</span>');
    const onGame = renderToStaticMarkup(<TableTabs view="game" onView={() => {}} unread={0} yourMove />);
    expect(onGame).toContain('aria-label="Game, your move"');
    expect(onGame).not.toContain('Your move in the game.');
  });
});
