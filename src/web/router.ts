import { useSyncExternalStore } from 'react';

/** Client-side routes: /, /join/<tableId>, /t/<tableId> (the server serves index.html for them). */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'join'; readonly tableId: string }
  | { readonly page: 'table'; readonly tableId: string }
  | { readonly page: 'missing'; readonly path: string };

export function parseRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '/index.html') return { page: 'home' };
  const m = /^\/(t|join)\/([^/]+)\/?$/.exec(pathname);
  if (m?.[2]) {
    const tableId = decodeURIComponent(m[2]);
    return m[1] === 't' ? { page: 'table', tableId } : { page: 'join', tableId };
  }
  return { page: 'missing', path: pathname };
}

const CHANGE = 'bughunt:navigate';

export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGE, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGE, listener);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
