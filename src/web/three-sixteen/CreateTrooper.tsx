import { useId, useState } from 'react';
import {
  CREATION_POINTS,
  MAX_ABILITY,
  MAX_ABILITY_TOTAL,
  MIN_ABILITY,
  rankWeaponChoices,
  trooperCreationProblems,
} from '../../rules/three-sixteen/data/index.ts';
import type { WeaponId } from '../../rules/three-sixteen/state.ts';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { check, rankShort, rankTitle, type SeatName, type SeatRef, type View, weaponName } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Trooper creation: name, reputation, 10 points split between FA and NFA (each 2–10), a pick of
 * the rank's "or" weapon, and the starting kills (one d10 per FA point) rolled by the server or
 * typed from the player's own dice. The problems listed come from the ruleset's own validator;
 * a box not filled in yet is a step still to take, said as a hint rather than as a problem.
 */
export function CreateTrooper({
  view,
  seat,
  seats,
}: {
  view: View;
  seat: SeatRef;
  seats: readonly SeatName[];
}) {
  const runner = useRunner();
  const id = useId();
  const [name, setName] = useState('');
  const [reputation, setReputation] = useState('');
  // The boxes keep what is typed (an emptied box stays empty, 7 typed into it reads 7, not 07);
  // the numbers are read from the text when the form is checked.
  const [faText, setFaText] = useState('5');
  const [nfaText, setNfaText] = useState('5');
  const [owner, setOwner] = useState<string>(seat.role === 'gm' ? '' : seat.seatId);
  const choices = rankWeaponChoices(0);
  const [picks, setPicks] = useState<WeaponId[]>(choices.map((g) => g[0] as WeaponId));
  const gm = seat.role === 'gm';
  const fa = Number(faText);
  const nfa = Number(nfaText);
  const blanks = [
    name.trim() === '' ? 'a name' : null,
    faText.trim() === '' ? 'FA' : null,
    nfaText.trim() === '' ? 'NFA' : null,
  ].filter((b) => b !== null);
  const hint = blanks.length > 0 ? `type ${blanks.join(' and ')} first` : null;
  const problems = trooperCreationProblems(
    { name, reputation, fa, nfa },
    gm ? { points: fa + nfa } : {},
  ).filter((p) => p.code !== 'TROOPER_NAME_EMPTY');
  const numbersTyped = faText.trim() !== '' && nfaText.trim() !== '';
  const command = {
    type: 'createTrooper' as const,
    name: name.trim(),
    reputation,
    fa,
    nfa,
    ...(picks[0] ? { weaponChoice: picks[0] } : {}),
    ...(gm ? { ownerSeatId: owner === '' ? null : owner } : {}),
  };
  const verdict = problems.length === 0 && !hint ? check(view, seat, command) : null;
  const ok = problems.length === 0 && !hint && verdict?.ok === true;

  // A player splits a fixed 10: typing one ability fills in the other while both stay legal.
  const setAbility = (which: 'fa' | 'nfa', raw: string) => {
    (which === 'fa' ? setFaText : setNfaText)(raw);
    const n = Number(raw);
    if (gm || raw.trim() === '' || !Number.isInteger(n)) return;
    if (n >= MIN_ABILITY && CREATION_POINTS - n >= MIN_ABILITY)
      (which === 'fa' ? setNfaText : setFaText)(String(CREATION_POINTS - n));
  };

  return (
    <form
      className="ts-card ts-create"
      aria-label="Create a trooper"
      onSubmit={async (ev) => {
        ev.preventDefault();
        if (!ok) return;
        const accepted = await runner.run(command);
        clearIfUnchanged(setName, name)(accepted);
        clearIfUnchanged(setReputation, reputation)(accepted);
      }}
    >
      <h3>New trooper</h3>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        name="name"
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor={`${id}-rep`}>Reputation</label>
      <input
        id={`${id}-rep`}
        name="reputation"
        value={reputation}
        maxLength={200}
        placeholder="what the squad says about you"
        onChange={(e) => setReputation(e.target.value)}
      />
      <fieldset className="ts-split">
        <legend>
          Split {gm ? 'the points' : `${CREATION_POINTS} points`} (each {MIN_ABILITY}–{MAX_ABILITY})
        </legend>
        <label>
          FA (fighting)
          <input
            name="fa"
            type="number"
            min={MIN_ABILITY}
            max={MAX_ABILITY}
            value={faText}
            onChange={(e) => setAbility('fa', e.target.value)}
          />
        </label>
        <label>
          NFA (everything else)
          <input
            name="nfa"
            type="number"
            min={MIN_ABILITY}
            max={MAX_ABILITY}
            value={nfaText}
            onChange={(e) => setAbility('nfa', e.target.value)}
          />
        </label>
        {numbersTyped ? (
          <output
            className={
              (gm ? fa + nfa >= 10 && fa + nfa <= MAX_ABILITY_TOTAL : fa + nfa === CREATION_POINTS)
                ? 'ts-ok'
                : 'ts-bad'
            }
          >
            {fa} + {nfa} = {fa + nfa}
          </output>
        ) : null}
      </fieldset>
      {choices.map((group, gi) => (
        <fieldset key={group.join()} className="ts-choice">
          <legend>{rankTitle(0)}’s weapon: pick one</legend>
          {group.map((w) => (
            <label key={w} className="ts-radio">
              <input
                type="radio"
                name={`${id}-w${gi}`}
                value={w}
                checked={picks[gi] === w}
                onChange={() => setPicks((p) => p.map((x, i) => (i === gi ? w : x)))}
              />
              {weaponName(w)}
            </label>
          ))}
        </fieldset>
      ))}
      {gm ? (
        <label>
          Played by{' '}
          <select value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="">nobody (NPC run by the GM)</option>
            {seats
              .filter((s) => s.role !== 'spectator')
              .map((s) => (
                <option key={s.seatId} value={s.seatId}>
                  {s.name}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      <p className="ts-muted">
        Starting kills: one d10 per point of FA{numbersTyped && Number.isInteger(fa) ? ` (${fa}d10)` : ''}.{' '}
        {runner.ownDice ? 'You will type each face.' : 'The server rolls them.'}
      </p>
      {problems.length > 0 ? (
        <ul className="ts-problems" aria-live="polite">
          {problems.map((p) => (
            <li key={p.code}>{p.message}</li>
          ))}
        </ul>
      ) : verdict && !verdict.ok ? (
        <p className="ts-problems" aria-live="polite">
          {verdict.message}
        </p>
      ) : null}
      <button type="submit" disabled={!ok || runner.busy} aria-describedby={hint ? `${id}-hint` : undefined}>
        Create trooper and roll kills
      </button>
      {hint ? (
        <p id={`${id}-hint`} className="ts-why">
          {hint}
        </p>
      ) : null}
    </form>
  );
}

/** The squad's roster and the GM's "assign initial ranks" step. */
export function RankAssignment({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const whyId = useId();
  const verdict = seat.role === 'gm' ? check(view, seat, { type: 'assignInitialRanks' }) : null;
  const troopers = view.trooperOrder.map((i) => view.troopers[i]).filter((t) => t !== undefined);
  if (troopers.length === 0) return null;
  // Ranks are still to be dealt while the table waits for them (every PC still a Trooper).
  const handedOut = !view.pending.some((d) => d.kind === 'assignRanks') && troopers.some((t) => t.rank > 0);
  const dealButton = (label: string) => (
    <>
      <button
        type="button"
        disabled={!verdict?.ok || runner.busy}
        aria-describedby={verdict && !verdict.ok ? whyId : undefined}
        onClick={() => void runner.run({ type: 'assignInitialRanks' })}
      >
        {label}
      </button>
      {verdict && !verdict.ok ? (
        <span id={whyId} className="ts-why">
          {verdict.message}
        </span>
      ) : null}
    </>
  );
  return (
    <section className="ts-card" aria-label="Squad ranks">
      <h3>Squad</h3>
      <table className="ts-roster">
        <thead>
          <tr>
            <th scope="col">Trooper</th>
            <th scope="col">FA</th>
            <th scope="col">NFA</th>
            <th scope="col">Rank</th>
            <th scope="col">Weapons</th>
          </tr>
        </thead>
        <tbody>
          {troopers.map((t) => (
            <tr key={t.id}>
              <th scope="row">{t.name}</th>
              <td>{t.fa}</td>
              <td>{t.nfa}</td>
              <td>
                {rankShort(t.rank)} <span className="ts-muted">{rankTitle(t.rank)}</span>
              </td>
              <td>{t.weapons.map((w) => weaponName(w.weapon)).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ts-muted">
        Highest NFA becomes Sergeant, then a Corporal; ties are rolled off by the engine. A pick made at
        creation is kept where the new rank offers it.
      </p>
      {seat.role === 'gm' ? (
        handedOut ? (
          // Dealt once already: dealing again re-rolls any tie, so it is tucked away, not a
          // second click on the same button.
          <details className="ts-go">
            <summary>Hand out the ranks again</summary>
            <p className="ts-muted">
              This deals every rank afresh from the same scores and rolls ties again. To change one trooper’s
              rank, use a GM override instead.
            </p>
            {dealButton('Deal the ranks again')}
          </details>
        ) : (
          <div className="ts-go">{dealButton('Assign initial ranks')}</div>
        )
      ) : null}
    </section>
  );
}
