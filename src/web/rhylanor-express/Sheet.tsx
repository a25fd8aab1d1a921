import { useState } from 'react';
import {
  type Character,
  charDm,
  condition,
  currentEnd,
  currentValue,
  encumbrance,
  formatUpp,
  uppDigit,
} from '../../rules/rhylanor-express/character.ts';
import { CASCADES, CHARACTERISTICS, MASTER_SKILLS } from '../../rules/rhylanor-express/data/tables.ts';
import { Generation, uppDmText } from './Chargen.tsx';
import { RunButton } from './Fields.tsx';
import { isSheet, type SeatName, type SeatRef, signed, type View } from './model.ts';
import { cascadeMembers } from './preview.ts';
import { useRunner } from './runner.tsx';

/**
 * A character sheet laid out like a Traveller sheet: the UPP in hex digits with each
 * characteristic's DM, skills (ticks for advancement marked), End and wounds, weapons with their
 * ammunition, armour and load. Its owner edits what a player may (load carried, cascade picks);
 * the referee edits everything, each change an event in the log.
 */

const CONDITION_WORDS: Record<string, string> = {
  fit: 'fit',
  exhausted: 'exhausted',
  unconscious: 'unconscious',
  helpless: 'helpless',
  dead: 'dead',
  destroyed: 'destroyed',
};

export function allSkills(view: View): string[] {
  return [...new Set([...MASTER_SKILLS, ...view.pack.extraSkills])].sort();
}

export function CharacterSheet({
  view,
  c,
  seat,
  ownerName,
}: {
  view: View;
  c: Character;
  seat: SeatRef;
  ownerName: string | null;
}) {
  const gm = seat.role === 'gm';
  const own = c.owner !== null && c.owner === seat.seatId;
  const pack = view.pack;
  const enc = encumbrance(c, pack);
  const armour = c.armour ? pack.armour.find((a) => a.id === c.armour) : undefined;
  const str = c.upp[0] ?? 0;
  const end = currentEnd(c);
  const state = condition(c);
  return (
    <article className="re-card re-sheet" aria-label={`Sheet of ${c.name}`} data-character={c.id}>
      <header className="re-sheet-head">
        <h3>{c.name}</h3>
        <p className="re-muted">
          {ownerName ? `played by ${ownerName}` : 'run by the referee'}
          {c.career ? ` · ${c.career}` : ''}
          {c.secret ? ' · secret NPC' : ''}
        </p>
        <p className="re-upp-line">
          UPP <strong data-testid="upp">{formatUpp(c.upp)}</strong>
        </p>
      </header>
      <table className="re-upp">
        <caption className="re-sr">Characteristics</caption>
        <thead>
          <tr>
            {CHARACTERISTICS.map((ch) => (
              <th key={ch} scope="col">
                {ch}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {CHARACTERISTICS.map((ch, i) => {
              const base = c.upp[i] ?? 0;
              const now = currentValue(c, ch, pack);
              return (
                <td key={ch} data-testid={`char-${ch}`}>
                  <span className="re-digit">{uppDigit(base)}</span>
                  {now !== base ? <span className="re-muted"> now {uppDigit(now)}</span> : null}
                  <span className="re-dm" title={`${ch} DM`}>
                    {signed(charDm(c, ch, pack))}
                  </span>
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>
      <section>
        <h4>Skills</h4>
        <ul className="re-skills" aria-label={`Skills of ${c.name}`}>
          {Object.entries(c.skills)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([skill, level]) => (
              <li key={skill}>
                {skill}-{level}
                {c.ticks.includes(skill) ? (
                  <span className="re-tick" title="ticked for advancement">
                    {' '}
                    ✓<span className="re-sr"> ticked for advancement</span>
                  </span>
                ) : null}
              </li>
            ))}
          {Object.keys(c.skills).length === 0 ? <li className="re-muted">no skills</li> : null}
        </ul>
      </section>
      <section>
        <h4>Condition</h4>
        <p>
          End <strong data-testid="end-now">{end}</strong> of {c.upp[2] ?? 0} ·{' '}
          <span data-testid="condition">{CONDITION_WORDS[state] ?? state}</span>
        </p>
        {c.wounds.length > 0 ? (
          <ul className="re-wounds" aria-label={`Wounds of ${c.name}`}>
            {c.wounds.map((w) => (
              <li key={w.id}>
                {w.level}
                {w.endLost > 0 ? `, End −${w.endLost}` : ''}
                {w.penalty > 0 && !w.treated ? `, −${w.penalty} to rolls` : ''}
                {w.treated ? ' (treated)' : ''}
                {gm ? <WoundEdit c={c} id={w.id} treated={w.treated} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="re-muted">No wounds.</p>
        )}
      </section>
      <section>
        <h4>Weapons and armour</h4>
        <ul className="re-weapons">
          {c.weapons.map((w, i) => {
            const ranged = pack.weapons.find((x) => x.id === w.weaponId);
            const melee = pack.melee.find((x) => x.id === w.weaponId);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a character may carry two of one weapon
              <li key={i}>
                {ranged?.name ?? melee?.name ?? w.weaponId}
                {ranged ? (
                  <span data-testid={`ammo-${i}`}>
                    {' '}
                    · {w.loaded}/{ranged.magazine} loaded, {w.spare} spare
                  </span>
                ) : null}
                {ranged ? <span className="re-muted"> · pen {ranged.pen}</span> : null}
              </li>
            );
          })}
          {c.weapons.length === 0 ? <li className="re-muted">unarmed</li> : null}
        </ul>
        <p>
          Armour: {armour ? `${armour.name} (${armour.value})` : 'none'}
          {c.gear.length > 0 ? (
            <> · Gear: {c.gear.map((g) => pack.gear.find((x) => x.id === g)?.name ?? g).join(', ')}</>
          ) : null}
        </p>
        <p data-testid="load">
          Load {c.carriedKg} kg (Str {str} kg before encumbrance, {3 * str} kg at most) ·{' '}
          {enc.state === 'fine'
            ? 'unencumbered'
            : enc.state === 'encumbered'
              ? 'encumbered (−1 Str, Dex, End)'
              : 'very encumbered (−2 to skills)'}
        </p>
      </section>
      {c.advancesOwed > 0 ? (
        <p className="re-note">
          {c.advancesOwed} advancement {c.advancesOwed === 1 ? 'attempt' : 'attempts'} open (see Between).
        </p>
      ) : null}
      {(own || gm) && c.cascadesOwed.length > 0 ? <CascadePicks view={view} c={c} /> : null}
      {own || gm ? <Generation view={view} seat={seat} c={c} /> : null}
      {own || gm ? <CarryEdit c={c} /> : null}
      {own || gm ? <Outfit view={view} c={c} /> : null}
      {gm ? <RefereeEdit view={view} c={c} /> : null}
    </article>
  );
}

function WoundEdit({ c, id, treated }: { c: Character; id: number; treated: boolean }) {
  const edit = (wound: Record<string, unknown>) => ({
    type: 'character.edit',
    characterId: c.id,
    wounds: [{ id, ...wound }],
    reason: 'referee',
  });
  return (
    <>
      {' '}
      {!treated ? (
        <RunButton small command={edit({ treated: true })}>
          Mark treated
        </RunButton>
      ) : null}{' '}
      <RunButton small command={edit({ remove: true })}>
        Remove
      </RunButton>
    </>
  );
}

function CarryEdit({ c }: { c: Character }) {
  const { run, busy } = useRunner();
  const [kg, setKg] = useState(String(c.carriedKg));
  return (
    <form
      className="re-inline"
      aria-label={`Load of ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(kg);
        if (Number.isFinite(n)) run({ type: 'character.carry', characterId: c.id, kg: n });
      }}
    >
      <label>
        Load carried (kg){' '}
        <input
          name="kg"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.1}
          value={kg}
          onChange={(e) => setKg(e.target.value)}
        />
      </label>{' '}
      <button type="submit" disabled={busy}>
        Set load
      </button>
    </form>
  );
}

function CascadePicks({ view, c }: { view: View; c: Character }) {
  const { run, busy } = useRunner();
  return (
    <section className="re-owed">
      <h4>Cascade picks owed</h4>
      {c.cascadesOwed.map((result) => {
        const members = cascadeMembers(view, c, result) ?? [];
        return (
          <form
            key={result}
            className="re-inline"
            aria-label={`Pick from ${result}`}
            onSubmit={(e) => {
              e.preventDefault();
              const pick = new FormData(e.currentTarget).get('pick');
              run({
                type: 'character.gainSkill',
                characterId: c.id,
                result,
                ...(typeof pick === 'string' && pick ? { pick } : {}),
              });
            }}
          >
            <label>
              {result}:{' '}
              <select name="pick" defaultValue={members[0]}>
                {members.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="submit" disabled={busy}>
              Take it
            </button>
          </form>
        );
      })}
    </section>
  );
}

/** The referee's edits: UPP (hex digits), skills from the list (cascades resolved by a pick). */
function RefereeEdit({ view, c }: { view: View; c: Character }) {
  const { run, busy } = useRunner();
  const [upp, setUpp] = useState(formatUpp(c.upp));
  const [skill, setSkill] = useState('');
  const [level, setLevel] = useState('1');
  const skills = allSkills(view);
  const digits = upp.toUpperCase();
  return (
    <details className="re-edit">
      <summary>Referee: edit {c.name}</summary>
      <form
        className="re-inline"
        aria-label={`UPP of ${c.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          run({ type: 'character.edit', characterId: c.id, upp: digits, reason: 'referee' });
        }}
      >
        <label>
          UPP (six hex digits){' '}
          <input
            name="upp"
            value={upp}
            maxLength={6}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setUpp(e.target.value)}
          />
        </label>{' '}
        <span className="re-muted" aria-live="polite">
          {uppDmText(digits)}
        </span>{' '}
        <button type="submit" disabled={busy}>
          Set UPP
        </button>
      </form>
      <form
        className="re-inline"
        aria-label={`Skills of ${c.name}, edit`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!skill) return;
          run({
            type: 'character.edit',
            characterId: c.id,
            skills: { [skill]: level === '' ? null : Number(level) },
            reason: 'referee',
          });
        }}
      >
        <label>
          Skill{' '}
          <select name="skill" value={skill} onChange={(e) => setSkill(e.target.value)}>
            <option value="">choose…</option>
            {skills.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Level{' '}
          <select name="level" value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="">remove</option>
            {[0, 1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" disabled={busy || !skill}>
          Set skill
        </button>
      </form>
      <form
        className="re-inline"
        aria-label={`Grant a career result to ${c.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const result = String(data.get('result') ?? '');
          const pick = String(data.get('pick') ?? '');
          if (result)
            run({ type: 'character.gainSkill', characterId: c.id, result, ...(pick ? { pick } : {}) });
        }}
      >
        <GrantResult view={view} c={c} />
      </form>
    </details>
  );
}

/** A skill result as a career table gives it: a cascade asks for its member from the rules' list. */
function GrantResult({ view, c }: { view: View; c: Character }) {
  const { busy } = useRunner();
  const [result, setResult] = useState('');
  const members = result ? cascadeMembers(view, c, result) : null;
  return (
    <>
      <label>
        Career result{' '}
        <select name="result" value={result} onChange={(e) => setResult(e.target.value)}>
          <option value="">choose…</option>
          <optgroup label="Cascades">
            {Object.keys(CASCADES).map((n) => (
              <option key={`c-${n}`} value={n}>
                {n}
              </option>
            ))}
          </optgroup>
          <optgroup label="Skills">
            {allSkills(view).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </optgroup>
        </select>
      </label>{' '}
      {members ? (
        <label>
          pick{' '}
          <select name="pick" defaultValue={members[0]}>
            {members.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      ) : null}{' '}
      <button type="submit" disabled={busy || !result}>
        Grant
      </button>
    </>
  );
}

/** Sample characters from the pack to take (a player for his seat; the referee for any seat or as an NPC). */
export function TakeCharacter({
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
  const players = seats.filter((s) => s.role === 'player');
  const [owner, setOwner] = useState('');
  const taken = new Set(
    Object.values(view.characters)
      .filter(isSheet)
      .map((c) => c.name),
  );
  return (
    <section className="re-card" aria-label="Sample characters">
      <h3>{gm ? 'Add a character from the pack' : 'Take a character'}</h3>
      {gm ? (
        <label>
          For{' '}
          <select value={owner} onChange={(e) => setOwner(e.target.value)} name="owner">
            <option value="">the referee (NPC)</option>
            {players.map((p) => (
              <option key={p.seatId} value={p.seatId}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ul className="re-samples">
        {view.pack.characters.map((s) => (
          <li key={s.id}>
            <div>
              <strong>{s.name}</strong> <span className="re-mono">{s.upp}</span>
              {s.secret ? <span className="re-muted"> (secret NPC)</span> : null}
              <br />
              <span className="re-muted">
                {s.background ? `${s.background} · ` : ''}
                {Object.entries(s.skills)
                  .map(([k, v]) => `${k}-${v}`)
                  .join(', ')}
              </span>
            </div>
            <button
              type="button"
              disabled={busy || (!gm && taken.has(s.name))}
              onClick={() =>
                run(
                  gm
                    ? { type: 'character.create', sheet: s.id, ...(owner ? { owner } : {}) }
                    : { type: 'character.create', sheet: s.id },
                  `take ${s.name}`,
                )
              }
            >
              {gm ? 'Add' : 'Take'} {s.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a character wears and carries, edited by its player (or the referee): armour, weapons and
 * gear from the pack, ammunition, the name. Rule fields (UPP, skills, wounds) stay the referee's.
 */
function Outfit({ view, c }: { view: View; c: Character }) {
  const { run, busy } = useRunner();
  const pack = view.pack;
  const outfit = (fields: Record<string, unknown>, label: string) =>
    run({ type: 'character.outfit', characterId: c.id, ...fields }, label);
  return (
    <details className="re-edit">
      <summary>Outfit {c.name}</summary>
      <form
        className="re-inline"
        aria-label={`Armour of ${c.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          const a = String(new FormData(e.currentTarget).get('armour') ?? '');
          outfit({ armour: a === '' ? null : a }, 'armour');
        }}
      >
        <label>
          Armour{' '}
          <select name="armour" defaultValue={c.armour ?? ''}>
            <option value="">none</option>
            {pack.armour.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.value})
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" disabled={busy}>
          Wear
        </button>
      </form>
      <form
        className="re-inline"
        aria-label={`Add a weapon to ${c.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          const w = String(new FormData(e.currentTarget).get('weapon') ?? '');
          if (w) outfit({ addWeapons: [w] }, 'weapon');
        }}
      >
        <label>
          Weapon{' '}
          <select name="weapon" defaultValue="">
            <option value="">choose…</option>
            <optgroup label="Guns">
              {pack.weapons.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Melee">
              {pack.melee.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>{' '}
        <button type="submit" disabled={busy}>
          Carry
        </button>
      </form>
      {c.weapons.length > 0 ? (
        <ul className="re-weapons">
          {c.weapons.map((w, i) => {
            const ranged = pack.weapons.find((x) => x.id === w.weaponId);
            const name = ranged?.name ?? pack.melee.find((x) => x.id === w.weaponId)?.name ?? w.weaponId;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: weapons by position
              <li key={`${i}-${w.weaponId}-${w.loaded}-${w.spare}`}>
                {ranged ? (
                  <form
                    className="re-inline"
                    aria-label={`Ammunition of ${name}`}
                    onSubmit={(e) => {
                      e.preventDefault();
                      const d = new FormData(e.currentTarget);
                      outfit(
                        {
                          ammo: [
                            { index: i, loaded: Number(d.get('loaded')), spare: Number(d.get('spare')) },
                          ],
                        },
                        'ammunition',
                      );
                    }}
                  >
                    {name}{' '}
                    <label>
                      loaded{' '}
                      <input
                        name="loaded"
                        type="number"
                        min={0}
                        max={ranged.magazine}
                        defaultValue={w.loaded}
                        className="re-num"
                      />
                    </label>{' '}
                    <label>
                      spare{' '}
                      <input name="spare" type="number" min={0} defaultValue={w.spare} className="re-num" />
                    </label>{' '}
                    <button type="submit" disabled={busy}>
                      Set
                    </button>{' '}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => outfit({ dropWeapons: [i] }, 'drop')}
                    >
                      Drop
                    </button>
                  </form>
                ) : (
                  <>
                    {name}{' '}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => outfit({ dropWeapons: [i] }, 'drop')}
                    >
                      Drop
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <form
        className="re-inline"
        aria-label={`Add gear to ${c.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          const g = String(new FormData(e.currentTarget).get('gear') ?? '');
          if (g) outfit({ addGear: [g] }, 'gear');
        }}
      >
        <label>
          Gear{' '}
          <select name="gear" defaultValue="">
            <option value="">choose…</option>
            {pack.gear.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" disabled={busy}>
          Take
        </button>
        {c.gear.map((g) => (
          <button
            key={g}
            type="button"
            className="re-small"
            disabled={busy}
            onClick={() => outfit({ dropGear: [g] }, 'drop gear')}
          >
            Drop {pack.gear.find((x) => x.id === g)?.name ?? g}
          </button>
        ))}
      </form>
    </details>
  );
}
