import type { FastifyReply } from 'fastify';

/**
 * Headers on every response. The CSP allows only our own scripts (no inline script, no eval), so
 * even if user text ever reached the page as HTML it could not run; the rest stop MIME sniffing,
 * framing (click-jacking) and Referer leaks. Seat secrets travel in URL fragments, which browsers
 * never send, and no-referrer makes sure the path does not leak either.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // 'self' covers ws:/wss: to the same host and port in current browsers.
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(url: string, reply: FastifyReply): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  // Answers carrying tokens or table state must not sit in shared caches.
  if (url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}
