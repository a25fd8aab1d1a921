import type { Character } from '../../rules/rhylanor-express/character.ts';
import type { Pack } from '../../rules/rhylanor-express/data/pack-schema.ts';
import type { OpenShot, Ship, SideInfo, SpaceState } from '../../rules/rhylanor-express/space/model.ts';
import type { Combat, Machine, OpenWindow, Research } from '../../rules/rhylanor-express/state.ts';
import type { SeatInfo } from '../../server/protocol.ts';
import type { CommandResult } from '../connection.ts';

/**
 * The Rhylanor Express view as the table's screens read it: the ruleset's `view` for one seat
 * (src/rules/rhylanor-express/view.ts and space/view.ts). Only types here, so the table page can
 * read it (your-move.ts) without loading ruleset code.
 */

/** A secret NPC as a player sees him in a fight: a name, nothing of the sheet. */
export interface HiddenCharacter {
  readonly id: string;
  readonly name?: string;
  readonly secret: true;
}

export type CharacterView = Character | HiddenCharacter;

export function isSheet(c: CharacterView | undefined): c is Character {
  return c !== undefined && 'upp' in c;
}

/** A ship as a seat sees it: another side's ships come without their crews and gunners. */
export type ShipView = Omit<Ship, 'crew'> & { readonly crew?: Ship['crew'] };

export interface SpaceView {
  readonly scenario: string | null;
  readonly sides: Readonly<Record<'a' | 'b', Pick<SideInfo, 'name' | 'chips'> & Partial<SideInfo>>>;
  readonly ships: Readonly<Record<string, ShipView>>;
  readonly order: readonly string[];
  readonly worlds: SpaceState['worlds'];
  readonly missiles: SpaceState['missiles'];
  readonly phase: SpaceState['phase'];
  readonly turn: number;
  readonly playerTurn: number;
  readonly phaseSerial?: number;
  readonly turnSide: 'a' | 'b';
  readonly intruder: 'a' | 'b' | null;
  readonly chooser: 'a' | 'b' | null;
  readonly surpriser: 'a' | 'b' | null;
  readonly detectionRound: number;
  readonly firedAt: Readonly<Record<string, readonly string[]>>;
  readonly windows: boolean;
  readonly open: OpenShot | null;
  readonly ended: string | null;
  readonly flags?: SpaceState['flags'];
}

export interface View {
  readonly seats: Readonly<Record<string, { readonly role: string; readonly name: string }>>;
  readonly pack: Pack;
  readonly characters: Readonly<Record<string, CharacterView>>;
  readonly nextCharacter: number;
  readonly combat: Combat | null;
  readonly window: OpenWindow | null;
  readonly staged: readonly { readonly side: string; readonly delta: number }[];
  readonly research: Readonly<Record<string, Partial<Research> & Pick<Research, 'id' | 'name'>>>;
  /** Game time in seconds (the rules' clock; research is paced by it). */
  readonly time?: number;
  readonly jammedLocks: readonly string[];
  readonly machines: Readonly<Record<string, Machine>>;
  readonly space: SpaceView;
}

export type Role = 'gm' | 'player' | 'spectator';

export interface SeatRef {
  readonly seatId: string;
  readonly role: Role;
  readonly name: string;
}

export type SeatName = SeatInfo;

export type Send = (command: { readonly type: string }, dice?: number[]) => Promise<CommandResult>;

/** The view, if the JSON looks like a Rhylanor Express view; null while loading or for another system. */
export function asView(view: unknown): View | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Partial<Record<keyof View, unknown>>;
  if (typeof v.characters !== 'object' || v.characters === null) return null;
  if (typeof v.pack !== 'object' || v.pack === null) return null;
  if (typeof v.space !== 'object' || v.space === null) return null;
  return view as View;
}

/** The characters with full sheets, in the order they were made (c1, c2, …). */
export function sheets(view: View): Character[] {
  return Object.values(view.characters)
    .filter(isSheet)
    .sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
}

export function characterName(view: View, id: string): string {
  const c = view.characters[id];
  return c?.name ?? 'someone unseen';
}

/** May this seat act for a character (the referee for anyone, a player for his own)? */
export function mayAct(seat: SeatRef, c: CharacterView | undefined): boolean {
  if (!c || seat.role === 'spectator') return false;
  if (seat.role === 'gm') return true;
  return isSheet(c) && c.owner === seat.seatId;
}

/** May this seat command a ship (the referee any, a player those handed to his seat)? */
export function mayCommand(seat: SeatRef, ship: ShipView | undefined): boolean {
  if (!ship || seat.role === 'spectator') return false;
  return seat.role === 'gm' || ship.controller === seat.seatId;
}

/** "+2", "−1", "+0": a modifier as the sheet shows it. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '+0';
}
