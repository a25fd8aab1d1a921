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
import { check, rankShort, rankTitle, type SeatName, type SeatRef, type View, weaponName } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Trooper creation: name, reputation, 10 points split between FA and NFA (each 2–10), a pick of
 * the rank's "or" weapon, and the starting kills (one d10 per FA point) rolled by the server or
 * typed from the player's own dice. The problems listed come from the ruleset's own validator.
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
  const [fa, setFa] = useState(5);
  const [nfa, setNfa] = useState(5);
  const [owner, setOwner] = useState<string>(seat.role === 'gm' ? '' : seat.seatId);
  const choices = rankWeaponChoices(0);
  const [picks, setPicks] = useState<WeaponId[]>(choices.map((g) => g[0] as WeaponId));
  const gm = seat.role === 'gm';
  const problems = trooperCreationProblems({ name, reputation, fa, nfa }, gm ? { points: fa + nfa } : {});
  const command = {
    type: 'createTrooper' as const,
    name: name.trim(),
    reputation,
    fa,
    nfa,
    ...(picks[0] ? { weaponChoice: picks[0] } : {}),
    ...(gm ? { ownerSeatId: owner === '' ? null : owner } : {}),
  };
  const verdict = problems.length === 0 ? check(view, seat, command) : null;
  const ok = problems.length === 0 && verdict?.ok === true;

  const setAbility = (which: 'fa' | 'nfa', raw: string) => {
    const n = Number(raw);
    if (!Number.isFinite(n)) return;
    if (which === 'fa') {
      setFa(n);
      if (!gm && n >= MIN_ABILITY && CREATION_POINTS - n >= MIN_ABILITY) setNfa(CREATION_POINTS - n);
    } else {
      setNfa(n);
      if (!gm && n >= MIN_ABILITY && CREATION_POINTS - n >= MIN_ABILITY) setFa(CREATION_POINTS - n);
    }
  };

  return (
    <form
      className="ts-card ts-create"
      aria-label="Create a trooper"
      onSubmit={async (ev) => {
        ev.preventDefault();
        if (!ok) return;
        if (await runner.run(command)) {
          setName('');
          setReputation('');
        }
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
            value={fa}
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
            value={nfa}
            onChange={(e) => setAbility('nfa', e.target.value)}
          />
        </label>
        <output
          className={
            (gm ? fa + nfa >= 10 && fa + nfa <= MAX_ABILITY_TOTAL : fa + nfa === CREATION_POINTS)
              ? 'ts-ok'
              : 'ts-bad'
          }
        >
          {fa} + {nfa} = {fa + nfa}
        </output>
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
        Starting kills: one d10 per point of FA ({fa} d10).{' '}
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
      <button type="submit" disabled={!ok || runner.busy}>
        Create trooper and roll kills
      </button>
    </form>
  );
}

/** The squad's roster and the GM's "assign initial ranks" step. */
export function RankAssignment({ view, seat }: { view: View; seat: SeatRef }) {
  const runner = useRunner();
  const verdict = seat.role === 'gm' ? check(view, seat, { type: 'assignInitialRanks' }) : null;
  const troopers = view.trooperOrder.map((i) => view.troopers[i]).filter((t) => t !== undefined);
  if (troopers.length === 0) return null;
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
        <button
          type="button"
          disabled={!verdict?.ok || runner.busy}
          title={verdict && !verdict.ok ? verdict.message : undefined}
          onClick={() => void runner.run({ type: 'assignInitialRanks' })}
        >
          Assign initial ranks
        </button>
      ) : null}
    </section>
  );
}
