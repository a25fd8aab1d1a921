import { useEffect, useId, useRef, useState } from 'react';
import { probeDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import { alienAbilityInfo, bestRange as bestRanges } from '../../rules/three-sixteen/data/index.ts';
import {
  aaTarget,
  fighters,
  killSpec,
  pcTarget,
  stepPosition,
} from '../../rules/three-sixteen/encounter/core.ts';
import { actedBeforeByAliens } from '../../rules/three-sixteen/encounter/evolve.ts';
import {
  oneMoverPerVehicle,
  VEHICLE_RULES,
  vehicleAboard,
} from '../../rules/three-sixteen/encounter/vehicle-rules.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import {
  type AbilityId,
  type Declaration,
  type Encounter,
  type NfaTask,
  type PendingKill,
  type Position,
  RANGES,
  type Range,
  SUICIDE,
  type TestRoll,
  type ThreeSixteenState,
  type Trooper,
  type TurnSlot,
  type WeaponId,
} from '../../rules/three-sixteen/state.ts';
import { fightOf, killsVoidCause, type ReportLine, roundLabel } from './history.ts';
import {
  actorName,
  check,
  END_REASON_LABEL,
  HIT_SOURCE_LABEL,
  hasLegal,
  legalNow,
  NOT_PLACED,
  POSITION_LABEL,
  rankTitle,
  type SeatRef,
  SLOT_LABEL,
  STATUS_LABEL,
  type View,
  weaponName,
} from './model.ts';
import { useRunner } from './runner.tsx';
import { GmOnly, TextLine } from './TextLine.tsx';
import { Waiting } from './Waiting.tsx';
import './encounter-report.css';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { fallenNotice } from './Fallen.tsx';

/**
 * The encounter, for everyone: the range map, tokens, round and standoff count, whom the table
 * waits for, the round's queue as it resolves; then the actions of the troopers this seat plays
 * and, for the GM, the aliens' side (declaration, abilities with their cost) and overrides.
 * Buttons are enabled only when the ruleset would accept the command (decide run on the view);
 * a greyed-out one says why next to it, since phones show no hover tooltips.
 */

const STEP_LABEL: Readonly<Record<Encounter['step'], string>> = {
  dominance: 'Dominance',
  setRange: 'Setting the range',
  ambush: 'Ambush',
  declare: 'Declarations',
  roll: 'Rolling',
  resolve: 'Resolving turns',
  ended: 'Over',
};
const LANES: readonly Position[] = ['close', 'near', 'far', 'beyondFar'];
const COST_LABEL = {
  free: 'free',
  spend1: '1 token',
  spendN: 'n tokens',
  sacrifice: '1 token sacrificed',
} as const;

export function describeDeclaration(d: Declaration | undefined): string {
  if (!d) return '—';
  if (d.kind === 'fa') return d.bomb ? `FA: ${weaponName(d.bomb)}` : `FA with ${weaponName(d.weapon)}`;
  return `NFA: ${describeTask(d.task)}`;
}

function describeTask(t: NfaTask): string {
  switch (t.kind) {
    case 'manoeuvre': {
      const parts: string[] = [];
      if (t.move) parts.push(t.move === 'closer' ? 'move closer' : 'move farther');
      if (t.switchTo) parts.push(`switch to ${weaponName(t.switchTo)}`);
      if (t.text) parts.push(t.text);
      return parts.join(', ') || 'manoeuvre';
    }
    case 'eVac':
      return 'call E-Vac';
    case 'orbitalBombardment':
      return 'call Orbital Bombardment';
    case 'forceWeakness':
      return `Force Weakness on ${t.targetId}`;
    case 'vehicleAttack':
      return `attack with the ${VEHICLE_RULES[t.vehicle].name}`;
    case 'other':
      return t.text;
  }
}

/** Why a trooper left the encounter, in the words of the range map and the action card. */
function outLabel(out: Encounter['out'][string]): string {
  return out === 'weakness' ? 'Weakness' : out === 'dead' ? 'dead' : 'gone';
}

function rollText(r: TestRoll | undefined): string {
  if (!r) return '';
  return `${r.face} vs ${r.target} ${r.success ? 'success' : 'failure'}${r.rerolled ? ' (re-rolled)' : ''}`;
}

function RangeMap({ view, e }: { view: View; e: Encounter }) {
  const where = (id: string): Position | 'unplaced' => {
    if (e.out[id]) return 'beyondFar';
    return e.positions[id] ?? 'unplaced';
  };
  const unplaced = e.pcs.filter((id) => where(id) === 'unplaced');
  return (
    <section className="ts-map" aria-label="Range map">
      <div className="ts-aliens" data-testid="encounter-tokens">
        <span className="ts-aliens-title">Aliens</span>
        <span className="ts-tokens">
          <span className="ts-sr">
            {e.tokens} Threat Token{e.tokens === 1 ? '' : 's'} in the encounter
          </span>
          {Array.from({ length: Math.min(e.tokens, 24) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical tokens
            <span key={i} className="ts-token" aria-hidden="true" />
          ))}
          <span className="ts-token-count">{e.tokens}</span>
        </span>
      </div>
      <ol className="ts-lanes">
        {LANES.map((lane) => (
          <li
            key={lane}
            className={`ts-lane ts-lane-${lane}`}
            aria-label={POSITION_LABEL[lane]}
            data-lane={lane}
          >
            <h4>{POSITION_LABEL[lane]}</h4>
            <ul>
              {e.pcs
                .filter((id) => where(id) === lane)
                .map((id) => {
                  const t = view.troopers[id];
                  if (!t) return null;
                  const out = e.out[id];
                  return (
                    <li key={id} className={`ts-chip ${out ? 'ts-chip-out' : ''}`} data-trooper={id}>
                      <span className="ts-chip-name">{t.name}</span>
                      <span className="ts-chip-health">
                        <span className="ts-sr">health {t.health.map((m) => m ?? 'empty').join(', ')}</span>
                        {t.health.map((m, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: box positions
                          <span key={i} className={`ts-mini ${m ? `ts-mini-${m}` : ''}`}>
                            {m ?? ''}
                          </span>
                        ))}
                      </span>
                      <span className="ts-chip-weapon">{weaponName(t.currentWeapon)}</span>
                      {/* Spent for this planet: what a glance at the board should tell before a Kill. */}
                      {t.armour === 'used' || t.planetUses.combatDrugs ? (
                        <span className="ts-chip-spent" data-testid={`spent-${id}`}>
                          {[
                            t.armour === 'used' ? 'armour used' : '',
                            t.planetUses.combatDrugs ? 'drugs used' : '',
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      ) : null}
                      {out ? <span className="ts-chip-out-why">{outLabel(out)}</span> : null}
                    </li>
                  );
                })}
            </ul>
          </li>
        ))}
      </ol>
      {e.vehicles.length > 0 ? (
        <ul className="ts-vehicles">
          {e.vehicles.map((v) => (
            <li key={`${v.vehicle}-${v.ownerId}`}>
              {VEHICLE_RULES[v.vehicle].name} of {view.troopers[v.ownerId]?.name}: {v.damage}, driven by{' '}
              {view.troopers[v.driverId]?.name}; aboard:{' '}
              {v.occupants.map((id) => view.troopers[id]?.name ?? id).join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
      {unplaced.length > 0 ? (
        <p className="ts-muted">
          Not placed yet: {unplaced.map((id) => view.troopers[id]?.name ?? id).join(', ')}
        </p>
      ) : null}
    </section>
  );
}

interface RoundSnapshot {
  readonly round: number;
  readonly queue: readonly TurnSlot[];
  readonly declarations: Encounter['declarations'];
  readonly rolls: Encounter['rolls'];
  /** The aliens' declaration of the round (declared before any die, and maybe emotional). */
  readonly aliensDeclared?: boolean;
  readonly emotional?: boolean;
}

/** A round as the table shows it, from the encounter. */
function snapshotOf(e: Encounter): RoundSnapshot {
  return {
    round: e.round,
    queue: e.queue,
    declarations: e.declarations,
    rolls: e.rolls,
    aliensDeclared: e.aliensDeclared,
    emotional: e.roundEffects.emotional === true,
  };
}

function RoundTable({ view, snap, current }: { view: View; snap: RoundSnapshot; current: number | null }) {
  const actors =
    snap.queue.length > 0
      ? snap.queue.map((s) => s.actor)
      : [
          ...Object.keys(snap.declarations),
          ...Object.keys(snap.rolls).filter((a) => !(a in snap.declarations)),
          // Declared but not rolled yet: the aliens' line says what they declared.
          ...(snap.aliensDeclared && !snap.rolls.aliens ? ['aliens'] : []),
        ];
  if (actors.length === 0) return <p className="ts-muted">No declarations yet this round.</p>;
  return (
    <table className="ts-round">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Who</th>
          <th scope="col">Declared</th>
          <th scope="col">Roll</th>
          <th scope="col">Turn</th>
        </tr>
      </thead>
      <tbody>
        {actors.map((actor, i) => {
          const slot = snap.queue[i];
          const roll = snap.rolls[actor];
          const decl =
            actor === 'aliens'
              ? snap.emotional
                ? 'AA, an emotional attack (E marks, armour is no use)'
                : 'AA'
              : describeDeclaration(snap.declarations[actor]);
          let state = '';
          if (slot) {
            if (slot.cancelled) state = 'cancelled';
            else if (slot.done) state = slot.success ? 'acted' : 'narrated';
            else if (i === current) state = 'now';
            else state = slot.success ? 'waiting' : 'failure, narrates';
          }
          return (
            <tr
              key={actor}
              className={`${i === current ? 'ts-current' : ''} ${slot && !slot.success ? 'ts-fail' : ''}`}
            >
              <td>{slot ? i + 1 : ''}</td>
              <th scope="row">{actorName(view, actor)}</th>
              <td>{decl}</td>
              <td>
                {slot
                  ? `${slot.face} ${slot.success ? '✓' : '✗'}${slot.tieBreak ? ` (tie ${slot.tieBreak})` : ''}`
                  : rollText(roll)}
              </td>
              <td>{state}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

// ---------------------------------------------------------------------------------------------
// A button that asks the ruleset first

function Act({
  view,
  seat,
  command,
  children,
  hideWhenIllegal,
  className,
}: {
  view: View;
  seat: SeatRef;
  command: ThreeSixteenCommand;
  children: React.ReactNode;
  hideWhenIllegal?: boolean;
  className?: string;
}) {
  const runner = useRunner();
  const whyId = useId();
  const verdict = check(view, seat, command);
  if (!verdict.ok && hideWhenIllegal) return null;
  // One shape whether or not it is allowed, so a focused button is not remounted when it changes.
  return (
    <span className="ts-go">
      <button
        type="button"
        className={className}
        disabled={!verdict.ok || runner.busy}
        aria-describedby={verdict.ok ? undefined : whyId}
        onClick={() => void runner.run(command)}
      >
        {children}
      </button>
      {verdict.ok ? null : (
        <span id={whyId} className="ts-why">
          {verdict.message}
        </span>
      )}
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// One trooper's actions

type DeclKind =
  | 'fa'
  | 'closer'
  | 'farther'
  | 'switch'
  | 'eVac'
  | 'orbitalBombardment'
  | 'forceWeakness'
  | 'vehicleAttack'
  | 'other';

/** What the declare form holds: the choice and the fields that go with it. */
export interface DeclareFields {
  readonly kind: DeclKind;
  /** A weapon id, or a bomb's. */
  readonly weapon: string;
  /** '' keeps the weapon in hand. */
  readonly switchTo: string;
  readonly target: string;
  readonly text: string;
}

/**
 * The form as `declared` fills it in (a blank FA with the weapon in hand when nothing is declared),
 * so "Change declaration" after a reload starts from what stands, not from a default that would
 * quietly swap it. A manoeuvre without a move is shown as a weapon change when it names one, else
 * as free text: the form has no other place for it.
 */
export function declareFields(declared: Declaration | undefined, inHand: WeaponId): DeclareFields {
  const blank: DeclareFields = { kind: 'fa', weapon: inHand, switchTo: '', target: '', text: '' };
  if (!declared) return blank;
  if (declared.kind === 'fa') return { ...blank, weapon: declared.bomb ?? declared.weapon };
  const task = declared.task;
  switch (task.kind) {
    case 'manoeuvre':
      if (task.move)
        return { ...blank, kind: task.move, switchTo: task.switchTo ?? '', text: task.text ?? '' };
      if (task.switchTo) return { ...blank, kind: 'switch', switchTo: task.switchTo, text: task.text ?? '' };
      return { ...blank, kind: 'other', text: task.text ?? '' };
    case 'forceWeakness':
      return { ...blank, kind: 'forceWeakness', target: task.targetId };
    case 'other':
      return { ...blank, kind: 'other', text: task.text };
    case 'eVac':
    case 'orbitalBombardment':
    case 'vehicleAttack':
      return { ...blank, kind: task.kind };
  }
}

/**
 * "E-Cannon: no kills at Far": an FA with this weapon where the trooper stands would be a
 * success that removes no token (the profile's "–" or 0 there, or the aliens' abilities this
 * round). Null when it can kill, for a bomb, or while the trooper has no range.
 */
export function wastedFa(view: View, t: Trooper, e: Encounter, weapon: string): string | null {
  if (weapon === 'tpkBomb' || weapon === 'paradiseBomb') return null;
  const at = e.positions[t.id];
  if (!at || at === 'beyondFar' || e.out[t.id]) return null;
  if (killSpec(view, t, weapon as WeaponId, at) !== null) return null;
  // The weapon's name first and no verb on it: "Grenades" reads as well as "E-Cannon".
  return `${weaponName(weapon as WeaponId)}: no kills at ${POSITION_LABEL[at]} — a success would be wasted`;
}

/**
 * "Declare and roll": the rules want every declaration in before the first die, so the roll is
 * kept as an intent for this round and sent by this page as soon as the table allows it (at once
 * when this was the last declaration). Cleared when sent, or when the round moves on.
 */
function useRollWhenReady(view: View, seat: SeatRef, actor: string): (round: number) => void {
  const runner = useRunner();
  const [wanted, setWanted] = useState<number | null>(null);
  const e = view.encounter;
  const roll = { type: 'rollTest', actor: actor as 'aliens' } as ThreeSixteenCommand;
  const ready =
    wanted !== null &&
    e !== null &&
    wanted === e.round &&
    !e.rolls[actor] &&
    !runner.busy &&
    check(view, seat, roll).ok;
  const stale = wanted !== null && (e === null || wanted !== e.round || !!e.rolls[actor]);
  useEffect(() => {
    if (stale) setWanted(null);
    else if (ready) {
      setWanted(null);
      void runner.run(roll);
    }
  });
  return setWanted;
}

function DeclareForm({
  view,
  seat,
  t,
  e,
  rollWhenReady,
}: {
  view: View;
  seat: SeatRef;
  t: Trooper;
  e: Encounter;
  rollWhenReady: (round: number) => void;
}) {
  const runner = useRunner();
  const whyId = useId();
  const declared = e.declarations[t.id];
  const [form, setForm] = useState(() => declareFields(declared, t.currentWeapon));
  // A declaration made or changed elsewhere (another tab, the GM) is what the form then shows;
  // compared by content, since a reconnect brings equal declarations as new objects.
  const declaredKey = declared ? JSON.stringify(declared) : '';
  const [shownKey, setShownKey] = useState(declaredKey);
  if (declaredKey !== shownKey) {
    setShownKey(declaredKey);
    // A new round clears the declarations: the form keeps the last choice, ready to repeat.
    if (declared) setForm(declareFields(declared, t.currentWeapon));
  }
  const { kind, weapon, switchTo, target, text } = form;
  const setKind = (v: DeclKind) => setForm((f) => ({ ...f, kind: v }));
  const setWeapon = (v: string) => setForm((f) => ({ ...f, weapon: v }));
  const setSwitchTo = (v: string) => setForm((f) => ({ ...f, switchTo: v }));
  const setTarget = (v: string) => setForm((f) => ({ ...f, target: v }));
  const setText = (v: string) => setForm((f) => ({ ...f, text: v }));
  const owned = [...new Set<WeaponId>([...t.weapons.map((w) => w.weapon), 'handToHand'])];
  const others = fighters(view, e).filter((id) => id !== t.id);
  let declaration: Declaration;
  switch (kind) {
    case 'fa':
      declaration =
        weapon === 'tpkBomb' || weapon === 'paradiseBomb'
          ? { kind: 'fa', weapon: t.currentWeapon, bomb: weapon }
          : { kind: 'fa', weapon: weapon as WeaponId };
      break;
    case 'closer':
    case 'farther':
      declaration = {
        kind: 'nfa',
        task: {
          kind: 'manoeuvre',
          move: kind,
          ...(switchTo ? { switchTo: switchTo as WeaponId } : {}),
          ...(text.trim() ? { text } : {}),
        },
      };
      break;
    case 'switch':
      declaration = {
        kind: 'nfa',
        task: {
          kind: 'manoeuvre',
          switchTo: (switchTo || owned.find((w) => w !== t.currentWeapon) || 'handToHand') as WeaponId,
          ...(text.trim() ? { text } : {}),
        },
      };
      break;
    case 'forceWeakness':
      declaration = { kind: 'nfa', task: { kind: 'forceWeakness', targetId: target || others[0] || t.id } };
      break;
    case 'vehicleAttack':
      declaration = {
        kind: 'nfa',
        task: { kind: 'vehicleAttack', vehicle: t.vehicles.includes('dropShip') ? 'dropShip' : 'apc' },
      };
      break;
    case 'other':
      declaration = { kind: 'nfa', task: { kind: 'other', text } };
      break;
    default:
      declaration = { kind: 'nfa', task: { kind } };
  }
  const command = { type: 'declare' as const, trooperId: t.id, declaration };
  const verdict = check(view, seat, command);
  const blank = kind === 'other' && text.trim() === '';
  const wasted = kind === 'fa' ? wastedFa(view, t, e, weapon) : null;
  const warnId = `${whyId}-warn`;
  const legal = legalNow(view, seat);
  const can = (task: Record<string, unknown>) =>
    hasLegal(legal, { type: 'declare', trooperId: t.id, declaration: { kind: 'nfa', task } });
  const options: { value: DeclKind; label: string; show: boolean }[] = [
    { value: 'fa', label: `FA: fight (target ${pcTarget(view, t, 'fa')})`, show: true },
    // Nothing is closer than Close.
    { value: 'closer', label: 'NFA: move one step closer', show: e.positions[t.id] !== 'close' },
    { value: 'farther', label: 'NFA: move one step farther', show: true },
    { value: 'switch', label: 'NFA: change weapon', show: owned.length > 1 },
    { value: 'eVac', label: 'NFA: call E-Vac', show: can({ kind: 'eVac' }) },
    {
      value: 'orbitalBombardment',
      label: 'NFA: call Orbital Bombardment',
      show: can({ kind: 'orbitalBombardment' }),
    },
    {
      value: 'forceWeakness',
      label: 'NFA: Force Weakness on a trooper',
      show: can({ kind: 'forceWeakness' }),
    },
    {
      value: 'vehicleAttack',
      label: 'NFA: attack with a vehicle',
      show: t.vehicles.includes('apc') || t.vehicles.includes('dropShip'),
    },
    { value: 'other', label: 'NFA: something else (describe)', show: true },
  ];
  return (
    <form
      className="ts-declare"
      aria-label={`Declare for ${t.name}`}
      onSubmit={(ev) => {
        ev.preventDefault();
        if (verdict.ok) void runner.run(command);
      }}
    >
      <label>
        Declare{' '}
        <select name="declaration" value={kind} onChange={(ev) => setKind(ev.target.value as DeclKind)}>
          {options
            // The choice standing in the form is always listed: a select without its value's
            // option would show (and then send) the first one instead.
            .filter((o) => o.show || o.value === kind)
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
        </select>
      </label>
      {kind === 'fa' ? (
        <label>
          with{' '}
          <select
            name="weapon"
            value={weapon}
            onChange={(ev) => setWeapon(ev.target.value)}
            aria-describedby={wasted ? warnId : undefined}
          >
            {owned.map((w) => (
              <option key={w} value={w}>
                {weaponName(w)}
                {w === t.currentWeapon ? ' (in hand)' : ''}
              </option>
            ))}
            {weapon === 'tpkBomb' ||
            hasLegal(legal, { type: 'declare', trooperId: t.id, declaration: { bomb: 'tpkBomb' } }) ? (
              <option value="tpkBomb">TPK Bomb</option>
            ) : null}
            {weapon === 'paradiseBomb' ||
            hasLegal(legal, { type: 'declare', trooperId: t.id, declaration: { bomb: 'paradiseBomb' } }) ? (
              <option value="paradiseBomb">Paradise Bomb</option>
            ) : null}
          </select>
        </label>
      ) : null}
      {/* Legal, so not blocked: only said, before the success is spent on nothing. */}
      {wasted ? (
        <span id={warnId} className="ts-warn" data-testid="fa-wasted">
          {wasted}
        </span>
      ) : null}
      {kind === 'switch' || kind === 'closer' || kind === 'farther' ? (
        <label>
          {kind === 'switch' ? 'to' : 'and switch to'}{' '}
          <select name="switchTo" value={switchTo} onChange={(ev) => setSwitchTo(ev.target.value)}>
            {kind === 'switch' ? null : <option value="">(keep weapon)</option>}
            {owned
              .filter((w) => w !== t.currentWeapon)
              .map((w) => (
                <option key={w} value={w}>
                  {weaponName(w)}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      {kind === 'forceWeakness' ? (
        <label>
          on{' '}
          <select value={target} onChange={(ev) => setTarget(ev.target.value)}>
            {others.map((id) => (
              <option key={id} value={id}>
                {view.troopers[id]?.name ?? id}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {kind === 'other' || kind === 'closer' || kind === 'farther' || kind === 'switch' ? (
        <TextLine
          label="What the trooper does"
          placeholder={kind === 'other' ? 'what you try' : 'how (optional)'}
          value={text}
          onChange={setText}
        />
      ) : null}
      <button
        type="submit"
        disabled={!verdict.ok || runner.busy}
        aria-describedby={
          [verdict.ok ? '' : whyId, wasted ? warnId : ''].filter(Boolean).join(' ') || undefined
        }
      >
        {e.declarations[t.id] ? 'Change declaration' : 'Declare'}
      </button>
      {/* The short path: declare and roll in one step (the roll cannot be changed, the
          declaration can until the first die; the two buttons keep both ways open). */}
      {e.rolls[t.id] ? null : (
        <button
          type="button"
          className="ts-primary"
          data-testid="declare-and-roll"
          disabled={!verdict.ok || runner.busy}
          onClick={async () => {
            if (await runner.run(command)) rollWhenReady(e.round);
          }}
        >
          {e.declarations[t.id] ? 'Change and roll' : 'Declare and roll'}
        </button>
      )}
      {/* An untouched text box is a step still to take, not a mistake: a hint, not a problem. */}
      {blank ? (
        <span id={whyId} className="ts-why">
          describe what {t.name} tries first
        </span>
      ) : !verdict.ok ? (
        <span id={whyId} className={verdict.code === 'WRONG_STEP' ? 'ts-why' : 'ts-problems'}>
          {verdict.message}
        </span>
      ) : null}
    </form>
  );
}

/** One choice of a move the aliens make: how many steps (negative: closer), in words. */
interface MoveOption {
  readonly steps: number;
  readonly label: string;
}

/**
 * The troopers the aliens may move at the end of this successful turn, each with the steps that
 * would change where it stands. As the ruleset's takeTurn allows: only troopers whose turn comes
 * after the aliens' (`actedBeforeByAliens`), still fighting; one step, two with Leaping. A vehicle
 * moves as one, so only the first of its riders is listed (a second rider's move would be
 * dropped by the rules).
 */
export function alienMoveChoices(
  view: View,
  e: Encounter,
  slot: TurnSlot,
): { readonly trooperId: string; readonly options: readonly MoveOption[] }[] {
  if (!slot.success || slot.cancelled) return [];
  const after = new Set(actedBeforeByAliens(e, slot.face));
  const movable = oneMoverPerVehicle(
    e,
    fighters(view, e).filter((id) => after.has(id)),
  );
  const limit = e.effects.leaping ? 2 : 1;
  const out: { trooperId: string; options: MoveOption[] }[] = [];
  for (const id of movable) {
    const from = e.positions[id];
    if (!from || from === 'beyondFar') continue;
    const options: MoveOption[] = [{ steps: 0, label: 'stay' }];
    for (const dir of [-1, 1]) {
      let last: Position = from;
      for (let n = 1; n <= limit; n++) {
        const to = stepPosition(from, dir * n);
        // A step that lands where the one before did (Close is as close as it gets) adds nothing.
        if (to === last) break;
        last = to;
        const where = to === 'beyondFar' ? 'out of the encounter' : `to ${POSITION_LABEL[to]}`;
        options.push({ steps: dir * n, label: `${n} ${dir < 0 ? 'closer' : 'farther'} (${where})` });
      }
    }
    options.sort((a, b) => a.steps - b.steps);
    if (options.length > 1) out.push({ trooperId: id, options });
  }
  return out;
}

function TurnControls({
  view,
  seat,
  actor,
  slot,
}: {
  view: View;
  seat: SeatRef;
  actor: string;
  slot: TurnSlot;
}) {
  const runner = useRunner();
  const reasonId = useId();
  const [narration, setNarration] = useState('');
  const [moves, setMoves] = useState<Record<string, number>>({});
  const e = view.encounter as Encounter;
  const base = {
    type: 'takeTurn' as const,
    actor: actor as 'aliens',
    ...(narration.trim() ? { narration } : {}),
  };
  const aliens = actor === 'aliens';
  const choices = aliens ? alienMoveChoices(view, e, slot) : [];
  // Only moves still offered count: a choice left from before the view changed is not sent.
  const moveList = choices
    .map((c) => ({ trooperId: c.trooperId, steps: moves[c.trooperId] ?? 0 }))
    .filter((m) => m.steps !== 0);
  // Every action of the aliens' turn carries the chosen moves, so none is dropped unsaid.
  const withMoves = moveList.length > 0 ? { moves: moveList } : {};
  const movedNames = moveList.map((m) => view.troopers[m.trooperId]?.name ?? m.trooperId).join(' and ');
  const go = async (extra: Partial<ThreeSixteenCommand & { type: 'takeTurn' }>) => {
    if (await runner.run({ ...base, ...extra } as ThreeSixteenCommand)) {
      clearIfUnchanged(setNarration, narration)(true);
      setMoves({});
    }
  };
  const can = (extra: Record<string, unknown>) =>
    check(view, seat, { ...base, ...extra } as ThreeSixteenCommand);
  /**
   * A button offered when the action itself is allowed (`extra` alone). With moves chosen it sends
   * them too; when the ruleset refuses that, or the action cannot take moves (`noMoves`), it is
   * greyed out and says why in words beside it.
   */
  const button = (extra: Record<string, unknown>, label: string, noMoves?: string) => {
    if (!can(extra).ok) return null;
    const full = { ...extra, ...withMoves };
    const verdict = moveList.length === 0 ? { ok: true as const } : noMoves ? null : can(full);
    const why = verdict === null ? (noMoves ?? null) : verdict.ok ? null : verdict.message;
    const id = `${reasonId}-${label.replace(/\W+/g, '-')}`;
    return (
      <span className="ts-go">
        <button
          type="button"
          disabled={why !== null || runner.busy}
          aria-describedby={why !== null ? id : undefined}
          onClick={() => void go(full)}
        >
          {label}
        </button>
        {why !== null ? (
          <span id={id} className={verdict === null ? 'ts-why' : 'ts-problems'}>
            {why}
          </span>
        ) : null}
      </span>
    );
  };
  const acts = slot.success && !slot.cancelled;
  return (
    <fieldset className="ts-turn" aria-label={`Turn of ${actorName(view, actor)}`}>
      <p>
        <strong>{actorName(view, actor)}</strong>:{' '}
        {slot.success ? `success on ${slot.face}` : `failure (${slot.face})`}
        {slot.success ? '' : ' — tell what happens instead.'}
      </p>
      <TextLine
        label="Narration"
        placeholder={slot.success ? 'narration (optional)' : 'colour: what goes wrong'}
        value={narration}
        onChange={setNarration}
      />
      {aliens && acts ? (
        choices.length > 0 ? (
          <div className="ts-moves">
            {choices.map((c) => {
              const v = vehicleAboard(e, c.trooperId);
              return (
                <label key={c.trooperId}>
                  Move {view.troopers[c.trooperId]?.name}
                  {v ? ` (the ${VEHICLE_RULES[v.vehicle].name} moves with them)` : ''}{' '}
                  <select
                    value={moves[c.trooperId] ?? 0}
                    onChange={(ev) => setMoves((m) => ({ ...m, [c.trooperId]: Number(ev.target.value) }))}
                  >
                    {c.options.map((o) => (
                      <option key={o.steps} value={o.steps}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </div>
        ) : (
          <p className="ts-muted" data-testid="no-alien-moves">
            No trooper to move: the aliens may move only troopers whose turn comes after theirs.
          </p>
        )
      ) : null}
      <div className="ts-row ts-wrap">
        {button(
          {},
          slot.success ? (movedNames ? `Act, then move ${movedNames}` : 'Act') : 'Narrate and pass',
        )}
        {aliens ? null : button({ move: 'closer' }, 'Act, then move closer')}
        {aliens ? null : button({ move: 'farther' }, 'Act, then move farther')}
        {aliens ? button({ alienMovement: 'flee' }, 'Act with Flee') : null}
        {aliens ? button({ alienMovement: 'swarm' }, 'Act with Swarm') : null}
        {slot.success
          ? button(
              { cancel: true },
              'Cancel this success (it and every later turn fail)',
              'a cancelled success moves no one: set the moves back to “stay” first',
            )
          : null}
      </div>
    </fieldset>
  );
}

function Flashbacks({ view, seat, t, id }: { view: View; seat: SeatRef; t: Trooper; id: string }) {
  const runner = useRunner();
  const [strength, setStrength] = useState('');
  const [weakness, setWeakness] = useState('');
  const ranges = bestRanges(
    t.weapons.find((w) => w.weapon === t.currentWeapon)?.steps ?? { close: null, near: null, far: null },
  );
  const [range, setRange] = useState<Range | ''>('');
  const sOk = check(view, seat, { type: 'useStrength', trooperId: t.id, text: 'probe' });
  const wOk = check(view, seat, { type: 'useWeakness', trooperId: t.id, text: 'probe' });
  if (!sOk.ok && !wOk.ok) return null;
  return (
    <fieldset id={id} className="ts-flash" aria-label={`Flashbacks of ${t.name}`}>
      {sOk.ok ? (
        <form
          onSubmit={async (ev) => {
            ev.preventDefault();
            const cmd = {
              type: 'useStrength' as const,
              trooperId: t.id,
              text: strength,
              ...(range ? { range } : {}),
            };
            clearIfUnchanged(setStrength, strength)(await runner.run(cmd));
          }}
        >
          <TextLine
            label="Strength text"
            placeholder="A Strength: a flashback that wins the fight"
            value={strength}
            onChange={setStrength}
          />
          {ranges.length > 1 ? (
            <select
              aria-label="Best range"
              value={range}
              onChange={(ev) => setRange(ev.target.value as Range)}
            >
              <option value="">best range…</option>
              {ranges.map((r) => (
                <option key={r} value={r}>
                  {POSITION_LABEL[r]}
                </option>
              ))}
            </select>
          ) : null}
          <button type="submit" disabled={runner.busy || strength.trim() === ''}>
            Use Strength (ends the encounter)
          </button>
        </form>
      ) : null}
      {wOk.ok ? (
        <form
          onSubmit={async (ev) => {
            ev.preventDefault();
            const accepted = await runner.run({ type: 'useWeakness', trooperId: t.id, text: weakness });
            clearIfUnchanged(setWeakness, weakness)(accepted);
          }}
        >
          <TextLine
            label="Weakness text"
            placeholder="A Weakness: a flashback that takes you out"
            value={weakness}
            onChange={setWeakness}
          />
          <button type="submit" disabled={runner.busy || weakness.trim() === ''}>
            Use Weakness (leave the encounter)
          </button>
        </form>
      ) : null}
    </fieldset>
  );
}

/** Why armour cannot take this Kill, in the table's words (the ruleset's when none fits). */
function armourRefusal(view: View, t: Trooper, kill: PendingKill, fallback: string): string {
  if (!kill.armourStoppable)
    return kill.source === 'aliens' && view.planet?.abilities.includes('ignoreArmour')
      ? 'the aliens’ Ignore Armour goes through it'
      : 'this Kill goes through armour';
  if (t.armour !== 'available') return `the armour is ${SLOT_LABEL[t.armour].toLowerCase()}`;
  return fallback;
}

/**
 * The trooper as the ruleset leaves them after `command`: decide and evolve run on the view, with
 * stand-in dice. Null when the ruleset refuses the command.
 */
function trooperAfter(view: View, seat: SeatRef, command: ThreeSixteenCommand, id: string): Trooper | null {
  try {
    const events = threeSixteen.decide(view, command, { actor: seat as Seat, dice: probeDice() });
    const after = events.reduce<ThreeSixteenState>((s, ev) => threeSixteen.evolve(s, ev), view);
    return after.troopers[id] ?? null;
  } catch {
    return null;
  }
}

/**
 * A Kill waits for the trooper's answer. When the armour cannot take it the question is not
 * asked: the card says why and offers the one answer left. When the wound would be the last box,
 * the card says the trooper dies of it, and points to a Strength or Weakness still open (offered
 * further down the card, in `Flashbacks`).
 */
function KillQuestion({
  view,
  seat,
  t,
  kill,
  flashbacksId,
}: {
  view: View;
  seat: SeatRef;
  t: Trooper;
  kill: PendingKill;
  flashbacksId: string;
}) {
  const armour = check(view, seat, { type: 'answerKill', trooperId: t.id, useArmour: true });
  const take = { type: 'answerKill' as const, trooperId: t.id, useArmour: false };
  const what = `A Kill is coming from ${HIT_SOURCE_LABEL[kill.source]}${kill.mark === 'E' ? ' (emotional)' : ''}.`;
  const after = trooperAfter(view, seat, take, t.id);
  const fatal = t.status === 'active' && after !== null && after.status !== 'active';
  const fate = after?.status === 'wreck' ? 'is broken for good' : 'dies';
  const strength = check(view, seat, { type: 'useStrength', trooperId: t.id, text: 'probe' }).ok;
  const weakness = check(view, seat, { type: 'useWeakness', trooperId: t.id, text: 'probe' }).ok;
  const options = [
    strength ? 'a Strength (it ends the encounter)' : '',
    weakness ? `a Weakness (${t.name} leaves the encounter)` : '',
  ].filter(Boolean);
  const warning = fatal ? (
    <div className="ts-death" data-testid="death-warning">
      <p>
        <strong>
          This is {t.name}’s last health box: taking the wound {fate === 'dies' ? 'kills' : 'breaks'} {t.name}
          {fate === 'dies' ? '' : ' beyond saving'}.
        </strong>
      </p>
      {strength || weakness ? (
        <p>
          Instead, {t.name} can still show {options.join(' or ')}: {options.length > 1 ? 'either' : 'it'}{' '}
          spares {t.name} this Kill.{' '}
          <button
            type="button"
            onClick={() =>
              document.getElementById(flashbacksId)?.querySelector<HTMLElement>('input')?.focus()
            }
          >
            Go to the flashbacks
          </button>
        </p>
      ) : null}
    </div>
  ) : null;
  return (
    <div className="ts-alert" role="alert">
      {armour.ok ? (
        <>
          <p>{what} Use your armour?</p>
          {warning}
          <div className="ts-row ts-wrap">
            <Act view={view} seat={seat} command={{ ...take, useArmour: true }}>
              Yes, tick armour
            </Act>
            <Act view={view} seat={seat} command={take} className={fatal ? 'ts-fatal' : undefined}>
              {fatal ? `No, take the wound: ${t.name} ${fate}` : 'No, take the wound'}
            </Act>
          </div>
        </>
      ) : (
        <>
          <p>
            {what} No armour this time: {armourRefusal(view, t, kill, armour.message)}.
          </p>
          {warning}
          <Act view={view} seat={seat} command={take} className={fatal ? 'ts-fatal' : undefined}>
            {fatal ? `Take the wound: ${t.name} ${fate}` : 'Take the wound'}
          </Act>
        </>
      )}
    </div>
  );
}

/** Said to a trooper's player once the trooper is dead (or broken for good). */
function Fallen({ t }: { t: Trooper }) {
  const broken = t.status === 'wreck';
  return (
    <p className="ts-alert ts-dead" data-testid={`fallen-${t.id}`}>
      <strong>
        {t.name} is {broken ? 'broken beyond saving' : 'dead'}.
      </strong>{' '}
      {broken ? `${t.name} is out of play` : `${t.name} takes no more turns`} for the rest of this mission.
      {t.ownerSeatId !== null
        ? ' Once the mission is over, you make a replacement trooper for the next one (between missions).'
        : ''}
    </p>
  );
}

export function TrooperActions({ view, seat, t }: { view: View; seat: SeatRef; t: Trooper }) {
  const flashbacksId = useId();
  const rollWhenReady = useRollWhenReady(view, seat, t.id);
  const e = view.encounter;
  if (!e?.pcs.includes(t.id)) return null;
  const kill = e.pendingKills.find((p) => p.trooperId === t.id);
  const slot = e.queue[e.cursor];
  const myTurn = e.step === 'resolve' && slot?.actor === t.id;
  const roll = e.rolls[t.id];
  const decl = e.declarations[t.id];
  const ability = decl?.kind === 'nfa' ? 'nfa' : 'fa';
  const out = e.out[t.id];
  const at = e.positions[t.id];
  // Before Dominance sets the range nobody is placed: say so, as the range map does.
  const where = out ? `(out: ${outLabel(out)})` : at ? POSITION_LABEL[at] : NOT_PLACED;
  return (
    <section className="ts-card ts-actions" aria-label={`Actions of ${t.name}`} data-actor={t.id}>
      <h3>
        {t.name} <span className="ts-muted">{where}</span>
      </h3>
      {kill ? <KillQuestion view={view} seat={seat} t={t} kill={kill} flashbacksId={flashbacksId} /> : null}
      {e.forcedWeakness.includes(t.id) ? (
        <p className="ts-alert" role="alert">
          {t.name} must show a Weakness now: write it below.
        </p>
      ) : null}
      {e.step === 'dominance' && !e.dominance[t.id] ? (
        <div className="ts-row ts-wrap">
          <Act view={view} seat={seat} command={{ type: 'rollDominance', actor: t.id }}>
            Roll NFA for Dominance ({pcTarget(view, t, 'nfa')})
          </Act>
          <Act view={view} seat={seat} command={{ type: 'declineDominance', trooperId: t.id }}>
            Decline
          </Act>
          <Act view={view} seat={seat} command={{ type: 'useDropPods', trooperId: t.id }} hideWhenIllegal>
            Drop Pods
          </Act>
          <Act view={view} seat={seat} command={{ type: 'useKineticField', trooperId: t.id }} hideWhenIllegal>
            Kinetic Field Armour
          </Act>
        </div>
      ) : null}
      {e.step === 'dominance' && e.dominance[t.id] ? (
        <p className="ts-muted">
          Dominance:{' '}
          {e.dominance[t.id]?.declined ? 'declined' : rollText(e.dominance[t.id] as unknown as TestRoll)}
        </p>
      ) : null}
      {e.step === 'setRange' && e.rangeSetter === t.id ? (
        <fieldset className="ts-row" aria-label="Set the range">
          <span>You won Dominance: set the range</span>
          {RANGES.map((r) => (
            <Act key={r} view={view} seat={seat} command={{ type: 'setRange', range: r }}>
              {POSITION_LABEL[r]}
            </Act>
          ))}
        </fieldset>
      ) : null}
      {e.step === 'declare' && !e.out[t.id] ? (
        <>
          {decl ? <p>Declared: {describeDeclaration(decl)}</p> : null}
          <DeclareForm view={view} seat={seat} t={t} e={e} rollWhenReady={rollWhenReady} />
        </>
      ) : null}
      {(e.step === 'declare' || e.step === 'roll') && decl && !roll ? (
        <Act view={view} seat={seat} command={{ type: 'rollTest', actor: t.id }} className="ts-primary">
          Roll d10 for {ability.toUpperCase()} (need {pcTarget(view, t, ability)} or less)
        </Act>
      ) : null}
      {roll ? <p>Rolled: {rollText(roll)}</p> : null}
      <Act view={view} seat={seat} command={{ type: 'useCombatDrugs', trooperId: t.id }} hideWhenIllegal>
        Combat drugs: re-roll the FA die
      </Act>
      {myTurn && slot ? <TurnControls view={view} seat={seat} actor={t.id} slot={slot} /> : null}
      <div className="ts-row ts-wrap">
        {(['apc', 'dropShip'] as const).map((v) => (
          <Act
            key={v}
            view={view}
            seat={seat}
            command={{ type: 'deployVehicle', trooperId: t.id, vehicle: v }}
            hideWhenIllegal
          >
            Bring in the {VEHICLE_RULES[v].name}
          </Act>
        ))}
        {e.vehicles.map((v) => (
          <Act
            key={`${v.vehicle}-${v.ownerId}`}
            view={view}
            seat={seat}
            command={{ type: 'boardVehicle', trooperId: t.id, vehicle: v.vehicle, ownerId: v.ownerId }}
            hideWhenIllegal
          >
            Get into {view.troopers[v.ownerId]?.name}’s {VEHICLE_RULES[v.vehicle].name}
          </Act>
        ))}
        <Act view={view} seat={seat} command={{ type: 'leaveVehicle', trooperId: t.id }} hideWhenIllegal>
          Get out of the vehicle
        </Act>
        <Act view={view} seat={seat} command={{ type: 'activateDevice', trooperId: t.id }} hideWhenIllegal>
          Activate The Device (ends the campaign)
        </Act>
      </div>
      <Flashbacks view={view} seat={seat} t={t} id={flashbacksId} />
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The GM's side

function AbilityControl({ view, seat, id }: { view: View; seat: SeatRef; id: AbilityId }) {
  const runner = useRunner();
  const whyId = useId();
  const info = alienAbilityInfo(id);
  const [from, setFrom] = useState<'encounter' | 'pool'>('encounter');
  // Kept as typed, so the box can be emptied and retyped; read as a number when checked.
  const [amount, setAmount] = useState('1');
  const [target, setTarget] = useState('');
  const [range, setRange] = useState<Range>('close');
  const e = view.encounter as Encounter;
  const pcs = fighters(view, e);
  const command = {
    type: 'useAbility' as const,
    ability: id,
    ...(info.cost === 'free' ? {} : { from }),
    ...(info.cost === 'spendN' ? { amount: amount.trim() === '' ? Number.NaN : Number(amount) } : {}),
    ...(id === 'induceWeakness' ? { targetId: target || pcs[0] || 't1' } : {}),
    ...(id === 'rapidMovement' ? { ranges: pcs.map((trooperId) => ({ trooperId, range })) } : {}),
  };
  const verdict = check(view, seat, command);
  const always = info.timing === 'always';
  return (
    <li className={`ts-ability-row ${verdict.ok ? '' : 'ts-disabled'}`}>
      <div>
        <strong>{info.name}</strong> <span className="ts-cost">{COST_LABEL[info.cost]}</span>
        <div className="ts-muted">{info.summary}</div>
      </div>
      {always ? (
        <span className="ts-muted">always in force</span>
      ) : (
        <div className="ts-row ts-wrap">
          {info.cost !== 'free' ? (
            <select
              aria-label={`${info.name}: tokens from`}
              value={from}
              onChange={(ev) => setFrom(ev.target.value as 'encounter' | 'pool')}
            >
              <option value="encounter">from the encounter</option>
              <option value="pool">from the pool</option>
            </select>
          ) : null}
          {info.cost === 'spendN' ? (
            <input
              aria-label={`${info.name}: tokens to spend`}
              type="number"
              min={1}
              max={10}
              value={amount}
              className="ts-narrow"
              onChange={(ev) => setAmount(ev.target.value)}
            />
          ) : null}
          {id === 'induceWeakness' ? (
            <select aria-label="Target" value={target} onChange={(ev) => setTarget(ev.target.value)}>
              {pcs.map((p) => (
                <option key={p} value={p}>
                  {view.troopers[p]?.name}
                </option>
              ))}
            </select>
          ) : null}
          {id === 'rapidMovement' ? (
            <select
              aria-label="Move everyone to"
              value={range}
              onChange={(ev) => setRange(ev.target.value as Range)}
            >
              {RANGES.map((r) => (
                <option key={r} value={r}>
                  {POSITION_LABEL[r]}
                </option>
              ))}
            </select>
          ) : null}
          <button
            type="button"
            disabled={!verdict.ok || runner.busy}
            aria-describedby={verdict.ok ? undefined : whyId}
            onClick={() => void runner.run(command)}
          >
            Use
          </button>
          {verdict.ok ? null : (
            <span id={whyId} className="ts-why">
              {info.cost === 'spendN' && amount.trim() === ''
                ? 'type how many tokens first'
                : verdict.message}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

type AdjustTarget =
  | 'threatPool'
  | 'encounterTokens'
  | 'aa'
  | 'range'
  | 'health'
  | 'rank'
  | 'armour'
  | 'status'
  | 'kills'
  | 'ability';

/** What each override changes, in the GM's words; the select lists them in this order. */
const ADJUST_LABEL: Readonly<Record<AdjustTarget, string>> = {
  encounterTokens: 'Tokens in this encounter',
  threatPool: 'Planet Threat pool',
  aa: 'Alien Ability (AA)',
  range: 'A trooper’s range',
  health: 'Health boxes',
  rank: 'Rank',
  armour: 'Armour',
  status: 'Status',
  kills: 'Kills',
  ability: 'FA or NFA',
};

/** Typed values: what to type, as the box's placeholder. */
const ADJUST_HINT: Readonly<Partial<Record<AdjustTarget, string>>> = {
  threatPool: 'tokens in the pool',
  encounterTokens: 'tokens in this encounter',
  aa: 'AA 1–10',
  health: 'three boxes: X--, XE-, or --- for none',
  rank: 'rank 0–8',
  kills: 'this mission / total, e.g. 4/31 (one number: this mission, the total follows)',
  ability: 'fa 7 or nfa 5',
};

/** Values picked from a list (the ruleset's names, shown in words). */
const ADJUST_CHOICES: Readonly<Partial<Record<AdjustTarget, Readonly<Record<string, string>>>>> = {
  range: POSITION_LABEL,
  armour: SLOT_LABEL,
  status: STATUS_LABEL,
};

/**
 * The Kills override as typed: "4/31" sets both; one number is this mission's kills, and the total
 * moves with it, keeping the kills of the earlier career (never a total of 0 by omission).
 */
export function killsTyped(
  value: string,
  t: Pick<Trooper, 'totalKills' | 'killsThisMission'> | undefined,
): { killsThisMission: number; totalKills: number } {
  const parts =
    value.trim() === ''
      ? []
      : value
          .trim()
          .split(/[\s/]+/)
          .map(Number);
  const m = parts[0] ?? Number.NaN;
  const total = parts[1] ?? (t ? t.totalKills - t.killsThisMission + m : m);
  return { killsThisMission: m, totalKills: total };
}

export function Overrides({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const whyId = useId();
  const [target, setTarget] = useState<AdjustTarget>('encounterTokens');
  const [trooperId, setTrooperId] = useState(view.trooperOrder[0] ?? '');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [endReason, setEndReason] = useState('');
  const [note, setNote] = useState('');
  const [alone, setAlone] = useState(false);
  const t = view.troopers[trooperId];
  const riding = view.encounter ? vehicleAboard(view.encounter, trooperId) !== undefined : false;
  const choices = ADJUST_CHOICES[target];
  // A list starts on its first entry; a typed value starts empty, which is not a zero.
  const picked = choices ? value || (Object.keys(choices)[0] as string) : value;
  let adjustment: Record<string, unknown> = { target };
  const num = value.trim() === '' ? Number.NaN : Number(value);
  switch (target) {
    case 'threatPool':
    case 'encounterTokens':
    case 'aa':
    case 'rank':
      adjustment = { target, value: num, ...(target === 'rank' ? { trooperId } : {}) };
      break;
    case 'range':
      adjustment = { target, trooperId, value: picked, ...(riding && alone ? { alone: true } : {}) };
      break;
    case 'health':
      adjustment = {
        target,
        trooperId,
        value: [0, 1, 2].map((i) => {
          const c = value.toUpperCase()[i];
          return c === 'X' || c === 'E' ? c : null;
        }),
      };
      break;
    case 'armour':
    case 'status':
      adjustment = { target, trooperId, value: picked };
      break;
    case 'kills':
      adjustment = { target, trooperId, ...killsTyped(value, t) };
      break;
    case 'ability': {
      const [which, v] = value.trim().split(/\s+/);
      adjustment = {
        target,
        trooperId,
        ability: which?.toLowerCase() === 'nfa' ? 'nfa' : 'fa',
        value: Number(v),
      };
      break;
    }
  }
  const cmd = { type: 'gmAdjust', adjustment, reason } as unknown as ThreeSixteenCommand;
  const verdict = check(view, seat, cmd);
  // The value is judged with a stand-in reason, so an empty reason box is a step still to take
  // (a hint) while a value the ruleset refuses is a problem said at once.
  const valueVerdict = reason.trim()
    ? verdict
    : check(view, seat, { ...cmd, reason: 'why' } as ThreeSixteenCommand);
  const needsTrooper = !['threatPool', 'encounterTokens', 'aa'].includes(target);
  let hint: string | null = null;
  let problem: string | null = null;
  if (!choices && value.trim() === '') hint = 'type the new value first';
  else if (!valueVerdict.ok) problem = valueVerdict.message;
  else if (reason.trim() === '') hint = 'give a reason first';
  else if (!verdict.ok) problem = verdict.message;
  return (
    <details className="ts-card ts-overrides">
      <summary>GM overrides and notes</summary>
      <form
        onSubmit={async (ev) => {
          ev.preventDefault();
          if (hint || problem) return;
          const accepted = await runner.run(cmd);
          clearIfUnchanged(setValue, value)(accepted);
          clearIfUnchanged(setReason, reason)(accepted);
        }}
      >
        <div className="ts-row ts-wrap">
          <select
            aria-label="What to change"
            value={target}
            onChange={(ev) => {
              setTarget(ev.target.value as AdjustTarget);
              // A value typed for one target means nothing for another.
              setValue('');
            }}
          >
            {(Object.keys(ADJUST_LABEL) as AdjustTarget[]).map((k) => (
              <option key={k} value={k}>
                {ADJUST_LABEL[k]}
              </option>
            ))}
          </select>
          {needsTrooper ? (
            <select aria-label="Trooper" value={trooperId} onChange={(ev) => setTrooperId(ev.target.value)}>
              {view.trooperOrder.map((id) => (
                <option key={id} value={id}>
                  {view.troopers[id]?.name ?? id}
                </option>
              ))}
            </select>
          ) : null}
          {choices ? (
            <select aria-label="New value" value={picked} onChange={(ev) => setValue(ev.target.value)}>
              {Object.entries(choices).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label="New value"
              placeholder={ADJUST_HINT[target]}
              value={value}
              onChange={(ev) => setValue(ev.target.value)}
            />
          )}
          <TextLine label="Reason" placeholder="reason (required)" value={reason} onChange={setReason} />
          {target === 'range' && riding ? (
            <label className="ts-inline">
              <input type="checkbox" checked={alone} onChange={(ev) => setAlone(ev.target.checked)} /> out of
              the vehicle, alone
            </label>
          ) : null}
          <button
            type="submit"
            disabled={hint !== null || problem !== null || runner.busy}
            aria-describedby={hint || problem ? whyId : undefined}
          >
            Override
          </button>
          {hint ? (
            <span id={whyId} className="ts-why">
              {hint}
            </span>
          ) : null}
        </div>
        {t && needsTrooper ? (
          <p className="ts-muted">
            {t.name} now: {healthWords(t.health)}, armour {SLOT_LABEL[t.armour].toLowerCase()},{' '}
            {rankTitle(t.rank)} (rank {t.rank})
          </p>
        ) : null}
        {problem ? (
          <p id={whyId} className="ts-problems">
            {problem}
          </p>
        ) : null}
      </form>
      <div className="ts-row ts-wrap" hidden={!view.encounter}>
        <TextLine
          label="Why the encounter ends"
          placeholder="why the encounter ends"
          value={endReason}
          onChange={setEndReason}
        />
        <Act
          view={view}
          seat={seat}
          command={{ type: 'gmEndEncounter', ...(endReason.trim() ? { reason: endReason } : {}) }}
        >
          End the encounter
        </Act>
      </div>
      <div className="ts-row ts-wrap">
        {view.trooperOrder.map((id) => (
          <Act
            key={id}
            view={view}
            seat={seat}
            command={{ type: 'grantPreparationBonus', trooperId: id }}
            hideWhenIllegal
          >
            +1 for preparation: {view.troopers[id]?.name}
          </Act>
        ))}
      </div>
      <h4>GM notes (only you see them)</h4>
      <ul className="ts-kit">
        {view.gmNotes.map((n) => (
          <li key={n.id}>{n.text}</li>
        ))}
      </ul>
      <div className="ts-row ts-wrap ts-narrate">
        <TextLine label="GM note" placeholder="a note for yourself" value={note} onChange={setNote} />
        <button
          type="button"
          disabled={runner.busy || note.trim() === ''}
          onClick={async () => {
            clearIfUnchanged(setNote, note)(await runner.run({ type: 'gmNote', text: note }));
          }}
        >
          Note
        </button>
      </div>
    </details>
  );
}

function AliensPanel({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const rollWhenReady = useRollWhenReady(view, seat, 'aliens');
  const e = view.encounter as Encounter;
  const slot = e.queue[e.cursor];
  const planetAbilities = view.planet?.abilities ?? [];
  // Howls and terror: the GM may make a round's attack an emotional one.
  const [emotional, setEmotional] = useState(false);
  return (
    <section className="ts-card ts-actions" aria-label="Aliens" data-actor="aliens">
      <h3>
        Aliens <span className="ts-muted">AA {aaTarget(view)}</span>
      </h3>
      <div className="ts-row ts-wrap">
        {e.step === 'dominance' && !e.dominance.aliens ? (
          <Act view={view} seat={seat} command={{ type: 'rollDominance', actor: 'aliens' }}>
            Roll AA for Dominance
          </Act>
        ) : null}
        {e.step === 'setRange' && e.rangeSetter === 'aliens'
          ? RANGES.map((r) => (
              <Act key={r} view={view} seat={seat} command={{ type: 'setRange', range: r }}>
                Range: {POSITION_LABEL[r]}
              </Act>
            ))
          : null}
        {e.step === 'declare' && !e.aliensDeclared && e.tokens > 0 ? (
          <>
            <label>
              <input type="checkbox" checked={emotional} onChange={(ev) => setEmotional(ev.target.checked)} />{' '}
              emotional attack (E marks, armour is no use)
            </label>
            <Act
              view={view}
              seat={seat}
              command={emotional ? { type: 'declareAliens', emotional: true } : { type: 'declareAliens' }}
            >
              Declare the aliens (AA)
            </Act>
            {e.rolls.aliens ? null : (
              <button
                type="button"
                className="ts-primary"
                data-testid="aliens-declare-and-roll"
                disabled={runner.busy || !check(view, seat, { type: 'declareAliens' }).ok}
                onClick={async () => {
                  const declare: ThreeSixteenCommand = emotional
                    ? { type: 'declareAliens', emotional: true }
                    : { type: 'declareAliens' };
                  if (await runner.run(declare)) rollWhenReady(e.round);
                }}
              >
                Declare and roll AA (need {aaTarget(view)} or less)
              </button>
            )}
          </>
        ) : null}
        {e.aliensDeclared && e.roundEffects.emotional ? (
          <span>This round's attack is emotional: E marks.</span>
        ) : null}
        {(e.step === 'declare' || e.step === 'roll') && !e.rolls.aliens && e.tokens > 0 ? (
          <Act view={view} seat={seat} command={{ type: 'rollTest', actor: 'aliens' }}>
            Roll AA (need {aaTarget(view)} or less)
          </Act>
        ) : null}
        {e.tokens === 0 && e.roundEffects.suicide ? (
          <span>The last token went to the suicide attack: no AA roll this round.</span>
        ) : null}
        {e.rolls.aliens ? <span>AA roll: {rollText(e.rolls.aliens)}</span> : null}
      </div>
      {e.step === 'resolve' && slot?.actor === 'aliens' ? (
        <TurnControls view={view} seat={seat} actor="aliens" slot={slot} />
      ) : null}
      {planetAbilities.length > 0 ? (
        <>
          <h4>Special abilities</h4>
          <ul className="ts-abilities">
            {planetAbilities.map((a) => (
              <AbilityControl key={a} view={view} seat={seat} id={a} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export function Narrate({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const [text, setText] = useState('');
  const [as, setAs] = useState('');
  const [secret, setSecret] = useState(false);
  const gm = seat.role === 'gm';
  // The GM speaks for the troopers still in the fight; a player also for a fallen one of theirs
  // (its last words), marked as such.
  const mine = view.trooperOrder.filter((id) => {
    const t = view.troopers[id];
    return gm ? t?.status === 'active' : t?.ownerSeatId === seat.seatId;
  });
  // A player always speaks as one of their troopers: the list shows the first until another is picked.
  const speaker = gm ? as : as || mine[0] || '';
  return (
    <form
      className="ts-row ts-wrap ts-narrate"
      onSubmit={async (ev) => {
        ev.preventDefault();
        const cmd = {
          type: 'narrate' as const,
          text,
          ...(speaker ? { trooperId: speaker } : {}),
          ...(gm && secret ? { secret } : {}),
        };
        clearIfUnchanged(setText, text)(await runner.run(cmd));
      }}
    >
      <select aria-label="Speak as" value={speaker} onChange={(ev) => setAs(ev.target.value)}>
        {gm ? <option value="">GM / aliens</option> : null}
        {mine.map((id) => (
          <option key={id} value={id}>
            {view.troopers[id]?.name}
            {view.troopers[id]?.status === 'active' ? '' : ' (fallen)'}
          </option>
        ))}
      </select>
      <TextLine label="Narration text" placeholder="say what happens" value={text} onChange={setText} />
      {gm ? <GmOnly checked={secret} onChange={setSecret} /> : null}
      <button type="submit" disabled={runner.busy || text.trim() === '' || (!gm && !speaker)}>
        Narrate
      </button>
    </form>
  );
}

export function EncounterScreen({
  view,
  seat,
  seatName,
  report,
}: {
  view: View;
  seat: SeatRef;
  seatName: (id: string) => string;
  report: readonly ReportLine[];
}) {
  const e = view.encounter ?? view.lastEncounter;
  const [lastRound, setLastRound] = useState<RoundSnapshot | null>(null);
  const prev = useRef<RoundSnapshot | null>(null);
  const [actFor, setActFor] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const lastFocused = useRef<Element | null>(null);
  // Keep the previous round's queue on screen after the next round starts.
  useEffect(() => {
    if (!e) return;
    const p = prev.current;
    if (p && p.round !== e.round && p.queue.length > 0) setLastRound(p);
    prev.current = snapshotOf(e);
  }, [e]);
  // A control pressed here often goes away once its command is in (Roll for Dominance, Declare,
  // answering a Kill): the browser then drops focus to the page body. Put it on the heading
  // instead, so keyboard and screen-reader users carry on from the top of the encounter.
  useEffect(() => {
    const gone = lastFocused.current;
    if (!gone || gone.isConnected) return;
    lastFocused.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  });
  if (!e) return null;
  const live = view.encounter !== null;
  const gm = seat.role === 'gm';
  const mine = e.pcs
    .map((id) => view.troopers[id])
    .filter((t): t is Trooper => !!t && (t.ownerSeatId === seat.seatId || (gm && t.ownerSeatId === null)));
  const actForTrooper = gm && actFor ? view.troopers[actFor] : undefined;
  const current = e.step === 'resolve' ? e.cursor : null;
  const fight = fightOf(view);
  const lines = report.filter((l) => l.fight === fight?.key);
  // The ambush is news while it is on (its round 0); after that the round under way is.
  const ambushNow = e.ambush !== null && e.round === 0;
  const voided = live ? killsVoidCause(e) : null;
  // A player whose only PC fell reads it on the card at the top of the tab (Fallen.tsx).
  const toldAbove = fallenNotice(view, seat)?.trooperId;
  const fallen = mine.filter((t) => (t.status === 'dead' || t.status === 'wreck') && t.id !== toldAbove);
  return (
    <section
      className="ts-encounter"
      aria-label="Encounter"
      onFocus={(ev) => {
        lastFocused.current = ev.target;
      }}
    >
      <header className="ts-enc-head">
        <h2 ref={heading} tabIndex={-1} data-testid="encounter-heading">
          Encounter {e.number}
          {e.final ? ' (final)' : ''} {live ? '' : '— over'}
        </h2>
        <dl className="ts-counters">
          <div>
            <dt>Step</dt>
            <dd>{STEP_LABEL[e.step]}</dd>
          </div>
          <div>
            <dt>Round</dt>
            <dd data-testid="round">{e.round}</dd>
          </div>
          <div>
            <dt>Standoff</dt>
            <dd data-testid="standoff">{e.roundsWithoutKills}/3</dd>
          </div>
          <div>
            <dt>Tokens here</dt>
            <dd data-testid="tokens">{e.tokens}</dd>
          </div>
          <div>
            <dt>Planet pool</dt>
            <dd data-testid="pool">{view.planet?.threat.pool ?? 0}</dd>
          </div>
          <div>
            <dt>AA</dt>
            <dd>{aaTarget(view)}</dd>
          </div>
        </dl>
        {e.description ? <p className="ts-briefing">{e.description}</p> : null}
        {ambushNow ? (
          <p className="ts-alert" data-testid="encounter-now">
            {e.ambush === 'pcs' ? 'The troopers ambush the aliens!' : 'Alien ambush!'}
          </p>
        ) : live && e.round > 0 ? (
          <p className="ts-enc-now" data-testid="encounter-now">
            Round {e.round}: {STEP_LABEL[e.step].toLowerCase()}
            {e.ambush ? ` (after ${e.ambush === 'pcs' ? 'the troopers’' : 'the aliens’'} ambush)` : ''}
          </p>
        ) : null}
        {voided ? (
          <p className="ts-alert ts-void" role="status" data-testid="kills-void">
            {voided === 'armour' ? (
              <>
                <strong>Alien Armour:</strong> the aliens’ armour soaks up every kill this round.
              </>
            ) : (
              <>
                <strong>Ignore Wounds:</strong> the aliens shrug off this round’s kills.
              </>
            )}{' '}
            Until round {e.round + 1}, a kill removes no Threat Token and adds nothing to a trooper’s kills.
          </p>
        ) : null}
        {!live && e.endReason ? (
          <p className="ts-alert" data-testid="end-reason">
            Ended: {END_REASON_LABEL[e.endReason] ?? e.endReason}
          </p>
        ) : null}
      </header>
      {live ? <Waiting view={view} seat={seat} seatName={seatName} /> : null}
      {fallen.map((t) => (
        <Fallen key={t.id} t={t} />
      ))}
      <RangeMap view={view} e={e} />
      <section className="ts-card" aria-label="This round">
        <h3>Round {e.round}</h3>
        <RoundTable view={view} snap={snapshotOf(e)} current={current} />
        {live && gm ? <RoundShortcuts view={view} seat={seat} /> : null}
        {lines.length > 0 ? (
          <ol className="ts-report" aria-label="Round report">
            {lines.slice(-12).map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
              <li key={i}>
                <span className="ts-muted">{roundLabel(l.round, e)}</span> {l.text}
              </li>
            ))}
          </ol>
        ) : null}
        {lastRound ? (
          <details>
            <summary>Round {lastRound.round} as it resolved</summary>
            <RoundTable view={view} snap={lastRound} current={null} />
          </details>
        ) : null}
      </section>
      {live ? (
        <>
          {mine.map((t) => (
            <TrooperActions key={t.id} view={view} seat={seat} t={t} />
          ))}
          {gm ? (
            <>
              <AliensPanel view={view} seat={seat} />
              <section className="ts-card">
                <label>
                  Act for a player’s trooper{' '}
                  <select value={actFor} onChange={(ev) => setActFor(ev.target.value)}>
                    <option value="">—</option>
                    {e.pcs
                      .filter((id) => view.troopers[id]?.ownerSeatId !== null)
                      .map((id) => (
                        <option key={id} value={id}>
                          {view.troopers[id]?.name}
                        </option>
                      ))}
                  </select>
                </label>
              </section>
              {actForTrooper ? <TrooperActions view={view} seat={seat} t={actForTrooper} /> : null}
              <Overrides view={view} seat={seat} />
            </>
          ) : null}
        </>
      ) : null}
      {seat.role !== 'spectator' ? <Narrate view={view} seat={seat} /> : null}
    </section>
  );
}

/**
 * The GM's short path through a round, beside the usual one-by-one controls (which keep every
 * choice): once everyone has declared, roll every die still missing in one step; once the dice
 * are down, play every turn left as a plain action (no moves, no cancel, no narration). Each is
 * a series of ordinary commands and stops at the first the table must answer (a Kill to answer,
 * typed dice).
 */
export function roundShortcuts(
  e: Encounter,
  pcs: readonly string[],
): {
  rolls: ThreeSixteenCommand[];
  turns: ThreeSixteenCommand[];
} {
  const rolls: ThreeSixteenCommand[] = [];
  const everyoneDeclared =
    (e.step === 'declare' || e.step === 'roll') &&
    pcs.every((id) => e.declarations[id]) &&
    (e.aliensDeclared || e.tokens <= 0);
  if (everyoneDeclared) {
    for (const id of pcs) if (!e.rolls[id]) rolls.push({ type: 'rollTest', actor: id as 'aliens' });
    if (e.aliensDeclared && !e.rolls.aliens) rolls.push({ type: 'rollTest', actor: 'aliens' });
  }
  const turns: ThreeSixteenCommand[] =
    e.step === 'resolve' && e.pendingKills.length === 0 && e.forcedWeakness.length === 0
      ? e.queue
          .slice(e.cursor)
          .filter((q) => !q.done && q.actor !== SUICIDE && e.out[q.actor] === undefined)
          .map((q) => ({ type: 'takeTurn', actor: q.actor as 'aliens' }))
      : [];
  return { rolls, turns };
}

function RoundShortcuts({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const e = view.encounter as Encounter;
  const { rolls, turns } = roundShortcuts(e, fighters(view, e));
  if (rolls.length === 0 && turns.length === 0) return null;
  return (
    <fieldset className="ts-row ts-wrap ts-shortcuts" aria-label="Round shortcuts">
      {rolls.length > 0 ? (
        <button
          type="button"
          className="ts-primary"
          disabled={runner.busy || !check(view, seat, rolls[0] as ThreeSixteenCommand).ok}
          onClick={() => void runner.runEach(rolls)}
        >
          Roll for everyone ({rolls.length} {rolls.length === 1 ? 'die' : 'dice'})
        </button>
      ) : null}
      {turns.length > 0 ? (
        <button
          type="button"
          className="ts-primary"
          disabled={runner.busy || !check(view, seat, turns[0] as ThreeSixteenCommand).ok}
          onClick={() => void runner.runEach(turns)}
        >
          Play the {turns.length === 1 ? 'last turn' : `${turns.length} turns left`} as plain actions
        </button>
      ) : null}
    </fieldset>
  );
}

/** Health boxes in words: "unhurt", or the marks, e.g. "2 boxes marked (X, E)". */
function healthWords(health: Trooper['health']): string {
  const marks = health.filter((m) => m !== null);
  if (marks.length === 0) return 'unhurt';
  return `${marks.length} ${marks.length === 1 ? 'box' : 'boxes'} marked (${marks.join(', ')})`;
}
