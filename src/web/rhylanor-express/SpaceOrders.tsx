import { useState } from 'react';
import type { Hex } from '../../engine/board/hex-grid.ts';
import { SURPRISE_MAX, SURPRISE_MIN } from '../../rules/rhylanor-express/space/tables.ts';
import { Choice, RunButton } from './Fields.tsx';
import { mayCommand, type SeatRef, type ShipView, type SpaceView } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Space orders beyond moving and firing (§6.2, §6.4, §6.14): a ship's posture (quiet or active)
 * before the battle, placing a ship under surprise (or slipping away), the fleet chips and ship
 * pool points put on a roll before its dice, the standing chip and pool guards against enemy
 * shots, and fire at targets on the ground (the referee applies hits from the ground).
 */

/** What the seat puts on its next roll before the dice: a fleet chip and ship pool points. */
export interface BeforeDice {
  readonly chip: -1 | 0 | 1;
  readonly pool: number;
}

export const NO_BEFORE_DICE: BeforeDice = { chip: 0, pool: 0 };

/** The command fields for a roll's modifiers before the dice (none when nothing is put on it). */
export function beforeDiceFields(b: BeforeDice): { chip?: -1 | 1; pool?: number } {
  return { ...(b.chip !== 0 ? { chip: b.chip } : {}), ...(b.pool !== 0 ? { pool: b.pool } : {}) };
}

/** Does this seat play a side (the referee plays both)? */
export function playsFleet(seat: SeatRef, ships: readonly ShipView[], side: 'a' | 'b'): boolean {
  return seat.role === 'gm' || ships.some((s) => s.side === side && mayCommand(seat, s));
}

export function BeforeDiceControls({
  space,
  ship,
  value,
  onChange,
}: {
  space: SpaceView;
  ship: ShipView;
  value: BeforeDice;
  onChange: (b: BeforeDice) => void;
}) {
  const chips = space.sides[ship.side].chips;
  return (
    <fieldset className="re-inline" aria-label={`Before the dice, ${ship.name}`}>
      <Choice
        label={`Fleet chip (${chips} left)`}
        name="chip"
        options={[
          { value: '0', label: 'none' },
          ...(chips > 0
            ? [
                { value: '1', label: '+1' },
                { value: '-1', label: '−1' },
              ]
            : []),
        ]}
        value={String(value.chip)}
        onChange={(v) => onChange({ ...value, chip: Number(v) as -1 | 0 | 1 })}
      />
      {ship.pool > 0 ? (
        <label>
          ship pool points ({ship.pool} left){' '}
          <input
            className="re-num"
            name="poolBefore"
            type="number"
            min={-ship.pool}
            max={ship.pool}
            value={value.pool}
            onChange={(e) => onChange({ ...value, pool: Math.trunc(Number(e.target.value)) || 0 })}
          />
        </label>
      ) : null}
    </fieldset>
  );
}

/** Quiet or active (§6.2): declared before the battle; going active gives the ship away. */
export function PostureToggle({ ship }: { ship: ShipView }) {
  return (
    <RunButton
      small
      command={{ type: 'space.posture', ship: ship.id, quiet: !ship.quiet }}
      label={ship.quiet ? 'go active' : 'run quiet'}
    >
      {ship.quiet ? `${ship.name}: go active` : `${ship.name}: run quiet`}
    </RunButton>
  );
}

/** The surprising side places its ship on a lit hex (6–30 from the enemy), or slips away unseen. */
export function SurprisePlacement({ ship, at }: { ship: ShipView; at: Hex | null }) {
  return (
    <fieldset className="re-plot-controls" aria-label={`Surprise placement of ${ship.name}`}>
      <p aria-live="polite" data-testid="place-summary">
        {at
          ? `${ship.name} would start at ${at.q},${at.r}, heading for the enemy.`
          : `Tap or drag to a lit hex ${SURPRISE_MIN}–${SURPRISE_MAX} hexes from the enemy (Enter from the keyboard).`}
      </p>
      <RunButton
        command={{ type: 'space.surprise.place', ship: ship.id, at: at ?? { q: 0, r: 0 } }}
        label={`place ${ship.name}`}
        disabled={at === null}
      >
        Place {ship.name} here
      </RunButton>{' '}
      <RunButton command={{ type: 'space.surprise.slip' }} label="slip away">
        Slip away unseen
      </RunButton>
    </fieldset>
  );
}

/** A side's chips, and its standing order to spend one against each enemy shot while they last. */
export function FleetChips({
  space,
  ships,
  seat,
}: {
  space: SpaceView;
  ships: readonly ShipView[];
  seat: SeatRef;
}) {
  const sides = (['a', 'b'] as const).filter((s) => playsFleet(seat, ships, s));
  if (sides.length === 0 || space.phase === 'ended') return null;
  return (
    <fieldset className="re-inline" aria-label="Fleet chips">
      {sides.map((s) => {
        const guard = space.sides[s].chipGuard === true;
        return (
          <span key={s}>
            {space.sides[s].name}: <span data-testid={`chips-${s}`}>{space.sides[s].chips}</span> fleet chips{' '}
            <RunButton small command={{ type: 'space.chip.guard', side: s, on: !guard }} label="chip guard">
              {guard ? 'Stop spending chips against enemy shots' : 'Spend a chip against each enemy shot'}
            </RunButton>{' '}
          </span>
        );
      })}
    </fieldset>
  );
}

/** Ship pool points spent (before the dice) against each shot at this ship, while the pool lasts. */
export function PoolGuard({ ship }: { ship: ShipView }) {
  const { run, busy } = useRunner();
  const [points, setPoints] = useState('1');
  if (ship.pool <= 0) return null;
  return (
    <form
      className="re-inline"
      aria-label={`Pool guard of ${ship.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          { type: 'space.pool.guard', ship: ship.id, points: Math.max(0, Math.trunc(Number(points))) },
          'pool guard',
        );
      }}
    >
      <label>
        Guard with{' '}
        <input
          className="re-num"
          name="guardPoints"
          type="number"
          min={0}
          max={12}
          value={points}
          onChange={(e) => setPoints(e.target.value)}
        />{' '}
        pool points a shot (0 stops)
      </label>{' '}
      <button type="submit" disabled={busy}>
        Set guard
      </button>
    </form>
  );
}

/** A turret fires at a target on a world's surface (§6.14): the referee names what it hits. */
export function GroundFire({ ship }: { ship: ShipView }) {
  const { run, busy } = useRunner();
  const [turret, setTurret] = useState('0');
  const [target, setTarget] = useState('');
  const usable = ship.turrets.flatMap((t, i) => (t.state === 2 ? [] : [{ value: String(i), label: t.name }]));
  if (usable.length === 0) return null;
  return (
    <form
      className="re-inline"
      aria-label={`Ground fire from ${ship.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (target.trim())
          run(
            { type: 'space.ground.fire', ship: ship.id, turret: Number(turret), target: target.trim() },
            'ground fire',
          );
      }}
    >
      <Choice label="Ground fire:" name="groundTurret" options={usable} value={turret} onChange={setTurret} />
      <label>
        at{' '}
        <input
          name="groundTarget"
          value={target}
          maxLength={60}
          placeholder="a target on the ground"
          onChange={(e) => setTarget(e.target.value)}
        />
      </label>{' '}
      <button type="submit" disabled={busy || !target.trim()}>
        Fire at the ground
      </button>
    </form>
  );
}

/** The referee: fire from the ground hits a ship with this many Major penetrations (§6.14). */
export function GroundHit({ ships }: { ships: readonly ShipView[] }) {
  const { run, busy } = useRunner();
  const live = ships.filter((s) => !s.destroyed);
  const [ship, setShip] = useState('');
  const [majors, setMajors] = useState('1');
  if (live.length === 0) return null;
  const shipId = ship || live[0]?.id || '';
  return (
    <form
      className="re-inline"
      aria-label="Fire from the ground"
      onSubmit={(e) => {
        e.preventDefault();
        run(
          { type: 'space.ground.hit', ship: shipId, majors: Math.max(1, Math.trunc(Number(majors))) },
          'ground hit',
        );
      }}
    >
      <Choice
        label="Ground fire hits"
        name="groundHitShip"
        options={live.map((s) => ({ value: s.id, label: s.name }))}
        value={shipId}
        onChange={setShip}
      />
      <label>
        with{' '}
        <input
          className="re-num"
          name="majors"
          type="number"
          min={1}
          max={20}
          value={majors}
          onChange={(e) => setMajors(e.target.value)}
        />{' '}
        Major penetrations
      </label>{' '}
      <button type="submit" disabled={busy}>
        Roll the damage
      </button>
    </form>
  );
}
