import { useEffect, useState } from 'react';
import { isLoopbackHost } from '../server/loopback.ts';
import type { ServerAddressResponse } from '../server/protocol.ts';

/** Where the links this page hands out point, and whether another device can open them. */
export interface LinkBase {
  /** origin, no trailing slash */
  readonly origin: string;
  /** Only this computer can open them (the page and the server know no other address). */
  readonly localOnly: boolean;
  /** The address is the server's (PUBLIC_URL or its LAN address), not the one this page was opened at. */
  readonly fromServer: boolean;
}

/**
 * The page's own origin works for others unless it is loopback (`localhost`, as the README's quick
 * start opens it); then the server's LAN address is used. A PUBLIC_URL setting always wins.
 */
export function linkBase(pageOrigin: string, server: ServerAddressResponse['publicAddress']): LinkBase {
  const pageLocal = isLoopbackHost(new URL(pageOrigin).hostname);
  if (server && (server.source === 'setting' || (pageLocal && server.source === 'lan')))
    return { origin: server.url, localOnly: false, fromServer: true };
  return { origin: pageOrigin, localOnly: pageLocal, fromServer: false };
}

let asked: Promise<ServerAddressResponse['publicAddress']> | null = null;
function serverAddress(): Promise<ServerAddressResponse['publicAddress']> {
  asked ??= fetch('/api/server')
    .then((r) => (r.ok ? (r.json() as Promise<ServerAddressResponse>) : { publicAddress: null }))
    .then((r) => r.publicAddress)
    .catch(() => null);
  return asked;
}

/** The link base for this page; the page's own origin until the server has answered. */
export function useLinkBase(): LinkBase {
  const page = window.location.origin;
  const [base, setBase] = useState<LinkBase>(() => linkBase(page, null));
  useEffect(() => {
    let live = true;
    serverAddress().then((a) => {
      if (live) setBase(linkBase(page, a));
    });
    return () => {
      live = false;
    };
  }, [page]);
  return base;
}

/** An absolute link on the base. */
export function linkOn(base: LinkBase, path: string): string {
  return new URL(path, `${base.origin}/`).toString();
}
