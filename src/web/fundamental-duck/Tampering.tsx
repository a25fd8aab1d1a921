import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import type { CommandOf } from '../../rules/fundamental-duck/commands.ts';
import { legalTasks } from '../../rules/fundamental-duck/legal.ts';
import type { LoadState, Teamer } from '../../rules/fundamental-duck/state.ts';
import { ChoiceButtons, type TeamerButtonsProps } from './Carry.tsx';
import { asState, type FdView } from './model.ts';

/**
 * Examining cargo for tampering at the table (18: the task `examineLoad`, an Other Action with a
 * fumble test): a button for each load in or next to the chosen Teamer's square that the rules'
 * own `legalTasks` lists (for a ducked man, those it lists for him standing), and, once a load is
 * examined, what was found (the view hides the mark until then, so the board cannot show it before).
 */

export interface ExamineChoice {
  readonly label: string;
  readonly command: CommandOf<'task'>;
  readonly testId: string;
}

/**
 * The loads he may examine now. None when the pack marks no load at the deal (its
 * `cargoTampering.tamperedOn` is empty): the rules would take the action, but it can only ever
 * find a clean load, so offering it would cost a player an action for nothing.
 */
export function examineChoices(view: FdView, sel: Teamer): ExamineChoice[] {
  if (view.rules.pack.campaign.cargoTampering.tamperedOn.length === 0) return [];
  const state = asState(view);
  const w = arenaFor(view.rules, view.arenaId).width;
  const out: ExamineChoice[] = [];
  // Lying down he is offered them as he would be standing: the panel's `OrderCheck` greys them
  // (10.2: he stands up first), or, with the stand-up switch on, sends them standing him up.
  for (const c of legalTasks(state, sel.ducked ? { ...sel, ducked: false } : sel)) {
    if (c.task !== 'examineLoad' || c.x === undefined || c.y === undefined) continue;
    const square = c.y * w + c.x;
    const load = view.loads.findIndex((l) => l.at === square && !l.lost);
    out.push({
      label: `Examine cargo load ${load + 1} at (${c.x},${c.y}) for tampering`,
      command: c,
      testId: `fd-examine-load-${c.x}-${c.y}`,
    });
  }
  return out;
}

/** What an examination found, in words (null: not examined yet, so nobody knows). */
export function loadFinding(s: LoadState | undefined): 'tampered with' | 'untouched' | null {
  if (!s?.examined) return null;
  return s.tampered === true ? 'tampered with' : 'untouched';
}

export function ExamineButtons({ view, sel, run }: TeamerButtonsProps) {
  return <ChoiceButtons choices={examineChoices(view, sel)} run={run} />;
}
