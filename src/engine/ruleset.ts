import type { z } from 'zod';
import type { DiceSource } from './dice/source.ts';

export type Role = 'gm' | 'player' | 'spectator';

/** Who is acting or looking. Spectators and players only ever see what `view`/`redact` give them. */
export interface Seat {
  readonly seatId: string;
  readonly role: Role;
  /**
   * The seat's own role, when the game has it act with another (`actingRole`: a 3:16 player seat
   * running a mission as its GM). Lets view and redact tell such a stand-in from the table's GM.
   */
  readonly seatRole?: Role;
}

/** A seat acting as the GM for now without being the table's GM (3:16's rotating GM). */
export function isStandInGm(seat: Seat): boolean {
  return seat.role === 'gm' && seat.seatRole !== undefined && seat.seatRole !== 'gm';
}

/** Everything `decide` may use besides state and command: the actor and where dice come from. */
export interface DecideContext {
  readonly actor: Seat;
  readonly dice: DiceSource;
  /**
   * The table's own dice, for rolls that are not the sender's: another party's test, a roll-off
   * between several, what the engine rolls on its own after the command. The server sets it when a
   * player types in their own faces, so typed dice only ever decide the typist's rolls. Absent,
   * `dice` rolls everything (a GM entering every die, the CLI, tests, the simulator).
   */
  readonly tableDice?: DiceSource;
}

/** The dice for a roll that belongs to someone other than the sender (see `tableDice`). */
export function othersDice(ctx: DecideContext): DiceSource {
  return ctx.tableDice ?? ctx.dice;
}

/**
 * The mark the server (never a seat) puts on every event of a command that came with typed-in
 * faces (`dice` in the command message: real dice rolled at the table), so the log can show them
 * apart from the table's digital dice. For a player it means their own rolls were typed (rolls for
 * others still come from `tableDice`); for the GM, every die of the command. Rulesets neither set
 * nor read it: their events are what `decide` makes, the mark is added after, and an import checks
 * an event's schema without it. Logs from before the mark have none: every die digital.
 */
export const TYPED_DICE_MARK = 'typedDice';

/** Whether the server marked `event` as made with typed-in dice (see TYPED_DICE_MARK). */
export function isTypedDice(event: object): boolean {
  return (event as Record<string, unknown>)[TYPED_DICE_MARK] === true;
}

/**
 * Events every table's log holds whatever the system: who sits at the table. The server appends
 * them; each ruleset's `evolve` receives them too (most just record the seat).
 */
export type TableEvent =
  | { readonly type: 'seat.joined'; readonly seatId: string; readonly role: Role; readonly name: string }
  | { readonly type: 'seat.renamed'; readonly seatId: string; readonly name: string };

/**
 * The contract every rule system keeps (see docs/architecture.md):
 * - `decide` validates a command against the state and returns the events it causes, drawing any
 *   dice from `ctx.dice`; on refusal it throws RuleError and changes nothing.
 * - `evolve` folds one event into the state: pure, no dice, no clock, no I/O.
 * - `view` is the state as one seat may see it; `redact` is one event as that seat may see it
 *   (or null when the seat may not learn it happened at all).
 */
export interface Ruleset<
  S,
  C extends { readonly type: string },
  E extends { readonly type: string },
  O = unknown,
> {
  readonly id: string;
  readonly title: string;
  /** Validates untrusted command JSON; `decide` only ever receives parsed commands. */
  readonly commandSchema: z.ZodType<C>;
  /**
   * Which roles may send each command type; the server checks this before `decide` runs.
   * Ownership (a player acting only for its own characters) is checked by `decide` itself.
   */
  readonly commandRoles: Readonly<Record<C['type'], readonly Role[]>>;
  /**
   * Command types that may come in a message far larger than any other (a whole data pack):
   * the server reads such a message up to its bulk limit only when it carries one of these.
   */
  readonly bulkCommands?: readonly C['type'][];
  /**
   * Every event type `evolve` folds in (besides the table events). Optional: when given, an
   * imported log with any other type is refused, since evolve would skip it silently.
   */
  readonly eventTypes?: readonly E['type'][];
  /**
   * Schemas of events by type, as `decide` makes them. An imported log is checked against them
   * event by event (a file is untrusted JSON: a tampered event could put the state where the
   * rules never go). Types without one are checked by type only.
   */
  readonly eventSchemas?: Readonly<Partial<Record<E['type'], z.ZodType>>>;
  /**
   * Whether `event` could follow `state` (a roll id out of turn, a reveal of no roll): null when
   * it could, else why not, in a sentence. Imports refuse an event it objects to.
   */
  eventProblem?(state: S, event: E): string | null;
  setup(options: O): S;
  decide(state: S, command: C, ctx: DecideContext): E[];
  evolve(state: S, event: E | TableEvent): S;
  view(state: S, seat: Seat): unknown;
  /**
   * The role a seat acts with right now, when the game can change it (3:16's rotating GM runs a
   * mission as its GM). The server checks commands, builds views and redacts events with it;
   * omitted: the seat's own role always.
   */
  actingRole?(state: S, seat: Seat): Role;
  /** The redacted form is a wire shape for clients, not necessarily one of E (e.g. a hidden roll without faces). */
  redact(event: E | TableEvent, seat: Seat): { readonly type: string } | null;
}

/**
 * Any ruleset with its own types erased: what the server and CLI hold in a registry. (Method
 * parameters are bivariant in TypeScript, so every concrete ruleset is assignable to this.)
 */
export type AnyRuleset = Ruleset<unknown, { readonly type: string }, { readonly type: string }, unknown>;
