import { useId, useRef, useState } from 'react';
import { theGroup } from '../../rules/three-sixteen/campaign/promotion-hook.ts';
import {
  AA_METHODS,
  ABILITIES_AFTER_EXHAUSTION,
  ALIEN_ABILITIES,
  alienAbilityInfo,
  CREATURE_FORMS,
  type CrossedOff,
  computeAa,
  freeEntries,
  isExhausted,
  PLANET_DESCRIPTIONS,
  PLANET_LISTS,
  type PlanetListId,
  suggestedEncounterPlan,
} from '../../rules/three-sixteen/data/index.ts';
import { activeTroopers, encounterCap, squadThreat } from '../../rules/three-sixteen/encounter/mission.ts';
import { ranksPending } from '../../rules/three-sixteen/encounter/pending.ts';
import type { AbilityId, Trooper } from '../../rules/three-sixteen/state.ts';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { check, type SeatRef, type View } from './model.ts';
import { Odds } from './Odds.tsx';
import { Problem } from './Problem.tsx';
import { useRunner } from './runner.tsx';
import { GmOnly, TextLine } from './TextLine.tsx';

/**
 * The GM's planet and mission desk: the five lists (rolled on the table's dice chat, or chosen;
 * crossed-off entries greyed), AA with its method, Threat and the suggested plan; then briefing,
 * scenes and NFA tests, and the planning of each encounter with the token cap.
 */

const LISTS: readonly PlanetListId[] = ['name', 'form', 'description', 'ability', 'aaMethod'];

/** One entry per list; the abilities are a list of their own (2 or 3 once that list is used up). */
type Picks = Partial<Record<Exclude<PlanetListId, 'ability'>, number>>;

function pcsOf(view: View): Trooper[] {
  return activeTroopers(view).map((id) => view.troopers[id] as Trooper);
}

function ListPicker({
  list,
  crossedOff,
  value,
  onChange,
}: {
  list: PlanetListId;
  crossedOff: CrossedOff;
  value: number | undefined;
  onChange: (n: number | undefined) => void;
}) {
  const id = useId();
  const meta = PLANET_LISTS[list];
  const exhausted = isExhausted(list, crossedOff);
  const taken = new Set(exhausted ? [] : crossedOff[list]);
  // The engine rolls names on the book's first 20 entries (and the next 20 once those are gone).
  const entries = list === 'name' ? meta.entries.slice(0, 20) : meta.entries;
  return (
    <div className="ts-list-pick">
      <label htmlFor={id}>{list === 'aaMethod' ? 'Alien Ability (AA) method' : meta.title}</label>
      <select
        id={id}
        name={list}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      >
        <option value="">Roll a d20 on landing</option>
        {entries.map((label, i) => {
          const n = i + 1;
          const crossed = taken.has(n);
          return (
            <option key={n} value={n} disabled={crossed} className={crossed ? 'ts-crossed' : ''}>
              {n}. {label}
              {crossed ? ' (crossed off)' : ''}
            </option>
          );
        })}
      </select>
      {taken.size > 0 ? (
        <p className="ts-muted ts-crossed-list">
          Crossed off: {[...taken].map((n) => meta.entries[n - 1]).join(', ')}
        </p>
      ) : null}
      {exhausted ? <p className="ts-muted">This list is used up: every entry is open again.</p> : null}
    </div>
  );
}

/** Most abilities a planet takes once the list is used up. */
const MOST_ABILITIES = ABILITIES_AFTER_EXHAUSTION[ABILITIES_AFTER_EXHAUSTION.length - 1] as number;

/**
 * The special abilities: one from a single list while any is left to cross off (the rules refuse
 * a crossed-off one or a second one); once the whole list is used up, 2 or 3 from all twenty,
 * ticked in a group of checkboxes (none ticked: the engine rolls, a d6 saying how many).
 */
function AbilityPicker({
  crossedOff,
  value,
  onChange,
}: {
  crossedOff: CrossedOff;
  value: readonly number[];
  onChange: (numbers: number[]) => void;
}) {
  const noteId = useId();
  if (!isExhausted('ability', crossedOff)) {
    const left = freeEntries('ability', crossedOff).length;
    return (
      <>
        <ListPicker
          list="ability"
          crossedOff={crossedOff}
          value={value[0]}
          onChange={(n) => onChange(n === undefined ? [] : [n])}
        />
        <p className="ts-muted">
          One ability per planet while the list lasts ({left} of {ALIEN_ABILITIES.length} left); once all are
          used, a planet takes 2 or 3.
        </p>
      </>
    );
  }
  const full = value.length >= MOST_ABILITIES;
  return (
    <fieldset className="ts-choice ts-list-pick" aria-describedby={noteId} data-testid="ability-picks">
      <legend>Alien special abilities: pick 2 or 3</legend>
      <p id={noteId} className="ts-muted">
        Every ability has been used: the whole list is open again and each planet now takes 2 or 3 of them,
        crossing nothing off. Tick 2 or 3, or none to roll on landing (a d6 says how many).
      </p>
      {ALIEN_ABILITIES.map((a) => {
        const on = value.includes(a.number);
        // Three is the most: the others wait until one is unticked (said below, not just greyed).
        const blocked = full && !on;
        return (
          <label key={a.number} className="ts-radio">
            <input
              type="checkbox"
              name="ability"
              value={a.number}
              checked={on}
              disabled={blocked}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...value, a.number].sort((x, y) => x - y)
                    : value.filter((n) => n !== a.number),
                )
              }
            />{' '}
            {a.number}. {a.name}
          </label>
        );
      })}
      <p className="ts-muted" role="status">
        {value.length === 0
          ? 'None ticked: rolled on landing.'
          : value.length === 1
            ? '1 ticked: tick at least one more.'
            : full
              ? `${value.length} ticked, the most a planet takes: untick one to choose another.`
              : `${value.length} ticked.`}
      </p>
    </fieldset>
  );
}

/**
 * The GM lands the squad on a planet: each list chosen or left to the engine's d20 (rollNextPlanet
 * rolls and crosses off); a typed name makes a custom planet (setPlanet, every list chosen; the
 * rules cross off the entries it uses).
 */
export function PlanetSetup({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const [picks, setPicks] = useState<Picks>({});
  const [abilities, setAbilities] = useState<number[]>([]);
  const [typedName, setTypedName] = useState('');
  const [shortSessions, setShortSessions] = useState(false);
  const crossed = view.campaign.crossedOff;
  const pcs = pcsOf(view);

  const aaMethod = picks.aaMethod;
  let aaText = 'AA: the method is rolled on landing and read from the PCs.';
  if (aaMethod !== undefined && pcs.length > 0) aaText = computeAa(aaMethod, theGroup(view)).explanation;
  // As the rules count it: every trooper in the squad, the PCs' rank for the multiplier.
  const threat = pcs.length > 0 ? squadThreat(view, { shortSessions }) : null;
  const plan = threat ? suggestedEncounterPlan(threat.tokens, pcs.length) : [];
  const chosen = abilities.flatMap((n) => {
    const a = ALIEN_ABILITIES[n - 1];
    return a ? [a] : [];
  });
  const custom = typedName.trim() !== '';
  const command = custom
    ? {
        type: 'setPlanet' as const,
        name: typedName.trim(),
        ...(picks.form !== undefined ? { form: CREATURE_FORMS[picks.form - 1]?.name ?? '' } : {}),
        ...(picks.description !== undefined
          ? { description: PLANET_DESCRIPTIONS[picks.description - 1]?.name ?? '' }
          : {}),
        // The rules cross off the abilities and the AA method themselves; the form and the
        // description go as text, so their list entries are named here.
        abilities: chosen.map((a) => a.id),
        ...(aaMethod !== undefined ? { aaMethod } : {}),
        ...(threat ? { threat: threat.tokens } : {}),
        entries: {
          ...(picks.form !== undefined ? { form: picks.form } : {}),
          ...(picks.description !== undefined ? { description: picks.description } : {}),
        },
      }
    : {
        type: 'rollNextPlanet' as const,
        ...(picks.name !== undefined ? { name: picks.name } : {}),
        ...(picks.form !== undefined ? { form: picks.form } : {}),
        ...(picks.description !== undefined ? { description: picks.description } : {}),
        ...(abilities.length > 0 ? { abilities } : {}),
        ...(aaMethod !== undefined ? { aaMethod } : {}),
        ...(shortSessions ? { shortSessions } : {}),
      };
  const verdict = check(view, seat, command);
  const missing = custom
    ? LISTS.filter((l) => l !== 'name' && (l === 'ability' ? abilities.length === 0 : picks[l] === undefined))
    : [];

  return (
    <section className="ts-card" aria-label="New planet">
      <h3>New planet</h3>
      <p className="ts-muted">Choose an entry, or leave a list to the engine’s d20 when you land.</p>
      {LISTS.map((list) =>
        list === 'ability' ? (
          <AbilityPicker key={list} crossedOff={crossed} value={abilities} onChange={setAbilities} />
        ) : (
          <ListPicker
            key={list}
            list={list}
            crossedOff={crossed}
            value={picks[list]}
            onChange={(n) => setPicks((p) => ({ ...p, [list]: n }))}
          />
        ),
      )}
      <label>
        Or type a planet name (then choose every list){' '}
        <input value={typedName} maxLength={80} onChange={(e) => setTypedName(e.target.value)} />
      </label>
      {picks.form !== undefined ? (
        <p className="ts-muted">{CREATURE_FORMS[picks.form - 1]?.summary}</p>
      ) : null}
      {picks.description !== undefined ? (
        <p className="ts-muted">{PLANET_DESCRIPTIONS[picks.description - 1]?.summary}</p>
      ) : null}
      {chosen.map((a) => (
        <p key={a.id} className="ts-muted">
          <strong>{a.name}</strong>: {a.summary}
        </p>
      ))}
      <p data-testid="aa-explanation">{aaText}</p>
      {threat ? (
        <p>
          Threat: {threat.tokens} tokens ({pcs.length} troopers × {threat.perPc}, {threat.reason}).{' '}
          <label className="ts-inline">
            <input
              type="checkbox"
              checked={shortSessions}
              onChange={(e) => setShortSessions(e.target.checked)}
            />{' '}
            shorter sessions (× 4)
          </label>
        </p>
      ) : null}
      {plan.length > 0 ? (
        <p data-testid="plan">
          Suggested encounters: {plan.join(' → ')} (cap {pcs.length * 2} per encounter; the last is the final)
        </p>
      ) : null}
      {missing.length > 0 ? (
        <p className="ts-muted">Still to choose: {missing.map((l) => PLANET_LISTS[l].title).join(', ')}.</p>
      ) : null}
      {ranksPending(view) ? (
        <p className="notice" role="status" data-testid="ranks-pending">
          Every PC is still a Trooper: hand out the starting ranks (“Assign initial ranks” with the squad)
          before the first landing, unless your table built its ranks by hand.
        </p>
      ) : null}
      {!verdict.ok && missing.length === 0 ? <Problem code={verdict.code} message={verdict.message} /> : null}
      <button
        type="button"
        disabled={!verdict.ok || missing.length > 0 || runner.busy}
        onClick={async () => {
          if (await runner.run(command)) {
            setPicks({});
            setAbilities([]);
            setTypedName('');
          }
        }}
      >
        {custom ? `Land on ${typedName.trim()}` : 'Land on the planet'}
      </button>
    </section>
  );
}

/** What everyone sees of the planet. */
export function PlanetSummary({ view }: { view: View }) {
  const p = view.planet;
  if (!p) return null;
  return (
    <section className="ts-card" aria-label="Planet">
      <h3>Planet {p.name}</h3>
      <dl className="ts-pairs">
        <dt>Creatures</dt>
        <dd>{p.form || '—'}</dd>
        <dt>World</dt>
        <dd>{p.description || '—'}</dd>
        <dt>AA</dt>
        <dd data-testid="planet-aa">
          {p.aa}
          {p.aaMethod !== null ? (
            <span className="ts-muted">
              {' '}
              (method {p.aaMethod}: {AA_METHODS[p.aaMethod - 1]?.label})
            </span>
          ) : (
            <span className="ts-muted"> (set by the GM)</span>
          )}
        </dd>
        <dt>Threat</dt>
        <dd>
          {p.threat.pool} in the pool of {p.threat.initial}
          <span className="ts-muted">
            {' '}
            (removed {p.threat.removed}, discarded {p.threat.discarded}, spent {p.threat.spent})
          </span>
        </dd>
        <dt>Abilities</dt>
        <dd>
          {p.abilities.length === 0
            ? 'none'
            : p.abilities.map((a: AbilityId) => (
                <span key={a} className="ts-ability" title={alienAbilityInfo(a).summary}>
                  {alienAbilityInfo(a).name}
                </span>
              ))}
        </dd>
      </dl>
    </section>
  );
}

/**
 * A Strength or Weakness used in a scene, away from the fighting: the trooper, the moment from its
 * past, and (when it is open) the Hatred for Home slot for a Weakness.
 */
function SceneFlashback({ view, seat, mine }: { view: View; seat: SeatRef; mine: Trooper[] }) {
  const runner = useRunner();
  const [who, setWho] = useState('');
  const [text, setText] = useState('');
  const [hatred, setHatred] = useState(false);
  const t = mine.find((x) => x.id === who) ?? mine[0];
  if (!t) return null;
  const hatredOpen = t.weaknesses.some((w) => w.status === 'available' && w.hatredForHome);
  const command = (kind: 'strength' | 'weakness') => ({
    type: 'sceneFlashback' as const,
    trooperId: t.id,
    kind,
    text,
    ...(kind === 'weakness' && hatred && hatredOpen ? { hatredForHome: true } : {}),
  });
  const use = async (kind: 'strength' | 'weakness') => {
    clearIfUnchanged(setText, text)(await runner.run(command(kind)));
  };
  const verdicts = {
    strength: check(view, seat, command('strength')),
    weakness: check(view, seat, command('weakness')),
  };
  return (
    <fieldset className="ts-row ts-wrap" aria-label="Flashback in a scene">
      <legend>Flashback in a scene</legend>
      <select aria-label="Whose flashback" value={t.id} onChange={(e) => setWho(e.target.value)}>
        {mine.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      {/* A visible label: a placeholder alone vanishes as soon as the player types, and a narrow
          box cuts it off. */}
      <label className="ts-flash-moment">
        The moment from the past{' '}
        <span className="ts-muted">(what {t.name} remembers, told as a Strength or a Weakness)</span>
        <input value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
      </label>
      {hatredOpen ? (
        <label className="ts-inline">
          <input type="checkbox" checked={hatred} onChange={(e) => setHatred(e.target.checked)} /> Weakness:
          Hatred for Home
        </label>
      ) : null}
      {(['strength', 'weakness'] as const).map((kind) => {
        const v = verdicts[kind];
        return (
          <button
            key={kind}
            type="button"
            disabled={runner.busy || text.trim() === '' || !v.ok}
            title={v.ok ? undefined : v.message}
            onClick={() => void use(kind)}
          >
            Use a {kind === 'strength' ? 'Strength' : 'Weakness'}
          </button>
        );
      })}
      {text.trim() === '' ? (
        <span className="ts-muted">Tell the moment first.</span>
      ) : (
        // Phones show no tooltips: say why a kind cannot be used.
        (['strength', 'weakness'] as const).map((kind) => {
          const v = verdicts[kind];
          return v.ok ? null : (
            <span key={kind} className="ts-muted">
              {kind === 'strength' ? 'Strength' : 'Weakness'}: {v.message}
            </span>
          );
        })
      )}
    </fieldset>
  );
}

/** Briefing, scenes, NFA tests, encounter planning and the end of the mission. */
export function MissionDesk({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const formId = useId();
  const gm = seat.role === 'gm';
  const [briefing, setBriefing] = useState('');
  const [scene, setScene] = useState('');
  // The scene text as last shown, read after a scene is accepted (the GM may be typing the next).
  const sceneNow = useRef(scene);
  sceneNow.current = scene;
  const [secret, setSecret] = useState(false);
  const [testWho, setTestWho] = useState('');
  const [testText, setTestText] = useState('');
  const [tokens, setTokens] = useState('');
  const [final, setFinal] = useState(false);
  const [description, setDescription] = useState('');
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const phase = view.campaign.phase;
  const pcs = pcsOf(view);
  const mine = gm ? pcs : pcs.filter((t) => t.ownerSeatId === seat.seatId);
  const pool = view.planet?.threat.pool ?? 0;
  // The last token is gone: all that is left to do is end the mission.
  const cleared = view.planet?.cleared === true || pool === 0;
  const cap = encounterCap(view);
  const plan = view.planet ? suggestedEncounterPlan(view.planet.threat.initial, pcs.length) : [];
  const fought = view.mission?.encountersFought ?? 0;
  const suggestion = plan[fought];

  if (phase === 'briefing') {
    const cmd = { type: 'briefMission' as const, text: briefing };
    // The ruleset takes an empty briefing, but a bare "Briefing:" tells the squad nothing: the form
    // asks for a few words first, and says so beside the greyed-out button.
    const briefVerdict = gm ? check(view, seat, cmd) : null;
    const briefWhy =
      briefing.trim() === ''
        ? 'write the briefing first: what the squad is sent to do'
        : briefVerdict && !briefVerdict.ok
          ? briefVerdict.message
          : null;
    const starkillers = mine.filter((t) => check(view, seat, { type: 'fireStarkiller', trooperId: t.id }).ok);
    const starkiller = starkillers.map((t) => (
      <button
        key={t.id}
        type="button"
        disabled={runner.busy}
        onClick={() => void runner.run({ type: 'fireStarkiller', trooperId: t.id })}
      >
        {t.name}: fire the Starkiller at this planet
      </button>
    ));
    // The book allows a flashback whenever the trooper is out of immediate danger: the briefing too.
    const flashback = mine.length > 0 ? <SceneFlashback view={view} seat={seat} mine={mine} /> : null;
    return gm ? (
      <section className="ts-card" aria-label="Briefing">
        {starkiller}
        <h3>Mission briefing</h3>
        <textarea
          aria-label="Briefing text"
          value={briefing}
          maxLength={2000}
          rows={4}
          onChange={(e) => setBriefing(e.target.value)}
        />
        <span className="ts-go">
          <button
            type="button"
            disabled={runner.busy || briefWhy !== null}
            aria-describedby={briefWhy !== null ? `${formId}-brief-why` : undefined}
            onClick={async () => {
              clearIfUnchanged(setBriefing, briefing)(await runner.run(cmd));
            }}
          >
            Brief the squad
          </button>
          {briefWhy !== null ? (
            <span id={`${formId}-brief-why`} className="ts-why">
              {briefWhy}
            </span>
          ) : null}
        </span>
        {flashback}
      </section>
    ) : (
      <section className="ts-card">
        <h3>Mission briefing</h3>
        <p className="ts-muted">The GM is preparing the briefing.</p>
        {starkiller}
        {flashback}
      </section>
    );
  }
  if (phase !== 'mission' || !view.mission) return null;
  const m = view.mission;
  const n = tokens === '' ? (final ? pool : (suggestion ?? Math.min(pool, cap))) : Number(tokens);
  const start = {
    type: 'startEncounter' as const,
    tokens: final ? pool : n,
    ...(final ? { final: true } : {}),
    ...(description.trim() ? { description } : {}),
    ...(leftOut.length > 0 ? { troopers: pcs.map((t) => t.id).filter((id) => !leftOut.includes(id)) } : {}),
  };
  const startVerdict = gm ? check(view, seat, start) : null;
  const testCmd = { type: 'nfaTest' as const, trooperId: testWho || (mine[0]?.id ?? ''), text: testText };
  return (
    <section className="ts-card" aria-label="Mission">
      <h3>Mission {m.number}</h3>
      {m.briefing ? <p className="ts-briefing">{m.briefing}</p> : null}
      <h4>Scenes</h4>
      {m.scenes.length === 0 ? <p className="ts-muted">No scenes yet.</p> : null}
      <ol className="ts-scenes">
        {m.scenes.map((s) => (
          <li key={s.id} className={s.secret ? 'ts-secret' : ''}>
            {s.kind === 'flashback' ? (
              <>
                {view.troopers[s.trooperId ?? '']?.name ?? s.trooperId} shows a{' '}
                {s.flashback === 'weakness' ? 'Weakness' : 'Strength'}: “{s.text}”
              </>
            ) : s.kind === 'nfaTest' ? (
              <>
                NFA test of {view.troopers[s.trooperId ?? '']?.name ?? s.trooperId}: rolled {s.roll} against{' '}
                {s.target} — <strong>{s.success ? 'success' : 'failure'}</strong>
                {s.text ? ` (${s.text})` : ''}
              </>
            ) : (
              <>
                {s.secret ? (
                  <span className="ts-tag ts-tag-secret" data-testid="scene-secret">
                    GM only
                  </span>
                ) : null}{' '}
                {s.text}
              </>
            )}
          </li>
        ))}
      </ol>
      {seat.role !== 'spectator' ? (
        <div className="ts-row ts-wrap">
          <TextLine
            label="Scene text"
            placeholder="What happens in this scene"
            value={scene}
            onChange={setScene}
          />
          {gm ? <GmOnly checked={secret} onChange={setSecret} /> : null}
          <button
            type="button"
            disabled={runner.busy || scene.trim() === ''}
            onClick={async () => {
              const sent = scene;
              // Each scene is public unless the GM ticks the box again for it; a next scene
              // already typed while this one was on its way keeps its words and its box.
              if (
                (await runner.run({ type: 'addScene', text: sent, ...(gm ? { secret } : {}) })) &&
                sceneNow.current === sent
              ) {
                setScene('');
                setSecret(false);
              }
            }}
          >
            Add scene
          </button>
        </div>
      ) : null}
      {mine.length > 0 ? (
        <div className="ts-row ts-wrap">
          <select
            aria-label="Who tests NFA"
            value={testCmd.trooperId}
            onChange={(e) => setTestWho(e.target.value)}
          >
            {mine.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} (NFA {t.nfa})
              </option>
            ))}
          </select>
          <TextLine
            label="What the test is for"
            placeholder="what for"
            value={testText}
            onChange={setTestText}
          />
          <button type="button" disabled={runner.busy} onClick={() => void runner.run(testCmd)}>
            NFA test
          </button>
        </div>
      ) : null}
      {mine.length > 0 ? <SceneFlashback view={view} seat={seat} mine={mine} /> : null}
      {gm ? (
        <fieldset className="ts-plan" aria-label="Plan the next encounter">
          <legend>{cleared ? 'Planet cleared' : 'Next encounter'}</legend>
          {cleared ? (
            // No token is left to fight: planning another encounter would only be refused.
            <p data-testid="planet-cleared">
              Every Threat Token is gone: the planet is cleared. End the mission to go on to the debrief.
            </p>
          ) : (
            <>
              <p>
                Pool: <strong data-testid="pool">{pool}</strong> tokens. Cap: <strong>{cap}</strong> per
                encounter (PCs × 2), the final one included
                {pool > cap ? `: play ${pool - cap} before the finale` : ''}.
                {suggestion !== undefined ? ` Suggested for encounter ${fought + 1}: ${suggestion}.` : ''}
              </p>
              <label>
                Tokens to commit{' '}
                <input
                  name="tokens"
                  type="number"
                  min={1}
                  max={final ? pool : Math.min(pool, cap)}
                  // Empty means "the suggestion", shown as the placeholder, so the field can be
                  // cleared and retyped without the suggestion snapping back into it.
                  value={final ? pool : tokens}
                  placeholder={String(n)}
                  disabled={final}
                  onChange={(e) => setTokens(e.target.value)}
                  className="ts-narrow"
                />
              </label>{' '}
              <label className="ts-inline">
                <input type="checkbox" checked={final} onChange={(e) => setFinal(e.target.checked)} /> Final
                encounter (all {pool})
              </label>
              <TextLine
                label="Encounter description"
                placeholder="where and what (optional)"
                value={description}
                onChange={setDescription}
              />
              <fieldset className="ts-choice">
                <legend>Who goes in</legend>
                {pcs.map((t) => (
                  <label key={t.id} className="ts-radio">
                    <input
                      type="checkbox"
                      checked={!leftOut.includes(t.id)}
                      onChange={(e) =>
                        setLeftOut((l) => (e.target.checked ? l.filter((x) => x !== t.id) : [...l, t.id]))
                      }
                    />
                    {t.name}
                  </label>
                ))}
              </fieldset>
              <Odds
                view={view}
                tokens={final ? pool : n}
                final={final}
                pcs={pcs.filter((t) => !leftOut.includes(t.id))}
              />
              {startVerdict && !startVerdict.ok ? (
                <Problem code={startVerdict.code} message={startVerdict.message} status />
              ) : null}
            </>
          )}
          <div className="ts-row">
            {cleared ? null : (
              <button
                type="button"
                disabled={runner.busy || !startVerdict?.ok}
                onClick={async () => {
                  if (await runner.run(start)) {
                    setTokens('');
                    setDescription('');
                    setFinal(false);
                  }
                }}
              >
                Start encounter
              </button>
            )}
            {confirmEnd ? null : (
              <button type="button" disabled={runner.busy} onClick={() => setConfirmEnd(true)}>
                End mission…
              </button>
            )}
          </div>
          {confirmEnd ? (
            // Ending a mission cannot be taken back (the debrief follows), so it asks once, saying
            // what is being left behind.
            <fieldset className="notice" aria-label="Confirm the end of the mission">
              <p>
                {pool > 0
                  ? `End mission ${m.number} with ${pool} Threat token${pool === 1 ? '' : 's'} still in the pool? The planet is not cleared.`
                  : `End mission ${m.number}? The debrief comes next.`}
              </p>
              <button
                type="button"
                className="primary"
                disabled={runner.busy}
                onClick={async () => {
                  if (await runner.run({ type: 'endMission' })) setConfirmEnd(false);
                }}
              >
                Yes, end the mission
              </button>{' '}
              <button type="button" disabled={runner.busy} onClick={() => setConfirmEnd(false)}>
                Keep playing
              </button>
            </fieldset>
          ) : null}
        </fieldset>
      ) : null}
    </section>
  );
}
