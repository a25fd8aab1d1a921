import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import { isAbsent, isHelpless } from '../rules/effective.ts';
import type {
  Battle,
  Character,
  EliteUnitState,
  PendingAttack,
  PendingSave,
  WeaponInstance,
} from '../state.ts';

/** The checks every command shares; each throws a RuleError with a stable code. */

export function requireCharacter(state: EliteUnitState, id: string): Character {
  const c = state.characters[id];
  if (!c) throw new RuleError('UNKNOWN_CHARACTER', `there is no character ${id}`, { id });
  return c;
}

/** A player acts only for the characters its seat owns; the GM for anyone. */
export function requireControl(state: EliteUnitState, id: string, ctx: DecideContext): Character {
  const c = requireCharacter(state, id);
  requireControlOf(c, ctx);
  return c;
}

export function requireControlOf(c: Character, ctx: DecideContext): void {
  if (ctx.actor.role !== 'gm' && c.ownerSeatId !== ctx.actor.seatId)
    throw new RuleError('NOT_YOUR_CHARACTER', `${c.name} is not yours to play`, { id: c.id });
}

export function requireAlive(c: Character): void {
  if (c.dead !== null) throw new RuleError('CHARACTER_DEAD', `${c.name} is dead (${c.dead})`, { id: c.id });
}

export function requireNoPending(state: EliteUnitState): void {
  requireNoPendingAttack(state.pending);
  requireNoPendingSave(state.pendingSave);
}

/** A spell's save waits for its target's seat: nothing else happens until it is answered. */
export function requireNoPendingSave(p: PendingSave | null): void {
  if (p)
    throw new RuleError('SAVE_PENDING', `the table waits for ${p.targetId} to save against ${p.spell}`, {
      saveId: p.saveId,
      targetId: p.targetId,
    });
}

export function requireNoPendingAttack(p: PendingAttack | null): void {
  if (p) {
    const t = p.targets[p.next];
    throw new RuleError(
      'DEFENCE_PENDING',
      `the table waits for ${t?.id ?? 'a defender'} to answer attack ${p.attackId}`,
      {
        attackId: p.attackId,
        targetId: t?.id,
      },
    );
  }
}

/**
 * An action (§5): in a battle only in the character's own slot with an action left; the helpless
 * take none. Outside a battle actions are free play.
 */
export function requireAction(state: EliteUnitState, c: Character): void {
  requireActionIn(state.battle, state.pending, c, state.pendingSave);
}

/** `requireAction` on the battle and pending attack (and spell save) of a state or a combat record. */
export function requireActionIn(
  b: Battle | null,
  pending: PendingAttack | null,
  c: Character,
  pendingSave: PendingSave | null = null,
): void {
  requireAlive(c);
  if (isAbsent(c))
    throw new RuleError('CHARACTER_ABSENT', `${c.name} has leapt ahead in time and is not here`, {
      id: c.id,
    });
  requireNoPendingAttack(pending);
  requireNoPendingSave(pendingSave);
  if (isHelpless(c))
    throw new RuleError('CHARACTER_HELPLESS', `${c.name} cannot act (helpless)`, { id: c.id });
  if (!b) return;
  const acting = b.order[b.slot];
  if (acting?.id !== c.id) {
    throw new RuleError('NOT_YOUR_SLOT', `it is not ${c.name}'s slot (now: ${acting?.id ?? 'nobody'})`, {
      id: c.id,
      acting: acting?.id,
    });
  }
  if (b.actionsUsed >= c.actions)
    throw new RuleError('NO_ACTIONS_LEFT', `${c.name} has used all ${c.actions} actions this Turn`, {
      id: c.id,
    });
}

export function requireWeapon(c: Character, key: string): WeaponInstance {
  const w = c.weapons.find((x) => x.key === key);
  if (!w) throw new RuleError('UNKNOWN_WEAPON', `${c.name} has no weapon ${key}`, { id: c.id, weapon: key });
  return w;
}

export function replaceWeapon(c: Character, w: WeaponInstance): readonly WeaponInstance[] {
  return c.weapons.map((x) => (x.key === w.key ? w : x));
}
