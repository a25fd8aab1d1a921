import { useEffect, useState } from 'react';
import type { ConnectionStatus } from '../connection.ts';

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/** Connecting / live / reconnecting in Ns, always visible at the top of the table. */
export function ConnectionBadge({ status, onRetry }: { status: ConnectionStatus; onRetry: () => void }) {
  const now = useNow(status.kind === 'reconnecting');
  let text: string;
  switch (status.kind) {
    case 'connecting':
      text = status.attempt > 1 ? 'Reconnecting…' : 'Connecting…';
      break;
    case 'live':
      text = 'Live';
      break;
    case 'reconnecting': {
      const s = Math.max(0, Math.ceil((status.at - now) / 1000));
      text = `Reconnecting in ${s}s`;
      break;
    }
    case 'failed':
      text = 'Disconnected';
      break;
  }
  return (
    <div className={`conn conn-${status.kind}`} data-testid="connection" data-state={status.kind}>
      <span className="dot" aria-hidden="true" />
      <span role="status" aria-live="polite">
        {text}
      </span>
      {status.kind === 'reconnecting' ? (
        <button type="button" className="ghost small" onClick={onRetry} aria-label="Retry now">
          Retry
        </button>
      ) : null}
    </div>
  );
}

/**
 * Commands sent while the connection is down wait in the client and go out on reconnect (the
 * server applies each id once). Until they are acknowledged, this says so under the header: a
 * button that went grey, or a dice box that stays put, is no answer by itself.
 */
export function WaitingToSend({ status, waiting }: { status: ConnectionStatus; waiting: number }) {
  if (waiting === 0 || status.kind === 'live') return null;
  const what = waiting === 1 ? 'your last action' : `${waiting} actions`;
  // A seat link that stopped working (failed) will not reconnect: the note must not promise it.
  const when =
    status.kind === 'failed'
      ? 'it cannot go until this seat can connect again'
      : 'it will go when the connection is back';
  return (
    <p className="waiting-to-send" role="status" data-testid="waiting-to-send">
      Waiting to send {what} — {when}.
    </p>
  );
}
