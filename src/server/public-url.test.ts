import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback.ts';
import { lanAddresses, publicAddress } from './public-url.ts';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
const HOME = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  wlan0: [nic('fe80::1', 'IPv6'), nic('192.168.1.20', 'IPv4')],
  docker0: [nic('169.254.3.4', 'IPv4')],
};
const ALONE = { lo: [nic('127.0.0.1', 'IPv4', true)] };

describe('the address invite links use', () => {
  it('lists LAN IPv4 addresses, not loopback, IPv6 or link-local ones', () => {
    expect(lanAddresses(HOME)).toEqual(['192.168.1.20']);
    expect(lanAddresses(ALONE)).toEqual([]);
  });

  it('listening on every interface: the first LAN address, else loopback (local only)', () => {
    expect(publicAddress({ host: '0.0.0.0', port: 3160, interfaces: HOME })).toEqual({
      url: 'http://192.168.1.20:3160',
      source: 'lan',
    });
    expect(publicAddress({ host: '0.0.0.0', port: 3160, interfaces: ALONE })).toEqual({
      url: 'http://127.0.0.1:3160',
      source: 'local',
    });
  });

  it('PUBLIC_URL overrides; a server bound to loopback is local only', () => {
    expect(
      publicAddress({
        publicUrl: 'https://table.example.org/',
        host: '0.0.0.0',
        port: 3160,
        interfaces: HOME,
      }),
    ).toEqual({ url: 'https://table.example.org', source: 'setting' });
    expect(() => publicAddress({ publicUrl: 'ftp://x', host: '0.0.0.0', port: 1 })).toThrow(/PUBLIC_URL/);
    expect(publicAddress({ host: '127.0.0.1', port: 8, interfaces: HOME }).source).toBe('local');
    expect(publicAddress({ host: '10.0.0.2', port: 8, interfaces: HOME })).toEqual({
      url: 'http://10.0.0.2:8',
      source: 'lan',
    });
  });

  it('knows loopback host names', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'app.localhost'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['192.168.1.20', 'example.org', '[fe80::1]']) expect(isLoopbackHost(h)).toBe(false);
  });
});
