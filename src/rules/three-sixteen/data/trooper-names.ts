import type { DiceSource } from '../../../engine/dice/source.ts';
import { pool, type RollRecord, rollSpec } from '../../../engine/dice/typed.ts';

/** The book's 40 suggested trooper surnames (for NPCs and players stuck for a name). */
export const TROOPER_NAMES: readonly string[] = [
  'Abe',
  'Bell',
  'Brooks',
  'Carson',
  'Coghill',
  'Couper',
  'Criner',
  'Dolan',
  'Drake',
  'Dunlap',
  'Fuller',
  'Goodman',
  'Grieb',
  'Hall',
  'Hart',
  'Hicks',
  'Hunt',
  'Jeffcoat',
  'Malan',
  'McCready',
  'Miller',
  'Mulholland',
  'Murphy',
  'Myers',
  'Nall',
  'Ortiz',
  'Rivera',
  'Rooths',
  'Sander',
  'Scarlett',
  'Sellars',
  'Shields',
  'Sims',
  'Stacy',
  'Stokes',
  'Storm',
  'Tarver',
  'Ward',
  'Young',
  'Zeno',
];

/**
 * Rolls a name off the 40: a d4 picks the block of ten and a d10 the name in it (the book gives
 * no die for a 40-entry list; this keeps it to ordinary dice, every name equally likely).
 */
export function rollTrooperName(dice: DiceSource): { name: string; number: number; rolls: RollRecord[] } {
  const block = rollSpec(dice, pool(1, 4), 'trooper name: block of ten (d4)');
  const within = rollSpec(dice, pool(1, 10), 'trooper name: entry in the block (d10)');
  const number = (block.total - 1) * 10 + within.total;
  return { name: TROOPER_NAMES[number - 1] as string, number, rolls: [block, within] };
}
