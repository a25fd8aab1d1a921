import { useState } from 'react';
import { condition } from '../../rules/rhylanor-express/character.ts';
import type { Machine, Seat } from '../../rules/rhylanor-express/state.ts';
import { Choice } from './Fields.tsx';
import { AimFields, useAim } from './map-aim.tsx';
import { isSheet, mayAct, type SeatRef, sheets, type View } from './model.ts';
import { previewCommand } from './preview.ts';
import { useRunner } from './runner.tsx';
import { combatantName, vehicleSlots } from './Vehicles.tsx';

/**
 * Who rides in a vehicle (§7.7, §7.13): its places (one driver, a gunner per weapon, passengers up
 * to the pack's capacity) and who sits where. A player gets his own characters in and out; the
 * referee anyone. What the rules would refuse is said before the button: a full vehicle, a taken
 * seat, a man riding elsewhere or not fit. In a fight, getting in or out is the man's move, and
 * the spot he steps out on is typed or picked on the fight map within the boarding reach.
 */

const SEAT_WORDS: Record<Seat, string> = { driver: 'driver', gunner: 'gunner', passenger: 'passenger' };

export interface Places {
  readonly capacity: number;
  readonly gunnerSeats: number;
  readonly taken: number;
  readonly driver: string | null;
  readonly gunners: number;
}

/** The places a vehicle has and how many are taken (the same counts the rules check). */
export function placesOf(view: View, m: Machine): Places {
  const riders = m.riders ?? [];
  return {
    capacity: view.pack.vehicles.find((v) => v.id === m.packId)?.capacity ?? 0,
    gunnerSeats: vehicleSlots(view, m.id).length,
    taken: riders.length,
    driver: riders.find((r) => r.seat === 'driver')?.characterId ?? null,
    gunners: riders.filter((r) => r.seat === 'gunner').length,
  };
}

/** Why a seat cannot be taken now, in words; null when it can. */
export function seatRefusal(view: View, m: Machine, seat: Seat): string | null {
  const p = placesOf(view, m);
  if (p.taken >= p.capacity) return `${m.name} is full (${p.capacity} aboard)`;
  if (seat === 'driver' && p.driver) return `${combatantName(view, p.driver)} already drives`;
  if (seat === 'gunner' && p.gunners >= p.gunnerSeats)
    return p.gunnerSeats === 0 ? `${m.name} has no weapons to man` : 'every weapon has its gunner';
  return null;
}

/** The vehicle a character rides in, as the view shows it. */
function aboardIn(view: View, id: string): Machine | null {
  return Object.values(view.machines).find((m) => m.riders?.some((r) => r.characterId === id)) ?? null;
}

export function Riders({ view, seat, m }: { view: View; seat: SeatRef; m: Machine }) {
  const { run, busy } = useRunner();
  const gm = seat.role === 'gm';
  const places = placesOf(view, m);
  const riders = m.riders ?? [];
  const inFight = view.combat?.combatants[m.id] !== undefined;
  const candidates = sheets(view).filter(
    (c) =>
      (gm || mayAct(seat, c)) &&
      !aboardIn(view, c.id) &&
      (!inFight || view.combat?.combatants[c.id] !== undefined),
  );
  const [who, setWho] = useState('');
  const [where, setWhere] = useState<Seat>('passenger');
  const characterId = candidates.some((c) => c.id === who) ? who : (candidates[0]?.id ?? '');
  const picked = candidates.find((c) => c.id === characterId);
  const refusal =
    seatRefusal(view, m, where) ??
    (picked && condition(picked) !== 'fit' ? `${picked.name} is not fit to climb in` : null);
  const reach = view.pack.rules.boardingReach;
  return (
    <fieldset className="re-riders" aria-label={`Riders of ${m.name}`}>
      <p data-testid="riders-places">
        {m.name}: {places.taken} of {places.capacity} aboard · driver{' '}
        {places.driver ? combatantName(view, places.driver) : 'empty'}
        {places.gunnerSeats > 0 ? ` · gunners ${places.gunners} of ${places.gunnerSeats}` : ''}
      </p>
      {riders.length > 0 ? (
        <ul className="re-rider-list">
          {riders.map((r) => {
            const c = view.characters[r.characterId];
            const mine = gm || (isSheet(c) && mayAct(seat, c));
            return (
              <li key={r.characterId} data-rider={r.characterId}>
                {combatantName(view, r.characterId)}, {SEAT_WORDS[r.seat]}
                {gm ? <Reseat view={view} m={m} characterId={r.characterId} seat={r.seat} /> : null}
                {mine && inFight && view.combat?.combatants[r.characterId] ? (
                  <GetOut view={view} seat={seat} m={m} characterId={r.characterId} />
                ) : mine ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="re-small"
                      disabled={busy}
                      onClick={() =>
                        run(
                          { type: 'machine.alight', machineId: m.id, characterId: r.characterId },
                          'getting out',
                        )
                      }
                    >
                      Get {combatantName(view, r.characterId)} out
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {candidates.length > 0 && !m.destroyed ? (
        <form
          className="re-inline"
          aria-label={`Get into ${m.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (characterId)
              run({ type: 'machine.board', machineId: m.id, characterId, seat: where }, 'getting in');
          }}
        >
          <Choice
            label="Who"
            name="boardWho"
            options={candidates.map((c) => ({ value: c.id, label: c.name }))}
            value={characterId}
            onChange={setWho}
          />
          <Choice
            label="seat"
            name="boardSeat"
            options={(['driver', 'gunner', 'passenger'] as const).map((s) => {
              const no = seatRefusal(view, m, s);
              return { value: s, label: no ? `${SEAT_WORDS[s]} (${no})` : SEAT_WORDS[s] };
            })}
            value={where}
            onChange={(v) => setWhere(v as Seat)}
          />
          <button type="submit" disabled={busy || !characterId || refusal !== null}>
            Get in
          </button>
          {refusal ? (
            <span className="re-muted" data-testid="board-refusal">
              {' '}
              {refusal}.
            </span>
          ) : null}
          {inFight ? (
            <span className="re-muted">
              {' '}
              In the fight it is his move, in his side's movement phase, within {reach} m.
            </span>
          ) : null}
        </form>
      ) : null}
    </fieldset>
  );
}

/**
 * Getting out in a fight (riders.ts `alight`): the spot is typed or picked on the fight map, which
 * rings the pack's boarding reach around the vehicle (the rules' `TOO_FAR` bound) and keeps a pick
 * within it; it starts at the vehicle's own place. What the rules would refuse (not his side's
 * movement phase, he has moved, too far) is said before the button, which stays shut.
 */
function GetOut({
  view,
  seat,
  m,
  characterId,
}: {
  view: View;
  seat: SeatRef;
  m: Machine;
  characterId: string;
}) {
  const { run, busy } = useRunner();
  const at = view.combat?.combatants[m.id];
  const reach = view.pack.rules.boardingReach;
  const name = combatantName(view, characterId);
  const centre = { x: at?.x ?? 0, y: at?.y ?? 0 };
  const aim = useAim(`alight:${characterId}`, `where ${name} gets out`, 0, centre, {
    centre,
    radius: reach,
    words: `${reach} m of ${m.name}`,
  });
  const to = aim.at;
  const preview = to
    ? previewCommand(view, seat, { type: 'machine.alight', machineId: m.id, characterId, x: to.x, y: to.y })
    : null;
  // A preview that broke on the seat's partial view is no refusal of the rules.
  const refusal = !to
    ? 'type the spot or pick it on the map'
    : preview && !preview.ok && preview.code !== 'PREVIEW_FAILED'
      ? preview.message
      : null;
  return (
    <form
      className="re-inline re-get-out"
      aria-label={`Where ${name} gets out`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!to || refusal) return;
        run({ type: 'machine.alight', machineId: m.id, characterId, x: to.x, y: to.y }, 'getting out');
      }}
    >
      {' '}
      <AimFields
        aim={aim}
        names={['alightX', 'alightY']}
        labels={['out at x', 'y']}
        words={['Pick the spot on the map', 'Done picking']}
      />{' '}
      <button type="submit" className="re-small" disabled={busy || refusal !== null}>
        Get {name} out
      </button>
      <span className="re-muted" data-testid="alight-reach">
        {' '}
        Within {reach} m of {m.name}
        {at?.x !== null && at?.x !== undefined ? ` (at ${at.x}, ${at.y} m)` : ''}.
      </span>
      {refusal && to ? (
        <span className="re-refusal" data-testid="alight-refusal">
          {' '}
          {refusal}.
        </span>
      ) : null}
    </form>
  );
}

/**
 * The referee moves a rider to another free seat of the same vehicle (`machine.seat`, the rules'
 * referee command: no move spent, no roll); only seats the vehicle has free are offered.
 */
function Reseat({ view, m, characterId, seat }: { view: View; m: Machine; characterId: string; seat: Seat }) {
  const { run, busy } = useRunner();
  const p = placesOf(view, m);
  const free = (['driver', 'gunner', 'passenger'] as const).filter(
    (s) =>
      s !== seat && (s === 'passenger' || (s === 'driver' ? p.driver === null : p.gunners < p.gunnerSeats)),
  );
  const [to, setTo] = useState('');
  const target = free.find((s) => s === to) ?? free[0];
  if (!target) return null;
  return (
    <span className="re-inline">
      {' '}
      <Choice
        label="to"
        name="reseat"
        ariaLabel={`New seat of ${combatantName(view, characterId)}`}
        options={free.map((s) => ({ value: s, label: SEAT_WORDS[s] }))}
        value={target}
        onChange={setTo}
      />{' '}
      <button
        type="button"
        className="re-small"
        disabled={busy}
        onClick={() => run({ type: 'machine.seat', machineId: m.id, characterId, seat: target }, 'new seat')}
      >
        Change seat
      </button>
    </span>
  );
}
