import { legalCeilingSteps, legalClimbs, legalGrapplesUp } from '../../rules/fundamental-duck/ceiling.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { legalCarries, shotsUpAccepted } from '../../rules/fundamental-duck/legal.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { asState, type FdView, figureName } from './model.ts';

/**
 * The ceiling extension at the table (19): climbing up or down in a move, shooting up at a Threat
 * in the ceiling, and, up there, grappling one or picking up a fallen comrade lying in or next to
 * his square, then climbing down with him in his arms. Each button is offered only when the rules'
 * own checks (`legalClimbs`, `shootUpChecks` through `shotsUpAccepted`, `legalGrapplesUp`,
 * `legalCarries`, run on the seat's view, which holds only the exits the seat may see) accept the
 * command, so a press is never refused for a reason the table could have known.
 */

export interface CeilingChoice {
  readonly label: string;
  readonly command: FdCommand;
  readonly testId: string;
}

/** What the selected Teamer may do about the ceiling now: climbs in his move, else shots and grapples. */
export function ceilingChoices(view: FdView, sel: Teamer, moving: boolean, canAct: boolean): CeilingChoice[] {
  const c = view.ceiling;
  if (!c || view.rules.pack.options.switches.ceiling !== true || sel.x === null || sel.y === null) return [];
  const state = asState(view);
  const carried = sel.carrying !== null ? (view.teamers[sel.carrying]?.name ?? sel.carrying) : null;
  if (moving) {
    // Up there he crawls square by square: a button per king step the rules would take.
    const m = view.move;
    const crawls: CeilingChoice[] =
      sel.up === true && m && m.teamerId === sel.id
        ? legalCeilingSteps(state, sel, m.allowance - m.spent).map((st) => ({
            label: `Crawl to (${st.x},${st.y})`,
            command: st,
            testId: `fd-crawl-${st.x}-${st.y}`,
          }))
        : [];
    return crawls.concat(
      legalClimbs(state)
        .filter((c) => c.teamerId === sel.id)
        .map((c) => ({
          label:
            sel.up === true
              ? `Climb down here${carried ? ` carrying ${carried}` : ''} (${view.rules.pack.options.ceiling.climbDown} pt)`
              : `Climb up at (${c.x},${c.y}) (${view.rules.pack.options.ceiling.climbUp} pt)`,
          command: c,
          testId: `fd-climb-${c.x}-${c.y}`,
        })),
    );
  }
  if (!canAct) return [];
  const out: CeilingChoice[] = [];
  for (const { command, target } of shotsUpAccepted(state, sel))
    out.push({
      label: `Shoot up at ${figureName(view, target.id)} with the ${view.rules.weapons[command.weapon]?.name ?? command.weapon}`,
      command,
      testId: `fd-shoot-up-${target.id}-${command.weapon}`,
    });
  if (sel.up !== true) return out;
  for (const g of legalGrapplesUp(state, sel))
    out.push({
      label: `Grapple ${figureName(view, g.threatId)} up here`,
      command: g,
      testId: `fd-grapple-up-${g.threatId}`,
    });
  // A fallen comrade up there goes down only in a comrade's arms (19): pick him up, then climb
  // down through the exit with him in a move (the climb's button says whom he carries).
  for (const c of legalCarries(state, sel))
    if (c.comradeId !== undefined)
      out.push({
        label: `Pick up ${view.teamers[c.comradeId]?.name ?? c.comradeId} (out of action) to carry him down`,
        command: c,
        testId: `fd-carry-up-${c.comradeId}`,
      });
  if (carried)
    out.push({
      label: `Set ${carried} down here`,
      command: { type: 'putDown', teamerId: sel.id },
      testId: 'fd-put-down-up',
    });
  return out;
}

export function CeilingButtons({
  view,
  sel,
  moving,
  canAct,
  run,
}: {
  view: FdView;
  sel: Teamer;
  moving: boolean;
  canAct: boolean;
  run: (c: FdCommand) => void;
}) {
  const choices = ceilingChoices(view, sel, moving, canAct);
  if (choices.length === 0 && sel.up !== true) return null;
  return (
    <section className="fd-buttons" aria-label="The ceiling" data-testid="fd-ceiling">
      {sel.up === true ? (
        <span className="fd-muted">
          {sel.name} is up in the ceiling
          {sel.carrying !== null
            ? `, carrying ${view.teamers[sel.carrying]?.name ?? sel.carrying}: move, crawl to an exit and climb down with him`
            : ''}
          .
        </span>
      ) : null}
      {choices.map((c) => (
        <button key={c.testId} type="button" onClick={() => run(c.command)} data-testid={c.testId}>
          {c.label}
        </button>
      ))}
    </section>
  );
}
