/*
 * The browser's session (docs/decisions/002-accounts-and-sessions.md, "Follow-up: the session
 * cookie"). Its own module, free of zod, so the client's first-load code can import it.
 */

/**
 * The header the browser app sends with every request: it says "this is the PWA of this origin,
 * signed in by the session cookie". A state-changing request authenticated by the cookie is refused
 * without it (403 `forbidden` {header}): a page of another site cannot add a custom header to a
 * request to us without a CORS preflight, which this server never grants. A request that carries
 * the session in the `token` header (the Capacitor app, API clients) needs no such check; with it,
 * a browser still holding an old localStorage token is answered with the cookie (its migration).
 */
export const BROWSER_HEADER = { name: 'X-Kabuto', value: '1' } as const;
