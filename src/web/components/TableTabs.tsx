import { useState } from 'react';
import type { LogItem } from '../log.ts';

/**
 * The phone's two views of a table with a game screen ("Game", "Log and dice"). While the game is
 * shown, the log's tab counts what arrived since the reader last looked at the log, so a chat line
 * or a roll is not missed.
 */

export type TableView = 'game' | 'chat';

/**
 * Entries worth the reader's attention in the log: chat, rolls, reveals and seats arriving or
 * renamed, by someone else. The game's own events are left out: the game screen already shows
 * them, and counting every move would make the number meaningless.
 */
export function unreadCount(items: readonly LogItem[], afterSeq: number, mySeat: string | undefined): number {
  let n = 0;
  for (const item of items) {
    if (item.seq <= afterSeq || item.kind === 'other') continue;
    const by = item.kind === 'joined' || item.kind === 'renamed' ? item.seatId : item.by;
    if (by !== mySeat) n++;
  }
  return n;
}

/**
 * The last seq the reader has seen, after this render. Only once the log has caught up with the
 * table (`ready`; a half-loaded log is neither news nor seen): everything, while the log is in
 * view; the whole history, the first time; otherwise unchanged.
 */
export function seenAfter(
  seen: number | null,
  last: number,
  viewing: boolean,
  ready: boolean,
): number | null {
  if (!ready) return seen;
  return viewing || seen === null ? last : seen;
}

/**
 * How many log entries the reader has not seen. `ready`: the log has caught up with the table
 * (the connection is live).
 */
export function useUnread(
  items: readonly LogItem[],
  viewing: boolean,
  ready: boolean,
  mySeat: string | undefined,
): number {
  const [seen, setSeen] = useState<number | null>(null);
  const next = seenAfter(seen, items.at(-1)?.seq ?? 0, viewing, ready);
  // Set while rendering (React renders again at once), so a stale count never reaches the screen.
  if (next !== seen) setSeen(next);
  return next === null || viewing ? 0 : unreadCount(items, next, mySeat);
}

/**
 * `unread`: from useUnread, kept by the page so that it lasts while the tabs come and go.
 * `yourMove`: the game waits on this seat; the "Game" tab says so in words, so a player reading
 * the log learns it is their move without going back to look.
 */
export function TableTabs({
  view,
  onView,
  unread,
  yourMove = false,
}: {
  view: TableView;
  onView: (view: TableView) => void;
  unread: number;
  yourMove?: boolean;
}) {
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Table views">
        <button
          type="button"
          role="tab"
          aria-selected={view === 'game'}
          aria-label={yourMove ? 'Game, your move' : undefined}
          onClick={() => onView('game')}
        >
          Game
          {yourMove ? (
            <span className="tab-move" aria-hidden="true">
              your move
            </span>
          ) : null}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'chat'}
          aria-label={unread > 0 ? `Log and dice, ${unread} new` : undefined}
          onClick={() => onView('chat')}
        >
          Log and dice
          {unread > 0 ? (
            <span className="tab-count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      </div>
      {/* Heard while the log is read: a tab's changed name is not announced by itself. */}
      <span className="sr-only" role="status">
        {yourMove && view === 'chat' ? 'Your move in the game.' : ''}
      </span>
    </>
  );
}
