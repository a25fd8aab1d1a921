import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import { aimOn, reloadOn } from '../combat/ammo.ts';
import { atTable } from '../combat/record.ts';
import type { CommandOf } from '../commands.ts';
import type { WeaponData } from '../data/pack-schema.ts';
import { ENCUMBRANCE } from '../data/tables.ts';
import type { EliteUnitEvent } from '../events.ts';
import { findWeapon } from '../rules/character.ts';
import { rollDamage } from '../rules/dice.ts';
import { effectiveValue } from '../rules/effective.ts';
import type { Character, EliteUnitState, WeaponInstance } from '../state.ts';
import { replaceWeapon, requireAction, requireCharacter, requireControl, requireWeapon } from './guards.ts';

/** Actions that are not attacks (§5, §8.2, §8.5, §10, §16.1): each one spends an action. */

function changed(
  id: string,
  reason: string,
  weapon: WeaponInstance,
  c: Parameters<typeof replaceWeapon>[0],
  detail?: Record<string, unknown>,
): EliteUnitEvent {
  return {
    type: 'character.changed',
    reason,
    patches: [{ id, set: { weapons: replaceWeapon(c, weapon) } }],
    spendsAction: id,
    ...(detail ? { detail } : {}),
  };
}

/** An action a character the seat controls spends on one of his weapons: him, the weapon, its data. */
function actionWithWeapon(
  state: EliteUnitState,
  cmd: { readonly id: string; readonly weapon: string },
  ctx: DecideContext,
): { c: Character; w: WeaponInstance; data: WeaponData | undefined } {
  const c = requireControl(state, cmd.id, ctx);
  requireAction(state, c);
  const w = requireWeapon(c, cmd.weapon);
  return { c, w, data: findWeapon(state.pack, w.weapon) };
}

/** §8.2: reload, on a combat record taken from the state (`combat/ammo.ts`). */
export const decideReload = atTable(reloadOn);

/** §8.2: refilling a spare by hand, as many rounds per action as the character's Reactions. */
export function decideRefill(
  state: EliteUnitState,
  cmd: CommandOf<'refill'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const { c, w, data } = actionWithWeapon(state, cmd, ctx);
  if (!data?.ammo || (data.ammo.feed !== 'magazine' && data.ammo.feed !== 'belt'))
    throw new RuleError('NOTHING_TO_REFILL', `${data?.name ?? w.key} has no magazines to refill`);
  const capacity = data.ammo.capacity;
  let emptiest = -1;
  w.spares.forEach((n, i) => {
    if (n < capacity && (emptiest < 0 || n < (w.spares[emptiest] ?? 0))) emptiest = i;
  });
  if (emptiest < 0) throw new RuleError('NOTHING_TO_REFILL', 'every spare is full');
  if (w.loose < 1) throw new RuleError('NO_SPARE_AMMO', `${c.name} has no loose rounds`);
  const room = capacity - (w.spares[emptiest] ?? 0);
  const moved = Math.min(room, w.loose, effectiveValue(c, state.pack, 'reactions'));
  if (moved < 1) throw new RuleError('NOTHING_TO_REFILL', `${c.name} cannot refill anything (Reactions 0)`);
  const spares = w.spares.map((n, i) => (i === emptiest ? n + moved : n));
  return [changed(c.id, 'refill', { ...w, spares, loose: w.loose - moved }, c, { moved })];
}

/** §8.5: Aim, on a combat record taken from the state (`combat/ammo.ts`). */
export const decideAim = atTable(aimOn);

/** Taking a weapon in hand or putting it away (§12: what is in the hands weighs on the attributes). */
export function decideHold(
  state: EliteUnitState,
  cmd: CommandOf<'hold'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const { c, w, data } = actionWithWeapon(state, cmd, ctx);
  if (cmd.inHands && data && !data.vehicleMounted && ENCUMBRANCE[data.code]?.penalty === null)
    throw new RuleError('TOO_HEAVY_TO_HOLD', `${data.name} cannot be carried by hand`);
  return [changed(c.id, 'hold', { ...w, inHands: cmd.inHands }, c)];
}

/** Any other action (move, open a door …): the GM judges whether it fits in one (§5, §18.8). */
export function decideAct(
  state: EliteUnitState,
  cmd: CommandOf<'act'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.id, ctx);
  requireAction(state, c);
  return [
    { type: 'character.changed', reason: 'act', patches: [], spendsAction: c.id, detail: { text: cmd.text } },
  ];
}

/** §10 with §18.4: a kit and its skill give its dice of Stamina once per injury, in one action. */
export function decideFirstAid(
  state: EliteUnitState,
  cmd: CommandOf<'firstAid'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.id, ctx);
  requireAction(state, c);
  const patient = requireCharacter(state, cmd.patientId);
  if (patient.dead !== null) throw new RuleError('CHARACTER_DEAD', `${patient.name} is beyond first aid`);
  const kit = state.pack.accessories.find((a) => a.id === cmd.kit && a.kind === 'firstAid');
  if (!kit?.heal) throw new RuleError('UNKNOWN_KIT', `no first-aid kit ${cmd.kit}`);
  if (!c.gear.includes(kit.id)) throw new RuleError('KIT_NOT_CARRIED', `${c.name} carries no ${kit.name}`);
  if (kit.skill && !c.skills.includes(kit.skill))
    throw new RuleError('SKILL_MISSING', `${c.name} lacks ${kit.skill}`);
  if (patient.firstAidGiven)
    throw new RuleError('FIRST_AID_GIVEN', `${patient.name} has had first aid for this injury`);
  if (patient.stamina >= patient.staminaMax)
    throw new RuleError('NOT_INJURED', `${patient.name} is not hurt`);
  const roll = rollDamage(ctx.dice, kit.heal, `${kit.name} on ${patient.name}`);
  const stamina = Math.min(patient.staminaMax, patient.stamina + roll.total);
  return [
    {
      type: 'character.changed',
      reason: 'firstAid',
      patches: [{ id: patient.id, set: { stamina, firstAidGiven: true } }],
      spendsAction: c.id,
      rolls: [roll],
    },
  ];
}

/** §16.1: one action moves NE from a carried store into the body, up to the body's max. */
export function decideTap(
  state: EliteUnitState,
  cmd: CommandOf<'tap'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.id, ctx);
  requireAction(state, c);
  const store = c.neStores[cmd.store];
  if (!store) throw new RuleError('UNKNOWN_STORE', `${c.name} carries no NE store ${cmd.store}`);
  const amount = Math.min(cmd.amount, store.ne, c.neMax - c.ne);
  if (amount < 1) throw new RuleError('NOTHING_TO_TAP', 'the store is empty or the body is full');
  const neStores = c.neStores.map((s, i) => (i === cmd.store ? { ...s, ne: s.ne - amount } : s));
  return [
    {
      type: 'character.changed',
      reason: 'tap',
      patches: [{ id: c.id, set: { ne: c.ne + amount, neStores } }],
      spendsAction: c.id,
      detail: { amount },
    },
  ];
}
