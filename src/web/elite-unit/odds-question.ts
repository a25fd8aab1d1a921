import type { Seat } from '../../engine/ruleset.ts';
import type { EliteUnitCommand } from '../../rules/elite-unit/commands.ts';
import {
  type AttackOdds,
  attackOdds,
  defenceOdds,
  firstTargetId,
  type RiskyOdds,
  riskyOdds,
  saveChance,
  type VehicleOdds,
  vehicleAttackOdds,
  vehicleDefenceOdds,
} from '../../rules/elite-unit/odds.ts';
import { effectiveValue } from '../../rules/elite-unit/rules/effective.ts';
import { evasionInForce } from '../../rules/elite-unit/rules/vehicles.ts';
import type { Character } from '../../rules/elite-unit/state.ts';
import { asState, isWhole, type View, weaponName } from './model.ts';

/**
 * The questions the attack form and the defend prompt ask about chances, and their answers, counted
 * by the ruleset's own odds (src/rules/elite-unit/odds.ts). Each count runs every attack face
 * through decide (about 0.1 s), so the page asks them of a worker (odds.worker.ts); this module is
 * what the worker runs, and is plain enough to call directly in a test.
 */

export type AttackCommand = Extract<EliteUnitCommand, { type: 'attack' }>;
/** A ram on a character or a vehicle (§13.6): an attack as far as its chances go. */
export type RamCommand = Extract<EliteUnitCommand, { type: 'vehicle.ram' }>;
export type RiskyCommand = Extract<EliteUnitCommand, { type: 'vehicle.risky' }>;

export type OddsQuestion =
  | {
      readonly kind: 'attack';
      readonly view: View;
      readonly command: AttackCommand | RamCommand;
      readonly actor: Seat;
    }
  /** A risky vehicle action's save (§13.3). */
  | { readonly kind: 'risky'; readonly view: View; readonly command: RiskyCommand; readonly actor: Seat }
  | {
      readonly kind: 'defence';
      readonly view: View;
      readonly defenderId: string;
      readonly parries: readonly string[];
      /** The GM's partial-armour ruling ticked on the prompt (worn layers that do not cover it). */
      readonly uncovered?: readonly string[];
    }
  /** The chance of the attack waiting for a vehicle's defence (its driver's prompt). */
  | { readonly kind: 'vehicleDefence'; readonly view: View };

/** A defence option's exact chance; parryHolds is P(the parry save succeeds), null for a dodge. */
export interface DefenceChance {
  readonly odds: AttackOdds;
  readonly parryHolds: number | null;
}

export type OddsAnswer =
  | { readonly kind: 'hidden' }
  /** A risky action's save: its target and the chance it succeeds. */
  | ({ readonly kind: 'save' } & RiskyOdds)
  /** A vehicle target (§13.5): hit, hull DC lost, out of action. */
  | { readonly kind: 'vehicle'; readonly target: string; readonly odds: VehicleOdds }
  | {
      readonly kind: 'attack';
      readonly target: string;
      readonly dodge: AttackOdds;
      readonly withParry: readonly { readonly name: string; readonly odds: AttackOdds }[];
    }
  | {
      readonly kind: 'defence';
      /** By option: 'dodge', or the parry object's key; null where the rules give no chance. */
      readonly chances: Readonly<Record<string, DefenceChance | null>>;
    };

/** The held things a character may parry with: weapons in the hands with DC left, and shields. */
export function parryObjects(c: Character, view: View): { key: string; name: string }[] {
  return c.weapons
    .filter((w) => w.inHands && w.dc !== null && w.dc > 0)
    .map((w) => ({ key: w.key, name: weaponName(view.pack, w.weapon) }))
    .concat(c.held.filter((h) => h.dc > 0).map((h) => ({ key: h.key, name: h.name })));
}

/**
 * Can this seat count the defence of the vehicle `id`? Its d20 + 0 is known to all; under evasion
 * it adds half the driver's modified Reactions, which only a seat holding the driver's sheet knows.
 */
function vehicleCountable(view: View, id: string): boolean {
  const v = view.vehicles?.[id];
  if (!v) return false;
  if (!evasionInForce(v, view.battle)) return true;
  return v.driverId === null || isWhole(view.characters[v.driverId]);
}

/**
 * The answer known without counting: the first target is a sheet this seat does not hold (or a
 * vehicle whose hidden driver's evasion counts). The page shows it at once instead of asking the
 * worker.
 */
export function answerAtOnce(view: View, command: AttackCommand | RamCommand): OddsAnswer | null {
  const first = firstTargetId(command);
  if (first === undefined) return null;
  if (view.vehicles?.[first]) return vehicleCountable(view, first) ? null : { kind: 'hidden' };
  const target = view.characters[first];
  return target && isWhole(target) ? null : { kind: 'hidden' };
}

/**
 * Counts one question. An attack the rules refuse throws their RuleError (the asker turns it into
 * a refusal with its code); a target whose sheet this seat does not hold has no chance to show.
 */
export function answerOdds(q: OddsQuestion): OddsAnswer {
  const state = asState(q.view);
  if (q.kind === 'attack') {
    const known = answerAtOnce(q.view, q.command);
    if (known) return known;
    const first = firstTargetId(q.command);
    const v = first === undefined ? undefined : q.view.vehicles?.[first];
    if (v) return { kind: 'vehicle', target: v.name, odds: vehicleAttackOdds(state, q.command, q.actor) };
    const target = first === undefined ? undefined : q.view.characters[first];
    if (!target || !isWhole(target)) return { kind: 'hidden' };
    const dodge = attackOdds(state, q.command, q.actor);
    // A ram cannot be parried: dodging is the only defence.
    const withParry =
      q.command.type === 'vehicle.ram'
        ? []
        : parryObjects(target, q.view).map((p) => ({
            name: p.name,
            odds: attackOdds(state, q.command, q.actor, p.key),
          }));
    return { kind: 'attack', target: target.name, dodge, withParry };
  }
  if (q.kind === 'risky') return { kind: 'save', ...riskyOdds(state, q.command, q.actor) };
  if (q.kind === 'vehicleDefence') {
    const t = q.view.pending?.targets[q.view.pending.next];
    const v = t ? q.view.vehicles?.[t.id] : undefined;
    if (!v || !vehicleCountable(q.view, v.id)) return { kind: 'hidden' };
    return { kind: 'vehicle', target: v.name, odds: vehicleDefenceOdds(state) };
  }
  const c = q.view.characters[q.defenderId];
  if (!c || !isWhole(c)) return { kind: 'hidden' };
  const ask = (key?: string): DefenceChance | null => {
    try {
      const odds = defenceOdds(state, key, q.uncovered);
      return { odds, parryHolds: key ? saveChance(effectiveValue(c, state.pack, 'reactions')) : null };
    } catch {
      // An option the odds cannot count (no attack pending any more) shows no chance, not an error.
      return null;
    }
  };
  const chances: Record<string, DefenceChance | null> = { dodge: ask() };
  for (const key of q.parries) chances[key] = ask(key);
  return { kind: 'defence', chances };
}
