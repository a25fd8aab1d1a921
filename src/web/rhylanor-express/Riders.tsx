import { useState } from 'react';
import { condition } from '../../rules/rhylanor-express/character.ts';
import { type Machine, portSeatsOf, type Rider, type Seat } from '../../rules/rhylanor-express/state.ts';
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
 * the spot he steps out on is typed or picked on the fight map within the boarding reach. A
 * passenger's numbered seat (1 up to the capacity, the rules' `place`) is picked from the free
 * ones, each said with its firing port or none (the pack's `portSeats`), or left to the rules'
 * lowest free seat.
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

/** One numbered passenger seat: whether it has a firing port, and who holds it. */
export interface NumberedSeat {
  readonly n: number;
  readonly port: boolean;
  readonly holder: string | null;
}

/**
 * A vehicle's numbered seats, 1 up to the pack's capacity (riders.ts `placeFor`); a seat has a
 * firing port when the pack's `portSeats` name it and the vehicle is closed (over an open top
 * every passenger fires, so no seat is told apart).
 */
export function numberedSeats(view: View, m: Machine): NumberedSeat[] {
  const v = view.pack.vehicles.find((x) => x.id === m.packId);
  const ports = v && !v.openTop ? portSeatsOf(v) : [];
  const holders = new Map((m.riders ?? []).map((r) => [r.place, r.characterId]));
  return Array.from({ length: v?.capacity ?? 0 }, (_, i) => ({
    n: i + 1,
    port: ports.includes(i + 1),
    holder: holders.get(i + 1) ?? null,
  }));
}

/** A seat in words for a list: "seat 3 (firing port)". */
export function seatWords(s: Pick<NumberedSeat, 'n' | 'port'>): string {
  return s.port ? `seat ${s.n} (firing port)` : `seat ${s.n}`;
}

/** Seat numbers as short runs: 1–4, 7, 9–10. */
function runs(ns: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ns.length; ) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === (ns[j] as number) + 1) j++;
    out.push(j === i ? String(ns[i]) : `${ns[i]}–${ns[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/** Which numbered seats are free and which have firing ports, in one line. */
export function seatsLine(view: View, m: Machine): string {
  const all = numberedSeats(view, m);
  const free = all.filter((s) => s.holder === null).map((s) => s.n);
  const ports = all.filter((s) => s.port).map((s) => s.n);
  const v = view.pack.vehicles.find((x) => x.id === m.packId);
  const portWords = v?.openTop
    ? 'open top: every passenger fires'
    : ports.length > 0
      ? `firing ports at ${runs(ports)}`
      : 'no firing ports';
  return `Seats free: ${free.length > 0 ? runs(free) : 'none'} · ${portWords}`;
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

/**
 * Where a rider shoots from (reading of the rules, combat.ts `requireRiderFire`, in its words):
 * over the open top; through the firing port of his numbered seat, or that seat has none; a
 * gunner's seat, at the weapons, has none; nowhere for the driver. A passenger with no number
 * (boarded before seats were numbered) takes a port no numbered passenger holds, those others
 * used this phase counted. Words only; whether he may is the rules' preview.
 */
export function riderPlace(view: View, vehicle: Machine, characterId: string): string {
  const riders = vehicle.riders ?? [];
  const rider: Rider | undefined = riders.find((r) => r.characterId === characterId);
  if (rider?.seat === 'driver') return `Drives ${vehicle.name}: the driver does not fire his own weapon.`;
  const v = view.pack.vehicles.find((x) => x.id === vehicle.packId);
  if (v?.openTop) return `Fires his own weapon over the open top of ${vehicle.name}.`;
  const ports = v ? portSeatsOf(v) : [];
  const cannot = ': he cannot fire from inside.';
  if (ports.length === 0) return `${vehicle.name} is closed and has no firing ports${cannot}`;
  if (rider?.seat === 'gunner')
    return `${combatantName(view, characterId)} sits at ${vehicle.name}'s weapons, which have no firing port${cannot}`;
  if (rider?.place !== undefined)
    return ports.includes(rider.place)
      ? `Fires through the firing port at seat ${rider.place} of ${vehicle.name}.`
      : `Seat ${rider.place} of ${vehicle.name} has no firing port${cannot}`;
  const held = new Set(riders.map((r) => r.place));
  const free = ports.filter((p) => !held.has(p)).length;
  const used = riders.filter(
    (r) => r.place === undefined && r.characterId !== characterId && view.combat?.acted[r.characterId],
  ).length;
  return used >= free
    ? `All ${free} free firing port(s) of ${vehicle.name} are in use this phase${cannot}`
    : `Fires through a firing port of ${vehicle.name}: ${free - used} of ${free} free this phase.`;
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
  const [number, setNumber] = useState('');
  const characterId = candidates.some((c) => c.id === who) ? who : (candidates[0]?.id ?? '');
  const picked = candidates.find((c) => c.id === characterId);
  const seatsNow = numberedSeats(view, m);
  const free = seatsNow.filter((s) => s.holder === null);
  // A pick someone else has taken meanwhile falls back to the rules' lowest free seat.
  const place = where === 'passenger' ? free.find((s) => String(s.n) === number) : undefined;
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
      {seatsNow.length > 0 ? (
        <p className="re-muted" data-testid="riders-seats">
          {seatsLine(view, m)}
        </p>
      ) : null}
      {riders.length > 0 ? (
        <ul className="re-rider-list">
          {riders.map((r) => {
            const c = view.characters[r.characterId];
            const mine = gm || (isSheet(c) && mayAct(seat, c));
            return (
              <li key={r.characterId} data-rider={r.characterId}>
                {combatantName(view, r.characterId)}, {SEAT_WORDS[r.seat]}
                {r.place !== undefined
                  ? `, ${seatWords(seatsNow[r.place - 1] ?? { n: r.place, port: false })}`
                  : null}
                {gm ? <Reseat view={view} m={m} rider={r} /> : null}
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
              run(
                {
                  type: 'machine.board',
                  machineId: m.id,
                  characterId,
                  seat: where,
                  ...(place ? { place: place.n } : {}),
                },
                'getting in',
              );
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
          {where === 'passenger' && free.length > 0 ? (
            <Choice
              label="seat no."
              name="boardPlace"
              options={[
                { value: '', label: `lowest free (${seatWords(free[0] as NumberedSeat)})` },
                ...free.map((s) => ({ value: String(s.n), label: seatWords(s) })),
              ]}
              value={place ? String(place.n) : ''}
              onChange={setNumber}
            />
          ) : null}
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
 * referee command: no move spent, no roll): the driver's or a gunner's seat when free, or a free
 * numbered passenger seat, each said with its firing port or none. His own seat is not offered.
 */
function Reseat({ view, m, rider }: { view: View; m: Machine; rider: Rider }) {
  const { run, busy } = useRunner();
  const p = placesOf(view, m);
  const crew = (['driver', 'gunner'] as const)
    .filter((s) => s !== rider.seat && (s === 'driver' ? p.driver === null : p.gunners < p.gunnerSeats))
    .map((s) => ({ value: s, label: SEAT_WORDS[s] }));
  const numbered = numberedSeats(view, m)
    .filter((s) => s.holder === null)
    .map((s) => ({ value: String(s.n), label: seatWords(s) }));
  const free = [...crew, ...numbered];
  const [to, setTo] = useState('');
  const target = free.find((s) => s.value === to) ?? free[0];
  if (!target) return null;
  const name = combatantName(view, rider.characterId);
  const command =
    target.value === 'driver' || target.value === 'gunner'
      ? { seat: target.value }
      : { seat: 'passenger', place: Number(target.value) };
  return (
    <span className="re-inline">
      {' '}
      <Choice
        label="to"
        name="reseat"
        ariaLabel={`New seat of ${name}`}
        options={free}
        value={target.value}
        onChange={setTo}
      />{' '}
      <button
        type="button"
        className="re-small"
        disabled={busy}
        onClick={() =>
          run(
            { type: 'machine.seat', machineId: m.id, characterId: rider.characterId, ...command },
            'new seat',
          )
        }
      >
        Change seat
      </button>
    </span>
  );
}
