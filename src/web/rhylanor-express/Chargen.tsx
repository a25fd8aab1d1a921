import { useState } from 'react';
import { type Character, mayRollOtherCareer, skillLevel } from '../../rules/rhylanor-express/character.ts';
import {
  CASCADES,
  CHARACTERISTICS,
  careerResult,
  characteristicDm,
  GUN_SKILLS,
} from '../../rules/rhylanor-express/data/tables.ts';
import type { RhylanorCommand } from '../../rules/rhylanor-express/ruleset.ts';
import { Choice, NumberField, named, RunButton } from './Fields.tsx';
import { type SeatName, type SeatRef, signed, type View } from './model.ts';
import { cascadeMembers, chanceText, previewTask } from './preview.ts';
import { useRunner } from './runner.tsx';

/**
 * Character generation at the table (§3): a new character from typed UPP digits and a career,
 * then the career's rolls (survival, commission, promotion, re-enlistment, special duty) with the
 * exact chance shown before the dice, skill-table rolls (extra rolls owed used on request, another
 * career's table when the rules allow), the level-0 fill of Service Skills and the default gun
 * skill. Dice are the table's: digital, or the player's own typed in when the server names them.
 */

const HEX = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Each characteristic's DM for typed UPP digits ("Str +0 · Dex +1 …"), or what is still missing. */
export function uppDmText(digits: string): string {
  const d = digits.trim().toUpperCase();
  if (d.length !== 6) return 'six digits: Str Dex End Int Edu Soc';
  return CHARACTERISTICS.map((ch, i) => {
    const v = HEX.indexOf(d[i] ?? '');
    return v < 0 ? `${ch} ?` : `${ch} ${signed(characteristicDm(v))}`;
  }).join(' · ');
}

const TABLE_NAMES = [
  'Personal Development',
  'Service Skills',
  'Advanced Education',
  'Advanced Education (Edu 8+)',
] as const;

const KIND_WORDS = {
  survival: 'Survival',
  commission: 'Commission',
  promotion: 'Promotion',
  reenlist: 'Re-enlistment',
  specialDuty: 'Special duty (8+)',
} as const;
type Kind = keyof typeof KIND_WORDS;

/** Careers whose skill tables the pack fills in (the others can be named but not rolled on). */
export function rollableCareers(view: View): string[] {
  return view.pack.careers.filter((k) => k.tables.some((t) => t.length > 0)).map((k) => k.name);
}

/** A new character from typed digits and a career: the player's own, or the referee's for any seat. */
export function NewCharacter({
  view,
  seat,
  seats,
}: {
  view: View;
  seat: SeatRef;
  seats: readonly SeatName[];
}) {
  const { run, busy } = useRunner();
  const gm = seat.role === 'gm';
  const careers = view.pack.careers.map((k) => k.name);
  const [name, setName] = useState('');
  const [upp, setUpp] = useState('');
  const [career, setCareer] = useState(rollableCareers(view)[0] ?? careers[0] ?? '');
  const [owner, setOwner] = useState('');
  const players = seats.filter((s) => s.role === 'player');
  return (
    <form
      className="re-card"
      aria-label="Generate a character"
      onSubmit={(e) => {
        e.preventDefault();
        run(
          {
            type: 'character.create',
            name: name.trim(),
            upp: upp.trim().toUpperCase(),
            ...(career ? { career } : {}),
            ...(gm && owner ? { owner } : {}),
          },
          `new character ${name.trim()}`,
        );
      }}
    >
      <h3>Generate a character</h3>
      <p className="re-muted">
        Type the six characteristic digits your dice gave (2d6 each), pick a career, then roll its terms on
        the sheet.
      </p>
      <div className="re-grid">
        <label>
          Name <input name="newName" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          UPP{' '}
          <input
            name="newUpp"
            value={upp}
            maxLength={6}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setUpp(e.target.value)}
          />
        </label>
        <Choice
          label="Career"
          name="newCareer"
          options={named(careers)}
          value={career}
          onChange={setCareer}
        />
        {gm ? (
          <Choice
            label="For"
            name="newOwner"
            options={[
              { value: '', label: 'the referee (NPC)' },
              ...players.map((p) => ({ value: p.seatId, label: p.name })),
            ]}
            value={owner}
            onChange={setOwner}
          />
        ) : null}
      </div>
      <p className="re-muted" aria-live="polite" data-testid="new-upp-dms">
        {uppDmText(upp)}
      </p>
      <button type="submit" disabled={busy || name.trim() === '' || upp.trim().length !== 6}>
        Create the character
      </button>
    </form>
  );
}

/** The generation rolls of one character, on his sheet (his owner or the referee). */
export function Generation({ view, seat, c }: { view: View; seat: SeatRef; c: Character }) {
  if (!c.career) return null;
  const career = view.pack.careers.find((k) => k.name === c.career);
  return (
    <details className="re-edit" open={c.skillRollsOwed > 0 || (c.fieldTermsOwed ?? 0) > 0 || undefined}>
      <summary>
        Generation: {c.career}
        {c.skillRollsOwed > 0
          ? ` · ${c.skillRollsOwed} extra skill roll${c.skillRollsOwed === 1 ? '' : 's'} owed`
          : ''}
        {(c.fieldTermsOwed ?? 0) > 0 ? ` · ${fieldOwedText(c.fieldTermsOwed ?? 0)}` : ''}
      </summary>
      <CareerRoll view={view} seat={seat} c={c} />
      {career?.tables.some((t) => t.length > 0) ? (
        <SkillRoll view={view} c={c} tables={career.tables} />
      ) : (
        <p className="re-muted">
          The data pack has no skill tables for {c.career}: the referee grants results.
        </p>
      )}
      {career?.tables[1] && career.tables[1].length > 0 ? (
        <LevelZero view={view} c={c} service={career.tables[1]} />
      ) : null}
      {career?.fields ? <FieldGain c={c} fields={career.fields} /> : null}
      {GUN_SKILLS.every((g) => skillLevel(c, g) === null) ? (
        <p className="re-inline">
          No gun skill yet: take one at level 0{' '}
          <RunButton command={{ type: 'chargen.gunDefault', characterId: c.id, skill: 'Pistols' }}>
            Pistols-0
          </RunButton>{' '}
          <RunButton command={{ type: 'chargen.gunDefault', characterId: c.id, skill: 'Rifles' }}>
            Rifles-0
          </RunButton>
        </p>
      ) : null}
    </details>
  );
}

/** A career roll with its target and DMs, and the rules' exact chance before the dice. */
function CareerRoll({ view, seat, c }: { view: View; seat: SeatRef; c: Character }) {
  const { run, busy } = useRunner();
  const [kind, setKind] = useState<Kind>('survival');
  const [target, setTarget] = useState('6');
  const [dm, setDm] = useState('0');
  const special = kind === 'specialDuty';
  const t = Math.trunc(Number(target));
  const d = Math.trunc(Number(dm));
  const command = {
    type: 'chargen.roll',
    characterId: c.id,
    kind,
    ...(special ? {} : { target: t }),
    ...(special || !Number.isFinite(d) || d === 0 ? {} : { dms: [{ source: 'career DM', value: d }] }),
  } as const;
  const preview = previewTask(view, seat, command as RhylanorCommand);
  return (
    <form
      className="re-inline"
      aria-label={`Career roll of ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(command, `${KIND_WORDS[kind]} roll`);
      }}
    >
      <Choice
        label="Roll"
        name="chargenKind"
        options={Object.entries(KIND_WORDS).map(([value, label]) => ({ value, label }))}
        value={kind}
        onChange={(v) => setKind(v as Kind)}
      />
      {special ? null : (
        <>
          <label>
            target{' '}
            <input
              className="re-num"
              name="chargenTarget"
              type="number"
              min={2}
              max={20}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
            +
          </label>
          <NumberField label="DM" name="chargenDm" min={-20} max={20} value={dm} onChange={setDm} />
        </>
      )}
      <span data-testid="chargen-chance">
        {preview.ok
          ? `${preview.target}+ with ${signed(preview.dm)}: ${chanceText(preview.outOf36)}`
          : preview.message}
      </span>
      <button type="submit" disabled={busy || !preview.ok}>
        Roll {KIND_WORDS[kind].replace(' (8+)', '').toLowerCase()}
      </button>
    </form>
  );
}

/**
 * One d6 on a skill table of the career, or, with a special duty roll owed and Edu 8+, another
 * career's (the rules refuse it on a high result's bonus roll): picking another career spends
 * that owed roll, so the extra-roll box ticks itself.
 */
function SkillRoll({
  view,
  c,
  tables,
}: {
  view: View;
  c: Character;
  tables: readonly (readonly string[])[];
}) {
  const { run, busy } = useRunner();
  const [table, setTable] = useState('0');
  const [extra, setExtra] = useState(false);
  const [other, setOther] = useState('');
  const mayOther = c.skillRollsOwed > 0 && mayRollOtherCareer(c);
  const others = rollableCareers(view).filter((k) => k !== c.career);
  const otherChosen = mayOther && other !== '';
  const useExtra = extra || otherChosen;
  const rows = (otherChosen ? view.pack.careers.find((k) => k.name === other)?.tables : tables) ?? [];
  const shown = rows[Number(table)] ?? [];
  const careerName = otherChosen ? other : c.career;
  return (
    <form
      className="re-inline"
      aria-label={`Skill roll of ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          {
            type: 'chargen.skillRoll',
            characterId: c.id,
            table: Number(table),
            extra: useExtra,
            ...(otherChosen ? { career: other } : {}),
          },
          'skill table',
        );
      }}
    >
      <Choice
        label="Skill table"
        name="skillTable"
        options={TABLE_NAMES.map((n, i) => ({ value: String(i), label: `${i + 1}. ${n}` })).filter(
          (o) => (rows[Number(o.value)]?.length ?? 0) > 0,
        )}
        value={table}
        onChange={setTable}
      />
      {c.skillRollsOwed > 0 ? (
        <label>
          <input
            type="checkbox"
            name="extraRoll"
            checked={useExtra}
            disabled={otherChosen}
            onChange={(e) => setExtra(e.target.checked)}
          />{' '}
          use an extra roll
        </label>
      ) : null}
      {mayOther && others.length > 0 ? (
        <Choice
          label="from (special duty roll)"
          name="otherCareer"
          options={[{ value: '', label: `${c.career} (own)` }, ...named(others)]}
          value={other}
          onChange={setOther}
        />
      ) : null}
      <span className="re-muted" data-testid="skill-table">
        {shown.map((entry, i) => `${i + 1} ${careerResult(careerName, entry, Number(table))}`).join(' · ')}
      </span>
      <button type="submit" disabled={busy || shown.length === 0}>
        Roll on the table
      </button>
    </form>
  );
}

/** The level-0 fill of Service Skills (§3): every entry at 0, a member picked for each cascade not held. */
function LevelZero({ view, c, service }: { view: View; c: Character; service: readonly string[] }) {
  const { run, busy } = useRunner();
  const cascades = service
    .map((raw) => careerResult(c.career, raw, 1))
    .filter((entry) => {
      const cascade = CASCADES[entry];
      return (
        cascade !== undefined &&
        entry !== 'Jack-of-all-Trades' &&
        cascade.members.every((m) => c.skills[m] === undefined)
      );
    });
  const unique = [...new Set(cascades)];
  return (
    <form
      className="re-inline"
      aria-label={`Level-0 skills of ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const d = new FormData(e.currentTarget);
        const picks: Record<string, string> = {};
        for (const entry of unique) {
          const pick = d.get(`fill-${entry}`);
          if (typeof pick === 'string' && pick) picks[entry] = pick;
        }
        run(
          { type: 'chargen.fillLevelZero', characterId: c.id, ...(unique.length > 0 ? { picks } : {}) },
          'level-0 skills',
        );
      }}
    >
      <span>Service Skills at level 0{unique.length > 0 ? ', picking' : ''}</span>
      {unique.map((entry) => (
        <Choice
          key={entry}
          label={entry}
          name={`fill-${entry}`}
          options={named(cascadeMembers(view, c, entry) ?? CASCADES[entry]?.members ?? [])}
        />
      ))}
      <button type="submit" disabled={busy}>
        Fill level 0
      </button>
    </form>
  );
}

function fieldOwedText(terms: number): string {
  return terms === 1 ? '1 term’s level in the field owed' : `${terms} terms’ levels in the field owed`;
}

/** What the field form sends: his field once he has one, else the field picked from the list. */
export function fieldGainCommand(c: Character, pick: string) {
  return { type: 'chargen.fieldGain', characterId: c.id, field: c.field ?? pick } as const;
}

/**
 * A Scientist's academic field (§3.5): each term's re-enlistment roll owes a level in it. The
 * first time he picks the field from his career's list; after that it is fixed and the button
 * takes the next level there.
 */
function FieldGain({ c, fields }: { c: Character; fields: readonly string[] }) {
  const { run, busy } = useRunner();
  const [pick, setPick] = useState(fields[0] ?? '');
  const owed = c.fieldTermsOwed ?? 0;
  const command = fieldGainCommand(c, pick);
  const field = command.field;
  const next = (skillLevel(c, field) ?? 0) + 1;
  return (
    <form
      className="re-inline"
      aria-label={`Academic field of ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(command, `a level in ${field}`);
      }}
    >
      <span data-testid="field-line">
        {c.field ? `Field: ${c.field}` : 'No field picked yet'} ·{' '}
        {owed > 0 ? fieldOwedText(owed) : 'a level comes with each term’s re-enlistment roll'}
      </span>
      {c.field === undefined ? (
        <Choice label="Field" name="academicField" options={named(fields)} value={pick} onChange={setPick} />
      ) : null}
      <button type="submit" disabled={busy || owed === 0 || field === ''}>
        Take {field}-{next}
      </button>
    </form>
  );
}
