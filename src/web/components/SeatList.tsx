import { useEffect, useRef, useState } from 'react';
import type { SeatInfo } from '../../server/protocol.ts';

const ROLE = { gm: 'GM', player: 'Player', spectator: 'Watching' } as const;
const ORDER = { gm: 0, player: 1, spectator: 2 } as const;

/** Renames a seat; resolves to an error message, or null once the server took it. */
export type RenameSeat = (seatId: string, name: string) => Promise<string | null>;

/**
 * The GM's tools for another seat; each resolves to an error message, or null once the server
 * did it. `disconnect` closes the seat's connections (it may come back with its link); `remove`
 * ends the seat (its link stops working).
 */
export interface SeatTools {
  disconnect(seatId: string): Promise<string | null>;
  remove(seatId: string): Promise<string | null>;
}

/**
 * Who sits at the table, online or not. Your own seat (and, for the GM, every seat) can be renamed
 * in place: the new name reaches everyone through the table's log.
 */
export function SeatList({
  seats,
  me,
  gm = false,
  rename,
  tools,
  presenceKnown = true,
}: {
  seats: readonly SeatInfo[];
  me: string | undefined;
  gm?: boolean;
  rename?: RenameSeat;
  /** The GM's tools (GM only): disconnect or remove any seat but the GM's own. */
  tools?: SeatTools | undefined;
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
          {tools && gm && s.role !== 'gm' ? (
            <SeatToolsControl seat={s} tools={tools} online={presenceKnown && s.online} />
          ) : null}
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

/**
 * Disconnect and Remove for one seat. Removing asks first (it cannot be undone: the player needs
 * a new invite), with the harmless answer focused so a stray Enter keeps the seat.
 */
function SeatToolsControl({ seat, tools, online }: { seat: SeatInfo; tools: SeatTools; online: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ problem: boolean; text: string } | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const run = async (action: () => Promise<string | null>, done: string) => {
    setBusy(true);
    const error = await action();
    setBusy(false);
    setConfirming(false);
    setNote(error ? { problem: true, text: error } : { problem: false, text: done });
  };
  const feedback = note ? (
    <span role={note.problem ? 'alert' : 'status'} className={note.problem ? 'problem' : 'muted'}>
      {note.text}
    </span>
  ) : null;
  if (confirming) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: an inline question, not a modal dialog or a fieldset of inputs
      <div className="seat-confirm" role="group" aria-label={`Remove ${seat.name}?`}>
        <span>Remove {seat.name}? Their link stops working; to come back they need a new invite.</span>
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => void run(() => tools.remove(seat.seatId), `${seat.name} was removed`)}
        >
          Remove {seat.name}
        </button>
        <button type="button" ref={keep} disabled={busy} onClick={() => setConfirming(false)}>
          Keep
        </button>
      </div>
    );
  }
  return (
    <span className="seat-tools">
      {online ? (
        <button
          type="button"
          className="link-button"
          aria-label={`Disconnect ${seat.name}`}
          disabled={busy}
          onClick={() => void run(() => tools.disconnect(seat.seatId), `${seat.name} was disconnected`)}
        >
          Disconnect
        </button>
      ) : null}
      <button
        type="button"
        className="link-button"
        aria-label={`Remove ${seat.name}`}
        disabled={busy}
        onClick={() => {
          setNote(null);
          setConfirming(true);
        }}
      >
        Remove
      </button>
      {feedback}
    </span>
  );
}
