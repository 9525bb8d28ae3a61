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

/**
 * An API answer's headers, as a plain record (envelope.ts): JSON is never rendered as a page, so it
 * carries the headers that protect a JSON answer (OWASP's REST Security Cheat Sheet) rather than
 * the page's whole set — a CSP that allows nothing, no framing, no sniffing, no caching, no
 * cross-origin reads, no referrer, HTTPS only. The page's 1 KB of headers on every small answer was
 * a visible part of its cost (docs/decisions/018-request-path-performance.md).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
});
