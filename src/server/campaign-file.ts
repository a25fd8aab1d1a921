import { z } from 'zod';
import { Fold } from '../engine/fold.ts';
import {
  type AnyRuleset,
  type Role,
  type Seat,
  type TableEvent,
  TYPED_DICE_MARK,
} from '../engine/ruleset.ts';
import { stateHash } from '../engine/state-hash.ts';
import { actingSeatOf } from './hub.ts';
import { MAX_EVENT_DEPTH, nestedDeeperThan } from './json-limits.ts';
import { nameField } from './protocol.ts';

/**
 * The campaign file: what `GET /api/tables/:id/export` writes and `POST /api/tables/import` and
 * `bughunt sheet` read. The log is the whole campaign, so reading a file means checking its shape
 * and then replaying it through the system's ruleset; a file that cannot be replayed cleanly is
 * refused as a whole rather than imported half-way. No Fastify here: the CLI uses it too.
 */

export { MAX_CAMPAIGN_BYTES } from './campaign-limits.ts';
/** Most events in one file; bounds the replay's time as the byte cap bounds its memory. */
export const MAX_CAMPAIGN_EVENTS = 200_000;

/** Why a file was refused: a stable code for programs and a message naming the problem. */
export class CampaignFileError extends Error {
  constructor(
    readonly code: 'IMPORT_INVALID' | 'UNKNOWN_SYSTEM' | 'IMPORT_RULES_CHANGED',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CampaignFileError';
  }
}

// Names follow the rules of names typed at table creation (`nameField`): an imported name could
// have been typed.
const seatIdField = z.string().min(1).max(100);

const envelopeSchema = z.object({
  seq: z.number().int().positive(),
  at: z.iso.datetime({ offset: true }),
  by: seatIdField.nullable(),
  commandId: z.string().min(1).max(64).nullable(),
  event: z.looseObject({ type: z.string().min(1).max(100) }),
});

/**
 * The file with its events unread: they are checked one by one during the replay, a chunk at a
 * time, so a big file never holds the server's loop for the whole of its check.
 */
const campaignHeadSchema = z.object({
  table: z.object({
    tableId: z.string().max(64).optional(),
    system: z.string().min(1).max(60),
    name: nameField,
    createdAt: z.iso.datetime({ offset: true }).optional(),
  }),
  /** The exporting server's hash of the replayed state; when present the replay must match it. */
  stateHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  events: z.array(z.unknown()).max(MAX_CAMPAIGN_EVENTS),
});

/** Events replayed between two turns of the event loop when reading a file on the server. */
export const CAMPAIGN_CHUNK = 2000;

/** The whole file: its head with every event's envelope checked. */
export const campaignFileSchema = campaignHeadSchema.extend({
  events: z.array(envelopeSchema).max(MAX_CAMPAIGN_EVENTS),
});
export type CampaignFile = z.infer<typeof campaignFileSchema>;

// Table events are the server's own, so they are checked field by field whatever the system.
const seatJoinedSchema = z.strictObject({
  type: z.literal('seat.joined'),
  seatId: seatIdField,
  role: z.enum(['gm', 'player', 'spectator']),
  name: nameField,
});
const seatRenamedSchema = z.strictObject({
  type: z.literal('seat.renamed'),
  seatId: seatIdField,
  name: nameField,
});

export interface CampaignSeat {
  readonly seatId: string;
  readonly role: Role;
  /** The seat's name at the end of the log (after any renames). */
  readonly name: string;
}

export interface CampaignEvent {
  readonly seq: number;
  /** Normalised to ISO with milliseconds and Z, the form every store gives back. */
  readonly at: string;
  readonly by: string | null;
  readonly commandId: string | null;
  readonly event: { readonly type: string } & Record<string, unknown>;
}

export interface Campaign {
  readonly system: string;
  readonly name: string;
  readonly events: readonly CampaignEvent[];
  /** Every seat of the log, in the order they joined; the first GM seat is `gmSeatId`. */
  readonly seats: readonly CampaignSeat[];
  readonly gmSeatId: string;
  /** The state after replaying every event, and its hash. */
  readonly state: unknown;
  readonly stateHash: string;
  /** The file's hash differs from the replay's, and the reader accepted today's replay. */
  readonly rulesChanged: boolean;
}

export interface ReadCampaignOptions {
  /**
   * Take today's replay when it differs from the exporter's (`stateHash`): the events are the
   * campaign, and a rules fix replays them to a slightly different state. Without it such a file
   * is refused with IMPORT_RULES_CHANGED, so nobody gets a changed campaign without being told.
   */
  readonly acceptRulesChange?: boolean;
}

function invalid(message: string, details?: unknown): CampaignFileError {
  return new CampaignFileError('IMPORT_INVALID', message, details);
}

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(top level)';
}

function issuesOf(
  error: z.ZodError,
  under: readonly PropertyKey[] = [],
): { path: string; message: string }[] {
  return error.issues
    .slice(0, 10)
    .map((i) => ({ path: pathText([...under, ...i.path]), message: i.message }));
}

/**
 * Checks and replays a campaign file (already parsed JSON). Throws CampaignFileError naming the
 * first problem: a shape the schema refuses, an unknown system, seqs out of order, an event of a
 * type the ruleset does not know, a seat acting before it joined, an event nested deeper than
 * MAX_EVENT_DEPTH, an event the ruleset's evolve throws on, or (unless `acceptRulesChange`) a
 * state hash that differs from the exporter's. What the table then shows its seats is checked
 * apart, by `checkCampaignViews`.
 */
export function readCampaign(
  input: unknown,
  rulesetFor: (system: string) => AnyRuleset | null,
  options: ReadCampaignOptions = {},
): Campaign {
  const steps = campaignSteps(input, rulesetFor, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `readCampaign` for the server: the same checks, giving the event loop a turn after every
 * CAMPAIGN_CHUNK events, so the tables it serves keep answering while a big file is read.
 */
export async function readCampaignYielding(
  input: unknown,
  rulesetFor: (system: string) => AnyRuleset | null,
  options: ReadCampaignOptions = {},
): Promise<Campaign> {
  const steps = campaignSteps(input, rulesetFor, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** Resolves on the loop's next check phase: I/O (other requests, sockets) runs first. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** readCampaign as steps: it yields after each chunk of events; its return value is the campaign. */
function* campaignSteps(
  input: unknown,
  rulesetFor: (system: string) => AnyRuleset | null,
  options: ReadCampaignOptions,
): Generator<void, Campaign, void> {
  const parsed = campaignHeadSchema.safeParse(input);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    const first = issues[0];
    throw invalid(
      first ? `not a Bughunt campaign file: ${first.path}: ${first.message}` : 'not a Bughunt campaign file',
      { issues },
    );
  }
  const file = parsed.data;
  const rules = rulesetFor(file.table.system);
  if (!rules) {
    throw new CampaignFileError('UNKNOWN_SYSTEM', `there is no system called ${file.table.system}`);
  }
  const known = rules.eventTypes ? new Set<string>(rules.eventTypes) : null;

  const seats = new Map<string, { role: Role; name: string }>();
  const events: CampaignEvent[] = [];
  // Setup options never leave a server (they may hold secrets), and today every table is set up
  // with none; the replay starts from the same empty setup the exporting table had.
  let state = rules.setup({});
  // One fold over every chunk: lists the replay makes grow in place (fold.ts), chunk after chunk.
  const fold = new Fold();
  const readOne = (raw: unknown, i: number): void => {
    const checked = envelopeSchema.safeParse(raw);
    if (!checked.success) {
      const issues = issuesOf(checked.error, ['events', i]);
      const first = issues[0];
      throw invalid(`not a Bughunt campaign file: ${first?.path}: ${first?.message}`, { issues });
    }
    const envelope = checked.data;
    const where = `event ${envelope.seq} (${envelope.event.type})`;
    if (envelope.seq !== i + 1) {
      throw invalid(`events[${i}] has seq ${envelope.seq}; seqs must run 1, 2, 3, … without gaps`);
    }
    if ((envelope.by === null) !== (envelope.commandId === null)) {
      throw invalid(`${where}: by and commandId are both set (a command's event) or both null`);
    }
    if (envelope.by !== null && !seats.has(envelope.by)) {
      throw invalid(`${where} is by seat ${envelope.by}, which has not joined before it`);
    }
    // Before anything walks it: the state hash, views and patches recurse through what evolve
    // keeps of an event, and thousands of levels would overflow the stack there.
    if (nestedDeeperThan(envelope.event, MAX_EVENT_DEPTH)) {
      throw invalid(`${where} nests arrays and objects deeper than ${MAX_EVENT_DEPTH} levels`, {
        seq: envelope.seq,
        maxDepth: MAX_EVENT_DEPTH,
      });
    }
    const type = envelope.event.type;
    if (type === 'seat.joined') {
      const joined = seatJoinedSchema.safeParse(envelope.event);
      if (!joined.success)
        throw invalid(`${where} is malformed`, { seq: envelope.seq, issues: issuesOf(joined.error) });
      if (seats.has(joined.data.seatId)) throw invalid(`${where}: seat ${joined.data.seatId} joins twice`);
      seats.set(joined.data.seatId, { role: joined.data.role, name: joined.data.name });
    } else if (type === 'seat.renamed') {
      const renamed = seatRenamedSchema.safeParse(envelope.event);
      if (!renamed.success)
        throw invalid(`${where} is malformed`, { seq: envelope.seq, issues: issuesOf(renamed.error) });
      const seat = seats.get(renamed.data.seatId);
      if (!seat) throw invalid(`${where} renames seat ${renamed.data.seatId}, which has not joined`);
      seat.name = renamed.data.name;
    } else if (known && !known.has(type)) {
      // evolve would skip it without a word, so the import would not be the campaign it claims.
      throw invalid(`${where}: ${rules.id} has no event of type ${type}`, { seq: envelope.seq });
    } else {
      // Its contents as decide makes them, and its place: a tampered event could otherwise put
      // the table in a state the rules never reach.
      // The server's typed-dice mark is not the ruleset's: checked here, and the schema checks the rest.
      const { [TYPED_DICE_MARK]: mark, ...content } = envelope.event;
      if (mark !== undefined && (mark !== true || envelope.by === null)) {
        throw invalid(`${where}: ${TYPED_DICE_MARK} is only ever true, on a seat's command`, {
          seq: envelope.seq,
        });
      }
      const schema = rules.eventSchemas?.[type];
      const fits = schema?.safeParse(content);
      if (fits && !fits.success) {
        const issues = issuesOf(fits.error);
        throw invalid(`${where} does not fit its schema: ${issues[0]?.path}: ${issues[0]?.message}`, {
          seq: envelope.seq,
          issues,
        });
      }
      const problem = rules.eventProblem?.(state, envelope.event);
      if (problem)
        throw invalid(`${where} cannot follow the events before it: ${problem}`, { seq: envelope.seq });
    }
    try {
      state = rules.evolve(state, envelope.event as TableEvent);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      throw invalid(`${where} fails to replay: ${reason.split('\n')[0]}`, { seq: envelope.seq });
    }
    events.push({
      seq: envelope.seq,
      at: new Date(envelope.at).toISOString(),
      by: envelope.by,
      commandId: envelope.commandId,
      event: envelope.event,
    });
  };
  for (let start = 0; start < file.events.length; start += CAMPAIGN_CHUNK) {
    const end = Math.min(file.events.length, start + CAMPAIGN_CHUNK);
    fold.run(() => {
      for (let i = start; i < end; i++) readOne(file.events[i], i);
    });
    yield;
  }

  const gm = [...seats].find(([, s]) => s.role === 'gm');
  if (!gm) throw invalid('the log has no GM seat (no seat.joined with role gm)');
  const hash = stateHash(state);
  const rulesChanged = file.stateHash !== undefined && file.stateHash !== hash;
  if (rulesChanged && !options.acceptRulesChange) {
    // Every event replayed cleanly, so the file is a campaign: only its outcome moved, because the
    // rules changed since the export (or someone edited the file). The reader decides.
    throw new CampaignFileError(
      'IMPORT_RULES_CHANGED',
      'replaying the log under these rules gives another state than the exporting server had (the rules changed since the export, or the file was edited)',
      { expected: file.stateHash, got: hash },
    );
  }
  return {
    system: file.table.system,
    name: file.table.name,
    events,
    seats: [...seats].map(([seatId, s]) => ({ seatId, role: s.role, name: s.name })),
    gmSeatId: gm[0],
    state,
    stateHash: hash,
    rulesChanged,
  };
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}

/** A seat id no seat of `taken` has, for a spectator that joins only to be shown the state. */
function unusedSeatId(taken: readonly CampaignSeat[]): string {
  const ids = new Set(taken.map((s) => s.seatId));
  let id = 'sImportCheck';
  for (let n = 2; ids.has(id); n++) id = `sImportCheck${n}`;
  return id;
}

/**
 * Builds the view of the campaign's final state for every seat of the log, and for a spectator
 * joining afterwards, as a table does when a socket attaches (the acting role, `view`, its JSON).
 * A log the rules replay but cannot show (an event evolve keeps but `view` chokes on) would open a
 * table no socket can attach to, so it is refused with IMPORT_INVALID naming the seat. Run it
 * after the seat caps: it costs one view per seat.
 */
export function checkCampaignViews(campaign: Campaign, rules: AnyRuleset): void {
  for (const _ of viewSteps(campaign, rules)) {
    // each step is one seat's view
  }
}

/** `checkCampaignViews` for the server: the event loop gets a turn after each seat's view. */
export async function checkCampaignViewsYielding(campaign: Campaign, rules: AnyRuleset): Promise<void> {
  for (const _ of viewSteps(campaign, rules)) await nextTurn();
}

function* viewSteps(campaign: Campaign, rules: AnyRuleset): Generator<void, void, void> {
  const showTo = (state: unknown, seat: Seat, who: string): void => {
    try {
      JSON.stringify(rules.view(state, actingSeatOf(rules, state, seat)));
    } catch (e) {
      throw invalid(`the log replays, but its last state cannot be shown to ${who}: ${firstLine(e)}`, {
        seatId: seat.seatId,
        role: seat.role,
      });
    }
  };
  for (const s of campaign.seats) {
    showTo(campaign.state, { seatId: s.seatId, role: s.role }, `seat ${s.seatId} (${s.role})`);
    yield;
  }
  const spectator: Seat = { seatId: unusedSeatId(campaign.seats), role: 'spectator' };
  let state: unknown;
  try {
    state = rules.evolve(campaign.state, {
      type: 'seat.joined',
      seatId: spectator.seatId,
      role: 'spectator',
      name: 'Spectator',
    });
  } catch (e) {
    throw invalid(`the log replays, but a spectator cannot join after it: ${firstLine(e)}`);
  }
  showTo(state, spectator, 'a spectator joining after it');
}
