import { useState } from 'react';
import { NamedSelect } from '../components/NamedSelect.tsx';
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
        <NamedSelect
          label="Team advancement"
          items={pack.teamAdvancements.map((a) => ({ id: a.id, name: `${a.name} (${a.cost})` }))}
          value={advancement}
          onChange={setAdvancement}
        />
        {chosenAdvancement?.kind === 'armour' ? (
          <NamedSelect label="for" items={teamersOf(view)} value={armourFor} onChange={setArmourFor} />
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
        <NamedSelect
          label="Black market"
          items={pack.blackMarket.purchases.map((p) => ({ id: p.id, name: `${p.name} (${p.price}k)` }))}
          value={purchase}
          onChange={setPurchase}
        />
        <NamedSelect label="for" items={teamersOf(view)} value={armourFor} onChange={setArmourFor} />
        <button type="button" onClick={() => run({ type: 'buy', teamerId: armourFor, purchase })}>
          Buy
        </button>
      </div>
      <div className="fd-buttons">
        <NamedSelect label="Next mission" items={view.rules.missions} value={mission} onChange={setMission} />
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
