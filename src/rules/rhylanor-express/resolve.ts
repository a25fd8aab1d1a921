import { D6, d } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { type Character, currentEnd, skillLevel } from './character.ts';
import { combatDrugHolds } from './clock.ts';
import type { Armour, Weapon } from './data/pack-schema.ts';
import { MORALE, shiftWound, WOUND_EFFECTS, type WoundLevel, woundFromTotal } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import { fold } from './parts.ts';
import { type Continuation, type RhylanorState, SIDES, type SideId } from './state.ts';
import { type Modifier, makeRoll, type RollRecord, roll2d6, withPool } from './task.ts';
import { type CrewHit, crewAttacks, damageMachine } from './vehicles.ts';

/**
 * What happens to rolls once made: the tactics-pool window (§7.3: points before or after the
 * dice, any number, either side) and then the outcome the continuation names — a task's success,
 * hits and wound rolls of an attack, the wounds themselves, a morale result, a sighting.
 */

/** Hits from one attack roll (§7.6, §7.8): 1 at the base, +1 per full 2 over, capped. */
export function hitsFrom(roll: RollRecord, cap: number): number {
  if (!roll.success) return 0;
  return Math.min(cap, 1 + Math.floor(roll.margin / 2));
}

/**
 * Starts the rolls: staged pool points go on the first roll; a combat with pool points left opens
 * a window, anything else goes straight on to the outcome.
 */
export function resolveRolls(
  state: RhylanorState,
  rolls: readonly RollRecord[],
  after: Continuation,
  dice: DiceSource,
): PersonalEvent[] {
  const events: PersonalEvent[] = [];
  let first = rolls;
  if (state.staged.length > 0 && rolls.length > 0) {
    let r = rolls[0] as RollRecord;
    for (const spend of state.staged) r = withPool(r, spend);
    first = [r, ...rolls.slice(1)];
    events.push({ type: 'pool.stagedUsed' });
  }
  const combat = state.combat;
  if (combat && SIDES.some((s) => combat.sides[s].pool > 0)) {
    events.push({ type: 'window.opened', rolls: first, after });
    return events;
  }
  return [...events, ...finish(fold(state, events), after, first, dice)];
}

/** The outcome of closed rolls. */
export function finish(
  state: RhylanorState,
  after: Continuation,
  rolls: readonly RollRecord[],
  dice: DiceSource,
): PersonalEvent[] {
  switch (after.kind) {
    case 'task': {
      const roll = rolls[0] as RollRecord;
      const c = state.characters[after.characterId];
      // Only a held skill ticks (§5 reading: unskilled success ticks nothing).
      const ticked =
        roll.success && after.skill !== null && c && skillLevel(c, after.skill) !== null ? after.skill : null;
      return [{ type: 'task.rolled', characterId: after.characterId, skill: after.skill, roll, ticked }];
    }
    case 'spot': {
      const roll = rolls[0] as RollRecord;
      return [
        {
          type: 'combat.spotted',
          side: after.side,
          spotterId: null,
          roll,
          success: roll.success,
          reason: roll.success ? 'spotted the enemy' : 'saw nothing',
        },
      ];
    }
    case 'morale': {
      const roll = rolls[0] as RollRecord;
      const side = state.combat?.sides[after.side];
      const rally = side?.morale === 'fled';
      return [
        {
          type: 'combat.moraleRolled',
          side: after.side,
          roll,
          result: roll.success ? 'steady' : 'fled',
          rally,
        },
      ];
    }
    case 'fire':
      return finishFire(state, after, rolls, dice);
    case 'melee':
      return finishMelee(state, after, rolls, dice);
    case 'wounds':
      return finishWounds(state, after, rolls);
  }
}

/** Armour a weapon meets: energy weapons read ablat's energy value, lasers Reflec's (§12.4 data). */
export function armourAgainst(
  armour: Armour | undefined,
  weapon: { energy?: boolean; laser?: boolean },
): number {
  if (!armour) return 0;
  let v = armour.value;
  if (weapon.energy && armour.vsEnergy !== undefined) v = Math.max(v, armour.vsEnergy);
  if (weapon.laser && armour.vsLasers !== undefined) v = Math.max(v, armour.vsLasers);
  return v;
}

function woundRoll(
  state: RhylanorState,
  target: Character,
  pen: number,
  weapon: { energy?: boolean; laser?: boolean },
  dice: DiceSource,
  name: string,
): RollRecord {
  const armour = target.armour ? state.pack.armour.find((a) => a.id === target.armour) : undefined;
  const value = armourAgainst(armour, weapon);
  const mods: Modifier[] = [{ source: `${name} Penetration`, value: pen }];
  if (value !== 0) mods.push({ source: `${armour?.name ?? 'armour'} armour`, value: -value });
  // The wound table has no target: `success` here only says "some wound" (total ≥ 4).
  return makeRoll(`wound roll on ${target.name}`, roll2d6(dice, `wound roll on ${target.name}`), mods, 4);
}

export function attackWounds(
  state: RhylanorState,
  attackerId: string,
  perTarget: readonly { targetId: string; hits: number }[],
  pen: number,
  weapon: { energy?: boolean; laser?: boolean },
  shift: -1 | 0 | 1,
  name: string,
  dice: DiceSource,
  crew: readonly CrewHit[] = [],
): PersonalEvent[] {
  // A vehicle's crew wounded by the same attack roll in the same volley (one window at a time).
  const rolls: RollRecord[] = crew.map((x) => x.roll);
  const hits: { targetId: string; shift: -1 | 0 | 1; attackerId: string }[] = crew.map((x) => x.hit);
  for (const t of perTarget) {
    const target = state.characters[t.targetId];
    if (!target) continue;
    for (let i = 0; i < t.hits; i++) {
      rolls.push(woundRoll(state, target, pen, weapon, dice, name));
      hits.push({ targetId: t.targetId, shift, attackerId });
    }
  }
  if (rolls.length === 0) return [];
  return resolveRolls(state, rolls, { kind: 'wounds', hits }, dice);
}

function weaponShift(w: Weapon): -1 | 0 | 1 {
  return w.explosiveContact && !w.fragmentation ? 1 : 0;
}

function finishFire(
  state: RhylanorState,
  after: Extract<Continuation, { kind: 'fire' }>,
  rolls: readonly RollRecord[],
  dice: DiceSource,
): PersonalEvent[] {
  const weapon = state.pack.weapons.find((w) => w.id === after.weaponId);
  if (!weapon) return [];
  const events: PersonalEvent[] = [];
  const perTarget: { targetId: string; hits: number }[] = [];
  after.targets.forEach((t, i) => {
    const roll = rolls[i] as RollRecord;
    const hits = hitsFrom(roll, t.cap);
    events.push({ type: 'combat.hits', attackerId: after.shooterId, targetId: t.targetId, hits, roll });
    if (hits > 0) perTarget.push({ targetId: t.targetId, hits });
    else if (weapon.deviationD6 > 0)
      events.push(deviation(state, after.shooterId, t.targetId, weapon.deviationD6, dice));
  });
  const s = fold(state, events);
  const onMachines = machineHits(s, perTarget, weapon, weaponShift(weapon), after.shooterId, dice);
  return [
    ...events,
    ...onMachines.events,
    ...attackWounds(
      fold(s, onMachines.events),
      after.shooterId,
      perTarget.filter((t) => !s.machines[t.targetId]),
      weapon.pen,
      weapon,
      weaponShift(weapon),
      weapon.name,
      dice,
      onMachines.crew,
    ),
  ];
}

/**
 * Hits on vehicles and robots go to their damage tables, not the wound table (§7.13, §7.14); a
 * vehicle's crew effects pick who aboard is hurt, and their wound rolls come back to join the
 * attack's own volley.
 */
export function machineHits(
  state: RhylanorState,
  perTarget: readonly { targetId: string; hits: number }[],
  weapon: { pen: number; energy?: boolean; laser?: boolean; name: string },
  shift: -1 | 0 | 1,
  attackerId: string,
  dice: DiceSource,
): { events: PersonalEvent[]; crew: CrewHit[] } {
  const damaged: PersonalEvent[] = [];
  for (const t of perTarget) {
    const machine = state.machines[t.targetId];
    if (machine && !machine.destroyed)
      damaged.push(...damageMachine(machine, weapon.pen, t.hits, dice, state.combat));
  }
  const crew = crewAttacks(
    state,
    damaged,
    shift,
    (id) => {
      const c = state.characters[id];
      return c ? woundRoll(state, c, weapon.pen, weapon, dice, weapon.name) : null;
    },
    attackerId,
    dice,
  );
  return { events: [...damaged, ...crew.events], crew: crew.hits };
}

/** Where a missed grenade lands (§7.11): 1d12 clock along the throw line, `n`d6 metres. */
export function deviation(
  state: RhylanorState,
  attackerId: string,
  targetId: string,
  nD6: number,
  dice: DiceSource,
): PersonalEvent {
  const clock = dice.roll(d(12), 'deviation direction');
  let metres = 0;
  for (let i = 0; i < nD6; i++) metres += dice.roll(D6, 'deviation distance');
  const from = state.combat?.combatants[attackerId];
  const to = state.combat?.combatants[targetId];
  const { x, y } = deviate(from ?? { x: 0, y: 0 }, to ?? { x: 0, y: 0 }, clock, metres);
  return { type: 'combat.deviated', attackerId, clock, metres, x, y };
}

/** A point `metres` from `to` in the clock direction, 12 o'clock pointing straight on beyond it. */
export function deviate(
  from: { x: number; y: number },
  to: { x: number; y: number },
  clock: number,
  metres: number,
): { x: number; y: number } {
  const base = Math.atan2(to.y - from.y, to.x - from.x);
  const angle = base + ((clock % 12) * Math.PI) / 6;
  return {
    x: Math.round((to.x + Math.cos(angle) * metres) * 10) / 10,
    y: Math.round((to.y + Math.sin(angle) * metres) * 10) / 10,
  };
}

function finishMelee(
  state: RhylanorState,
  after: Extract<Continuation, { kind: 'melee' }>,
  rolls: readonly RollRecord[],
  dice: DiceSource,
): PersonalEvent[] {
  const weapon = state.pack.melee.find((w) => w.id === after.weaponId);
  if (!weapon) return [];
  const hits = hitsFrom(rolls[0] as RollRecord, after.maxHits);
  const events: PersonalEvent[] = [
    {
      type: 'combat.hits',
      attackerId: after.attackerId,
      targetId: after.defenderId,
      hits,
      roll: rolls[0] as RollRecord,
    },
  ];
  if (hits === 0) return events;
  const shift = weapon.unarmed ? -1 : 0;
  return [
    ...events,
    ...attackWounds(
      state,
      after.attackerId,
      [{ targetId: after.defenderId, hits }],
      weapon.pen,
      {},
      shift,
      weapon.name,
      dice,
    ),
  ];
}

/** The wound a level leaves on this character now (Serious and worse take whatever End is left). */
export function woundFor(c: Character, level: WoundLevel, turn: number): Character['wounds'][number] {
  const effect = WOUND_EFFECTS[level];
  const endLost = effect.endLost ?? currentEnd(c);
  return {
    id: c.nextWoundId,
    level,
    endLost,
    penalty: effect.penalty,
    treated: false,
    attempted: false,
    turn,
  };
}

function finishWounds(
  state: RhylanorState,
  after: Extract<Continuation, { kind: 'wounds' }>,
  rolls: readonly RollRecord[],
): PersonalEvent[] {
  const turn = state.combat?.turn ?? 0;
  const events: PersonalEvent[] = [];
  let s = state;
  after.hits.forEach((hit, i) => {
    const roll = rolls[i] as RollRecord;
    const rolled = woundFromTotal(roll.total);
    const level = shiftWound(rolled, hit.shift);
    const target = s.characters[hit.targetId];
    if (!target) return;
    if (level === 'none') {
      events.push({ type: 'combat.unhurt', characterId: hit.targetId, roll });
      return;
    }
    const wound = woundFor(target, level, turn);
    const e: PersonalEvent = {
      type: 'character.wounded',
      characterId: hit.targetId,
      // A combat drug holds off up to two Lights or one Moderate until it ends (§8.3).
      wound: combatDrugHolds(target, level) ? { ...wound, deferred: true } : wound,
      rolled,
      shift: hit.shift,
      roll,
    };
    events.push(e);
    s = fold(s, [e]);
  });
  return [...events, ...moraleTriggers(state, s)];
}

/** Losses that start morale checks (25%), and a leader falling (−2 for two turns), §7.9. */
export function moraleTriggers(before: RhylanorState, after: RhylanorState): PersonalEvent[] {
  const combat = after.combat;
  if (!combat) return [];
  const events: PersonalEvent[] = [];
  for (const id of SIDES) {
    const side = combat.sides[id];
    if (!side.moraleChecking && casualtyFraction(after, id) >= MORALE.checkAtLossFraction) {
      events.push({ type: 'combat.moraleDue', side: id });
    }
    if (side.leaderId && leaderDown(after, side.leaderId) && !leaderDown(before, side.leaderId)) {
      events.push({ type: 'combat.leaderLost', side: id, turn: combat.turn });
    }
  }
  return events;
}

export function leaderDown(state: RhylanorState, id: string): boolean {
  const c = state.characters[id];
  if (!c) return true;
  return c.wounds.some((w) => !w.treated && ['serious', 'mortal', 'dead', 'destroyed'].includes(w.level));
}

/** Killed or wounded members (a light wound counts; a graze does not). */
export function casualtyFraction(state: RhylanorState, side: SideId): number {
  const members = state.combat?.sides[side].members ?? [];
  if (members.length === 0) return 0;
  let down = 0;
  for (const id of members) {
    const c = state.characters[id];
    if (c?.wounds.some((w) => w.level !== 'graze' && w.level !== 'none')) down++;
  }
  return down / members.length;
}
