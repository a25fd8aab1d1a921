import { useState } from 'react';
import { CONDITIONS, PARTS } from '../../rules/elite-unit/data/tables.ts';
import { GM_FIELDS, type GmField } from '../../rules/elite-unit/gm-fields.ts';
import { knownSkills } from '../../rules/elite-unit/rules/character.ts';
import type { Character } from '../../rules/elite-unit/state.ts';
import type { SeatInfo } from '../../server/protocol.ts';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { NamedSelect } from '../components/NamedSelect.tsx';
import { words } from './describe-event.ts';
import { type Command, isWhole, nameOf, roster, type SeatRef, type View } from './model.ts';
import { useRunner } from './runner.tsx';
import { SurgeryPanel } from './Surgery.tsx';

/**
 * The GM's screen: characters from the pack's templates (NPC sheets hidden by default), any value
 * overridden, hidden rolls, time passing (hours: healing, poison, drains, NE; years: ageing), and
 * the questions the rules leave to the GM.
 */

/** Fields whose value is a list entry put on or taken off, each with its two verbs. */
const LIST_VERBS: Partial<Record<GmField, readonly [string, string]>> = {
  condition: ['Put on', 'Take off'],
  spell: ['Teach', 'Forget'],
  skill: ['Teach', 'Forget'],
  item: ['Add', 'Take away'],
  weapon: ['Give', 'Take away'],
  layer: ['Put on', 'Take off'],
  neStore: ['Set its NE', 'Take it away'],
};

/** What the override form holds, as the GM typed or chose it. */
export interface OverrideInput {
  readonly id: string;
  readonly field: GmField;
  readonly name: string;
  /** The typed number, or the chosen word (a part state, yes/no). */
  readonly value: string;
  /** A list field: take the entry away rather than put it on. */
  readonly remove: boolean;
}

/**
 * The gm.set command the form sends, or null while a needed number is missing. A condition put
 * on with no Turns typed lasts until removed; an NE store needs the NE it holds.
 */
export function overrideCommand(f: OverrideInput): Command | null {
  const base = { type: 'gm.set', id: f.id, field: f.field, ...(f.name ? { name: f.name } : {}) } as const;
  const typed = f.value.trim() === '' ? null : Number(f.value);
  // A body part's value is a word, not a number: only the numeric fields reject what is not one.
  const badNumber = typed !== null && !Number.isFinite(typed);
  switch (f.field) {
    case 'controlPort':
      return { ...base, value: f.value === 'yes' };
    case 'part':
      return { ...base, value: f.value || 'intact' };
    case 'spell':
    case 'skill':
    case 'item':
    case 'weapon':
      return { ...base, value: !f.remove };
    case 'layer':
      return { ...base, value: f.remove ? false : f.value === 'inner' ? 'inner' : true };
    case 'condition':
      if (f.remove) return { ...base, value: false };
      return badNumber ? null : { ...base, value: typed ?? true };
    default:
      if (f.field === 'neStore' && f.remove) return { ...base, value: false };
      return typed === null || badNumber ? null : { ...base, value: typed };
  }
}

const PART_STATES = [
  'intact',
  'damaged',
  'destroyed',
  'repaired',
  'prosthetic',
  'prostheticDamaged',
  'prostheticFailed',
];

export function AddCharacter({
  view,
  seat,
  seats,
}: {
  view: View;
  seat: SeatRef;
  seats: readonly SeatInfo[];
}) {
  const r = useRunner();
  const gm = seat.role === 'gm';
  const templates = view.pack.characters.filter((t) => gm || t.kind === 'pc');
  const [from, setFrom] = useState('');
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [hidden, setHidden] = useState<boolean | null>(null);
  const template = templates.find((t) => t.id === from) ?? templates[0];
  if (!template) return null;
  const hide = hidden ?? template.kind === 'npc';
  const players = seats.filter((s) => s.role === 'player');
  return (
    <form
      className="eu-form"
      aria-label={gm ? 'Add a character' : 'Take a sample character'}
      onSubmit={(ev) => {
        ev.preventDefault();
        const command: Command = gm
          ? {
              type: 'character.add',
              from: template.id,
              ...(name.trim() ? { name: name.trim() } : {}),
              ownerSeatId: owner === '' ? null : owner,
              hidden: hide,
            }
          : {
              type: 'character.add',
              from: template.id,
              ...(name.trim() ? { name: name.trim() } : {}),
              ownerSeatId: seat.seatId,
            };
        void r.run(command).then(clearIfUnchanged(setName, name));
      }}
    >
      <label>
        Sample character{' '}
        <select value={template.id} onChange={(ev) => setFrom(ev.target.value)}>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.kind === 'npc' ? 'NPC' : 'PC'}, {t.role})
            </option>
          ))}
        </select>
      </label>
      <label>
        Name (optional){' '}
        <input
          value={name}
          maxLength={80}
          onChange={(ev) => setName(ev.target.value)}
          placeholder={template.name}
        />
      </label>
      {gm ? (
        <>
          <label>
            Played by{' '}
            <select value={owner} onChange={(ev) => setOwner(ev.target.value)}>
              <option value="">the GM</option>
              {players.map((s) => (
                <option key={s.seatId} value={s.seatId}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="eu-check">
            <input type="checkbox" checked={hide} onChange={(ev) => setHidden(ev.target.checked)} /> Hide the
            sheet from the players
          </label>
        </>
      ) : null}
      <button type="submit" disabled={r.busy}>
        {gm ? 'Add to the table' : `Take ${name.trim() || template.name}`}
      </button>
    </form>
  );
}

export function GmScreen({ view, seat, seats }: { view: View; seat: SeatRef; seats: readonly SeatInfo[] }) {
  return (
    <div className="eu-columns">
      <section className="eu-card" aria-label="Characters">
        <h3>Characters</h3>
        <AddCharacter view={view} seat={seat} seats={seats} />
        <Roster view={view} seats={seats} />
      </section>
      <PackPanel view={view} />
      <Override view={view} />
      <HiddenRolls view={view} />
      <TimePanel view={view} />
      <SurgeryPanel view={view} />
      <Fates view={view} />
      <Questions view={view} />
    </div>
  );
}

/**
 * What a birthday left for the GM to time (§15): a prosthetic that fails within the year, death
 * of old age. Each waits on the sheet as a flag until the GM picks the moment (gm.fate), which the
 * GM may undo like any resolution.
 */
type FatePart = 'trunk' | 'arms' | 'legs' | 'face';

export function Fates({ view }: { view: View }) {
  const r = useRunner();
  const flags = roster(view)
    .filter(isWhole)
    .filter((c) => c.dead === null)
    .flatMap((c) =>
      c.conditions.flatMap((x): { c: Character; part: FatePart | null; key: string }[] =>
        x.id === 'prostheticFailsThisYear' &&
        (x.note === 'trunk' || x.note === 'arms' || x.note === 'legs' || x.note === 'face')
          ? [{ c, part: x.note, key: `${c.id}/${x.note}` }]
          : x.id === 'diesThisYear'
            ? [{ c, part: null, key: `${c.id}/age` }]
            : [],
      ),
    );
  if (flags.length === 0) return null;
  return (
    <section className="eu-card eu-question" aria-label="Fates this year">
      <h3>Fates this year</h3>
      <p className="eu-muted">Each strikes at a moment you pick, usually a tense one.</p>
      <ul>
        {flags.map(({ c, part, key }) => (
          <li key={key}>
            {part
              ? `${c.name}'s prosthetic ${words(part)} fails within the year${part === 'trunk' ? ' (a failed trunk kills)' : ''}.`
              : `${c.name} dies of old age within the year.`}{' '}
            <button
              type="button"
              disabled={r.busy}
              onClick={() =>
                void r.run(
                  part
                    ? { type: 'gm.fate', id: c.id, fate: 'prostheticFails', part }
                    : { type: 'gm.fate', id: c.id, fate: 'diesOfAge' },
                )
              }
            >
              {part ? 'It fails now' : 'It strikes now'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Roster({ view, seats }: { view: View; seats: readonly SeatInfo[] }) {
  const r = useRunner();
  const players = seats.filter((s) => s.role === 'player');
  return (
    <ul className="eu-roster">
      {roster(view).map((c) => (
        <li key={c.id} data-id={c.id}>
          <strong>{c.name}</strong> {c.kind === 'npc' ? 'NPC' : 'PC'}
          {c.hidden ? ' (hidden)' : ''}{' '}
          <select
            aria-label={`Who plays ${c.name}`}
            value={c.ownerSeatId ?? ''}
            onChange={(ev) =>
              void r.run({ type: 'character.assign', id: c.id, ownerSeatId: ev.target.value || null })
            }
          >
            <option value="">the GM</option>
            {players.map((s) => (
              <option key={s.seatId} value={s.seatId}>
                {s.name}
              </option>
            ))}
          </select>{' '}
          <button
            type="button"
            disabled={r.busy}
            onClick={() => void r.run({ type: 'character.reveal', id: c.id, hidden: !c.hidden })}
          >
            {c.hidden ? 'Show to the players' : 'Hide from the players'}
          </button>{' '}
          <button
            type="button"
            className="ghost"
            disabled={r.busy}
            onClick={() => void r.run({ type: 'character.remove', id: c.id })}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Names a field takes: attribute ids, part ids, layer or weapon keys, level kinds. */
export function namesFor(view: View, id: string, field: GmField): { value: string; label: string }[] {
  const c = view.characters[id];
  if (!c || !isWhole(c)) return [];
  switch (field) {
    case 'attribute':
      return view.pack.attributes.map((a) => ({ value: a.id, label: a.name }));
    case 'drain':
    case 'spellReduction': {
      const lost = field === 'drain' ? c.drains : c.spellReductions;
      return view.pack.attributes.map((a) => ({
        value: a.id,
        label: `${a.name}${lost[a.id] ? ` (−${lost[a.id]})` : ''}`,
      }));
    }
    case 'skill':
      return knownSkills(view.pack).map((x) => ({
        value: x,
        label: `${x}${c.skills.includes(x) ? ' (has)' : ''}`,
      }));
    case 'part':
      return PARTS.map((p) => ({ value: p, label: words(p) }));
    case 'layerDc':
      return [
        ...c.armour.map((l) => ({ value: l.key, label: l.name })),
        ...c.weapons
          .filter((w) => w.dc !== null)
          .map((w) => ({
            value: w.key,
            label: `${view.pack.weapons.find((x) => x.id === w.weapon)?.name ?? w.weapon} (parrying)`,
          })),
        ...c.held.map((h) => ({ value: h.key, label: `${h.name} (parrying)` })),
      ];
    case 'loaded':
    case 'recoil':
      return c.weapons.map((w) => ({
        value: w.key,
        label: view.pack.weapons.find((x) => x.id === w.weapon)?.name ?? w.weapon,
      }));
    case 'level':
      return ['warrior', 'pilot', 'wizard', 'total'].map((l) => ({ value: l, label: l }));
    // The list fields offer all the rules or the pack know, marking what the sheet has now.
    case 'condition':
      return CONDITIONS.map((id) => {
        const has = c.conditions.find((x) => x.id === id);
        const now = has ? (has.turns === undefined ? ' (on)' : ` (on, ${has.turns} Turns)`) : '';
        return { value: id, label: `${words(id)}${now}` };
      });
    case 'spell':
      return view.pack.spells.map((x) => ({
        value: x.id,
        label: `${x.name}${c.spells.includes(x.id) ? ' (known)' : ''}`,
      }));
    case 'item':
      return [
        ...view.pack.accessories.filter((a) => a.kind !== 'neStore'),
        ...view.pack.armour.map((a) => ({ ...a, name: a.held ? a.name : `${a.name} (spare)` })),
      ].map((x) => {
        const n = c.gear.filter((g) => g === x.id).length + c.held.filter((h) => h.item === x.id).length;
        return { value: x.id, label: `${x.name}${n > 0 ? ` (carries ${n})` : ''}` };
      });
    case 'weapon':
      return view.pack.weapons.map((x) => {
        const n = c.weapons.filter((w) => w.weapon === x.id).length;
        return { value: x.id, label: `${x.name}${n > 0 ? ` (carries ${n})` : ''}` };
      });
    case 'layer':
      return view.pack.armour
        .filter((a) => !a.held)
        .map((a) => {
          const n = c.armour.filter((l) => l.item === a.id).length;
          return { value: a.id, label: `${a.name}${n > 0 ? ` (wears ${n})` : ''}` };
        });
    case 'neStore':
      return view.pack.accessories
        .filter((a) => a.kind === 'neStore')
        .map((a) => {
          const s = c.neStores.find((x) => x.item === a.id);
          return { value: a.id, label: `${a.name}${s ? ` (${s.ne} of ${s.max} NE)` : ' (not carried)'}` };
        });
    default:
      return [];
  }
}

export function Override({ view }: { view: View }) {
  const r = useRunner();
  const all = roster(view).filter(isWhole);
  const [id, setId] = useState('');
  const [field, setField] = useState<GmField>('stamina');
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [remove, setRemove] = useState(false);
  const who = all.find((c) => c.id === id) ?? all[0];
  if (!who) return null;
  const names = namesFor(view, who.id, field);
  const chosenName = names.some((n) => n.value === name) ? name : (names[0]?.value ?? '');
  const verbs = LIST_VERBS[field];
  const command = overrideCommand({ id: who.id, field, name: chosenName, value, remove });
  const valueLabel =
    field === 'condition'
      ? 'Turns (blank: until taken off)'
      : field === 'neStore'
        ? 'NE held'
        : field === 'drain' || field === 'spellReduction'
          ? 'Points lost (0: none)'
          : 'New value';
  return (
    <section className="eu-card" aria-label="Override a value">
      <h3>Override a value</h3>
      <form
        className="eu-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!command) return;
          void r.run(command).then(clearIfUnchanged(setValue, value));
        }}
      >
        <NamedSelect label="Character" items={all} value={who.id} onChange={setId} />
        <label>
          Field{' '}
          <select value={field} onChange={(ev) => setField(ev.target.value as GmField)}>
            {GM_FIELDS.map((f) => (
              <option key={f} value={f}>
                {words(f)}
              </option>
            ))}
          </select>
        </label>
        {names.length > 0 ? (
          <label>
            Which{' '}
            <select value={chosenName} onChange={(ev) => setName(ev.target.value)}>
              {names.map((n) => (
                <option key={n.value} value={n.value}>
                  {n.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {verbs ? (
          <label>
            Do{' '}
            <select
              value={remove ? 'remove' : 'add'}
              onChange={(ev) => setRemove(ev.target.value === 'remove')}
            >
              <option value="add">{verbs[0]}</option>
              <option value="remove">{verbs[1]}</option>
            </select>
          </label>
        ) : null}
        {field === 'spell' ||
        field === 'skill' ||
        field === 'item' ||
        field === 'weapon' ||
        (verbs && remove) ? null : field === 'layer' ? (
          <label>
            Where{' '}
            <select
              value={value === 'inner' ? 'inner' : 'outer'}
              onChange={(ev) => setValue(ev.target.value)}
            >
              <option value="outer">over the others (outermost)</option>
              <option value="inner">under the others (innermost)</option>
            </select>
          </label>
        ) : (
          <span className="eu-field">
            <span aria-hidden="true">{valueLabel}</span>{' '}
            {field === 'part' ? (
              <select
                aria-label="New value"
                value={value || 'intact'}
                onChange={(ev) => setValue(ev.target.value)}
              >
                {PART_STATES.map((s) => (
                  <option key={s} value={s}>
                    {words(s)}
                  </option>
                ))}
              </select>
            ) : field === 'controlPort' ? (
              <select
                aria-label="New value"
                value={value || 'no'}
                onChange={(ev) => setValue(ev.target.value)}
              >
                <option value="no">no</option>
                <option value="yes">yes</option>
              </select>
            ) : (
              <input
                name="value"
                aria-label={valueLabel}
                type="number"
                step="any"
                inputMode="decimal"
                value={value}
                onChange={(ev) => setValue(ev.target.value)}
              />
            )}
          </span>
        )}
        <button type="submit" disabled={r.busy}>
          Set
        </button>
      </form>
    </section>
  );
}

function HiddenRolls({ view }: { view: View }) {
  const r = useRunner();
  const all = roster(view).filter(isWhole);
  const [table, setTable] = useState('location');
  const [hidden, setHidden] = useState(true);
  const [id, setId] = useState('');
  const [attribute, setAttribute] = useState('reactions');
  const [modifier, setModifier] = useState('0');
  const who = all.find((c) => c.id === id) ?? all[0];
  return (
    <section className="eu-card" aria-label="Rolls">
      <h3>Rolls</h3>
      <label className="eu-check">
        <input type="checkbox" checked={hidden} onChange={(ev) => setHidden(ev.target.checked)} /> Hidden from
        the players
      </label>
      <div className="eu-form">
        <label>
          Table{' '}
          <select value={table} onChange={(ev) => setTable(ev.target.value)}>
            <option value="location">hit location (d100)</option>
            <option value="chaos">chaos (d20)</option>
            <option value="tenPercent">ten per cent (d10)</option>
            <option value="percent">per cent (d100)</option>
          </select>
        </label>
        <button
          type="button"
          disabled={r.busy}
          onClick={() => void r.run({ type: 'table.roll', table, hidden })}
        >
          Roll on the table
        </button>
      </div>
      {who ? (
        <div className="eu-form">
          <NamedSelect label="Save for" items={all} value={who.id} onChange={setId} />
          <NamedSelect label="on" items={view.pack.attributes} value={attribute} onChange={setAttribute} />
          <label>
            modifier <input type="number" value={modifier} onChange={(ev) => setModifier(ev.target.value)} />
          </label>
          <button
            type="button"
            disabled={r.busy}
            onClick={() =>
              void r.run({ type: 'save', id: who.id, attribute, modifier: Number(modifier) || 0, hidden })
            }
          >
            Roll the save
          </button>
        </div>
      ) : null}
    </section>
  );
}

function TimePanel({ view }: { view: View }) {
  const r = useRunner();
  const [hours, setHours] = useState('1');
  const [asleep, setAsleep] = useState(false);
  const [years, setYears] = useState('1');
  const living = roster(view)
    .filter(isWhole)
    .filter((c) => c.dead === null);
  return (
    <section className="eu-card" aria-label="Time">
      <h3>Time</h3>
      <p className="eu-muted">
        {Math.floor(view.hours)} game hours so far. Each hour heals 1 Stamina, clears 1 point of drains,
        lowers the poison level, and refills NE while asleep.
      </p>
      <form
        className="eu-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          const h = Number(hours);
          if (Number.isFinite(h) && h > 0) void r.run({ type: 'time.pass', hours: h, asleep });
        }}
      >
        <label>
          Hours{' '}
          <input
            name="hours"
            type="number"
            min={0}
            step="any"
            value={hours}
            onChange={(ev) => setHours(ev.target.value)}
          />
        </label>
        <label className="eu-check">
          <input type="checkbox" checked={asleep} onChange={(ev) => setAsleep(ev.target.checked)} /> asleep
        </label>
        <button type="submit" disabled={r.busy}>
          Let the hours pass
        </button>
      </form>
      <form
        className="eu-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          const n = Math.min(100, Math.max(0, Math.floor(Number(years))));
          void (async () => {
            for (let y = 0; y < n; y++)
              for (const c of living) if (!(await r.run({ type: 'birthday', id: c.id }))) return;
          })();
        }}
      >
        <label>
          Years{' '}
          <input
            name="years"
            type="number"
            min={1}
            max={100}
            value={years}
            onChange={(ev) => setYears(ev.target.value)}
          />
        </label>
        <button type="submit" disabled={r.busy || living.length === 0}>
          Let the years pass (ageing)
        </button>
      </form>
    </section>
  );
}

function Questions({ view }: { view: View }) {
  const r = useRunner();
  const open = view.questions.filter((q) => q.kind !== 'bystanders' && q.kind !== 'tieOrder');
  if (open.length === 0) return null;
  return (
    <section className="eu-card eu-question" aria-label="Questions for the GM">
      <h3>Questions for the GM</h3>
      <ul>
        {open.map((q) => (
          <li key={q.id}>
            {q.kind === 'bareFail' ? (
              <>
                {nameOf(view, q.characterId)} rolled exactly {q.save.target} on {words(q.save.attribute)}: a
                failure you may let off lightly.{' '}
                <button
                  type="button"
                  disabled={r.busy}
                  onClick={() => void r.run({ type: 'gm.letOff', questionId: q.id, letOff: true })}
                >
                  Let it off
                </button>{' '}
                <button
                  type="button"
                  disabled={r.busy}
                  onClick={() => void r.run({ type: 'gm.letOff', questionId: q.id, letOff: false })}
                >
                  It stands
                </button>
              </>
            ) : q.kind === 'prostheticFailure' ? (
              `${nameOf(view, q.characterId)}'s prosthetic ${words(q.part)} may fail: see the fates this year.`
            ) : q.kind === 'oldAgeDeath' ? (
              `${nameOf(view, q.characterId)} may die of old age: see the fates this year.`
            ) : q.kind === 'chaosWeapon' ? (
              `${nameOf(view, q.characterId)}'s weapon is touched by chaos (×${q.factor} for ${q.turns} Turns).`
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The data pack in play, and loading another one (a JSON file; the rules check it, naming each problem). */
function PackPanel({ view }: { view: View }) {
  const r = useRunner();
  const [problem, setProblem] = useState('');
  return (
    <section className="eu-card" aria-label="Data pack">
      <h3>Data pack</h3>
      <p>
        In play: <strong data-testid="pack-name">{view.pack.name}</strong> ({view.pack.characters.length}{' '}
        sample characters, {view.pack.weapons.length} weapons).
      </p>
      <label>
        Load a pack (JSON){' '}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(ev) => {
            const file = ev.target.files?.[0];
            ev.target.value = '';
            if (!file) return;
            setProblem('');
            void file.text().then((text) => {
              let pack: unknown;
              try {
                pack = JSON.parse(text);
              } catch {
                setProblem('That file is not JSON.');
                return;
              }
              void r.run({ type: 'pack.load', pack });
            });
          }}
        />
      </label>
      {problem ? <p className="eu-refused">{problem}</p> : null}
    </section>
  );
}
