import { useState } from 'react';
import { MEDICAL_EQUIPMENT, type MedicalEquipment } from '../../rules/rhylanor-express/data/tables.ts';
import { byId, Choice } from './Fields.tsx';

const EQUIPMENT_WORDS: Readonly<Record<MedicalEquipment, string>> = {
  medicalKit: 'medical kit',
  medicalDrug: 'medical drug',
  surgicalInstruments: 'surgical instruments',
  medicalScanner: 'medical scanner',
  medicalComputer: 'medical computer',
  advancedMedicalScanner: 'advanced medical scanner',
  hospital: 'hospital',
  vehicleMedicalStation: 'vehicle medical station',
  medicalLaboratory: 'medical laboratory',
};

/**
 * What is at hand beyond a medic's own gear (§8.1 treating a wound, §8.4 treating a disease): a
 * checkbox per piece of medical equipment, ticked ones in `kit`.
 */
export function MedicalKit({
  name,
  kit,
  onChange,
}: {
  /** The checkboxes' form name (each form that holds a kit names its own). */
  name: string;
  kit: readonly MedicalEquipment[];
  onChange: (kit: MedicalEquipment[]) => void;
}) {
  return (
    <fieldset className="re-mods">
      <legend>At hand</legend>
      {MEDICAL_EQUIPMENT.map((m) => (
        <label key={m} className="re-mod">
          <input
            type="checkbox"
            name={name}
            value={m}
            checked={kit.includes(m)}
            onChange={(e) => onChange(e.target.checked ? [...kit, m] : kit.filter((x) => x !== m))}
          />{' '}
          {EQUIPMENT_WORDS[m]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * What a treatment form holds (§8.1, §8.4): the medic and the patient picked (the first of each
 * list until one is chosen) and the equipment at hand.
 */
export function useTreatment<C extends { readonly id: string }>(
  medics: readonly C[],
  patients: readonly C[],
) {
  const [medicId, setMedicId] = useState('');
  const [patientId, setPatientId] = useState('');
  const [kit, setKit] = useState<MedicalEquipment[]>([]);
  return {
    medic: medics.find((c) => c.id === medicId) ?? medics[0],
    patient: patients.find((c) => c.id === patientId) ?? patients[0],
    kit,
    setMedicId,
    setPatientId,
    setKit,
  };
}

/** The medic and patient choices of a treatment form; `names` are the selects' form names. */
export function MedicAndPatient({
  treatment,
  medics,
  patients,
  names,
}: {
  treatment: Pick<ReturnType<typeof useTreatment>, 'medic' | 'patient' | 'setMedicId' | 'setPatientId'>;
  medics: readonly { readonly id: string; readonly name: string }[];
  patients: readonly { readonly id: string; readonly name: string }[];
  names: { readonly medic: string; readonly patient: string };
}) {
  const rows = [
    { label: 'Medic', name: names.medic, list: medics, id: treatment.medic?.id, pick: treatment.setMedicId },
    {
      label: 'Patient',
      name: names.patient,
      list: patients,
      id: treatment.patient?.id,
      pick: treatment.setPatientId,
    },
  ];
  return rows.map((r) => (
    <Choice
      key={r.label}
      label={r.label}
      name={r.name}
      options={byId(r.list)}
      value={r.id}
      onChange={r.pick}
    />
  ));
}
