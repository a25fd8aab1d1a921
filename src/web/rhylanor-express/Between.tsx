import { useState } from 'react';
import { DAY_SECONDS, HOUR_SECONDS } from '../../rules/rhylanor-express/data/tables.ts';
import { nextResearchRollAt } from '../../rules/rhylanor-express/medicine.ts';
import { DiseaseTreatment } from './Drugs.tsx';
import { byId, Choice, NumberField } from './Fields.tsx';
import { MedicAndPatient, MedicalKit, useTreatment } from './MedicalKit.tsx';
import { isSheet, mayAct, type SeatRef, sheets, type View } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Between adventures (§5): the referee ends the session, which opens advancement attempts for
 * characters with ticked skills; each owner rolls 1d6 for a ticked skill (higher than its level
 * raises it, a 1 always fails). Research projects show what players may know of them.
 */
export function Between({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const gm = seat.role === 'gm';
  const all = sheets(view);
  const mine = all.filter((c) => mayAct(seat, c));
  const research = Object.values(view.research);
  return (
    <div className="re-columns">
      <section className="re-card" aria-label="Advancement">
        <h3>Advancement</h3>
        {gm ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => run({ type: 'session.end' }, 'end of session')}
          >
            End the session: open advancement attempts
          </button>
        ) : null}
        {mine.length === 0 ? <p className="re-muted">No characters of yours.</p> : null}
        <ul className="re-advance">
          {mine.map((c) => (
            <li key={c.id}>
              <strong>{c.name}</strong>:{' '}
              {c.ticks.length === 0 ? 'no ticked skills' : `ticked ${c.ticks.join(', ')}`}
              {c.advancesOwed > 0 ? (
                <span>
                  {' '}
                  · {c.advancesOwed} {c.advancesOwed === 1 ? 'attempt' : 'attempts'} open:{' '}
                  {c.ticks.map((skill) => (
                    <button
                      key={skill}
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        run({ type: 'character.advance', characterId: c.id, skill }, `advance ${skill}`)
                      }
                    >
                      Roll for {skill}-{c.skills[skill] ?? 0}
                    </button>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <Medicine view={view} seat={seat} />
      <DiseaseTreatment view={view} seat={seat} />
      {gm ? <PassTime /> : null}
      {gm ? <StartResearch view={view} /> : null}
      <section className="re-card" aria-label="Research">
        <h3>Research and medicine</h3>
        {research.length === 0 ? <p className="re-muted">No research under way.</p> : null}
        <ul>
          {research.map((r) => {
            const who = r.characterId ? view.characters[r.characterId] : undefined;
            const period = r.period ?? 'week';
            // The rules' own pace (one roll a period of game time): the button waits for it.
            const wait = nextResearchRollAt(r) - (view.time ?? 0);
            return (
              <li key={r.id}>
                {r.name}
                {who && isSheet(who) ? ` (${who.name}, ${r.skill ?? ''})` : ''}
                {typeof r.successes === 'number' && typeof r.needed === 'number'
                  ? ` · ${r.successes}/${r.needed} ${period}s`
                  : ''}
                {r.done ? ' · done' : ''}{' '}
                {!r.done && who && mayAct(seat, who) ? (
                  <>
                    {wait > 0 ? (
                      <span className="re-muted" data-testid="research-wait">
                        next roll after {waitText(wait)} more game time{' '}
                      </span>
                    ) : null}
                    <button
                      type="button"
                      disabled={busy || wait > 0}
                      onClick={() => run({ type: 'research.roll', researchId: r.id }, `research ${period}`)}
                    >
                      Roll {period === 'hour' ? 'an hour' : `a ${period}`}
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** How long until a research roll, in whole days, or hours under a day (rounded up). */
export function waitText(seconds: number): string {
  if (seconds >= DAY_SECONDS) {
    const days = Math.ceil(seconds / DAY_SECONDS);
    return `${days} day${days === 1 ? '' : 's'}`;
  }
  const hours = Math.ceil(seconds / HOUR_SECONDS);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * The referee starts a research clock (§8): a disease or project from the pack (its numbers stay
 * his secret), or his own target and weeks of successes; the researcher rolls a week at a time.
 */
function StartResearch({ view }: { view: View }) {
  const { run, busy } = useRunner();
  const all = sheets(view);
  const known = [
    ...view.pack.diseases.map((d) => ({ id: d.id, name: d.name, kind: 'disease' as const })),
    ...view.pack.projects.map((p) => ({ id: p.id, name: p.name, kind: 'device' as const })),
  ];
  const [who, setWho] = useState('');
  const [from, setFrom] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'disease' | 'device' | 'question'>('question');
  const [skill, setSkill] = useState('Medic');
  const [target, setTarget] = useState('8');
  const [successes, setSuccesses] = useState('3');
  const [period, setPeriod] = useState<'hour' | 'day' | 'week'>('week');
  const researcher = who || all[0]?.id || '';
  const packed = known.find((k) => k.id === from);
  if (all.length === 0) return null;
  return (
    <form
      className="re-card"
      aria-label="Start research"
      onSubmit={(e) => {
        e.preventDefault();
        run(
          packed
            ? {
                type: 'research.start',
                characterId: researcher,
                name: name.trim() || packed.name,
                kind: packed.kind,
                fromPack: packed.id,
              }
            : {
                type: 'research.start',
                characterId: researcher,
                name: name.trim(),
                kind,
                skill: skill.trim() || 'Medic',
                target: Math.trunc(Number(target)),
                successes: Math.trunc(Number(successes)),
                // A question's pace is the referee's (§8.5); diseases and devices go weekly.
                ...(kind === 'question' ? { period } : {}),
              },
          'research',
        );
      }}
    >
      <h3>Start research</h3>
      <div className="re-grid">
        <Choice
          label="Researcher"
          name="researcher"
          options={byId(all)}
          value={researcher}
          onChange={setWho}
        />
        <Choice
          label="From the pack"
          name="fromPack"
          options={[{ value: '', label: 'my own numbers' }, ...byId(known)]}
          value={from}
          onChange={setFrom}
        />
        <label>
          Name{' '}
          <input name="researchName" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        {packed ? null : (
          <>
            <Choice
              label="Kind"
              name="researchKind"
              options={[
                { value: 'question', label: 'a question' },
                { value: 'device', label: 'a device' },
                { value: 'disease', label: 'a disease' },
              ]}
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
            />
            <label>
              Skill{' '}
              <input
                name="researchSkill"
                value={skill}
                maxLength={60}
                onChange={(e) => setSkill(e.target.value)}
              />
            </label>
            <NumberField
              label="Target"
              name="researchTarget"
              min={2}
              max={30}
              value={target}
              onChange={setTarget}
            />
            <NumberField
              label="Successes"
              name="researchSuccesses"
              min={1}
              max={100}
              value={successes}
              onChange={setSuccesses}
            />
            {kind === 'question' ? (
              <Choice
                label="One roll a"
                name="researchPeriod"
                options={[
                  { value: 'hour', label: 'hour' },
                  { value: 'day', label: 'day' },
                  { value: 'week', label: 'week' },
                ]}
                value={period}
                onChange={(v) => setPeriod(v as typeof period)}
              />
            ) : null}
          </>
        )}
      </div>
      <button type="submit" disabled={busy || (!packed && name.trim() === '')}>
        Start the clock
      </button>
    </form>
  );
}

/** The referee's clock: game time passes (healing, research weeks, drugs and death clocks follow it). */
function PassTime() {
  const { run, busy } = useRunner();
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<'minutes' | 'hours' | 'days'>('days');
  const [reason, setReason] = useState('');
  return (
    <form
      className="re-card"
      aria-label="Pass game time"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.trunc(Number(amount));
        if (n > 0)
          run({ type: 'time.pass', [unit]: n, ...(reason.trim() ? { reason: reason.trim() } : {}) }, 'time');
      }}
    >
      <h3>Game time</h3>
      <div className="re-inline">
        <NumberField label="Pass" name="amount" min={1} value={amount} onChange={setAmount} />
        <select
          name="unit"
          aria-label="Unit"
          value={unit}
          onChange={(e) => setUnit(e.target.value as typeof unit)}
        >
          <option value="minutes">minutes</option>
          <option value="hours">hours</option>
          <option value="days">days</option>
        </select>
        <label>
          Why{' '}
          <input name="reason" value={reason} maxLength={120} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          Pass time
        </button>
      </div>
    </form>
  );
}

/**
 * Treating a wound (§8.1): a medic the seat plays, a wounded patient, the wound, and what is at
 * hand beyond the medic's own gear; the roll and its breakdown go to the log. The referee also
 * lets days of rest heal.
 */
function Medicine({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const all = sheets(view);
  const medics = all.filter((c) => mayAct(seat, c));
  const patients = all.filter((c) => c.wounds.some((w) => !w.treated));
  const treatment = useTreatment(medics, patients);
  const { medic, patient, kit, setKit } = treatment;
  const [woundId, setWoundId] = useState('');
  const wounds = patient?.wounds.filter((w) => !w.treated) ?? [];
  const wound = wounds.find((w) => String(w.id) === woundId) ?? wounds[0];
  return (
    <section className="re-card" aria-label="Medicine">
      <h3>Medicine</h3>
      {patients.length === 0 ? <p className="re-muted">Nobody has an untreated wound.</p> : null}
      {medic && patient && wound ? (
        <form
          aria-label="Treat a wound"
          onSubmit={(e) => {
            e.preventDefault();
            run(
              {
                type: 'medic.treat',
                medicId: medic.id,
                patientId: patient.id,
                woundId: wound.id,
                equipment: kit,
              },
              'treatment',
            );
          }}
        >
          <div className="re-grid">
            <MedicAndPatient
              treatment={treatment}
              medics={medics}
              patients={patients}
              names={{ medic: 'medic', patient: 'patient' }}
            />
            <Choice
              label="Wound"
              name="wound"
              options={wounds.map((w) => ({
                value: String(w.id),
                label: `${w.level}${w.endLost > 0 ? ` (End −${w.endLost})` : ''}`,
              }))}
              value={String(wound.id)}
              onChange={setWoundId}
            />
          </div>
          <MedicalKit name="woundKit" kit={kit} onChange={setKit} />
          <button type="submit" disabled={busy}>
            Treat the wound
          </button>
        </form>
      ) : null}
      {seat.role === 'gm' && all.some((c) => c.wounds.length > 0) ? (
        <form
          className="re-inline"
          aria-label="Rest"
          onSubmit={(e) => {
            e.preventDefault();
            const d = new FormData(e.currentTarget);
            const days = Math.trunc(Number(d.get('days')));
            const who = String(d.get('resting') ?? '');
            if (who && days > 0) run({ type: 'medic.rest', characterId: who, days }, 'rest');
          }}
        >
          <label>
            Rest{' '}
            <select name="resting">
              {all
                .filter((c) => c.wounds.length > 0)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </select>
          </label>
          <label>
            days <input className="re-num" name="days" type="number" min={1} defaultValue={1} />
          </label>
          <button type="submit" disabled={busy}>
            Rest
          </button>
        </form>
      ) : null}
    </section>
  );
}
