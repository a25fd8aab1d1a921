import type { AnyRuleset } from '../engine/ruleset.ts';
import { diceChat } from './dice-chat/dice-chat.ts';
import { threeSixteen } from './three-sixteen/index.ts';

/**
 * The four rule systems Bughunt is built for. A system whose rules are not playable yet still
 * gets a table: seats, invites and the dice chat, so a group can play with its own books.
 */
export interface SystemEntry {
  readonly id: string;
  readonly title: string;
  /** True when the engine runs the system's rules; false: the table has dice chat only. */
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
    playable: false,
    summary: 'Classic Traveller house rules. Rules not playable yet: the table has dice chat only.',
  },
  {
    id: 'elite-unit',
    title: 'Elite Unit',
    playable: false,
    summary: 'A d20 squad combat system. Rules not playable yet: the table has dice chat only.',
  },
  {
    id: 'fundamental-duck',
    title: 'Fundamental Duck!',
    playable: false,
    summary: 'Grid boarding actions against autonomous aliens. Rules not playable yet: dice chat only.',
  },
];

const PLAYABLE: Readonly<Record<string, AnyRuleset>> = {
  'three-sixteen': threeSixteen as unknown as AnyRuleset,
};

/** The ruleset a table of `system` runs, or null for a system Bughunt does not know. */
export function rulesetFor(system: string): AnyRuleset | null {
  if (!SYSTEMS.some((s) => s.id === system)) return null;
  return PLAYABLE[system] ?? (diceChat as unknown as AnyRuleset);
}
