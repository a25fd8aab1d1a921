import type { SeatInfo } from '../../server/protocol.ts';

const ROLE = { gm: 'GM', player: 'Player', spectator: 'Watching' } as const;
const ORDER = { gm: 0, player: 1, spectator: 2 } as const;

export function SeatList({ seats, me }: { seats: readonly SeatInfo[]; me: string | undefined }) {
  const sorted = [...seats].sort((a, b) => ORDER[a.role] - ORDER[b.role] || a.name.localeCompare(b.name));
  return (
    <ul className="seats" aria-label="Seats">
      {sorted.map((s) => (
        <li key={s.seatId} className={s.online ? 'online' : 'offline'}>
          <span className="dot" aria-hidden="true" />
          <span className="seat-name">
            {s.name}
            {s.seatId === me ? <span className="muted"> (you)</span> : null}
          </span>
          <span className="seat-role">{ROLE[s.role]}</span>
          <span className="sr-only">{s.online ? 'online' : 'offline'}</span>
        </li>
      ))}
    </ul>
  );
}
