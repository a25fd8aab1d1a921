import { createContext } from 'react';
import { useProvidedRunner } from '../dice/runner-context.ts';
import type { DiceSender } from '../dice/use-dice-sender.ts';
import type { Command } from './model.ts';

/**
 * The Elite Unit screens send every command through the shared dice sender (src/web/dice/):
 * digital dice, or the seat's own dice typed in one face at a time as the server asks for them.
 * No planner: a player's view lacks hidden sheets, so the server names each die.
 */
export type Runner = DiceSender<Command>;

export const RunnerContext = createContext<Runner | null>(null);
export const useRunner = (): Runner => useProvidedRunner(RunnerContext, 'the Elite Unit table');
