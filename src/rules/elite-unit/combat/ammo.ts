import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import { requireActionIn, requireControlOf } from '../decide/guards.ts';
import type { EliteUnitEvent } from '../events.ts';
import { findWeapon } from '../rules/character.ts';
import type { WeaponInstance } from '../state.ts';
import { requireFighter, spendAction } from './attack.ts';
import type { CombatRecord, Fighter, Writable } from './record.ts';

/** Reloading and aiming (§8.2, §8.5) on the combat record: one action each. */

function actor(rec: CombatRecord, id: string, weapon: string, ctx: DecideContext) {
  const f = requireFighter(rec, id);
  requireControlOf(f.c, ctx);
  requireActionIn(rec.battle, rec.pending, f.c, rec.pendingSave);
  const w = f.c.weapons.find((x) => x.key === weapon);
  if (!w)
    throw new RuleError('UNKNOWN_WEAPON', `${f.c.name} has no weapon ${weapon}`, { id: f.c.id, weapon });
  return { f, w };
}

/** The action told to the table: the weapon's new state as a patch. */
function done(rec: CombatRecord, f: Fighter, reason: string, log: EliteUnitEvent[] | null): void {
  spendAction(rec, f.id);
  log?.push({ type: 'character.changed', reason, patches: rec.patches([f.id]), spendsAction: f.id });
}

/** §8.2: a spare magazine or belt in one action; an internal magazine one round per action. */
export function reloadOn(
  rec: CombatRecord,
  cmd: CommandOf<'reload'>,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  const { f, w } = actor(rec, cmd.id, cmd.weapon, ctx);
  const data = findWeapon(rec.pack, w.weapon);
  if (!data?.ammo) throw new RuleError('NOTHING_TO_RELOAD', `${data?.name ?? w.key} takes no ammunition`);
  const capacity = data.ammo.capacity;
  const write = (): Writable<WeaponInstance> => f.weapon(w.key) as Writable<WeaponInstance>;
  // A Manual weapon with a round still in it only needs working (§8.3).
  if (w.needsReload && w.loaded > 0) {
    write().needsReload = false;
    done(rec, f, 'reload', log);
    return;
  }
  switch (data.ammo.feed) {
    case 'magazine':
    case 'belt': {
      let best = -1;
      w.spares.forEach((n, i) => {
        if (n > 0 && (best < 0 || n > (w.spares[best] ?? 0))) best = i;
      });
      if (best < 0) throw new RuleError('NO_SPARE_AMMO', `${f.c.name} has no loaded spare for ${data.name}`);
      const spares = w.spares.map((n, i) => (i === best ? w.loaded : n));
      const next = write();
      next.loaded = w.spares[best] ?? 0;
      next.spares = spares;
      next.needsReload = false;
      break;
    }
    case 'internal': {
      if (w.loose < 1)
        throw new RuleError('NO_SPARE_AMMO', `${f.c.name} has no loose rounds for ${data.name}`);
      if (w.loaded >= capacity) throw new RuleError('ALREADY_LOADED', `${data.name} is full`);
      const next = write();
      next.loaded = w.loaded + 1;
      next.loose = w.loose - 1;
      next.needsReload = false;
      break;
    }
    case 'itself': {
      if (w.loaded >= 1) throw new RuleError('ALREADY_LOADED', `${f.c.name} already holds a ${data.name}`);
      if (w.spares.length === 0) throw new RuleError('NO_SPARE_AMMO', `${f.c.name} has no more ${data.name}`);
      const next = write();
      next.loaded = 1;
      next.spares = w.spares.slice(1);
      break;
    }
  }
  done(rec, f, 'reload', log);
}

/** §8.5: Aim is one action and sets the weapon's Recoil to 0. */
export function aimOn(
  rec: CombatRecord,
  cmd: CommandOf<'aim'>,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  const { f, w } = actor(rec, cmd.id, cmd.weapon, ctx);
  (f.weapon(w.key) as Writable<WeaponInstance>).recoil = 0;
  done(rec, f, 'aim', log);
}
