import type { Character } from './character.ts';
import { TURN_SECONDS } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type Combat,
  type Combatant,
  type Machine,
  pdKey,
  type RhylanorState,
  type Side,
  type SideId,
} from './state.ts';
import { withPool } from './task.ts';

/**
 * Folding personal-half events into the state: no dice, no clock. One implementation, two ways to
 * write (as space combat's `evolveSpace`): `evolvePersonal` copies only the records an event
 * touches (a character, the fight, a side, a combatant, a machine) and shares the rest, for the
 * table's log; `evolvePersonalInPlace` edits the simulator's own working record (`workingCopy`),
 * with no copy per event. Both run `apply` below. Record-only events (rolls whose effects follow
 * as their own events) change nothing.
 *
 * The rule that makes writing in place safe: only those records are ever edited; anything inside
 * them (a character's wounds and weapons, a combatant's contacts, the open window) is replaced,
 * never changed, so it may be shared with events and with earlier states.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MState = Mutable<RhylanorState>;
type MCharacter = Mutable<Character>;
type MCombat = Mutable<Combat>;
type MCombatant = Mutable<Combatant>;
type MSide = Mutable<Side>;
type MMachine = Mutable<Machine>;

interface Writer {
  /** The state as this event has left it so far (for reading). */
  readonly now: RhylanorState;
  /** The top-level record, to set its fields. */
  top(): MState;
  character(id: string): MCharacter | undefined;
  combat(): MCombat | undefined;
  combatant(id: string): MCombatant | undefined;
  side(id: SideId): MSide | undefined;
  machine(id: string): MMachine | undefined;
  /** New records from an event: a character, a machine, a fight, a combatant joining it. */
  putCharacter(c: Character): void;
  putMachine(m: Machine): void;
  putCombatant(m: Combatant): void;
  setCombat(c: Combat | null): void;
}

/** Copy-on-write: each record is copied at most once per event; an event that changes nothing keeps the state. */
class CopyingWriter implements Writer {
  private out: MState | null = null;
  private readonly copied = new Set<object>();
  constructor(private readonly base: RhylanorState) {}
  get now(): RhylanorState {
    return this.out ?? this.base;
  }
  result(): RhylanorState {
    return this.out ?? this.base;
  }
  top(): MState {
    if (!this.out) this.out = { ...this.base };
    return this.out;
  }
  private fresh<T extends object>(x: T): T {
    const c = { ...x };
    this.copied.add(c);
    return c;
  }
  private characters(): Record<string, Character> {
    const s = this.top();
    if (!this.copied.has(s.characters)) s.characters = this.fresh(s.characters);
    return s.characters as Record<string, Character>;
  }
  character(id: string): MCharacter | undefined {
    const found = this.now.characters[id];
    if (!found) return undefined;
    if (this.copied.has(found)) return found;
    const c = this.fresh(found);
    this.characters()[id] = c;
    return c;
  }
  combat(): MCombat | undefined {
    const found = this.now.combat;
    if (!found) return undefined;
    if (this.copied.has(found)) return found;
    const c = this.fresh(found);
    this.top().combat = c;
    return c;
  }
  private combatants(): Record<string, Combatant> | undefined {
    const c = this.combat();
    if (!c) return undefined;
    if (!this.copied.has(c.combatants)) c.combatants = this.fresh(c.combatants);
    return c.combatants as Record<string, Combatant>;
  }
  combatant(id: string): MCombatant | undefined {
    const found = this.now.combat?.combatants[id];
    if (!found) return undefined;
    if (this.copied.has(found)) return found;
    const m = this.fresh(found);
    (this.combatants() as Record<string, Combatant>)[id] = m;
    return m;
  }
  side(id: SideId): MSide | undefined {
    const found = this.now.combat?.sides[id];
    if (!found) return undefined;
    if (this.copied.has(found)) return found;
    const c = this.combat() as MCombat;
    if (!this.copied.has(c.sides)) c.sides = this.fresh(c.sides);
    const s = this.fresh(found);
    (c.sides as Record<SideId, Side>)[id] = s;
    return s;
  }
  private machines(): Record<string, Machine> {
    const s = this.top();
    if (!this.copied.has(s.machines)) s.machines = this.fresh(s.machines);
    return s.machines as Record<string, Machine>;
  }
  machine(id: string): MMachine | undefined {
    const found = this.now.machines[id];
    if (!found) return undefined;
    if (this.copied.has(found)) return found;
    const m = this.fresh(found);
    this.machines()[id] = m;
    return m;
  }
  putCharacter(c: Character): void {
    this.characters()[c.id] = c;
  }
  putMachine(m: Machine): void {
    this.machines()[m.id] = m;
  }
  putCombatant(m: Combatant): void {
    const all = this.combatants();
    if (all) all[m.id] = m;
  }
  setCombat(c: Combat | null): void {
    this.top().combat = c;
  }
}

/**
 * Writes straight into the record (the simulator owns it and never shares it). A record an event
 * brings is copied as it comes in, so a later edit never reaches the event.
 */
class InPlaceWriter implements Writer {
  constructor(private readonly s: MState) {}
  get now(): RhylanorState {
    return this.s;
  }
  top(): MState {
    return this.s;
  }
  character(id: string): MCharacter | undefined {
    return this.s.characters[id];
  }
  combat(): MCombat | undefined {
    return this.s.combat ?? undefined;
  }
  combatant(id: string): MCombatant | undefined {
    return this.s.combat?.combatants[id];
  }
  side(id: SideId): MSide | undefined {
    return this.s.combat?.sides[id];
  }
  machine(id: string): MMachine | undefined {
    return this.s.machines[id];
  }
  putCharacter(c: Character): void {
    (this.s.characters as Record<string, Character>)[c.id] = { ...c };
  }
  putMachine(m: Machine): void {
    (this.s.machines as Record<string, Machine>)[m.id] = { ...m };
  }
  putCombatant(m: Combatant): void {
    const c = this.s.combat;
    if (c) (c.combatants as Record<string, Combatant>)[m.id] = { ...m };
  }
  setCombat(c: Combat | null): void {
    this.s.combat = c && ownCombat(c);
  }
}

function ownCombat(c: Combat): Combat {
  const combatants: Record<string, Combatant> = {};
  for (const id in c.combatants) combatants[id] = { ...(c.combatants[id] as Combatant) };
  return { ...c, sides: { a: { ...c.sides.a }, b: { ...c.sides.b } }, combatants };
}

/** Folds one event into a new state, copying only what it touches (the table's log, replay, decide). */
export function evolvePersonal(state: RhylanorState, event: PersonalEvent): RhylanorState {
  const w = new CopyingWriter(state);
  apply(w, event);
  return w.result();
}

/** The simulator's fold: edits `state` itself, which must be the caller's own (see `workingCopy`). */
export function evolvePersonalInPlace(state: RhylanorState, event: PersonalEvent): void {
  apply(new InPlaceWriter(state as MState), event);
}

/**
 * A working record the simulator may edit in place: the records the fold edits (the state, each
 * character, the fight, its sides and combatants, each machine) are copied; everything inside
 * them, the pack and the space half are shared, since the fold only ever replaces those.
 */
export function workingCopy<S extends RhylanorState>(state: S): S {
  const characters: Record<string, Character> = {};
  for (const id in state.characters) characters[id] = { ...(state.characters[id] as Character) };
  const machines: Record<string, Machine> = {};
  for (const id in state.machines) machines[id] = { ...(state.machines[id] as Machine) };
  return { ...state, characters, machines, combat: state.combat && ownCombat(state.combat) };
}

function apply(w: Writer, event: PersonalEvent): void {
  switch (event.type) {
    case 'character.created': {
      w.putCharacter(event.character);
      const s = w.top();
      s.nextCharacter = s.nextCharacter + 1;
      return;
    }
    case 'character.updated': {
      const c = w.character(event.characterId);
      if (c) Object.assign(c, event.set);
      return;
    }
    case 'character.skillGained': {
      const c = w.character(event.characterId);
      if (!c) return;
      const owed = c.cascadesOwed.indexOf(event.result);
      c.skills = { ...c.skills, [event.skill]: event.level };
      if (owed >= 0) c.cascadesOwed = c.cascadesOwed.filter((_, i) => i !== owed);
      return;
    }
    case 'character.advancementRolled': {
      const c = w.character(event.characterId);
      if (!c) return;
      c.ticks = c.ticks.filter((t) => t !== event.skill);
      if (event.rose) c.skills = { ...c.skills, [event.skill]: event.from + 1 };
      c.advancesOwed = Math.max(0, c.advancesOwed - 1);
      return;
    }
    case 'chargen.rolled': {
      const c = w.character(event.characterId);
      if (!c) return;
      // Special duty once a term (§3.1); a term ends with its re-enlistment roll.
      if (event.kind === 'specialDuty') c.specialDutyThisTerm = true;
      else if (event.kind === 'reenlist' && c.specialDutyThisTerm) c.specialDutyThisTerm = false;
      if (event.fieldTerm) c.fieldTermsOwed = (c.fieldTermsOwed ?? 0) + 1;
      if (event.extraSkillRolls === 0) return;
      c.skillRollsOwed = c.skillRollsOwed + event.extraSkillRolls;
      if (event.kind === 'specialDuty')
        c.specialDutyRollsOwed = (c.specialDutyRollsOwed ?? 0) + event.extraSkillRolls;
      return;
    }
    case 'chargen.skillRolled': {
      const c = w.character(event.characterId);
      if (!c) return;
      if (event.extra) {
        c.skillRollsOwed = Math.max(0, c.skillRollsOwed - 1);
        // Another career's table spends a special-duty roll; one's own spends a high result's
        // first, keeping the special-duty rolls' wider choice (§3.1).
        const special = (c.specialDutyRollsOwed ?? 0) - (event.career !== c.career ? 1 : 0);
        if (c.specialDutyRollsOwed !== undefined)
          c.specialDutyRollsOwed = Math.max(0, Math.min(special, c.skillRollsOwed));
      }
      if (event.cascade) c.cascadesOwed = [...c.cascadesOwed, event.result];
      return;
    }
    case 'chargen.fieldGained': {
      const c = w.character(event.characterId);
      if (!c) return;
      c.field = event.field;
      c.skills = { ...c.skills, [event.field]: event.level };
      c.fieldTermsOwed = Math.max(0, (c.fieldTermsOwed ?? 0) - 1);
      return;
    }
    case 'task.rolled': {
      const ticked = event.ticked;
      const now = w.now.characters[event.characterId];
      if (!now || ticked === null || now.ticks.includes(ticked)) return;
      const c = w.character(event.characterId) as MCharacter;
      c.ticks = [...c.ticks, ticked];
      return;
    }
    case 'pack.loaded':
      w.top().pack = event.pack;
      return;
    case 'window.opened':
      w.top().window = { rolls: event.rolls, passed: [], after: event.after };
      return;
    case 'pool.spent': {
      spendPool(w, event.side, Math.abs(event.delta));
      const s = w.top();
      if (event.rollIndex === null) {
        s.staged = [...s.staged, { side: event.side, delta: event.delta, when: 'before' }];
        return;
      }
      const win = s.window;
      if (!win) return;
      const rolls = win.rolls.map((r, i) =>
        i === event.rollIndex ? withPool(r, { side: event.side, delta: event.delta, when: 'after' }) : r,
      );
      // A spend lets every side answer the new total: passes so far no longer count.
      s.window = { ...win, rolls, passed: [] };
      return;
    }
    case 'pool.stagedUsed':
      w.top().staged = [];
      return;
    case 'pool.passed': {
      const win = w.now.window;
      if (!win || win.passed.includes(event.side)) return;
      w.top().window = { ...win, passed: [...win.passed, event.side] };
      return;
    }
    case 'window.closed':
      w.top().window = null;
      return;
    case 'combat.started': {
      w.setCombat(event.combat);
      const s = w.top();
      s.window = null;
      s.staged = [];
      return;
    }
    case 'combat.spotted': {
      const c = w.combat();
      if (c) c.spotted = { ...c.spotted, [event.side]: event.success };
      return;
    }
    case 'combat.rolledOff': {
      const c = w.combat();
      if (c) c.chooser = event.chooser;
      return;
    }
    case 'combat.ordered': {
      const c = w.combat();
      if (!c) return;
      c.stage = 'turns';
      c.intruder = event.intruder;
      c.surprise = event.surprise;
      c.phasing = event.surprise ?? event.intruder;
      c.phase = 'movement';
      c.turn = event.surprise ? 0 : 1;
      c.acted = {};
      return;
    }
    case 'combat.moved': {
      const combat = w.now.combat;
      const before = combat?.combatants[event.id];
      if (!combat || !before) return;
      // A second move in one turn (the slow drug) is kept under `<id>:movedAgain`.
      if (before.optionTurn === combat.turn) {
        const c = w.combat() as MCombat;
        c.acted = { ...c.acted, [`${event.id}:movedAgain`]: true };
      }
      const m = w.combatant(event.id) as MCombatant;
      // His move answers a failed graze check's turn of evading.
      if (m.mustEvade !== undefined) delete m.mustEvade;
      m.x = event.x;
      m.y = event.y;
      m.option = event.option;
      m.optionTurn = (w.now.combat as Combat).turn;
      m.reloading = event.reloading;
      m.handhold = event.handhold;
      m.contacts = event.contacts;
      return;
    }
    case 'combat.controlRolled': {
      const m = w.combatant(event.id);
      if (!m) return;
      m.tumbling = event.tumbling;
      m.controlTurn = (w.now.combat as Combat).turn;
      return;
    }
    case 'combat.fired':
      ammoSpent(w, event.shooterId, event.weaponIndex, event.rounds);
      actedOnce(w, event.shooterId);
      return;
    case 'combat.meleeStruck': {
      const m = w.combatant(event.attackerId);
      if (m) m.contacts = event.contacts;
      actedOnce(w, event.attackerId);
      return;
    }
    case 'combat.hits':
    case 'combat.unhurt':
    case 'combat.deviated':
      return;
    case 'character.wounded': {
      const c = w.character(event.characterId);
      if (!c) return;
      // The game time it was taken, for a mortal wound's clock (§8.1).
      const wound = event.wound.at === undefined ? { ...event.wound, at: w.now.time } : event.wound;
      c.wounds = [...c.wounds, wound];
      c.nextWoundId = event.wound.id + 1;
      return;
    }
    case 'combat.phaseChanged': {
      // Each new combat turn is 15 s of game time (§7.1): drugs and clocks run with it.
      const now = w.now.combat;
      if (!now) return;
      const turns = Math.max(0, event.turn - now.turn);
      if (turns > 0) {
        const s = w.top();
        s.time = s.time + turns * TURN_SECONDS;
      }
      const c = w.combat() as MCombat;
      c.turn = event.turn;
      c.phasing = event.phasing;
      c.phase = event.phase;
      c.acted = {};
      if (event.turn >= 1) c.surprise = null;
      return;
    }
    case 'combat.reloaded': {
      const robot = w.now.machines[event.id];
      if (robot) {
        // A robot's reload: the slot's load is full again and one spare load is used.
        const m = w.machine(event.id) as MMachine;
        m.spent = slotList(robot.spent, event.weaponIndex, () => 0);
        m.reloads = slotList(robot.reloads, event.weaponIndex, (n) => n + 1);
        notReloading(w, event.id);
        return;
      }
      const now = w.now.characters[event.id];
      const carried = now?.weapons[event.weaponIndex];
      if (!now || !carried) return;
      const magazine = w.now.pack.weapons.find((x) => x.id === carried.weaponId)?.magazine ?? carried.loaded;
      const c = w.character(event.id) as MCharacter;
      c.weapons = c.weapons.map((x, i) =>
        i === event.weaponIndex ? { ...x, loaded: magazine, spare: Math.max(0, x.spare - 1) } : x,
      );
      notReloading(w, event.id);
      return;
    }
    case 'combat.moraleDue': {
      const s = w.side(event.side);
      if (s) s.moraleChecking = true;
      return;
    }
    case 'combat.leaderLost': {
      const s = w.side(event.side);
      if (s) s.leaderLostTurn = event.turn;
      return;
    }
    case 'combat.moraleRolled': {
      const s = w.side(event.side);
      if (!s) return;
      s.morale = event.result;
      if (!event.rally) s.moraleChecks = s.moraleChecks + 1;
      const c = w.combat() as MCombat;
      c.acted = { ...c.acted, [`morale:${event.side}`]: true };
      return;
    }
    case 'combat.positioned': {
      const m = w.combatant(event.id);
      if (!m) return;
      if (event.x !== undefined) m.x = event.x;
      if (event.y !== undefined) m.y = event.y;
      if (event.cover !== undefined) m.cover = event.cover;
      if (event.fullCover !== undefined) m.fullCover = event.fullCover;
      if (event.concealed !== undefined) m.concealed = event.concealed;
      if (event.tumbling !== undefined) m.tumbling = event.tumbling;
      if (event.activity !== undefined) m.activity = event.activity as Combatant['activity'];
      return;
    }
    case 'combat.steadied': {
      if (event.holds) return;
      const m = w.combatant(event.characterId);
      if (m) m.mustEvade = true;
      return;
    }
    case 'combat.sought':
      markActed(w, `seek:${event.seekerId}`);
      return;
    case 'combat.indirectCalled': {
      const c = w.combat();
      if (!c) return;
      c.indirect = [...c.indirect, event.call];
      c.nextCallId = event.call.id + 1;
      return;
    }
    case 'combat.indirectLanded': {
      const c = w.combat();
      if (c) c.indirect = c.indirect.filter((x) => x.id !== event.callId);
      return;
    }
    case 'combat.coverPlaced': {
      const c = w.combat();
      if (!c) return;
      c.coverMap = [...(c.coverMap ?? []), event.area];
      c.nextCoverId = event.area.id + 1;
      return;
    }
    case 'combat.coverRemoved': {
      const c = w.combat();
      if (c) c.coverMap = (c.coverMap ?? []).filter((a) => a.id !== event.coverId);
      return;
    }
    case 'combat.ended': {
      w.setCombat(null);
      const s = w.top();
      s.window = null;
      s.staged = [];
      return;
    }
    case 'medic.treated':
    case 'medic.preserved': {
      const c = w.character(event.patientId);
      if (c) c.wounds = event.wounds;
      return;
    }
    case 'machine.added':
      w.putMachine(event.machine);
      return;
    case 'machine.damaged': {
      const m = w.machine(event.machineId);
      if (!m) return;
      m.damage = event.damage;
      m.destroyed = event.destroyed;
      m.inert = event.inert;
      if (event.lostTurns) m.lostTurns = event.lostTurns;
      return;
    }
    case 'machine.repaired': {
      const m = w.machine(event.machineId);
      if (m) m.damage = event.damage;
      return;
    }
    case 'machine.boarded': {
      const m = w.machine(event.machineId);
      if (!m) return;
      // A numbered seat only when the event names one: logs from before seats were numbered fold as they did.
      const place = event.place !== undefined ? { place: event.place } : {};
      m.riders = [...(m.riders ?? []), { characterId: event.characterId, seat: event.seat, ...place }];
      const at = w.now.combat?.combatants[m.id];
      if (!at) return;
      // Getting in is his move; inside a closed vehicle no one can aim at him (§7.13: only exposed crew are shot).
      const openTop = w.now.pack.vehicles.find((v) => v.id === m.packId)?.openTop ?? false;
      const man = w.combatant(event.characterId);
      if (!man) return;
      man.x = at.x;
      man.y = at.y;
      man.option = 'walk';
      man.optionTurn = (w.now.combat as Combat).turn;
      man.fullCover = !openTop;
      return;
    }
    case 'machine.reseated': {
      const m = w.machine(event.machineId);
      if (!m) return;
      // The new seat's number replaces the old (none: he left the numbered passenger seats).
      const place = event.place !== undefined ? { place: event.place } : {};
      m.riders = (m.riders ?? []).map((r) =>
        r.characterId === event.characterId ? { characterId: r.characterId, seat: event.seat, ...place } : r,
      );
      return;
    }
    case 'machine.alighted': {
      const m = w.machine(event.machineId);
      if (!m) return;
      m.riders = (m.riders ?? []).filter((r) => r.characterId !== event.characterId);
      stepOut(w, event);
      return;
    }
    case 'machine.crewAttacked': {
      // Those who got clear of an explosion are out of the wreck, where it stood.
      if (!event.escapes) return;
      const m = w.machine(event.machineId);
      if (!m) return;
      const at = w.now.combat?.combatants[m.id];
      m.riders = [];
      for (const x of event.escapes)
        stepOut(w, { characterId: x.characterId, ...(at ? { x: at.x, y: at.y } : {}) });
      return;
    }
    case 'research.started': {
      const s = w.top();
      s.research = { ...s.research, [event.research.id]: event.research };
      return;
    }
    case 'disease.treated': {
      const r = w.now.research[event.researchId];
      if (!r) return;
      const s = w.top();
      s.research = {
        ...s.research,
        [r.id]: { ...r, treatedAt: { ...r.treatedAt, [event.patientId]: event.at } },
      };
      return;
    }
    case 'research.rolled': {
      const r = w.now.research[event.researchId];
      if (!r) return;
      const s = w.top();
      s.research = {
        ...s.research,
        [r.id]: {
          ...r,
          successes: event.successes,
          done: event.done,
          ...(event.at === undefined ? {} : { lastRolledAt: event.at }),
        },
      };
      return;
    }
    case 'intrusion.rolled': {
      const jammed = event.jammedLock;
      if (jammed === undefined || w.now.jammedLocks.includes(jammed)) return;
      const s = w.top();
      s.jammedLocks = [...s.jammedLocks, jammed];
      return;
    }
    case 'time.passed':
      w.top().time = event.now;
      return;
    case 'combat.vehicleJoined':
      w.putCombatant(event.combatant);
      return;
    case 'combat.driven': {
      const m = w.combatant(event.id);
      if (m) {
        m.x = event.x;
        m.y = event.y;
        m.activity = event.activity;
        // Return fire reads Stand as "did not move" (§7.7).
        m.option = event.moved ? 'walk' : 'stand';
        m.optionTurn = (w.now.combat as Combat).turn;
      }
      // Those aboard go where it goes.
      for (const r of w.now.machines[event.id]?.riders ?? []) {
        const man = w.combatant(r.characterId);
        if (!man) continue;
        man.x = event.x;
        man.y = event.y;
      }
      return;
    }
    case 'combat.vehicleFired':
      spendRounds(w, event.machineId, event.slot, event.rounds);
      markActed(w, `${event.machineId}#${event.slot}`);
      return;
    case 'combat.bombed': {
      const m = w.machine(event.machineId);
      if (m) m.bombsDropped = (m.bombsDropped ?? 0) + 1;
      markActed(w, `bomb:${event.machineId}`);
      return;
    }
    case 'combat.dogfought': {
      const c = w.combat();
      if (!c) return;
      c.acted = { ...c.acted, [`dogfight:${event.attackerId}`]: true };
      c.dogfights = [
        ...(c.dogfights ?? []),
        {
          attackerId: event.attackerId,
          targetId: event.targetId,
          turn: c.turn,
          phase: c.phase,
          won: event.won,
        },
      ];
      return;
    }
    case 'combat.pointDefended': {
      // Logs from before vehicle ammunition was counted carry no slot: nothing to take off.
      if (event.slot === undefined) return;
      spendRounds(w, event.machineId, event.slot, event.rounds ?? 0);
      markActed(w, pdKey(event.machineId, event.slot));
      return;
    }
    case 'combat.pointDefenceSet': {
      const m = w.machine(event.machineId);
      if (!m) return;
      const others = (m.pointDefence ?? []).filter((p) => p.slot !== event.slot);
      m.pointDefence = event.on
        ? [...others, { slot: event.slot, covers: event.covers ?? { kind: 'self' as const } }]
        : others;
      markActed(w, `pdset:${m.id}#${event.slot}`);
      return;
    }
    case 'combat.vehicleReloaded': {
      const m = w.machine(event.machineId);
      if (!m) return;
      m.reloads = slotList(m.reloads, event.slot, (n) => n + 1);
      m.spent = slotList(m.spent, event.slot, () => 0);
      markActed(w, `reload:${m.id}#${event.slot}`);
      return;
    }
    case 'clock.deathRolled': {
      const c = w.character(event.characterId);
      if (c) c.wounds = c.wounds.map((x) => (x.id === event.woundId ? { ...x, diesAt: event.diesAt } : x));
      return;
    }
    case 'drug.taken': {
      const c = w.character(event.characterId);
      if (c) c.drugs = [...(c.drugs ?? []), event.dose];
      return;
    }
    case 'drug.changed': {
      if (!w.now.characters[event.characterId]?.drugs) return;
      const c = w.character(event.characterId) as MCharacter;
      c.drugs = (c.drugs ?? []).map((d, i) => (i === event.index ? { ...d, stage: event.stage } : d));
      return;
    }
  }
}

/** One more attack this phase: a second one (slow drug, §8.3) is kept under `<id>:again`. */
function actedOnce(w: Writer, id: string): void {
  const c = w.combat();
  if (!c) return;
  c.acted = c.acted[id] ? { ...c.acted, [`${id}:again`]: true } : { ...c.acted, [id]: true };
}

/** A once-a-phase mark in the fight's `acted` (a vehicle weapon, a bomb rack, a seeker). */
function markActed(w: Writer, key: string): void {
  const c = w.combat();
  if (c) c.acted = { ...c.acted, [key]: true };
}

function notReloading(w: Writer, id: string): void {
  const m = w.combatant(id);
  if (m) m.reloading = null;
}

/** A per-slot list with one slot changed (missing slots count 0). */
function slotList(list: readonly number[] | undefined, slot: number, f: (n: number) => number): number[] {
  const out = [...(list ?? [])];
  while (out.length <= slot) out.push(0);
  out[slot] = f(out[slot] ?? 0);
  return out;
}

/** A vehicle weapon's rounds taken off its load (§7.7). */
function spendRounds(w: Writer, machineId: string, slot: number, rounds: number): void {
  if (rounds === 0) return;
  const m = w.machine(machineId);
  if (m) m.spent = slotList(m.spent, slot, (n) => n + rounds);
}

/** A man out of a vehicle stands where he got out, in the open again (his move for the turn). */
function stepOut(w: Writer, e: { characterId: string; x?: number; y?: number }): void {
  const man = w.combatant(e.characterId);
  if (!man) return;
  man.x = e.x ?? man.x;
  man.y = e.y ?? man.y;
  man.option = 'walk';
  man.optionTurn = (w.now.combat as Combat).turn;
  man.fullCover = false;
}

function spendPool(w: Writer, side: SideId, points: number): void {
  const s = w.side(side);
  if (s) s.pool = Math.max(0, s.pool - points);
}

function ammoSpent(w: Writer, id: string, index: number, rounds: number): void {
  // A robot's weapon keeps its rounds on its machine record, as a vehicle's slots do.
  if (w.now.machines[id]) {
    spendRounds(w, id, index, rounds);
    return;
  }
  if (!w.now.characters[id]?.weapons[index]) return;
  const c = w.character(id) as MCharacter;
  c.weapons = c.weapons.map((x, i) => (i === index ? { ...x, loaded: Math.max(0, x.loaded - rounds) } : x));
}
