import type { Role } from '../../engine/ruleset.ts';
import type { Pack } from '../../rules/elite-unit/data/pack-schema.ts';
import { ENCUMBRANCE } from '../../rules/elite-unit/data/tables.ts';
import type { Character, EliteUnitState } from '../../rules/elite-unit/state.ts';
import type { PublicCharacter } from '../../rules/elite-unit/view.ts';
import type { Move } from '../../rules/elite-unit/your-move.ts';

/**
 * The Elite Unit screens' model: the seat's view as typed data and small pure helpers over it.
 * Rule questions (effective values, odds, whether a command is allowed) go to the ruleset's own
 * modules; nothing here repeats a rule.
 */

/** A sheet as this seat sees it: whole, or (a hidden NPC, for a player) its name and state words. */
export type SheetView = Character | PublicCharacter;

/** The view a seat receives (viewOf in src/rules/elite-unit/view.ts). */
export type View = Omit<EliteUnitState, 'characters' | 'undo'> & {
  readonly characters: Readonly<Record<string, SheetView>>;
  readonly undo: { readonly what: string } | null;
  readonly move: Move | null;
};

export interface SeatRef {
  readonly seatId: string;
  readonly role: Role;
}

export type SendResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly details?: unknown };

export type Send = (command: { readonly type: string }, dice?: number[]) => Promise<SendResult>;

/** A view is usable when it has its main parts; anything else reads as still loading. */
export function asView(view: unknown): View | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Record<string, unknown>;
  if (typeof v.characters !== 'object' || v.characters === null || !Array.isArray(v.roster)) return null;
  if (typeof v.pack !== 'object' || v.pack === null) return null;
  const typed = v as unknown as View;
  // A view from before vehicles and spell saves were in the state reads as having none.
  return {
    ...typed,
    move: typed.move ?? null,
    vehicles: typed.vehicles ?? {},
    pendingSave: typed.pendingSave ?? null,
  };
}

/** A whole sheet (numbers included), as opposed to a hidden NPC's public face. */
export function isWhole(c: SheetView | undefined): c is Character {
  return c !== undefined && 'attributes' in c;
}

/** The view as the ruleset's state: sound for the whole sheets in it (the GM's view is whole). */
export function asState(view: View): EliteUnitState {
  return view as unknown as EliteUnitState;
}

export function roster(view: View): SheetView[] {
  return view.roster.map((id) => view.characters[id]).filter((c): c is SheetView => c !== undefined);
}

/** May this seat act for the character (its owner, or the GM for anyone)? */
export function controls(seat: SeatRef, c: SheetView): boolean {
  return seat.role === 'gm' || (seat.role === 'player' && c.ownerSeatId === seat.seatId);
}

export function nameOf(view: View, id: string): string {
  return view.characters[id]?.name ?? view.vehicles?.[id]?.name ?? id;
}

/** State words for a sheet: the same for whole and hidden sheets. */
export function stateWords(c: SheetView): string[] {
  if (!isWhole(c)) {
    if (c.dead) return ['dead'];
    const words: string[] = [];
    if (c.incapacitated) words.push('incapacitated');
    else if (c.wounded) words.push('wounded');
    if (c.helpless && !c.incapacitated) words.push('helpless');
    return words;
  }
  if (c.dead !== null) return [`dead (${c.dead})`];
  const words: string[] = [];
  if (c.stamina * 4 < c.staminaMax) words.push('incapacitated');
  else if (c.stamina * 2 < c.staminaMax) words.push('wounded');
  if (c.poison > 30) words.push('unconscious');
  return words;
}

export function weaponName(pack: Pack, id: string | null): string {
  if (id === null) return 'bare hands';
  return pack.weapons.find((w) => w.id === id)?.name ?? id;
}

/** One carried thing with its encumbrance code (§12) and whether it is in the hands. */
export interface Carried {
  readonly key: string;
  readonly name: string;
  readonly code: number | null;
  readonly kg: number | null;
  readonly inHands: boolean;
  /** The hand-carry penalty it adds while in the hands (null: cannot be carried by hand). */
  readonly penalty: number | null;
}

export function carried(c: Character, pack: Pack): Carried[] {
  const out: Carried[] = [];
  const row = (code: number | null) => (code === null ? undefined : ENCUMBRANCE[code]);
  for (const w of c.weapons) {
    const data = pack.weapons.find((x) => x.id === w.weapon);
    const code = data?.code ?? null;
    out.push({
      key: w.key,
      name: data?.name ?? w.weapon,
      code,
      kg: row(code)?.kg ?? null,
      inHands: w.inHands,
      penalty: row(code)?.penalty ?? null,
    });
  }
  for (const l of c.armour) {
    const code = pack.armour.find((x) => x.id === l.item)?.code ?? null;
    out.push({ key: l.key, name: l.name, code, kg: row(code)?.kg ?? null, inHands: false, penalty: null });
  }
  for (const h of c.held)
    out.push({
      key: h.key,
      name: h.name,
      code: h.code,
      kg: row(h.code)?.kg ?? null,
      inHands: true,
      penalty: row(h.code)?.penalty ?? null,
    });
  for (const g of c.gear) {
    const name = pack.accessories.find((x) => x.id === g)?.name ?? g;
    out.push({ key: g, name, code: null, kg: null, inHands: false, penalty: null });
  }
  return out;
}

/** Commands as the screens build them (checked by the server's schema on arrival). */
export type Command = { readonly type: string } & Record<string, unknown>;

/** Turns a refusal thrown by the ruleset (RuleError) into code and message. */
export function ruleErrorOf(e: unknown): { code: string; message: string } {
  if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') {
    const r = e as { code: string; message?: unknown };
    return { code: r.code, message: typeof r.message === 'string' ? r.message : r.code };
  }
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

export function percent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const v = p * 100;
  if (v < 0.1) return '<0.1%';
  if (v > 99.9) return '>99.9%';
  return `${v.toFixed(1)}%`;
}
