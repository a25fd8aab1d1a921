import { useState } from 'react';
import type { VehicleInScene } from '../../rules/elite-unit/state.ts';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { controls, isWhole, nameOf, roster, type SeatRef, type View, weaponName } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Vehicles in the scene (§13): each one's hull DC, speed, evasion, driver and everyone aboard,
 * its mounted weapons; a seat boards or leaves with its own characters and drives what they
 * drive; the GM brings vehicles from the pack and takes them away. The rules check every command.
 */

export function vehiclesOf(view: View): VehicleInScene[] {
  return Object.values(view.vehicles ?? {});
}

export function VehiclesPanel({ view, seat }: { view: View; seat: SeatRef }) {
  const gm = seat.role === 'gm';
  const list = vehiclesOf(view);
  if (list.length === 0 && !gm) return null;
  return (
    <section className="eu-card" aria-label="Vehicles">
      <h3>Vehicles</h3>
      {list.length === 0 ? <p className="eu-muted">No vehicles in the scene.</p> : null}
      <ul className="eu-vehicles">
        {list.map((v) => (
          <VehicleRow key={v.id} view={view} seat={seat} v={v} />
        ))}
      </ul>
      {gm ? <AddVehicle view={view} /> : null}
    </section>
  );
}

function VehicleRow({ view, seat, v }: { view: View; seat: SeatRef; v: VehicleInScene }) {
  const r = useRunner();
  const gm = seat.role === 'gm';
  const aboard = [...(v.driverId ? [v.driverId] : []), ...v.occupants.map((o) => o.id)];
  const mine = roster(view).filter((c) => controls(seat, c) && (isWhole(c) ? c.dead === null : !c.dead));
  const outside = mine.filter((c) => !aboard.includes(c.id));
  const inside = mine.filter((c) => aboard.includes(c.id));
  const drives = v.driverId !== null && mine.some((c) => c.id === v.driverId);
  const [who, setWho] = useState('');
  const [as, setAs] = useState<'driver' | 'seated' | 'unseated'>('seated');
  const [speed, setSpeed] = useState('');
  const [dc, setDc] = useState('');
  const boarder = outside.find((c) => c.id === who) ?? outside[0];
  return (
    <li data-id={v.id}>
      <strong>{v.name}</strong>{' '}
      <span data-testid={`hull-${v.id}`}>
        hull DC {v.dc}/{v.dcMax}, Resilience {v.resilience}
      </span>
      ; {v.speedKph} kph{v.evasive ? ', evasive' : ''}; driver{' '}
      {v.driverId ? nameOf(view, v.driverId) : 'none'}
      {v.occupants.length > 0
        ? `; aboard ${v.occupants.map((o) => `${nameOf(view, o.id)}${o.seated ? '' : ' (unseated)'}`).join(', ')}`
        : ''}
      {v.weapons.length > 0
        ? `; mounts ${v.weapons.map((w) => `${weaponName(view.pack, w.weapon)} (${w.loaded} loaded)`).join(', ')}`
        : ''}
      <div className="eu-form">
        {boarder ? (
          <>
            <select
              aria-label={`Who boards ${v.name}`}
              value={boarder.id}
              onChange={(ev) => setWho(ev.target.value)}
            >
              {outside.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <select
              aria-label={`Where in ${v.name}`}
              value={as}
              onChange={(ev) => setAs(ev.target.value as 'driver' | 'seated' | 'unseated')}
            >
              <option value="driver">driving</option>
              <option value="seated">seated</option>
              <option value="unseated">unseated</option>
            </select>
            <button
              type="button"
              disabled={r.busy}
              onClick={() =>
                void r.run({ type: 'vehicle.board', vehicleId: v.id, characterId: boarder.id, as })
              }
            >
              Board
            </button>
          </>
        ) : null}
        {inside.map((c) => (
          <button
            key={c.id}
            type="button"
            className="ghost"
            disabled={r.busy}
            onClick={() => void r.run({ type: 'vehicle.leave', vehicleId: v.id, characterId: c.id })}
          >
            {c.name} leaves
          </button>
        ))}
        {drives || gm ? (
          <>
            <label>
              Speed (kph){' '}
              <input
                type="number"
                min={0}
                inputMode="numeric"
                aria-label={`Speed of ${v.name} in kph`}
                placeholder={String(v.speedKph)}
                value={speed}
                onChange={(ev) => setSpeed(ev.target.value)}
              />
            </label>
            <button
              type="button"
              disabled={r.busy || speed === '' || !Number.isFinite(Number(speed))}
              onClick={() =>
                void r
                  .run({ type: 'vehicle.drive', vehicleId: v.id, speedKph: Number(speed) })
                  .then(clearIfUnchanged(setSpeed, speed))
              }
            >
              Set the speed
            </button>
            <button
              type="button"
              disabled={r.busy}
              onClick={() => void r.run({ type: 'vehicle.drive', vehicleId: v.id, evasive: !v.evasive })}
            >
              {v.evasive ? 'Stop evasive manoeuvres' : 'Evasive manoeuvres'}
            </button>
          </>
        ) : null}
        {inside[0]
          ? // A mount reloads from the vehicle's own spares, by someone aboard, as an action (§13.7).
            v.weapons.map((w) => (
              <button
                key={w.key}
                type="button"
                className="ghost"
                disabled={r.busy}
                onClick={() =>
                  void r.run({ type: 'reload', id: inside[0]?.id ?? '', weapon: w.key, vehicle: v.id })
                }
              >
                Reload the mounted {weaponName(view.pack, w.weapon)} ({inside[0]?.name})
              </button>
            ))
          : null}
        {gm ? (
          <>
            <label>
              Hull DC{' '}
              <input
                type="number"
                min={0}
                inputMode="numeric"
                aria-label={`Hull DC of ${v.name}`}
                placeholder={String(v.dc)}
                value={dc}
                onChange={(ev) => setDc(ev.target.value)}
              />
            </label>
            <button
              type="button"
              disabled={r.busy || dc === '' || !Number.isInteger(Number(dc))}
              onClick={() =>
                void r
                  .run({ type: 'vehicle.drive', vehicleId: v.id, dc: Number(dc) })
                  .then(clearIfUnchanged(setDc, dc))
              }
            >
              Set the hull DC
            </button>
          </>
        ) : null}
        {gm ? (
          <button
            type="button"
            className="ghost"
            disabled={r.busy}
            onClick={() => void r.run({ type: 'vehicle.remove', id: v.id })}
          >
            Remove {v.name}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function AddVehicle({ view }: { view: View }) {
  const r = useRunner();
  const [from, setFrom] = useState('');
  const [name, setName] = useState('');
  const vehicles = view.pack.vehicles;
  const chosen = vehicles.find((v) => v.id === from) ?? vehicles[0];
  if (!chosen) return null;
  return (
    <form
      className="eu-form"
      aria-label="Add a vehicle"
      onSubmit={(ev) => {
        ev.preventDefault();
        void r
          .run({ type: 'vehicle.add', from: chosen.id, ...(name.trim() ? { name: name.trim() } : {}) })
          .then(clearIfUnchanged(setName, name));
      }}
    >
      <label>
        Vehicle{' '}
        <select value={chosen.id} onChange={(ev) => setFrom(ev.target.value)}>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name} (DC {v.dc}, {v.seats} seats)
            </option>
          ))}
        </select>
      </label>
      <label>
        Name (optional){' '}
        <input
          value={name}
          maxLength={80}
          placeholder={chosen.name}
          onChange={(ev) => setName(ev.target.value)}
        />
      </label>
      <button type="submit" disabled={r.busy}>
        Bring it into the scene
      </button>
    </form>
  );
}
