import type { EliteUnitEvent } from '../events.ts';
import { evolveState } from '../evolve.ts';
import { isAbsent, isHelpless } from '../rules/effective.ts';
import type {
  Battle,
  Character,
  EliteUnitState,
  PendingAttack,
  PendingSave,
  WeaponInstance,
} from '../state.ts';
import type { CombatRecord } from './record.ts';

/**
 * The battle's own steps (§5): when the acting slot is spent (no actions left, dead, helpless),
 * the battle moves on by itself, skipping the helpless and the dead and ending the Turn at the
 * bottom of the list. One loop serves the table (events folded into the state) and the combat
 * record (applied to the record, told only when asked).
 */

/** End of a Turn (§5 step 7) for one character: recoil back to 0, Full Auto counts reset, durations tick. */
export function endTurn(c: Character): Character {
  let weapons: readonly WeaponInstance[] = c.weapons;
  if (c.weapons.some((w) => w.recoil !== 0 || w.firedThisTurn !== 0))
    weapons = c.weapons.map((w) =>
      w.recoil !== 0 || w.firedThisTurn !== 0 ? { ...w, recoil: 0, firedThisTurn: 0 } : w,
    );
  let conditions = c.conditions;
  if (conditions.some((x) => x.turns !== undefined))
    conditions = conditions
      .map((x) => (x.turns === undefined ? x : { ...x, turns: x.turns - 1 }))
      .filter((x) => x.turns === undefined || x.turns > 0);
  let armour = c.armour;
  if (armour.some((l) => l.turnsLeft !== undefined))
    armour = armour
      .map((l) => (l.turnsLeft === undefined ? l : { ...l, turnsLeft: l.turnsLeft - 1 }))
      .filter((l) => l.turnsLeft === undefined || l.turnsLeft > 0);
  if (weapons === c.weapons && conditions === c.conditions && armour === c.armour) return c;
  return { ...c, weapons, conditions, armour };
}

/** The battle after a `slot.advanced` or `turn.ended` event (the characters apart). */
export function battleAfter(
  b: Battle,
  e: Extract<EliteUnitEvent, { type: 'slot.advanced' | 'turn.ended' }>,
): Battle {
  return e.type === 'slot.advanced'
    ? { ...b, turn: e.turn, slot: e.slot, actionsUsed: 0 }
    : { ...b, turn: e.turn + 1, slot: 0, actionsUsed: 0, waiting: [] };
}

/** What the flow reads and how its events land: the table's state, or a combat record. */
interface FlowWorld {
  battle(): Battle | null;
  /** An attack or a spell's save waits for an answer: the slot holds until it comes. */
  pending(): PendingAttack | PendingSave | null;
  character(id: string): Character | undefined;
  emit(e: EliteUnitEvent): void;
}

function spentSlot(w: FlowWorld): boolean {
  const b = w.battle();
  if (!b || w.pending()) return false;
  const current = b.order[b.slot];
  const c = current ? w.character(current.id) : undefined;
  return (
    !c ||
    c.dead !== null ||
    isHelpless(c) ||
    isAbsent(c) ||
    b.actionsUsed >= c.actions ||
    b.waiting.includes(c.id)
  );
}

/** Moves to the next able slot at or after `from`, ending Turns on the way. */
function advanceIn(w: FlowWorld, from: number): void {
  const b0 = w.battle();
  if (!b0) return;
  let slot = from;
  let turnsEnded = 0;
  const skipped: string[] = [];
  for (let guard = 0; guard < 2 * b0.order.length + 2; guard++) {
    const b = w.battle();
    if (!b) break;
    if (slot >= b.order.length) {
      if (turnsEnded > 0) break;
      w.emit({ type: 'turn.ended', turn: b.turn });
      turnsEnded++;
      slot = 0;
      continue;
    }
    const entry = b.order[slot];
    const c = entry ? w.character(entry.id) : undefined;
    if (!c || c.dead !== null || isAbsent(c) || b.waiting.includes(c.id)) {
      slot++;
      continue;
    }
    if (isHelpless(c)) {
      skipped.push(c.id);
      slot++;
      continue;
    }
    w.emit({ type: 'slot.advanced', turn: b.turn, slot, skipped });
    return;
  }
}

class StateWorld implements FlowWorld {
  constructor(
    public s: EliteUnitState,
    readonly out: EliteUnitEvent[],
  ) {}
  battle() {
    return this.s.battle;
  }
  pending() {
    return this.s.pending ?? this.s.pendingSave;
  }
  character(id: string) {
    return this.s.characters[id];
  }
  emit(e: EliteUnitEvent) {
    this.out.push(e);
    this.s = evolveState(this.s, e);
  }
}

class RecordWorld implements FlowWorld {
  constructor(
    readonly rec: CombatRecord,
    readonly log: EliteUnitEvent[] | null,
  ) {}
  battle() {
    return this.rec.battle;
  }
  pending() {
    return this.rec.pending ?? this.rec.pendingSave;
  }
  character(id: string) {
    return this.rec.fighter(id)?.c;
  }
  emit(e: EliteUnitEvent) {
    this.log?.push(e);
    const b = this.rec.battle;
    if (!b || (e.type !== 'slot.advanced' && e.type !== 'turn.ended')) return;
    if (e.type === 'turn.ended') {
      for (const entry of b.order) {
        const f = this.rec.fighter(entry.id);
        if (!f) continue;
        const next = endTurn(f.c);
        if (next === f.c) continue;
        if (next.weapons !== f.c.weapons) f.set('weapons', next.weapons);
        if (next.conditions !== f.c.conditions) f.set('conditions', next.conditions);
        if (next.armour !== f.c.armour) f.set('armour', next.armour);
        f.settle();
      }
    }
    this.rec.battle = { ...battleAfter(b, e) };
  }
}

/** After a command's own events, on the table: the events with the battle's steps, and the state reached. */
export function withFlow(
  state: EliteUnitState,
  events: EliteUnitEvent[],
): { events: EliteUnitEvent[]; after: EliteUnitState } {
  let s = state;
  for (const e of events) s = evolveState(s, e);
  const w = new StateWorld(s, events);
  if (spentSlot(w)) advanceIn(w, (w.s.battle?.slot ?? 0) + 1);
  return { events, after: w.s };
}

/** On the table: the battle moved on to the next able slot at or after `from`. */
export function advance(
  state: EliteUnitState,
  events: EliteUnitEvent[],
  from: number,
): { events: EliteUnitEvent[]; after: EliteUnitState } {
  const w = new StateWorld(state, events);
  advanceIn(w, from);
  return { events, after: w.s };
}

/** After a command on the combat record: the battle's steps, told to `log` when given. */
export function flowRecord(rec: CombatRecord, log: EliteUnitEvent[] | null): void {
  if (!rec.battle || rec.pending || rec.pendingSave) return;
  const w = new RecordWorld(rec, log);
  if (spentSlot(w)) advanceIn(w, (rec.battle?.slot ?? 0) + 1);
}

/** On the combat record: the acting slot ends now (`slot.end`). */
export function advanceRecord(rec: CombatRecord, from: number, log: EliteUnitEvent[] | null): void {
  advanceIn(new RecordWorld(rec, log), from);
}
