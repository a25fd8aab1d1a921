import type { AnyRuleset } from '../engine/ruleset.ts';
import { diceChat } from './dice-chat/dice-chat.ts';
import { eliteUnit } from './elite-unit/index.ts';
import { fundamentalDuck } from './fundamental-duck/index.ts';
import { rhylanorExpress } from './rhylanor-express/index.ts';
import { threeSixteen } from './three-sixteen/index.ts';

/**
 * The four rule systems Bughunt is built for. A system whose rules are not playable yet still
 * gets a table: seats, invites and the dice chat, so a group can play with its own books.
 */
export interface SystemEntry {
  readonly id: string;
  readonly title: string;
  /**
   * True when the browser has the system's table screens. Tables of a system that is not playable
   * yet still run its rules when the engine has them (commands over the API and the command line,
   * its dice chat in the browser); otherwise they run the dice chat alone.
   */
  readonly playable: boolean;
  /** One line for the system picker, in our own words. */
  readonly summary: string;
}

export const SYSTEMS: readonly SystemEntry[] = [
  {
    id: 'three-sixteen',
    title: '3:16 Carnage Amongst the Stars',
    playable: true,
    summary: 'Troopers, threat tokens and kill dice: a campaign of planets to clear, tracked end to end.',
  },
  {
    id: 'rhylanor-express',
    title: 'Rhylanor Express',
    playable: true,
    summary:
      'Classic Traveller house rules: character sheets, task rolls with their odds, firefights, and vector space combat on a hex map.',
  },
  {
    id: 'elite-unit',
    title: 'Elite Unit',
    playable: true,
    summary:
      'A d20 squad combat system: full sheets, an initiative tracker, attacks with exact odds and every point of damage explained.',
  },
  {
    id: 'fundamental-duck',
    title: 'Fundamental Duck!',
    playable: true,
    summary:
      'Grid boarding actions against autonomous aliens: a live arena board, solo or co-op, the aliens’ every decision told in words.',
  },
];

/** The systems whose rules the engine runs; the others' tables run the dice chat alone. */
const RULESETS: Readonly<Record<string, AnyRuleset>> = {
  'three-sixteen': threeSixteen as unknown as AnyRuleset,
  'rhylanor-express': rhylanorExpress as unknown as AnyRuleset,
  'elite-unit': eliteUnit as unknown as AnyRuleset,
  'fundamental-duck': fundamentalDuck as unknown as AnyRuleset,
};

/** The ruleset a table of `system` runs, or null for a system Bughunt does not know. */
export function rulesetFor(system: string): AnyRuleset | null {
  if (!SYSTEMS.some((s) => s.id === system)) return null;
  return RULESETS[system] ?? (diceChat as unknown as AnyRuleset);
}
