import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Seat } from '../../engine/ruleset.ts';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import type { EliteUnitState } from '../../rules/elite-unit/state.ts';
import { asView, type Command, type View } from './model.ts';
import { type Runner, RunnerContext } from './runner.tsx';

/**
 * For the screens' component tests: a seat's view of a test table (the ruleset's own viewOf) and
 * markup rendered with a runner that records what would be sent (rendering sends nothing).
 */

export function viewFor(state: EliteUnitState, seat: Seat): View {
  const view = asView(eliteUnit.view(state, seat));
  if (!view) throw new Error('the ruleset gave no usable view');
  return view;
}

export function recordingRunner(sent: Command[] = []): Runner {
  return {
    run: async (c) => {
      sent.push(c);
      return true;
    },
    runEach: async (cs) => {
      sent.push(...cs);
      return true;
    },
    busy: false,
    ownDice: false,
    setOwnDice: () => {},
    prompt: null,
    enterFace: () => {},
    cancelPrompt: () => {},
    error: null,
    clearError: () => {},
  };
}

export function render(node: ReactNode, runner: Runner = recordingRunner()): string {
  return renderToStaticMarkup(<RunnerContext.Provider value={runner}>{node}</RunnerContext.Provider>);
}
