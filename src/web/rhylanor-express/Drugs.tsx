import { useState } from 'react';
import type { DrugId } from '../../rules/rhylanor-express/data/tables.ts';
import type { RhylanorCommand } from '../../rules/rhylanor-express/ruleset.ts';
import type { Research } from '../../rules/rhylanor-express/state.ts';
import { byId, Choice } from './Fields.tsx';
import { MedicAndPatient, MedicalKit, useTreatment } from './MedicalKit.tsx';
import { mayAct, type SeatRef, sheets, type View } from './model.ts';
import { OddsLine } from './Odds.tsx';
import { mayRoll, previewOdds } from './preview.ts';
import { useRunner } from './runner.tsx';

/**
 * Drugs (§8.3) and treating a novel disease (§8.4). A seat doses one of its characters; the
 * anti-toxin is the only drug with a roll (the giver's Medic against 6+, or 10+ for a poison new
 * to him), its chance shown first. A sheet lists the doses it carries and where each stands.
 */

export const DRUG_WORDS: Readonly<Record<DrugId, string>> = {
  medical: 'medical drug',
  antiToxin: 'anti-toxin',
  slow: 'slow drug',
  medicalSlow: 'medical slow drug',
  fast: 'fast drug',
  combat: 'combat drug',
  anagathics: 'anagathics',
  truth: 'truth drug',
};

export function Drugs({
  view,
  seat,
  initialDrug = 'combat',
}: {
  view: View;
  seat: SeatRef;
  /** The drug picked when the form opens. */
  initialDrug?: DrugId;
}) {
  const { run, busy } = useRunner();
  const all = sheets(view);
  const mine = all.filter((c) => mayAct(seat, c));
  const [who, setWho] = useState('');
  const [drug, setDrug] = useState<DrugId>(initialDrug);
  const [medic, setMedic] = useState('');
  const [novel, setNovel] = useState(false);
  if (mine.length === 0 || seat.role === 'spectator') return null;
  const c = mine.find((x) => x.id === who) ?? mine[0];
  if (!c) return null;
  const medicId = all.some((x) => x.id === medic) ? medic : c.id;
  const command: RhylanorCommand =
    drug === 'antiToxin'
      ? { type: 'drug.take', characterId: c.id, drug, medicId, novel }
      : { type: 'drug.take', characterId: c.id, drug };
  const odds = drug === 'antiToxin' ? previewOdds(view, seat, command) : null;
  const doses = (c.drugs ?? []).filter((d) => d.stage !== 'over');
  return (
    <form
      className="re-card"
      aria-label="Drugs"
      onSubmit={(e) => {
        e.preventDefault();
        run(command, DRUG_WORDS[drug]);
      }}
    >
      <h3>Drugs</h3>
      <div className="re-grid">
        <Choice label="Who takes it" name="drugTaker" options={byId(mine)} value={c.id} onChange={setWho} />
        <Choice
          label="Drug"
          name="drug"
          options={(Object.keys(DRUG_WORDS) as DrugId[]).map((d) => ({ value: d, label: DRUG_WORDS[d] }))}
          value={drug}
          onChange={(v) => setDrug(v as DrugId)}
        />
        {drug === 'antiToxin' ? (
          <>
            <Choice
              label="Given by"
              name="drugMedic"
              options={byId(all)}
              value={medicId}
              onChange={setMedic}
            />
            <label>
              <input
                type="checkbox"
                name="novel"
                checked={novel}
                onChange={(e) => setNovel(e.target.checked)}
              />{' '}
              a poison new to the medic
            </label>
          </>
        ) : null}
      </div>
      <p className="re-muted" data-testid="doses">
        {doses.length === 0
          ? `${c.name} has no drug working.`
          : `${c.name}: ${doses.map((d) => `${DRUG_WORDS[d.drug]} (${d.stage})`).join(', ')}`}
      </p>
      {drug === 'antiToxin' ? <OddsLine odds={odds} testId="drug-odds" /> : null}
      <button type="submit" disabled={busy || (odds !== null && !mayRoll(odds))}>
        Take the {DRUG_WORDS[drug]}
      </button>
    </form>
  );
}

/**
 * A novel disease treated, once research has found a treatment (§8.4): a medic the seat plays,
 * a patient, what is at hand (a medical scanner is needed). The treatment target is the referee's
 * number: the referee sees the chance, a player his DM.
 */
export function DiseaseTreatment({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const all = sheets(view);
  const medics = all.filter((c) => mayAct(seat, c));
  const cures = Object.values(view.research).filter((r) => r.kind === 'disease' && r.done);
  const [researchId, setResearchId] = useState('');
  const treatment = useTreatment(medics, all);
  const { medic, patient, kit, setKit } = treatment;
  if (cures.length === 0 || medics.length === 0 || seat.role === 'spectator') return null;
  const cure = cures.find((r) => r.id === researchId) ?? cures[0];
  if (!cure || !medic || !patient) return null;
  const command: RhylanorCommand = {
    type: 'disease.treat',
    researchId: cure.id,
    medicId: medic.id,
    patientId: patient.id,
    equipment: kit,
  };
  // A player's view holds no treatment target: ask the rules with a stand-in one for the
  // modifiers alone (the odds line then names no chance).
  const asked: View =
    cure.treatmentTarget === undefined
      ? {
          ...view,
          research: { ...view.research, [cure.id]: { ...cure, treatmentTarget: Number.NaN } as Research },
        }
      : view;
  const odds = previewOdds(asked, seat, command);
  return (
    <form
      className="re-card"
      aria-label="Treat a disease"
      onSubmit={(e) => {
        e.preventDefault();
        run(command, `treating ${cure.name}`);
      }}
    >
      <h3>Treat a disease</h3>
      <div className="re-grid">
        <Choice label="Disease" name="cure" options={byId(cures)} value={cure.id} onChange={setResearchId} />
        <MedicAndPatient
          treatment={treatment}
          medics={medics}
          patients={all}
          names={{ medic: 'cureMedic', patient: 'curePatient' }}
        />
      </div>
      <MedicalKit name="cureKit" kit={kit} onChange={setKit} />
      <OddsLine odds={odds} testId="cure-odds" />
      <button type="submit" disabled={busy || !mayRoll(odds)}>
        Treat for {cure.name}
      </button>
    </form>
  );
}
