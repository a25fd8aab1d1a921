import { useContext, useMemo, useState } from 'react';
import type { AttackOdds, VehicleOdds } from '../../rules/elite-unit/odds.ts';
import { bystanderShare, rangeColumn } from '../../rules/elite-unit/rules/attack.ts';
import { isHelpless } from '../../rules/elite-unit/rules/effective.ts';
import { isAboard } from '../../rules/elite-unit/rules/vehicles.ts';
import type { Character, VehicleInScene } from '../../rules/elite-unit/state.ts';
import type { LogItem } from '../log.ts';
import { TableLogContext } from '../pages/TablePage.tsx';
import { type AnswerState, useAnswer } from '../worker/use-answer.ts';
import { BlastSketch } from './BlastSketch.tsx';
import { rolled, words } from './describe-event.ts';
import { controls, isWhole, nameOf, percent, roster, type SeatRef, type View, weaponName } from './model.ts';
import { useOddsAsker } from './odds-context.ts';
import {
  type AttackCommand,
  answerAtOnce,
  type DefenceChance,
  type OddsAnswer,
  type OddsQuestion,
  parryObjects,
} from './odds-question.ts';
import { useRunner } from './runner.tsx';
import { vehiclesOf } from './Vehicles.tsx';
import { isMyMove } from './your-move.ts';

/**
 * The attack flow: the attacker picks weapon, mode, targets and ranges and ticks the situational
 * rows, seeing the exact chance (the ruleset's attackOdds); the defender answers on his own screen
 * (dodge, or parry before his die); the result shows with its whole breakdown; the GM may undo it
 * and says who else stood in a blast.
 */

interface Target {
  readonly on: boolean;
  readonly distance: string;
}

const SITUATION_ROWS: readonly { key: 'poorLight' | 'hiding' | 'unaware' | 'watching'; label: string }[] = [
  { key: 'poorLight', label: 'Poor light' },
  { key: 'hiding', label: 'Target hiding behind something' },
  { key: 'unaware', label: 'Target not expecting it' },
  { key: 'watching', label: 'Target watching the attacker closely' },
];

function OddsLine({ odds, label }: { odds: AttackOdds; label: string }) {
  return (
    <span>
      {label}: hit <strong>{percent(odds.hit)}</strong>
      {odds.caughtByNearMiss > 0 ? `, caught by a near miss ${percent(odds.caughtByNearMiss)}` : ''}; Stamina
      lost on average {odds.staminaLost.toFixed(1)}; wounded {percent(odds.wounded)}, incapacitated{' '}
      {percent(odds.incapacitated)}, dead {percent(odds.dead)}
    </span>
  );
}

function VehicleOddsLine({ odds, label }: { odds: VehicleOdds; label: string }) {
  return (
    <span>
      {label}: hit <strong>{percent(odds.hit)}</strong>
      {odds.caughtByNearMiss > 0 ? `, caught by a near miss ${percent(odds.caughtByNearMiss)}` : ''}; hull DC
      lost on average {odds.dcLost.toFixed(1)}; out of action {percent(odds.wrecked)}
    </span>
  );
}

export function AttackForm({ view, seat }: { view: View; seat: SeatRef }) {
  const r = useRunner();
  const gm = seat.role === 'gm';
  const move = view.move;
  const attackers = roster(view).filter(
    (c): c is Character => isWhole(c) && controls(seat, c) && c.dead === null && !isHelpless(c),
  );
  const preferred =
    move?.kind === 'act' && attackers.some((c) => c.id === move.characterId) ? move.characterId : '';
  const [chosen, setChosen] = useState('');
  const attackerId = attackers.some((c) => c.id === chosen) ? chosen : preferred || attackers[0]?.id || '';
  const attacker = attackers.find((c) => c.id === attackerId);
  const [weaponKey, setWeaponKey] = useState<string>('');
  const [mode, setMode] = useState('');
  const [rounds, setRounds] = useState('');
  const [targets, setTargets] = useState<Readonly<Record<string, Target>>>({});
  const [situation, setSituation] = useState<Readonly<Record<string, boolean>>>({});
  const [speed, setSpeed] = useState('');
  const [fatal, setFatal] = useState(false);
  const [parryable, setParryable] = useState<'' | 'yes' | 'no'>('');
  const [touch, setTouch] = useState(false);

  const usable = attacker
    ? attacker.weapons.filter(
        (w) => w.inHands || view.pack.weapons.find((x) => x.id === w.weapon)?.vehicleMounted,
      )
    : [];
  // The mounts of a vehicle the attacker is aboard (§13.7): fired with `vehicle`, their rounds the vehicle's.
  const mounts = attacker
    ? vehiclesOf(view)
        .filter((v) => isAboard(v, attacker.id))
        .flatMap((v) => v.weapons.map((w) => ({ v, w, value: `${v.id}/${w.key}` })))
    : [];
  const mount = mounts.find((m) => m.value === weaponKey);
  const weapon =
    mount?.w ?? usable.find((w) => w.key === weaponKey) ?? (weaponKey === 'unarmed' ? undefined : usable[0]);
  const data = weapon ? view.pack.weapons.find((x) => x.id === weapon.weapon) : undefined;
  const modeKind = data?.modes.some((m) => m.kind === mode) ? mode : (data?.modes[0]?.kind ?? '');
  // Kept across renders, so the odds below (about 0.1 s a count) are counted again only when the
  // view or the form changes, not at every render.
  // Characters and vehicles in the scene (a vehicle's driver answers for it, §13).
  const others = useMemo(
    (): { id: string; name: string }[] => [
      ...roster(view).filter((c) => c.id !== attackerId && (isWhole(c) ? c.dead === null : !c.dead)),
      // Not the vehicle the attacker rides in.
      ...vehiclesOf(view).filter((v) => !isAboard(v, attackerId)),
    ],
    [view, attackerId],
  );
  const picked = useMemo(() => others.filter((c) => targets[c.id]?.on), [others, targets]);

  const command = useMemo((): AttackCommand | null => {
    if (!attacker || picked.length === 0) return null;
    const list = picked.map((c) => ({ id: c.id, distance: Number(targets[c.id]?.distance || 0) }));
    const kph = Number(speed);
    const sit: AttackCommand['situation'] = {
      ...(situation.poorLight ? { poorLight: true } : {}),
      ...(situation.hiding ? { hiding: true } : {}),
      ...(situation.unaware ? { unaware: true } : {}),
      ...(situation.watching ? { watching: true } : {}),
      ...(speed !== '' && Number.isFinite(kph) && kph > 0 ? { speedKph: kph } : {}),
    };
    const n = Number(rounds);
    return {
      type: 'attack',
      attackerId: attacker.id,
      ...(weapon ? { weapon: weapon.key } : {}),
      ...(mount ? { vehicle: mount.v.id } : {}),
      ...(weapon && modeKind ? { mode: modeKind as NonNullable<AttackCommand['mode']> } : {}),
      ...(modeKind === 'fullAuto' && rounds !== '' && Number.isInteger(n) && n > 0 ? { rounds: n } : {}),
      targets: list,
      situation: sit,
      ...(gm && fatal ? { fatal: true } : {}),
      ...(gm && parryable !== '' ? { parryable: parryable === 'yes' } : {}),
      ...(gm && touch ? { touch: true } : {}),
    };
  }, [
    attacker,
    picked,
    targets,
    speed,
    situation,
    rounds,
    weapon,
    mount,
    modeKind,
    gm,
    fatal,
    parryable,
    touch,
  ]);

  // The exact chance, from the ruleset's own odds (each attack face run through its decide),
  // counted in the table's worker so typing a distance never stalls the page. A command the rules
  // refuse shows their refusal here, before anything is sent.
  const known = useMemo(() => (command ? answerAtOnce(view, command) : null), [command, view]);
  const question = useMemo(
    (): OddsQuestion | null =>
      command && !known
        ? { kind: 'attack', view, command, actor: { seatId: seat.seatId, role: seat.role } }
        : null,
    [command, known, view, seat.seatId, seat.role],
  );
  const counted = useAnswer(useOddsAsker(), question, 'attack');
  const odds: AnswerState<OddsAnswer> = known
    ? { kind: 'done', result: { ok: true, answer: known } }
    : counted;
  const refused = odds.kind === 'done' && !odds.result.ok;

  if (attackers.length === 0) return null;
  const myTurn = !view.battle || (move?.kind === 'act' && isMyMove(move, seat));
  if (!myTurn && !gm) return null;
  const perAction = data?.modes.find((m) => m.kind === 'fullAuto');
  return (
    <section className="eu-card" aria-label="Attack">
      <h3>Attack</h3>
      <form
        className="eu-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (command) void r.run(command);
        }}
      >
        <label>
          Attacker{' '}
          <select aria-label="Attacker" value={attackerId} onChange={(ev) => setChosen(ev.target.value)}>
            {attackers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Weapon{' '}
          <select
            aria-label="Weapon"
            value={mount?.value ?? weapon?.key ?? 'unarmed'}
            onChange={(ev) => setWeaponKey(ev.target.value)}
          >
            {usable.map((w) => (
              <option key={w.key} value={w.key}>
                {weaponName(view.pack, w.weapon)}
                {view.pack.weapons.find((x) => x.id === w.weapon)?.ammo ? ` (${w.loaded} loaded)` : ''}
              </option>
            ))}
            {mounts.map((m) => (
              <option key={m.value} value={m.value}>
                {weaponName(view.pack, m.w.weapon)} mounted on {m.v.name} ({m.w.loaded} loaded)
              </option>
            ))}
            <option value="unarmed">Bare hands</option>
          </select>
        </label>
        {data && data.modes.length > 0 ? (
          <label>
            Mode{' '}
            <select aria-label="Mode" value={modeKind} onChange={(ev) => setMode(ev.target.value)}>
              {data.modes.map((m) => (
                <option key={m.kind} value={m.kind}>
                  {m.kind === 'burst'
                    ? `burst of ${m.rounds}`
                    : m.kind === 'fullAuto'
                      ? `full auto (${m.rounds} a Turn)`
                      : m.kind}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {modeKind === 'fullAuto' && perAction && attacker ? (
          <label>
            Rounds{' '}
            <input
              name="rounds"
              type="number"
              min={1}
              inputMode="numeric"
              placeholder={String(Math.max(1, Math.floor(perAction.rounds / attacker.actions)))}
              value={rounds}
              onChange={(ev) => setRounds(ev.target.value)}
            />
          </label>
        ) : null}
        <fieldset>
          <legend>
            Targets and distance (m){modeKind === 'fullAuto' ? ' — full auto may spread over several' : ''}
          </legend>
          {others.map((c) => {
            const t = targets[c.id] ?? { on: false, distance: '' };
            const col = data && t.distance !== '' ? rangeColumn(data, Number(t.distance)) : null;
            return (
              <div key={c.id} className="eu-target">
                <label className="eu-check">
                  <input
                    type="checkbox"
                    checked={t.on}
                    onChange={(ev) => setTargets({ ...targets, [c.id]: { ...t, on: ev.target.checked } })}
                  />{' '}
                  {c.name}
                </label>
                <input
                  type="number"
                  min={0}
                  step="any"
                  inputMode="decimal"
                  aria-label={`Distance to ${c.name} in metres`}
                  value={t.distance}
                  onChange={(ev) =>
                    setTargets({ ...targets, [c.id]: { on: true, distance: ev.target.value } })
                  }
                />
                {col !== null ? (
                  <span className="eu-muted">{col < 0 ? ' out of range' : ` range column ${col + 1}`}</span>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>Situation</legend>
          {SITUATION_ROWS.map((row) => (
            <label key={row.key} className="eu-check">
              <input
                type="checkbox"
                checked={situation[row.key] ?? false}
                onChange={(ev) => setSituation({ ...situation, [row.key]: ev.target.checked })}
              />{' '}
              {row.label}
            </label>
          ))}
          <label>
            Relative speed (kph){' '}
            <input
              type="number"
              min={0}
              inputMode="numeric"
              value={speed}
              onChange={(ev) => setSpeed(ev.target.value)}
            />
          </label>
        </fieldset>
        {gm ? (
          <fieldset>
            <legend>GM rulings</legend>
            <label className="eu-check">
              <input type="checkbox" checked={fatal} onChange={(ev) => setFatal(ev.target.checked)} /> Fatal
              surprise attack
            </label>
            <label className="eu-check">
              <input type="checkbox" checked={touch} onChange={(ev) => setTouch(ev.target.checked)} /> Within
              touch
            </label>
            <label>
              Parrying{' '}
              <select value={parryable} onChange={(ev) => setParryable(ev.target.value as '' | 'yes' | 'no')}>
                <option value="">as the weapon says</option>
                <option value="yes">may be parried</option>
                <option value="no">may not be parried</option>
              </select>
            </label>
          </fieldset>
        ) : null}
        <div className="eu-odds" data-testid="attack-odds" aria-live="polite">
          <AttackChance odds={odds} />
        </div>
        <button type="submit" disabled={r.busy || !command || refused}>
          Attack
        </button>
      </form>
    </section>
  );
}

/** A form's chance (an attack's, a ram's, a risky action's): being counted, refused by the rules, hidden, or the odds. */
export function AttackChance({
  odds,
  none = 'Pick a target and a distance to see the chance.',
}: {
  odds: AnswerState<OddsAnswer>;
  /** What to say before there is anything to count. */
  none?: string;
}) {
  if (odds.kind === 'none') return <span className="eu-muted">{none}</span>;
  if (odds.kind === 'counting')
    return (
      <span className="eu-muted" data-testid="odds-counting">
        Counting the chance…
      </span>
    );
  const r = odds.result;
  if (!r.ok)
    return (
      <span className="eu-refused" data-code={r.code}>
        The rules refuse this: {r.message}.
      </span>
    );
  const a = r.answer;
  if (a.kind === 'vehicle') return <VehicleOddsLine odds={a.odds} label={`Against ${a.target}`} />;
  // A risky vehicle action (the vehicle form's): its save's chance.
  if (a.kind === 'save')
    return (
      <span>
        The save holds <strong>{percent(a.success)}</strong> of the time (d20 under {a.target})
      </span>
    );
  if (a.kind !== 'attack')
    return <span className="eu-muted">The GM keeps this target’s sheet: its chance is not shown.</span>;
  return (
    <>
      <OddsLine odds={a.dodge} label={`Against ${a.target} dodging`} />
      {a.withParry.map((p) => (
        <div key={p.name}>
          <OddsLine odds={p.odds} label={`If ${a.target} parries with ${p.name}`} />
        </div>
      ))}
    </>
  );
}

/**
 * The defender's prompt: dodge, or parry with a held object (declared before the defence die). The
 * GM, answering for anyone, may also rule that some worn layers do not cover where the blow lands
 * (partial armour, §9.1).
 */
export function DefendPrompt({ view, seat }: { view: View; seat: SeatRef }) {
  const p = view.pending;
  const move = view.move;
  if (!p || move?.kind !== 'defend' || !isMyMove(move, seat)) return null;
  const t = p.targets[p.next];
  const vehicle = t ? view.vehicles?.[t.id] : undefined;
  if (vehicle) return <VehicleDefend key={`${p.attackId}/${p.next}`} view={view} p={p} v={vehicle} />;
  const c = t ? view.characters[t.id] : undefined;
  if (!t || !c || !isWhole(c)) return null;
  return <DefendForm key={`${p.attackId}/${p.next}`} view={view} p={p} c={c} gm={seat.role === 'gm'} />;
}

export function DefendForm({
  view,
  p,
  c,
  gm,
}: {
  view: View;
  p: NonNullable<View['pending']>;
  c: Character;
  gm: boolean;
}) {
  const r = useRunner();
  const [choice, setChoice] = useState('dodge');
  const [waive, setWaive] = useState(false);
  const [uncovered, setUncovered] = useState<readonly string[]>([]);
  const helpless = isHelpless(c);
  const canParry = p.parryable && !p.unaware && !helpless;
  const parries = canParry ? parryObjects(c, view) : [];
  const parry = parries.find((x) => x.key === choice);
  // Each option's exact chance, counted in the table's worker once per view (a parry runs ~1000 decides).
  const keys = parries.map((x) => x.key).join(',');
  // The GM's partial-armour ticks go into the count: the chances follow the ruling.
  const ruling = gm ? uncovered.join(',') : '';
  const question = useMemo(
    (): OddsQuestion => ({
      kind: 'defence',
      view,
      defenderId: c.id,
      parries: keys ? keys.split(',') : [],
      ...(ruling ? { uncovered: ruling.split(',') } : {}),
    }),
    [view, c.id, keys, ruling],
  );
  const odds = useAnswer(useOddsAsker(), question, 'defence');
  const chances =
    odds.kind === 'done' && odds.result.ok && odds.result.answer.kind === 'defence'
      ? odds.result.answer.chances
      : null;
  const chance = (key: string) => chances?.[key] ?? null;
  const worn = c.armour.filter((l) => l.dc > 0);
  const source = p.weapon
    ? weaponName(view.pack, p.weapon)
    : p.spell
      ? words(p.spell)
      : p.thrownCode !== undefined
        ? 'a thrown object'
        : 'bare hands';
  return (
    <section className="eu-card eu-defend" aria-label={`Defend ${c.name}`} data-testid="defend">
      <h3>
        {nameOf(view, p.attackerId)} attacks {c.name}
      </h3>
      <p>
        With {source}: attack total <strong data-testid="attack-total">{p.attackTotal}</strong>. {c.name}{' '}
        rolls a d20 and adds Dodge{helpless ? ' (helpless: 0)' : ''}; the attack hits if its total is higher.
        {p.unaware ? ' Taken unaware: no parry.' : !p.parryable ? ' Too fast to parry.' : ''}
      </p>
      {odds.kind === 'counting' ? (
        <p className="eu-muted" data-testid="odds-counting">
          Counting the chances…
        </p>
      ) : null}
      <fieldset>
        <legend>How does {c.name} defend?</legend>
        <label className="eu-check">
          <input type="radio" name="eu-defence" checked={!parry} onChange={() => setChoice('dodge')} /> Dodge
          <ChanceNote chance={chance('dodge')} />
        </label>
        {parries.map((x) => (
          <label key={x.key} className="eu-check">
            <input
              type="radio"
              name="eu-defence"
              checked={parry?.key === x.key}
              onChange={() => setChoice(x.key)}
            />{' '}
            Parry with {x.name} (Reactions save first)
            <ChanceNote chance={chance(x.key)} />
          </label>
        ))}
        {parry ? (
          <label className="eu-check">
            <input type="checkbox" checked={waive} onChange={(ev) => setWaive(ev.target.checked)} /> Give up
            the parry save
          </label>
        ) : null}
      </fieldset>
      {gm && worn.length > 0 ? (
        <fieldset data-testid="partial-armour">
          <legend>Partial armour: layers that do not cover where this blow lands</legend>
          {worn.map((l) => (
            <label key={l.key} className="eu-check">
              <input
                type="checkbox"
                checked={uncovered.includes(l.key)}
                onChange={(ev) =>
                  setUncovered(
                    ev.target.checked ? [...uncovered, l.key] : uncovered.filter((k) => k !== l.key),
                  )
                }
              />{' '}
              {l.name} (DC {l.dc}) does not cover it
            </label>
          ))}
          {uncovered.length > 0 ? (
            <p className="eu-muted" data-testid="ruling-counted">
              The chances above count the ticked layers as not covering: the blow passes them untouched.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <button
        type="button"
        disabled={r.busy}
        onClick={() =>
          void r.run({
            type: 'defend',
            targetId: c.id,
            ...(parry ? { parry: parry.key } : {}),
            ...(parry && waive ? { waiveSave: true } : {}),
            ...(gm && uncovered.length > 0 ? { uncovered: [...uncovered] } : {}),
          })
        }
      >
        {parry ? `Parry with ${parry.name}` : 'Dodge'} and roll
      </button>
    </section>
  );
}

/** An attack on a vehicle: its driver's seat rolls the defence (no parry; evasion helps, §13.5). */
export function VehicleDefend({
  view,
  p,
  v,
}: {
  view: View;
  p: NonNullable<View['pending']>;
  v: VehicleInScene;
}) {
  const r = useRunner();
  const question = useMemo((): OddsQuestion => ({ kind: 'vehicleDefence', view }), [view]);
  const odds = useAnswer(useOddsAsker(), question, 'vehicleDefence');
  const answer = odds.kind === 'done' && odds.result.ok ? odds.result.answer : null;
  return (
    <section className="eu-card eu-defend" aria-label={`Defend ${v.name}`} data-testid="defend">
      <h3>
        {nameOf(view, p.attackerId)} attacks {v.name}
      </h3>
      <p>
        Attack total <strong data-testid="attack-total">{p.attackTotal}</strong>. The driver rolls a d20
        {v.evasive ? ' and adds half the modified Reactions (evasive manoeuvres)' : ''}; the attack hits if
        its total is higher. A vehicle cannot parry.
      </p>
      {odds.kind === 'counting' ? (
        <p className="eu-muted" data-testid="odds-counting">
          Counting the chances…
        </p>
      ) : answer?.kind === 'vehicle' ? (
        <p className="eu-muted" data-testid="defence-chance">
          <VehicleOddsLine odds={answer.odds} label="The chance" />
        </p>
      ) : null}
      <button type="button" disabled={r.busy} onClick={() => void r.run({ type: 'defend', targetId: v.id })}>
        Dodge and roll
      </button>
    </section>
  );
}

function ChanceNote({ chance }: { chance: DefenceChance | null }) {
  if (!chance) return null;
  const o = chance.odds;
  return (
    <span className="eu-muted" data-testid="defence-chance">
      {' '}
      — hit {percent(o.hit)}
      {chance.parryHolds !== null ? `; the save holds ${percent(chance.parryHolds)}` : ''}; wounded{' '}
      {percent(o.wounded)}, dead {percent(o.dead)}
    </span>
  );
}

type OtherItem = Extract<LogItem, { kind: 'other' }>;
type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The last attack in this seat's log: its declaration, each defender's result, the bystanders. */
export function lastAttack(items: readonly LogItem[]): {
  declared: OtherItem;
  resolved: OtherItem[];
  bystanders: OtherItem[];
  undone: boolean;
} | null {
  let start = -1;
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i];
    if (it?.kind === 'other' && it.type === 'attack.declared') {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const declared = items[start] as OtherItem;
  const id = str(declared.event.attackId);
  const resolved: OtherItem[] = [];
  const bystanders: OtherItem[] = [];
  let undone = false;
  for (const it of items.slice(start + 1)) {
    if (it.kind !== 'other') continue;
    if (it.type === 'attack.resolved' && it.event.attackId === id) resolved.push(it);
    else if (it.type === 'question.answered' && Object.keys(obj(it.event.blows)).length > 0)
      bystanders.push(it);
    else if (it.type === 'resolution.undone') undone = true;
  }
  return { declared, resolved, bystanders, undone };
}

function BlowRows({ blow }: { blow: Json }) {
  const layers = arr(blow.layers)
    .map(obj)
    .filter((l) => str(l.outcome) !== 'skipped');
  const loc = obj(blow.location);
  return (
    <ul className="eu-breakdown">
      <li>Dealt: {num(blow.dealt) ?? '?'}</li>
      {layers.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: layers in their fixed order
        <li key={i} data-testid="layer-loss">
          {str(l.layer)}: blow {num(l.arriving)}, {str(l.outcome)}, DC {num(l.dcBefore)} → {num(l.dcAfter)}{' '}
          (lost {(num(l.dcBefore) ?? 0) - (num(l.dcAfter) ?? 0)})
        </li>
      ))}
      <li data-testid="stamina-change">
        Stamina {num(blow.staminaBefore)} → {num(blow.staminaAfter)}
      </li>
      {str(loc.part) ? (
        <li data-testid="hit-location">
          Hit location: d100 {rolled(loc.roll)} → {words(str(loc.part))} ({words(str(loc.before))} →{' '}
          {words(str(loc.after))})
        </li>
      ) : null}
      {str(blow.died) ? <li className="eu-dead">Dies: {str(blow.died)}</li> : null}
    </ul>
  );
}

/** The layers a partial-armour ruling left out, by name where this seat holds the sheet. */
function uncoveredWords(view: View, targetId: string, keys: readonly string[]): string {
  const c = view.characters[targetId];
  if (!isWhole(c)) return keys.length === 1 ? 'one worn layer' : `${keys.length} worn layers`;
  const names = keys.map((k) => c.armour.find((l) => l.key === k)?.name ?? k);
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The last attack with its whole breakdown, as this seat may see it; the GM's undo beside it. */
export function AttackResult({ view, seat }: { view: View; seat: SeatRef }) {
  const items = useContext(TableLogContext);
  const r = useRunner();
  const last = useMemo(() => lastAttack(items), [items]);
  const gm = seat.role === 'gm';
  if (!last) return null;
  const d = last.declared.event;
  const steps = arr(d.steps).map(obj);
  const pending = obj(d.pending);
  return (
    <section
      className="eu-card eu-result"
      aria-label="Last attack"
      data-testid="last-attack"
      data-undone={last.undone ? 'true' : undefined}
    >
      <h3>
        Last attack: {nameOf(view, str(d.attackerId))} with{' '}
        {weaponName(view.pack, typeof d.weapon === 'string' ? d.weapon : null)}
        {last.undone ? ' (taken back by the GM)' : ''}
      </h3>
      <p>
        {str(d.mode) ? `${words(str(d.mode))}, ` : ''}
        {num(d.rounds) ? `${num(d.rounds)} round${num(d.rounds) === 1 ? '' : 's'}; ` : ''}
        {num(d.face) === null ? 'attack total ' : `attack: d20 ${num(d.face)}`}
        {num(d.face) === null
          ? ''
          : `${steps.map((s) => ` ${(num(s.value) ?? 0) >= 0 ? '+' : '−'} ${Math.abs(num(s.value) ?? 0)} (${str(s.step)})`).join('')} = `}
        <strong>{num(d.total)}</strong>
      </p>
      {last.resolved.length === 0 && !last.undone ? (
        <p className="eu-muted">
          Waiting for{' '}
          {arr(pending.targets)
            .map((t) => nameOf(view, str(obj(t).id)))
            .join(', ')}{' '}
          to defend.
        </p>
      ) : null}
      {last.resolved.map((it) => {
        const e = it.event;
        const def = obj(e.defence);
        const parry = obj(def.parry);
        const save = obj(parry.save);
        const nm = obj(e.nearMiss);
        const blow = obj(e.blow);
        return (
          <div key={it.seq} className="eu-resolution" data-testid="resolution" data-target={str(e.targetId)}>
            <h4>
              {nameOf(view, str(e.targetId))}: {e.hit ? 'hit' : nm.caught ? 'near miss, caught' : 'missed'}
              {e.fatal ? ' — killed outright' : ''}
            </h4>
            <p>
              Attack {num(e.attackTotal)} against defence{' '}
              {num(def.total) !== null ? (
                <>
                  d20 {num(def.face) ?? '—'} + Dodge {num(def.dodge)}
                  {num(parry.dodgeBonus) ? ` + parry ${num(parry.dodgeBonus)}` : ''} = {num(def.total)}
                  {def.helpless ? ' (helpless)' : ''}
                </>
              ) : (
                'the GM keeps'
              )}
              {str(parry.object)
                ? `; parry save ${save.waived ? 'given up' : `${arr(save.faces).join(' + ')} against ${num(save.target)}: ${save.success ? 'success' : 'failure'}`}`
                : ''}
            </p>
            {nm.caught !== undefined ? (
              <p>
                Near miss: {Math.round((num(nm.metres) ?? 0) * 100) / 100} m from the impact —{' '}
                {nm.caught ? `caught, ${str(nm.share)} damage` : 'clear'}
              </p>
            ) : null}
            {arr(def.uncovered).length > 0 ? (
              <p data-testid="uncovered">
                The GM ruled that {uncoveredWords(view, str(e.targetId), arr(def.uncovered).map(str))} did not
                cover where it landed.
              </p>
            ) : null}
            {e.damage ? <p>Damage roll: {rolled(e.damage)}</p> : null}
            {Object.keys(blow).length > 0 ? <BlowRows blow={blow} /> : null}
            {e.died === true ? <p className="eu-dead">Dies.</p> : null}
          </div>
        );
      })}
      {last.bystanders.map((it) => (
        <div key={it.seq} className="eu-resolution" data-testid="bystanders">
          <h4>Also caught</h4>
          {Object.entries(obj(it.event.blows)).map(([id, b]) => (
            <div key={id} data-target={id}>
              <strong>{nameOf(view, id)}</strong>
              <BlowRows blow={obj(b)} />
            </div>
          ))}
        </div>
      ))}
      {gm && view.undo ? (
        <button type="button" disabled={r.busy} onClick={() => void r.run({ type: 'gm.undo' })}>
          Undo the last resolution ({view.undo.what})
        </button>
      ) : null}
    </section>
  );
}

/** The GM's answer to a blast or spread: who else stood in it, how far from the impact. */
export function Bystanders({ view }: { view: View }) {
  const r = useRunner();
  const q = view.questions.find((x) => x.kind === 'bystanders');
  const [marks, setMarks] = useState<Readonly<Record<string, { on: boolean; metres: string }>>>({});
  const [placing, setPlacing] = useState('');
  if (q?.kind !== 'bystanders') return null;
  const everyone = roster(view).filter((c) => (isWhole(c) ? c.dead === null : !c.dead));
  const data = view.pack.weapons.find((w) => w.id === q.weapon);
  const listed = everyone.map((c) => {
    const m = marks[c.id] ?? { on: false, metres: '' };
    const metres = Number(m.metres);
    const share =
      m.on && m.metres !== '' && Number.isFinite(metres)
        ? q.area === 'blast'
          ? bystanderShare(metres, q.radius, q.plasma)
          : data && rangeColumn(data, metres) >= 0
            ? 'full'
            : 'none'
        : null;
    return { c, m, share };
  });
  const reach =
    q.area === 'blast' ? q.radius : Math.max(0, ...(data?.columns.map((col) => col.range) ?? [0]));
  const placer = everyone.find((c) => c.id === placing);
  return (
    <section className="eu-card eu-question" aria-label="Who else was caught">
      <h3>
        {q.area === 'blast' ? `Blast of ${q.radius} m` : `Spread of ${q.radius} m`}: who else was caught?
      </h3>
      <p className="eu-muted">
        {q.area === 'blast'
          ? `Tick everyone near the impact and give their distance from it: within ${q.radius / 2} m full damage, within ${q.radius} m half.`
          : 'Tick everyone in the cone and give their distance from the shooter.'}{' '}
        Damage roll:{' '}
        {Object.values(q.damage)
          .map((d) => rolled(d))
          .join(', ') || 'rolled when needed'}
        .
      </p>
      <div className="eu-blast">
        <BlastSketch
          input={{
            area: q.area,
            radius: reach,
            plasma: q.plasma,
            marks: listed
              .filter((x) => x.m.on)
              .map((x) => ({
                id: x.c.id,
                name: x.c.name,
                metres: x.m.metres !== '' && Number.isFinite(Number(x.m.metres)) ? Number(x.m.metres) : null,
                share: x.share,
              })),
          }}
          placing={
            placer
              ? {
                  name: placer.name,
                  metres:
                    marks[placer.id]?.metres && Number.isFinite(Number(marks[placer.id]?.metres))
                      ? Number(marks[placer.id]?.metres)
                      : null,
                }
              : null
          }
          onPlace={(metres) => {
            if (placer) setMarks({ ...marks, [placer.id]: { on: true, metres: String(metres) } });
          }}
        />
        <div>
          <label>
            Place on the sketch{' '}
            <select value={placing} onChange={(ev) => setPlacing(ev.target.value)}>
              <option value="">nobody</option>
              {everyone.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <ul className="eu-bystanders">
            {listed.map(({ c, m, share }) => (
              <li key={c.id} data-id={c.id}>
                <label className="eu-check">
                  <input
                    type="checkbox"
                    checked={m.on}
                    onChange={(ev) => setMarks({ ...marks, [c.id]: { ...m, on: ev.target.checked } })}
                  />{' '}
                  {c.name}
                </label>{' '}
                <input
                  type="number"
                  min={0}
                  step="any"
                  inputMode="decimal"
                  aria-label={`Metres from ${c.name} to the ${q.area === 'blast' ? 'impact' : 'shooter'}`}
                  value={m.metres}
                  onChange={(ev) => setMarks({ ...marks, [c.id]: { on: true, metres: ev.target.value } })}
                />{' '}
                {share ? (
                  <span data-testid={`share-${c.id}`}>{share === 'none' ? 'clear' : `${share} damage`}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <button
        type="button"
        disabled={r.busy}
        onClick={() =>
          void r
            .run({
              type: 'gm.bystanders',
              questionId: q.id,
              bystanders: listed
                .filter((x) => x.m.on && x.m.metres !== '')
                .map((x) => ({ id: x.c.id, metres: Number(x.m.metres) })),
            })
            .then((ok) => {
              if (!ok) return;
              setMarks({});
              setPlacing('');
            })
        }
      >
        Deal the damage to those caught
      </button>
    </section>
  );
}
