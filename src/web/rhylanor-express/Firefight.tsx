import { useState } from 'react';
import { isRuleError } from '../../engine/rule-error.ts';
import { type Character, condition, currentEnd } from '../../rules/rhylanor-express/character.ts';
import { coverOf } from '../../rules/rhylanor-express/combat.ts';
import type { Weapon } from '../../rules/rhylanor-express/data/pack-schema.ts';
import { MOVEMENT_OPTIONS, type MovementOption } from '../../rules/rhylanor-express/data/tables.ts';
import { robotAllowance } from '../../rules/rhylanor-express/robots.ts';
import type { RhylanorCommand, RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import type { Combat, Combatant, SideId } from '../../rules/rhylanor-express/state.ts';
import { rollBreakdown } from './describe-event.ts';
import { Choice, NumberField } from './Fields.tsx';
import { FightCalls } from './FightCalls.tsx';
import { FightMap, type MovePlan, type RidersOnMap } from './FightMap.tsx';
import type { Spot } from './fight-map.ts';
import { AimFields, AimProvider, useAim } from './map-aim.tsx';
import { isSheet, mayAct, type SeatRef, sheets, signed, type View } from './model.ts';
import { chanceText, previewCommand, previewTask } from './preview.ts';
import { riderPlace } from './Riders.tsx';
import { RobotsToJoin, robotsOnSide } from './Robots.tsx';
import { useRunner } from './runner.tsx';
import { combatantName, VehiclesInFight } from './Vehicles.tsx';
import { actingFireteam, playsSide, poolSidesWaiting } from './your-move.ts';

/**
 * Personal combat (§7): the turn, phase and order; each side's pool and morale; every combatant
 * with position, movement option, cover, wounds and ammunition; the acting seat's moves, shots
 * (targets with range band and the rules' chance) and melee; pool points on an open roll. The
 * referee starts the fight from the sheets at the table (NPCs added from the pack's templates),
 * steps the phases and may override.
 */

const PHASE_WORDS: Record<string, string> = {
  movement: 'movement',
  directFire: 'direct fire',
  returnFire: 'return fire',
  melee: 'melee',
  morale: 'morale',
  command: 'command',
};

function distance(a: Combatant, b: Combatant): number | null {
  if (a.x === null || b.x === null || a.y === null || b.y === null) return null;
  return Math.round(Math.hypot(a.x - b.x, a.y - b.y) * 10) / 10;
}

export function Firefight({ view, seat }: { view: View; seat: SeatRef }) {
  const combat = view.combat;
  if (!combat) {
    return seat.role === 'gm' ? (
      <StartFight view={view} />
    ) : (
      <section className="re-card" aria-label="Firefight">
        <h3>Firefight</h3>
        <p className="re-muted">No fight under way.</p>
      </section>
    );
  }
  return <FightUnderWay view={view} seat={seat} combat={combat} />;
}

/** What a seat has chosen for a combatant it plays: movement option, planned spot, weapon. */
export interface Orders {
  readonly option: MovementOption;
  readonly to: Spot | null;
  readonly weapon: number;
}

const NO_ORDERS: Orders = { option: 'stand', to: null, weapon: 0 };

/**
 * Who this seat may order now, outside a pool window: its fit members of the acting side (`men`,
 * who also make the fight's rarer calls) and, for the referee, that side's robots (`robots`).
 */
function orderable(view: View, seat: SeatRef, combat: Combat): { men: Character[]; robots: Character[] } {
  const acting = actingFireteam(view);
  if (combat.stage !== 'turns' || !acting || view.window || !playsSide(view, seat, acting))
    return { men: [], robots: [] };
  return {
    men: combat.sides[acting].members
      .map((id) => view.characters[id])
      .filter((c): c is Character => isSheet(c) && mayAct(seat, c) && condition(c) === 'fit'),
    robots: robotsOnSide(view, seat, combat, acting),
  };
}

function FightUnderWay({ view, seat, combat }: { view: View; seat: SeatRef; combat: Combat }) {
  const [chosenId, setChosen] = useState<string | null>(null);
  const [orders, setOrders] = useState<Readonly<Record<string, Orders>>>({});
  const { men: members, robots } = orderable(view, seat, combat);
  // A robot acts through the man's forms, its sheet made by the rules (robotsOnSide).
  const actors = [...members, ...robots];
  const own = sheets(view).filter((c) => mayAct(seat, c) && combat.combatants[c.id]);
  const chosen = chosenId ?? actors[0]?.id ?? own[0]?.id ?? null;
  const chosenSheet = actors.find((c) => c.id === chosen) ?? (chosen ? view.characters[chosen] : undefined);
  const ordersOf = (id: string): Orders => orders[id] ?? NO_ORDERS;
  const setOrdersOf = (id: string, o: Partial<Orders>) =>
    setOrders((all) => ({ ...all, [id]: { ...(all[id] ?? NO_ORDERS), ...o } }));
  const chosenOrders = chosen ? ordersOf(chosen) : NO_ORDERS;
  const chosenAt = chosen ? combat.combatants[chosen] : undefined;
  const moving = combat.phase === 'movement' && actors.some((c) => c.id === chosen);
  const plan: MovePlan | null =
    moving && chosen && chosenAt && chosenAt.x !== null
      ? {
          id: chosen,
          option: chosenOrders.option,
          to: chosenOrders.to ?? { x: chosenAt.x, y: chosenAt.y },
          // A robot's reach is its own (its pack movement, halved or nil by damage).
          ...(view.machines[chosen]?.kind === 'robot'
            ? {
                metres: moveOptions(view, chosen).find((o) => o.value === chosenOrders.option)?.metres ?? 0,
              }
            : {}),
        }
      : null;
  const weapon = isSheet(chosenSheet) ? rangedWeapons(view, chosenSheet) : [];
  const weaponData = weapon.find((r) => r.i === chosenOrders.weapon)?.data ?? weapon[0]?.data ?? null;
  const [selectedCover, setSelectedCover] = useState<number | null>(null);
  const riders: RidersOnMap = Object.fromEntries(
    Object.values(view.machines)
      .filter((m) => combat.combatants[m.id] && (m.riders ?? []).length > 0)
      .map((m) => [m.id, (m.riders ?? []).map((r) => ({ id: r.characterId, seat: r.seat }))]),
  );
  const referee = seat.role === 'gm';
  return (
    <AimProvider>
      {(aim, aimAt) => (
        <section className="re-card re-fight" aria-label="Firefight">
          <h3>
            Firefight{' '}
            <span className="re-muted" data-testid="fight-phase">
              {combat.stage === 'turns'
                ? `· turn ${combat.turn}, ${combat.sides[combat.phasing].name}: ${PHASE_WORDS[combat.phase]}`
                : combat.stage === 'spotting'
                  ? '· spotting'
                  : '· deciding the order'}
            </span>
          </h3>
          <div className="re-sides">
            {(['a', 'b'] as const).map((s) => {
              const side = combat.sides[s];
              return (
                <div key={s} className={`re-side re-side-${s}`}>
                  <strong>{side.name}</strong>
                  {combat.intruder === s ? ' (Intruder)' : combat.intruder ? ' (Native)' : ''} · pool{' '}
                  {side.pool} · morale {side.morale}
                  {side.moraleChecking ? ', checking' : ''}
                </div>
              );
            })}
          </div>
          <table className="re-combatants">
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Where (m)</th>
                <th scope="col">Move</th>
                <th scope="col">Cover</th>
                <th scope="col">State</th>
                <th scope="col">Ammo</th>
              </tr>
            </thead>
            <tbody>
              {Object.values(combat.combatants).map((m) => {
                const c = view.characters[m.id];
                const sheet = isSheet(c) ? c : null;
                const machine = view.machines[m.id];
                const cover = coverOf(combat, m);
                return (
                  <tr key={m.id} className={`re-side-${m.side}`} data-combatant={m.id}>
                    <th scope="row">{combatantName(view, m.id)}</th>
                    <td>{m.x === null ? 'unseen' : `${m.x}, ${m.y}`}</td>
                    <td>{machine ? (m.activity ?? '—') : (m.option ?? '—')}</td>
                    <td>
                      {cover.fullCover ? 'full' : cover.cover > 0 ? `−${cover.cover}` : '—'}
                      {m.concealed ? ', concealed' : ''}
                    </td>
                    <td>
                      {sheet
                        ? `${condition(sheet)}, End ${currentEnd(sheet)}${sheet.wounds.length > 0 ? `, ${sheet.wounds.map((w) => w.level).join(', ')}` : ''}`
                        : machine
                          ? machine.destroyed
                            ? 'destroyed'
                            : machine.damage.length > 0
                              ? machine.damage.join(', ')
                              : 'undamaged'
                          : '?'}
                    </td>
                    <td>
                      {sheet
                        ? sheet.weapons
                            .filter((w) => w.loaded > 0 || w.spare > 0)
                            .map((w) => `${w.loaded}+${w.spare}`)
                            .join(' ')
                        : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <FightMap
            combat={combat}
            names={(id) => combatantName(view, id)}
            chosen={chosen}
            weapon={weaponData}
            plan={plan}
            onPlan={(to) => chosen && setOrdersOf(chosen, { to })}
            onChoose={setChosen}
            aim={aim}
            onAim={aimAt}
            riders={riders}
            {...(referee ? { onCover: setSelectedCover, selectedCover } : {})}
          />
          <CoverList combat={combat} referee={referee} selected={selectedCover} onSelect={setSelectedCover} />
          {view.window ? <PoolWindow view={view} seat={seat} /> : null}
          {actors.length > 0 ? (
            <div className="re-fight-actions">
              {actors.map((c) => (
                <CombatantActions
                  key={c.id}
                  view={view}
                  seat={seat}
                  c={c}
                  orders={ordersOf(c.id)}
                  onOrders={(o) => setOrdersOf(c.id, o)}
                  onChoose={() => setChosen(c.id)}
                  chosen={c.id === chosen}
                />
              ))}
            </div>
          ) : null}
          {seat.role !== 'spectator' ? (
            <FightCalls view={view} seat={seat} combat={combat} members={members} />
          ) : null}
          <VehiclesInFight view={view} seat={seat} combat={combat} />
          {referee ? <RobotsToJoin view={view} combat={combat} /> : null}
          {seat.role === 'gm' ? <PlaceCombatant view={view} combat={combat} /> : null}
          {seat.role !== 'spectator' ? <StepControls view={view} seat={seat} /> : null}
        </section>
      )}
    </AimProvider>
  );
}

function PoolWindow({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const w = view.window;
  if (!w) return null;
  const waiting = poolSidesWaiting(view);
  const mySides = (['a', 'b'] as const).filter((s) => playsSide(view, seat, s) || seat.role === 'gm');
  return (
    <fieldset className="re-note" aria-label="Roll waiting for pool points">
      <p>A roll waits for tactics-pool points:</p>
      <ol>
        {w.rolls.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the window's rolls by position
          <li key={i}>
            {r.purpose}: {rollBreakdown(r)}
            {mySides
              .filter((s) => waiting.includes(s))
              .map((s) => (
                <span key={s}>
                  {' '}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => run({ type: 'pool.spend', side: s, delta: 1, rollIndex: i })}
                  >
                    {view.combat?.sides[s].name}: +1
                  </button>{' '}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => run({ type: 'pool.spend', side: s, delta: -1, rollIndex: i })}
                  >
                    {view.combat?.sides[s].name}: −1
                  </button>
                </span>
              ))}
          </li>
        ))}
      </ol>
      {mySides
        .filter((s) => waiting.includes(s))
        .map((s) => (
          <button key={s} type="button" disabled={busy} onClick={() => run({ type: 'pool.pass', side: s })}>
            {view.combat?.sides[s].name} passes
          </button>
        ))}
      {seat.role === 'gm' ? (
        <button type="button" disabled={busy} onClick={() => run({ type: 'window.close' })}>
          Close the roll as it stands
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * The movement options offered (§7.5): a man's four; a robot's, as far as its pack movement and its
 * damage allow (`robotAllowance`; an option its locomotion forbids stays, the refusal then in words).
 */
function moveOptions(
  view: View,
  id: string,
): { value: MovementOption; label: string; metres: number | null }[] {
  const robot = view.machines[id];
  const options = Object.keys(MOVEMENT_OPTIONS) as MovementOption[];
  return options.flatMap((o): { value: MovementOption; label: string; metres: number | null }[] => {
    let metres: number = MOVEMENT_OPTIONS[o].metres;
    if (robot?.kind === 'robot') {
      try {
        metres = robotAllowance(view as unknown as RhylanorState, robot, o);
      } catch (e) {
        if (isRuleError(e) && e.code === 'OPTION_NOT_ALLOWED') return [];
        return [{ value: o, label: `${o} (${isRuleError(e) ? e.message : 'not now'})`, metres: null }];
      }
    }
    const snap = MOVEMENT_OPTIONS[o].snapDm;
    const label =
      o === 'stand'
        ? 'stand (aimed fire, return fire)'
        : `${o} (${metres} m${snap ? `, snap fire −${-snap}` : ''})`;
    return [{ value: o, label, metres }];
  });
}

/** The rules' refusals of a rider's own shot (combat.ts `requireRiderFire`, and his move while aboard). */
const RIDER_REFUSALS: ReadonlySet<string> = new Set(['RIDING', 'NO_FIRING_PORT', 'DRIVER_BUSY']);

/** The ranged weapons a character carries, with their index on his sheet. */
function rangedWeapons(view: View, c: Character) {
  return c.weapons
    .map((w, i) => ({ w, i, data: view.pack.weapons.find((x) => x.id === w.weaponId) }))
    .filter((x): x is typeof x & { data: Weapon } => x.data !== undefined);
}

function CombatantActions({
  view,
  seat,
  c,
  orders,
  onOrders,
  onChoose,
  chosen,
}: {
  view: View;
  seat: SeatRef;
  c: Character;
  orders: Orders;
  onOrders: (o: Partial<Orders>) => void;
  onChoose: () => void;
  chosen: boolean;
}) {
  const { run, busy } = useRunner();
  const combat = view.combat;
  const me = combat?.combatants[c.id];
  const [target, setTarget] = useState('');
  if (!combat || !me) return null;
  const { option, weapon } = orders;
  const x = String(orders.to?.x ?? me.x ?? 0);
  const y = String(orders.to?.y ?? me.y ?? 0);
  const setOption = (v: string) => onOrders({ option: v as MovementOption });
  const setWeapon = (i: number) => onOrders({ weapon: i });
  const setX = (v: string) => onOrders({ to: { x: Number(v), y: Number(y) } });
  const setY = (v: string) => onOrders({ to: { x: Number(x), y: Number(v) } });
  const enemies = Object.values(combat.combatants).filter((m) => m.side !== me.side);
  const phase = combat.phase;
  const ranged = rangedWeapons(view, c);
  const chosenTarget = enemies.find((e) => e.id === target) ?? enemies[0];
  const fire: RhylanorCommand | null =
    chosenTarget && ranged.length > 0
      ? ({
          type: 'combat.fire',
          characterId: c.id,
          weaponIndex: ranged.find((r) => r.i === weapon)?.i ?? ranged[0]?.i ?? 0,
          targets: [chosenTarget.id],
        } as RhylanorCommand)
      : null;
  const firePreview =
    fire && (phase === 'directFire' || phase === 'returnFire') ? previewTask(view, seat, fire) : null;
  const weaponData = ranged.find((r) => r.i === weapon)?.data ?? ranged[0]?.data;
  const riding = Object.values(view.machines).find((m) => m.riders?.some((r) => r.characterId === c.id));
  const robot = view.machines[c.id]?.kind === 'robot';
  const move = {
    type: 'combat.move',
    characterId: c.id,
    option,
    x: Number(x),
    y: Number(y),
  } as RhylanorCommand;
  // What the rules would refuse, said before the button (a robot that cannot move or act, a rider).
  const movePreview = phase === 'movement' ? previewCommand(view, seat, move) : null;
  // A rider's own shot the rules refuse (no port, the driver) keeps its button shut.
  const riderRefusal =
    riding && firePreview && !firePreview.ok && RIDER_REFUSALS.has(firePreview.code) ? firePreview : null;
  // A preview that broke on the seat's partial view is no refusal of the rules: nothing said then.
  const moveRefusal =
    movePreview && !movePreview.ok && movePreview.code !== 'PREVIEW_FAILED' ? movePreview.message : null;
  return (
    <fieldset className="re-combatant-actions" aria-label={`Actions of ${c.name}`}>
      <strong>{c.name}</strong>{' '}
      <button type="button" className="re-small" aria-pressed={chosen} onClick={onChoose}>
        {chosen ? 'On the map' : 'Show on the map'}
      </button>
      {phase === 'movement' && riding ? (
        // A rider moves with his vehicle (the rules refuse his own move: RIDING); getting out is
        // his move, its spot picked under the vehicle's riders.
        <p
          className="re-muted"
          data-testid="riding"
          data-code={movePreview?.ok ? undefined : movePreview?.code}
        >
          Rides in {riding.name}: he goes where it drives, or gets out as his move (pick the spot with “Get{' '}
          {c.name} out” under its riders).
        </p>
      ) : null}
      {phase === 'movement' && !riding ? (
        <form
          className="re-inline"
          onSubmit={(e) => {
            e.preventDefault();
            run(move, `${c.name} moves`);
          }}
        >
          <label>
            Option{' '}
            <select name="option" value={option} onChange={(e) => setOption(e.target.value)}>
              {moveOptions(view, c.id).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>{' '}
          <NumberField label="x" name="x" value={x} onChange={setX} />{' '}
          <NumberField label="y" name="y" value={y} onChange={setY} />{' '}
          <button type="submit" disabled={busy}>
            Move
          </button>
          {moveRefusal ? (
            <p className="re-muted" data-testid="move-refusal">
              {moveRefusal}
            </p>
          ) : null}
        </form>
      ) : null}
      {(phase === 'directFire' || phase === 'returnFire') && fire ? (
        <form
          className="re-inline"
          aria-label={riding ? `${c.name} fires from ${riding.name}` : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            if (riderRefusal) return;
            run(fire, `${c.name} fires`);
          }}
        >
          {riding ? (
            <p className="re-rider-fire" data-testid="rider-fire">
              {riderPlace(view, riding, c.id)}
            </p>
          ) : null}
          <label>
            Weapon{' '}
            <select name="weapon" value={weapon} onChange={(e) => setWeapon(Number(e.target.value))}>
              {ranged.map((r) => (
                <option key={r.i} value={r.i}>
                  {r.data?.name} ({r.w.loaded} loaded)
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            Target{' '}
            <select
              name="fireTarget"
              value={chosenTarget?.id ?? ''}
              onChange={(e) => setTarget(e.target.value)}
            >
              {enemies.map((m) => {
                const d = distance(me, m);
                const r = weaponData?.ranges;
                const band =
                  d === null || !r
                    ? ''
                    : d <= r[0]
                      ? 'effective'
                      : d <= r[1]
                        ? 'long'
                        : d <= r[2]
                          ? 'extreme'
                          : 'beyond extreme';
                return (
                  <option key={m.id} value={m.id}>
                    {combatantName(view, m.id)}
                    {d === null ? ' (unseen)' : ` (${d} m, ${band})`}
                  </option>
                );
              })}
            </select>
          </label>{' '}
          <span data-testid="fire-chance">
            {firePreview?.ok
              ? `${firePreview.mods.map((m) => `${m.source} ${signed(m.value)}`).join(', ')}; ${firePreview.target}+: ${chanceText(firePreview.outOf36)}`
              : firePreview && !riderRefusal
                ? firePreview.message
                : ''}
          </span>{' '}
          <button type="submit" disabled={busy || riderRefusal !== null}>
            Fire
          </button>
          {riderRefusal ? (
            <p
              className="re-refusal"
              role="status"
              data-testid="rider-fire-refusal"
              data-code={riderRefusal.code}
            >
              He cannot fire from {riding?.name}: {riderRefusal.message}.
            </p>
          ) : null}
        </form>
      ) : null}
      {phase === 'melee' && chosenTarget && !robot ? (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            run({ type: 'combat.melee', characterId: c.id, targetId: chosenTarget.id }, `${c.name} strikes`)
          }
        >
          Strike {view.characters[chosenTarget.id]?.name ?? chosenTarget.id}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * Stepping the fight on: spotting for a side, the chooser's Intruder pick, the end of a phase
 * (by the acting side or the referee), morale checks; the roll-off and the end are the referee's.
 */
function StepControls({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const combat = view.combat;
  if (!combat) return null;
  const gm = seat.role === 'gm';
  const plays = (s: SideId) => gm || playsSide(view, seat, s);
  const acting = actingFireteam(view);
  const sides = ['a', 'b'] as const;
  // Surprise (§7.2): one side saw the other without being seen.
  const surpriser =
    sides.find((s) => combat.spotted[s] === true && combat.spotted[s === 'a' ? 'b' : 'a'] !== true) ?? null;
  return (
    <fieldset className="re-actions" aria-label="Steps of the fight">
      {combat.stage === 'spotting'
        ? sides
            .filter((s) => plays(s) && combat.spotted[s] === null)
            .map((s) => (
              <button
                key={s}
                type="button"
                disabled={busy || view.window !== null}
                onClick={() => run({ type: 'combat.spot', side: s })}
              >
                {combat.sides[s].name} looks for the enemy
              </button>
            ))
        : null}
      {combat.stage !== 'turns' && gm && combat.chooser === null ? (
        <button type="button" disabled={busy} onClick={() => run({ type: 'combat.rollOff' })}>
          Roll off for the order
        </button>
      ) : null}
      {combat.stage !== 'turns' && combat.chooser !== null && (gm || plays(combat.chooser))
        ? sides.flatMap((s) => [
            <button
              key={s}
              type="button"
              disabled={busy || view.window !== null}
              onClick={() => run({ type: 'combat.order', intruder: s })}
            >
              {combat.sides[s].name} is the Intruder
            </button>,
            surpriser !== null ? (
              <button
                key={`${s}-surprise`}
                type="button"
                disabled={busy || view.window !== null}
                onClick={() => run({ type: 'combat.order', intruder: s, surprise: true })}
              >
                {combat.sides[s].name} is the Intruder, {combat.sides[surpriser].name} with surprise
              </button>
            ) : null,
          ])
        : null}
      {combat.stage === 'turns' && combat.phase === 'morale'
        ? sides
            .filter((s) => plays(s) && combat.sides[s].moraleChecking)
            .map((s) => (
              <button
                key={s}
                type="button"
                disabled={busy}
                onClick={() => run({ type: 'combat.morale', side: s })}
              >
                Morale check: {combat.sides[s].name}
              </button>
            ))
        : null}
      {combat.stage === 'turns' &&
      combat.phase === 'command' &&
      combat.sides[combat.phasing].morale === 'fled' &&
      combat.sides[combat.phasing].leaderId &&
      plays(combat.phasing) ? (
        // A fled side's conscious leader may rally it in its own command phase (§7.9).
        <button
          type="button"
          disabled={busy || view.window !== null}
          onClick={() => run({ type: 'combat.morale', side: combat.phasing, rally: true })}
        >
          Rally: {combat.sides[combat.phasing].name}
        </button>
      ) : null}
      {combat.stage === 'turns' && (gm || (acting !== null && plays(acting))) ? (
        <button
          type="button"
          disabled={busy || view.window !== null}
          onClick={() => run({ type: 'combat.next' })}
        >
          End the {PHASE_WORDS[combat.phase]} phase
        </button>
      ) : null}
      {gm ? (
        <button type="button" disabled={busy} onClick={() => run({ type: 'combat.end' })}>
          End the fight
        </button>
      ) : null}
    </fieldset>
  );
}

function StartFight({ view }: { view: View }) {
  const { run, busy } = useRunner();
  const all = sheets(view).filter((c) => condition(c) === 'fit');
  const [sideOf, setSideOf] = useState<Record<string, '' | SideId>>({});
  const [names, setNames] = useState({ a: 'Crew', b: 'Opposition' });
  const [gap, setGap] = useState('30');
  const side = (c: Character): '' | SideId => sideOf[c.id] ?? (c.owner !== null ? 'a' : 'b');
  const members = (s: SideId) =>
    all
      .filter((c) => side(c) === s)
      .map((c, i) => ({ characterId: c.id, x: s === 'a' ? 0 : Number(gap) || 0, y: i * 3 }));
  const ready = members('a').length > 0 && members('b').length > 0;
  return (
    <form
      className="re-card"
      aria-label="Start a firefight"
      onSubmit={(e) => {
        e.preventDefault();
        run(
          {
            type: 'combat.start',
            sides: (['a', 'b'] as const).map((s) => ({ id: s, name: names[s], members: members(s) })),
          },
          'firefight',
        );
      }}
    >
      <h3>Start a firefight</h3>
      <p className="re-muted">NPCs come from the pack's templates (Crew: add a character for the referee).</p>
      <div className="re-grid">
        <label>
          Side A{' '}
          <input value={names.a} onChange={(e) => setNames({ ...names, a: e.target.value })} name="sideA" />
        </label>
        <label>
          Side B{' '}
          <input value={names.b} onChange={(e) => setNames({ ...names, b: e.target.value })} name="sideB" />
        </label>
        <label>
          Metres apart{' '}
          <input
            className="re-num"
            type="number"
            value={gap}
            onChange={(e) => setGap(e.target.value)}
            name="gap"
          />
        </label>
      </div>
      <ul>
        {all.map((c) => (
          <li key={c.id}>
            <label>
              {c.name}{' '}
              <select
                value={side(c)}
                onChange={(e) => setSideOf({ ...sideOf, [c.id]: e.target.value as '' | SideId })}
                aria-label={`Side of ${c.name}`}
              >
                <option value="a">side A</option>
                <option value="b">side B</option>
                <option value="">not in it</option>
              </select>
            </label>
          </li>
        ))}
      </ul>
      <button type="submit" disabled={busy || !ready}>
        Start the fight
      </button>
    </form>
  );
}

/**
 * The cover on the map (§7.15), which every seat sees: each area's place, size and cover. The
 * referee puts new areas down (centre and radius in metres, partial −1 to −4 or full) and takes
 * them away; whoever stands inside one has its cover. The centre is typed or picked on the map
 * (its radius drawn there first); an area picked on the map is marked here with its Remove.
 */
function CoverList({
  combat,
  referee,
  selected,
  onSelect,
}: {
  combat: Combat;
  referee: boolean;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { run, busy } = useRunner();
  const [radius, setRadius] = useState('2');
  const r = Number(radius);
  const aim = useAim('cover', 'the cover', Number.isFinite(r) && r > 0 ? r : 0, { x: 0, y: 0 });
  const { x, y } = aim;
  const [kind, setKind] = useState('2');
  const [name, setName] = useState('');
  const areas = combat.coverMap ?? [];
  const picked = areas.find((a) => a.id === selected);
  if (areas.length === 0 && !referee) return null;
  const ready =
    [x, y, radius].every((v) => v.trim() !== '' && Number.isFinite(Number(v))) && Number(radius) >= 0.5;
  return (
    <section className="re-cover-list" aria-label="Cover on the map">
      <h4>Cover on the map</h4>
      {areas.length === 0 ? <p className="re-muted">None placed.</p> : null}
      {referee && picked ? (
        <p className="re-note" data-testid="cover-picked">
          Picked on the map: {picked.name || `cover ${picked.id}`}, {picked.radius} m around {picked.x},{' '}
          {picked.y} m.{' '}
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              if (await run({ type: 'combat.coverRemove', coverId: picked.id }, 'cover removed'))
                onSelect(null);
            }}
          >
            Remove this cover
          </button>{' '}
          <button type="button" className="re-small" onClick={() => onSelect(null)}>
            Keep it
          </button>
        </p>
      ) : null}
      <ul>
        {areas.map((a) => (
          <li key={a.id} data-cover-area={a.id} className={a.id === selected ? 're-selected' : undefined}>
            {a.name ? `${a.name}: ` : ''}
            {a.cover === 'full' ? 'full cover' : `cover −${a.cover}`}, {a.radius} m around {a.x}, {a.y} m
            {referee ? (
              <>
                {' '}
                <button
                  type="button"
                  className="re-small"
                  disabled={busy}
                  onClick={() => run({ type: 'combat.coverRemove', coverId: a.id }, 'cover removed')}
                >
                  Remove
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {referee ? (
        <form
          className="re-inline"
          aria-label="Place cover"
          onSubmit={(e) => {
            e.preventDefault();
            if (!ready) return;
            run(
              {
                type: 'combat.coverPlace',
                x: Number(x),
                y: Number(y),
                radius: Number(radius),
                cover: kind === 'full' ? 'full' : Number(kind),
                name: name.trim(),
              },
              'cover placed',
            );
          }}
        >
          <AimFields aim={aim} names={['coverX', 'coverY']} labels={['x m', 'y m']} />
          <NumberField label="radius m" name="coverRadius" value={radius} onChange={setRadius} min={1} />
          <Choice
            label="Cover"
            name="coverKind"
            options={[
              ...[1, 2, 3, 4].map((n) => ({ value: String(n), label: `−${n}` })),
              { value: 'full', label: 'full' },
            ]}
            value={kind}
            onChange={setKind}
          />
          <label>
            Name{' '}
            <input name="coverName" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" disabled={busy || !ready}>
            Place cover
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** The referee's ruling on the ground (§7.6, §7.15): a character's cover and whether he is concealed. */
function PlaceCombatant({ view, combat }: { view: View; combat: Combat }) {
  const { run, busy } = useRunner();
  const people = Object.values(combat.combatants).filter((m) => view.machines[m.id] === undefined);
  const [who, setWho] = useState('');
  const id = who || people[0]?.id || '';
  const m = combat.combatants[id];
  if (!m) return null;
  return (
    <details className="re-edit">
      <summary>Referee: cover and concealment</summary>
      <form
        key={`${m.id}-${m.cover}-${m.fullCover}-${m.concealed}`}
        className="re-inline"
        aria-label="Cover and concealment"
        onSubmit={(e) => {
          e.preventDefault();
          const d = new FormData(e.currentTarget);
          run(
            {
              type: 'combat.place',
              characterId: m.id,
              cover: Number(d.get('cover')),
              fullCover: d.get('fullCover') === 'on',
              concealed: d.get('concealed') === 'on',
            },
            'cover',
          );
        }}
      >
        <Choice
          label="Who"
          name="placeWho"
          options={people.map((p) => ({ value: p.id, label: combatantName(view, p.id) }))}
          value={id}
          onChange={setWho}
        />
        <Choice
          label="Cover"
          name="cover"
          options={[0, 1, 2, 3, 4].map((n) => ({ value: String(n), label: n === 0 ? 'none' : `−${n}` }))}
          value={String(m.cover)}
        />
        <label>
          <input type="checkbox" name="fullCover" defaultChecked={m.fullCover} /> full cover
        </label>
        <label>
          <input type="checkbox" name="concealed" defaultChecked={m.concealed} /> concealed
        </label>
        <button type="submit" disabled={busy}>
          Set
        </button>
      </form>
    </details>
  );
}
