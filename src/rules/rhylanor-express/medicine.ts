import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { baseValue, type Character, charDm, currentEnd, type Wound } from './character.ts';
import { dmsSchema } from './characters.ts';
import {
  DAY_SECONDS,
  MEDICAL_EQUIPMENT,
  type MedicalEquipment,
  RESEARCH_PERIOD_SECONDS,
  type ResearchPeriod,
  TREATMENT,
  type Treatable,
} from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  GM,
  GM_AND_PLAYERS,
  requireCharacter,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import type { Research, RhylanorState } from './state.ts';
import { type Modifier, makeRoll, roll2d6, skillMods } from './task.ts';

/** Medicine and science (§8): treating wounds, healing with rest, research over game time. */

const characterId = z.string().regex(/^c[0-9]{1,5}$/);

const schemas = {
  treat: z.strictObject({
    type: z.literal('medic.treat'),
    medicId: characterId,
    patientId: characterId,
    woundId: z.number().int().min(0),
    /** What is at hand besides the medic's own gear (a ship's sickbay, a hospital). */
    equipment: z.array(z.enum(MEDICAL_EQUIPMENT)).max(10).default([]),
    hospitalTl: z.number().int().min(0).max(20).optional(),
  }),
  /** Within 10 minutes of death, a Moderate-wound treatment keeps the body for revival (§8.1). */
  preserve: z.strictObject({
    type: z.literal('medic.preserve'),
    medicId: characterId,
    patientId: characterId,
    woundId: z.number().int().min(0),
    equipment: z.array(z.enum(MEDICAL_EQUIPMENT)).max(10).default([]),
  }),
  rest: z.strictObject({
    type: z.literal('medic.rest'),
    characterId,
    days: z.number().int().min(1).max(365),
  }),
  startResearch: z.strictObject({
    type: z.literal('research.start'),
    characterId,
    name: z.string().trim().min(1).max(80),
    kind: z.enum(['disease', 'device', 'question']),
    /** A disease or project of the pack, or the referee's own numbers (kept secret). */
    fromPack: z.string().min(1).max(60).optional(),
    skill: z.string().trim().min(1).max(60).optional(),
    target: z.number().int().min(2).max(30).optional(),
    successes: z.number().int().min(1).max(100).optional(),
    /** A strange question's pace, the referee's to set (§8.5); diseases and devices go weekly. */
    period: z.enum(['hour', 'day', 'week']).optional(),
  }),
  research: z.strictObject({
    type: z.literal('research.roll'),
    researchId: z.string().regex(/^r[0-9]{1,5}$/),
    dms: dmsSchema.optional(),
  }),
  cure: z.strictObject({
    type: z.literal('disease.treat'),
    researchId: z.string().regex(/^r[0-9]{1,5}$/),
    medicId: characterId,
    patientId: characterId,
    equipment: z.array(z.enum(MEDICAL_EQUIPMENT)).max(10).default([]),
  }),
} as const;

export type MedicineCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

/** Medical gear a character carries, by the item it counts as (§8.2). */
function kitOf(state: RhylanorState, c: Character, extra: readonly MedicalEquipment[]): Set<string> {
  const have = new Set<string>(extra);
  for (const g of c.gear) {
    const m = state.pack.gear.find((x) => x.id === g)?.medical;
    if (m) have.add(m);
  }
  if (have.has('vehicleMedicalStation'))
    for (const m of ['medicalKit', 'surgicalInstruments', 'medicalDrug']) have.add(m);
  // A medical kit holds doses of medical drug (§8.2).
  if (have.has('medicalKit')) have.add('medicalDrug');
  return have;
}

/** The DMs of a treatment roll besides Medic and Int (§8.1, §8.2 readings). */
export function equipmentMods(
  level: Treatable,
  have: Set<string>,
  hospitalTl: number | undefined,
  medicSkilled: boolean,
): Modifier[] {
  const mods: Modifier[] = [];
  const row = TREATMENT[level];
  const hospital = hospitalTl !== undefined && hospitalTl >= 10;
  if (hospital) have.add('hospital');
  if (row.withoutDm === null) {
    if (!hospital) throw new RuleError('HOSPITAL_REQUIRED', 'revival needs a TL10+ hospital');
    if (hospitalTl > 10) mods.push({ source: 'hospital TL above 10', value: hospitalTl - 10 });
  } else {
    if (row.needs.some((n) => !have.has(n)))
      mods.push({
        source: `missing ${row.needs.filter((n) => !have.has(n)).join(', ')}`,
        value: row.withoutDm,
      });
    if (hospital) mods.push({ source: 'advanced hospital', value: 2 });
  }
  if (have.has('advancedMedicalScanner')) mods.push({ source: 'advanced medical scanner', value: 2 });
  else {
    if (have.has('medicalScanner')) mods.push({ source: 'medical scanner', value: 1 });
    if (have.has('medicalComputer') && medicSkilled) mods.push({ source: 'medical computer', value: 1 });
  }
  return mods;
}

/** The medic (a character the seat plays), his patient and the wound he works on, with no roll window open. */
function medicAtWound(
  state: RhylanorState,
  ctx: DecideContext,
  cmd: { readonly medicId: string; readonly patientId: string; readonly woundId: number },
): { medic: Character; patient: Character; wound: Wound } {
  requireNoWindow(state);
  const medic = requireOwn(state, ctx, cmd.medicId);
  const patient = requireCharacter(state, cmd.patientId);
  const wound = patient.wounds.find((w) => w.id === cmd.woundId);
  if (!wound) throw new RuleError('UNKNOWN_WOUND', `${patient.name} has no wound ${cmd.woundId}`);
  return { medic, patient, wound };
}

function treat(
  state: RhylanorState,
  cmd: z.output<typeof schemas.treat>,
  ctx: DecideContext,
): PersonalEvent[] {
  const { medic, patient, wound } = medicAtWound(state, ctx, cmd);
  if (wound.treated || wound.level === 'graze' || wound.level === 'none')
    throw new RuleError('NOTHING_TO_TREAT', 'that wound needs no treatment');
  if (wound.level === 'destroyed')
    throw new RuleError('BEYOND_REVIVAL', `${patient.name} is beyond any revival`);
  if (wound.attempted) throw new RuleError('ALREADY_ATTEMPTED', 'this wound has had its treatment attempt');
  // A failed preservation means no revival (digest §8.1 reading).
  if (wound.level === 'dead' && wound.preserved === false)
    throw new RuleError('BEYOND_REVIVAL', `${patient.name}'s body was not preserved`);
  if (
    medic.id !== patient.id &&
    medic.wounds.some((w) => !w.treated && ['serious', 'mortal', 'dead', 'destroyed'].includes(w.level))
  ) {
    throw new RuleError('CANNOT_ACT', `${medic.name} is in no state to treat anyone`);
  }
  const level = wound.level as Treatable;
  const choice = skillMods(medic, [{ skill: 'Medic', dm: 0 }], state.pack);
  const mods: Modifier[] = [...choice.mods, { source: 'Int DM', value: charDm(medic, 'Int', state.pack) }];
  mods.push(
    ...equipmentMods(level, kitOf(state, medic, cmd.equipment), cmd.hospitalTl, choice.skill !== null),
  );
  const purpose = `treating ${patient.name}'s ${level} wound`;
  const roll = makeRoll(purpose, roll2d6(ctx.dice, purpose), mods, TREATMENT[level].target);
  const wounds = patient.wounds.map((w) =>
    w.id === wound.id ? afterTreatment(patient, w, roll.success) : w,
  );
  const events: PersonalEvent[] = [
    { type: 'medic.treated', medicId: medic.id, patientId: patient.id, woundId: wound.id, roll, wounds },
  ];
  if (roll.success && choice.skill && !medic.ticks.includes('Medic')) {
    events.push({
      type: 'task.rolled',
      characterId: medic.id,
      skill: 'Medic',
      roll,
      ticked: 'Medic',
      label: purpose,
    });
  }
  return events;
}

/** The 10 minutes after death in which the body may be preserved (§8.1), in game seconds. */
const PRESERVE_WITHIN = 600;

function preserve(
  state: RhylanorState,
  cmd: z.output<typeof schemas.preserve>,
  ctx: DecideContext,
): PersonalEvent[] {
  const { medic, patient, wound } = medicAtWound(state, ctx, cmd);
  if (wound.level !== 'dead') throw new RuleError('NOT_DEAD', `${patient.name} is not dead of that wound`);
  if (wound.preserved !== undefined)
    throw new RuleError('ALREADY_ATTEMPTED', `${patient.name}'s body has had its preservation attempt`);
  // Death comes at the mortal wound's rolled hour, else when the wound was taken.
  const diedAt = wound.diesAt ?? wound.at ?? 0;
  if (state.time - diedAt > PRESERVE_WITHIN)
    throw new RuleError('TOO_LATE', `${patient.name} died more than 10 minutes ago`);
  if (medic.wounds.some((w) => !w.treated && ['serious', 'mortal', 'dead', 'destroyed'].includes(w.level)))
    throw new RuleError('CANNOT_ACT', `${medic.name} is in no state to treat anyone`);
  const choice = skillMods(medic, [{ skill: 'Medic', dm: 0 }], state.pack);
  const mods: Modifier[] = [...choice.mods, { source: 'Int DM', value: charDm(medic, 'Int', state.pack) }];
  mods.push(
    ...equipmentMods('moderate', kitOf(state, medic, cmd.equipment), undefined, choice.skill !== null),
  );
  const purpose = `preserving ${patient.name}'s body`;
  const roll = makeRoll(purpose, roll2d6(ctx.dice, purpose), mods, TREATMENT.moderate.target);
  const wounds = patient.wounds.map((w) => (w.id === wound.id ? { ...w, preserved: roll.success } : w));
  return [
    { type: 'medic.preserved', medicId: medic.id, patientId: patient.id, woundId: wound.id, roll, wounds },
  ];
}

/** A wound after a treatment roll (§8.1). */
function afterTreatment(patient: Character, w: Wound, success: boolean): Wound {
  if (!success) {
    // Light: heals with a day's rest; Moderate/Serious: bed rest; Mortal and Dead: death.
    // A failed mortal treatment is death; revival (a treatment of the Dead wound) is still open.
    if (w.level === 'mortal') return { ...w, level: 'dead', attempted: false };
    return { ...w, attempted: true };
  }
  switch (w.level) {
    case 'light':
    case 'moderate':
      return { ...w, endLost: 0, penalty: 0, treated: true, attempted: true };
    case 'serious':
      // End back to 1; the rest returns a point a day.
      return {
        ...w,
        endLost: Math.max(0, w.endLost - (1 - Math.min(1, currentEnd(patient)))),
        treated: true,
        attempted: true,
      };
    case 'mortal':
    case 'dead':
      // Now a Serious wound that needs its own treatment.
      return { ...w, level: 'serious', attempted: false };
    default:
      return w;
  }
}

function rest(state: RhylanorState, cmd: z.output<typeof schemas.rest>): PersonalEvent[] {
  const c = requireCharacter(state, cmd.characterId);
  return [
    {
      type: 'character.updated',
      characterId: c.id,
      set: { wounds: healedBy(c, cmd.days) },
      by: 'rule',
      reason: `${cmd.days} day(s) of rest`,
    },
  ];
}

/**
 * His wounds after `days` of rest (§8.1): lights heal one a day; then each Moderate takes a week;
 * treated Serious wounds give back a point a day, untreated (failed) ones a point a week.
 */
export function healedBy(c: Character, restDays: number): Wound[] {
  let days = restDays;
  let wounds = [...c.wounds];
  const heal = (pred: (w: Wound) => boolean, perWound: number) => {
    for (const w of wounds.filter(pred)) {
      if (days < perWound) return;
      days -= perWound;
      wounds = wounds.filter((x) => x.id !== w.id);
    }
  };
  heal((w) => w.level === 'light' || w.level === 'graze', 1);
  heal((w) => w.level === 'moderate', 7);
  wounds = wounds.map((w) => {
    if (w.level !== 'serious' || w.endLost === 0) return w;
    const perPoint = w.treated ? 1 : 7;
    const back = Math.min(w.endLost, Math.floor(days / perPoint));
    days -= back * perPoint;
    return { ...w, endLost: w.endLost - back };
  });
  return wounds.filter(
    (w) => !(w.level === 'serious' && w.endLost === 0 && (w.treated || baseValue(c, 'End') > 0)),
  );
}

function startResearch(state: RhylanorState, cmd: z.output<typeof schemas.startResearch>): PersonalEvent[] {
  const c = requireCharacter(state, cmd.characterId);
  let skill = cmd.skill ?? 'Medic';
  let target = cmd.target;
  let needed = cmd.successes;
  let extra: { treatmentTarget?: number; endPerDay?: number } = {};
  let packPeriod: ResearchPeriod | undefined;
  if (cmd.fromPack !== undefined) {
    const disease = state.pack.diseases.find((x) => x.id === cmd.fromPack);
    const project = state.pack.projects.find((x) => x.id === cmd.fromPack);
    if (disease) {
      target ??= disease.researchTarget;
      needed ??= disease.successes;
      extra = { treatmentTarget: disease.treatmentTarget, endPerDay: disease.endPerDay };
    } else if (project) {
      target ??= project.researchTarget;
      needed ??= project.successes;
      skill = cmd.skill ?? project.skill;
      packPeriod = project.period;
    } else throw new RuleError('UNKNOWN_PROJECT', `the data pack has no disease or project ${cmd.fromPack}`);
  }
  if (target === undefined || needed === undefined)
    throw new RuleError('INVALID_VALUE', 'research needs a target and a number of successes');
  // A novel disease's research and a device are rolled weekly; a question at the pace set for it.
  if (cmd.kind !== 'question' && (cmd.period ?? 'week') !== 'week')
    throw new RuleError('INVALID_VALUE', `a ${cmd.kind} is researched one roll a week`);
  const period = cmd.kind === 'question' ? (cmd.period ?? packPeriod ?? 'week') : 'week';
  const id = `r${Object.keys(state.research).length + 1}`;
  return [
    {
      type: 'research.started',
      research: {
        id,
        name: cmd.name,
        characterId: c.id,
        skill,
        target,
        needed,
        successes: 0,
        done: false,
        kind: cmd.kind,
        period,
        ...extra,
      },
    },
  ];
}

/** The game time (seconds) from which the next research roll may be made: one per its period. */
export function nextResearchRollAt(r: Pick<Research, 'period' | 'lastRolledAt'>): number {
  return r.lastRolledAt === undefined ? 0 : r.lastRolledAt + RESEARCH_PERIOD_SECONDS[r.period ?? 'week'];
}

function research(
  state: RhylanorState,
  cmd: z.output<typeof schemas.research>,
  ctx: DecideContext,
): PersonalEvent[] {
  const r = state.research[cmd.researchId];
  if (!r) throw new RuleError('UNKNOWN_PROJECT', `there is no research ${cmd.researchId}`);
  if (r.done) throw new RuleError('ALREADY_DONE', `${r.name} is finished`);
  const c = requireOwn(state, ctx, r.characterId);
  // One roll a week, or a question's hour or day, of game time (§8.4, §8.5): the referee's
  // `time.pass` moves the clock on.
  const next = nextResearchRollAt(r);
  if (state.time < next) {
    throw new RuleError(
      'TOO_SOON',
      `${r.name} is rolled once a ${r.period ?? 'week'}: the next roll comes after more game time`,
      { researchId: r.id, next },
    );
  }
  const choice = skillMods(c, [{ skill: r.skill, dm: 0 }], state.pack);
  const mods: Modifier[] = [
    ...choice.mods,
    { source: 'Int DM', value: charDm(c, 'Int', state.pack) },
    ...(cmd.dms ?? []),
  ];
  const roll = makeRoll(`research on ${r.name}`, roll2d6(ctx.dice, `research on ${r.name}`), mods, r.target);
  // A natural 2 wipes all progress (§8.4, §8.5).
  const wiped = roll.natural === 2;
  const successes = wiped ? 0 : r.successes + (roll.success ? 1 : 0);
  return [
    {
      type: 'research.rolled',
      researchId: r.id,
      roll,
      successes,
      wiped,
      done: successes >= r.needed,
      at: state.time,
    },
  ];
}

function cure(state: RhylanorState, cmd: z.output<typeof schemas.cure>, ctx: DecideContext): PersonalEvent[] {
  const r = state.research[cmd.researchId];
  if (!r || r.treatmentTarget === undefined)
    throw new RuleError('UNKNOWN_PROJECT', `there is no disease research ${cmd.researchId}`);
  if (!r.done) throw new RuleError('NO_TREATMENT_YET', `no treatment for ${r.name} exists yet`);
  const medic = requireOwn(state, ctx, cmd.medicId);
  const patient = requireCharacter(state, cmd.patientId);
  const have = kitOf(state, medic, cmd.equipment);
  if (!have.has('medicalScanner') && !have.has('advancedMedicalScanner')) {
    throw new RuleError('EQUIPMENT_REQUIRED', 'treating a novel disease needs a medical scanner');
  }
  // One try a day for each patient (§8.4 reading): the disease's daily toll follows each failed day.
  const last = r.treatedAt?.[patient.id];
  if (last !== undefined && state.time < last + DAY_SECONDS) {
    throw new RuleError(
      'TOO_SOON',
      `${patient.name} was treated for ${r.name} today: the next try comes a day later`,
      {
        researchId: r.id,
        next: last + DAY_SECONDS,
      },
    );
  }
  const choice = skillMods(medic, [{ skill: 'Medic', dm: 0 }], state.pack);
  const mods: Modifier[] = [...choice.mods, { source: 'Int DM', value: charDm(medic, 'Int', state.pack) }];
  mods.push(
    ...equipmentMods('light', have, undefined, choice.skill !== null).filter(
      (m) => !m.source.startsWith('missing'),
    ),
  );
  const purpose = `treating ${patient.name} for ${r.name}`;
  const roll = makeRoll(purpose, roll2d6(ctx.dice, purpose), mods, r.treatmentTarget);
  const events: PersonalEvent[] = [
    {
      type: 'task.rolled',
      characterId: medic.id,
      skill: choice.skill,
      roll,
      ticked: roll.success && choice.skill ? choice.skill : null,
      label: purpose,
    },
    { type: 'disease.treated', researchId: r.id, patientId: patient.id, at: state.time },
  ];
  if (!roll.success && (r.endPerDay ?? 0) > 0) {
    // The disease's daily toll after a failed day (§8.4 reading), kept as a temporary End loss.
    const mods6 = patient.mods.map((m, i) => (i === 2 ? m - (r.endPerDay ?? 0) : m));
    events.push({
      type: 'character.updated',
      characterId: patient.id,
      set: { mods: mods6 },
      by: 'rule',
      reason: `${r.name}: a day untreated`,
    });
  }
  return events;
}

export const medicineCommands: readonly CommandSpec[] = [
  defineCommand(schemas.treat, GM_AND_PLAYERS, treat),
  defineCommand(schemas.preserve, GM_AND_PLAYERS, preserve),
  defineCommand(schemas.rest, GM, rest),
  defineCommand(schemas.startResearch, GM, startResearch),
  defineCommand(schemas.research, GM_AND_PLAYERS, research),
  defineCommand(schemas.cure, GM_AND_PLAYERS, cure),
];
