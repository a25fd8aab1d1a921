import { useState } from 'react';
import type { Turret } from '../../rules/rhylanor-express/space/model.ts';
import { TURRET_HANDS_MAX } from '../../rules/rhylanor-express/space/tables.ts';
import { NumberField } from './Fields.tsx';
import type { ShipView } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Gunners loading at a turret (§6.10): each loads one round a turn, so several `space.reload`
 * commands may fill one turret in the same turn up to its hands. The turret's line shows its hands
 * and what they loaded this player turn; the referee sets how many work it
 * (assigning gunners is a referee command, as assigning crew is).
 */

/** " · 3 gunners loading, 2 rounds loaded this turn": the turret's hands and this turn's loading. */
export function loadingText(
  t: Pick<Turret, 'hands' | 'loadedTurn' | 'loadedRounds'>,
  playerTurn: number,
): string {
  const hands = t.hands ?? 1;
  const loaded = t.loadedTurn === playerTurn ? (t.loadedRounds ?? 0) : 0;
  return ` · ${hands} gunner${hands === 1 ? '' : 's'} loading, ${loaded} round${loaded === 1 ? '' : 's'} loaded this turn`;
}

/** Sets the gunners loading at one turret; its own gunner stays as assigned (null: the chief gunner). */
export function GunnersLoading({ ship, turret }: { ship: ShipView; turret: number }) {
  const { run, busy } = useRunner();
  const t = ship.turrets[turret];
  const [hands, setHands] = useState(String(t?.hands ?? 1));
  if (!t) return null;
  const n = Math.trunc(Number(hands));
  const valid = Number.isInteger(n) && n >= 1 && n <= TURRET_HANDS_MAX;
  return (
    <form
      className="re-inline"
      aria-label={`Gunners loading at ${ship.name} ${t.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        run(
          { type: 'space.gunner.assign', ship: ship.id, turret, person: t.gunner, hands: n },
          'gunners loading',
        );
      }}
    >
      <NumberField
        label="gunners loading"
        name={`hands-${turret}`}
        value={hands}
        onChange={setHands}
        min={1}
        max={TURRET_HANDS_MAX}
      />
      <button type="submit" className="re-small" disabled={busy || !valid}>
        Set
      </button>
    </form>
  );
}
