import type {
  CreateTableResponse,
  ImportTableResponse,
  RenameSeatResponse,
  SeatTokenResponse,
  SystemInfo,
  TableInfoResponse,
} from '../server/protocol.ts';

/** The server's HTTP API (docs/api.md), with its errors as ApiError { code, message }. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A body already serialised (a campaign file) is sent as it is, not stringified again. */
export class RawJson {
  constructor(readonly text: string) {}
}

async function send(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body instanceof RawJson ? body.text : JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'the server cannot be reached; check your connection');
  }
}

async function request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await send(method, path, body, token);
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  if (!res.ok) throw errorOf(res, parsed);
  return parsed as T;
}

function errorOf(res: Response, parsed: unknown): ApiError {
  const error = (parsed as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  return new ApiError(
    res.status,
    error?.code ?? `HTTP_${res.status}`,
    error?.message ?? `the server answered ${res.status}`,
    error?.details,
  );
}

/** The GM's export as a file to save: its text and the name the server suggests. */
async function exportCampaign(tableId: string, token: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await send('GET', `/api/tables/${encodeURIComponent(tableId)}/export`, undefined, token);
  if (!res.ok) {
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    throw errorOf(res, parsed);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `bughunt-${tableId}.json`;
  return { blob: await res.blob(), fileName };
}

/** SystemInfo plus the optional one-line summary the registry may give. */
export type System = SystemInfo & { readonly summary?: string };

export const api = {
  systems: () => request<{ systems: System[] }>('GET', '/api/systems').then((r) => r.systems),
  createTable: (system: string, name: string, gmName?: string) =>
    request<CreateTableResponse>('POST', '/api/tables', { system, name, ...(gmName ? { gmName } : {}) }),
  table: (tableId: string) => request<TableInfoResponse>('GET', `/api/tables/${encodeURIComponent(tableId)}`),
  join: (tableId: string, inviteCode: string, name: string) =>
    request<SeatTokenResponse>('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, {
      inviteCode,
      name,
    }),
  spectate: (tableId: string, spectateCode: string, name?: string) =>
    request<SeatTokenResponse>('POST', `/api/tables/${encodeURIComponent(tableId)}/spectate`, {
      spectateCode,
      ...(name ? { name } : {}),
    }),
  /**
   * Posts a campaign file's text as it is (the server checks it). `acceptRulesChange` takes a log
   * that replays under today's rules to another state than its exporter's (IMPORT_RULES_CHANGED).
   */
  importCampaign: (fileText: string, acceptRulesChange = false) =>
    request<ImportTableResponse>(
      'POST',
      `/api/tables/import${acceptRulesChange ? '?acceptRulesChange=true' : ''}`,
      new RawJson(fileText),
    ),
  exportCampaign,
  /** Renames a seat: your own, or (GM) anyone's. */
  renameSeat: (tableId: string, seatId: string, name: string, token: string) =>
    request<RenameSeatResponse>(
      'POST',
      `/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(seatId)}/name`,
      { name },
      token,
    ),
  /** GM: a new invite code; links with the old one open nothing from now on. */
  rotateInvite: (tableId: string, token: string) =>
    request<Pick<CreateTableResponse, 'invite' | 'spectate'>>(
      'POST',
      `/api/tables/${encodeURIComponent(tableId)}/invite/rotate`,
      {},
      token,
    ),
  /** GM: removes a player or spectator seat; its token stops working and its place is free. */
  removeSeat: (tableId: string, seatId: string, token: string) =>
    request<{ seatId: string; removed: true; socketsClosed: number }>(
      'DELETE',
      `/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(seatId)}`,
      undefined,
      token,
    ),
  /** GM: closes a seat's connections (its token still works: it may come back). */
  disconnectSeat: (tableId: string, seatId: string, token: string) =>
    request<{ seatId: string; socketsClosed: number }>(
      'POST',
      `/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(seatId)}/disconnect`,
      {},
      token,
    ),
  invite: (tableId: string, token: string) =>
    request<Pick<CreateTableResponse, 'invite' | 'spectate'>>(
      'GET',
      `/api/tables/${encodeURIComponent(tableId)}/invite`,
      undefined,
      token,
    ),
};

/** Field names that do not read well when split from camelCase. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  fa: 'FA',
  nfa: 'NFA',
  aa: 'AA',
  killsThisMission: 'Kills this mission',
  totalKills: 'Total kills',
};

/** "adjustment.killsThisMission" → "Kills this mission": the last named part, in words. */
function fieldWords(path: string): string {
  const name = path
    .split(/[.[\]]/)
    .filter((p) => p !== '' && !/^\d+$/.test(p))
    .at(-1);
  if (!name || name === '(top level)') return '';
  const known = FIELD_WORDS[name];
  if (known) return known;
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Zod's wordings, most specific first, each with the plain words it becomes. */
const ISSUE_WORDS: readonly (readonly [RegExp, (m: RegExpMatchArray) => string])[] = [
  [/expected int, received/, () => 'type a whole number'],
  [/expected number, received/, () => 'type a number'],
  [/received undefined/, () => 'this is missing'],
  [/expected string to have >=1 characters/, () => 'type something first'],
  [/expected string to have >=(\d+) characters/, (m) => `type at least ${m[1]} characters`],
  [/expected string to have <=(\d+) characters/, (m) => `keep it to ${m[1]} characters or fewer`],
  [/expected number to be >=(-?[\d.]+)/, (m) => `use ${m[1]} or more`],
  [/expected number to be >(-?[\d.]+)/, (m) => `use more than ${m[1]}`],
  [/expected number to be <=(-?[\d.]+)/, (m) => `use ${m[1]} or less`],
  [/expected number to be <(-?[\d.]+)/, (m) => `use less than ${m[1]}`],
  [/expected one of (.+)$/, (m) => `choose one of ${(m[1] ?? '').replaceAll('"', '').split('|').join(', ')}`],
];

/**
 * A schema complaint (zod's wording, as the server or the client's own check gives it) as a
 * sentence for people: "adjustment.killsThisMission" + "Invalid input: expected number, received
 * NaN" reads "Kills this mission: type a number". Wordings it does not know keep their text.
 */
export function plainIssue(path: string, message: string): string {
  const field = fieldWords(path);
  let plain = message.replace(/^Invalid input:?\s*/, '') || 'this does not fit';
  for (const [pattern, words] of ISSUE_WORDS) {
    const m = message.match(pattern);
    if (m) {
      plain = words(m);
      break;
    }
  }
  return field ? `${field}: ${plain}` : plain.charAt(0).toUpperCase() + plain.slice(1);
}

export function describeError(e: unknown): { code: string; message: string } {
  if (e instanceof ApiError) {
    const issues = (e.details as { issues?: { path?: string; message?: string }[] } | undefined)?.issues;
    const extra = issues?.length
      ? `: ${issues.map((i) => plainIssue(i.path ?? '', i.message ?? '')).join('; ')}`
      : '';
    return { code: e.code, message: `${e.message}${extra}` };
  }
  return { code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
}
