import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { OverrideStatus } from './DoorOverride.tsx';
import { type FdView, PHASE_LABEL, teamersOf, WOUND_LABEL } from './model.ts';

/**
 * The Team at a glance: each Teamer's chits (READY / ACTED / WAIT in words), BINGE, wounds,
 * weapons and ammunition; the Stress Kitty; the turn, the phase and whose activation it is; the
 * bridge override, where an arena has one.
 */
export function TeamPanel({
  view,
  selected,
  onSelect,
  onClaim,
  playedBy,
}: {
  view: FdView;
  selected: string | null;
  onSelect: (id: string) => void;
  /** For a player: take a Teamer nobody plays yet (co-op: each player runs his own). */
  onClaim?: (id: string) => void;
  /** Who plays a Teamer (a seat's name), for Teamers some seat has taken. */
  playedBy: (seatId: string) => string;
}) {
  const p = view.pending;
  const kittyChits = typeof view.kitty.chits === 'number' ? view.kitty.chits : view.kitty.chits.length;
  const now = p.moving ?? p.activated[0] ?? p.nextTeamer;
  return (
    <section className="fd-card fd-team" aria-label="The Team">
      <p className="fd-status" data-testid="fd-status">
        <strong>Turn {view.turn}</strong> · {PHASE_LABEL[view.phase]}
        {now ? (
          <>
            {' '}
            · {p.moving ? 'moving' : p.activated.length ? 'activated' : 'next'}:{' '}
            <strong>{view.teamers[now]?.name ?? now}</strong>
          </>
        ) : null}
      </p>
      <p className="fd-kitty" data-testid="fd-kitty">
        Stress Kitty: {kittyChits} chit{kittyChits === 1 ? '' : 's'}
        {view.kitty.catastrophes ? ` · ${view.kitty.catastrophes} catastrophe(s)` : ''}
        {view.kitty.doubled ? ' · donations doubled' : ''}
      </p>
      <OverrideStatus view={view} />
      <ul className="fd-teamers">
        {teamersOf(view).map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className={`fd-teamer-row${selected === t.id ? ' fd-teamer-on' : ''}`}
              aria-pressed={selected === t.id}
              onClick={() => onSelect(t.id)}
              data-teamer={t.id}
            >
              <TeamerLine view={view} t={t} />
            </button>
            {t.seatId !== null ? (
              <span className="fd-muted fd-played-by">played by {playedBy(t.seatId)}</span>
            ) : onClaim ? (
              <button
                type="button"
                className="fd-claim"
                onClick={() => onClaim(t.id)}
                data-testid={`fd-claim-${t.id}`}
              >
                Take {t.name} (only you will play him)
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function where(view: FdView, t: Teamer): string {
  if (t.left) return 'back aboard Mother';
  if (t.x === null || t.y === null) return 'on the boarding bridge';
  // A rider sits in the vehicle's cab, at its front square.
  const v = view.vehicles?.find((x) => x.crew.includes(t.id));
  const type = v ? view.rules.pack.vehicleTypes.find((x) => x.id === v.type) : undefined;
  return v ? `in the ${type?.name ?? v.type} at (${t.x},${t.y})` : `at (${t.x},${t.y})`;
}

function TeamerLine({ view, t }: { view: FdView; t: Teamer }) {
  return (
    <>
      <span className="fd-teamer-name">
        <span className="fd-letter" aria-hidden="true">
          {t.name.charAt(0)}
        </span>{' '}
        {t.name} <span className="fd-muted">({t.role})</span>
      </span>
      <span className="fd-chits">
        {t.chits.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two chits, always in this order
          <span key={i} className={`fd-chit-badge fd-chit-${c.toLowerCase()}`}>
            {c}
          </span>
        ))}
      </span>
      <span className="fd-teamer-facts">
        BINGE {t.binge}
        {t.chicken ? ' (chicken)' : ''} · FF {t.ff} · {WOUND_LABEL[Math.min(t.wounds, 3)]}
        {t.ducked ? ' · ducked' : ''}
        {t.dash !== 'none' ? ` · ${t.dash === 'marked' ? 'dashed' : 'out of breath'}` : ''} · {where(view, t)}
      </span>
      <span className="fd-teamer-weapons">
        {t.weapons
          .map((w) => {
            const pw = view.rules.weapons[w];
            const name = pw?.name ?? w;
            if (pw?.kind === 'grenade') return `${name} ×${t.grenades}`;
            const ammo = t.ammo[w];
            return ammo !== undefined ? `${name} (${ammo} left)` : name;
          })
          .join(', ')}
      </span>
    </>
  );
}
