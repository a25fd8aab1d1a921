import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { DiceSource } from '../engine/dice/source.ts';
import type { AnyRuleset } from '../engine/ruleset.ts';
import { AppPage } from './app-page.ts';
import {
  type Campaign,
  CampaignFileError,
  checkCampaignViewsYielding,
  MAX_CAMPAIGN_BYTES,
  nextTurn,
  readCampaignYielding,
} from './campaign-file.ts';
import { Connection, issueDetails, type SocketLimits } from './connection.ts';
import { tableOptions } from './hub.ts';
import { Hubs } from './hubs.ts';
import { prototypeKeyIn } from './json-limits.ts';
import type { ServerAddressResponse } from './protocol.ts';
import {
  CLOSE_CODES,
  type CreateTableResponse,
  createTableRequestSchema,
  type HttpError as ErrorBody,
  type ImportedSeat,
  type ImportTableResponse,
  importQuerySchema,
  joinRequestSchema,
  MAX_SOCKET_FRAME_BYTES,
  nameReservedForGm,
  type RenameSeatResponse,
  renameSeatRequestSchema,
  type SeatTokenResponse,
  type SystemInfo,
  spectateRequestSchema,
  type TableInfoResponse,
} from './protocol.ts';
import { type PublicAddress, publicAddress } from './public-url.ts';
import { KeyedRateLimiter } from './rate-limit.ts';
import { securityHeaders } from './security.ts';
import {
  type EventBus,
  type EventStore,
  type SeatRecord,
  SeatsFullError,
  type TableRecord,
} from './store/event-store.ts';
import { openStores } from './stores.ts';
import { hashToken, newCode, newId, newToken, sameSecret } from './tokens.ts';

/** What tables can run: the systems offered, and the ruleset a table of each system runs. */
export interface RulesRegistry {
  readonly systems: readonly SystemInfo[];
  rulesetFor(system: string): AnyRuleset | null;
}

export interface Limits extends SocketLimits {
  /** GM and player seats a table may have (TABLE_FULL beyond). */
  readonly maxSeatsPerTable: number;
  /**
   * Spectator seats a table may have, counted apart from the others (SPECTATORS_FULL beyond): the
   * spectate code is the most widely shared secret, so whoever holds it must not be able to fill
   * the seats players join with.
   */
  readonly maxSpectatorSeatsPerTable: number;
  /** HTTP writes (create, join, spectate) per second per client address, and the burst. */
  readonly httpWritesPerSecond: number;
  readonly httpWriteBurst: number;
  /**
   * Imports and exports per minute per client address, and the burst: each reads or writes a
   * whole campaign (up to MAX_CAMPAIGN_BYTES), far more work than any other request.
   */
  readonly campaignFilesPerMinute: number;
  readonly campaignFileBurst: number;
  /**
   * Imports and exports this server runs at once, from every client together (BUSY beyond,
   * before the body is read): ten concurrent 15 MB imports once grew the process by 650 MB.
   */
  readonly maxConcurrentCampaignFiles: number;
  /**
   * Commands per second per seat (all its sockets together) and for all player seats of a table
   * together (the GM's seat apart), with bursts, and how many may wait in a table's queue: one
   * player with many sockets once pushed the GM's latency from 7 ms to 15 s.
   */
  readonly commandsPerSecondPerSeat: number;
  readonly commandBurstPerSeat: number;
  readonly playerCommandsPerSecondPerTable: number;
  readonly playerCommandBurstPerTable: number;
  readonly maxQueuedCommandsPerTable: number;
}

export const DEFAULT_LIMITS: Limits = {
  messagesPerSecond: 50,
  messageBurst: 100,
  maxConnectionsPerTable: 64,
  maxSpectatorConnectionsPerTable: 32,
  maxConnectionsPerSeat: 8,
  helloTimeoutMs: 10_000,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxSeatsPerTable: 100,
  maxSpectatorSeatsPerTable: 100,
  httpWritesPerSecond: 20,
  httpWriteBurst: 200,
  campaignFilesPerMinute: 12,
  campaignFileBurst: 6,
  maxConcurrentCampaignFiles: 2,
  commandsPerSecondPerSeat: 25,
  commandBurstPerSeat: 50,
  playerCommandsPerSecondPerTable: 60,
  playerCommandBurstPerTable: 120,
  maxQueuedCommandsPerTable: 100,
};

export interface ServerOptions {
  readonly port: number;
  readonly host?: string;
  /** SQLite data directory when no databaseUrl (default ./data). */
  readonly dataDir?: string;
  /** PostgreSQL connection string; when set, tables live there and instances share them. */
  readonly databaseUrl?: string;
  /** PostgreSQL schema (tests isolate themselves with one); default public. */
  readonly databaseSchema?: string;
  /** The built web app (default dist/web); served with index.html for the app's own paths. */
  readonly webRoot?: string;
  /** Rulesets and systems (default: src/rules/registry.ts). */
  readonly rules?: RulesRegistry;
  /** An already-open store and bus (tests); the server does not close them. */
  readonly stores?: { readonly store: EventStore; readonly bus: EventBus };
  readonly limits?: Partial<Limits>;
  readonly snapshotEvery?: number;
  /**
   * Behind a reverse proxy: take the client address from X-Forwarded-For (for the per-address
   * rate limit). Only set it when a proxy you trust sets that header.
   */
  readonly trustProxy?: boolean;
  /** Log level of Fastify's JSON log on stdout (default silent; main.ts uses info). */
  readonly logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  /** Where the JSON log lines go instead of stdout (tests read what was logged, and at what level). */
  readonly logStream?: { write(line: string): void };
  /** The address other devices reach this server at (PUBLIC_URL); default: see public-url.ts. */
  readonly publicUrl?: string;
  /**
   * TEST ONLY: scripted dice for every table instead of the OS's unpredictable ones, so a test
   * that starts this server in-process is exact (a TestTableDice of test-dice.ts, which the
   * production build leaves out: tsconfig.build.json excludes test-*.ts and no production module
   * imports it). main.ts never sets it and nothing else reads
   * the environment or a request for it (test-dice.test.ts checks): predictable table dice
   * would let a player know hidden rolls in advance.
   */
  readonly testDice?: { table(tableId: string): DiceSource };
}

export interface RunningServer {
  /** http://host:port, no trailing slash. */
  readonly url: string;
  /** What invite links use: the address other devices reach (GET /api/server says it too). */
  readonly publicAddress: PublicAddress;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new HttpError(400, 'BAD_REQUEST', 'the request body does not fit', issueDetails(parsed.error));
  }
  return parsed.data;
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header) : null;
  if (!match?.[1]) throw new HttpError(401, 'NOT_AUTHENTICATED', 'send Authorization: Bearer <seat token>');
  return match[1];
}

const IMPORT_PATH = '/api/tables/import';
/** Events an export reads and writes per turn of the loop. */
const EXPORT_PAGE = 2000;
const WS_TABLE_PATH = '/ws/tables/:id';

/**
 * What a table or seat id in a path can look like: ids are newId's base64url (13 characters); 64
 * leaves room without letting a path segment of kilobytes reach the store. Longer segments do not
 * match a route at all (the router's maxParamLength).
 */
const MAX_ID_LENGTH = 64;
const ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_ID_LENGTH}}$`);

function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

/** A request's path for an error message: without the query, and cut short (paths can be kilobytes). */
function shownPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}

/** Paths the web app routes itself: they get index.html. */
const APP_PATHS = /^\/(t|join)\/[^/]+\/?$/;

/** Answers an error the router raised before any route ran (see `frameworkErrors`), in our shape. */
function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No route means no onSend hook: the headers every answer carries are set here.
  securityHeaders(request.url, reply);
  if (request.headers.upgrade) {
    // A refused WebSocket upgrade: no hook of @fastify/websocket ran to drop the socket, and
    // Node's HTTP server no longer owns it, so it is closed here once the answer is out.
    reply.header('connection', 'close');
    reply.raw.once('finish', () => request.raw.socket.destroy());
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send(errorBody('BAD_REQUEST', 'the URL is not valid (a broken %-escape or bad UTF-8)'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .status(404)
      .send(errorBody('NOT_FOUND', `no route ${request.method} with a path segment that long`));
    return;
  }
  reply.log.error({ err: error }, 'router failed');
  void reply.status(500).send(errorBody('INTERNAL', 'the server failed'));
}

async function defaultRules(): Promise<RulesRegistry> {
  const { registryRules } = await import('./rules-registry.ts');
  return registryRules();
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const rules = options.rules ?? (await defaultRules());
  const testDice = options.testDice;
  const ownStores = !options.stores;
  const { store, bus } =
    options.stores ??
    (await openStores({
      dataDir: options.dataDir ?? './data',
      databaseUrl: options.databaseUrl,
      databaseSchema: options.databaseSchema,
    }));

  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        // The path without its query: a token someone put in a query string (our API never
        // asks for one there) must not end up in the access log.
        req: (req: { method?: string; url?: string; ip?: string }) => ({
          method: req.method,
          url: req.url?.includes('?') ? `${req.url.split('?')[0]}?…` : req.url,
          remoteAddress: req.ip,
        }),
      },
    },
    bodyLimit: 16 * 1024,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: MAX_ID_LENGTH },
    // Errors the router raises before any route or hook runs: without this they go out in
    // Fastify's own shape ({"error": "Bad Request", "code": "FST_ERR_…"}), not ours.
    frameworkErrors: (error, request, reply) => frameworkError(error, request, reply),
  });
  const hubs = new Hubs(store, bus, (table) => rules.rulesetFor(table.system), {
    snapshotEvery: options.snapshotEvery ?? 200,
    maxConflictRetries: 20,
    pageSize: 500,
    idleMs: 60_000,
    ...(testDice ? { tableDice: (tableId: string) => testDice.table(tableId) } : {}),
    log: (level, message, error) => app.log[level]({ err: error }, message),
    commandLimits: {
      perSeatPerSecond: limits.commandsPerSecondPerSeat,
      perSeatBurst: limits.commandBurstPerSeat,
      playersPerSecond: limits.playerCommandsPerSecondPerTable,
      playersBurst: limits.playerCommandBurstPerTable,
      maxQueued: limits.maxQueuedCommandsPerTable,
    },
  });
  const sockets = new Set<WebSocket>();
  const writes = new KeyedRateLimiter(limits.httpWritesPerSecond, limits.httpWriteBurst);
  const campaignFiles = new KeyedRateLimiter(limits.campaignFilesPerMinute / 60, limits.campaignFileBurst);
  let campaignFilesRunning = 0;

  // Fastify's own JSON parser refuses a `__proto__` key (prototype poisoning) with the same
  // error as broken JSON, so such a body was told it is "not JSON". This one refuses it too, and
  // says what is wrong and where.
  // Every body is JSON: without Fastify's text/plain parser, another content type is refused as
  // one (415 BAD_REQUEST) instead of reaching a route as a string (an import got IMPORT_INVALID).
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(new HttpError(400, 'BAD_JSON', 'the body is not JSON'), undefined);
      return;
    }
    const poison = prototypeKeyIn(value, text);
    if (poison) {
      done(
        new HttpError(
          400,
          'BAD_REQUEST',
          `the body has a "${poison.key}" key (${poison.path === '(top level)' ? 'at the top level' : `in ${poison.path}`}); keys that could change an object's prototype are refused`,
          { key: poison.key, path: poison.path },
        ),
        undefined,
      );
      return;
    }
    done(null, value);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    securityHeaders(request.url, reply);
    return payload;
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: { code: 'BAD_JSON', message: 'the body is not JSON' } });
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      if (request.routeOptions.url === IMPORT_PATH) {
        return reply.status(413).send({
          error: {
            code: 'IMPORT_TOO_LARGE',
            message: `the campaign file is over ${MAX_CAMPAIGN_BYTES / (1024 * 1024)} MiB`,
            details: { max: MAX_CAMPAIGN_BYTES },
          },
        });
      }
      return reply
        .status(413)
        .send({ error: { code: 'MESSAGE_TOO_LARGE', message: 'the body is too large' } });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ error: { code: 'BAD_REQUEST', message: 'send JSON (Content-Type: application/json)' } });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500 && request.routeOptions.url === '/*') {
      // The web app's static files: a path it cannot serve (a file name of a few hundred
      // characters got 403 "Forbidden") is simply not there.
      return reply
        .status(404)
        .send(errorBody('NOT_FOUND', `no route ${request.method} ${shownPath(request)}`));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply
        .status(e.statusCode)
        .send({ error: { code: 'BAD_REQUEST', message: e.message ?? 'bad request' } });
    }
    app.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'the server failed' } });
  });

  const limitWrites = async (request: FastifyRequest): Promise<void> => {
    if (!writes.take(request.ip)) {
      throw new HttpError(429, 'RATE_LIMITED', 'too many requests; slow down');
    }
  };

  /**
   * Admits an import or export: per address by rate, and server-wide by how many run at once.
   * Runs on the request line, before a body of megabytes is read; the place is given back when
   * the answer is done or the connection drops.
   */
  const admitCampaignFile = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!campaignFiles.take(request.ip)) {
      reply.header('retry-after', String(Math.ceil(60 / limits.campaignFilesPerMinute)));
      throw new HttpError(429, 'RATE_LIMITED', 'too many imports and exports; slow down');
    }
    if (campaignFilesRunning >= limits.maxConcurrentCampaignFiles) {
      reply.header('retry-after', '5');
      throw new HttpError(
        503,
        'BUSY',
        'the server is reading or writing other campaign files; try again shortly',
      );
    }
    campaignFilesRunning++;
    let released = false;
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      campaignFilesRunning--;
    });
  };

  await app.register(fastifyWebsocket, {
    // A little above the protocol's bulk limit so an oversized message is answered with
    // MESSAGE_TOO_LARGE; far bigger frames are refused by the socket layer (close 1009).
    options: { maxPayload: MAX_SOCKET_FRAME_BYTES },
    errorHandler: (error, socket, request) => {
      // ws reports a client's protocol faults (a frame over maxPayload, a bad opcode, bad UTF-8)
      // as an error on the socket and closes it itself with the matching code (1009, 1002,
      // 1007). Anyone can send them, before hello too: logged at error level with a stack they
      // would flood the log, so they get one short debug line.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.debug({ code, reason: error.message }, 'websocket client fault');
        return;
      }
      request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });

  // An upgrade to any path but a table's socket would be upgraded by @fastify/websocket and
  // closed at once with no code (1005): refuse it with an HTTP answer before the upgrade instead.
  app.addHook('onRequest', async (request, reply) => {
    if (request.ws && request.routeOptions.url !== WS_TABLE_PATH) {
      return reply
        .status(404)
        .send(
          errorBody('NOT_FOUND', `no WebSocket at ${shownPath(request)}; tables are at /ws/tables/<tableId>`),
        );
    }
  });

  app.get('/healthz', async () => ({ ok: true }));
  // Known once listening (the port may be 0 until then); the web app builds its links on it.
  let shared: PublicAddress | null = null;
  app.get('/api/server', async (): Promise<ServerAddressResponse> => ({ publicAddress: shared }));

  app.get(
    '/api/systems',
    async (): Promise<{ systems: readonly SystemInfo[] }> => ({ systems: rules.systems }),
  );

  const refuseGmName = (name: string): void => {
    if (nameReservedForGm(name)) {
      throw new HttpError(400, 'NAME_RESERVED', `only the table's GM seat may be called ${name}`, { name });
    }
  };

  const tableOr404 = async (tableId: string): Promise<TableRecord> => {
    const table = ID_PATTERN.test(tableId) ? await store.getTable(tableId) : null;
    if (!table) throw new HttpError(404, 'TABLE_NOT_FOUND', 'there is no such table');
    return table;
  };

  /**
   * Adds a seat: its row and its seat.joined event in one store transaction (through the hub, so
   * the event gets its seq and goes out to every socket), so no seat exists without its event.
   */
  const addSeat = async (
    table: TableRecord,
    role: 'player' | 'spectator',
    name: string,
  ): Promise<SeatTokenResponse> => {
    refuseGmName(name);
    const hub = await hubs.get(table.tableId);
    if (!hub) throw new HttpError(404, 'TABLE_NOT_FOUND', 'there is no such table');
    const token = newToken();
    const seat: SeatRecord = {
      tableId: table.tableId,
      seatId: newId('s'),
      role,
      name,
      tokenHash: hashToken(token),
    };
    // Spectator seats and the others are capped apart, so spectators can never block a player.
    // The store counts and inserts in one atomic step: a count here followed by an insert let
    // concurrent joins (or joins on two instances) all see room and all take a seat.
    const max = role === 'spectator' ? limits.maxSpectatorSeatsPerTable : limits.maxSeatsPerTable;
    try {
      await hub.appendServerEvent(
        { type: 'seat.joined', seatId: seat.seatId, role, name },
        { kind: 'add', seat, max },
      );
    } catch (e) {
      if (!(e instanceof SeatsFullError)) throw e;
      if (e.pool === 'spectators') {
        throw new HttpError(
          409,
          'SPECTATORS_FULL',
          `the table has as many spectator seats as it allows (${e.max})`,
          { max: e.max },
        );
      }
      throw new HttpError(
        409,
        'TABLE_FULL',
        `the table has as many GM and player seats as it allows (${e.max})`,
        {
          max: e.max,
        },
      );
    }
    return {
      tableId: table.tableId,
      seatId: seat.seatId,
      role,
      token,
      url: `/t/${table.tableId}#token=${token}`,
    };
  };

  app.post(
    '/api/tables',
    { preHandler: limitWrites },
    async (request, reply): Promise<CreateTableResponse> => {
      const body = parseBody(createTableRequestSchema, request.body);
      if (!rules.systems.some((s) => s.id === body.system) || !rules.rulesetFor(body.system)) {
        throw new HttpError(400, 'UNKNOWN_SYSTEM', `there is no system called ${body.system}`, {
          systems: rules.systems.map((s) => s.id),
        });
      }
      const tableId = newId('t');
      const token = newToken();
      const inviteCode = newCode();
      const spectateCode = newCode();
      const gmSeat: SeatRecord = {
        tableId,
        seatId: newId('s'),
        role: 'gm',
        name: body.gmName ?? 'GM',
        tokenHash: hashToken(token),
      };
      // The GM's seat.joined is seq 1, written with the table and the seat in one transaction:
      // no hub has the new table open yet, so there is nothing to fan it out to.
      await store.createTable(
        {
          tableId,
          system: body.system,
          name: body.name,
          createdAt: new Date().toISOString(),
          options: { setup: {}, inviteCode, spectateCode },
        },
        gmSeat,
        [
          {
            by: null,
            commandId: null,
            event: { type: 'seat.joined', seatId: gmSeat.seatId, role: 'gm', name: gmSeat.name },
          },
        ],
      );
      reply.status(201);
      return {
        tableId,
        gm: { seatId: gmSeat.seatId, token, url: `/t/${tableId}#token=${token}` },
        invite: { code: inviteCode, url: `/join/${tableId}#code=${inviteCode}` },
        spectate: { code: spectateCode, url: `/t/${tableId}#spectate=${spectateCode}` },
      };
    },
  );

  app.post(
    IMPORT_PATH,
    // A campaign's log is far bigger than any other request; only this route takes that much.
    // The rate limit runs on the request line (onRequest), before megabytes are read and parsed.
    { onRequest: [limitWrites, admitCampaignFile], bodyLimit: MAX_CAMPAIGN_BYTES },
    async (request, reply): Promise<ImportTableResponse> => {
      const query = importQuerySchema.safeParse(request.query ?? {});
      if (!query.success) {
        throw new HttpError(400, 'BAD_REQUEST', 'the query string does not fit', issueDetails(query.error));
      }
      let campaign: Campaign;
      try {
        campaign = await readCampaignYielding(
          request.body,
          (system) => (rules.systems.some((s) => s.id === system) ? rules.rulesetFor(system) : null),
          { acceptRulesChange: query.data.acceptRulesChange === 'true' },
        );
      } catch (e) {
        if (!(e instanceof CampaignFileError)) throw e;
        const details = e.code === 'UNKNOWN_SYSTEM' ? { systems: rules.systems.map((s) => s.id) } : e.details;
        throw new HttpError(e.code === 'IMPORT_RULES_CHANGED' ? 409 : 400, e.code, e.message, details);
      }
      const spectatorSeats = campaign.seats.filter((s) => s.role === 'spectator').length;
      const otherSeats = campaign.seats.length - spectatorSeats;
      if (otherSeats > limits.maxSeatsPerTable) {
        throw new HttpError(
          400,
          'IMPORT_INVALID',
          `the log has ${otherSeats} GM and player seats; a table allows ${limits.maxSeatsPerTable}`,
        );
      }
      if (spectatorSeats > limits.maxSpectatorSeatsPerTable) {
        throw new HttpError(
          400,
          'IMPORT_INVALID',
          `the log has ${spectatorSeats} spectator seats; a table allows ${limits.maxSpectatorSeatsPerTable}`,
        );
      }
      // After the caps (one view per seat): a log that replays but that the rules cannot show to
      // a seat would open a table no socket of that seat can attach to.
      const ruleset = rules.rulesetFor(campaign.system);
      if (!ruleset) throw new Error(`the ruleset of ${campaign.system} went missing`);
      try {
        await checkCampaignViewsYielding(campaign, ruleset);
      } catch (e) {
        if (!(e instanceof CampaignFileError)) throw e;
        throw new HttpError(400, e.code, e.message, e.details);
      }
      // A new table: new id, new codes, new tokens. Seat ids stay, because the events name them.
      const tableId = newId('t');
      const inviteCode = newCode();
      const spectateCode = newCode();
      const issued: ImportedSeat[] = [];
      const seats: SeatRecord[] = campaign.seats.map((s) => {
        const token = newToken();
        issued.push({ ...s, token, url: `/t/${tableId}#token=${token}` });
        return { tableId, seatId: s.seatId, role: s.role, name: s.name, tokenHash: hashToken(token) };
      });
      await store.importTable(
        {
          tableId,
          system: campaign.system,
          name: campaign.name,
          createdAt: new Date().toISOString(),
          options: { setup: {}, inviteCode, spectateCode },
        },
        seats,
        campaign.events.map(({ at, by, commandId, event }) => ({ at, by, commandId, event })),
      );
      if (campaign.events.length > 0) {
        // The replay is done already: keep it, so the first socket does not replay the log again.
        // Best effort, as the hub's own snapshots: without it the table only opens slower.
        await store
          .saveSnapshot({ tableId, seq: campaign.events.length, state: campaign.state })
          .catch((e: unknown) => app.log.warn({ err: e }, 'snapshot after import failed'));
      }
      const gm = issued.find((s) => s.seatId === campaign.gmSeatId);
      if (!gm) throw new Error('the GM seat of an import went missing');
      reply.status(201);
      return {
        tableId,
        system: campaign.system,
        name: campaign.name,
        gm,
        seats: issued.filter((s) => s !== gm),
        invite: { code: inviteCode, url: `/join/${tableId}#code=${inviteCode}` },
        spectate: { code: spectateCode, url: `/t/${tableId}#spectate=${spectateCode}` },
        headSeq: campaign.events.length,
        stateHash: campaign.stateHash,
        rulesChanged: campaign.rulesChanged,
      };
    },
  );

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (request): Promise<TableInfoResponse> => {
    const table = await tableOr404(request.params.id);
    return { tableId: table.tableId, system: table.system, name: table.name, createdAt: table.createdAt };
  });

  app.post<{ Params: { id: string } }>(
    '/api/tables/:id/join',
    { preHandler: limitWrites },
    async (request, reply): Promise<SeatTokenResponse> => {
      const body = parseBody(joinRequestSchema, request.body);
      const table = await tableOr404(request.params.id);
      if (!sameSecret(body.inviteCode, tableOptions(table).inviteCode)) {
        throw new HttpError(403, 'BAD_INVITE', 'this invite code does not open this table');
      }
      reply.status(201);
      return addSeat(table, 'player', body.name);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/tables/:id/spectate',
    { preHandler: limitWrites },
    async (request, reply): Promise<SeatTokenResponse> => {
      const body = parseBody(spectateRequestSchema, request.body);
      const table = await tableOr404(request.params.id);
      if (!sameSecret(body.spectateCode, tableOptions(table).spectateCode)) {
        throw new HttpError(403, 'BAD_SPECTATE_CODE', 'this spectate code does not open this table');
      }
      reply.status(201);
      return addSeat(table, 'spectator', body.name ?? 'Spectator');
    },
  );

  /** The seat a bearer token opens at this table, or 401/403. */
  const seatOf = async (request: FastifyRequest, table: TableRecord): Promise<SeatRecord> => {
    const seat = await store.seatByTokenHash(table.tableId, hashToken(bearer(request)));
    if (!seat) throw new HttpError(401, 'BAD_TOKEN', 'this token opens no seat at this table');
    return seat;
  };

  /**
   * Renames a seat: its own holder, or the GM for any seat. The `seat.renamed` event (everyone
   * sees it live) and the seat row's new name are written in one store transaction, so the stored
   * name never disagrees with the log.
   */
  app.post<{ Params: { id: string; seatId: string } }>(
    '/api/tables/:id/seats/:seatId/name',
    { preHandler: limitWrites },
    async (request): Promise<RenameSeatResponse> => {
      const body = parseBody(renameSeatRequestSchema, request.body);
      const table = await tableOr404(request.params.id);
      const seat = await seatOf(request, table);
      const target = (await store.seats(table.tableId)).find((s) => s.seatId === request.params.seatId);
      if (!target) throw new HttpError(404, 'SEAT_NOT_FOUND', 'there is no such seat at this table');
      if (seat.role !== 'gm' && seat.seatId !== target.seatId) {
        throw new HttpError(403, 'NOT_YOUR_SEAT', 'only the GM renames another seat');
      }
      if (target.role !== 'gm') refuseGmName(body.name);
      const hub = await hubs.get(table.tableId);
      if (!hub) throw new HttpError(404, 'TABLE_NOT_FOUND', 'there is no such table');
      const seq = await hub.appendServerEvent(
        { type: 'seat.renamed', seatId: target.seatId, name: body.name },
        { kind: 'rename', seatId: target.seatId, name: body.name },
      );
      // In the renaming seat's own numbering of events (see TableHub.seatSeq): the table's seq
      // would tell a player how many events it may not see.
      const seen = await hub.seatSeq({ seatId: seat.seatId, role: seat.role }, seq);
      return { seatId: target.seatId, name: body.name, seq: seen };
    },
  );

  /** The GM's seat at this table, or 401/403. */
  const gmOf = async (request: FastifyRequest, table: TableRecord, what: string): Promise<SeatRecord> => {
    const seat = await seatOf(request, table);
    if (seat.role !== 'gm') throw new HttpError(403, 'FORBIDDEN_ROLE', `only the GM ${what}`);
    return seat;
  };

  /** A new invite code: the old one (and links made from it) opens nothing from now on. */
  app.post<{ Params: { id: string } }>(
    '/api/tables/:id/invite/rotate',
    { preHandler: limitWrites },
    async (request) => {
      const table = await tableOr404(request.params.id);
      await gmOf(request, table, 'changes the invite code');
      const options = { ...tableOptions(table), inviteCode: newCode() };
      await store.setTableOptions(table.tableId, options);
      return {
        invite: { code: options.inviteCode, url: `/join/${table.tableId}#code=${options.inviteCode}` },
        spectate: { code: options.spectateCode, url: `/t/${table.tableId}#spectate=${options.spectateCode}` },
      };
    },
  );

  /** Removes a seat: its token stops working, its sockets here are closed, its place is free. */
  app.delete<{ Params: { id: string; seatId: string } }>(
    '/api/tables/:id/seats/:seatId',
    { preHandler: limitWrites },
    async (request) => {
      const table = await tableOr404(request.params.id);
      const gm = await gmOf(request, table, 'removes seats');
      if (request.params.seatId === gm.seatId) {
        throw new HttpError(400, 'BAD_REQUEST', 'the GM cannot remove their own seat');
      }
      const target = (await store.seats(table.tableId)).find((s) => s.seatId === request.params.seatId);
      if (!target || target.role === 'gm') {
        throw new HttpError(404, 'SEAT_NOT_FOUND', 'there is no such player or spectator seat at this table');
      }
      await store.removeSeat(table.tableId, target.seatId);
      const hub = await hubs.get(table.tableId);
      const closed = hub?.closeSeat(target.seatId, CLOSE_CODES.BAD_TOKEN, 'the GM removed this seat') ?? 0;
      hub?.forgetSeat(target.seatId);
      return { seatId: target.seatId, removed: true, socketsClosed: closed };
    },
  );

  /** Closes a seat's sockets (on this server instance); its token still works. */
  app.post<{ Params: { id: string; seatId: string } }>(
    '/api/tables/:id/seats/:seatId/disconnect',
    { preHandler: limitWrites },
    async (request) => {
      const table = await tableOr404(request.params.id);
      await gmOf(request, table, 'disconnects seats');
      const hub = await hubs.get(table.tableId);
      const closed =
        hub?.closeSeat(request.params.seatId, CLOSE_CODES.GOING_AWAY, 'the GM closed this connection') ?? 0;
      return { seatId: request.params.seatId, socketsClosed: closed };
    },
  );

  app.get<{ Params: { id: string } }>('/api/tables/:id/invite', async (request) => {
    const table = await tableOr404(request.params.id);
    const seat = await seatOf(request, table);
    if (seat.role !== 'gm') throw new HttpError(403, 'FORBIDDEN_ROLE', 'only the GM sees the invite codes');
    const { inviteCode, spectateCode } = tableOptions(table);
    return {
      invite: { code: inviteCode, url: `/join/${table.tableId}#code=${inviteCode}` },
      spectate: { code: spectateCode, url: `/t/${table.tableId}#spectate=${spectateCode}` },
    };
  });

  app.get<{ Params: { id: string } }>(
    '/api/tables/:id/export',
    { onRequest: admitCampaignFile },
    async (request, reply: FastifyReply) => {
      const table = await tableOr404(request.params.id);
      const seat = await seatOf(request, table);
      if (seat.role !== 'gm') throw new HttpError(403, 'FORBIDDEN_ROLE', 'only the GM may export the log');
      const hub = await hubs.get(table.tableId);
      if (!hub) throw new HttpError(404, 'TABLE_NOT_FOUND', 'there is no such table');
      // The open table's head and its state's hash (made once per head): no replay here. The
      // events up to that head are then streamed a page at a time, a turn of the loop apart, so
      // a long log never holds the loop (nor sits in memory twice, as objects and as text).
      const { seq, hash } = hub.exportPoint();
      const head = JSON.stringify({
        table: { tableId: table.tableId, system: table.system, name: table.name, createdAt: table.createdAt },
        stateHash: hash,
      });
      async function* body(): AsyncGenerator<string> {
        yield `${head.slice(0, -1)},"events":[`;
        for (let after = 0; after < seq; ) {
          const page = (await store.read(table.tableId, after, Math.min(EXPORT_PAGE, seq - after))).filter(
            (e) => e.seq <= seq,
          );
          if (page.length === 0) break;
          const text = page
            .map(({ seq, at, by, commandId, event }) => JSON.stringify({ seq, at, by, commandId, event }))
            .join(',');
          yield after === 0 ? text : `,${text}`;
          after = (page[page.length - 1] as { seq: number }).seq;
          await nextTurn();
        }
        yield ']}';
      }
      reply.header('content-disposition', `attachment; filename="bughunt-${table.tableId}.json"`);
      reply.type('application/json; charset=utf-8');
      return reply.send(Readable.from(body()));
    },
  );

  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url: WS_TABLE_PATH,
    // A path that cannot name a table is refused before the upgrade (no socket, no store query).
    // A well-formed id of a table that does not exist gets its answer at hello (BAD_TOKEN, 4001).
    onRequest: async (request, reply) => {
      if (!ID_PATTERN.test(request.params.id)) {
        return reply.status(404).send(errorBody('TABLE_NOT_FOUND', 'there is no such table'));
      }
    },
    // The same path without an upgrade is a plain request: answered as any unknown route.
    handler: async (_request, reply) =>
      reply
        .status(404)
        .send(errorBody('NOT_FOUND', 'this is a WebSocket endpoint: connect with a WebSocket upgrade')),
    wsHandler: (socket, request) => {
      new Connection(socket, request.params.id, { hubs, store, limits, sockets });
    },
  });

  // The web app: static files, index.html for its own routes, JSON 404 for everything else.
  const webRoot = resolve(options.webRoot ?? 'dist/web');
  const hasWeb = existsSync(resolve(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: ['index.html'],
      wildcard: true,
      // The build writes .br and .gz copies of its text files (vite.config.ts): the smallest the
      // browser accepts goes out, compressed once at build time rather than per request.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files under assets/: they never change under one name.
        if (path.startsWith(resolve(webRoot, 'assets'))) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('Bughunt server is running; the web app is not built (npm run build).\n'),
    );
  }
  const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(errorBody('NOT_FOUND', `no route ${request.method} ${shownPath(request)}`));
  // The static plugin's wildcard would otherwise take every unknown GET, API paths included (a
  // long one got its 403 "Forbidden"): the API and socket prefixes always answer JSON.
  app.all('/api/*', notFound);
  app.all('/ws/*', notFound);
  // A table's page names its system's screens for the browser to fetch at once (app-page.ts).
  const appPage = hasWeb ? AppPage.load(webRoot) : null;
  const systemOfTable = new Map<string, string>();
  const tableSystem = async (tableId: string): Promise<string | null> => {
    const known = systemOfTable.get(tableId);
    if (known !== undefined || !ID_PATTERN.test(tableId)) return known ?? null;
    const table = await store.getTable(tableId);
    if (!table) return null;
    // A table's system never changes; the cap only bounds the memory of a long-running server.
    if (systemOfTable.size >= 10_000) systemOfTable.clear();
    systemOfTable.set(tableId, table.system);
    return table.system;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && APP_PATHS.test(path)) {
      // The app says "no such table" itself; the status says it to anything else that asks. A
      // known table's page names its system's screens for the browser to fetch at once.
      const [, route, raw = ''] = path.split('/');
      const system = await tableSystem(decodeURIComponent(raw));
      if (appPage && route === 't' && system !== null) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(appPage.html(system));
      }
      return reply
        .status(system !== null ? 200 : 404)
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return notFound(request, reply);
  });

  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host =
    options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicAt = publicAddress({ publicUrl: options.publicUrl, host: options.host ?? '127.0.0.1', port });
  shared = publicAt;

  let closing: Promise<void> | null = null;
  return {
    url,
    publicAddress: publicAt,
    close() {
      closing ??= (async () => {
        // Sockets first (no new commands), then HTTP; commands already queued still finish and
        // are acked before the store closes.
        for (const socket of sockets) socket.close(CLOSE_CODES.GOING_AWAY, 'server shutting down');
        await app.close();
        await hubs.close(CLOSE_CODES.GOING_AWAY, 'server shutting down');
        if (ownStores) {
          await bus.close();
          await store.close();
        }
      })();
      return closing;
    },
  };
}
