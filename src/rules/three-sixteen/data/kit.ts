import { rankInfo } from './ranks.ts';

/** Everyday gear every rank carries (the book's list; the field manual's wear is flavour only). */
export const BASE_KIT: readonly string[] = [
  'MandelBrite Armour',
  'knife',
  'hydration tablets',
  'TRMs',
  'medipack',
  'backpack',
  'combat drugs',
  'flares',
  'field manual',
];

/**
 * Kit by rank. The book lists a mitt and ball for the Corporal only and a radio for the Sergeant
 * (whose gear the officers inherit); the Major adds the Kinetic Field Armour transmitter.
 */
export function kitFor(rank: number): string[] {
  const { rank: r } = rankInfo(rank);
  const kit = [...BASE_KIT];
  if (r === 1) kit.push('mitt and ball');
  if (r >= 2) kit.push('radio');
  if (r >= 5) kit.push('Kinetic Field Armour transmitter');
  return kit;
}

/**
 * Other everyday gear a PC may take without a Development Roll (the book's "Everyday Trooper
 * Shit"): a GM may grant +1 to a following roll when it is used to prepare well.
 */
export const EVERYDAY_GEAR = [
  'Holo-Show',
  'cancer sticks',
  'hydration tablets',
  'combat drugs',
  'mitt and ball',
  'entrenching tools',
  'personal medipack',
  'field manual',
  'radium gum',
  'TRMs',
  'flares',
] as const;

export type EverydayGear = (typeof EVERYDAY_GEAR)[number];

/**
 * A rank's kit plus the everyday gear the trooper took for itself. Taken gear is the trooper's
 * own, so it stays when the rank (and with it the issued kit) changes; an item the rank already
 * issues is not listed twice.
 */
export function kitWithGear(rank: number, gear: readonly string[]): string[] {
  const kit = kitFor(rank);
  for (const item of gear) if (!kit.includes(item)) kit.push(item);
  return kit;
}
