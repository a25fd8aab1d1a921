import type { Die } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { EnteredDice, probeDice } from '../../engine/dice/source.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import { killStepLabel, rankInfo, WEAPONS } from '../../rules/three-sixteen/data/index.ts';
import type { Decision } from '../../rules/three-sixteen/encounter/pending.ts';
import { legalCommands, threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import type {
  EncounterEndReason,
  HitSource,
  KillStep,
  Position,
  ThreeSixteenState,
  Trooper,
  WeaponId,
} from '../../rules/three-sixteen/state.ts';
import { plainIssue } from '../api.ts';
import { type DicePlan, type DieRequest, dieRequestOf } from '../dice/faces.ts';

export type { DicePlan, DieRequest };

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
  // As the server does: whether this seat may send the command at all comes before its fields.
  const allowed = threeSixteen.commandRoles[command.type];
  if (allowed && !allowed.includes(seat.role))
    return { ok: false, code: 'FORBIDDEN_ROLE', message: `only the GM may do that` };
  const parsed = threeSixteen.commandSchema.safeParse(command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      code: 'BAD_COMMAND',
      message: issue ? plainIssue(issue.path.join('.'), issue.message) : 'not a valid command',
    };
  }
  try {
    threeSixteen.decide(view, parsed.data, { actor: seat as Seat, dice: probeDice() });
    return { ok: true };
  } catch (e) {
    const r = ruleErrorOf(e);
    return { ok: false, code: r.code, message: r.message };
  }
}

/**
 * The context the server gives the engine for a command sent with typed faces: a player's faces
 * roll only the player's own dice, the table rolls the rest (`tableDice`); the GM types them all.
 * Here the table's dice are stand-ins, enough to learn which dice the typist is asked for.
 */
function typedContext(view: View, seat: SeatRef, dice: DiceSource): DecideContext {
  const gm = (view.actingRole ?? seat.role) === 'gm';
  return { actor: seat as Seat, dice, ...(gm ? {} : { tableDice: probeDice() }) };
}

/** The next physical die the engine wants for `command` after `faces`, or null if none. */
export function nextDieWanted(
  view: View,
  seat: SeatRef,
  command: ThreeSixteenCommand,
  faces: readonly number[],
): { need: DieRequest | null; error: SendResult | null } {
  try {
    threeSixteen.decide(view, command, typedContext(view, seat, new EnteredDice(faces)));
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

/** Beyond this many dice a probe is taken to be a roll-off that never settles. */
const PLAN_LIMIT = 500;

/**
 * The dice `command` would roll after `faces`, in order, with the rest filled by `fill`; null if
 * the ruleset stops before it wants another die (the plan then says nothing).
 */
function diceRolled(
  view: View,
  seat: SeatRef,
  command: ThreeSixteenCommand,
  faces: readonly number[],
  fill: (die: Die, n: number) => number,
): string[] | null {
  const purposes: string[] = [];
  const source: DiceSource = {
    roll(die, purpose) {
      const n = purposes.length;
      if (n >= PLAN_LIMIT) throw new Error('too many dice');
      purposes.push(purpose);
      return n < faces.length ? (faces[n] as number) : fill(die, n);
    },
  };
  try {
    threeSixteen.decide(view, command, typedContext(view, seat, source));
  } catch {
    // A refusal after the dice (or a roll-off cut short) leaves the dice seen so far to read.
  }
  return purposes.length > faces.length ? purposes : null;
}

/** Faces that cycle up from the lowest or down from the highest, so any roll-off settles. */
function cycling(up: boolean): (die: Die, n: number) => number {
  return (die, n) => {
    const values = die.labels ? [...die.labels] : Array.from({ length: die.sides }, (_, i) => i + 1);
    const i = n % values.length;
    return values[up ? i : values.length - 1 - i] as number;
  };
}

/**
 * Which die of its purpose the next one is, and how many that purpose takes. The ruleset is run
 * twice with made-up faces for the dice not rolled yet (low ones, then high ones): when both
 * runs roll the same number of dice for the purpose, that number is the count; when the faces
 * change it (a roll-off, a re-roll), the count is left unknown.
 */
export function dicePlan(
  view: View,
  seat: SeatRef,
  command: ThreeSixteenCommand,
  faces: readonly number[],
): DicePlan | null {
  const runs = [cycling(true), cycling(false)].map((fill) => diceRolled(view, seat, command, faces, fill));
  const at = faces.length;
  const groups = runs.map((purposes) => {
    if (!purposes) return null;
    const purpose = purposes[at];
    let start = at;
    while (start > 0 && purposes[start - 1] === purpose) start--;
    let end = at;
    while (end + 1 < purposes.length && purposes[end + 1] === purpose) end++;
    return { purpose, index: at - start + 1, count: end - start + 1 };
  });
  const [low, high] = groups;
  if (!low) return null;
  const same =
    high !== null && high !== undefined && high.purpose === low.purpose && high.count === low.count;
  return { index: low.index, count: same ? low.count : null };
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

/** Said wherever a trooper of the encounter has no range yet (before Dominance sets it). */
export const NOT_PLACED = 'not placed yet';

/** Why an encounter ended, as the table would say it. */
export const END_REASON_LABEL: Readonly<Record<EncounterEndReason, string>> = {
  allDead: 'lost: every trooper is down',
  strength: 'won: a Strength ended it',
  allBeyondFar: 'every trooper left the fight',
  standoff: 'standoff: three rounds without a kill',
  noTokens: 'won: no Threat Tokens left',
  gm: 'the GM ended it',
  endEncounterAbility: 'an alien ability ended it',
  eVac: 'E-Vac pulled the squad out',
  orbitalBombardment: 'Orbital Bombardment ended it',
};

/** Where a Kill came from, in words ("A Kill is coming from …"). */
export const HIT_SOURCE_LABEL: Readonly<Record<HitSource, string>> = {
  aliens: 'the aliens',
  ambush: 'an ambush',
  suicide: 'a suicide attack',
  grenades: 'grenades',
  explodingBodies: 'exploding bodies',
  tpkBomb: 'a TPK Bomb',
  paradiseBomb: 'a Paradise Bomb',
  orbitalBombardment: 'the Orbital Bombardment',
  eVac: 'the E-Vac',
  combatDrugs: 'combat drugs',
  vehicleDestroyed: 'a destroyed vehicle',
  trooper: 'a trooper',
  gm: 'the GM',
};

export const STATUS_LABEL: Readonly<Record<Trooper['status'], string>> = {
  active: 'Active',
  dead: 'Dead',
  wreck: 'Broken (unplayable)',
  replaced: 'Replaced',
  retired: 'Retired',
};

export const SLOT_LABEL = {
  notYetAvailable: 'Not yet available',
  available: 'Available',
  used: 'Used',
} as const;

const DECISION_VERB: Readonly<Record<Decision['kind'], string>> = {
  createTroopers: 'get the troopers made (each player creates their own)',
  assignRanks: 'hand out the starting ranks (Sergeant, Corporal) before the first planet',
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
  conflictTurn: 'let the better success land or call it off',
  conflictHit: 'answer a hit (armour or take it)',
  conflictDeclare: 'declare in the conflict',
  conflictRoll: 'roll the conflict round',
  conflictDrugs: 'keep the FA die or re-roll it with combat drugs',
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
  const name = (seat: string) => (seat === 'gm' ? 'GM' : seatName(seat));
  const who = [d.seat, ...(d.orSeats ?? [])].map(name).join(' or ');
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
