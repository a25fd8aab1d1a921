import { z } from 'zod';
import { chatEventProblem, chatEventSchemas, isChatEvent } from '../dice-chat/chat.ts';
import { packSchema } from './data/pack-schema.ts';
import { CONDITIONS, PARTS } from './data/tables.ts';
import type { EliteUnitEvent, Patch, VehiclePatch } from './events.ts';
import { knownSkills } from './rules/character.ts';
import { type Character, type EliteUnitState, PART_STATES, type VehicleInScene } from './state.ts';

/**
 * Every Elite Unit event as `decide` makes it, checked on import (`Ruleset.eventSchemas`), and
 * where it may stand (`eliteUnitEventProblem`): a campaign file is untrusted JSON, and evolve
 * applies an event's facts (patches, the pending attack, the order) without re-running a rule, so
 * a tampered file could otherwise put a table where the rules never go.
 */

const MAX = 1_000_000;
const id = z.string().min(1).max(100);
const key = z.string().min(1).max(20);
const word = z.string().min(1).max(200);
const int = z.number().int().min(-MAX).max(MAX);
const count = z.number().int().min(0).max(MAX);
const face = (sides: number) => z.number().int().min(1).max(sides);
const metres = z.number().min(0).max(100_000);
const part = z.enum(PARTS);
const partState = z.enum(PART_STATES);
/** What a rule or the GM wrote in words beside the facts (evolve never reads it). */
const detail = z.record(z.string().max(40), z.unknown());

const rolled = z.strictObject({
  purpose: z.string().max(300),
  faces: z.array(face(100)).max(200),
  total: count,
});
const save = z.strictObject({
  attribute: word,
  target: int,
  faces: z.array(face(20)).max(50),
  total: count,
  success: z.boolean(),
  bareFail: z.boolean(),
  waived: z.literal(true).optional(),
});
const step = z.strictObject({ step: z.string().max(300), value: int });

const weapon = z.strictObject({
  key,
  weapon: id,
  inHands: z.boolean(),
  loaded: count,
  spares: z.array(count).max(100),
  loose: count,
  recoil: count,
  vent: count,
  needsReload: z.boolean(),
  firedThisTurn: count,
  dc: count.nullable(),
});
const layer = z.strictObject({
  key,
  item: id,
  name: word,
  dc: count,
  dcMax: count,
  resilience: count,
  turnsLeft: count.optional(),
});
const held = z.strictObject({
  key,
  item: id,
  name: word,
  dc: count,
  resilience: count,
  dodgeBonus: int,
  code: z.number().int().min(-5).max(9),
});
const condition = z.strictObject({
  id: word,
  turns: count.optional(),
  factor: z.number().min(0).max(MAX).optional(),
  note: z.string().max(500).optional(),
});
const neStore = z.strictObject({ item: id, ne: count, max: count, original: count });
const levels = z.strictObject({ warrior: count, pilot: count, wizard: count, total: count });

const characterFields = {
  id,
  name: word,
  kind: z.enum(['pc', 'npc']),
  role: z.string().max(60),
  ownerSeatId: id.nullable(),
  hidden: z.boolean(),
  attributes: z.record(id, int),
  stamina: count,
  staminaMax: count,
  ne: count,
  neMax: count,
  neStores: z.array(neStore).max(8),
  // Poison keeps decimals (§10).
  poison: z.number().min(0).max(MAX),
  overdosePaid: z.number().min(0).max(MAX),
  actions: z.number().int().min(0).max(20),
  levels,
  controlPort: z.boolean(),
  skills: z.array(z.string().max(40)).max(40),
  licence: count,
  money: z.number().min(0).max(1e12),
  age: z.number().min(0).max(10_000),
  parts: z.partialRecord(part, partState),
  prostheticSince: z.partialRecord(part, z.number().min(0).max(10_000)),
  drains: z.record(id, int),
  spellReductions: z.record(id, int),
  conditions: z.array(condition).max(50),
  weapons: z.array(weapon).max(20),
  armour: z.array(layer).max(20),
  held: z.array(held).max(10),
  gear: z.array(id).max(40),
  spells: z.array(id).max(40),
  dead: word.nullable(),
  firstAidGiven: z.boolean(),
  agedAt: z.array(count).max(100),
};
const character = z.strictObject(characterFields);
/** A rule's new values for one character: any field but its id. */
const patch = z.strictObject({
  id,
  set: z.strictObject(characterFields).omit({ id: true }).partial(),
});
const patches = z.array(patch).max(100);

const occupant = z.strictObject({ id, seated: z.boolean() });
const vehicleFields = {
  id,
  vehicle: id,
  name: word,
  dc: count,
  dcMax: count,
  resilience: count,
  driverId: id.nullable(),
  controls: z.enum(['manual', 'port']),
  occupants: z.array(occupant).max(100),
  speedKph: z.number().min(0).max(5000),
  evasive: z.strictObject({ turn: count }).nullable(),
  weapons: z.array(weapon).max(8),
};
const vehicle = z.strictObject(vehicleFields);
const vehiclePatches = z
  .array(
    z.strictObject({ id, set: z.strictObject(vehicleFields).omit({ id: true, vehicle: true }).partial() }),
  )
  .max(20);

const entry = z.strictObject({ id, face: face(20), total: int });
const target = z.strictObject({ id, distance: metres, column: z.number().int().min(0).max(50) });
const damageByColumn = z.record(z.string().regex(/^\d{1,2}$/), rolled);
const pending = z.strictObject({
  attackId: id,
  attackerId: id,
  weaponKey: key.nullable(),
  weapon: id.nullable(),
  spell: id.nullable(),
  thrownCode: z.number().int().min(-5).max(9).optional(),
  cell: z.string().max(40).optional(),
  targets: z.array(target).min(1).max(12),
  next: z.number().int().min(0).max(11),
  attackTotal: int,
  parryable: z.boolean(),
  unaware: z.boolean(),
  fatal: z.boolean(),
  multiplier: z.number().min(0).max(10_000),
  divisor: z.number().min(1).max(10_000),
  strength: int.nullable(),
  damage: damageByColumn,
  vehicleId: id.optional(),
  ram: z.strictObject({ kph: z.number().min(0).max(5000), vehicleId: id.nullable() }).optional(),
});
const question = z.discriminatedUnion('kind', [
  z.strictObject({ id, kind: z.literal('tieOrder'), ids: z.array(id).min(2).max(50) }),
  z.strictObject({
    id,
    kind: z.literal('bystanders'),
    attackId: id,
    weapon: id,
    area: z.enum(['blast', 'spread']),
    radius: metres,
    plasma: z.boolean(),
    column: z.number().int().min(0).max(50),
    damage: damageByColumn,
  }),
  z.strictObject({ id, kind: z.literal('prostheticFailure'), characterId: id, part }),
  z.strictObject({ id, kind: z.literal('oldAgeDeath'), characterId: id }),
  z.strictObject({ id, kind: z.literal('chaosWeapon'), characterId: id, factor: count, turns: count }),
  z.strictObject({ id, kind: z.literal('bareFail'), characterId: id, save }),
]);
const layerReport = z.strictObject({
  outcome: z.enum(['skipped', 'bounced', 'dented', 'destroyed']),
  arriving: count,
  dcBefore: count,
  dcAfter: count,
  layer: word,
});
const blow = z.strictObject({
  dealt: count,
  layers: z.array(layerReport).max(30),
  toStamina: count,
  staminaBefore: count,
  staminaAfter: count,
  location: z
    .strictObject({
      roll: rolled,
      part,
      before: partState,
      after: partState,
      prostheticCheck: face(10).optional(),
    })
    .optional(),
  died: word.optional(),
});
const defence = z.strictObject({
  face: face(20).nullable(),
  dodge: int,
  total: int,
  helpless: z.boolean(),
  parry: z.strictObject({ object: key, save, dodgeBonus: int }).optional(),
  uncovered: z.array(key).max(8).optional(),
});
const secretIds = z.array(id).max(100).optional();
const opposedSide = { id, attribute: word, face: face(20), total: int };

type CoreType = Exclude<EliteUnitEvent['type'], keyof typeof chatEventSchemas>;

const core: { readonly [T in CoreType]: z.ZodType } = {
  'pack.loaded': z.strictObject({ type: z.literal('pack.loaded'), pack: packSchema, secretIds }),
  'character.added': z.strictObject({ type: z.literal('character.added'), character, secretIds }),
  'character.removed': z.strictObject({ type: z.literal('character.removed'), id, secretIds }),
  'character.changed': z.strictObject({
    type: z.literal('character.changed'),
    reason: word,
    patches,
    spendsAction: id.optional(),
    detail: detail.optional(),
    rolls: z.array(rolled).max(100).optional(),
    hidden: z.boolean().optional(),
    vehicles: vehiclePatches.optional(),
    secretIds,
  }),
  'vehicle.added': z.strictObject({ type: z.literal('vehicle.added'), vehicle, secretIds }),
  'vehicle.removed': z.strictObject({ type: z.literal('vehicle.removed'), id, secretIds }),
  'vehicle.changed': z.strictObject({
    type: z.literal('vehicle.changed'),
    reason: word,
    vehicles: vehiclePatches.min(1),
    secretIds,
  }),
  'battle.started': z.strictObject({
    type: z.literal('battle.started'),
    entries: z.array(entry).min(1).max(50),
    ties: z.array(z.array(id).min(2).max(50)).max(25),
    secretIds,
  }),
  'battle.joined': z.strictObject({
    type: z.literal('battle.joined'),
    entry,
    index: z.number().int().min(0).max(50),
    waits: z.boolean(),
    secretIds,
  }),
  'battle.reordered': z.strictObject({
    type: z.literal('battle.reordered'),
    order: z.array(id).min(1).max(50),
    secretIds,
  }),
  'battle.ended': z.strictObject({ type: z.literal('battle.ended'), secretIds }),
  'slot.advanced': z.strictObject({
    type: z.literal('slot.advanced'),
    turn: z.number().int().min(1).max(MAX),
    slot: z.number().int().min(0).max(50),
    skipped: z.array(id).max(50),
    secretIds,
  }),
  'turn.ended': z.strictObject({
    type: z.literal('turn.ended'),
    turn: z.number().int().min(1).max(MAX),
    secretIds,
  }),
  'attack.declared': z.strictObject({
    type: z.literal('attack.declared'),
    attackId: id,
    attackerId: id,
    weapon: id.nullable(),
    mode: z.enum(['manual', 'auto', 'burst', 'fullAuto', 'ram']).nullable(),
    rounds: count,
    face: z.number().int().min(0).max(20),
    total: int,
    steps: z.array(step).max(30),
    patches,
    pending,
    spendsAction: id,
    vehicles: vehiclePatches.optional(),
    secretIds,
  }),
  'attack.resolved': z.strictObject({
    type: z.literal('attack.resolved'),
    attackId: id,
    targetId: id,
    attackTotal: int,
    defence,
    hit: z.boolean(),
    fatal: z.boolean().optional(),
    nearMiss: z
      .strictObject({
        metres: z.number().min(-MAX).max(MAX),
        caught: z.boolean(),
        share: z.enum(['full', 'half', 'plasma', 'none']),
      })
      .optional(),
    damage: rolled.optional(),
    blow: blow.optional(),
    patches,
    vehicleBlows: z.record(id, layerReport).optional(),
    crew: z.record(id, blow).optional(),
    crewRolls: z.array(rolled).max(100).optional(),
    vehicles: vehiclePatches.optional(),
    secretIds,
  }),
  'question.asked': z.strictObject({ type: z.literal('question.asked'), question, secretIds }),
  'question.answered': z.strictObject({
    type: z.literal('question.answered'),
    questionId: id,
    patches,
    blows: z.record(id, blow).optional(),
    detail: detail.optional(),
    rolls: z.array(rolled).max(100).optional(),
    secretIds,
  }),
  'resolution.undone': z.strictObject({ type: z.literal('resolution.undone'), what: word, secretIds }),
  'save.rolled': z.strictObject({
    type: z.literal('save.rolled'),
    characterId: id,
    save,
    modifier: int,
    hidden: z.boolean(),
    secretIds,
  }),
  'save.asked': z.strictObject({
    type: z.literal('save.asked'),
    pending: z.strictObject({ saveId: id, casterId: id, targetId: id, spell: id, attribute: id }),
    secretIds,
  }),
  'save.resolved': z.strictObject({
    type: z.literal('save.resolved'),
    saveId: id,
    characterId: id,
    save,
    patches,
    rolls: z.array(rolled).max(20).optional(),
    secretIds,
  }),
  'opposed.rolled': z.strictObject({
    type: z.literal('opposed.rolled'),
    purpose: word,
    actor: z.strictObject(opposedSide),
    others: z
      .array(z.strictObject({ ...opposedSide, actorWins: z.boolean() }))
      .min(1)
      .max(50),
    hidden: z.boolean(),
    secretIds,
  }),
  'table.rolled': z.strictObject({
    type: z.literal('table.rolled'),
    table: word,
    roll: rolled,
    result: z.string().max(300),
    hidden: z.boolean(),
    secretIds,
  }),
};

export const eliteUnitEventSchemas: Readonly<Record<EliteUnitEvent['type'], z.ZodType>> = {
  ...chatEventSchemas,
  ...core,
};

/** What a patch would leave out of bounds on the character it names, or null. */
function patchProblem(state: EliteUnitState, p: Patch): string | null {
  const c = state.characters[p.id];
  if (!c) return `it changes ${p.id}, who is not at the table`;
  const after: Character = { ...c, ...p.set };
  if (after.stamina > after.staminaMax) return `${p.id}'s Stamina would pass its maximum`;
  if (after.ne > after.neMax) return `${p.id}'s NE would pass its maximum`;
  for (const l of after.armour) if (l.dc > l.dcMax) return `${p.id}'s ${l.name} would pass its DC`;
  for (const s of after.neStores) if (s.ne > s.max) return `${p.id}'s NE store would pass its maximum`;
  return listProblem(state, c, after);
}

/**
 * What a change adds to a sheet's lists that no rule knows: a condition outside the rules' list,
 * a spell, item, weapon, worn armour or NE store the pack lacks, a skill no rule of it reads, a
 * drain or reduction of an attribute it lacks or below nothing. Entries already on the sheet are let be (a pack
 * loaded later may have dropped them); only the new ones must be known.
 */
function listProblem(state: EliteUnitState, before: Character, after: Character): string | null {
  const pack = state.pack;
  const added = (now: readonly string[], was: readonly string[]) => now.filter((x) => !was.includes(x));
  for (const id of added(
    after.conditions.map((x) => x.id),
    before.conditions.map((x) => x.id),
  ))
    if (!CONDITIONS.includes(id)) return `${after.id} would have an unknown condition ${id}`;
  for (const s of added(after.spells, before.spells))
    if (!pack.spells.some((x) => x.id === s)) return `the pack has no spell ${s}`;
  for (const g of added(after.gear, before.gear))
    if (!pack.accessories.some((x) => x.id === g) && !pack.armour.some((x) => x.id === g))
      return `the pack has no item ${g}`;
  for (const h of added(
    after.held.map((x) => x.item),
    before.held.map((x) => x.item),
  ))
    if (!pack.armour.some((x) => x.id === h)) return `the pack has no armour ${h}`;
  const newSkills = added(after.skills, before.skills);
  // Worked out only for a patch that teaches a skill (rare), not for every patch an import reads.
  const skills = newSkills.length > 0 ? knownSkills(pack) : [];
  for (const k of newSkills) if (!skills.includes(k)) return `no rule of the pack reads a skill ${k}`;
  for (const key of ['drains', 'spellReductions'] as const)
    for (const [a, v] of Object.entries(after[key])) {
      if (before[key][a] === v) continue;
      if (!pack.attributes.some((x) => x.id === a)) return `there is no attribute ${a}`;
      if (v < 0) return `${after.id}'s ${a} would lose less than nothing`;
    }
  for (const w of added(
    after.weapons.map((x) => x.weapon),
    before.weapons.map((x) => x.weapon),
  ))
    if (!pack.weapons.some((x) => x.id === w)) return `the pack has no weapon ${w}`;
  for (const a of added(
    after.armour.map((x) => x.item),
    before.armour.map((x) => x.item),
  ))
    if (!pack.armour.some((x) => x.id === a && !x.held)) return `the pack has no worn armour ${a}`;
  for (const s of added(
    after.neStores.map((x) => x.item),
    before.neStores.map((x) => x.item),
  ))
    if (!pack.accessories.some((x) => x.id === s && x.kind === 'neStore'))
      return `the pack has no NE store ${s}`;
  return null;
}

function patchesProblem(
  state: EliteUnitState,
  list: readonly Patch[],
  vehicles: readonly VehiclePatch[] = [],
): string | null {
  for (const p of list) {
    const problem = patchProblem(state, p);
    if (problem) return problem;
  }
  for (const p of vehicles) {
    const problem = vehiclePatchProblem(state, p);
    if (problem) return problem;
  }
  return null;
}

/** What a vehicle patch would leave out of bounds: its DC, or who is aboard. */
function vehiclePatchProblem(state: EliteUnitState, p: VehiclePatch): string | null {
  const v = state.vehicles[p.id];
  if (!v) return `it changes ${p.id}, which is not in the scene`;
  return vehicleProblem(state, { ...v, ...p.set });
}

function vehicleProblem(state: EliteUnitState, v: VehicleInScene): string | null {
  if (v.dc > v.dcMax) return `${v.id}'s DC would pass its maximum`;
  const data = state.pack.vehicles.find((x) => x.id === v.vehicle);
  if (!data) return `the pack has no vehicle ${v.vehicle}`;
  const people = [...(v.driverId === null ? [] : [v.driverId]), ...v.occupants.map((o) => o.id)];
  if (new Set(people).size !== people.length) return `someone sits twice in ${v.id}`;
  for (const who of people) if (!state.characters[who]) return `${who} is not at the table`;
  if ((v.driverId === null ? 0 : 1) + v.occupants.filter((o) => o.seated).length > data.seats)
    return `${v.id} has more people seated than seats`;
  return null;
}

/**
 * Whether an event could follow the state: it names characters at the table, keeps values within
 * their maximums, and answers the attack or question that is waiting (`Ruleset.eventProblem`).
 */
export function eliteUnitEventProblem(state: EliteUnitState, event: EliteUnitEvent): string | null {
  if (isChatEvent(event)) return chatEventProblem(state.chat, event);
  switch (event.type) {
    case 'character.added':
      if (state.characters[event.character.id]) return `${event.character.id} is already at the table`;
      if (event.character.stamina > event.character.staminaMax) return 'its Stamina passes its maximum';
      return null;
    case 'character.removed':
      return state.characters[event.id] ? null : `there is no character ${event.id} to remove`;
    case 'character.changed':
      return patchesProblem(state, event.patches, event.vehicles);
    case 'vehicle.added':
      if (state.vehicles[event.vehicle.id] || state.characters[event.vehicle.id])
        return `${event.vehicle.id} is already in the scene`;
      return vehicleProblem(state, event.vehicle);
    case 'vehicle.removed':
      return state.vehicles[event.id] ? null : `there is no vehicle ${event.id} to remove`;
    case 'vehicle.changed':
      return patchesProblem(state, [], event.vehicles);
    case 'battle.started':
      if (state.battle) return 'a battle is already running';
      for (const e of event.entries) if (!state.characters[e.id]) return `${e.id} is not at the table`;
      return null;
    case 'battle.joined':
      if (!state.battle) return 'no battle is running';
      if (!state.characters[event.entry.id]) return `${event.entry.id} is not at the table`;
      return event.index <= state.battle.order.length ? null : 'it joins past the end of the order';
    case 'battle.reordered': {
      const b = state.battle;
      if (!b) return 'no battle is running';
      const now = b.order.map((e) => e.id).sort();
      const next = [...event.order].sort();
      return now.length === next.length && now.every((x, i) => x === next[i])
        ? null
        : 'the new order names other characters than the battle';
    }
    case 'battle.ended':
    case 'turn.ended':
      return state.battle ? null : 'no battle is running';
    case 'slot.advanced':
      if (!state.battle) return 'no battle is running';
      return event.slot < state.battle.order.length ? null : 'it moves to a slot past the order';
    case 'attack.declared': {
      if (state.pending || state.pendingSave) return 'another attack or save still waits for an answer';
      if (!state.characters[event.attackerId]) return `${event.attackerId} is not at the table`;
      for (const t of event.pending.targets)
        if (!state.characters[t.id] && !state.vehicles[t.id]) return `${t.id} is not at the table`;
      if (event.pending.attackId !== event.attackId || event.pending.next !== 0)
        return 'its pending attack is not the one declared';
      return patchesProblem(state, event.patches, event.vehicles);
    }
    case 'attack.resolved': {
      const p = state.pending;
      if (!p || p.attackId !== event.attackId) return `attack ${event.attackId} is not waiting`;
      if (p.targets[p.next]?.id !== event.targetId) return `attack ${event.attackId} waits for someone else`;
      return patchesProblem(state, event.patches, event.vehicles);
    }
    case 'question.answered':
      if (!state.questions.some((q) => q.id === event.questionId))
        return `question ${event.questionId} is not open`;
      return patchesProblem(state, event.patches);
    case 'resolution.undone':
      return state.undo ? null : 'there is nothing to undo';
    case 'save.rolled':
      return state.characters[event.characterId] ? null : `${event.characterId} is not at the table`;
    case 'save.asked': {
      if (state.pending || state.pendingSave) return 'another attack or save still waits for an answer';
      const p = event.pending;
      for (const who of [p.casterId, p.targetId])
        if (!state.characters[who]) return `${who} is not at the table`;
      return state.pack.spells.some((s) => s.id === p.spell) ? null : `the pack has no spell ${p.spell}`;
    }
    case 'save.resolved': {
      const p = state.pendingSave;
      if (!p || p.saveId !== event.saveId) return `spell save ${event.saveId} is not waiting`;
      if (p.targetId !== event.characterId) return `spell save ${event.saveId} waits for someone else`;
      for (const x of event.patches)
        if (x.id !== p.targetId) return 'it changes someone other than the target';
      return patchesProblem(state, event.patches);
    }
    default:
      return null;
  }
}
