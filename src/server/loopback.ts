// No Node module here: the web app imports it too (it must not pull `node:*` into the bundle).

/** True for localhost and the loopback ranges (127/8, ::1): an address no other device reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h);
}
