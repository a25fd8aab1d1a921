import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { type Choice, ChoiceButtons, type TeamerButtonsProps } from './Carry.tsx';
import { type FdView, teamersOf } from './model.ts';

/**
 * Juggling positions in a square (the ruleset's `juggle`): the chosen Teamer swaps places with a
 * comrade in his square. In the Team phase it costs him an action and the comrade must not have
 * activated yet (any WAIT chit either holds goes); when a Threat sets off a WAIT, two waiting
 * stack-mates may juggle instead of firing, both WAIT chits going. The buttons only offer the
 * comrades who could; the rules refuse anything else with their reason.
 */

export const PLACE: Readonly<Record<Teamer['position'], string>> = {
  centre: 'in the centre',
  front: 'at the front',
  back: 'at the back',
  left: 'on the left',
  right: 'on the right',
};

export function juggleChoices(view: FdView, sel: Teamer): Choice[] {
  if (sel.x === null || sel.y === null || view.pending.moving) return [];
  const interrupt = view.pending.interrupt;
  if (interrupt && !interrupt.teamerIds.includes(sel.id)) return [];
  if (!interrupt && view.phase !== 'team') return [];
  const out: Choice[] = [];
  for (const t of teamersOf(view)) {
    if (t.id === sel.id || t.left || t.x !== sel.x || t.y !== sel.y) continue;
    const waiting = t.chits.includes('WAIT');
    if (interrupt) {
      if (!waiting) continue;
    } else {
      const inThisActivation = view.pending.activated.includes(t.id);
      if (view.activated.includes(t.id) && !inThisActivation) continue;
      if (!waiting && !t.chits.includes('READY')) continue;
    }
    const command: FdCommand = { type: 'juggle', teamerId: sel.id, partnerId: t.id };
    const label = interrupt
      ? `Swap places with ${t.name} (both WAIT chits go)`
      : `Swap places with ${t.name} (${sel.name} ${PLACE[sel.position]}, ${t.name} ${PLACE[t.position]}; an action)`;
    out.push({ label, command, testId: `fd-juggle-${t.id}` });
  }
  return out;
}

export function JuggleButtons({ view, sel, run }: TeamerButtonsProps) {
  return <ChoiceButtons choices={juggleChoices(view, sel)} run={run} />;
}
