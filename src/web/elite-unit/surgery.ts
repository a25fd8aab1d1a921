import { ScriptedDice } from '../../engine/dice/source.ts';
import type { CommandOf } from '../../rules/elite-unit/commands.ts';
import { decideAndFold } from '../../rules/elite-unit/ruleset.ts';
import type { Character, EliteUnitState } from '../../rules/elite-unit/state.ts';
import { ruleErrorOf } from './model.ts';

/**
 * What the surgery panel offers for each body part: repair by expert care, a bought prosthetic,
 * an overhaul. Whether each is allowed, and why not, is the ruleset's own answer (the command run
 * through its decide on the GM's view, which holds every sheet): nothing is decided here.
 */

export type SurgeryCommand = CommandOf<'surgery'>;
export type SurgeryPart = SurgeryCommand['part'];
export type SurgeryKind = SurgeryCommand['to'];

/** The parts surgery works on, in the sheet's order (brain death is past any surgeon). */
export const SURGERY_PARTS: readonly SurgeryPart[] = [
  'trunk',
  'arms',
  'legs',
  'face',
  'brainMind',
  'brainSoul',
  'brainReflex',
];
const KINDS: readonly SurgeryKind[] = ['repaired', 'prosthetic', 'overhaul'];

export interface SurgeryOption {
  readonly to: SurgeryKind;
  /** The pack's item (a prosthetic or the overhaul service) and its cost, when one is bought. */
  readonly item: { readonly name: string; readonly cost: number } | null;
  /** The rules' refusal, or null when the GM may do it now. */
  readonly refused: { readonly code: string; readonly message: string } | null;
}

/** Age at which each working prosthetic was fitted or last overhauled, and its first yearly check. */
export function prostheticAge(c: Character, part: SurgeryPart): { since: number; checkFrom: number } | null {
  const since = c.prostheticSince[part];
  if (since === undefined || c.parts[part] !== 'prosthetic') return null;
  // §15: after five years a prosthetic is checked at every birthday (decideBirthday).
  return { since, checkFrom: since + 5 };
}

export function surgeryOptions(state: EliteUnitState, c: Character, part: SurgeryPart): SurgeryOption[] {
  return KINDS.map((to) => {
    const item =
      to === 'repaired'
        ? null
        : (state.pack.accessories.find((a) =>
            to === 'overhaul' ? a.kind === 'service' : a.kind === 'prosthetic' && a.part === part,
          ) ?? null);
    let refused: SurgeryOption['refused'] = null;
    try {
      decideAndFold(
        state,
        { type: 'surgery', id: c.id, part, to },
        { actor: { seatId: 'gm', role: 'gm' }, dice: new ScriptedDice([]) },
      );
    } catch (e) {
      refused = ruleErrorOf(e);
    }
    return { to, item: item ? { name: item.name, cost: item.cost } : null, refused };
  });
}
