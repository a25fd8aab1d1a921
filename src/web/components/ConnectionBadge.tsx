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
