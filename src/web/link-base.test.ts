import { describe, expect, it } from 'vitest';
import { linkBase, linkOn } from './link-base.ts';

const LAN = { url: 'http://192.168.1.20:3160', source: 'lan' } as const;
const LOCAL = { url: 'http://127.0.0.1:3160', source: 'local' } as const;
const SET = { url: 'https://table.example.org', source: 'setting' } as const;

describe('the origin invite links use', () => {
  it('a page opened at localhost hands out the server’s LAN address', () => {
    const b = linkBase('http://localhost:3160', LAN);
    expect(b).toEqual({ origin: 'http://192.168.1.20:3160', localOnly: false, fromServer: true });
    expect(linkOn(b, '/join/abc#code=x')).toBe('http://192.168.1.20:3160/join/abc#code=x');
  });

  it('a page opened at a LAN address or a name keeps it; PUBLIC_URL wins over both', () => {
    expect(linkBase('http://192.168.1.20:3160', LAN).origin).toBe('http://192.168.1.20:3160');
    expect(linkBase('http://gm-laptop.lan:3160', LAN).origin).toBe('http://gm-laptop.lan:3160');
    expect(linkBase('http://localhost:3160', SET)).toMatchObject({ origin: SET.url, localOnly: false });
  });

  it('only loopback known: the links work on this computer only', () => {
    expect(linkBase('http://localhost:3160', LOCAL).localOnly).toBe(true);
    expect(linkBase('http://127.0.0.1:5173', null).localOnly).toBe(true);
  });
});
