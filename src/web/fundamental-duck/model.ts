import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { FdState, Ping, Teamer, Threat, TileState } from '../../rules/fundamental-duck/state.ts';
import type { pendingOf } from '../../rules/fundamental-duck/view.ts';
import type { CommandResult } from '../connection.ts';
import { nameIn } from './your-move.ts';

/**
 * The Fundamental Duck! view as a seat receives it (viewOf in src/rules/fundamental-duck/view.ts):
 * the state with hidden fields blanked (unrevealed pings read 'hidden', unresolved cards
 * 'hidden:<colour>', the deck and the Kitty as counts) plus `pending`. The table reads only this;
 * rule questions (reach, sight) go to the ruleset's own functions, called on the view.
 */

export type SeenPing = Ping | 'hidden';

export interface SeenChit {
  readonly id: string;
  readonly x: number | null;
  readonly y: number | null;
  readonly examined: boolean;
  readonly h?: boolean;
}

export type SeenTile = Omit<TileState, 'pings' | 'cards' | 'chits'> & {
  readonly pings: readonly SeenPing[];
  readonly cards: readonly string[];
  readonly chits: readonly SeenChit[];
};

export type Pending = ReturnType<typeof pendingOf>;

export type FdView = Omit<FdState, 'tiles' | 'deck' | 'markers' | 'kitty'> & {
  readonly tiles: readonly SeenTile[];
  readonly deck: unknown;
  readonly markers: unknown;
  readonly kitty: {
    /** A count for players; the chits' kinds for the GM. */
    readonly chits: number | readonly number[];
    readonly catastrophes: number;
    readonly doubled: boolean;
  };
  readonly pending: Pending;
};

export interface SeatRef {
  readonly seatId: string;
  readonly role: 'gm' | 'player' | 'spectator';
  readonly name: string;
}

export type Send = (command: { readonly type: string }, dice?: number[]) => Promise<CommandResult>;
export type Command = FdCommand;

/** The view as the rules' own functions take it: they read only doors, figures and the pack. */
export function asState(view: FdView): FdState {
  return view as unknown as FdState;
}

/** The view off the wire, or null while it is not (yet) a Fundamental Duck! view. */
export function asView(view: unknown): FdView | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Partial<Record<keyof FdView, unknown>>;
  if (
    typeof v.phase !== 'string' ||
    !Array.isArray(v.teamOrder) ||
    typeof v.teamers !== 'object' ||
    !Array.isArray(v.tiles) ||
    typeof v.rules !== 'object' ||
    typeof v.pending !== 'object' ||
    v.pending === null
  )
    return null;
  return view as FdView;
}

export function teamersOf(view: FdView): Teamer[] {
  return view.teamOrder.map((id) => view.teamers[id]).filter((t): t is Teamer => t !== undefined);
}

export function threatsOf(view: FdView): Threat[] {
  return view.threatOrder.map((id) => view.threats[id]).filter((t): t is Threat => t !== undefined);
}

/** A player may give orders to a Teamer that is his or nobody's; the GM to any. */
export function mayCommand(seat: SeatRef, t: Teamer): boolean {
  if (seat.role === 'gm') return true;
  if (seat.role !== 'player') return false;
  return t.seatId === null || t.seatId === seat.seatId;
}

export const FACING_NAMES = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const;
export const FACING_SHORT = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

export const PHASE_LABEL: Readonly<Record<FdState['phase'], string>> = {
  briefing: 'Briefing',
  exploration: 'Exploration',
  team: 'Team phase',
  threat: 'Threat phase',
  housekeeping: 'Housekeeping',
  ended: 'Mission over',
};

export const WOUND_LABEL = ['unhurt', 'wounded', 'out of action', 'dead'] as const;

/** Colour-blind safe markers: every ping has a colour AND a letter and a shape of its own. */
export const PING_MARK: Readonly<
  Record<
    SeenPing,
    {
      letter: string;
      shape: 'triangle' | 'diamond' | 'circle' | 'square' | 'hex' | 'ring' | 'help';
      name: string;
    }
  >
> = {
  red: { letter: 'R', shape: 'triangle', name: 'red ping' },
  orange: { letter: 'O', shape: 'diamond', name: 'orange ping' },
  blue: { letter: 'B', shape: 'circle', name: 'blue ping' },
  green: { letter: 'G', shape: 'square', name: 'green ping' },
  purple: { letter: 'P', shape: 'hex', name: 'purple ping' },
  none: { letter: '0', shape: 'ring', name: 'empty ping (no Threats)' },
  hidden: { letter: '?', shape: 'help', name: 'unrevealed ping' },
};

/** A tile has been seen (swept, scanned, opened into or walked on): its inside is drawn. */
export function explored(tile: SeenTile | undefined): boolean {
  if (!tile) return false;
  return tile.opened || tile.entered || tile.chitsShown || tile.revealed.some(Boolean);
}

/** Name of a Teamer or Threat id for sentences ("Brick", "Harpy 2"): the log's own naming. */
export function figureName(view: FdView, id: string): string {
  return nameIn(view, id) ?? id;
}
