import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import type { Carried, Character } from './character.ts';
import { newCharacter } from './characters.ts';
import type { MeleeWeapon, Robot, Weapon } from './data/pack-schema.ts';
import { MOVEMENT_OPTIONS, type MovementOption } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import { type CommandSpec, defineCommand, GM, requireCombat } from './parts.ts';
import { type Combat, type Machine, machineCombatant, type RhylanorState, SIDES } from './state.ts';
import type { Modifier } from './task.ts';
import { robotSkillDm } from './vehicles.ts';

/**
 * Robots acting in a fight (§7.14, §12.7). A robot joins the fight as a combatant under its
 * machine id and then moves and fires through the same `combat.move` and `combat.fire` a man
 * uses: `robotActor` gives the fight a character-shaped sheet of it (its pack skills and
 * characteristics, its one weapon with the rounds its machine record has left), and the damage
 * its machine carries bends what it may do (`robotMods`, `robotAllowance`, `requireRobotActive`).
 *
 * Readings (the book is silent): robots are the referee's — only the referee's seat commands one
 * (the digest gives players no robots); a characteristic the pack leaves out is 7 (DM 0); a robot
 * has no morale of its own and is no member of its side's roll.
 */

/** A characteristic the pack's robot row leaves out (DM 0). */
const NEUTRAL_CHARACTERISTIC = 7;
const CHARACTERISTICS = ['Str', 'Dex', 'End', 'Int', 'Edu', 'Soc'] as const;

/** The robot's pack row. */
export function packRobot(state: RhylanorState, machine: Machine): Robot {
  const r = state.pack.robots.find((x) => x.id === machine.packId);
  if (!r) throw new RuleError('UNKNOWN_MACHINE', `the data pack has no robot ${machine.packId}`);
  return r;
}

/** A robot in play, if the id names one. */
export function robotOf(state: RhylanorState, id: string): Machine | null {
  const m = state.machines[id];
  return m?.kind === 'robot' ? m : null;
}

/**
 * A robot's weapon (slot 0) and the rounds left in it and in its spare loads; then the melee
 * weapon its pack gives it, carried as a man carries his blade (no rounds).
 */
function robotWeapon(state: RhylanorState, machine: Machine, robot: Robot): Carried[] {
  const carried: Carried[] = [];
  const w = robot.weapon && state.pack.weapons.find((x) => x.id === robot.weapon);
  if (w)
    carried.push({
      weaponId: w.id,
      loaded: Math.max(0, w.magazine - (machine.spent?.[0] ?? 0)),
      spare: Math.max(0, robot.spareLoads - (machine.reloads?.[0] ?? 0)),
    });
  if (robot.melee && state.pack.melee.some((x) => x.id === robot.melee))
    carried.push({ weaponId: robot.melee, loaded: 0, spare: 0 });
  return carried;
}

/** The character-shaped sheet the fight rules read a robot by: no wounds, gear or drugs of its own. */
export function robotActor(state: RhylanorState, machine: Machine): Character {
  const robot = packRobot(state, machine);
  return newCharacter(state, {
    id: machine.id,
    name: machine.name,
    upp: CHARACTERISTICS.map((ch) => robot.characteristics[ch] ?? NEUTRAL_CHARACTERISTIC),
    skills: robot.skills,
    weapons: robotWeapon(state, machine, robot),
  });
}

/**
 * A robot the seat may command and that can still act: the referee's seat only; one whose power
 * plant or brain is gone (inert) or that exploded does nothing more (§7.14 reading).
 */
export function requireRobotActive(machine: Machine, ctx: DecideContext, combat: Combat): void {
  if (ctx.actor.role !== 'gm')
    throw new RuleError('ROBOT_REFEREE_ONLY', `${machine.name} is the referee's to command`, {
      machineId: machine.id,
    });
  if (machine.destroyed || machine.inert)
    throw new RuleError('CANNOT_ACT', `${machine.name} is ${machine.destroyed ? 'destroyed' : 'inert'}`, {
      machineId: machine.id,
      condition: machine.destroyed ? 'destroyed' : 'inert',
    });
  const lost = machine.lostTurns;
  if (lost && combat.turn >= lost.from && combat.turn <= lost.through)
    throw new RuleError('CANNOT_ACT', `${machine.name} sits out turns ${lost.from} to ${lost.through}`, {
      machineId: machine.id,
      condition: 'lostTurns',
    });
}

/** Metres a robot may move with an option: its pack movement, halved when its locomotion is impeded. */
export function robotAllowance(state: RhylanorState, machine: Machine, option: MovementOption): number {
  const movement = packRobot(state, machine).movement;
  const metres = movement ? movement[option] : MOVEMENT_OPTIONS[option].metres;
  if (metres === undefined)
    throw new RuleError('OPTION_NOT_ALLOWED', `${machine.name} cannot ${option} (its pack movement)`, {
      option,
    });
  if (option === 'stand') return 0;
  // Jammed or destroyed locomotion: it stands where it is (§7.14).
  if (machine.damage.some((d) => d === 'locomotionJammed' || d === 'locomotionDestroyed'))
    throw new RuleError('IMMOBILE', `${machine.name} cannot move: its locomotion is out`, { option });
  return machine.damage.includes('locomotionImpeded') ? metres / 2 : metres;
}

/** Its weapon silenced by damage (§7.14: weapon/limb jammed or destroyed), or its senses gone. */
export function requireRobotCanFire(machine: Machine, weapon: Weapon): void {
  if (machine.damage.some((d) => d === 'weaponJammed' || d === 'weaponDestroyed'))
    throw new RuleError('WEAPON_OUT', `${machine.name}'s ${weapon.name} is out of action`);
  // Senses destroyed: it perceives nothing outside its body, so it has nothing to aim at.
  if (machine.damage.includes('sensesDestroyed'))
    throw new RuleError('CANNOT_FIRE', `${machine.name} perceives nothing to aim at`);
}

/**
 * A robot striking in melee (§7.8, §7.14): its weapon or limb jammed or destroyed puts its pack
 * melee weapon out, but it may still strike bare (reading: another limb); with its senses
 * destroyed it perceives no one to strike at.
 */
export function requireRobotCanStrike(machine: Machine, weapon: MeleeWeapon): void {
  if (!weapon.unarmed && machine.damage.some((d) => d === 'weaponJammed' || d === 'weaponDestroyed'))
    throw new RuleError('WEAPON_OUT', `${machine.name}'s ${weapon.name} is out of action`);
  if (machine.damage.includes('sensesDestroyed'))
    throw new RuleError('CANNOT_ACT', `${machine.name} perceives no one to strike at`, {
      machineId: machine.id,
      condition: 'sensesDestroyed',
    });
}

/**
 * Whether a robot may make a spotting roll (§7.14): not with its electronics impeded, nor (reading:
 * worse than impeded) jammed, nor with its senses destroyed.
 */
export function robotCanSpot(machine: Machine): boolean {
  return !machine.damage.some(
    (d) => d === 'electronicsImpeded' || d === 'electronicsJammed' || d === 'sensesDestroyed',
  );
}

export function requireRobotCanSpot(machine: Machine): void {
  if (!robotCanSpot(machine))
    throw new RuleError('CANNOT_SPOT', `${machine.name}'s damage keeps it from looking`, {
      machineId: machine.id,
    });
}

/** What a robot's damage does to its spotting: its skill penalty (§7.14). */
export function robotSightMods(machine: Machine): Modifier[] {
  const skills = robotSkillDm(machine);
  return skills ? [{ source: 'robot damage: skills', value: skills }] : [];
}

/**
 * What a robot's damage does to its shots (§7.14): Skills −1/−2 on the weapon skill (together −3),
 * Attacks −1, and the −5 of a robot blinded by jammed electronics (aiming needs sight).
 */
export function robotMods(machine: Machine): Modifier[] {
  const mods: Modifier[] = [];
  const skills = robotSkillDm(machine);
  if (skills) mods.push({ source: 'robot damage: skills', value: skills });
  if (machine.damage.includes('attacksMinus1')) mods.push({ source: 'robot damage: attacks', value: -1 });
  if (machine.damage.includes('electronicsJammed'))
    mods.push({ source: 'robot damage: blind', value: BLIND_DM });
  return mods;
}

/** Jammed electronics: −5 to every task needing sight (§7.14). */
const BLIND_DM = -5;

const schemas = {
  /** The referee brings a robot into the running fight on a side, at a point (metres). */
  join: z.strictObject({
    type: z.literal('combat.robot'),
    machineId: z.string().regex(/^m[0-9]{1,5}$/),
    side: z.enum(SIDES),
    x: z.number().min(-100000).max(100000),
    y: z.number().min(-100000).max(100000),
  }),
} as const;

export type RobotCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

function join(state: RhylanorState, cmd: z.output<typeof schemas.join>): PersonalEvent[] {
  const combat = requireCombat(state);
  const machine = robotOf(state, cmd.machineId);
  if (!machine) throw new RuleError('UNKNOWN_MACHINE', `there is no robot ${cmd.machineId}`);
  if (machine.destroyed || machine.inert)
    throw new RuleError('CANNOT_ACT', `${machine.name} is ${machine.destroyed ? 'destroyed' : 'inert'}`);
  if (combat.combatants[machine.id]) throw new RuleError('ALREADY_DONE', `${machine.name} is in the fight`);
  // Not a vehicle: the vehicle target table does not apply to it (activity null).
  const combatant = machineCombatant(machine.id, cmd.side, cmd, null);
  // The same joining event a vehicle's has: a machine's place in the fight.
  return [{ type: 'combat.vehicleJoined', combatant }];
}

export const robotCommands: readonly CommandSpec[] = [defineCommand(schemas.join, GM, join)];
