import { createContext, useMemo } from 'react';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import type { DicePlanner } from '../dice/attempt.ts';
import { RefusalBanner, DicePrompt as SharedDicePrompt } from '../dice/DicePrompt.tsx';
import { useProvidedRunner } from '../dice/runner-context.ts';
import { type DiceSender, useDiceSender } from '../dice/use-dice-sender.ts';
import { dicePlan, nextDieWanted, type SeatRef, type Send, type View } from './model.ts';
import './feedback.css';

/**
 * Sending commands from the 3:16 screens, on the shared dice sender (`src/web/dice`). Digital
 * dice: the server rolls. Own dice: before sending, the ruleset (run here on the view) says which
 * die it wants next, and how many its purpose takes; the player types each face; the command goes
 * out with the faces. A DICE_NEEDED from the server (the view was behind) asks for one more face
 * the same way. Every refusal is shown with its code and message, kept in view wherever the
 * player has scrolled to.
 */
export type Runner = DiceSender<ThreeSixteenCommand>;

export const RunnerContext = createContext<Runner | null>(null);
export const useRunner = (): Runner => useProvidedRunner(RunnerContext, 'ThreeSixteenTable');

const OWN_DICE_KEY = 'bughunt.316.ownDice';

export function useCommandRunner(view: View, seat: SeatRef, send: Send): Runner {
  const planner = useMemo<DicePlanner<ThreeSixteenCommand>>(
    () => ({
      next: (command, faces) => {
        const { need, error } = nextDieWanted(view, seat, command, faces);
        return { need, error: error && !error.ok ? { code: error.code, message: error.message } : null };
      },
      plan: (command, faces) => dicePlan(view, seat, command, faces),
    }),
    [view, seat],
  );
  return useDiceSender(send, { storageKey: OWN_DICE_KEY, planner });
}

/** The shared dice box in the 3:16 colours. */
export function DicePrompt() {
  return <SharedDicePrompt sender={useRunner()} className="ts-dice-prompt" />;
}

/**
 * The last refusal, until dismissed or the next command. It sticks to the top of the game column
 * while the player scrolls, so a refusal of a button far down the page is still seen; while the
 * dice box is open the box shows it instead, next to the face that was refused.
 */
export function RejectionBanner() {
  return <RefusalBanner sender={useRunner()} className="ts-toast" />;
}
