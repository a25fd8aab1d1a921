import type { Character } from './character.ts';
import { TURN_SECONDS } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type Combat,
  type Combatant,
  pdKey,
  type RhylanorState,
  type SideId,
  withCharacter,
  withCombatant,
  withSide,
} from './state.ts';
import { withPool } from './task.ts';

/**
 * Folds one personal-half event into the state: no dice, no clock; copies only along the path
 * that changed. Record-only events (rolls whose effects follow as their own events) change nothing.
 */
export function evolvePersonal(state: RhylanorState, event: PersonalEvent): RhylanorState {
  switch (event.type) {
    case 'character.created':
      return {
        ...withCharacter(state, event.character),
        nextCharacter: state.nextCharacter + 1,
      };
    case 'character.updated':
      return patch(state, event.characterId, event.set);
    case 'character.skillGained': {
      const c = state.characters[event.characterId];
      if (!c) return state;
      const owed = c.cascadesOwed.indexOf(event.result);
      const cascadesOwed = owed < 0 ? c.cascadesOwed : c.cascadesOwed.filter((_, i) => i !== owed);
      return withCharacter(state, {
        ...c,
        skills: { ...c.skills, [event.skill]: event.level },
        cascadesOwed,
      });
    }
    case 'character.advancementRolled': {
      const c = state.characters[event.characterId];
      if (!c) return state;
      const ticks = c.ticks.filter((t) => t !== event.skill);
      const skills = event.rose ? { ...c.skills, [event.skill]: event.from + 1 } : c.skills;
      return withCharacter(state, { ...c, ticks, skills, advancesOwed: Math.max(0, c.advancesOwed - 1) });
    }
    case 'chargen.rolled': {
      const c = state.characters[event.characterId];
      if (!c || event.extraSkillRolls === 0) return state;
      return withCharacter(state, { ...c, skillRollsOwed: c.skillRollsOwed + event.extraSkillRolls });
    }
    case 'chargen.skillRolled': {
      const c = state.characters[event.characterId];
      if (!c) return state;
      return withCharacter(state, {
        ...c,
        skillRollsOwed: event.extra ? Math.max(0, c.skillRollsOwed - 1) : c.skillRollsOwed,
        cascadesOwed: event.cascade ? [...c.cascadesOwed, event.result] : c.cascadesOwed,
      });
    }
    case 'task.rolled': {
      const c = state.characters[event.characterId];
      if (!c || event.ticked === null || c.ticks.includes(event.ticked)) return state;
      return withCharacter(state, { ...c, ticks: [...c.ticks, event.ticked] });
    }
    case 'pack.loaded':
      return { ...state, pack: event.pack };
    case 'window.opened':
      return { ...state, window: { rolls: event.rolls, passed: [], after: event.after } };
    case 'pool.spent': {
      const combat = spendPool(state.combat, event.side, Math.abs(event.delta));
      if (event.rollIndex === null) {
        return {
          ...state,
          combat,
          staged: [...state.staged, { side: event.side, delta: event.delta, when: 'before' }],
        };
      }
      const w = state.window;
      if (!w) return { ...state, combat };
      const rolls = w.rolls.map((r, i) =>
        i === event.rollIndex ? withPool(r, { side: event.side, delta: event.delta, when: 'after' }) : r,
      );
      // A spend lets every side answer the new total: passes so far no longer count.
      return { ...state, combat, window: { ...w, rolls, passed: [] } };
    }
    case 'pool.stagedUsed':
      return { ...state, staged: [] };
    case 'pool.passed': {
      const w = state.window;
      if (!w || w.passed.includes(event.side)) return state;
      return { ...state, window: { ...w, passed: [...w.passed, event.side] } };
    }
    case 'window.closed':
      return { ...state, window: null };
    case 'combat.started':
      return { ...state, combat: event.combat, window: null, staged: [] };
    case 'combat.spotted':
      return onCombat(state, (c) => ({ ...c, spotted: { ...c.spotted, [event.side]: event.success } }));
    case 'combat.rolledOff':
      return onCombat(state, (c) => ({ ...c, chooser: event.chooser }));
    case 'combat.ordered':
      return onCombat(state, (c) => ({
        ...c,
        stage: 'turns',
        intruder: event.intruder,
        surprise: event.surprise,
        phasing: event.surprise ?? event.intruder,
        phase: 'movement',
        turn: event.surprise ? 0 : 1,
        acted: {},
      }));
    case 'combat.moved': {
      // A second move in one turn (the slow drug) is kept under `<id>:movedAgain`.
      const again = state.combat?.combatants[event.id]?.optionTurn === state.combat?.turn;
      const moved = again
        ? onCombat(state, (c) => ({ ...c, acted: { ...c.acted, [`${event.id}:movedAgain`]: true } }))
        : state;
      // His move answers a failed graze check's turn of evading.
      return onCombatant(moved, event.id, ({ mustEvade: _done, ...m }, c) => ({
        ...m,
        x: event.x,
        y: event.y,
        option: event.option,
        optionTurn: c.turn,
        reloading: event.reloading,
        handhold: event.handhold,
        contacts: event.contacts,
      }));
    }
    case 'combat.controlRolled':
      return onCombatant(state, event.id, (m, c) => ({
        ...m,
        tumbling: event.tumbling,
        controlTurn: c.turn,
      }));
    case 'combat.fired': {
      const withAmmo = ammoSpent(state, event.shooterId, event.weaponIndex, event.rounds);
      return onCombat(withAmmo, (c) => ({ ...c, acted: actedOnce(c.acted, event.shooterId) }));
    }
    case 'combat.meleeStruck': {
      const s = onCombatant(state, event.attackerId, (m) => ({ ...m, contacts: event.contacts }));
      return onCombat(s, (c) => ({ ...c, acted: actedOnce(c.acted, event.attackerId) }));
    }
    case 'combat.hits':
    case 'combat.unhurt':
    case 'combat.deviated':
      return state;
    case 'character.wounded': {
      const c = state.characters[event.characterId];
      if (!c) return state;
      return withCharacter(state, {
        ...c,
        // The game time it was taken, for a mortal wound's clock (§8.1).
        wounds: [
          ...c.wounds,
          event.wound.at === undefined ? { ...event.wound, at: state.time } : event.wound,
        ],
        nextWoundId: event.wound.id + 1,
      });
    }
    case 'combat.phaseChanged': {
      // Each new combat turn is 15 s of game time (§7.1): drugs and clocks run with it.
      const turns = state.combat ? Math.max(0, event.turn - state.combat.turn) : 0;
      const timed = turns > 0 ? { ...state, time: state.time + turns * TURN_SECONDS } : state;
      return onCombat(timed, (c) => ({
        ...c,
        turn: event.turn,
        phasing: event.phasing,
        phase: event.phase,
        acted: {},
        surprise: event.turn >= 1 ? null : c.surprise,
      }));
    }
    case 'combat.reloaded': {
      const robot = state.machines[event.id];
      if (robot) {
        // A robot's reload: the slot's load is full again and one spare load is used.
        const reloads = slotList(robot.reloads, event.weaponIndex, (n) => n + 1);
        const spent = slotList(robot.spent, event.weaponIndex, () => 0);
        const s = { ...state, machines: { ...state.machines, [robot.id]: { ...robot, spent, reloads } } };
        return onCombatant(s, event.id, (m) => ({ ...m, reloading: null }));
      }
      const c = state.characters[event.id];
      const w = c?.weapons[event.weaponIndex];
      if (!c || !w) return state;
      const magazine = state.pack.weapons.find((x) => x.id === w.weaponId)?.magazine ?? w.loaded;
      const weapons = c.weapons.map((x, i) =>
        i === event.weaponIndex ? { ...x, loaded: magazine, spare: Math.max(0, x.spare - 1) } : x,
      );
      const s = withCharacter(state, { ...c, weapons });
      return onCombatant(s, event.id, (m) => ({ ...m, reloading: null }));
    }
    case 'combat.moraleDue':
      return onSide(state, event.side, (s) => ({ ...s, moraleChecking: true }));
    case 'combat.leaderLost':
      return onSide(state, event.side, (s) => ({ ...s, leaderLostTurn: event.turn }));
    case 'combat.moraleRolled': {
      const s = onSide(state, event.side, (x) => ({
        ...x,
        morale: event.result,
        moraleChecks: event.rally ? x.moraleChecks : x.moraleChecks + 1,
      }));
      return onCombat(s, (c) => ({ ...c, acted: { ...c.acted, [`morale:${event.side}`]: true } }));
    }
    case 'combat.positioned':
      return onCombatant(state, event.id, (m) => ({
        ...m,
        ...(event.x === undefined ? {} : { x: event.x }),
        ...(event.y === undefined ? {} : { y: event.y }),
        ...(event.cover === undefined ? {} : { cover: event.cover }),
        ...(event.fullCover === undefined ? {} : { fullCover: event.fullCover }),
        ...(event.concealed === undefined ? {} : { concealed: event.concealed }),
        ...(event.tumbling === undefined ? {} : { tumbling: event.tumbling }),
        ...(event.activity === undefined ? {} : { activity: event.activity as Combatant['activity'] }),
      }));
    case 'combat.steadied':
      return event.holds ? state : onCombatant(state, event.characterId, (m) => ({ ...m, mustEvade: true }));
    case 'combat.sought':
      return onCombat(state, (c) => ({ ...c, acted: { ...c.acted, [`seek:${event.seekerId}`]: true } }));
    case 'combat.indirectCalled':
      return onCombat(state, (c) => ({
        ...c,
        indirect: [...c.indirect, event.call],
        nextCallId: event.call.id + 1,
      }));
    case 'combat.indirectLanded':
      return onCombat(state, (c) => ({ ...c, indirect: c.indirect.filter((x) => x.id !== event.callId) }));
    case 'combat.coverPlaced':
      return onCombat(state, (c) => ({
        ...c,
        coverMap: [...(c.coverMap ?? []), event.area],
        nextCoverId: event.area.id + 1,
      }));
    case 'combat.coverRemoved':
      return onCombat(state, (c) => ({
        ...c,
        coverMap: (c.coverMap ?? []).filter((a) => a.id !== event.coverId),
      }));
    case 'combat.ended':
      return { ...state, combat: null, window: null, staged: [] };
    case 'medic.treated':
    case 'medic.preserved':
      return patch(state, event.patientId, { wounds: event.wounds });
    case 'machine.added':
      return { ...state, machines: { ...state.machines, [event.machine.id]: event.machine } };
    case 'machine.damaged':
    case 'machine.repaired': {
      const m = state.machines[event.machineId];
      if (!m) return state;
      const next =
        event.type === 'machine.damaged'
          ? {
              ...m,
              damage: event.damage,
              destroyed: event.destroyed,
              inert: event.inert,
              ...(event.lostTurns ? { lostTurns: event.lostTurns } : {}),
            }
          : { ...m, damage: event.damage };
      return { ...state, machines: { ...state.machines, [m.id]: next } };
    }
    case 'machine.boarded': {
      const m = state.machines[event.machineId];
      if (!m) return state;
      const riders = [...(m.riders ?? []), { characterId: event.characterId, seat: event.seat }];
      const s = { ...state, machines: { ...state.machines, [m.id]: { ...m, riders } } };
      const at = state.combat?.combatants[m.id];
      if (!at) return s;
      // Getting in is his move; inside a closed vehicle no one can aim at him (§7.13: only exposed crew are shot).
      const openTop = state.pack.vehicles.find((v) => v.id === m.packId)?.openTop ?? false;
      return onCombatant(s, event.characterId, (man, c) => ({
        ...man,
        x: at.x,
        y: at.y,
        option: 'walk',
        optionTurn: c.turn,
        fullCover: !openTop,
      }));
    }
    case 'machine.reseated': {
      const m = state.machines[event.machineId];
      if (!m) return state;
      const riders = (m.riders ?? []).map((r) =>
        r.characterId === event.characterId ? { ...r, seat: event.seat } : r,
      );
      return { ...state, machines: { ...state.machines, [m.id]: { ...m, riders } } };
    }
    case 'machine.alighted': {
      const m = state.machines[event.machineId];
      if (!m) return state;
      const riders = (m.riders ?? []).filter((r) => r.characterId !== event.characterId);
      return stepOut({ ...state, machines: { ...state.machines, [m.id]: { ...m, riders } } }, event);
    }
    case 'machine.crewAttacked': {
      // Those who got clear of an explosion are out of the wreck, where it stood.
      if (!event.escapes) return state;
      const m = state.machines[event.machineId];
      if (!m) return state;
      const at = state.combat?.combatants[m.id];
      let s: RhylanorState = { ...state, machines: { ...state.machines, [m.id]: { ...m, riders: [] } } };
      for (const x of event.escapes)
        s = stepOut(s, { characterId: x.characterId, ...(at ? { x: at.x, y: at.y } : {}) });
      return s;
    }
    case 'research.started':
      return { ...state, research: { ...state.research, [event.research.id]: event.research } };
    case 'research.rolled': {
      const r = state.research[event.researchId];
      if (!r) return state;
      return {
        ...state,
        research: { ...state.research, [r.id]: { ...r, successes: event.successes, done: event.done } },
      };
    }
    case 'intrusion.rolled':
      return event.jammedLock === undefined || state.jammedLocks.includes(event.jammedLock)
        ? state
        : { ...state, jammedLocks: [...state.jammedLocks, event.jammedLock] };
    case 'time.passed':
      return { ...state, time: event.now };
    case 'combat.vehicleJoined':
      return onCombat(state, (c) => withCombatant(c, event.combatant));
    case 'combat.driven': {
      const s = onCombatant(state, event.id, (m, c) => ({
        ...m,
        x: event.x,
        y: event.y,
        activity: event.activity,
        // Return fire reads Stand as "did not move" (§7.7).
        option: event.moved ? 'walk' : 'stand',
        optionTurn: c.turn,
      }));
      // Those aboard go where it goes.
      let out = s;
      for (const r of state.machines[event.id]?.riders ?? [])
        out = onCombatant(out, r.characterId, (m) => ({ ...m, x: event.x, y: event.y }));
      return out;
    }
    case 'combat.vehicleFired':
      return onCombat(spendRounds(state, event.machineId, event.slot, event.rounds), (c) => ({
        ...c,
        acted: { ...c.acted, [`${event.machineId}#${event.slot}`]: true },
      }));
    case 'combat.bombed': {
      const m = state.machines[event.machineId];
      const s = m
        ? {
            ...state,
            machines: { ...state.machines, [m.id]: { ...m, bombsDropped: (m.bombsDropped ?? 0) + 1 } },
          }
        : state;
      return onCombat(s, (c) => ({ ...c, acted: { ...c.acted, [`bomb:${event.machineId}`]: true } }));
    }
    case 'combat.dogfought':
      return onCombat(state, (c) => ({
        ...c,
        acted: { ...c.acted, [`dogfight:${event.attackerId}`]: true },
        dogfights: [
          ...(c.dogfights ?? []),
          {
            attackerId: event.attackerId,
            targetId: event.targetId,
            turn: c.turn,
            phase: c.phase,
            won: event.won,
          },
        ],
      }));
    case 'combat.pointDefended': {
      // Logs from before vehicle ammunition was counted carry no slot: nothing to take off.
      if (event.slot === undefined) return state;
      const slot = event.slot;
      return onCombat(spendRounds(state, event.machineId, slot, event.rounds ?? 0), (c) => ({
        ...c,
        acted: { ...c.acted, [pdKey(event.machineId, slot)]: true },
      }));
    }
    case 'combat.pointDefenceSet': {
      const m = state.machines[event.machineId];
      if (!m) return state;
      const others = (m.pointDefence ?? []).filter((p) => p.slot !== event.slot);
      const pointDefence = event.on
        ? [...others, { slot: event.slot, covers: event.covers ?? { kind: 'self' as const } }]
        : others;
      const next = { ...state, machines: { ...state.machines, [m.id]: { ...m, pointDefence } } };
      return onCombat(next, (c) => ({ ...c, acted: { ...c.acted, [`pdset:${m.id}#${event.slot}`]: true } }));
    }
    case 'combat.vehicleReloaded': {
      const m = state.machines[event.machineId];
      if (!m) return state;
      const reloads = slotList(m.reloads, event.slot, (n) => n + 1);
      const spent = slotList(m.spent, event.slot, () => 0);
      const next = { ...state, machines: { ...state.machines, [m.id]: { ...m, spent, reloads } } };
      return onCombat(next, (c) => ({ ...c, acted: { ...c.acted, [`reload:${m.id}#${event.slot}`]: true } }));
    }
    case 'clock.deathRolled': {
      const c = state.characters[event.characterId];
      if (!c) return state;
      const wounds = c.wounds.map((w) => (w.id === event.woundId ? { ...w, diesAt: event.diesAt } : w));
      return withCharacter(state, { ...c, wounds });
    }
    case 'drug.taken': {
      const c = state.characters[event.characterId];
      if (!c) return state;
      return withCharacter(state, { ...c, drugs: [...(c.drugs ?? []), event.dose] });
    }
    case 'drug.changed': {
      const c = state.characters[event.characterId];
      if (!c?.drugs) return state;
      const drugs = c.drugs.map((d, i) => (i === event.index ? { ...d, stage: event.stage } : d));
      return withCharacter(state, { ...c, drugs });
    }
  }
}

/** One more attack this phase: a second one (slow drug, §8.3) is kept under `<id>:again`. */
export function actedOnce(acted: Combat['acted'], id: string): Combat['acted'] {
  return acted[id] ? { ...acted, [`${id}:again`]: true } : { ...acted, [id]: true };
}

function patch(state: RhylanorState, id: string, set: Partial<Character>): RhylanorState {
  const c = state.characters[id];
  if (!c) return state;
  return withCharacter(state, { ...c, ...set });
}

/** A per-slot list with one slot changed (missing slots count 0). */
function slotList(list: readonly number[] | undefined, slot: number, f: (n: number) => number): number[] {
  const out = [...(list ?? [])];
  while (out.length <= slot) out.push(0);
  out[slot] = f(out[slot] ?? 0);
  return out;
}

/** A vehicle weapon's rounds taken off its load (§7.7). */
function spendRounds(state: RhylanorState, machineId: string, slot: number, rounds: number): RhylanorState {
  const m = state.machines[machineId];
  if (!m || rounds === 0) return state;
  const spent = slotList(m.spent, slot, (n) => n + rounds);
  return { ...state, machines: { ...state.machines, [m.id]: { ...m, spent } } };
}

/** A man out of a vehicle stands where he got out, in the open again (his move for the turn). */
function stepOut(state: RhylanorState, e: { characterId: string; x?: number; y?: number }): RhylanorState {
  return onCombatant(state, e.characterId, (man, c) => ({
    ...man,
    x: e.x ?? man.x,
    y: e.y ?? man.y,
    option: 'walk',
    optionTurn: c.turn,
    fullCover: false,
  }));
}

function onCombat(state: RhylanorState, f: (c: Combat) => Combat): RhylanorState {
  return state.combat ? { ...state, combat: f(state.combat) } : state;
}

function onCombatant(
  state: RhylanorState,
  id: string,
  f: (m: Combatant, c: Combat) => Combatant,
): RhylanorState {
  const combat = state.combat;
  const m = combat?.combatants[id];
  if (!combat || !m) return state;
  return { ...state, combat: withCombatant(combat, f(m, combat)) };
}

function onSide(
  state: RhylanorState,
  id: SideId,
  f: (s: Combat['sides'][SideId]) => Combat['sides'][SideId],
) {
  const combat = state.combat;
  if (!combat) return state;
  return { ...state, combat: withSide(combat, f(combat.sides[id])) };
}

function spendPool(combat: Combat | null, side: SideId, points: number): Combat | null {
  if (!combat) return combat;
  const s = combat.sides[side];
  return withSide(combat, { ...s, pool: Math.max(0, s.pool - points) });
}

function ammoSpent(state: RhylanorState, id: string, index: number, rounds: number): RhylanorState {
  // A robot's weapon keeps its rounds on its machine record, as a vehicle's slots do.
  if (state.machines[id]) return spendRounds(state, id, index, rounds);
  const c = state.characters[id];
  const w = c?.weapons[index];
  if (!c || !w) return state;
  const weapons = c.weapons.map((x, i) =>
    i === index ? { ...x, loaded: Math.max(0, x.loaded - rounds) } : x,
  );
  return withCharacter(state, { ...c, weapons });
}
