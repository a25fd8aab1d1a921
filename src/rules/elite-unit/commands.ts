import { z } from 'zod';
import type { Role } from '../../engine/ruleset.ts';
import { nonEmptyFreeText } from '../../engine/text.ts';
import { chatCommandSchemas } from '../dice-chat/chat.ts';
import { GM_FIELDS } from './gm-fields.ts';
import { RISKY_ACTIONS } from './rules/vehicles.ts';

/** Commands of the Elite Unit ruleset: plain JSON, strict objects, every string and number bounded. */

const id = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'an id is lower-case letters, digits and dashes');
const key = z.string().regex(/^[a-z][0-9]{1,3}$/, 'an item key looks like w1, a2, h1');
const seatId = z.string().min(1).max(100);
const metres = z.number().min(0).max(100_000);
const text = nonEmptyFreeText(500);

export const situationSchema = z
  .strictObject({
    poorLight: z.boolean().optional(),
    /** Relative speed between attacker and target, kph (§6.3 bands). */
    speedKph: z.number().min(0).max(5000).optional(),
    hiding: z.boolean().optional(),
    unaware: z.boolean().optional(),
    watching: z.boolean().optional(),
  })
  .default({});

export const commandSchemas = [
  ...chatCommandSchemas,
  // Characters -----------------------------------------------------------------------------
  z.strictObject({
    type: z.literal('character.add'),
    from: id,
    id: id.optional(),
    name: z.string().trim().min(1).max(80).optional(),
    ownerSeatId: seatId.nullable().optional(),
    hidden: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('character.remove'), id }),
  z.strictObject({ type: z.literal('character.assign'), id, ownerSeatId: seatId.nullable() }),
  z.strictObject({ type: z.literal('character.reveal'), id, hidden: z.boolean() }),
  z.strictObject({
    type: z.literal('gm.set'),
    id,
    field: z.enum(GM_FIELDS),
    /**
     * Attribute id, part id, layer or weapon key, level kind, condition id, the pack's spell,
     * accessory or armour id: what `field` needs. `condition`, `spell` and `item` take true (add)
     * or false (remove; a condition also takes its Turns left); `neStore` takes the NE it holds,
     * or false to take the store away.
     */
    name: z.string().min(1).max(40).optional(),
    value: z.union([z.number().min(-1_000_000).max(1_000_000), z.boolean(), z.string().max(40)]),
  }),
  z.strictObject({ type: z.literal('pack.load'), pack: z.unknown() }),
  // Battle ----------------------------------------------------------------------------------
  z.strictObject({ type: z.literal('battle.start'), ids: z.array(id).min(1).max(50) }),
  z.strictObject({ type: z.literal('battle.join'), id }),
  z.strictObject({ type: z.literal('battle.order'), order: z.array(id).min(1).max(50) }),
  z.strictObject({ type: z.literal('battle.end') }),
  z.strictObject({ type: z.literal('slot.end'), id }),
  // Actions ---------------------------------------------------------------------------------
  z.strictObject({
    type: z.literal('attack'),
    attackerId: id,
    /** A weapon key on the attacker's sheet; omitted = unarmed (§6.4). */
    weapon: key.optional(),
    mode: z.enum(['manual', 'auto', 'burst', 'fullAuto']).optional(),
    rounds: z.number().int().min(1).max(10_000).optional(),
    targets: z
      .array(z.strictObject({ id, distance: metres }))
      .min(1)
      .max(12),
    situation: situationSchema,
    /** Make the attack fatal if it hits (§6.5). */
    fatal: z.boolean().optional(),
    /** Pulled blow: the Strength used for unarmed damage (§6.4). */
    strength: z.number().int().min(0).max(1000).optional(),
    /** GM override of the weapon's parryable flag (§6.2). */
    parryable: z.boolean().optional(),
    /** GM rules the target within touch range whatever the distance (§6.5). */
    touch: z.boolean().optional(),
    /** Fire a weapon mounted on this vehicle (§13.7): `weapon` then names the mount (t1, t2 …). */
    vehicle: id.optional(),
  }),
  z.strictObject({
    type: z.literal('defend'),
    targetId: id,
    /** The held object to parry with (weapon or shield key), declared before the defence die. */
    parry: key.optional(),
    /** Give up the parry save (§3 step 4). */
    waiveSave: z.boolean().optional(),
    /** GM: worn layers (keys) that do not cover where this blow lands (partial armour, §9.1). */
    uncovered: z.array(key).max(8).optional(),
  }),
  z.strictObject({
    type: z.literal('throw'),
    attackerId: id,
    /** The thrown object's encumbrance code (§12). */
    code: z.number().int().min(-5).max(9),
    target: z.strictObject({ id, distance: metres }),
    situation: situationSchema,
  }),
  z.strictObject({
    type: z.literal('object.drop'),
    targetId: id,
    code: z.number().int().min(-5).max(9),
    metres: z.number().min(0).max(10_000),
    /** Armour covers the point of impact (the GM says). */
    covered: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('reload'),
    id,
    weapon: key,
    /** Reload a mount (t1 …) of this vehicle, from aboard it (§13.7). */
    vehicle: id.optional(),
  }),
  z.strictObject({ type: z.literal('refill'), id, weapon: key }),
  z.strictObject({ type: z.literal('aim'), id, weapon: key }),
  z.strictObject({ type: z.literal('hold'), id, weapon: key, inHands: z.boolean() }),
  z.strictObject({ type: z.literal('act'), id, text }),
  z.strictObject({ type: z.literal('firstAid'), id, patientId: id, kit: id }),
  /** Chaos #15: the one energy blast (1D100, hits without a defence roll, 10 m). */
  z.strictObject({ type: z.literal('energyBlast'), id, targetId: id, distance: metres }),
  z.strictObject({
    type: z.literal('tap'),
    id,
    store: z.number().int().min(0).max(7),
    amount: z.number().int().min(1).max(10_000),
  }),
  z.strictObject({
    type: z.literal('cast'),
    id,
    spell: id,
    targets: z
      .array(z.strictObject({ id, distance: metres }))
      .max(12)
      .default([]),
    forceScramble: z.boolean().optional(),
  }),
  /** The target's answer to a spell's save (Drain Will, Spell Scramble): roll it, or give it up. */
  z.strictObject({ type: z.literal('resist'), targetId: id, waive: z.boolean().optional() }),
  // Rolls -----------------------------------------------------------------------------------
  z.strictObject({
    type: z.literal('save'),
    id,
    attribute: id,
    modifier: z.number().int().min(-100).max(100).default(0),
    waive: z.boolean().optional(),
    hidden: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('opposed'),
    purpose: z.string().trim().min(1).max(80),
    actor: z.strictObject({ id, attribute: id, modifier: z.number().int().min(-100).max(100).default(0) }),
    others: z
      .array(z.strictObject({ id, attribute: id, modifier: z.number().int().min(-100).max(100).default(0) }))
      .min(1)
      .max(20),
    hidden: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('sneak'), id, observers: z.array(id).min(1).max(20) }),
  z.strictObject({
    type: z.literal('table.roll'),
    table: z.enum(['location', 'chaos', 'tenPercent', 'percent']),
    hidden: z.boolean().optional(),
  }),
  // GM --------------------------------------------------------------------------------------
  z.strictObject({ type: z.literal('gm.undo') }),
  z.strictObject({
    type: z.literal('gm.bystanders'),
    questionId: z.string().max(20),
    bystanders: z.array(z.strictObject({ id, metres })).max(30),
  }),
  z.strictObject({ type: z.literal('gm.letOff'), questionId: z.string().max(20), letOff: z.boolean() }),
  z.strictObject({
    type: z.literal('time.pass'),
    hours: z
      .number()
      .min(0)
      .max(24 * 365),
    asleep: z.boolean().default(false),
  }),
  z.strictObject({
    type: z.literal('poison.dose'),
    id,
    substance: id,
    units: z.number().int().min(1).max(100).default(1),
  }),
  z.strictObject({ type: z.literal('birthday'), id }),
  /**
   * The GM's moment for what a birthday left pending this year (§15, §18.8): a prosthetic fails
   * (its attributes drop to 0; a trunk kills), or old age takes the character.
   */
  z.strictObject({
    type: z.literal('gm.fate'),
    id,
    fate: z.enum(['prostheticFails', 'diesOfAge']),
    part: z.enum(['trunk', 'arms', 'legs', 'face']).optional(),
  }),
  // Vehicles (§13) ---------------------------------------------------------------------------
  // `vehicle` names a vehicle in the scene (its driver and controls count) or one of the pack's.
  z.strictObject({
    type: z.literal('vehicle.add'),
    from: id,
    id: id.optional(),
    name: z.string().trim().min(1).max(80).optional(),
  }),
  z.strictObject({ type: z.literal('vehicle.remove'), id }),
  z.strictObject({
    type: z.literal('vehicle.board'),
    vehicleId: id,
    characterId: id,
    as: z.enum(['driver', 'seated', 'unseated']),
    /** The driver's controls (§13.1); the vehicle's own default when omitted. */
    controls: z.enum(['manual', 'port']).optional(),
  }),
  z.strictObject({ type: z.literal('vehicle.leave'), vehicleId: id, characterId: id }),
  z.strictObject({
    type: z.literal('vehicle.drive'),
    vehicleId: id,
    speedKph: z.number().min(0).max(5000).optional(),
    /** Evasive manoeuvres (§13.5), switched on in the driver's slot. */
    evasive: z.boolean().optional(),
    /** GM: the hull's DC (an override). */
    dc: z.number().int().min(0).max(1_000_000).optional(),
  }),
  z.strictObject({
    type: z.literal('vehicle.contest'),
    purpose: z.string().trim().min(1).max(80),
    driverId: id,
    vehicle: id,
    controls: z.enum(['manual', 'port']).optional(),
    rivalId: id,
    rivalVehicle: id,
    rivalControls: z.enum(['manual', 'port']).optional(),
    /** GM: situational modifiers on either side. */
    modifier: z.number().int().min(-100).max(100).optional(),
    rivalModifier: z.number().int().min(-100).max(100).optional(),
  }),
  z.strictObject({
    type: z.literal('vehicle.risky'),
    driverId: id,
    vehicle: id,
    controls: z.enum(['manual', 'port']).optional(),
    /** A ram on a stationary object (§13.6): the speed, so a successful save deals the impact. */
    kph: z.number().min(0).max(5000).optional(),
    action: z.enum(RISKY_ACTIONS),
  }),
  z.strictObject({
    type: z.literal('vehicle.ram'),
    driverId: id,
    vehicle: id,
    controls: z.enum(['manual', 'port']).optional(),
    /** Closing speed, kph. */
    kph: z.number().min(0).max(5000),
    targetId: id,
    situation: situationSchema,
  }),
  z.strictObject({
    type: z.literal('vehicle.crash'),
    vehicle: id,
    kph: z.number().min(0).max(5000),
    /** Everyone aboard the scene's vehicle when omitted. */
    occupants: z
      .array(z.strictObject({ id, seated: z.boolean() }))
      .max(20)
      .optional(),
  }),
  z.strictObject({
    type: z.literal('surgery'),
    id,
    part: z.enum(['trunk', 'arms', 'legs', 'face', 'brainMind', 'brainSoul', 'brainReflex']),
    to: z.enum(['repaired', 'prosthetic', 'overhaul']),
  }),
] as const;

export const commandSchema = z.discriminatedUnion('type', commandSchemas);
export type EliteUnitCommand = z.output<typeof commandSchema>;
export type CommandOf<T extends EliteUnitCommand['type']> = Extract<EliteUnitCommand, { type: T }>;

const GM: readonly Role[] = ['gm'];
const BOTH: readonly Role[] = ['gm', 'player'];

export const COMMAND_ROLES: Readonly<Record<EliteUnitCommand['type'], readonly Role[]>> = {
  'chat.roll': BOTH,
  'chat.say': BOTH,
  'chat.reveal': GM,
  // A player may take a pack PC for the own seat (checked in decideAdd).
  'character.add': BOTH,
  'character.remove': GM,
  'character.assign': GM,
  'character.reveal': GM,
  'gm.set': GM,
  'pack.load': GM,
  'battle.start': GM,
  'battle.join': GM,
  'battle.order': GM,
  'battle.end': GM,
  'slot.end': BOTH,
  attack: BOTH,
  defend: BOTH,
  throw: BOTH,
  'object.drop': GM,
  reload: BOTH,
  refill: BOTH,
  aim: BOTH,
  hold: BOTH,
  act: BOTH,
  firstAid: BOTH,
  tap: BOTH,
  energyBlast: BOTH,
  cast: BOTH,
  resist: BOTH,
  save: BOTH,
  opposed: GM,
  sneak: BOTH,
  'table.roll': GM,
  'gm.undo': GM,
  'gm.bystanders': GM,
  'gm.letOff': GM,
  'time.pass': GM,
  'poison.dose': GM,
  birthday: GM,
  'gm.fate': GM,
  'vehicle.add': GM,
  'vehicle.remove': GM,
  'vehicle.board': BOTH,
  'vehicle.leave': BOTH,
  'vehicle.drive': BOTH,
  'vehicle.contest': BOTH,
  'vehicle.risky': BOTH,
  'vehicle.crash': GM,
  'vehicle.ram': BOTH,
  surgery: GM,
};
