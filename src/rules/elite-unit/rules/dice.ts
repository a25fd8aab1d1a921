import { D10, D20, d } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';

/**
 * The dice of Elite Unit (digest §0, §3): every die named by its purpose, every face kept.
 * A damage cell is parsed once and cached, so the hot path does no string work.
 */

export interface DamageSpec {
  readonly text: string;
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
  readonly times: number;
}

const specs = new Map<string, DamageSpec>();
const CELL = /^\(?(\d{1,2})[dD](\d{1,3})([+-]\d{1,3})?\)?(?:\*(\d{1,2}))?$/;

/** `2D6`, `1D6+1`, `(2D6)*4`, `2` (checked by the pack schema already). */
export function damageSpec(text: string): DamageSpec {
  let spec = specs.get(text);
  if (spec) return spec;
  const m = CELL.exec(text);
  if (m) {
    spec = {
      text,
      count: Number(m[1]),
      sides: Number(m[2]),
      bonus: Number(m[3] ?? 0),
      times: Number(m[4] ?? 1),
    };
  } else if (/^\d+$/.test(text)) {
    spec = { text, count: 0, sides: 1, bonus: Number(text), times: 1 };
  } else {
    throw new RangeError(`not a damage cell: ${text}`);
  }
  specs.set(text, spec);
  return spec;
}

/** A roll kept in an event: purpose, faces and total. */
export interface Rolled {
  readonly purpose: string;
  readonly faces: readonly number[];
  readonly total: number;
}

export function rollDamage(dice: DiceSource, text: string, purpose: string): Rolled {
  const spec = damageSpec(text);
  const faces: number[] = [];
  let sum = spec.bonus;
  const die = d(spec.sides);
  for (let i = 0; i < spec.count; i++) {
    const f = dice.roll(die, purpose);
    faces.push(f);
    sum += f;
  }
  return { purpose, faces, total: Math.max(0, sum * spec.times) };
}

export function rollD20(dice: DiceSource, purpose: string): number {
  return dice.roll(D20, purpose);
}

/** A d100 from two d10s (tens, units; 0 reads as 10 on a d10, "00" is 100). */
export function rollD100(dice: DiceSource, purpose: string): Rolled {
  const tens = dice.roll(D10, purpose);
  const units = dice.roll(D10, purpose);
  const value = (tens % 10) * 10 + (units % 10);
  return { purpose, faces: [tens, units], total: value === 0 ? 100 : value };
}

export function rollD10(dice: DiceSource, purpose: string): number {
  return dice.roll(D10, purpose);
}

export interface SaveResult {
  readonly attribute: string;
  readonly target: number;
  readonly faces: readonly number[];
  readonly total: number;
  readonly success: boolean;
  /** Equal to the attribute: a failure the GM may let off lightly (§3 step 2). */
  readonly bareFail: boolean;
  /** Given up by the owner without a roll (§3 step 4). */
  readonly waived?: true;
}

/**
 * A save (§3): d20 below the effective attribute succeeds, equal fails; a 20 rolls again and adds,
 * and every further 20 chains (so even a huge attribute can fail).
 */
export function rollSave(dice: DiceSource, attribute: string, target: number, purpose: string): SaveResult {
  const faces: number[] = [];
  let total = 0;
  for (;;) {
    const f = dice.roll(D20, purpose);
    faces.push(f);
    total += f;
    if (f !== 20) break;
  }
  return { attribute, target, faces, total, success: total < target, bareFail: total === target };
}

export function waivedSave(attribute: string, target: number): SaveResult {
  return { attribute, target, faces: [], total: 0, success: false, bareFail: false, waived: true };
}

/** The acting side must be strictly higher; a tie goes to the defender (§3). */
export function actorWins(actorTotal: number, defenderTotal: number): boolean {
  return actorTotal > defenderTotal;
}
