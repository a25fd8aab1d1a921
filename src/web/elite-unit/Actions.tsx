import { useMemo, useState } from 'react';
import { RISKY_ACTIONS, type RiskyAction } from '../../rules/elite-unit/rules/vehicles.ts';
import type { Character } from '../../rules/elite-unit/state.ts';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { NamedSelect } from '../components/NamedSelect.tsx';
import { answerOne } from '../worker/protocol.ts';
import { type AnswerState, useAnswer } from '../worker/use-answer.ts';
import { AttackChance } from './Attack.tsx';
import { words } from './describe-event.ts';
import { controls, isWhole, roster, type SeatRef, type View } from './model.ts';
import { useOddsAsker } from './odds-context.ts';
import {
  answerOdds,
  type OddsAnswer,
  type OddsQuestion,
  type RamCommand,
  type RiskyCommand,
} from './odds-question.ts';
import { useRunner } from './runner.tsx';
import { vehiclesOf } from './Vehicles.tsx';

/**
 * The actions besides an attack: spells and NE stores (magic), first aid, anything else said in
 * words, and vehicles (risky manoeuvres, rams; a crash is the GM's). The rules check each one and
 * their refusal is shown as a sentence; nothing is decided here.
 */

function living(view: View): Character[] {
  return roster(view)
    .filter(isWhole)
    .filter((c) => c.dead === null);
}

export function MoreActions({ view, seat }: { view: View; seat: SeatRef }) {
  const mine = living(view).filter((c) => controls(seat, c));
  const preferred = view.move?.kind === 'act' ? view.move.characterId : '';
  const [chosen, setChosen] = useState('');
  const c = mine.find((x) => x.id === chosen) ?? mine.find((x) => x.id === preferred) ?? mine[0];
  if (!c || seat.role === 'spectator') return null;
  return (
    <details className="eu-card" aria-label="More actions">
      <summary>More actions: magic, first aid, vehicles</summary>
      {mine.length > 1 ? (
        <NamedSelect
          label="For"
          ariaLabel="Acting character"
          items={mine}
          value={c.id}
          onChange={setChosen}
        />
      ) : null}
      <Magic view={view} c={c} />
      <FirstAid view={view} c={c} />
      <Act c={c} />
      <Vehicles view={view} c={c} seat={seat} />
    </details>
  );
}

function Magic({ view, c }: { view: View; c: Character }) {
  const r = useRunner();
  const [spell, setSpell] = useState('');
  const [target, setTarget] = useState('');
  const [distance, setDistance] = useState('');
  const [store, setStore] = useState('0');
  const [amount, setAmount] = useState('');
  if (c.spells.length === 0 && c.neStores.length === 0) return null;
  const spellId = c.spells.includes(spell) ? spell : (c.spells[0] ?? '');
  const others = roster(view).filter((x) => (isWhole(x) ? x.dead === null : !x.dead));
  return (
    <section>
      <h4>Magic (NE {c.ne})</h4>
      {c.spells.length > 0 ? (
        <form
          className="eu-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            void r.run({
              type: 'cast',
              id: c.id,
              spell: spellId,
              targets: target ? [{ id: target, distance: Number(distance) || 0 }] : [],
            });
          }}
        >
          <label>
            Spell{' '}
            <select aria-label="Spell" value={spellId} onChange={(ev) => setSpell(ev.target.value)}>
              {c.spells.map((s) => {
                const data = view.pack.spells.find((x) => x.id === s);
                return (
                  <option key={s} value={s}>
                    {data
                      ? `${data.name} (${words(data.effect)}, costs ${data.cost} NE, ${data.range} m)`
                      : s}
                  </option>
                );
              })}
            </select>
          </label>
          <NamedSelect
            label="On"
            ariaLabel="On"
            items={others}
            value={target}
            onChange={setTarget}
            none="nobody / self"
          />
          <label>
            Metres{' '}
            <input
              type="number"
              min={0}
              step="any"
              value={distance}
              onChange={(ev) => setDistance(ev.target.value)}
            />
          </label>
          <button type="submit" disabled={r.busy}>
            Cast
          </button>
        </form>
      ) : null}
      {c.neStores.length > 0 ? (
        <form
          className="eu-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            const n = Math.floor(Number(amount));
            if (n > 0) void r.run({ type: 'tap', id: c.id, store: Number(store), amount: n });
          }}
        >
          <label>
            Draw NE from{' '}
            <select value={store} onChange={(ev) => setStore(ev.target.value)}>
              {c.neStores.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the store's index is what the command names
                <option key={i} value={String(i)}>
                  {view.pack.accessories.find((a) => a.id === s.item)?.name ?? s.item} ({s.ne} left)
                </option>
              ))}
            </select>
          </label>
          <label>
            Amount{' '}
            <input type="number" min={1} value={amount} onChange={(ev) => setAmount(ev.target.value)} />
          </label>
          <button type="submit" disabled={r.busy}>
            Draw
          </button>
        </form>
      ) : null}
    </section>
  );
}

function FirstAid({ view, c }: { view: View; c: Character }) {
  const r = useRunner();
  const kits = view.pack.accessories.filter((a) => a.kind === 'firstAid' && c.gear.includes(a.id));
  const [patient, setPatient] = useState('');
  if (kits.length === 0) return null;
  const patients = living(view);
  const who = patients.find((x) => x.id === patient) ?? patients[0];
  return (
    <section>
      <h4>First aid</h4>
      <div className="eu-form">
        <label>
          Patient{' '}
          <select value={who?.id ?? ''} onChange={(ev) => setPatient(ev.target.value)}>
            {patients.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({x.stamina}/{x.staminaMax})
              </option>
            ))}
          </select>
        </label>
        {kits.map((k) => (
          <button
            key={k.id}
            type="button"
            disabled={r.busy || !who}
            onClick={() => who && void r.run({ type: 'firstAid', id: c.id, patientId: who.id, kit: k.id })}
          >
            Use the {k.name}
          </button>
        ))}
      </div>
    </section>
  );
}

function Act({ c }: { c: Character }) {
  const r = useRunner();
  const [text, setText] = useState('');
  return (
    <section>
      <h4>Anything else</h4>
      <form
        className="eu-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (text.trim())
            void r.run({ type: 'act', id: c.id, text: text.trim() }).then(clearIfUnchanged(setText, text));
        }}
      >
        <label>
          {c.name} does{' '}
          <input
            value={text}
            maxLength={500}
            onChange={(ev) => setText(ev.target.value)}
            placeholder="runs to the door"
          />
        </label>
        <button type="submit" disabled={r.busy}>
          Spend an action
        </button>
      </form>
    </section>
  );
}

/**
 * The vehicles a driver may name: the one in the scene he drives (its own controls count), then
 * the pack's (driven with the controls picked here).
 */
function drivable(view: View, driverId: string): { id: string; label: string; scene: boolean }[] {
  return [
    ...vehiclesOf(view)
      .filter((v) => v.driverId === driverId)
      .map((v) => ({ id: v.id, label: `${v.name} (in the scene)`, scene: true })),
    ...view.pack.vehicles.map((x) => ({
      id: x.id,
      label: `${x.name} (handling ${x.handling}, ${words(x.controls)})`,
      scene: false,
    })),
  ];
}

/** A risky action's rows on a stationary object (§13.6): the speed given makes the save the impact. */
const OBJECT_RAMS: readonly RiskyAction[] = ['ramNarrowObject', 'ramWideObject', 'ramVeryWideObject'];

/** A speed field's whole kph, or null while it holds none (empty, or not a whole number). */
function speed(text: string): number | null {
  return text !== '' && Number.isInteger(Number(text)) ? Number(text) : null;
}

function Vehicles({ view, c, seat }: { view: View; c: Character; seat: SeatRef }) {
  const r = useRunner();
  const gm = seat.role === 'gm';
  const [vehicle, setVehicle] = useState('');
  const [controlsKind, setControls] = useState<'manual' | 'port'>('manual');
  const [action, setAction] = useState<RiskyAction>('sharpTurn');
  const [impactKph, setImpactKph] = useState('');
  const [kph, setKph] = useState('');
  const [target, setTarget] = useState('');
  const vehicles = drivable(view, c.id);
  const v = vehicles.find((x) => x.id === vehicle) ?? vehicles[0];
  // A scene vehicle is driven with its own controls; the rules take them from it.
  // Memoised on the vehicle's id, not on `v`: `drivable` makes new objects at every render, and a
  // question that changed identity at every render would be asked again for ever.
  const vehicleId = v?.id;
  const scene = v?.scene ?? false;
  const how = useMemo(() => (scene ? {} : { controls: controlsKind }), [scene, controlsKind]);
  const ramsObject = OBJECT_RAMS.includes(action);
  const risky = useMemo(
    (): RiskyCommand | null =>
      vehicleId === undefined
        ? null
        : {
            type: 'vehicle.risky',
            driverId: c.id,
            vehicle: vehicleId,
            ...how,
            action,
            ...(ramsObject && speed(impactKph) !== null ? { kph: speed(impactKph) as number } : {}),
          },
    [vehicleId, c.id, how, action, ramsObject, impactKph],
  );
  const ram = useMemo(
    (): RamCommand | null =>
      vehicleId === undefined || target === '' || speed(kph) === null
        ? null
        : {
            type: 'vehicle.ram',
            driverId: c.id,
            vehicle: vehicleId,
            ...how,
            kph: speed(kph) as number,
            targetId: target,
            situation: {},
          },
    [vehicleId, c.id, how, kph, target],
  );
  // The chances, from the ruleset's own odds; what the rules refuse shows their refusal instead.
  // A risky action's is one decide, counted here. A ram runs every face of its d20 through decide,
  // as an attack does, so it is counted off the page's thread by the table's worker, in a lane of
  // its own (asker.ts) so that it never cuts off the attack form's question.
  const actor = useMemo(() => ({ seatId: seat.seatId, role: seat.role }), [seat.seatId, seat.role]);
  const riskyChance = useMemo(
    (): AnswerState<OddsAnswer> =>
      risky
        ? { kind: 'done', result: answerOne(answerOdds, { kind: 'risky', view, command: risky, actor }) }
        : { kind: 'none' },
    [risky, view, actor],
  );
  const ramQuestion = useMemo(
    (): OddsQuestion | null => (ram ? { kind: 'attack', view, command: ram, actor } : null),
    [ram, view, actor],
  );
  const ramChance = useAnswer(useOddsAsker(), ramQuestion, 'ram');
  if (!v || !risky) return null;
  const others = [
    ...living(view).filter((x) => x.id !== c.id),
    ...vehiclesOf(view).filter((x) => x.id !== v.id),
  ];
  return (
    <section>
      <h4>Vehicles</h4>
      <div className="eu-form">
        <label>
          Vehicle{' '}
          <select value={v.id} onChange={(ev) => setVehicle(ev.target.value)}>
            {vehicles.map((x) => (
              <option key={x.id} value={x.id}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        {v.scene ? null : (
          <label>
            Controls{' '}
            <select value={controlsKind} onChange={(ev) => setControls(ev.target.value as 'manual' | 'port')}>
              <option value="manual">by hand</option>
              <option value="port">through the Control Port</option>
            </select>
          </label>
        )}
      </div>
      <div className="eu-form">
        <label>
          Risky manoeuvre{' '}
          <select value={action} onChange={(ev) => setAction(ev.target.value as RiskyAction)}>
            {RISKY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {words(a)}
              </option>
            ))}
          </select>
        </label>
        {ramsObject ? (
          <SpeedField
            label="impact at kph"
            name="Impact speed in kph"
            value={impactKph}
            onChange={setImpactKph}
            describedBy="eu-impact-help"
          />
        ) : null}
        <button type="button" disabled={r.busy || refused(riskyChance)} onClick={() => void r.run(risky)}>
          Try it
        </button>
        {ramsObject ? (
          <span id="eu-impact-help" className="eu-muted">
            With a speed, a save that holds is the impact: crash dice to the object and the vehicle.
          </span>
        ) : null}
        <div className="eu-odds" data-testid="risky-odds" aria-live="polite">
          <AttackChance odds={riskyChance} none="" />
        </div>
      </div>
      <div className="eu-form">
        <NamedSelect
          label="Ram"
          ariaLabel="Whom to ram"
          items={others}
          value={target}
          onChange={setTarget}
          none="whom?"
        />
        <SpeedField label="at kph" name="Ram speed in kph" value={kph} onChange={setKph} />
        <button
          type="button"
          disabled={r.busy || ram === null || refused(ramChance)}
          onClick={() => ram && void r.run(ram)}
        >
          Ram
        </button>
        {gm ? (
          <button
            type="button"
            disabled={r.busy || speed(kph) === null}
            onClick={() =>
              void r.run({
                type: 'vehicle.crash',
                vehicle: v.id,
                kph: speed(kph) as number,
                occupants: [{ id: c.id, seated: true }],
              })
            }
          >
            Crash it at that speed ({c.name} aboard)
          </button>
        ) : null}
        <div className="eu-odds" data-testid="ram-odds" aria-live="polite">
          <AttackChance odds={ramChance} none="Pick whom to ram and the speed to see the chance." />
        </div>
      </div>
      <Contest view={view} c={c} gm={gm} vehicle={v.id} how={how} />
    </section>
  );
}

/** A speed in kph, typed as whole numbers (`speed` reads it). */
function SpeedField({
  label,
  name,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
}) {
  return (
    <label>
      {label}{' '}
      <input
        type="number"
        min={0}
        aria-label={name}
        aria-describedby={describedBy}
        value={value}
        onChange={(ev) => onChange(ev.target.value)}
      />
    </label>
  );
}

/** The rules refuse the command whose chance this is: its button waits, as the attack form's does. */
function refused(odds: AnswerState<OddsAnswer>): boolean {
  return odds.kind === 'done' && !odds.result.ok;
}

/**
 * Competitive piloting (§13.8): this driver against a rival, each d20 + modified Reactions (the
 * GM may add situational modifiers); the rival's die comes from the table's dice.
 */
export function Contest({
  view,
  c,
  gm,
  vehicle,
  how,
}: {
  view: View;
  c: Character;
  gm: boolean;
  vehicle: string;
  how: { controls?: 'manual' | 'port' };
}) {
  const r = useRunner();
  const [purpose, setPurpose] = useState('');
  const [rivalId, setRivalId] = useState('');
  const [rivalVehicle, setRivalVehicle] = useState('');
  const [rivalControls, setRivalControls] = useState<'manual' | 'port'>('manual');
  const [modifier, setModifier] = useState('');
  const [rivalModifier, setRivalModifier] = useState('');
  const rivals = roster(view).filter((x) => x.id !== c.id && (isWhole(x) ? x.dead === null : !x.dead));
  const rival = rivals.find((x) => x.id === rivalId) ?? rivals[0];
  if (!rival) return null;
  const theirs = drivable(view, rival.id);
  const rv = theirs.find((x) => x.id === rivalVehicle) ?? theirs[0];
  if (!rv) return null;
  const n = (text: string) => (text !== '' && Number.isInteger(Number(text)) ? Number(text) : 0);
  return (
    <form
      className="eu-form"
      aria-label="Competitive piloting"
      onSubmit={(ev) => {
        ev.preventDefault();
        void r
          .run({
            type: 'vehicle.contest',
            purpose: purpose.trim() || 'a race',
            driverId: c.id,
            vehicle,
            ...how,
            rivalId: rival.id,
            rivalVehicle: rv.id,
            ...(rv.scene ? {} : { rivalControls }),
            ...(gm && n(modifier) !== 0 ? { modifier: n(modifier) } : {}),
            ...(gm && n(rivalModifier) !== 0 ? { rivalModifier: n(rivalModifier) } : {}),
          })
          .then(clearIfUnchanged(setPurpose, purpose));
      }}
    >
      <NamedSelect
        label="Outdrive"
        ariaLabel="Rival driver"
        items={rivals}
        value={rival.id}
        onChange={setRivalId}
      />
      <label>
        in{' '}
        <select
          aria-label="Rival's vehicle"
          value={rv.id}
          onChange={(ev) => setRivalVehicle(ev.target.value)}
        >
          {theirs.map((x) => (
            <option key={x.id} value={x.id}>
              {x.label}
            </option>
          ))}
        </select>
      </label>
      {rv.scene ? null : (
        <select
          aria-label="Rival's controls"
          value={rivalControls}
          onChange={(ev) => setRivalControls(ev.target.value as 'manual' | 'port')}
        >
          <option value="manual">by hand</option>
          <option value="port">through a Control Port</option>
        </select>
      )}
      <label>
        For what{' '}
        <input
          aria-label="What the drivers compete for"
          value={purpose}
          maxLength={80}
          placeholder="a race"
          onChange={(ev) => setPurpose(ev.target.value)}
        />
      </label>
      {gm ? (
        <>
          <label>
            Modifier{' '}
            <input
              type="number"
              aria-label="Modifier for the driver"
              value={modifier}
              onChange={(ev) => setModifier(ev.target.value)}
            />
          </label>
          <label>
            Rival's modifier{' '}
            <input
              type="number"
              aria-label="Modifier for the rival"
              value={rivalModifier}
              onChange={(ev) => setRivalModifier(ev.target.value)}
            />
          </label>
        </>
      ) : null}
      <button type="submit" disabled={r.busy}>
        Compete (d20 + modified Reactions each)
      </button>
    </form>
  );
}
