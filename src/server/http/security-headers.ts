import { CONTENT_SECURITY_POLICY } from './csp';

/**
 * The security headers of every response, computed once: Hono's `secureHeaders` defaults (less
 * Cross-Origin-Embedder-Policy) with our Content-Security-Policy (csp.ts). app.ts sets them before
 * the handler runs, so they travel with the response the handler builds instead of being added to
 * it afterwards — which made Hono rebuild every response as a stream (docs/decisions/
 * 018-request-path-performance.md).
 */
function cspHeader(policy: Record<string, readonly string[]>): string {
  return Object.entries(policy)
    .map(([directive, values]) => [directive.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Content-Security-Policy', cspHeader(CONTENT_SECURITY_POLICY)],
];

/** SECURITY_HEADERS with an API answer's `Cache-Control: no-store`, as a plain record (envelope.ts). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(SECURITY_HEADERS),
  'Cache-Control': 'no-store',
});
