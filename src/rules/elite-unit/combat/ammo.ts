import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { WeaponData } from '../data/pack-schema.ts';
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

/** §8.2: what one reload action does to a weapon (a spare magazine or belt, one internal round, the next thrown item). */
function reloaded(who: string, w: WeaponInstance, data: WeaponData): Partial<WeaponInstance> {
  const ammo = data.ammo;
  if (!ammo) throw new RuleError('NOTHING_TO_RELOAD', `${data.name} takes no ammunition`);
  // A Manual weapon with a round still in it only needs working (§8.3).
  if (w.needsReload && w.loaded > 0) return { needsReload: false };
  switch (ammo.feed) {
    case 'magazine':
    case 'belt': {
      let best = -1;
      w.spares.forEach((n, i) => {
        if (n > 0 && (best < 0 || n > (w.spares[best] ?? 0))) best = i;
      });
      if (best < 0) throw new RuleError('NO_SPARE_AMMO', `${who} has no loaded spare for ${data.name}`);
      return {
        loaded: w.spares[best] ?? 0,
        spares: w.spares.map((n, i) => (i === best ? w.loaded : n)),
        needsReload: false,
      };
    }
    case 'internal':
      if (w.loose < 1) throw new RuleError('NO_SPARE_AMMO', `${who} has no loose rounds for ${data.name}`);
      if (w.loaded >= ammo.capacity) throw new RuleError('ALREADY_LOADED', `${data.name} is full`);
      return { loaded: w.loaded + 1, loose: w.loose - 1, needsReload: false };
    case 'itself':
      if (w.loaded >= 1) throw new RuleError('ALREADY_LOADED', `${who} already holds a ${data.name}`);
      if (w.spares.length === 0) throw new RuleError('NO_SPARE_AMMO', `${who} has no more ${data.name}`);
      return { loaded: 1, spares: w.spares.slice(1) };
  }
}

/** §8.2 as an action: the character's own weapon, or a mount of the vehicle it is aboard (§13.7). */
export function reloadOn(
  rec: CombatRecord,
  cmd: CommandOf<'reload'>,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  if (cmd.vehicle !== undefined) {
    reloadMount(rec, cmd, cmd.vehicle, ctx, log);
    return;
  }
  const { f, w } = actor(rec, cmd.id, cmd.weapon, ctx);
  const data = findWeapon(rec.pack, w.weapon);
  if (!data) throw new RuleError('NOTHING_TO_RELOAD', `${w.key} takes no ammunition`);
  Object.assign(f.weapon(w.key) as Writable<WeaponInstance>, reloaded(f.c.name, w, data));
  done(rec, f, 'reload', log);
}

function reloadMount(
  rec: CombatRecord,
  cmd: CommandOf<'reload'>,
  vehicleId: string,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  const f = requireFighter(rec, cmd.id);
  requireControlOf(f.c, ctx);
  requireActionIn(rec.battle, rec.pending, f.c, rec.pendingSave);
  const v = rec.vehicle(vehicleId);
  if (!v) throw new RuleError('UNKNOWN_VEHICLE', `there is no vehicle ${vehicleId} in the scene`);
  if (v.driverId !== f.id && !v.occupants.some((o) => o.id === f.id))
    throw new RuleError('NOT_ABOARD', `${f.c.name} is not aboard ${v.name}`, { vehicle: v.id });
  const w = v.weapons.find((x) => x.key === cmd.weapon);
  const data = w && findWeapon(rec.pack, w.weapon);
  if (!w || !data) throw new RuleError('UNKNOWN_WEAPON', `${v.name} has no mounted weapon ${cmd.weapon}`);
  rec.setVehicle(v.id, { weapon: { ...w, ...reloaded(v.name, w, data) } });
  spendAction(rec, f.id);
  log?.push({
    type: 'character.changed',
    reason: 'reload',
    patches: [],
    spendsAction: f.id,
    vehicles: rec.vehiclePatches() ?? [],
  });
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
