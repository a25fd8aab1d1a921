import { z } from 'zod';
import { D6 } from '../../engine/dice/die.ts';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { nameText } from '../../engine/text.ts';
import {
  type Carried,
  type Character,
  canonicalSkill,
  carryLimit,
  levelAfterGain,
  mayRollOtherCareer,
  parseUpp,
  requireKnownSkill,
  resolveSkillResult,
  skillLevel,
} from './character.ts';
import type { Career, CharacterSheet, Pack } from './data/pack-schema.ts';
import { CASCADES, CHARACTERISTICS, careerResult, GUN_SKILLS } from './data/tables.ts';
import type { CharacterPatch, PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  GM,
  GM_AND_PLAYERS,
  invalid,
  requireCharacter,
  sheetCommand,
} from './parts.ts';
import type { RhylanorState } from './state.ts';
import { type Modifier, makeRoll, roll2d6 } from './task.ts';

/** Character sheets (§2), generation hooks (§3), cascades (§4) and advancement (§5). */

const characterId = z.string().regex(/^c[0-9]{1,5}$/, 'a character id looks like c1, c2, …');
const skillName = z.string().trim().min(1).max(60);
const seatId = z.string().min(1).max(100);
const uppText = z.string().trim().min(1).max(12);
const modSchema = z.strictObject({
  source: z.string().trim().min(1).max(80),
  value: z.number().int().min(-20).max(20),
});
export const dmsSchema = z.array(modSchema).max(12);
/** Rounds loaded and spare magazines set on carried weapons, by index. */
const ammoSchema = z
  .array(
    z.strictObject({
      index: z.number().int().min(0).max(11),
      loaded: z.number().int().min(0).max(10000),
      spare: z.number().int().min(0).max(100).optional(),
    }),
  )
  .max(12);

const schemas = {
  create: z.strictObject({
    type: z.literal('character.create'),
    name: nameText(80).optional(),
    /** Six hex digits; or take a sheet from the pack. */
    upp: uppText.optional(),
    sheet: z.string().min(1).max(60).optional(),
    skills: z.record(skillName, z.number().int().min(0).max(15)).optional(),
    owner: seatId.nullable().optional(),
    secret: z.boolean().optional(),
    career: z.string().trim().min(1).max(40).optional(),
    weapons: z.array(z.string().min(1).max(60)).max(12).optional(),
    armour: z.string().min(1).max(60).optional(),
    gear: z.array(z.string().min(1).max(60)).max(40).optional(),
  }),
  edit: z.strictObject({
    type: z.literal('character.edit'),
    characterId,
    reason: z.string().trim().max(200).default('referee'),
    name: nameText(80).optional(),
    owner: seatId.nullable().optional(),
    secret: z.boolean().optional(),
    upp: uppText.optional(),
    mods: z.partialRecord(z.enum(CHARACTERISTICS), z.number().int().min(-15).max(15)).optional(),
    skills: z.record(skillName, z.number().int().min(0).max(15).nullable()).optional(),
    /** Set the End lost, penalty or treated flag of wounds, or remove them (an override). */
    wounds: z
      .array(
        z.strictObject({
          id: z.number().int().min(0),
          level: z.enum(['graze', 'light', 'moderate', 'serious', 'mortal', 'dead', 'destroyed']).optional(),
          endLost: z.number().int().min(0).max(30).optional(),
          penalty: z.number().int().min(0).max(5).optional(),
          treated: z.boolean().optional(),
          remove: z.boolean().optional(),
        }),
      )
      .max(40)
      .optional(),
    ammo: ammoSchema.optional(),
    armour: z.string().min(1).max(60).nullable().optional(),
    career: z.string().trim().min(1).max(40).nullable().optional(),
    /** A Scientist's academic field and the terms' levels in it still owed (§3.5). */
    field: skillName.optional(),
    fieldTermsOwed: z.number().int().min(0).max(20).optional(),
  }),
  /** A player's own kit (the referee's too): name, armour worn, weapons and gear, ammunition. */
  outfit: z.strictObject({
    type: z.literal('character.outfit'),
    characterId,
    name: nameText(80).optional(),
    armour: z.string().min(1).max(60).nullable().optional(),
    addWeapons: z.array(z.string().min(1).max(60)).max(12).optional(),
    /** Indexes into his weapons as they stand before this command. */
    dropWeapons: z.array(z.number().int().min(0).max(11)).max(12).optional(),
    addGear: z.array(z.string().min(1).max(60)).max(40).optional(),
    dropGear: z.array(z.string().min(1).max(60)).max(40).optional(),
    ammo: ammoSchema.optional(),
  }),
  carry: z.strictObject({
    type: z.literal('character.carry'),
    characterId,
    kg: z.number().min(0).max(10000),
    carryingPerson: z.boolean().optional(),
  }),
  gainSkill: z.strictObject({
    type: z.literal('character.gainSkill'),
    characterId,
    /** A skill or cascade result from a career table (§4). */
    result: skillName,
    pick: skillName.optional(),
    /** Level 0 instead of +1 (the §3 fills). */
    atLevelZero: z.boolean().optional(),
  }),
  endSession: z.strictObject({
    type: z.literal('session.end'),
    /** Characters granted a second attempt (a productive session of three months or more). */
    twoAttempts: z.array(characterId).max(50).optional(),
  }),
  advance: z.strictObject({ type: z.literal('character.advance'), characterId, skill: skillName }),
  chargenRoll: z.strictObject({
    type: z.literal('chargen.roll'),
    characterId,
    kind: z.enum(['specialDuty', 'survival', 'commission', 'promotion', 'reenlist']),
    /** Career roll targets come from the career rules the referee uses; special duty is 8+. */
    target: z.number().int().min(2).max(20).optional(),
    dms: dmsSchema.optional(),
  }),
  chargenSkillRoll: z.strictObject({
    type: z.literal('chargen.skillRoll'),
    characterId,
    /** 0-based table of the career (table 2, "Service Skills", is index 1). */
    table: z.number().int().min(0).max(5),
    /** Another career's table: only on a special-duty roll with Edu 8+ (§3). */
    career: z.string().trim().min(1).max(40).optional(),
    /** Use an owed extra roll (special duty or high result). */
    extra: z.boolean().default(false),
  }),
  fillLevelZero: z.strictObject({
    type: z.literal('chargen.fillLevelZero'),
    characterId,
    /** Cascade entry → member taken at level 0. */
    picks: z.record(skillName, skillName).optional(),
  }),
  /** A term's level in a Scientist's academic field (§3.5); the first names the field. */
  fieldGain: z.strictObject({
    type: z.literal('chargen.fieldGain'),
    characterId,
    /** His pick from his career's fields; left out, the field he already has. */
    field: skillName.optional(),
  }),
  gunDefault: z.strictObject({
    type: z.literal('chargen.gunDefault'),
    characterId,
    skill: z.enum(['Pistols', 'Rifles']),
  }),
} as const;

export type CharacterCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

/** A fresh sheet with nothing on it but the fields given (also the sheet a robot fights by, robots.ts). */
export function newCharacter(
  state: RhylanorState,
  fields: Partial<Character> & { name: string; upp: readonly number[] },
): Character {
  return blankCharacter(`c${state.nextCharacter}`, fields);
}

/** A character with nothing yet: no skills, wounds, kit or career; `fields` fills in the rest. */
export function blankCharacter(
  id: string,
  fields: Partial<Character> & { name: string; upp: readonly number[] },
): Character {
  return {
    id,
    owner: null,
    secret: false,
    mods: [0, 0, 0, 0, 0, 0],
    skills: {},
    ticks: [],
    wounds: [],
    weapons: [],
    armour: null,
    gear: [],
    carriedKg: 0,
    carryingPerson: false,
    career: null,
    skillRollsOwed: 0,
    cascadesOwed: [],
    advancesOwed: 0,
    nextWoundId: 1,
    ...fields,
  };
}

function carried(pack: Pack, ids: readonly string[]): Carried[] {
  return ids.map((id) => {
    const ranged = pack.weapons.find((w) => w.id === id);
    if (ranged) return { weaponId: id, loaded: ranged.magazine, spare: 2 };
    if (pack.melee.some((m) => m.id === id)) return { weaponId: id, loaded: 0, spare: 0 };
    throw new RuleError('UNKNOWN_WEAPON', `there is no weapon ${id} in the data pack`, { weaponId: id });
  });
}

function kgOf(pack: Pack, weapons: readonly string[], gear: readonly string[]): number {
  let kg = 0;
  for (const id of weapons) kg += pack.weapons.find((w) => w.id === id)?.kg ?? 0;
  for (const id of gear) kg += pack.gear.find((g) => g.id === id)?.kg ?? 0;
  return Math.round(kg * 10) / 10;
}

function requireArmour(pack: Pack, id: string): void {
  if (!pack.armour.some((a) => a.id === id))
    throw new RuleError('UNKNOWN_ARMOUR', `there is no armour ${id} in the data pack`, { armour: id });
}

function requireGear(pack: Pack, id: string): void {
  if (!pack.gear.some((x) => x.id === id))
    throw new RuleError('UNKNOWN_GEAR', `there is no gear ${id} in the data pack`, { gear: id });
}

function checkSkills(skills: Record<string, number>, pack: Pack): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, level] of Object.entries(skills)) out[requireKnownSkill(name, pack)] = level;
  return out;
}

/** A character from a pack sheet (sample characters, NPC templates). */
export function fromSheet(state: RhylanorState, sheet: CharacterSheet, owner: string | null): Character {
  return newCharacter(state, {
    name: sheet.name,
    upp: parseUpp(sheet.upp),
    skills: checkSkills(sheet.skills, state.pack),
    weapons: carried(state.pack, sheet.weapons),
    armour: sheet.armour ?? null,
    gear: sheet.gear,
    carriedKg: kgOf(state.pack, sheet.weapons, sheet.gear),
    career: sheet.career ?? null,
    secret: sheet.secret,
    owner,
  });
}

function create(
  state: RhylanorState,
  cmd: z.output<typeof schemas.create>,
  ctx: DecideContext,
): PersonalEvent[] {
  const player = ctx.actor.role !== 'gm';
  const owner = player ? ctx.actor.seatId : (cmd.owner ?? null);
  if (player && (cmd.secret || (cmd.owner !== undefined && cmd.owner !== ctx.actor.seatId))) {
    throw new RuleError('NOT_YOUR_CHARACTER', 'a player creates characters for its own seat only');
  }
  let c: Character;
  if (cmd.sheet !== undefined) {
    const sheet = state.pack.characters.find((s) => s.id === cmd.sheet);
    if (!sheet || (player && sheet.secret)) {
      throw new RuleError('UNKNOWN_SHEET', `there is no character sheet ${cmd.sheet} in the data pack`, {
        sheet: cmd.sheet,
      });
    }
    c = fromSheet(state, sheet, owner);
    if (cmd.name) c = { ...c, name: cmd.name };
  } else {
    if (cmd.upp === undefined || cmd.name === undefined)
      throw invalid('a new character needs a name and a UPP (or a sheet)');
    const weapons = cmd.weapons ?? [];
    const gear = cmd.gear ?? [];
    for (const g of gear) requireGear(state.pack, g);
    if (cmd.armour) requireArmour(state.pack, cmd.armour);
    c = newCharacter(state, {
      name: cmd.name,
      upp: parseUpp(cmd.upp),
      skills: checkSkills(cmd.skills ?? {}, state.pack),
      weapons: carried(state.pack, weapons),
      armour: cmd.armour ?? null,
      gear,
      carriedKg: kgOf(state.pack, weapons, gear),
      career: cmd.career ?? null,
      secret: cmd.secret ?? false,
      owner,
    });
  }
  if (c.upp.some((v) => v > 15 && cmd.sheet === undefined)) {
    throw new RuleError(
      'UPP_DIGIT_INVALID',
      'a starting characteristic is 0–15 (0–F); drugs raise it later',
      { upp: cmd.upp },
    );
  }
  return [{ type: 'character.created', character: c }];
}

function edit(state: RhylanorState, cmd: z.output<typeof schemas.edit>): PersonalEvent[] {
  const c = requireCharacter(state, cmd.characterId);
  const set: { -readonly [K in keyof CharacterPatch]: CharacterPatch[K] } = {};
  if (cmd.name !== undefined) set.name = cmd.name;
  if (cmd.owner !== undefined) set.owner = cmd.owner;
  if (cmd.secret !== undefined) set.secret = cmd.secret;
  if (cmd.upp !== undefined) set.upp = parseUpp(cmd.upp);
  if (cmd.mods !== undefined) set.mods = CHARACTERISTICS.map((ch, i) => cmd.mods?.[ch] ?? c.mods[i] ?? 0);
  if (cmd.skills !== undefined) {
    const skills: Record<string, number> = { ...c.skills };
    for (const [name, level] of Object.entries(cmd.skills)) {
      const n = requireKnownSkill(name, state.pack);
      if (level === null) delete skills[n];
      else skills[n] = level;
    }
    set.skills = skills;
  }
  if (cmd.wounds !== undefined) {
    let wounds = [...c.wounds];
    for (const w of cmd.wounds) {
      const at = wounds.findIndex((x) => x.id === w.id);
      if (at < 0) throw new RuleError('UNKNOWN_WOUND', `${c.name} has no wound ${w.id}`, { woundId: w.id });
      if (w.remove) {
        wounds = wounds.filter((x) => x.id !== w.id);
        continue;
      }
      const { id: _id, remove: _remove, ...rest } = w;
      wounds[at] = { ...(wounds[at] as Character['wounds'][number]), ...rest };
    }
    set.wounds = wounds;
  }
  if (cmd.ammo !== undefined) set.weapons = withAmmo(state, c, cmd.ammo, false);
  if (cmd.armour !== undefined) {
    if (cmd.armour !== null) requireArmour(state.pack, cmd.armour);
    set.armour = cmd.armour;
  }
  if (cmd.career !== undefined) set.career = cmd.career;
  if (cmd.field !== undefined) set.field = requireKnownSkill(cmd.field, state.pack);
  if (cmd.fieldTermsOwed !== undefined) set.fieldTermsOwed = cmd.fieldTermsOwed;
  return [{ type: 'character.updated', characterId: c.id, set, by: 'referee', reason: cmd.reason }];
}

/** His weapons with rounds set by index; `capped`: no more loaded than the magazine holds (a player). */
function withAmmo(
  state: RhylanorState,
  c: Character,
  ammo: z.output<typeof ammoSchema>,
  capped: boolean,
): Carried[] {
  const weapons = [...c.weapons];
  for (const a of ammo) {
    const w = weapons[a.index];
    if (!w)
      throw new RuleError('UNKNOWN_WEAPON', `${c.name} carries no weapon ${a.index}`, { index: a.index });
    const magazine = state.pack.weapons.find((x) => x.id === w.weaponId)?.magazine ?? 0;
    if (capped && a.loaded > magazine)
      throw new RuleError('INVALID_VALUE', `the ${w.weaponId} holds at most ${magazine} rounds`, {
        index: a.index,
      });
    weapons[a.index] = { ...w, loaded: a.loaded, spare: a.spare ?? w.spare };
  }
  return weapons;
}

/**
 * A sheet's kit changed by its player (or the referee): his own only, not in a fight (the
 * referee's `character.edit` rules there); loaded rounds up to the magazine; carried kilograms
 * follow what was added and dropped.
 */
function outfit(
  state: RhylanorState,
  cmd: z.output<typeof schemas.outfit>,
  ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  if (ctx.actor.role !== 'gm' && state.combat?.combatants[c.id])
    throw new RuleError('IN_COMBAT', `${c.name} is in a fight: the referee changes kit there`);
  const set: { -readonly [K in keyof CharacterPatch]: CharacterPatch[K] } = {};
  if (cmd.name !== undefined) set.name = cmd.name;
  if (cmd.armour !== undefined) {
    if (cmd.armour !== null) requireArmour(state.pack, cmd.armour);
    set.armour = cmd.armour;
  }
  let weapons = cmd.ammo === undefined ? [...c.weapons] : withAmmo(state, c, cmd.ammo, true);
  let kg = c.carriedKg;
  if (cmd.dropWeapons !== undefined) {
    for (const i of cmd.dropWeapons)
      if (!c.weapons[i])
        throw new RuleError('UNKNOWN_WEAPON', `${c.name} carries no weapon ${i}`, { index: i });
    const dropped = new Set(cmd.dropWeapons);
    kg -= kgOf(
      state.pack,
      c.weapons.filter((_, i) => dropped.has(i)).map((w) => w.weaponId),
      [],
    );
    weapons = weapons.filter((_, i) => !dropped.has(i));
  }
  if (cmd.addWeapons !== undefined) {
    weapons = [...weapons, ...carried(state.pack, cmd.addWeapons)];
    kg += kgOf(state.pack, cmd.addWeapons, []);
  }
  if (weapons.length > 12) throw new RuleError('INVALID_VALUE', 'a sheet carries at most 12 weapons');
  if (cmd.ammo !== undefined || cmd.dropWeapons !== undefined || cmd.addWeapons !== undefined)
    set.weapons = weapons;
  if (cmd.dropGear !== undefined || cmd.addGear !== undefined) {
    let gear = [...c.gear];
    for (const g of cmd.dropGear ?? []) {
      const at = gear.indexOf(g);
      if (at < 0) throw new RuleError('UNKNOWN_GEAR', `${c.name} carries no ${g}`, { gear: g });
      gear.splice(at, 1);
      kg -= kgOf(state.pack, [], [g]);
    }
    for (const g of cmd.addGear ?? []) {
      requireGear(state.pack, g);
      gear = [...gear, g];
      kg += kgOf(state.pack, [], [g]);
    }
    set.gear = gear;
  }
  if (kg !== c.carriedKg) set.carriedKg = Math.max(0, Math.round(kg * 10) / 10);
  if (Object.keys(set).length === 0) throw new RuleError('INVALID_VALUE', 'the outfit changes nothing');
  return [
    {
      type: 'character.updated',
      characterId: c.id,
      set,
      by: ctx.actor.role === 'gm' ? 'referee' : 'rule',
      reason: 'kit changed by its player',
    },
  ];
}

function carry(
  _state: RhylanorState,
  cmd: z.output<typeof schemas.carry>,
  _ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  if (cmd.kg > carryLimit(c)) {
    throw new RuleError(
      'OVER_CARRY_LIMIT',
      `${c.name} cannot carry more than ${carryLimit(c)} kg (3 × Str)`,
      {
        limit: carryLimit(c),
      },
    );
  }
  const set: CharacterPatch = {
    carriedKg: cmd.kg,
    ...(cmd.carryingPerson === undefined ? {} : { carryingPerson: cmd.carryingPerson }),
  };
  return [{ type: 'character.updated', characterId: c.id, set, by: 'rule', reason: 'load carried' }];
}

function gainSkill(
  state: RhylanorState,
  cmd: z.output<typeof schemas.gainSkill>,
  ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  const result = canonicalSkill(cmd.result);
  // A player applies results its generation owes; the referee may grant any.
  if (ctx.actor.role !== 'gm' && !c.cascadesOwed.includes(result)) {
    throw new RuleError(
      'NOT_OWED',
      `${c.name} has no ${cmd.result} result waiting (the referee grants others)`,
      {
        result: cmd.result,
      },
    );
  }
  const skill = resolveSkillResult(c, result, cmd.pick, state.pack);
  let level = cmd.atLevelZero ? Math.max(0, skillLevel(c, skill) ?? 0) : levelAfterGain(c, skill);
  // Jack-of-all-Trades is held at one level only (§2.3).
  if (skill === 'Jack-of-all-Trades') level = 1;
  return [{ type: 'character.skillGained', characterId: c.id, result, skill, level }];
}

function endSession(state: RhylanorState, cmd: z.output<typeof schemas.endSession>): PersonalEvent[] {
  const two = new Set(cmd.twoAttempts ?? []);
  const events: PersonalEvent[] = [];
  for (const c of Object.values(state.characters)) {
    if (c.ticks.length === 0 && !two.has(c.id)) continue;
    events.push({
      type: 'character.updated',
      characterId: c.id,
      set: { advancesOwed: two.has(c.id) ? 2 : 1 },
      by: 'rule',
      reason: 'end of session: advancement attempts',
    });
  }
  return events;
}

function advance(
  _state: RhylanorState,
  cmd: z.output<typeof schemas.advance>,
  ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  const skill = canonicalSkill(cmd.skill);
  if (c.advancesOwed <= 0) {
    throw new RuleError(
      'NO_ADVANCEMENT_DUE',
      `${c.name} has no advancement attempt open (the referee ends the session first)`,
    );
  }
  if (!c.ticks.includes(skill)) {
    throw new RuleError('SKILL_NOT_TICKED', `${c.name}'s ${skill} has no tick`, { skill });
  }
  const from = skillLevel(c, skill) ?? 0;
  const face = ctx.dice.roll(D6, `advancement of ${skill}`);
  // Higher than the level rises it; a 1 always fails (§5).
  const rose = face !== 1 && face > from;
  return [{ type: 'character.advancementRolled', characterId: c.id, skill, face, from, rose }];
}

function chargenRoll(
  state: RhylanorState,
  cmd: z.output<typeof schemas.chargenRoll>,
  ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  const special = cmd.kind === 'specialDuty';
  if (special && c.specialDutyThisTerm) {
    throw new RuleError(
      'SPECIAL_DUTY_TAKEN',
      `${c.name} has had his special duty roll this term (the next comes after re-enlisting)`,
    );
  }
  const target = special ? 8 : cmd.target;
  if (target === undefined) throw invalid(`a ${cmd.kind} roll needs the career's target`);
  const mods: Modifier[] = special ? [] : (cmd.dms ?? []);
  const roll = makeRoll(`${cmd.kind} roll`, roll2d6(ctx.dice, `${cmd.kind} roll`), mods, target);
  // Special duty: 8+ → one extra skill roll. Career rolls: a natural 10–12 → a bonus skill (§3).
  const extra = special ? (roll.success ? 1 : 0) : roll.natural >= 10 ? 1 : 0;
  // The re-enlistment roll ends a term (the reading special duty goes by): in a career with
  // fields, that term owes a level in his field, whether or not he stays on (§3.5).
  const fieldTerm = cmd.kind === 'reenlist' && careerOf(state, c)?.fields !== undefined;
  return [
    {
      type: 'chargen.rolled',
      characterId: c.id,
      kind: cmd.kind,
      roll,
      extraSkillRolls: extra,
      ...(fieldTerm ? { fieldTerm: true as const } : {}),
    },
  ];
}

function careerOf(state: RhylanorState, c: Character): Career | undefined {
  return state.pack.careers.find((k) => k.name === c.career);
}

/**
 * A level in his academic field for a term served (§3.5). The first names the field, from his
 * career's list; every later term's goes to that same field.
 */
function fieldGain(
  state: RhylanorState,
  cmd: z.output<typeof schemas.fieldGain>,
  _ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  if ((c.fieldTermsOwed ?? 0) <= 0)
    throw new RuleError('NOT_OWED', `${c.name} has no term's level in a field waiting`);
  const named = cmd.field === undefined ? undefined : canonicalSkill(cmd.field);
  if (c.field !== undefined && named !== undefined && named !== c.field) {
    throw new RuleError(
      'FIELD_ALREADY_CHOSEN',
      `${c.name}'s field is ${c.field}; every term's level goes there`,
      {
        field: c.field,
      },
    );
  }
  const field = c.field ?? named;
  if (field === undefined) {
    throw new RuleError('FIELD_PICK_NEEDED', `pick ${c.name}'s academic field`, {
      fields: careerOf(state, c)?.fields ?? [],
    });
  }
  if (c.field === undefined && !careerOf(state, c)?.fields?.some((f) => canonicalSkill(f) === field)) {
    throw new RuleError('NOT_A_FIELD', `${field} is not a field of ${c.career ?? 'his career'}`, {
      field,
      fields: careerOf(state, c)?.fields ?? [],
    });
  }
  requireKnownSkill(field, state.pack);
  return [{ type: 'chargen.fieldGained', characterId: c.id, field, level: levelAfterGain(c, field) }];
}

function chargenSkillRoll(
  state: RhylanorState,
  cmd: z.output<typeof schemas.chargenSkillRoll>,
  ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  if (cmd.extra && c.skillRollsOwed <= 0)
    throw new RuleError('NOT_OWED', `${c.name} has no extra skill roll owed`);
  const careerName = cmd.career ?? c.career;
  if (cmd.career !== undefined && cmd.career !== c.career) {
    // Another career's table only on a special duty's extra roll, with Edu 8+ (§3.1): a high
    // result's bonus roll stays on his own career's tables.
    if (!cmd.extra || !mayRollOtherCareer(c)) {
      throw new RuleError(
        'OTHER_CAREER_NOT_ALLOWED',
        'another career’s table needs an extra roll from special duty and Edu 8+',
      );
    }
  }
  const career = state.pack.careers.find((k) => k.name === careerName);
  const table = career?.tables[cmd.table];
  if (!career || !table || table.length === 0) {
    throw new RuleError(
      'NO_CAREER_TABLE',
      `the data pack has no table ${cmd.table + 1} for career ${careerName ?? '(none)'}`,
      {
        career: careerName,
        table: cmd.table,
      },
    );
  }
  const face = ctx.dice.roll(D6, `${career.name} skill table ${cmd.table + 1}`);
  const result = canonicalSkill(
    careerResult(career.name, table[Math.min(face, table.length) - 1] as string, cmd.table),
  );
  const events: PersonalEvent[] = [];
  const isCascade = CASCADES[result] !== undefined;
  let needsPick = false;
  if (isCascade) {
    try {
      resolveSkillResult({ ...c, career: career.name }, result, undefined, state.pack);
    } catch (e) {
      if (e instanceof RuleError && e.code === 'CASCADE_PICK_NEEDED') needsPick = true;
      else throw e;
    }
  }
  events.push({
    type: 'chargen.skillRolled',
    characterId: c.id,
    career: career.name,
    table: cmd.table,
    face,
    result,
    extra: cmd.extra,
    cascade: needsPick,
  });
  if (!needsPick) {
    const skill = resolveSkillResult(c, result, undefined, state.pack);
    events.push({
      type: 'character.skillGained',
      characterId: c.id,
      result,
      skill,
      level: skill === 'Jack-of-all-Trades' ? 1 : levelAfterGain(c, skill),
    });
  }
  return events;
}

function fillLevelZero(
  state: RhylanorState,
  cmd: z.output<typeof schemas.fillLevelZero>,
  _ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  const career = careerOf(state, c);
  const service = career?.tables[1];
  if (!career || !service)
    throw new RuleError('NO_CAREER_TABLE', `no Service Skills table for ${c.career ?? '(no career)'}`);
  const skills: Record<string, number> = { ...c.skills };
  for (const raw of service) {
    const entry = careerResult(career.name, raw, 1);
    const name = canonicalSkill(entry);
    if (name === 'Jack-of-all-Trades') continue;
    const cascade = CASCADES[name];
    if (!cascade) {
      if (skills[name] === undefined) skills[requireKnownSkill(name, state.pack)] = 0;
      continue;
    }
    const held = cascade.members.filter((m) => skills[m] !== undefined);
    const pick = cmd.picks?.[entry] ?? cmd.picks?.[name];
    // None held: one member at 0 (a pick is needed). One held: a second member may be taken.
    if (pick === undefined) {
      if (held.length === 0) {
        throw new RuleError('CASCADE_PICK_NEEDED', `pick a member of ${name} to take at level 0`, {
          cascade: name,
          members: cascade.members,
        });
      }
      continue;
    }
    const chosen = resolveSkillResult({ ...c, skills }, name, pick, state.pack);
    if (skills[chosen] === undefined) skills[chosen] = 0;
  }
  return [
    {
      type: 'character.updated',
      characterId: c.id,
      set: { skills },
      by: 'rule',
      reason: 'level-0 fill of Service Skills (§3)',
    },
  ];
}

function gunDefault(
  _state: RhylanorState,
  cmd: z.output<typeof schemas.gunDefault>,
  _ctx: DecideContext,
  c: Character,
): PersonalEvent[] {
  if (GUN_SKILLS.some((g) => skillLevel(c, g) !== null)) {
    throw new RuleError('ALREADY_HAS_GUN_SKILL', `${c.name} already has a gun combat skill`);
  }
  return [
    { type: 'character.skillGained', characterId: c.id, result: cmd.skill, skill: cmd.skill, level: 0 },
  ];
}

export const characterCommands: readonly CommandSpec[] = [
  defineCommand(schemas.create, GM_AND_PLAYERS, create),
  defineCommand(schemas.edit, GM, edit),
  sheetCommand(schemas.outfit, GM_AND_PLAYERS, outfit),
  sheetCommand(schemas.carry, GM_AND_PLAYERS, carry),
  sheetCommand(schemas.gainSkill, GM_AND_PLAYERS, gainSkill),
  defineCommand(schemas.endSession, GM, endSession),
  sheetCommand(schemas.advance, GM_AND_PLAYERS, advance),
  sheetCommand(schemas.chargenRoll, GM_AND_PLAYERS, chargenRoll),
  sheetCommand(schemas.chargenSkillRoll, GM_AND_PLAYERS, chargenSkillRoll),
  sheetCommand(schemas.fillLevelZero, GM_AND_PLAYERS, fillLevelZero),
  sheetCommand(schemas.fieldGain, GM_AND_PLAYERS, fieldGain),
  sheetCommand(schemas.gunDefault, GM_AND_PLAYERS, gunDefault),
];
