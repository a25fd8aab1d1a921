import { z } from 'zod';
import { D6, d } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { charDm } from './character.ts';
import {
  type PenetrationResult,
  penetrationResult,
  REPAIRS,
  ROBOT_EFFECTS,
  VEHICLE_ACTIVITIES,
  VEHICLE_EFFECTS,
  VEHICLE_SKILLS,
  VEHICLE_TARGET_DMS,
  type VehicleActivity,
} from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  fold,
  GM,
  GM_AND_PLAYERS,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import { attackWounds, machineHits } from './resolve.ts';
import type { Combat, LostTurns, Machine, RhylanorState } from './state.ts';
import { type Modifier, makeRoll, type RollRecord, roll2d6, skillMods } from './task.ts';

/** Vehicles and robots under fire (§7.7, §7.13, §7.14): to-hit DMs, damage and repairs. */

/**
 * The to-hit DM against a vehicle (§7.7): by class and what it does; an anti-aircraft pod halves
 * the penalties (toward zero), a starship-grade computer ignores them; bonuses always count.
 */
export function vehicleTargetDm(
  tableClass: string,
  activity: VehicleActivity,
  aaPod = false,
  shipComputer = false,
): number {
  const row = VEHICLE_TARGET_DMS[tableClass];
  if (!row) throw new RuleError('UNKNOWN_VEHICLE_CLASS', `no vehicle target row ${tableClass}`);
  const dm = row[VEHICLE_ACTIVITIES.indexOf(activity)] as number;
  if (dm >= 0) return dm;
  if (shipComputer) return 0;
  return aaPod ? Math.trunc(dm / 2) : dm;
}

export interface DamageRoll {
  readonly penetration: { readonly face: number; readonly total: number; readonly result: PenetrationResult };
  /** Effect-table rolls in order (a `next` sends the roll on to the next column). */
  readonly effects: readonly { readonly column: string; readonly roll: number; readonly effect: string }[];
}

const NEXT: Readonly<Record<string, PenetrationResult>> = { surface: 'minor', minor: 'major' };

/** One hit on a vehicle (2d6 effects) or robot (1d6 effects): 1d6 + PEN − armour, then the tables. */
export function rollDamage(
  kind: 'vehicle' | 'robot',
  pen: number,
  armour: number,
  dice: DiceSource,
): DamageRoll {
  const face = dice.roll(D6, `${kind} penetration`);
  const total = face + pen - armour;
  const result = penetrationResult(total);
  const effects: { column: string; roll: number; effect: string }[] = [];
  let column: PenetrationResult = result;
  while (column !== 'none') {
    const roll =
      kind === 'vehicle'
        ? dice.roll(D6, 'vehicle damage effect') + dice.roll(D6, 'vehicle damage effect')
        : dice.roll(D6, 'robot damage effect');
    const table = kind === 'vehicle' ? VEHICLE_EFFECTS[column] : ROBOT_EFFECTS[column];
    const effect = table[kind === 'vehicle' ? roll - 2 : roll - 1] as string;
    effects.push({ column, roll, effect });
    if (effect !== 'next') break;
    column = NEXT[column] ?? 'none';
  }
  return { penetration: { face, total, result }, effects };
}

/** What a machine's damage list becomes after a new effect (the non-stacking rules of §7.14). */
export function withEffect(m: Machine, effect: string): Pick<Machine, 'damage' | 'destroyed' | 'inert'> {
  const damage = [...m.damage];
  let destroyed = m.destroyed;
  let inert = m.inert;
  if (m.kind === 'robot') {
    if ((effect === 'skillsMinus1' || effect === 'attacksMinus1') && damage.includes(effect))
      return { damage, destroyed, inert };
    if (effect === 'skillsMinus2' && damage.includes('skillsMinus2')) effect = 'brainDestroyed';
    if (effect === 'powerPlantDestroyed' || effect === 'brainDestroyed') inert = true;
  }
  if (effect === 'explode') destroyed = true;
  damage.push(effect);
  return { damage, destroyed, inert };
}

/** A robot's skill penalty: −1 and −2 each once, together −3 (reading). */
export function robotSkillDm(m: Machine): number {
  return (m.damage.includes('skillsMinus1') ? -1 : 0) + (m.damage.includes('skillsMinus2') ? -2 : 0);
}

const machineId = z.string().regex(/^m[0-9]{1,5}$/);
const schemas = {
  add: z.strictObject({
    type: z.literal('machine.add'),
    kind: z.enum(['vehicle', 'robot']),
    packId: z.string().min(1).max(60),
    name: z.string().trim().min(1).max(80).optional(),
  }),
  hit: z.strictObject({
    type: z.literal('machine.hit'),
    machineId,
    pen: z.number().int().min(0).max(200),
    hits: z.number().int().min(1).max(20).default(1),
  }),
  repair: z.strictObject({
    type: z.literal('machine.repair'),
    machineId,
    technicianId: z.string().regex(/^c[0-9]{1,5}$/),
    effect: z.string().min(1).max(40),
  }),
} as const;

export type MachineCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

function requireMachine(state: RhylanorState, id: string): Machine {
  const m = state.machines[id];
  if (!m) throw new RuleError('UNKNOWN_MACHINE', `there is no vehicle or robot ${id}`, { machineId: id });
  return m;
}

function add(state: RhylanorState, cmd: z.output<typeof schemas.add>): PersonalEvent[] {
  const data =
    cmd.kind === 'vehicle'
      ? state.pack.vehicles.find((v) => v.id === cmd.packId)
      : state.pack.robots.find((r) => r.id === cmd.packId);
  if (!data) throw new RuleError('UNKNOWN_MACHINE', `the data pack has no ${cmd.kind} ${cmd.packId}`);
  const id = `m${Object.keys(state.machines).length + 1}`;
  const machine: Machine = {
    id,
    kind: cmd.kind,
    packId: data.id,
    name: cmd.name ?? data.name,
    armour: data.armour,
    damage: [],
    destroyed: false,
    inert: false,
  };
  return [{ type: 'machine.added', machine }];
}

function hit(state: RhylanorState, cmd: z.output<typeof schemas.hit>, ctx: DecideContext): PersonalEvent[] {
  requireNoWindow(state);
  const m = requireMachine(state, cmd.machineId);
  if (m.destroyed) throw new RuleError('DESTROYED', `${m.name} is already destroyed`);
  // The referee's hit reaches the crew as a weapon's would (§7.13); it has no wielder, so the machine stands for him.
  const hits = [{ targetId: m.id, hits: cmd.hits }];
  const onIt = machineHits(state, hits, { pen: cmd.pen, name: 'the hit' }, 0, m.id, ctx.dice);
  if (onIt.crew.length === 0) return onIt.events;
  return [
    ...onIt.events,
    ...attackWounds(fold(state, onIt.events), m.id, [], cmd.pen, {}, 0, 'the hit', ctx.dice, onIt.crew),
  ];
}

/** `hits` hits of penetration `pen` on a vehicle or robot, each through the damage tables (§7.13, §7.14). */
export function damageMachine(
  machine: Machine,
  pen: number,
  hits: number,
  dice: DiceSource,
  /** The running fight, where a robot's lost turns are counted (absent: none are). */
  combat: Combat | null = null,
): PersonalEvent[] {
  let m = machine;
  const events: PersonalEvent[] = [];
  for (let i = 0; i < hits && !m.destroyed; i++) {
    const roll = rollDamage(m.kind, pen, m.armour, dice);
    let after = m;
    let lost: LostTurns | null = null;
    for (const e of roll.effects) {
      if (e.effect === 'next') continue;
      after = { ...after, ...withEffect(after, e.effect) };
      lost = lostTurns(after, e.effect, combat, dice) ?? lost;
    }
    if (lost) after = { ...after, lostTurns: lost };
    events.push({
      type: 'machine.damaged',
      machineId: m.id,
      roll,
      damage: after.damage,
      destroyed: after.destroyed,
      inert: after.inert,
      ...(lost ? { lostTurns: lost } : {}),
    });
    m = after;
  }
  return events;
}

/**
 * A robot's lost turns in a fight (§7.14): Lose 1 turn, or Lose 1d6 turns (the die rolled here),
 * counted from its side's next player turn; ignored while turns already lost still run. Returns
 * the fight turns it sits out, or null when nothing is lost.
 */
function lostTurns(m: Machine, effect: string, combat: Combat | null, dice: DiceSource): LostTurns | null {
  if (m.kind !== 'robot' || (effect !== 'lose1Turn' && effect !== 'lose1d6Turns')) return null;
  const at = combat?.combatants[m.id];
  if (!combat || !at) return null;
  if ((m.lostTurns?.through ?? -1) >= combat.turn) return null;
  // Its side's next player turn: this turn's, if its side has yet to play it, else the next one.
  const yetToPlay = combat.phasing !== at.side && combat.phasing === combat.intruder;
  const first = combat.stage === 'turns' && yetToPlay ? combat.turn : combat.turn + 1;
  if (effect === 'lose1Turn') return { from: first, through: first };
  const lostDie = dice.roll(D6, `turns ${m.name} loses`);
  return { from: first, through: first + lostDie - 1, die: lostDie };
}

/** Crew effects of the vehicle damage table (§7.13). */
const CREW_EFFECTS = new Set(['exposedCrewAttacked', 'oneCrewAttacked', 'allCrewAttacked', 'explode']);

export interface CrewHit {
  readonly roll: RollRecord;
  readonly hit: { readonly targetId: string; readonly shift: -1 | 0 | 1; readonly attackerId: string };
}

/**
 * What a hit vehicle's crew suffer (§7.13), for each crew effect the damage events name:
 * exposed crew (riders of an open-top vehicle — a closed one has none) — one, by a die, takes a
 * normal wound roll of the weapon; one crewman inside (by a die) or all of them take a straight
 * 2d6 wound roll; an explosion: each rolls his vehicle skill 8+ to escape, and one who fails
 * takes a straight wound roll raised a level (Bughunt's reading: the book says only who escapes).
 * Returns the `machine.crewAttacked` events and the wound rolls, which join the attack's volley.
 */
export function crewAttacks(
  state: RhylanorState,
  damaged: readonly PersonalEvent[],
  /** The weapon's wound shift and its normal wound roll on a man (for exposed crew). */
  shift: -1 | 0 | 1,
  armourRoll: (target: string) => RollRecord | null,
  attackerId: string,
  dice: DiceSource,
): { events: PersonalEvent[]; hits: CrewHit[] } {
  const events: PersonalEvent[] = [];
  const hits: CrewHit[] = [];
  for (const e of damaged) {
    if (e.type !== 'machine.damaged') continue;
    const m = state.machines[e.machineId];
    const riders = (m?.riders ?? []).map((r) => r.characterId).filter((id) => state.characters[id]);
    if (!m || riders.length === 0) continue;
    const openTop = state.pack.vehicles.find((v) => v.id === m.packId)?.openTop ?? false;
    for (const { effect } of e.roll.effects) {
      if (!CREW_EFFECTS.has(effect)) continue;
      const pickOne = (pool: readonly string[]) => {
        const pick = pool.length > 1 ? dice.roll(d(pool.length), `which of ${m.name}'s crew`) : 1;
        return { pick: pool.length > 1 ? pick : null, ids: [pool[pick - 1] as string] };
      };
      if (effect === 'exposedCrewAttacked') {
        if (!openTop) continue;
        const { pick, ids } = pickOne(riders);
        events.push({ type: 'machine.crewAttacked', machineId: m.id, effect, pick, characterIds: ids });
        for (const id of ids) {
          const roll = armourRoll(id);
          if (roll) hits.push({ roll, hit: { targetId: id, shift, attackerId } });
        }
        continue;
      }
      if (effect === 'oneCrewAttacked' || effect === 'allCrewAttacked') {
        const { pick, ids } = effect === 'oneCrewAttacked' ? pickOne(riders) : { pick: null, ids: riders };
        events.push({ type: 'machine.crewAttacked', machineId: m.id, effect, pick, characterIds: ids });
        for (const id of ids)
          hits.push({ roll: straightRoll(state, id, dice), hit: { targetId: id, shift: 0, attackerId } });
        continue;
      }
      // The vehicle explodes: each man aboard tries to get clear.
      const escapes = riders.map((id) => {
        const c = state.characters[id];
        const mods = c
          ? skillMods(
              c,
              VEHICLE_SKILLS.map((skill) => ({ skill, dm: 0 })),
              state.pack,
            ).mods
          : [];
        const purpose = `${c?.name ?? id} escapes the explosion`;
        const roll = makeRoll(purpose, roll2d6(dice, purpose), mods, 8);
        return { characterId: id, roll, escaped: roll.success };
      });
      events.push({
        type: 'machine.crewAttacked',
        machineId: m.id,
        effect,
        pick: null,
        characterIds: riders,
        escapes,
      });
      for (const x of escapes)
        if (!x.escaped)
          hits.push({
            roll: straightRoll(state, x.characterId, dice),
            hit: { targetId: x.characterId, shift: 1, attackerId },
          });
    }
  }
  return { events, hits };
}

/** A straight 2d6 wound roll: no Penetration, no armour (§7.13). */
function straightRoll(state: RhylanorState, id: string, dice: DiceSource): RollRecord {
  const name = state.characters[id]?.name ?? id;
  return makeRoll(`wound roll on ${name}`, roll2d6(dice, `wound roll on ${name}`), [], 4);
}

function repair(
  state: RhylanorState,
  cmd: z.output<typeof schemas.repair>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const m = requireMachine(state, cmd.machineId);
  const tech = requireOwn(state, ctx, cmd.technicianId);
  if (!m.damage.includes(cmd.effect))
    throw new RuleError('NOT_DAMAGED', `${m.name} has no ${cmd.effect} to repair`);
  const fix = REPAIRS[cmd.effect];
  if (!fix) throw new RuleError('NOT_REPAIRABLE', `${cmd.effect} cannot be repaired, only replaced`);
  const tool = fix.skill === 'Mechanical' ? 'mechanicsKit' : 'electronicsKit';
  if (!tech.gear.some((g) => state.pack.gear.find((x) => x.id === g)?.effect === tool)) {
    throw new RuleError(
      'EQUIPMENT_REQUIRED',
      `${tech.name} needs a ${fix.skill === 'Mechanical' ? 'mechanics' : 'electronics'} tool kit`,
    );
  }
  const choice = skillMods(tech, [{ skill: fix.skill, dm: 0 }], state.pack);
  const mods: Modifier[] = [...choice.mods, { source: 'Int DM', value: charDm(tech, 'Int', state.pack) }];
  const roll = makeRoll(
    `repairing ${cmd.effect} on ${m.name}`,
    roll2d6(ctx.dice, `repair of ${m.name}`),
    mods,
    fix.target,
  );
  const at = m.damage.indexOf(cmd.effect);
  const damage = roll.success ? m.damage.filter((_, i) => i !== at) : m.damage;
  return [
    { type: 'machine.repaired', machineId: m.id, technicianId: tech.id, effect: cmd.effect, roll, damage },
    ...(roll.success && choice.skill
      ? [
          {
            type: 'task.rolled' as const,
            characterId: tech.id,
            skill: choice.skill,
            roll,
            ticked: choice.skill,
            label: 'repair',
          },
        ]
      : []),
  ];
}

export const machineCommands: readonly CommandSpec[] = [
  defineCommand(schemas.add, GM, add),
  defineCommand(schemas.hit, GM_AND_PLAYERS, hit),
  defineCommand(schemas.repair, GM_AND_PLAYERS, repair),
];
