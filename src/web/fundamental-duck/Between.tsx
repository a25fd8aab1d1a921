import { useState } from 'react';
import { IssueWeapon } from './IssueWeapon.tsx';
import type { FdView } from './model.ts';
import { teamersOf } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * After the mission (phase 'ended'): the debriefing's money and Threat Level, each Teamer's gold
 * stars with promotion and development, team advancements, replacements for the dead, the black
 * market, and the next mission with the same Team. Every button is one campaign command; the
 * ruleset refuses what the stars or the money do not allow, and the refusal is shown.
 */
export function Between({ view, runner }: { view: FdView; runner: FdRunner }) {
  const campaign = view.campaign;
  const pack = view.rules.pack.campaign;
  const [mission, setMission] = useState(view.missionId);
  const [purchase, setPurchase] = useState(pack.blackMarket.purchases[0]?.id ?? '');
  const [advancement, setAdvancement] = useState(pack.teamAdvancements[0]?.id ?? '');
  const [armourFor, setArmourFor] = useState(view.teamOrder[0] ?? '');
  if (!campaign) return null;
  const run = (c: Parameters<FdRunner['run']>[0]) => void runner.run(c);
  const chosenAdvancement = pack.teamAdvancements.find((a) => a.id === advancement);
  return (
    <section className="fd-card fd-between" aria-label="Between missions" data-testid="fd-between">
      <h3>Between missions</h3>
      <p>
        Missions flown: {campaign.missions} · Threat Level {campaign.threatLevel} · black money{' '}
        {campaign.money}k · official pay {campaign.pay ?? 0}k · Team gold stars {view.teamStars}
      </p>
      <table className="fd-sheet-table">
        <thead>
          <tr>
            <th scope="col">Teamer</th>
            <th scope="col">Rank</th>
            <th scope="col">Gold stars</th>
            <th scope="col">Advance</th>
          </tr>
        </thead>
        <tbody>
          {teamersOf(view).map((t) => (
            <tr key={t.id}>
              <th scope="row">
                {t.name}
                {t.wounds >= 3 ? ' (dead)' : ''}
              </th>
              <td>{pack.ranks[campaign.ranks[t.id] ?? 0] ?? ''}</td>
              <td>{t.goldStars}</td>
              <td className="fd-buttons">
                {t.wounds >= 3 ? (
                  <button type="button" onClick={() => run({ type: 'replace', teamerId: t.id })}>
                    Recruit a replacement
                  </button>
                ) : (
                  <>
                    <button
                      type="button"
                      onClick={() => run({ type: 'advance', teamerId: t.id, kind: 'promotion' })}
                    >
                      Promotion ({pack.goldStarsPerAdvancement} stars)
                    </button>
                    <button
                      type="button"
                      onClick={() => run({ type: 'advance', teamerId: t.id, kind: 'development' })}
                    >
                      Development ({pack.goldStarsPerAdvancement} stars)
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="fd-buttons">
        <label>
          Team advancement{' '}
          <select value={advancement} onChange={(e) => setAdvancement(e.target.value)}>
            {pack.teamAdvancements.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.cost})
              </option>
            ))}
          </select>
        </label>
        {chosenAdvancement?.kind === 'armour' ? (
          <label>
            for{' '}
            <select value={armourFor} onChange={(e) => setArmourFor(e.target.value)}>
              {teamersOf(view).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button
          type="button"
          onClick={() =>
            run({
              type: 'teamAdvance',
              advancement,
              ...(chosenAdvancement?.kind === 'armour' ? { teamerId: armourFor } : {}),
            })
          }
        >
          Take it
        </button>
      </div>
      <IssueWeapon view={view} run={run} />
      <div className="fd-buttons">
        <label>
          Black market{' '}
          <select value={purchase} onChange={(e) => setPurchase(e.target.value)}>
            {pack.blackMarket.purchases.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.price}k)
              </option>
            ))}
          </select>
        </label>
        <label>
          for{' '}
          <select value={armourFor} onChange={(e) => setArmourFor(e.target.value)}>
            {teamersOf(view).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => run({ type: 'buy', teamerId: armourFor, purchase })}>
          Buy
        </button>
      </div>
      <div className="fd-buttons">
        <label>
          Next mission{' '}
          <select value={mission} onChange={(e) => setMission(e.target.value)}>
            {view.rules.missions.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          onClick={() => run({ type: 'nextMission', mission })}
          data-testid="fd-next-mission"
        >
          Fly the next mission with this Team
        </button>
      </div>
    </section>
  );
}
