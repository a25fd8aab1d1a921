import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import type { LogItem } from '../log.ts';
import type { FdView, SeatRef } from './model.ts';

/**
 * Whether (and for what) the table waits on this seat: read from the view's `pending` and the
 * Teamers' seats alone (types only, no ruleset code), so the table page can ask it on every view.
 */

function mine(view: FdView, seat: SeatRef, id: string | null | undefined): Teamer | null {
  if (!id) return null;
  const t = Object.hasOwn(view.teamers, id) ? view.teamers[id] : undefined;
  if (!t) return null;
  if (seat.role === 'gm') return t;
  if (seat.role !== 'player') return null;
  return t.seatId === null || t.seatId === seat.seatId ? t : null;
}

/** Multi-team play (21): the seat playing a team (its Teamers' seat), null while nobody has it. */
export function teamSeatIn(view: FdView, team: number): string | null {
  for (const id of view.multiTeam?.teams[team]?.teamerIds ?? []) {
    const s = Object.hasOwn(view.teamers, id) ? view.teamers[id]?.seatId : null;
    if (s) return s;
  }
  return null;
}

/** Multi-team play: the team this seat plays (-1: none). */
export function seatTeamIn(view: FdView, seat: SeatRef): number {
  if (seat.role !== 'player') return -1;
  return view.multiTeam?.teams.findIndex((_, i) => teamSeatIn(view, i) === seat.seatId) ?? -1;
}

/**
 * Multi-team play: the Threat (or ambush) waiting to be run, if this seat is the one to run it:
 * its team's player, or the GM for a team nobody has taken.
 */
export function callFor(view: FdView, seat: SeatRef): NonNullable<FdView['multiTeam']>['call'] {
  const call = view.multiTeam?.call;
  if (!call || call.run) return null;
  const owner = teamSeatIn(view, call.team);
  if (seat.role === 'player' && owner === seat.seatId) return call;
  if (seat.role === 'gm' && owner === null) return call;
  return null;
}

/** What this seat is asked to do now, in words; null when the table waits on someone else. */
export function yourMove(view: FdView, seat: SeatRef): string | null {
  if (seat.role === 'spectator') return null;
  const p = view.pending;
  const call = callFor(view, seat);
  if (call) {
    const threat = nameIn(view, call.threatId) ?? 'A Threat';
    const victim = call.ambush !== undefined ? (nameIn(view, call.ambush) ?? call.ambush) : null;
    return victim
      ? `${threat} springs an ambush on ${victim}: you run it. Press “Run ${threat}”.`
      : `${threat} acts next and you run it: press “Run ${threat}”.`;
  }
  if (view.multiTeam?.call && !view.multiTeam.call.run) return null;
  if (p.interrupt) {
    const who = p.interrupt.teamerIds
      .map((id) => mine(view, seat, id))
      .filter((t): t is Teamer => t !== null);
    if (who.length > 0)
      return `${who.map((t) => t.name).join(' and ')}: ${p.interrupt.trigger === 'shot' ? 'a Threat has shot at him' : 'a Threat is moving in sight'}. Use the WAIT chit or let it pass.`;
    return null;
  }
  switch (p.phase) {
    case 'briefing':
      if (view.multiTeam && seat.role === 'player' && seatTeamIn(view, seat) < 0)
        return 'Take one of the teams, then board the Drifter.';
      return 'Choose the mission and board the Drifter.';
    case 'exploration':
      return 'Exploration: open doors or scan, then end the exploration.';
    case 'team': {
      const moving = mine(view, seat, p.moving);
      if (moving && view.move?.vehicleId !== undefined)
        return `${moving.name} is driving: take the next step or end the drive.`;
      if (moving) return `${moving.name} is moving: step, turn or end the move.`;
      const active = p.activated.map((id) => mine(view, seat, id)).find((t) => t !== null);
      if (active) return `${active.name} is activated: choose an action.`;
      const next = mine(view, seat, p.nextTeamer);
      if (next) return `${next.name} is next: activate him.`;
      if (p.nextTeamer === null && p.activated.length === 0)
        return 'Every Teamer has acted: end the Team phase.';
      return null;
    }
    default:
      return null;
  }
}

function isRole(v: unknown): v is SeatRef['role'] {
  return v === 'gm' || v === 'player' || v === 'spectator';
}

/** For the table page, which holds the view as it came off the wire. */
export function awaitsSeat(view: unknown, seat: SeatRef): boolean {
  if (typeof view !== 'object' || view === null || !isRole(seat.role)) return false;
  const v = view as Partial<Record<keyof FdView, unknown>>;
  if (
    typeof v.pending !== 'object' ||
    v.pending === null ||
    typeof v.teamers !== 'object' ||
    v.teamers === null
  )
    return false;
  return yourMove(view as FdView, seat) !== null;
}

/** Per log: every Threat id the log has placed, with its species (cached: logs are immutable arrays). */
const placedSpecies = new WeakMap<readonly LogItem[], Map<string, string>>();

function speciesFromLog(items: readonly LogItem[]): Map<string, string> {
  let known = placedSpecies.get(items);
  if (known) return known;
  known = new Map();
  for (const it of items) {
    if (it.kind !== 'other' || it.type !== 'threats.placed') continue;
    const threats = (it.event as { threats?: unknown }).threats;
    if (!Array.isArray(threats)) continue;
    for (const t of threats as { id?: unknown; species?: unknown }[])
      if (typeof t?.id === 'string' && typeof t.species === 'string') known.set(t.id, t.species);
  }
  placedSpecies.set(items, known);
  return known;
}

/**
 * Squares along a tile's side: the rules' `TILE_SIZE` (pack-schema.ts), repeated here because this
 * file stays free of ruleset code (it is in the page's first bundle); a test holds them equal.
 */
export const TILE_SQUARES = 5;

/** A bulkhead side's id ("37e": square 37's east side) in words, with the arena's width from the view. */
function bulkheadName(
  v: { arenaId?: unknown; rules?: { pack?: { arenas?: readonly { id?: unknown; cols?: unknown }[] } } },
  id: string,
): string | undefined {
  const m = /^(\d+)([es])$/.exec(id);
  const arena = v.rules?.pack?.arenas?.find((a) => a.id === v.arenaId);
  if (!m || typeof arena?.cols !== 'number') return undefined;
  const width = arena.cols * TILE_SQUARES;
  const i = Number(m[1]);
  return `the bulkhead ${m[2] === 'e' ? 'east' : 'south'} of (${i % width},${Math.floor(i / width)})`;
}

/** A vehicle's name: its type's ("Cargo loader"), numbered when the arena holds more than one of it. */
function vehicleName(
  v: {
    vehicles?: readonly { id?: unknown; type?: unknown }[];
    rules?: { pack?: { vehicleTypes?: readonly { id?: unknown; name?: unknown }[] } };
  },
  id: string,
): string | undefined {
  const found = v.vehicles?.find((x) => x.id === id);
  if (!found) return undefined;
  const type = v.rules?.pack?.vehicleTypes?.find((t) => t.id === found.type);
  const name = typeof type?.name === 'string' ? type.name : String(found.type);
  const twins = v.vehicles?.filter((x) => x.type === found.type).length ?? 1;
  const n = /\d+$/.exec(id)?.[0];
  return twins > 1 && n ? `${name} ${n}` : name;
}

/**
 * A figure's name from the view, for every log line (the table page's namer) and the aliens' turn:
 * a Teamer's own name, a Threat as its species and number ("Harpy 7"). A Threat no longer on the
 * board (killed, gone) keeps that name: its species comes from the log's placement, so its
 * earlier lines do not turn into "Threat 7" when it dies. Undefined for other ids.
 */
export function nameIn(view: unknown, id: string, items?: readonly LogItem[]): string | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const v = view as {
    teamers?: Record<string, { name?: unknown } | undefined>;
    threats?: Record<string, { species?: unknown } | undefined>;
    rules?: { species?: Record<string, { name?: unknown } | undefined> };
  };
  const teamer = v.teamers && Object.hasOwn(v.teamers, id) ? v.teamers[id] : undefined;
  if (typeof teamer?.name === 'string') return teamer.name;
  // Not figures, but named in the log the same way: vehicles and bulkhead sides.
  const other =
    vehicleName(view as Parameters<typeof vehicleName>[0], id) ??
    bulkheadName(view as Parameters<typeof bulkheadName>[0], id);
  if (other !== undefined) return other;
  const threat = v.threats && Object.hasOwn(v.threats, id) ? v.threats[id] : undefined;
  const speciesId =
    typeof threat?.species === 'string' ? threat.species : items ? speciesFromLog(items).get(id) : undefined;
  if (speciesId === undefined) return undefined;
  const species =
    v.rules?.species && Object.hasOwn(v.rules.species, speciesId) ? v.rules.species[speciesId] : undefined;
  const name = typeof species?.name === 'string' ? species.name : speciesId;
  const n = /\d+$/.exec(id)?.[0];
  return n ? `${name} ${n}` : name;
}
