import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { isLoopbackHost } from './loopback.ts';

/**
 * The address other devices use to reach this server, for the links the GM hands out. A GM who
 * opens `http://localhost:3160` would otherwise copy `localhost` links that fail on every phone.
 * `PUBLIC_URL` (a proxy, a tunnel, a name on the LAN) wins; else, when the server listens on every
 * interface, its first LAN address (IPv4, not loopback); else the address it listens on.
 */
export interface PublicAddress {
  /** http(s)://host[:port], no trailing slash. */
  readonly url: string;
  /** Where it came from: the PUBLIC_URL setting, a LAN interface, or loopback only. */
  readonly source: 'setting' | 'lan' | 'local';
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Non-loopback IPv4 addresses, in the order the OS lists them (Wi-Fi and Ethernet first in practice). */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      // Link-local (169.254.x) addresses are what a machine gets without a network: no phone reaches them.
      if (a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.')) out.push(a.address);
    }
  }
  return out;
}

const ALL_INTERFACES = new Set(['0.0.0.0', '::', '']);

export function publicAddress(options: {
  readonly publicUrl?: string | undefined;
  readonly host: string;
  readonly port: number;
  readonly interfaces?: Interfaces;
}): PublicAddress {
  if (options.publicUrl) {
    const u = new URL(options.publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new Error('PUBLIC_URL must start with http:// or https://');
    return { url: u.origin, source: 'setting' };
  }
  const hostPort = (h: string) => `http://${h.includes(':') ? `[${h}]` : h}:${options.port}`;
  if (ALL_INTERFACES.has(options.host)) {
    const lan = lanAddresses(options.interfaces)[0];
    if (lan) return { url: hostPort(lan), source: 'lan' };
    return { url: hostPort('127.0.0.1'), source: 'local' };
  }
  return { url: hostPort(options.host), source: isLoopbackHost(options.host) ? 'local' : 'lan' };
}
