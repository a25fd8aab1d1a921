import { z } from 'zod';
import { D6 } from '../../engine/dice/die.ts';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { skillLevel } from './character.ts';
import {
  checkTargets,
  distance,
  requireFiringSide,
  requirePhase,
  requirePhasing,
  rollShots,
} from './combat.ts';
import type { Weapon } from './data/pack-schema.ts';
import { VEHICLE_ACTIVITIES, VEHICLE_SKILLS } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  fightCommand,
  fold,
  GM,
  GM_AND_PLAYERS,
  requireCombat,
  requireCombatant,
  requireFit,
  requireOwn,
} from './parts.ts';
import { attackWounds, deviate, machineHits, resolveRolls } from './resolve.ts';
import { requireDriver, requireGunner, ridersJoin } from './riders.ts';
import {
  type Combat,
  type Combatant,
  type Machine,
  machineCombatant,
  type Phase,
  type PointDefenceCover,
  pdKey,
  type RhylanorState,
  ridingIn,
  SIDES,
} from './state.ts';
import { type Modifier, makeRoll, type RollRecord, roll2d6, skillMods } from './task.ts';

/**
 * Vehicles in personal combat (§7.7): a vehicle joins the fight as a combatant (its machine id),
 * drives up to its Turn Speed, is shot at with the vehicle target table's DM (`fireMods`) and
 * takes hits on its damage tables (`finishFire`), fires its own weapons through a gunner, wins
 * or loses dogfights, and shoots down incoming rounds with point defence.
 */

const machineId = z.string().regex(/^m[0-9]{1,5}$/);
const characterId = z.string().regex(/^c[0-9]{1,5}$/);
const metres = z.number().min(-100000).max(100000);
const activity = z.enum(VEHICLE_ACTIVITIES);
/** Point defence: the dice a defeated incoming attack needs (2d6 + auto-fire, §7.7). */
const POINT_DEFENCE_TARGET = 10;
const DOGFIGHT_TARGET = 8;
/** An unguided bomb's direct hit (§7.11). */
const BOMB_TARGET = 10;

const schemas = {
  join: z.strictObject({
    type: z.literal('combat.vehicle'),
    machineId,
    side: z.enum(SIDES),
    x: metres,
    y: metres,
    activity: activity.default('sitting'),
  }),
  drive: z.strictObject({
    type: z.literal('combat.drive'),
    machineId,
    /** Who drives (his seat must play him); the referee may leave it out. */
    driverId: characterId.optional(),
    x: metres,
    y: metres,
    activity,
  }),
  fire: z.strictObject({
    type: z.literal('combat.vehicleFire'),
    machineId,
    gunnerId: characterId,
    /** 0: the main weapon; 1, 2, …: the minor weapons in pack order. */
    slot: z.number().int().min(0).max(8),
    targets: z.array(z.string().min(1).max(20)).min(1).max(10),
    rounds: z.number().int().min(1).max(1000).optional(),
  }),
  dogfight: z.strictObject({
    type: z.literal('combat.dogfight'),
    machineId,
    targetId: machineId,
    /** Who flies the attacker: its seated driver when one sits there (left out: he is taken). */
    pilotId: characterId.optional(),
    /** The target's pilot, whose vehicle skill counts against the roll: its seated driver when it has one. */
    targetPilotId: characterId.optional(),
  }),
  pointDefence: z.strictObject({
    type: z.literal('combat.pointDefence'),
    machineId,
    gunnerId: characterId,
    slot: z.number().int().min(0).max(8),
    /** How many incoming grenades, rockets, missiles or shells it shoots at. */
    attacks: z.number().int().min(1).max(20),
  }),
  /** Sets a pod weapon to point defence (or back) in its side's command phase (§7.7). */
  pointDefenceSet: z.strictObject({
    type: z.literal('combat.pointDefenceSet'),
    machineId,
    /** Who sets it (his seat must play him); the referee may leave it out. */
    gunnerId: characterId.optional(),
    slot: z.number().int().min(0).max(8),
    on: z.boolean(),
    /** What it covers when on: its own vehicle (left out), another vehicle, or an area's centre. */
    covers: z.union([z.strictObject({ machineId }), z.strictObject({ x: metres, y: metres })]).optional(),
  }),
  /** An aircraft drops an unguided bomb on a point in its direct-fire phase (§7.11). */
  bomb: z.strictObject({
    type: z.literal('combat.bomb'),
    machineId,
    pilotId: characterId,
    x: metres,
    y: metres,
  }),
  /** A gunner reloads a vehicle weapon from its spare loads, in his side's command phase. */
  reload: z.strictObject({
    type: z.literal('combat.vehicleReload'),
    machineId,
    gunnerId: characterId,
    slot: z.number().int().min(0).max(8),
  }),
} as const;

export type VehicleCombatCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

function vehicleIn(state: RhylanorState, combat: Combat, id: string): { machine: Machine; at: Combatant } {
  const machine = state.machines[id];
  if (machine?.kind !== 'vehicle')
    throw new RuleError('UNKNOWN_MACHINE', `there is no vehicle ${id}`, { machineId: id });
  if (machine.destroyed) throw new RuleError('DESTROYED', `${machine.name} is destroyed`);
  return { machine, at: requireCombatant(combat, id) };
}

/**
 * A vehicle command of the phasing side: the fight's opening (`fightCommand`), then the phase it
 * belongs to, the vehicle in the fight and not destroyed, and its side the one whose turn it is.
 */
function vehicleCommand<Sch extends z.ZodObject & { shape: { machineId: z.ZodType<string> } }>(
  schema: Sch,
  phases: readonly Phase[],
  what: string,
  decide: (
    state: RhylanorState,
    command: z.output<Sch>,
    ctx: DecideContext,
    combat: Combat,
    vehicle: { machine: Machine; at: Combatant },
  ) => PersonalEvent[],
): CommandSpec {
  return fightCommand(schema, GM_AND_PLAYERS, (state, command, ctx, combat) => {
    requirePhase(combat, phases, what);
    const vehicle = vehicleIn(state, combat, (command as { machineId: string }).machineId);
    requirePhasing(combat, vehicle.at, what);
    return decide(state, command, ctx, combat, vehicle);
  });
}

function packVehicle(state: RhylanorState, machine: Machine) {
  const v = state.pack.vehicles.find((x) => x.id === machine.packId);
  if (!v) throw new RuleError('UNKNOWN_MACHINE', `the data pack has no vehicle ${machine.packId}`);
  return v;
}

/** The weapon in a slot (0 main, then minor ones) and whether damage has silenced it (§7.13). */
function slotWeapon(state: RhylanorState, machine: Machine, slot: number): Weapon {
  const v = packVehicle(state, machine);
  const id = slot === 0 ? v.mainWeapon : v.minorWeapons[slot - 1];
  const weapon = id && state.pack.weapons.find((w) => w.id === id);
  if (!weapon) throw new RuleError('UNKNOWN_WEAPON', `${machine.name} has no weapon in slot ${slot}`);
  const kind = slot === 0 ? 'main' : 'minor';
  if (machine.damage.some((d) => d === `${kind}WeaponDestroyed` || d === `${kind}WeaponJammed`))
    throw new RuleError('WEAPON_OUT', `${machine.name}'s ${kind} weapon is out of action`);
  return weapon;
}

/** Rounds left in a slot's load: its magazine less what it fired since it was last loaded. */
export function slotLoaded(machine: Machine, slot: number, weapon: Weapon): number {
  return Math.max(0, weapon.magazine - (machine.spent?.[slot] ?? 0));
}

/** Spare loads left for a slot: what the pack says it carries less what it has used. */
export function sparesLeft(state: RhylanorState, machine: Machine, slot: number): number {
  const carried = packVehicle(state, machine).spareLoads[slot] ?? 0;
  return Math.max(0, carried - (machine.reloads?.[slot] ?? 0));
}

function outOfAmmunition(machine: Machine, weapon: Weapon, loaded: number, wanted: number): RuleError {
  return new RuleError(
    'OUT_OF_AMMUNITION',
    loaded === 0
      ? `${machine.name}'s ${weapon.name} is empty`
      : `${loaded} round(s) left in ${machine.name}'s ${weapon.name}, not ${wanted}`,
    { loaded, wanted },
  );
}

function join(state: RhylanorState, cmd: z.output<typeof schemas.join>): PersonalEvent[] {
  const combat = requireCombat(state);
  const machine = state.machines[cmd.machineId];
  if (machine?.kind !== 'vehicle')
    throw new RuleError('UNKNOWN_MACHINE', `there is no vehicle ${cmd.machineId}`);
  if (combat.combatants[machine.id]) throw new RuleError('ALREADY_DONE', `${machine.name} is in the fight`);
  const combatant = machineCombatant(machine.id, cmd.side, cmd, cmd.activity);
  return [{ type: 'combat.vehicleJoined', combatant }, ...ridersJoin(state, machine, cmd)];
}

/** Turn Speed in metres a turn, halved for each engine or locomotion impediment (§7.13 reading). */
export function turnSpeed(state: RhylanorState, machine: Machine): number {
  const base = packVehicle(state, machine).turnSpeed;
  if (machine.damage.some((d) => /^(engine|locomotion)(Destroyed|Jammed)$/.test(d))) return 0;
  const impeded = machine.damage.filter((d) => d === 'engineImpeded' || d === 'locomotionImpeded').length;
  return Math.floor(base / 2 ** impeded);
}

function drive(
  state: RhylanorState,
  cmd: z.output<typeof schemas.drive>,
  ctx: DecideContext,
  combat: Combat,
  { machine, at }: { machine: Machine; at: Combatant },
): PersonalEvent[] {
  if (cmd.driverId !== undefined) {
    requireFit(requireOwn(state, ctx, cmd.driverId));
    requireDriver(machine, cmd.driverId);
  } else if (ctx.actor.role !== 'gm') throw new RuleError('DRIVER_NEEDED', 'name the driver');
  if (at.optionTurn === combat.turn && at.option !== null)
    throw new RuleError('ALREADY_DONE', `${machine.name} has moved this turn`);
  const metres = distance(at, cmd);
  const speed = turnSpeed(state, machine);
  if (metres > speed)
    throw new RuleError('TOO_FAR', `${machine.name} moves at most ${speed} m a turn`, { max: speed });
  return [
    { type: 'combat.driven', id: machine.id, x: cmd.x, y: cmd.y, activity: cmd.activity, moved: metres > 0 },
  ];
}

function fire(
  state: RhylanorState,
  cmd: z.output<typeof schemas.fire>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['directFire', 'returnFire'], 'firing');
  const { machine, at } = vehicleIn(state, combat, cmd.machineId);
  const v = packVehicle(state, machine);
  requireFiringSide(combat, at);
  // Return fire: a vehicle that did not move, or one with Fire Control (§7.7).
  if (combat.phase === 'returnFire' && at.option !== null && at.option !== 'stand' && !v.fireControl)
    throw new RuleError('CANNOT_FIRE', `${machine.name} moved and has no Fire Control`);
  const gunner = requireOwn(state, ctx, cmd.gunnerId);
  requireFit(gunner);
  requireGunner(machine, gunner.id);
  const key = `${machine.id}#${cmd.slot}`;
  if (combat.acted[key])
    throw new RuleError('ALREADY_DONE', `that weapon of ${machine.name} has fired this phase`);
  const weapon = slotWeapon(state, machine, cmd.slot);
  if (machine.pointDefence?.some((p) => p.slot === cmd.slot))
    throw new RuleError(
      'SET_FOR_POINT_DEFENCE',
      `the ${weapon.name} is set to point defence: switch it back in a command phase`,
    );
  if (cmd.targets.length > weapon.targets)
    throw new RuleError('TOO_MANY_TARGETS', `the ${weapon.name} engages ${weapon.targets} target(s)`);
  const loaded = slotLoaded(machine, cmd.slot, weapon);
  // Left out, the rounds are a full turn's fire or what is left of the load, whichever is less.
  const rounds = cmd.rounds ?? Math.min(weapon.roundsPerTurn, loaded);
  if (loaded === 0 || rounds > loaded) throw outOfAmmunition(machine, weapon, loaded, rounds);
  if (rounds > weapon.roundsPerTurn)
    throw new RuleError(
      'TOO_MANY_ROUNDS',
      `the ${weapon.name} fires ${weapon.roundsPerTurn} round(s) a turn`,
    );
  if (rounds < cmd.targets.length)
    throw new RuleError('TOO_FEW_ROUNDS', 'each target needs at least one round');
  const checked = checkTargets(combat, at, weapon, cmd.targets);
  // A won dogfight this phase: the shot at that vehicle ignores its movement DM.
  const won = (combat.dogfights ?? []).find(
    (d) => d.attackerId === machine.id && d.won && d.turn === combat.turn && d.phase === combat.phase,
  );
  const { rolls, targets, told } = rollShots(
    state,
    gunner,
    weapon,
    0,
    checked,
    rounds,
    ctx.dice,
    won?.targetId ?? null,
    // Its pod and computer are the vehicle's, not the gunner's gear (§7.7).
    { aaPod: v.aaPodSlots.includes(cmd.slot), shipComputer: v.shipComputer },
  );
  const fired: PersonalEvent = {
    type: 'combat.vehicleFired',
    machineId: machine.id,
    gunnerId: gunner.id,
    slot: cmd.slot,
    weaponId: weapon.id,
    rounds,
    targets: told,
  };
  const after = fold(state, [fired]);
  return [
    fired,
    ...resolveRolls(
      after,
      rolls,
      { kind: 'fire', shooterId: gunner.id, weaponId: weapon.id, targets },
      ctx.dice,
    ),
  ];
}

/** The pilot's best vehicle skill (unskilled: 0 against him, −3 for him as any task). */
function pilotMods(state: RhylanorState, pilotId: string, ctx: DecideContext): readonly Modifier[] {
  const pilot = requireOwn(state, ctx, pilotId);
  requireFit(pilot);
  return skillMods(
    pilot,
    VEHICLE_SKILLS.map((skill) => ({ skill, dm: 0 })),
    state.pack,
  ).mods;
}

/** The id of the one in a vehicle's driver's seat, if anyone sits there. */
function seatedDriver(m: Machine): string | undefined {
  return m.riders?.find((r) => r.seat === 'driver')?.characterId;
}

function dogfight(
  state: RhylanorState,
  cmd: z.output<typeof schemas.dogfight>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['directFire', 'returnFire'], 'a dogfight');
  const { machine, at } = vehicleIn(state, combat, cmd.machineId);
  const { machine: target, at: targetAt } = vehicleIn(state, combat, cmd.targetId);
  if (targetAt.side === at.side) throw new RuleError('FRIENDLY_TARGET', `${target.name} is on the same side`);
  if (combat.phase === 'directFire') requirePhasing(combat, at, 'a dogfight');
  else {
    // In return fire only against a vehicle that failed its own dogfight against him this turn.
    const failed = (combat.dogfights ?? []).some(
      (d) => d.attackerId === target.id && d.targetId === machine.id && !d.won && d.turn === combat.turn,
    );
    if (!failed)
      throw new RuleError('CANNOT_FIRE', `${machine.name} may answer only a dogfight ${target.name} lost`);
  }
  if (combat.acted[`dogfight:${machine.id}`])
    throw new RuleError('ALREADY_DONE', `${machine.name} has dogfought this phase`);
  // Each side's skill is its driver's (§7.7): the seated one, whoever the command names.
  const pilotId = cmd.pilotId ?? seatedDriver(machine);
  if (pilotId === undefined) throw new RuleError('DRIVER_NEEDED', `name ${machine.name}'s pilot`);
  requireDriver(machine, pilotId);
  if (cmd.targetPilotId !== undefined) requireDriver(target, cmd.targetPilotId);
  const mods = [...pilotMods(state, pilotId, ctx)];
  const targetPilotId = cmd.targetPilotId ?? seatedDriver(target);
  if (targetPilotId !== undefined) {
    const other = state.characters[targetPilotId];
    if (!other) throw new RuleError('UNKNOWN_CHARACTER', `there is no character ${targetPilotId}`);
    let best = 0;
    for (const s of VEHICLE_SKILLS) best = Math.max(best, skillLevel(other, s) ?? 0);
    if (best > 0) mods.push({ source: `${other.name}'s piloting`, value: -best });
  }
  const purpose = `dogfight: ${machine.name} against ${target.name}`;
  // The referee's switch (pack `rules.dogfightDice`): the text's 1d6, or Bughunt's reading, 2d6.
  const faces =
    state.pack.rules.dogfightDice === 1 ? [ctx.dice.roll(D6, purpose)] : roll2d6(ctx.dice, purpose);
  const roll = makeRoll(purpose, faces, mods, DOGFIGHT_TARGET);
  return [
    {
      type: 'combat.dogfought',
      attackerId: machine.id,
      targetId: target.id,
      pilotId,
      roll,
      won: roll.success,
    },
  ];
}

function pointDefence(
  state: RhylanorState,
  cmd: z.output<typeof schemas.pointDefence>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  const { machine, at } = vehicleIn(state, combat, cmd.machineId);
  requireFit(requireOwn(state, ctx, cmd.gunnerId));
  const weapon = slotWeapon(state, machine, cmd.slot);
  if (!weapon.autoFire)
    throw new RuleError('NOT_POINT_DEFENCE', `the ${weapon.name} has no auto-fire bonus for point defence`);
  const setting = machine.pointDefence?.find((p) => p.slot === cmd.slot);
  if (!setting)
    throw new RuleError(
      'NOT_SET_FOR_POINT_DEFENCE',
      `the ${weapon.name} must be set to point defence in a command phase first`,
    );
  if (combat.acted[pdKey(machine.id, cmd.slot)])
    throw new RuleError('ALREADY_DONE', `the ${weapon.name} has fired point defence this phase`);
  if (cmd.attacks > weapon.targets)
    throw new RuleError('TOO_MANY_TARGETS', `the ${weapon.name} engages ${weapon.targets} target(s)`);
  const reach = coverDistance(combat, at, setting.covers);
  if (reach > weapon.ranges[0])
    throw new RuleError(
      'OUT_OF_RANGE',
      `what the ${weapon.name} covers is ${Math.round(reach)} m away, beyond its Effective range`,
      { distance: reach, effective: weapon.ranges[0] },
    );
  // Firing at all uses double its normal ammunition (§7.7): twice a turn's rounds.
  const rounds = 2 * weapon.roundsPerTurn;
  const loaded = slotLoaded(machine, cmd.slot, weapon);
  if (loaded < rounds) throw outOfAmmunition(machine, weapon, loaded, rounds);
  const rolls: RollRecord[] = [];
  for (let i = 0; i < cmd.attacks; i++) {
    const purpose = `point defence by ${machine.name} (${i + 1})`;
    rolls.push(
      makeRoll(
        purpose,
        roll2d6(ctx.dice, purpose),
        [{ source: 'auto-fire', value: weapon.autoFire }],
        POINT_DEFENCE_TARGET,
      ),
    );
  }
  return [
    {
      type: 'combat.pointDefended',
      machineId: machine.id,
      weaponId: weapon.id,
      slot: cmd.slot,
      rounds,
      rolls,
      defeated: rolls.filter((r) => r.success).length,
    },
  ];
}

/** How far from the vehicle what its point defence covers is (its own vehicle: 0). */
function coverDistance(combat: Combat, at: Combatant, covers: PointDefenceCover): number {
  if (covers.kind === 'self') return 0;
  if (covers.kind === 'area') return distance(at, covers);
  const other = combat.combatants[covers.machineId];
  // A covered vehicle that left the fight is out of reach.
  return other ? distance(at, other) : Number.POSITIVE_INFINITY;
}

function pointDefenceSet(
  state: RhylanorState,
  cmd: z.output<typeof schemas.pointDefenceSet>,
  ctx: DecideContext,
  combat: Combat,
  { machine, at }: { machine: Machine; at: Combatant },
): PersonalEvent[] {
  if (cmd.gunnerId !== undefined) requireFit(requireOwn(state, ctx, cmd.gunnerId));
  else if (ctx.actor.role !== 'gm') throw new RuleError('GUNNER_NEEDED', 'name the gunner');
  const weapon = slotWeapon(state, machine, cmd.slot);
  const key = `pdset:${machine.id}#${cmd.slot}`;
  // Set in one command phase, it stays so until a later one.
  if (combat.acted[key]) throw new RuleError('ALREADY_DONE', `the ${weapon.name} was set this command phase`);
  const set = machine.pointDefence?.some((p) => p.slot === cmd.slot) ?? false;
  if (!cmd.on) {
    if (!set) throw new RuleError('NOT_SET_FOR_POINT_DEFENCE', `the ${weapon.name} is not on point defence`);
    return [{ type: 'combat.pointDefenceSet', machineId: machine.id, slot: cmd.slot, on: false }];
  }
  if (set) throw new RuleError('ALREADY_DONE', `the ${weapon.name} is already on point defence`);
  if (!weapon.autoFire)
    throw new RuleError('NOT_POINT_DEFENCE', `the ${weapon.name} has no auto-fire bonus for point defence`);
  if (!packVehicle(state, machine).pointDefencePodSlots.includes(cmd.slot))
    throw new RuleError('NO_POINT_DEFENCE_POD', `the ${weapon.name} is not on a Point-Defence Pod`);
  let covers: PointDefenceCover = { kind: 'self' };
  if (cmd.covers && 'machineId' in cmd.covers) {
    const other = state.machines[cmd.covers.machineId];
    if (other?.kind !== 'vehicle' || !combat.combatants[other.id])
      throw new RuleError('UNKNOWN_MACHINE', `there is no vehicle ${cmd.covers.machineId} in the fight`);
    covers = other.id === machine.id ? { kind: 'self' } : { kind: 'vehicle', machineId: other.id };
  } else if (cmd.covers) covers = { kind: 'area', x: cmd.covers.x, y: cmd.covers.y };
  const reach = coverDistance(combat, at, covers);
  if (reach > weapon.ranges[0])
    throw new RuleError(
      'OUT_OF_RANGE',
      `what it would cover is ${Math.round(reach)} m away, beyond the ${weapon.name}'s Effective range`,
      { distance: reach, effective: weapon.ranges[0] },
    );
  return [{ type: 'combat.pointDefenceSet', machineId: machine.id, slot: cmd.slot, on: true, covers }];
}

function vehicleReload(
  state: RhylanorState,
  cmd: z.output<typeof schemas.reload>,
  ctx: DecideContext,
  combat: Combat,
  { machine }: { machine: Machine; at: Combatant },
): PersonalEvent[] {
  requireFit(requireOwn(state, ctx, cmd.gunnerId));
  const weapon = slotWeapon(state, machine, cmd.slot);
  if (combat.acted[`reload:${machine.id}#${cmd.slot}`])
    throw new RuleError('ALREADY_DONE', `the ${weapon.name} was reloaded this phase`);
  if (slotLoaded(machine, cmd.slot, weapon) === weapon.magazine)
    throw new RuleError('ALREADY_LOADED', `the ${weapon.name} is fully loaded`);
  if (sparesLeft(state, machine, cmd.slot) <= 0)
    throw new RuleError(
      'NO_SPARE_AMMUNITION',
      `${machine.name} carries no spare load for the ${weapon.name}`,
    );
  return [{ type: 'combat.vehicleReloaded', machineId: machine.id, slot: cmd.slot }];
}

function bomb(
  state: RhylanorState,
  cmd: z.output<typeof schemas.bomb>,
  ctx: DecideContext,
  combat: Combat,
  { machine, at }: { machine: Machine; at: Combatant },
): PersonalEvent[] {
  const v = packVehicle(state, machine);
  if (!v.bombRack) throw new RuleError('NO_BOMBS', `${machine.name} carries no bombs (the pack's bombRack)`);
  if ((machine.bombsDropped ?? 0) >= v.bombLoad)
    throw new RuleError('NO_BOMBS_LEFT', `${machine.name} has dropped all ${v.bombLoad} of its bombs`, {
      load: v.bombLoad,
    });
  if (combat.acted[`bomb:${machine.id}`])
    throw new RuleError('ALREADY_DONE', `${machine.name} has bombed this phase`);
  requireDriver(machine, cmd.pilotId);
  const purpose = `bomb from ${machine.name}`;
  const roll = makeRoll(purpose, roll2d6(ctx.dice, purpose), pilotMods(state, cmd.pilotId, ctx), BOMB_TARGET);
  let landed = { x: cmd.x, y: cmd.y };
  let clock: number | null = null;
  let metres = 0;
  if (!roll.success) {
    // A miss deviates as indirect fire does, along the line from the aircraft to the point (§7.11).
    clock = ctx.dice.roll({ name: 'd12', sides: 12 }, 'bomb deviation direction');
    metres = (ctx.dice.roll(D6, 'bomb deviation') + ctx.dice.roll(D6, 'bomb deviation')) * 10;
    landed = deviate(at, landed, clock, metres);
  }
  // Its blast (Bughunt's own data, pack bombPen and bombRadius): one explosive hit on everyone and
  // everything in the fight within the radius of where it landed, the bomber itself excepted.
  const caught = Object.values(combat.combatants)
    .filter((c) => c.id !== machine.id && distance(c, landed) <= v.bombRadius + 1e-9)
    .filter((c) => !ridingIn(state, c.id))
    .map((c) => c.id);
  const bombed: PersonalEvent = {
    type: 'combat.bombed',
    machineId: machine.id,
    pilotId: cmd.pilotId,
    roll,
    x: landed.x,
    y: landed.y,
    clock,
    metres,
    caught,
  };
  const after = fold(state, [bombed]);
  const perTarget = caught.map((targetId) => ({ targetId, hits: 1 }));
  const blast = { pen: v.bombPen, name: 'the bomb' };
  const onMachines = machineHits(after, perTarget, blast, 1, cmd.pilotId, ctx.dice);
  const men = perTarget.filter((t) => !after.machines[t.targetId]);
  return [
    bombed,
    ...onMachines.events,
    ...attackWounds(
      fold(after, onMachines.events),
      cmd.pilotId,
      men,
      v.bombPen,
      {},
      1,
      'the bomb',
      ctx.dice,
      onMachines.crew,
    ),
  ];
}

export const vehicleCombatCommands: readonly CommandSpec[] = [
  defineCommand(schemas.join, GM, join),
  vehicleCommand(schemas.drive, ['movement'], 'driving', drive),
  fightCommand(schemas.fire, GM_AND_PLAYERS, fire),
  fightCommand(schemas.dogfight, GM_AND_PLAYERS, dogfight),
  fightCommand(schemas.pointDefence, GM_AND_PLAYERS, pointDefence),
  vehicleCommand(schemas.pointDefenceSet, ['command'], 'setting point defence', pointDefenceSet),
  // As a man reloads (§7.5): in the command phase, the weapon idle meanwhile.
  vehicleCommand(schemas.reload, ['command'], 'reloading', vehicleReload),
  vehicleCommand(schemas.bomb, ['directFire'], 'a bomb run', bomb),
];
