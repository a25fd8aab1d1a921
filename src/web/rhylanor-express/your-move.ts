import type { Character } from '../../rules/rhylanor-express/character.ts';
import type { Combat, SideId } from '../../rules/rhylanor-express/state.ts';
import { asView, isSheet, type SeatRef, type ShipView, type View } from './model.ts';

/**
 * Whether the table waits on this seat, and where: read from the view alone (types only, no
 * ruleset code), so the table page can ask on every view without loading the screens.
 */

export type Section = 'crew' | 'play' | 'space' | 'between';

/** A player with no character while sample sheets wait to be taken. */
export function mustTakeCharacter(view: View, seat: SeatRef): boolean {
  return (
    seat.role === 'player' &&
    !Object.values(view.characters).some((c) => isSheet(c) && c.owner === seat.seatId)
  );
}

/** Does this seat play a side of the firefight (a player: one of his characters; the referee: an NPC)? */
export function playsSide(view: View, seat: SeatRef, side: SideId): boolean {
  const members = view.combat?.sides[side].members ?? [];
  return members.some((id) => {
    const c = view.characters[id];
    if (seat.role === 'gm') return !isSheet(c) || c.owner === null;
    return isSheet(c) && c.owner === seat.seatId;
  });
}

/** The side that acts in the firefight now, or null when the referee steps it on. */
export function actingFireteam(view: View): SideId | null {
  const combat = view.combat;
  if (!combat) return null;
  if (combat.stage !== 'turns') {
    // The chooser picks the order once both sides have looked (or the referee skipped spotting).
    const looked = combat.stage === 'order' || (combat.spotted.a !== null && combat.spotted.b !== null);
    return looked ? combat.chooser : null;
  }
  if (combat.phase === 'returnFire') return combat.phasing === 'a' ? 'b' : 'a';
  return combat.phasing;
}

/** Pool sides the open roll still waits on (points left, not passed). */
export function poolSidesWaiting(view: View): SideId[] {
  const combat = view.combat;
  const w = view.window;
  if (!combat || !w) return [];
  return (['a', 'b'] as const).filter((s) => combat.sides[s].pool > 0 && !w.passed.includes(s));
}

function commandsSide(view: View, seat: SeatRef, side: 'a' | 'b'): boolean {
  return view.space.order.some((id) => {
    const ship = view.space.ships[id] as ShipView | undefined;
    if (!ship || ship.side !== side || ship.destroyed) return false;
    return seat.role === 'gm' ? ship.controller === null : ship.controller === seat.seatId;
  });
}

/** The side whose ships act in the space battle now. */
export function actingFleet(view: View): 'a' | 'b' | null {
  const s = view.space;
  if (s.phase === 'roles') return s.chooser;
  if (s.phase === 'surprise') return s.surpriser;
  if (s.phase === 'movement' || s.phase === 'laser' || s.phase === 'ordnance') return s.turnSide;
  if (s.phase === 'return') return s.turnSide === 'a' ? 'b' : 'a';
  return null;
}

/** A graze taken this turn or the last and not yet answered (what `combat.steady` takes, §7.12). */
export function freshGraze(c: Character, combat: Combat): boolean {
  return (
    combat.stage === 'turns' &&
    c.wounds.some((w) => w.level === 'graze' && !w.attempted && w.turn >= combat.turn - 1)
  );
}

export function sectionsAwaiting(view: View, seat: SeatRef): Section[] {
  if (seat.role === 'spectator') return [];
  const out: Section[] = [];
  const mine = Object.values(view.characters).filter(
    (c) => isSheet(c) && (seat.role === 'gm' ? c.owner === null : c.owner === seat.seatId),
  );
  if (
    mustTakeCharacter(view, seat) ||
    mine.some((c) => isSheet(c) && (c.cascadesOwed.length > 0 || c.skillRollsOwed > 0))
  )
    out.push('crew');
  const pool = poolSidesWaiting(view).some((s) => playsSide(view, seat, s));
  const acting = actingFireteam(view);
  const fight =
    view.combat !== null && (acting !== null ? playsSide(view, seat, acting) : seat.role === 'gm');
  // A grazed man of the seat's owes his steadying roll whatever the phase.
  const combat = view.combat;
  const grazed =
    combat !== null && mine.some((c) => isSheet(c) && combat.combatants[c.id] && freshGraze(c, combat));
  if (pool || (view.window === null && (fight || grazed))) out.push('play');
  const fleet = actingFleet(view);
  const open = view.space.open;
  const shotWaits =
    open !== null &&
    (['a', 'b'] as const).some((side) => !open.passed.includes(side) && commandsSide(view, seat, side));
  if (shotWaits || (open === null && fleet !== null && commandsSide(view, seat, fleet))) out.push('space');
  if (mine.some((c) => isSheet(c) && c.advancesOwed > 0)) out.push('between');
  return out;
}

/** For the table page: does this Rhylanor Express view wait on `seat` now? */
export function awaitsSeat(view: unknown, seat: SeatRef): boolean {
  const v = asView(view);
  return v !== null && sectionsAwaiting(v, seat).length > 0;
}

/** For the table page's log: a character's or a ship's name from the view. */
export function nameIn(view: unknown, id: string): string | undefined {
  const v = asView(view);
  if (!v) return undefined;
  const c = v.characters[id];
  if (c?.name) return c.name;
  // Vehicles and robots in play, so the log says "Air/raft joins the fight", not its id.
  return v.space.ships[id]?.name ?? v.machines[id]?.name;
}
