/**
 * Seat tokens this browser holds, one per table, in localStorage: a reload (or coming back
 * next week) keeps the seat. A token is the seat's password; it never goes into a URL the app
 * shows in the address bar.
 */

export interface StoredSeat {
  readonly tableId: string;
  readonly token: string;
  readonly seatId?: string;
  readonly role?: 'gm' | 'player' | 'spectator';
  readonly name?: string;
  readonly tableName?: string;
  readonly system?: string;
  readonly savedAt: string;
}

const PREFIX = 'bughunt.seat.';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadSeat(tableId: string): StoredSeat | null {
  try {
    const raw = store()?.getItem(PREFIX + tableId);
    if (!raw) return null;
    const seat = JSON.parse(raw) as StoredSeat;
    return typeof seat.token === 'string' && seat.tableId === tableId ? seat : null;
  } catch {
    return null;
  }
}

export function saveSeat(seat: Omit<StoredSeat, 'savedAt'>): void {
  const previous = loadSeat(seat.tableId);
  // Details learned earlier (name, role) stay unless this is another token.
  const merged = previous && previous.token === seat.token ? { ...previous, ...seat } : seat;
  try {
    store()?.setItem(PREFIX + seat.tableId, JSON.stringify({ ...merged, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or refused: the seat lasts until the tab closes.
  }
}

export function forgetSeat(tableId: string): void {
  try {
    store()?.removeItem(PREFIX + tableId);
  } catch {
    // nothing to do
  }
}

/** Every table this browser has a seat at, newest first. */
export function allSeats(): StoredSeat[] {
  const s = store();
  if (!s) return [];
  const seats: StoredSeat[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const seat = loadSeat(key.slice(PREFIX.length));
    if (seat) seats.push(seat);
  }
  return seats.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** Reads `#key=value&…` from the address and removes it from the address bar and history. */
export function takeFragment(): URLSearchParams {
  const hash = window.location.hash.replace(/^#/, '');
  const params = new URLSearchParams(hash);
  if (hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return params;
}
