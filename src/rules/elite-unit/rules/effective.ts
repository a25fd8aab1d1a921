import type { Pack } from '../data/pack.ts';
import {
  CARRY_ATTRIBUTES,
  ENCUMBRANCE,
  POISON_UNCONSCIOUS_ABOVE,
  partOf,
  poisonPenalty,
} from '../data/tables.ts';
import type { Character, PartState } from '../state.ts';
import { findWeapon } from './character.ts';

/**
 * Effective attribute values in the digest's one fixed order (§4): sheet → body part → drains and
 * spell reductions → poison band → wounded halving → carrying penalty → chaos overrides → floor 0.
 */

export interface Step {
  readonly step: string;
  readonly value: number;
}
export interface Effective {
  readonly attribute: string;
  readonly value: number;
  readonly steps: readonly Step[];
}

/** Resolves an alias (Muscle → strength); undefined for an attribute the pack does not know. */
export function attributeId(pack: Pack, name: string): string | undefined {
  const key = name.toLowerCase();
  for (const a of pack.attributes) if (a.id === key || a.aliases.includes(key)) return a.id;
  return undefined;
}

function partFactor(state: PartState | undefined, value: number): number {
  switch (state) {
    case 'damaged':
    case 'prostheticDamaged':
      return Math.floor(value / 2);
    case 'destroyed':
    case 'prostheticFailed':
      return 0;
    case 'repaired':
      return Math.floor((value * 3) / 4);
    default:
      return value;
  }
}

const CARRY_SET = new Set(CARRY_ATTRIBUTES);

export function isWounded(c: Character): boolean {
  return c.stamina * 2 < c.staminaMax;
}
export function isIncapacitated(c: Character): boolean {
  return c.stamina * 4 < c.staminaMax;
}
export function isUnconscious(c: Character): boolean {
  return c.poison > POISON_UNCONSCIOUS_ABOVE;
}
/** Helpless (§5): no actions, no dodge, no parry; the dead are out of the order altogether. */
export function isHelpless(c: Character): boolean {
  return c.dead !== null || isIncapacitated(c) || isUnconscious(c);
}

/** The hand-carry penalty (§12): every item in the hands adds its code's penalty. */
export function carryPenalty(c: Character, pack: Pack): number {
  let sum = 0;
  for (const w of c.weapons) {
    if (!w.inHands) continue;
    const data = findWeapon(pack, w.weapon);
    if (!data || data.vehicleMounted) continue;
    sum += ENCUMBRANCE[data.code]?.penalty ?? 0;
  }
  for (const h of c.held) sum += ENCUMBRANCE[h.code]?.penalty ?? 0;
  return sum;
}

/** Out of the scene (chaos #4, leapt ahead in time): skipped in the order, neither acts nor is a target. */
export function isAbsent(c: Character): boolean {
  return hasCondition(c, 'timeLeap');
}

export function hasCondition(c: Character, id: string): boolean {
  for (const x of c.conditions) if (x.id === id) return true;
  return false;
}

function compute(c: Character, pack: Pack, attribute: string, steps: Step[] | null): number {
  let v = c.attributes[attribute] ?? 0;
  steps?.push({ step: 'sheet', value: v });
  const part = partOf(attribute);
  if (part) {
    const next = partFactor(c.parts[part], v);
    if (next !== v) steps?.push({ step: `body part ${part} ${c.parts[part]}`, value: next });
    v = next;
  }
  const drain = (c.drains[attribute] ?? 0) + (c.spellReductions[attribute] ?? 0);
  if (drain !== 0) {
    v -= drain;
    steps?.push({ step: 'drains and spell reductions', value: v });
  }
  const poison = poisonPenalty(c.poison);
  if (poison !== 0) {
    v += poison;
    steps?.push({ step: `poison level ${c.poison}`, value: v });
  }
  if (isWounded(c)) {
    v = Math.floor(v / 2);
    steps?.push({ step: 'wounded (Stamina below half)', value: v });
  }
  if (CARRY_SET.has(attribute)) {
    const carry = carryPenalty(c, pack);
    if (carry !== 0) {
      v += carry;
      steps?.push({ step: 'carried in the hands', value: v });
    }
  }
  if (attribute === 'strength' && hasCondition(c, 'shrunk')) {
    v = 1;
    steps?.push({ step: 'shrunk (chaos)', value: v });
  }
  if (v < 0) {
    v = 0;
    steps?.push({ step: 'never below 0', value: 0 });
  }
  return v;
}

/** The effective value alone (hot path: no breakdown built). */
export function effectiveValue(c: Character, pack: Pack, attribute: string): number {
  return compute(c, pack, attribute, null);
}

/** The effective value with every step that changed it. */
export function effective(c: Character, pack: Pack, attribute: string): Effective {
  const steps: Step[] = [];
  const value = compute(c, pack, attribute, steps);
  return { attribute, value, steps };
}
