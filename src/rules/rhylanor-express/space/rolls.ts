import { D6 } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import type { Person } from '../data/space-pack.ts';
import type { Dm, Roll2d6 } from './events.ts';

/** The 2d6 roll every space-combat task makes, with its breakdown kept for the log (digest §1). */

export function roll2d6(
  dice: DiceSource,
  purpose: string,
  dms: readonly Dm[],
  need: number,
  chip = 0,
  pool = 0,
): Roll2d6 {
  const a = dice.roll(D6, purpose);
  const b = dice.roll(D6, purpose);
  let total = a + b + chip + pool;
  for (const dm of dms) total += dm.value;
  return { faces: [a, b], dms, chip, pool, total, need, success: total >= need };
}

/** A person's level in a skill, or undefined without it. */
export function skillLevel(person: Person | null | undefined, skill: string): number | undefined {
  if (!person) return undefined;
  return person.skills[skill];
}

/**
 * The DM a skill gives a roll built on it: the best of the skill and its stand-ins (each with its
 * own penalty), or the unskilled DM when the person has none of them.
 */
export function skillDm(
  person: Person | null | undefined,
  skills: readonly (readonly [string, number])[],
  unskilledDm: number,
): Dm {
  let best: Dm | undefined;
  for (const [skill, penalty] of skills) {
    const level = skillLevel(person, skill);
    if (level === undefined) continue;
    const value = level + penalty;
    if (best === undefined || value > best.value)
      best = { label: penalty === 0 ? skill : `${skill} ${penalty}`, value };
  }
  return best ?? { label: `unskilled (${skills[0]?.[0] ?? 'skill'})`, value: unskilledDm };
}
