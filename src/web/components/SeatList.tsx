import { useState } from 'react';
import type { SeatInfo } from '../../server/protocol.ts';

const ROLE = { gm: 'GM', player: 'Player', spectator: 'Watching' } as const;
const ORDER = { gm: 0, player: 1, spectator: 2 } as const;

/** Renames a seat; resolves to an error message, or null once the server took it. */
export type RenameSeat = (seatId: string, name: string) => Promise<string | null>;

/**
 * Who sits at the table, online or not. Your own seat (and, for the GM, every seat) can be renamed
 * in place: the new name reaches everyone through the table's log.
 */
export function SeatList({
  seats,
  me,
  gm = false,
  rename,
  presenceKnown = true,
}: {
  seats: readonly SeatInfo[];
  me: string | undefined;
  gm?: boolean;
  rename?: RenameSeat;
  /**
   * False while this page has no live connection: the last presence it heard is stale (everyone
   * would still look online while the server is down), so it shows none.
   */
  presenceKnown?: boolean;
}) {
  const sorted = [...seats].sort((a, b) => ORDER[a.role] - ORDER[b.role] || a.name.localeCompare(b.name));
  const presence = (s: SeatInfo) => (!presenceKnown ? 'unknown' : s.online ? 'online' : 'offline');
  return (
    <ul className="seats" aria-label="Seats">
      {sorted.map((s) => (
        <li
          key={s.seatId}
          className={presence(s)}
          title={presenceKnown ? undefined : 'Not connected: presence unknown'}
        >
          <span className="dot" aria-hidden="true" />
          <span className="seat-name">
            {s.name}
            {s.seatId === me ? <span className="muted"> (you)</span> : null}
          </span>
          <span className="seat-role">{ROLE[s.role]}</span>
          <span className="sr-only">
            {presenceKnown ? presence(s) : 'presence unknown while not connected'}
          </span>
          {rename && (gm || s.seatId === me) ? <RenameControl seat={s} rename={rename} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RenameControl({ seat, rename }: { seat: SeatInfo; rename: RenameSeat }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(seat.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="link-button"
        aria-label={`Rename ${seat.name}`}
        onClick={() => {
          setName(seat.name);
          setProblem(null);
          setOpen(true);
        }}
      >
        Rename
      </button>
    );
  }
  const trimmed = name.trim();
  return (
    <form
      className="seat-rename"
      aria-label={`New name for ${seat.name}`}
      onSubmit={async (ev) => {
        ev.preventDefault();
        setBusy(true);
        const error = await rename(seat.seatId, trimmed);
        setBusy(false);
        if (error) setProblem(error);
        else setOpen(false);
      }}
    >
      <input
        aria-label="New name"
        value={name}
        maxLength={60}
        onChange={(ev) => setName(ev.target.value)}
        onKeyDown={(ev) => {
          if (ev.key === 'Escape') setOpen(false);
        }}
      />
      <button type="submit" disabled={busy || trimmed === '' || trimmed === seat.name}>
        Save
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {problem ? (
        <span role="alert" className="problem">
          {problem}
        </span>
      ) : null}
    </form>
  );
}
