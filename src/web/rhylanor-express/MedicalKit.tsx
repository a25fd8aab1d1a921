import { MEDICAL_EQUIPMENT, type MedicalEquipment } from '../../rules/rhylanor-express/data/tables.ts';

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
