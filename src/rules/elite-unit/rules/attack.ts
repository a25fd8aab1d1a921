import type { ColumnData, WeaponData } from '../data/pack-schema.ts';
import { SITUATION, speedModifier } from '../data/tables.ts';
import type { Step } from './effective.ts';

/** Pure pieces of an attack (§6, §7): the range column, §6.3 rows, near misses. */

/** The first column whose Range reaches the distance; -1 when none does (§6.1 step 2). */
export function rangeColumn(weapon: WeaponData, distance: number): number {
  const columns = weapon.columns;
  for (let i = 0; i < columns.length; i++) if ((columns[i] as ColumnData).range >= distance) return i;
  return -1;
}

export interface Situation {
  readonly poorLight?: boolean | undefined;
  readonly speedKph?: number | undefined;
  readonly hiding?: boolean | undefined;
  readonly unaware?: boolean | undefined;
  readonly watching?: boolean | undefined;
}

/** The §6.3 rows that apply, each a step; guided missiles take none. */
export function situationSteps(s: Situation, guided: boolean, rams = false): Step[] {
  if (guided) return [];
  const steps: Step[] = [];
  if (s.poorLight) steps.push({ step: 'poor light', value: SITUATION.poorLight });
  if (!rams && s.speedKph !== undefined) {
    const m = speedModifier(s.speedKph);
    if (m !== 0) steps.push({ step: `moving ${s.speedKph} kph relative`, value: m });
  }
  if (s.hiding) steps.push({ step: 'target hiding behind an object', value: SITUATION.hiding });
  if (s.unaware) steps.push({ step: 'target not expecting an attack', value: SITUATION.unaware });
  if (s.watching) steps.push({ step: 'target watching the attacker', value: SITUATION.watching });
  return steps;
}

export type Share = 'full' | 'half' | 'plasma' | 'none';
export interface NearMiss {
  readonly metres: number;
  readonly caught: boolean;
  readonly share: Share;
}

/** The spread or blast of a column, if any (§7). */
export function areaOf(column: ColumnData): { kind: 'spread' | 'blast'; size: number } | null {
  if (column.blast !== undefined) return { kind: 'blast', size: column.blast };
  if (column.spread !== undefined) return { kind: 'spread', size: column.spread };
  return null;
}

/**
 * §7: m = (defence − attack) × distance ÷ 100, exact; caught when m < S; more than S/2 away takes
 * half; plasma divides by (m + 2) instead of halving.
 */
export function nearMiss(
  attackTotal: number,
  defenceTotal: number,
  distance: number,
  size: number,
  plasma: boolean,
): NearMiss {
  const metres = ((defenceTotal - attackTotal) * distance) / 100;
  if (!(metres < size)) return { metres, caught: false, share: 'none' };
  if (plasma) return { metres, caught: true, share: 'plasma' };
  return { metres, caught: true, share: metres > size / 2 ? 'half' : 'full' };
}

/** Damage after a near-miss share, rounded down at the end (§7 reading). */
export function sharedDamage(damage: number, share: Share, metres: number): number {
  switch (share) {
    case 'full':
      return damage;
    case 'half':
      return Math.floor(damage / 2);
    case 'plasma':
      return Math.floor(damage / (metres + 2));
    case 'none':
      return 0;
  }
}

/** A bystander `metres` from the impact: full within half the radius, half within it, else none. */
export function bystanderShare(metres: number, radius: number, plasma: boolean): Share {
  if (!(metres < radius)) return 'none';
  if (plasma) return 'plasma';
  return metres > radius / 2 ? 'half' : 'full';
}
