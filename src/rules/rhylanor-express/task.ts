import { D6 } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { type Character, charDm, encumbrance, skillLevel, woundPenalty } from './character.ts';
import type { Pack } from './data/pack-schema.ts';
import type { Characteristic } from './data/tables.ts';

/**
 * The 2d6 task roll (§1): dice + skill + characteristic DM + situational DMs ≥ target. Every roll
 * keeps its breakdown (faces, each modifier with its source, pool points, target, margin) so the
 * log can show what added what.
 */

export interface Modifier {
  readonly source: string;
  readonly value: number;
}

/** Tactics-pool points put on a roll: before the dice (staged) or after seeing them. */
export interface PoolSpend {
  readonly side: string;
  readonly delta: number;
  readonly when: 'before' | 'after';
}

export interface RollRecord {
  readonly purpose: string;
  readonly faces: readonly number[];
  /** Sum of the faces: what "natural" rules read; pool points never change it. */
  readonly natural: number;
  readonly mods: readonly Modifier[];
  readonly pool: readonly PoolSpend[];
  readonly target: number;
  readonly total: number;
  /** total − target: 0 or more is a success. */
  readonly margin: number;
  readonly success: boolean;
}

export function sumMods(mods: readonly Modifier[]): number {
  let s = 0;
  for (const m of mods) s += m.value;
  return s;
}

/** Builds the record from faces and modifiers. */
export function makeRoll(
  purpose: string,
  faces: readonly number[],
  mods: readonly Modifier[],
  target: number,
  pool: readonly PoolSpend[] = [],
): RollRecord {
  let natural = 0;
  for (const f of faces) natural += f;
  let total = natural + sumMods(mods);
  for (const p of pool) total += p.delta;
  return {
    purpose,
    faces,
    natural,
    mods,
    pool,
    target,
    total,
    margin: total - target,
    success: total >= target,
  };
}

/** The same roll with more pool points on it. */
export function withPool(roll: RollRecord, spend: PoolSpend): RollRecord {
  return makeRoll(roll.purpose, roll.faces, roll.mods, roll.target, [...roll.pool, spend]);
}

/** A roll whose total the referee set by hand (an override), its faces kept. */
export function withTotal(roll: RollRecord, total: number): RollRecord {
  const mods = [...roll.mods, { source: 'referee override', value: total - roll.total }];
  return makeRoll(roll.purpose, roll.faces, mods, roll.target, roll.pool);
}

export function roll2d6(dice: DiceSource, purpose: string): [number, number] {
  return [dice.roll(D6, purpose), dice.roll(D6, purpose)];
}

/** Which skills a roll may be built on, each with its substitution DM (§4). */
export interface SkillOption {
  readonly skill: string;
  readonly dm: number;
}

export interface SkillChoice {
  /** The skill actually used, or null when unskilled. */
  readonly skill: string | null;
  readonly mods: readonly Modifier[];
}

/**
 * The skill part of a roll: the best held option (level + substitution DM); none held → the
 * unskilled DM, cancelled by Jack-of-all-Trades (pack readings). `required` refuses the unskilled.
 */
export function skillMods(
  c: Character,
  options: readonly SkillOption[],
  pack: Pack,
  required = false,
): SkillChoice {
  let best: { skill: string; level: number; dm: number } | null = null;
  for (const o of options) {
    const level = skillLevel(c, o.skill);
    if (level === null) continue;
    if (best === null || level + o.dm > best.level + best.dm) best = { skill: o.skill, level, dm: o.dm };
  }
  if (best) {
    const mods: Modifier[] = [{ source: `${best.skill}-${best.level}`, value: best.level }];
    if (best.dm !== 0) mods.push({ source: `${best.skill} used instead (substitution)`, value: best.dm });
    return { skill: best.skill, mods };
  }
  if (options.length === 0) return { skill: null, mods: [] };
  if (required) {
    throw new RuleError(
      'SKILL_REQUIRED',
      `${c.name} needs ${options.map((o) => o.skill).join(' or ')} (level 0 or better) to try this`,
      { characterId: c.id, skills: options.map((o) => o.skill) },
    );
  }
  if (pack.rules.jackOfAllTradesCancelsUnskilled && (skillLevel(c, 'Jack-of-all-Trades') ?? 0) >= 1) {
    return { skill: null, mods: [{ source: 'unskilled, Jack-of-all-Trades', value: 0 }] };
  }
  return { skill: null, mods: [{ source: 'unskilled', value: pack.rules.unskilledDm }] };
}

/** Characteristic DM as a modifier (from the current value). */
export function charMod(c: Character, ch: Characteristic, pack: Pack): Modifier {
  return { source: `${ch} DM`, value: charDm(c, ch, pack) };
}

/** Wound and encumbrance penalties every skill roll of this character carries. */
export function conditionMods(c: Character, pack: Pack, skillRoll = true): Modifier[] {
  const mods: Modifier[] = [];
  const wounds = woundPenalty(c);
  if (wounds !== 0) mods.push({ source: 'wounds', value: -wounds });
  const enc = encumbrance(c, pack);
  if (skillRoll && enc.skillDm !== 0) mods.push({ source: 'very encumbered', value: enc.skillDm });
  return mods;
}

/** Exact chance that 2d6 + dm ≥ target, as a count out of 36. */
export function chanceOutOf36(dm: number, target: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b + dm >= target) n++;
  return n;
}
