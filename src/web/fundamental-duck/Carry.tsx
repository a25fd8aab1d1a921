import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import type { CommandOf, FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { type FdView, teamersOf } from './model.ts';
import { OrderButton } from './StandUp.tsx';

/**
 * Carrying at the table (the ruleset's `carry` and `putDown`): the comrades out of action and
 * the portable cargo loads in or next to the chosen Teamer's square, each a button; what he
 * carries, set down (a comrade where he stands, a load on the square picked on the board next to
 * him). Walls between are the rules' to refuse (the refusal says so); the buttons only spare the
 * player typing squares.
 */

export interface Choice {
  readonly label: string;
  readonly command: FdCommand;
  readonly testId?: string;
}

/** A button for each choice, sending its command (carry, juggle and examine share this list). */
/** A row of buttons for the chosen Teamer, each sending one command the rules would take. */
export interface TeamerButtonsProps {
  view: FdView;
  sel: Teamer;
  run: (c: FdCommand) => void;
}

export function ChoiceButtons({ choices, run }: { choices: readonly Choice[]; run: (c: FdCommand) => void }) {
  return (
    <>
      {choices.map((c) => (
        <OrderButton key={c.testId ?? c.label} command={c.command} run={run} testId={c.testId}>
          {c.label}
        </OrderButton>
      ))}
    </>
  );
}

const near = (t: Teamer, x: number, y: number) =>
  t.x !== null && t.y !== null && Math.max(Math.abs(x - t.x), Math.abs(y - t.y)) <= 1;

/** What the Teamer could pick up now. */
export function carryChoices(view: FdView, arena: Arena, sel: Teamer): Choice[] {
  if (sel.x === null || sel.y === null || sel.carrying !== null || sel.cargo !== null) return [];
  const wounds = view.rules.pack.combat.teamerWounds;
  const carried = new Set(
    teamersOf(view)
      .map((t) => t.carrying)
      .filter((c): c is string => c !== null),
  );
  const gripped = new Set(Object.values(view.threats).map((th) => th.carrying));
  const out: Choice[] = [];
  for (const t of teamersOf(view)) {
    if (t.id === sel.id || t.left || t.x === null || t.y === null) continue;
    if (t.wounds < wounds.outOfActionAt || t.wounds >= wounds.deadAt) continue;
    if (carried.has(t.id) || gripped.has(t.id) || !near(sel, t.x, t.y)) continue;
    // One lying up in a ceiling is picked up from up there (Ceiling.tsx), never from the floor below.
    if ((t.up === true) !== (sel.up === true)) continue;
    const command: CommandOf<'carry'> = { type: 'carry', teamerId: sel.id, comradeId: t.id };
    out.push({ label: `Pick up ${t.name} (out of action)`, command });
  }
  for (const l of arena.loads) {
    const s = view.loads[l.index];
    if (!l.portable || !s || s.lost || s.delivered || s.at === null) continue;
    const x = s.at % arena.width;
    const y = Math.floor(s.at / arena.width);
    if (!near(sel, x, y)) continue;
    const command: CommandOf<'carry'> = { type: 'carry', teamerId: sel.id, x, y };
    out.push({ label: `Pick up the ${l.id.replace(/-/g, ' ')}`, command });
  }
  return out;
}

/**
 * Setting down what he carries: a comrade where he stands; a load on `picked` ("x,y", the square
 * last chosen on the board) when it is next to him, else a hint to pick one.
 */
export function putDownChoice(
  view: FdView,
  sel: Teamer,
  picked: string | null,
): Choice | { hint: string } | null {
  if (sel.carrying !== null) {
    const body = view.teamers[sel.carrying];
    return {
      label: `Set ${body?.name ?? sel.carrying} down here`,
      command: { type: 'putDown', teamerId: sel.id },
    };
  }
  if (sel.cargo === null || sel.x === null || sel.y === null) return null;
  const m = picked ? /^(\d+),(\d+)$/.exec(picked) : null;
  const x = m ? Number(m[1]) : Number.NaN;
  const y = m ? Number(m[2]) : Number.NaN;
  if (!m || !near(sel, x, y) || (x === sel.x && y === sel.y))
    return { hint: 'To set the cargo down, pick a square next to him on the board.' };
  return { label: `Set the cargo down at (${x},${y})`, command: { type: 'putDown', teamerId: sel.id, x, y } };
}

export function CarryButtons({
  view,
  arena,
  sel,
  picked,
  run,
}: {
  view: FdView;
  arena: Arena;
  sel: Teamer;
  picked: string | null;
  run: (c: FdCommand) => void;
}) {
  const pick = carryChoices(view, arena, sel);
  const put = putDownChoice(view, sel, picked);
  return (
    <>
      <ChoiceButtons choices={pick} run={run} />
      {put && 'command' in put ? (
        <button type="button" onClick={() => run(put.command)} data-testid="fd-put-down">
          {put.label}
        </button>
      ) : put ? (
        <span className="fd-muted">{put.hint}</span>
      ) : null}
    </>
  );
}
