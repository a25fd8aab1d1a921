import { RuleError } from '../../engine/rule-error.ts';
import type { Pack } from './data/pack-schema.ts';
import {
  CASCADES,
  CHARACTERISTICS,
  type Characteristic,
  characteristicDm,
  DRUGS,
  type DrugId,
  FORWARD_OBSERVER_CAREERS,
  MASTER_SKILLS,
  MILITARY_CAREERS,
  SKILL_ALIASES,
  VEHICLE_SKILLS,
  WOUND_LEVELS,
  type WoundLevel,
} from './data/tables.ts';

/**
 * A character sheet as the rules see it (digest §2) and the pure questions asked of it:
 * characteristic values and DMs, skill levels, wounds, End and encumbrance.
 */

export interface Wound {
  readonly id: number;
  readonly level: WoundLevel;
  /** End this wound took (Serious and worse: whatever End was left). */
  readonly endLost: number;
  /** Its −1/−2 to skills, attacks, movement and morale until treated or healed. */
  readonly penalty: number;
  readonly treated: boolean;
  /** Light wounds may be treated only once. */
  readonly attempted: boolean;
  /** Personal-combat turn it was taken in (0 outside combat). */
  readonly turn: number;
  /** Game time (seconds) it was taken: the fold stamps it; a mortal wound's clock runs from it. */
  readonly at?: number;
  /** A mortal wound: the game time it kills, once its 1d6 hours are rolled (§8.1). */
  readonly diesAt?: number;
  /** Held off by a combat drug: its End loss and penalty start when the drug ends (§8.3). */
  readonly deferred?: boolean;
  /** A Dead wound's preservation within 10 minutes (§8.1): true kept, false lost; absent, not tried. */
  readonly preserved?: boolean;
}

/** A dose taken (§8.3): when it takes hold and ends, in game seconds, and where it stands. */
export interface Dose {
  readonly drug: DrugId;
  readonly takenAt: number;
  readonly startsAt: number;
  readonly endsAt: number | null;
  /** `asleep`: over, but its user still lies unconscious (the truth drug's day, §8.3). */
  readonly stage: 'waiting' | 'active' | 'asleep' | 'over';
}

/** One weapon carried: ranged weapons keep the rounds loaded and spare magazines. */
export interface Carried {
  readonly weaponId: string;
  readonly loaded: number;
  readonly spare: number;
}

export interface Character {
  readonly id: string;
  readonly name: string;
  /** The seat that plays it; null: the referee's. */
  readonly owner: string | null;
  /** A referee's NPC sheet players may not see. */
  readonly secret: boolean;
  /** UPP values in order Str Dex End Int Edu Soc. */
  readonly upp: readonly number[];
  /** Temporary modifiers (drugs, referee), same order. */
  readonly mods: readonly number[];
  readonly skills: Readonly<Record<string, number>>;
  /** Skills ticked for advancement (§5): at most one tick each. */
  readonly ticks: readonly string[];
  readonly wounds: readonly Wound[];
  readonly weapons: readonly Carried[];
  readonly armour: string | null;
  readonly gear: readonly string[];
  /** Kilograms carried, armour worn not counted (§7.5). */
  readonly carriedKg: number;
  /** Carrying a person or similar: Very Encumbered. */
  readonly carryingPerson: boolean;
  readonly career: string | null;
  /** Extra skill rolls and cascade picks owed by character generation (§3). */
  readonly skillRollsOwed: number;
  /**
   * How many of those came from special duty (§3.1), the only ones Edu 8+ may take on another
   * career's table; absent: none (sheets made before this was kept).
   */
  readonly specialDutyRollsOwed?: number;
  /**
   * Special duty already rolled this term (§3.1: once a term). Bughunt reads: a term ends with its
   * re-enlistment roll, the last roll of a classic term; absent: not rolled (older sheets).
   */
  readonly specialDutyThisTerm?: boolean;
  /** The academic field a Scientist picked (§3.5), kept for every later term; absent: none yet. */
  readonly field?: string;
  /** Terms served in a career with fields whose level in the field is still to take; absent: none. */
  readonly fieldTermsOwed?: number;
  /** Cascade results from generation still waiting for the player's pick. */
  readonly cascadesOwed: readonly string[];
  /** End-of-session advancement attempts open (§5: one, two in a long productive session). */
  readonly advancesOwed: number;
  readonly nextWoundId: number;
  /** Drugs taken (§8.3); absent: none. */
  readonly drugs?: readonly Dose[];
}

const INDEX: Readonly<Record<Characteristic, number>> = { Str: 0, Dex: 1, End: 2, Int: 3, Edu: 4, Soc: 5 };

// ---------------------------------------------------------------------------------------------
// UPP

const HEX = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** One UPP digit: 0–9, A–F, then G, H, J, K… (I and O skipped) for 16 and up. */
export function uppDigit(value: number): string {
  return HEX[Math.max(0, Math.min(HEX.length - 1, value))] as string;
}

export function formatUpp(values: readonly number[]): string {
  return values.map(uppDigit).join('');
}

/** A UPP string to six values; a character that is not a digit is refused with UPP_DIGIT_INVALID. */
export function parseUpp(upp: string): number[] {
  if (upp.length !== 6) {
    throw new RuleError('UPP_INVALID', `a UPP has six digits (Str Dex End Int Edu Soc), got "${upp}"`, {
      upp,
    });
  }
  return [...upp.toUpperCase()].map((ch, i) => {
    const v = HEX.indexOf(ch);
    if (v < 0) {
      throw new RuleError(
        'UPP_DIGIT_INVALID',
        `"${ch}" is not a UPP digit (0–9, A–F, G, H, J… without I or O) for ${CHARACTERISTICS[i]}`,
        { digit: ch, characteristic: CHARACTERISTICS[i] },
      );
    }
    return v;
  });
}

export function baseValue(c: Character, ch: Characteristic): number {
  return c.upp[INDEX[ch]] ?? 0;
}

/**
 * The value DMs are read from: base plus temporary modifiers and encumbrance (§2.2 reading: not
 * reduced by End lost to wounds, whose penalties already apply).
 */
export function currentValue(c: Character, ch: Characteristic, pack: Pack): number {
  const encumbered = ch === 'Str' || ch === 'Dex' || ch === 'End' ? encumbrance(c, pack).characteristicDm : 0;
  return Math.max(0, baseValue(c, ch) + (c.mods[INDEX[ch]] ?? 0) + encumbered);
}

export function charDm(c: Character, ch: Characteristic, pack: Pack): number {
  return characteristicDm(currentValue(c, ch, pack));
}

export function baseDm(c: Character, ch: Characteristic): number {
  return characteristicDm(baseValue(c, ch));
}

/** End now: base plus drug bonus minus what wounds took (floor 0). */
export function currentEnd(c: Character): number {
  // Treatment writes the End it gives back into the wound, so every wound's loss counts.
  // A wound a combat drug holds off takes nothing until the drug ends.
  const lost = c.wounds.reduce((sum, w) => sum + (w.deferred ? 0 : w.endLost), 0);
  return Math.max(0, baseValue(c, 'End') + (c.mods[INDEX.End] ?? 0) - lost);
}

export function characteristicIndex(ch: Characteristic): number {
  return INDEX[ch];
}

// ---------------------------------------------------------------------------------------------
// Skills

export function canonicalSkill(name: string): string {
  return SKILL_ALIASES[name] ?? name;
}

const MASTER = new Set<string>(MASTER_SKILLS);

/** Is `name` a skill this table knows (document list, pack extras, or an alias of one)? */
export function isKnownSkill(name: string, pack: Pack): boolean {
  const n = canonicalSkill(name);
  return MASTER.has(n) || pack.extraSkills.includes(n);
}

export function requireKnownSkill(name: string, pack: Pack): string {
  if (!isKnownSkill(name, pack)) {
    throw new RuleError('UNKNOWN_SKILL', `there is no skill called "${name}"`, { skill: name });
  }
  return canonicalSkill(name);
}

/** The level held, or null when unskilled. */
export function skillLevel(c: Character, skill: string): number | null {
  return c.skills[canonicalSkill(skill)] ?? null;
}

/** Sum of wound penalties (light −1, moderate −2 each, stacking; treated ones gone). */
export function woundPenalty(c: Character): number {
  return c.wounds.reduce((sum, w) => sum + (w.treated || w.deferred ? 0 : w.penalty), 0);
}

export type Condition = 'fit' | 'exhausted' | 'helpless' | 'unconscious' | 'dead' | 'destroyed';

/** What the worst wound and End leave him able to do (§7.12). */
export function condition(c: Character): Condition {
  let worst = 0;
  for (const w of c.wounds) if (!w.treated) worst = Math.max(worst, WOUND_LEVELS.indexOf(w.level));
  const level = WOUND_LEVELS[worst] as WoundLevel;
  if (level === 'destroyed') return 'destroyed';
  if (level === 'dead') return 'dead';
  if (level === 'serious' || level === 'mortal') return 'unconscious';
  // A drug's sleep or helplessness (§8.3) keeps him from acting as surely as a wound.
  const drugged = drugHelpless(c);
  if (drugged === 'asleep') return 'unconscious';
  if (drugged === 'helpless') return 'helpless';
  if (c.wounds.length > 0 && currentEnd(c) <= 0) return 'exhausted';
  return 'fit';
}

export function canAct(c: Character): boolean {
  return condition(c) === 'fit';
}

// ---------------------------------------------------------------------------------------------
// Encumbrance (§7.5)

export interface Encumbrance {
  readonly state: 'fine' | 'encumbered' | 'veryEncumbered';
  /** −1 to Str, Dex and End while encumbered. */
  readonly characteristicDm: number;
  /** −2 to every skill roll (bomb defusing excepted) while very encumbered. */
  readonly skillDm: number;
}

/** Thresholds use the UPP Strength (reading), not the reduced one. */
export function encumbrance(c: Character, pack: Pack): Encumbrance {
  const str = baseValue(c, 'Str');
  const armour = c.armour ? pack.armour.find((a) => a.id === c.armour) : undefined;
  const very = c.carryingPerson || armour?.veryEncumbered === true;
  if (very) return { state: 'veryEncumbered', characteristicDm: -1, skillDm: -2 };
  if (c.carriedKg > str) return { state: 'encumbered', characteristicDm: -1, skillDm: 0 };
  return { state: 'fine', characteristicDm: 0, skillDm: 0 };
}

/** The most a character may carry at all: three times his Strength. */
export function carryLimit(c: Character): number {
  return 3 * baseValue(c, 'Str');
}

// ---------------------------------------------------------------------------------------------
// Cascades (§4)

export function isMilitary(career: string | null): boolean {
  return career !== null && (MILITARY_CAREERS as readonly string[]).includes(career);
}

/**
 * Whether his next extra skill roll may go to another career's table (§3.1): only a special
 * duty's roll may, and only with Edu 8+; a high result's bonus roll stays on his own tables.
 */
export function mayRollOtherCareer(c: Character): boolean {
  return (c.upp[4] ?? 0) >= 8 && (c.specialDutyRollsOwed ?? 0) > 0;
}

/**
 * What a skill result from a career table gives: a skill name, or the members the player must
 * choose from (a cascade). `pick` chooses; an illegal or missing pick is refused.
 */
export function resolveSkillResult(
  c: Character,
  result: string,
  pick: string | undefined,
  pack: Pack,
): string {
  const name = canonicalSkill(result);
  const cascade = CASCADES[name];
  if (!cascade) return requireKnownSkill(name, pack);
  let members = [...cascade.members];
  if (name === 'Jack-of-all-Trades' && skillLevel(c, 'Jack-of-all-Trades') === null)
    return 'Jack-of-all-Trades';
  if (name === 'Vacc Suit' && (skillLevel(c, 'Vacc Suit') ?? -1) < 1) return 'Vacc Suit';
  if (
    name === 'Forward Observer' &&
    !(FORWARD_OBSERVER_CAREERS as readonly string[]).includes(c.career ?? '')
  )
    return 'Forward Observer';
  if (cascade.militaryOnly && !isMilitary(c.career))
    members = members.filter((m) => !cascade.militaryOnly?.includes(m));
  if (name === 'Vehicle' && !VEHICLE_SKILLS.some((v) => (skillLevel(c, v) ?? 0) >= 1))
    members = members.filter((m) => m !== 'Vacc Suit');
  if (pick === undefined) {
    throw new RuleError('CASCADE_PICK_NEEDED', `${name} is a cascade: pick one of ${members.join(', ')}`, {
      cascade: name,
      members,
    });
  }
  const chosen = canonicalSkill(pick);
  if (!members.includes(chosen)) {
    throw new RuleError(
      'CASCADE_PICK_ILLEGAL',
      `${pick} is not a legal pick from ${name} (${members.join(', ')})`,
      {
        cascade: name,
        pick,
        members,
      },
    );
  }
  return chosen;
}

/** The level a gained skill reaches; Jack-of-all-Trades never goes past 1 (later results cascade). */
export function levelAfterGain(c: Character, skill: string): number {
  const held = skillLevel(c, skill);
  return held === null ? 1 : held + 1;
}

/** Whether a drug of this kind is working on him now. */
/** What his drugs leave him (§8.3): asleep (medical slow drug, the day after the truth drug), helpless (fast drug), or null. */
export function drugHelpless(c: Character): 'asleep' | 'helpless' | null {
  let worst: 'asleep' | 'helpless' | null = null;
  for (const d of c.drugs ?? []) {
    const now = d.stage === 'asleep' ? 'asleep' : d.stage === 'active' ? DRUGS[d.drug].helpless : null;
    if (now === 'asleep') return 'asleep';
    if (now === 'helpless') worst = 'helpless';
  }
  return worst;
}

export function underDrug(c: Character, drug: DrugId): boolean {
  return c.drugs?.some((d) => d.drug === drug && d.stage === 'active') ?? false;
}
