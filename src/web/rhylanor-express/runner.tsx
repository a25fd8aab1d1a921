import { createContext } from 'react';
import type { SendCommand } from '../dice/attempt.ts';
import { DicePrompt, OwnDiceToggle, RefusalBanner } from '../dice/DicePrompt.tsx';
import { useProvidedRunner } from '../dice/runner-context.ts';
import { type DiceSender, useDiceSender } from '../dice/use-dice-sender.ts';
import type { Send } from './model.ts';

/**
 * Sending commands from the Rhylanor Express screens through the shared dice entry
 * (src/web/dice/): digital dice, or the player's own typed in as the server names each die it
 * needs (DICE_NEEDED), every refusal shown with its message. No planner: a player's view is not
 * the whole state, so the server names the dice.
 */

/** A command as sent (the server checks it against the ruleset's schema). */
export type Command = { readonly type: string } & Readonly<Record<string, unknown>>;

export interface Runner {
  readonly run: (command: Command, label?: string) => Promise<boolean>;
  readonly busy: boolean;
  readonly sender: DiceSender<Command>;
}

export const RunnerContext = createContext<Runner | null>(null);
export const useRunner = (): Runner => useProvidedRunner(RunnerContext, 'RhylanorTable');

export function useCommandRunner(send: Send): Runner {
  const sender = useDiceSender<Command>(send as SendCommand<Command>, { storageKey: 'bughunt.re.ownDice' });
  return { run: (command) => sender.run(command), busy: sender.busy || sender.prompt !== null, sender };
}

export function DiceControls() {
  const { sender } = useRunner();
  return <OwnDiceToggle sender={sender} className="re-dice-mode" />;
}

/** The refusal banner and the typed-dice box, where every section shows them. */
export function Feedback() {
  const { sender } = useRunner();
  return (
    <>
      <RefusalBanner sender={sender} />
      <DicePrompt sender={sender} />
    </>
  );
}
