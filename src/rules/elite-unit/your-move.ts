import type { Seat } from '../../engine/ruleset.ts';
import type { EliteUnitState } from './state.ts';

/**
 * Whose move it is: the defender answering an attack, the target of a spell rolling its save, else the character in the acting slot of
 * the battle. `seatId` null means the GM plays it (an NPC, or a PC without a seat).
 */
export interface Move {
  readonly kind: 'defend' | 'save' | 'act';
  readonly characterId: string;
  readonly seatId: string | null;
  readonly actionsLeft: number;
}

export function whoseMove(state: EliteUnitState): Move | null {
  const p = state.pending;
  if (p) {
    const t = p.targets[p.next];
    const c = t ? state.characters[t.id] : undefined;
    if (c) return { kind: 'defend', characterId: c.id, seatId: c.ownerSeatId, actionsLeft: 0 };
    // A vehicle under attack: its driver's seat answers (the GM's when nobody drives, §13.5).
    const v = t ? state.vehicles[t.id] : undefined;
    const driver = v?.driverId ? state.characters[v.driverId] : undefined;
    if (v) return { kind: 'defend', characterId: v.id, seatId: driver?.ownerSeatId ?? null, actionsLeft: 0 };
  }
  const ps = state.pendingSave;
  if (ps) {
    const c = state.characters[ps.targetId];
    if (c) return { kind: 'save', characterId: c.id, seatId: c.ownerSeatId, actionsLeft: 0 };
  }
  const b = state.battle;
  if (!b) return null;
  const e = b.order[b.slot];
  const c = e ? state.characters[e.id] : undefined;
  if (!c || c.dead !== null) return null;
  return {
    kind: 'act',
    characterId: c.id,
    seatId: c.ownerSeatId,
    actionsLeft: Math.max(0, c.actions - b.actionsUsed),
  };
}

/** Is it `seat`'s move? The GM moves for every character without a seat (and may act for any). */
export function isYourMove(state: EliteUnitState, seat: Seat): boolean {
  const m = whoseMove(state);
  if (!m) return false;
  return m.seatId === seat.seatId || (m.seatId === null && seat.role === 'gm');
}
