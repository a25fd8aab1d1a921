import type { DiceSource } from '../../engine/dice/source.ts';
import { EnteredDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import { killStepLabel, rankInfo, WEAPONS } from '../../rules/three-sixteen/data/index.ts';
import type { Decision } from '../../rules/three-sixteen/encounter/pending.ts';
import { legalCommands, threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import type {
  KillStep,
  Position,
  ThreeSixteenState,
  Trooper,
  WeaponId,
} from '../../rules/three-sixteen/state.ts';

/**
 * The 3:16 screens' model: the seat's view as typed data, and small pure helpers over it. Every
 * rule question (is this legal? which die is wanted next?) is asked of the ruleset itself:
 * `decide` runs here on the seat's view with probe or entered dice and its answer is shown.
 */

/** The view a seat receives: the state as it may see it, plus whom the table waits for. */
export type View = ThreeSixteenState & {
  readonly pending: readonly Decision[];
  /** The role this seat acts with now (a player running the mission as rotating GM: 'gm'). */
  readonly actingRole?: Role;
};

export type Role = 'gm' | 'player' | 'spectator';
export interface SeatRef {
  readonly seatId: string;
  readonly role: Role;
}
export interface SeatName {
  readonly seatId: string;
  readonly name: string;
  readonly role?: string;
}

export type SendResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly details?: unknown };

export type Send = (command: ThreeSixteenCommand, dice?: number[]) => Promise<SendResult>;

/** What the engine asks for when entered faces run out (RuleError DICE_NEEDED details). */
export interface DieRequest {
  readonly die: string;
  readonly faces: readonly (number | string)[];
  readonly purpose: string;
}

/** A view is usable when it has the state's main parts; anything else is shown as "not loaded". */
export function asView(view: unknown): View | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Record<string, unknown>;
  if (typeof v.troopers !== 'object' || !Array.isArray(v.trooperOrder) || typeof v.campaign !== 'object')
    return null;
  return { pending: [], ...(v as unknown as ThreeSixteenState) } as View;
}

// ---------------------------------------------------------------------------------------------
// Asking the ruleset

/** Dice for probing legality (decide's checks do not depend on faces; roll-offs must end). */
function probeDice(): DiceSource {
  let n = 0;
  return { roll: (die) => (n++ % die.sides) + 1 };
}

function ruleErrorOf(e: unknown): { code: string; message: string; details?: unknown } {
  if (typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string') {
    const r = e as { code: string; message?: unknown; details?: unknown };
    return { code: r.code, message: typeof r.message === 'string' ? r.message : r.code, details: r.details };
  }
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

/**
 * Would the ruleset accept this command from this seat now? null if yes, else its refusal. Runs
 * the schema first (so a blank text is refused as the server would refuse it), then `decide`.
 */
export function check(view: View, seat: SeatRef, command: ThreeSixteenCommand): SendResult {
  if (seat.role === 'spectator') return { ok: false, code: 'FORBIDDEN_ROLE', message: 'spectators watch' };
  const parsed = threeSixteen.commandSchema.safeParse(command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      code: 'BAD_COMMAND',
      message: issue ? `${issue.path.join('.') || 'command'}: ${issue.message}` : 'not a valid command',
    };
  }
  const roles = threeSixteen.commandRoles[parsed.data.type];
  if (roles && !roles.includes(seat.role))
    return { ok: false, code: 'FORBIDDEN_ROLE', message: `only the GM may do that` };
  try {
    threeSixteen.decide(view, parsed.data, { actor: seat as Seat, dice: probeDice() });
    return { ok: true };
  } catch (e) {
    const r = ruleErrorOf(e);
    return { ok: false, code: r.code, message: r.message };
  }
}

/** The next physical die the engine wants for `command` after `faces`, or null if none. */
export function nextDieWanted(
  view: View,
  seat: SeatRef,
  command: ThreeSixteenCommand,
  faces: readonly number[],
): { need: DieRequest | null; error: SendResult | null } {
  try {
    threeSixteen.decide(view, command, { actor: seat as Seat, dice: new EnteredDice(faces) });
    return { need: null, error: null };
  } catch (e) {
    const r = ruleErrorOf(e);
    if (r.code === 'DICE_NEEDED') {
      const need = dieRequestOf(r.details);
      if (need) return { need, error: null };
    }
    return { need: null, error: { ok: false, code: r.code, message: r.message } };
  }
}

/** Reads `details.needed` of a DICE_NEEDED rejection. */
export function dieRequestOf(details: unknown): DieRequest | null {
  if (typeof details !== 'object' || details === null) return null;
  const needed = (details as { needed?: unknown }).needed;
  if (typeof needed !== 'object' || needed === null) return null;
  const n = needed as Record<string, unknown>;
  if (typeof n.die !== 'string' || !Array.isArray(n.faces)) return null;
  return {
    die: n.die,
    faces: n.faces as (number | string)[],
    purpose: typeof n.purpose === 'string' ? n.purpose : '',
  };
}

/** The ruleset's own list of commands this seat may send now. */
export function legalNow(view: View, seat: SeatRef): ThreeSixteenCommand[] {
  if (seat.role === 'spectator') return [];
  try {
    return legalCommands(view, seat as Seat);
  } catch {
    return [];
  }
}

/** Is there a legal command matching every field of `pattern`? (Deep match on the given fields.) */
export function hasLegal(legal: readonly ThreeSixteenCommand[], pattern: Record<string, unknown>): boolean {
  return legal.some((c) => matches(c, pattern));
}

function matches(value: unknown, pattern: unknown): boolean {
  if (typeof pattern !== 'object' || pattern === null) return value === pattern;
  if (typeof value !== 'object' || value === null) return false;
  for (const [k, p] of Object.entries(pattern)) {
    if (!matches((value as Record<string, unknown>)[k], p)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Names and labels

export function weaponName(id: WeaponId): string {
  return WEAPONS[id]?.name ?? id;
}

export function stepLabel(step: KillStep): string {
  return killStepLabel(step);
}

export function rankTitle(rank: number): string {
  try {
    return rankInfo(rank).name;
  } catch {
    return `rank ${rank}`;
  }
}

export function rankShort(rank: number): string {
  try {
    return rankInfo(rank).abbreviation;
  } catch {
    return `R${rank}`;
  }
}

export function trooperLabel(t: Trooper): string {
  return `${rankShort(t.rank)} ${t.name}`;
}

export const POSITION_LABEL: Readonly<Record<Position, string>> = {
  close: 'Close',
  near: 'Near',
  far: 'Far',
  beyondFar: 'Left the encounter',
};

export const SLOT_LABEL = {
  notYetAvailable: 'Not yet available',
  available: 'Available',
  used: 'Used',
} as const;

const DECISION_VERB: Readonly<Record<Decision['kind'], string>> = {
  createTroopers: 'get the troopers made (each player creates their own)',
  setPlanet: 'set the planet',
  briefMission: 'brief the mission',
  startEncounter: 'start an encounter or end the mission',
  answerKill: 'answer a Kill (armour or take it)',
  forcedWeakness: 'write a Weakness',
  dominance: 'roll for Dominance',
  setRange: 'set the range',
  declare: 'declare',
  roll: 'roll',
  takeTurn: 'take a turn',
  fieldPromotion: 'roll the field promotion',
  answerYield: 'accept or refuse the yield',
  conflictDominance: 'roll Dominance for the conflict',
  conflictRange: 'set the conflict’s range',
  conflictHit: 'answer a hit (armour or take it)',
  conflictDeclare: 'declare in the conflict',
  conflictRoll: 'roll the conflict round',
  debrief: 'debrief the mission (medals, healing)',
  rollLevels: 'roll who gains a level',
  takeLevel: 'choose the new level',
  gmReward: 'take the GM’s reward (level or weapon step)',
  improveWeapon: 'take the free weapon step',
  developmentRoll: 'make a Development Roll (optional)',
  createReplacement: 'make a replacement trooper',
};

/** "Vasquez (Tpr Hicks) to declare" — who the table waits for, in words. */
export function describeDecision(view: View, d: Decision, seatName: (id: string) => string): string {
  const who = d.seat === 'gm' ? 'GM' : seatName(d.seat);
  let actor = '';
  if (d.actor === 'aliens') actor = ' for the aliens';
  else if (d.actor) {
    const t = view.troopers[d.actor];
    if (t) actor = ` for ${trooperLabel(t)}`;
  }
  return `${who}${actor}: ${DECISION_VERB[d.kind] ?? d.kind}`;
}

/** Troopers this seat plays (the GM: every NPC trooper as well as none of the players'). */
export function ownTroopers(view: View, seat: SeatRef): Trooper[] {
  return view.trooperOrder
    .map((id) => view.troopers[id])
    .filter((t): t is Trooper => !!t && t.ownerSeatId === seat.seatId);
}

export function actorName(view: View, actor: string | null): string {
  if (actor === null) return 'Table';
  if (actor === 'gm') return 'GM';
  if (actor === 'aliens' || actor === 'aliens:suicide') return 'Aliens';
  const t = view.troopers[actor];
  return t ? trooperLabel(t) : actor;
}
