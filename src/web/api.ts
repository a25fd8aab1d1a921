import type {
  CreateTableResponse,
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

async function request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'the server cannot be reached; check your connection');
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  if (!res.ok) {
    const error = (parsed as { error?: { code?: string; message?: string; details?: unknown } } | null)
      ?.error;
    throw new ApiError(
      res.status,
      error?.code ?? `HTTP_${res.status}`,
      error?.message ?? `the server answered ${res.status}`,
      error?.details,
    );
  }
  return parsed as T;
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
  invite: (tableId: string, token: string) =>
    request<Pick<CreateTableResponse, 'invite' | 'spectate'>>(
      'GET',
      `/api/tables/${encodeURIComponent(tableId)}/invite`,
      undefined,
      token,
    ),
};

export function describeError(e: unknown): { code: string; message: string } {
  if (e instanceof ApiError) {
    const issues = (e.details as { issues?: { path?: string; message?: string }[] } | undefined)?.issues;
    const extra = issues?.length
      ? `: ${issues.map((i) => `${i.path ? `${i.path} ` : ''}${i.message}`).join('; ')}`
      : '';
    return { code: e.code, message: `${e.message}${extra}` };
  }
  return { code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
}
