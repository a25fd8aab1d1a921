import { useState } from 'react';
import { type Character, condition } from '../../rules/rhylanor-express/character.ts';
import { VEHICLE_ACTIVITIES } from '../../rules/rhylanor-express/data/tables.ts';
import type { Combat, Combatant, Machine, SideId } from '../../rules/rhylanor-express/state.ts';
import { byId, Choice, NumberField, named } from './Fields.tsx';
import { metresBetween } from './fight-map.ts';
import { AimFields, useAim } from './map-aim.tsx';
import { isSheet, mayAct, type SeatRef, type View } from './model.ts';
import { Riders } from './Riders.tsx';
import { useRunner } from './runner.tsx';
import { playsSide } from './your-move.ts';

/**
 * Vehicles in a firefight (§7.7): the referee brings a vehicle from the pack into play and into
 * the fight; the side that has it drives it up to its Turn Speed in its movement phase (what it is
 * doing sets the to-hit DM against it), fires its weapons through a gunner, dogfights an enemy
 * vehicle, shoots down incoming rounds with point defence, and drops bombs from a rack on a point
 * picked on the map. Each row names the crewman whose skill counts; a player names only
 * characters he plays. Its riders and free places are listed with it.
 */

const ACTIVITY_WORDS: Record<string, string> = {
  sitting: 'sitting still',
  cruising: 'cruising',
  fleeing: 'fleeing',
  attacking: 'attacking',
};

export function combatantName(view: View, id: string): string {
  return view.characters[id]?.name ?? view.machines[id]?.name ?? id;
}

/** The weapons of a vehicle by slot (0 the main weapon, then the minor ones), as the pack lists them. */
export function vehicleSlots(view: View, machineId: string): { slot: number; name: string }[] {
  const machine = view.machines[machineId];
  const v = view.pack.vehicles.find((x) => x.id === machine?.packId);
  if (!v) return [];
  const ids = [v.mainWeapon ?? null, ...v.minorWeapons];
  return ids.flatMap((id, slot) =>
    id === null ? [] : [{ slot, name: view.pack.weapons.find((w) => w.id === id)?.name ?? id }],
  );
}

/** Characters this seat plays on a side of the fight, fit to drive or shoot. */
function crewOf(view: View, seat: SeatRef, combat: Combat, side: SideId): Character[] {
  return combat.sides[side].members
    .map((id) => view.characters[id])
    .filter((c): c is Character => isSheet(c) && mayAct(seat, c) && condition(c) === 'fit');
}

export function VehiclesInFight({ view, seat, combat }: { view: View; seat: SeatRef; combat: Combat }) {
  const gm = seat.role === 'gm';
  const vehicles = Object.values(combat.combatants).filter((m) => view.machines[m.id]?.kind === 'vehicle');
  const mine = vehicles.filter((m) => gm || playsSide(view, seat, m.side));
  if (!gm && mine.length === 0) return null;
  return (
    <section className="re-vehicles" aria-label="Vehicles in the fight">
      <h4>Vehicles</h4>
      {vehicles.length === 0 ? <p className="re-muted">No vehicle in this fight.</p> : null}
      {mine.map((m) => (
        <VehicleOrders key={m.id} view={view} seat={seat} combat={combat} at={m} />
      ))}
      {gm ? <BringVehicle view={view} combat={combat} /> : null}
    </section>
  );
}

function VehicleOrders({
  view,
  seat,
  combat,
  at,
}: {
  view: View;
  seat: SeatRef;
  combat: Combat;
  at: Combatant;
}) {
  const name = combatantName(view, at.id);
  const crew = crewOf(view, seat, combat, at.side);
  const phase = combat.stage === 'turns' ? combat.phase : null;
  const ours = combat.phasing === at.side;
  const enemies = Object.values(combat.combatants).filter((m) => m.side !== at.side);
  return (
    <fieldset className="re-combatant-actions" aria-label={`Orders for ${name}`}>
      <strong>{name}</strong>{' '}
      <span className="re-muted">
        {at.x === null ? 'unseen' : `at ${at.x}, ${at.y} m`} · {ACTIVITY_WORDS[at.activity ?? 'sitting']}
      </span>
      {phase === 'movement' && ours ? <Drive view={view} seat={seat} at={at} crew={crew} /> : null}
      {(phase === 'directFire' && ours) || (phase === 'returnFire' && !ours) ? (
        <VehicleFire view={view} at={at} crew={crew} enemies={enemies} />
      ) : null}
      {phase === 'directFire' || phase === 'returnFire' ? (
        <Dogfight
          view={view}
          at={at}
          crew={crew}
          enemies={enemies.filter((m) => view.machines[m.id]?.kind === 'vehicle')}
        />
      ) : null}
      {phase !== null ? <PointDefence view={view} at={at} crew={crew} /> : null}
      {phase === 'directFire' && ours ? <Bomb view={view} combat={combat} at={at} crew={crew} /> : null}
      {view.machines[at.id] ? <Riders view={view} seat={seat} m={view.machines[at.id] as Machine} /> : null}
    </fieldset>
  );
}

function Drive({ view, seat, at, crew }: { view: View; seat: SeatRef; at: Combatant; crew: Character[] }) {
  const { run, busy } = useRunner();
  const [x, setX] = useState(String(at.x ?? 0));
  const [y, setY] = useState(String(at.y ?? 0));
  const [activity, setActivity] = useState<string>(at.activity ?? 'cruising');
  const [driver, setDriver] = useState('');
  const gm = seat.role === 'gm';
  const driverId = driver || (gm ? '' : (crew[0]?.id ?? ''));
  return (
    <form
      className="re-inline"
      aria-label={`Drive ${combatantName(view, at.id)}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          {
            type: 'combat.drive',
            machineId: at.id,
            x: Number(x),
            y: Number(y),
            activity,
            ...(driverId ? { driverId } : {}),
          },
          'drive',
        );
      }}
    >
      <Choice
        label="Driver"
        name="driver"
        options={[...(gm ? [{ value: '', label: 'the referee' }] : []), ...byId(crew)]}
        value={driverId}
        onChange={setDriver}
      />
      <NumberField label="to x" name="driveX" value={x} onChange={setX} />
      <NumberField label="y" name="driveY" value={y} onChange={setY} />
      <Choice
        label="doing"
        name="activity"
        options={VEHICLE_ACTIVITIES.map((a) => ({ value: a, label: ACTIVITY_WORDS[a] ?? a }))}
        value={activity}
        onChange={setActivity}
      />
      <button type="submit" disabled={busy || (!gm && !driverId)}>
        Drive
      </button>
    </form>
  );
}

/** A vehicle in the fight that can strike: the crew aboard who may man it and the enemies in the fight. */
interface ArmedVehicleProps {
  view: View;
  at: Combatant;
  crew: Character[];
  enemies: Combatant[];
}

function VehicleFire({ view, at, crew, enemies }: ArmedVehicleProps) {
  const { run, busy } = useRunner();
  const slots = vehicleSlots(view, at.id);
  const [gunner, setGunner] = useState('');
  const [slot, setSlot] = useState('0');
  const [target, setTarget] = useState('');
  const gunnerId = gunner || crew[0]?.id || '';
  const targetId = target || enemies[0]?.id || '';
  const slotNo = slots.some((s) => String(s.slot) === slot) ? Number(slot) : (slots[0]?.slot ?? 0);
  if (slots.length === 0) return <p className="re-muted">No weapons aboard.</p>;
  return (
    <form
      className="re-inline"
      aria-label={`Fire from ${combatantName(view, at.id)}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          { type: 'combat.vehicleFire', machineId: at.id, gunnerId, slot: slotNo, targets: [targetId] },
          'vehicle fire',
        );
      }}
    >
      <Choice label="Gunner" name="gunner" options={byId(crew)} value={gunnerId} onChange={setGunner} />
      <Choice
        label="Weapon"
        name="vehicleWeapon"
        options={slots.map((s) => ({ value: String(s.slot), label: s.name }))}
        value={String(slotNo)}
        onChange={setSlot}
      />
      <Choice
        label="Target"
        name="vehicleTarget"
        options={enemies.map((m) => ({ value: m.id, label: combatantName(view, m.id) }))}
        value={targetId}
        onChange={setTarget}
      />
      <button type="submit" disabled={busy || !gunnerId || !targetId}>
        Fire
      </button>
    </form>
  );
}

function Dogfight({ view, at, crew, enemies }: ArmedVehicleProps) {
  const { run, busy } = useRunner();
  const [pilot, setPilot] = useState('');
  const [target, setTarget] = useState('');
  if (enemies.length === 0) return null;
  const pilotId = pilot || crew[0]?.id || '';
  const targetId = target || enemies[0]?.id || '';
  return (
    <form
      className="re-inline"
      aria-label={`Dogfight from ${combatantName(view, at.id)}`}
      onSubmit={(e) => {
        e.preventDefault();
        run({ type: 'combat.dogfight', machineId: at.id, targetId, pilotId }, 'dogfight');
      }}
    >
      <Choice label="Pilot" name="pilot" options={byId(crew)} value={pilotId} onChange={setPilot} />
      <Choice
        label="against"
        name="dogfightTarget"
        options={enemies.map((m) => ({ value: m.id, label: combatantName(view, m.id) }))}
        value={targetId}
        onChange={setTarget}
      />
      <button type="submit" disabled={busy || !pilotId}>
        Dogfight
      </button>
    </form>
  );
}

function PointDefence({ view, at, crew }: { view: View; at: Combatant; crew: Character[] }) {
  const { run, busy } = useRunner();
  const slots = vehicleSlots(view, at.id);
  const [gunner, setGunner] = useState('');
  const [slot, setSlot] = useState('0');
  const [attacks, setAttacks] = useState('1');
  if (slots.length === 0 || crew.length === 0) return null;
  const gunnerId = gunner || crew[0]?.id || '';
  const slotNo = slots.some((s) => String(s.slot) === slot) ? Number(slot) : (slots[0]?.slot ?? 0);
  return (
    <form
      className="re-inline"
      aria-label={`Point defence of ${combatantName(view, at.id)}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          {
            type: 'combat.pointDefence',
            machineId: at.id,
            gunnerId,
            slot: slotNo,
            attacks: Math.max(1, Math.trunc(Number(attacks))),
          },
          'point defence',
        );
      }}
    >
      <Choice
        label="Point defence: gunner"
        name="pdGunner"
        options={byId(crew)}
        value={gunnerId}
        onChange={setGunner}
      />
      <Choice
        label="with"
        name="pdWeapon"
        options={slots.map((s) => ({ value: String(s.slot), label: s.name }))}
        value={String(slotNo)}
        onChange={setSlot}
      />
      <NumberField label="incoming" name="incoming" min={1} max={20} value={attacks} onChange={setAttacks} />
      <button type="submit" disabled={busy}>
        Shoot them down
      </button>
    </form>
  );
}

/**
 * A bomb from the rack (§7.11): the pilot is the seated driver when there is one; the point is
 * picked on the map or typed; the blast's radius is drawn there and whoever stands in it now is
 * named before the button. Bombs left count down from the pack's load.
 */
function Bomb({ view, combat, at, crew }: { view: View; combat: Combat; at: Combatant; crew: Character[] }) {
  const { run, busy } = useRunner();
  const machine = view.machines[at.id];
  const v = view.pack.vehicles.find((x) => x.id === machine?.packId);
  const name = combatantName(view, at.id);
  const aim = useAim(`bomb:${at.id}`, `the bomb from ${name}`, v?.bombRadius ?? 0, {
    x: at.x ?? 0,
    y: at.y ?? 0,
  });
  const [pilot, setPilot] = useState('');
  if (!machine || !v?.bombRack) return null;
  const left = v.bombLoad - (machine.bombsDropped ?? 0);
  const driver = machine.riders?.find((r) => r.seat === 'driver')?.characterId;
  const pilots = driver ? crew.filter((c) => c.id === driver) : crew;
  const pilotId = pilots.some((c) => c.id === pilot) ? pilot : (pilots[0]?.id ?? '');
  const target = aim.at;
  const riders = new Set((machine.riders ?? []).map((r) => r.characterId));
  const caught = target
    ? Object.values(combat.combatants).filter(
        (m) =>
          m.id !== at.id &&
          !riders.has(m.id) &&
          m.x !== null &&
          m.y !== null &&
          metresBetween({ x: m.x, y: m.y }, target) <= v.bombRadius,
      )
    : [];
  const why =
    left <= 0
      ? `${name} has no bombs left`
      : !pilotId
        ? driver
          ? `only its driver, ${combatantName(view, driver)}, drops its bombs`
          : 'nobody of yours to fly it'
        : !target
          ? 'pick the point'
          : null;
  return (
    <form
      className="re-inline"
      aria-label={`Bomb from ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (why || !target) return;
        run({ type: 'combat.bomb', machineId: at.id, pilotId, x: target.x, y: target.y }, 'bomb');
      }}
    >
      <span data-testid="bombs-left">
        Bombs: {left} of {v.bombLoad} left · blast {v.bombRadius} m, PEN {v.bombPen}
      </span>{' '}
      <Choice label="Pilot" name="bombPilot" options={byId(pilots)} value={pilotId} onChange={setPilot} />
      <AimFields
        aim={aim}
        names={['bombX', 'bombY']}
        labels={['at x', 'y']}
        words={['Aim on the map', 'Done aiming']}
      />{' '}
      <span className="re-muted" data-testid="bomb-caught">
        {target
          ? caught.length > 0
            ? `In the blast now: ${caught.map((m) => combatantName(view, m.id)).join(', ')}.`
            : 'Nobody in the blast now.'
          : ''}
      </span>{' '}
      <button type="submit" disabled={busy || why !== null}>
        Drop a bomb
      </button>
      {why && target ? (
        <span className="re-muted" data-testid="bomb-refusal">
          {' '}
          {why}.
        </span>
      ) : null}
    </form>
  );
}

/** The referee's: a vehicle from the pack into play, and a vehicle in play into the fight. */
function BringVehicle({ view, combat }: { view: View; combat: Combat }) {
  const { run, busy } = useRunner();
  const [packId, setPackId] = useState(view.pack.vehicles[0]?.id ?? '');
  const idle = Object.values(view.machines).filter(
    (m) => m.kind === 'vehicle' && !m.destroyed && !combat.combatants[m.id],
  );
  return (
    <div className="re-owed">
      {view.pack.vehicles.length > 0 ? (
        <form
          className="re-inline"
          aria-label="Bring a vehicle into play"
          onSubmit={(e) => {
            e.preventDefault();
            if (packId) run({ type: 'machine.add', kind: 'vehicle', packId }, 'vehicle');
          }}
        >
          <Choice
            label="Vehicle"
            name="packVehicle"
            options={byId(view.pack.vehicles)}
            value={packId}
            onChange={setPackId}
          />
          <button type="submit" disabled={busy}>
            Bring into play
          </button>
        </form>
      ) : null}
      {idle.map((m) => (
        <JoinFight key={m.id} combat={combat} m={m} />
      ))}
    </div>
  );
}

/**
 * The referee's: a vehicle or robot in play brought into the running fight on a side, at a point
 * typed or picked on the fight map; a vehicle also says what it is doing (its to-hit DM).
 */
export function JoinFight({ combat, m }: { combat: Combat; m: Machine }) {
  const { run, busy } = useRunner();
  const [side, setSide] = useState<string>('a');
  const [activity, setActivity] = useState<string>(VEHICLE_ACTIVITIES[0]);
  const aim = useAim(`join:${m.id}`, `where ${m.name} comes in`, 1, { x: 0, y: 0 });
  const ready = aim.at !== null;
  return (
    <form
      className="re-inline"
      aria-label={`${m.name} joins the fight`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!aim.at) return;
        const where = { machineId: m.id, side, x: aim.at.x, y: aim.at.y };
        run(
          m.kind === 'robot'
            ? { type: 'combat.robot', ...where }
            : { type: 'combat.vehicle', ...where, activity },
          `${m.name} joins`,
        );
      }}
    >
      {m.name}{' '}
      <Choice
        label="side"
        name="side"
        options={(['a', 'b'] as const).map((s) => ({ value: s, label: combat.sides[s].name }))}
        value={side}
        onChange={setSide}
      />
      <AimFields aim={aim} names={['x', 'y']} />
      {m.kind === 'vehicle' ? (
        <Choice
          label="doing"
          name="activity"
          options={named([...VEHICLE_ACTIVITIES])}
          value={activity}
          onChange={setActivity}
        />
      ) : null}
      <button type="submit" disabled={busy || !ready}>
        Join the fight
      </button>
    </form>
  );
}
