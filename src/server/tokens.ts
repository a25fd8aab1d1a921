import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets and ids. Seat tokens are bearer secrets: 192 random bits, base64url (URL-fragment safe),
 * and the server keeps only their SHA-256 so a leaked database does not hand out seats.
 */

/** A new seat token: 24 random bytes (192 bits), 32 base64url characters. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the store keeps and looks seats up by: the token's SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Invite and spectate codes: 128 random bits, 22 base64url characters. */
export function newCode(): string {
  return randomBytes(16).toString('base64url');
}

/** Table and seat ids are public (they appear in paths); 72 random bits keep them unguessable anyway. */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(9).toString('base64url')}`;
}

/** Compares two secrets in constant time (for a given length), so a wrong guess teaches nothing. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
