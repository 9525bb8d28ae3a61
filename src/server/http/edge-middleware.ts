import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Services } from '../services';
import { accessLogger } from '../logger';
import type { AppEnv } from './env';
import { COMPRESS_THRESHOLD, prepareEnvelopeHeaders, sendFailure, sentEnvelope } from './envelope';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from './security-headers';
import { forwardedClientIp } from './edge';
import { UPLOAD_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../shared/api/uploads';

/*
 * The edge middleware of app.ts: each function here runs once, when the app is created, and
 * returns the closure that runs per request (docs/decisions/018-request-path-performance.md).
 */

export const API_BASE = '/api/vue';
export const MAX_BODY_BYTES = 64 * 1024;
/** A refusal's header when the rest of the body is still on the wire, unread. */
export const CLOSE = { Connection: 'close' } as const;

/**
 * An API request under its body limit: Hono's bodyLimit, entered only when a body can be too
 * large: reading `c.req.raw.body` makes @hono/node-server build a whole web Request, which every
 * GET paid for (docs/decisions/018-request-path-performance.md). No body (GET, HEAD, or neither
 * length nor chunking) goes straight on; a declared Content-Length is judged by its number, as
 * bodyLimit does; only a chunked body is counted as it is read.
 */
function bodyLimiter(): (c: Context<AppEnv>, next: Next) => Promise<void> {
  const limited = (maxSize: number, onError: (c: Context<AppEnv>) => Response) => ({ maxSize, onError, middleware: bodyLimit({ maxSize, onError }) });
  const jsonLimit = limited(MAX_BODY_BYTES, (c) => {
    // The rest of the body is still on the wire, unread: the client is told to reconnect, so
    // its next request goes on a fresh connection instead of into the remains of this body.
    return sendFailure(c, 413, 'payload_too_large', { max: MAX_BODY_BYTES }, CLOSE);
  });
  // `POST uploads` alone takes a file as its body, with a limit of its own: a Content-Length over
  // it is refused before anything is read, a chunked body as soon as it passes it. The multipart
  // form may be 64 KB larger for its framing; its file part is held to 10 MB by the module.
  const uploadLimit = (maxSize: number) =>
    limited(maxSize, (c) => {
      return sendFailure(c, 413, 'upload_too_large', { max: UPLOAD_MAX_BYTES }, CLOSE);
    });
  const rawUploadLimit = uploadLimit(UPLOAD_MAX_BYTES);
  const formUploadLimit = uploadLimit(UPLOAD_FORM_MAX_BYTES);
  const limitFor = (c: Context<AppEnv>) => {
    if (c.req.method !== 'POST' || c.req.path !== `${API_BASE}/uploads`) return jsonLimit;
    return /^\s*multipart\/form-data\s*(;|$)/i.test(c.req.header('content-type') ?? '') ? formUploadLimit : rawUploadLimit;
  };
  return async (c: Context<AppEnv>, next: Next): Promise<void> => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (c.req.header('transfer-encoding') !== undefined) {
        // As Hono's chain does with a middleware's return: a refusal becomes the answer.
        const res = await limitFor(c).middleware(c, next);
        if (res instanceof Response && !c.finalized) c.res = res;
        return;
      }
      const length = c.req.header('content-length');
      if (length !== undefined) {
        const limit = limitFor(c);
        if (parseInt(length || '0', 10) > limit.maxSize) {
          c.res = limit.onError(c);
          return;
        }
      }
    }
    await next();
  };
}

/**
 * The edge, one middleware for what every request needs (it was four, each a step of Hono's
 * chain): its id (as hono/request-id: a valid X-Request-Id is kept, else a UUID; echoed in the
 * response), the services, the client IP, the security headers, an API answer's Cache-Control,
 * the body limit, compression, and the access log.
 * The headers are ready before the handler runs, so the response it builds carries them: added
 * afterwards they made Hono rebuild every response as a stream. An API envelope takes them as a
 * plain record (envelope.ts sendJson), other answers through `c.header()`. A Response a handler
 * built itself (a private file, an event stream) did not take them and gets them afterwards, as
 * before; its own Cache-Control stays (GET uploads/{id} says `private, no-store`).
 * docs/decisions/018-request-path-performance.md
 */
export function edgeMiddleware(services: Services, opts: { trustProxy?: number }): MiddlewareHandler<AppEnv> {
  const accessLog = accessLogger(services.logger);
  // JSON answers over 1 KB go gzip'd to a browser that accepts it (market/instruments: 18.8 → 3.4 KB);
  // event streams and files are left alone (the filter), small answers too (the threshold). An
  // envelope sendJson knows to be under the threshold skips it: reading its headers
  // would build the Headers object the plain record saves.
  const gzip = compress({ threshold: COMPRESS_THRESHOLD, contentTypeFilter: /^application\/json\b/ });
  const noop = async () => {};
  const withinBodyLimit = bodyLimiter();
  return async (c, next) => {
    const start = performance.now();
    let reqId = c.req.header('x-request-id');
    if (!reqId || reqId.length > 255 || /[^\w\-=]/.test(reqId)) reqId = crypto.randomUUID();
    c.set('requestId', reqId);
    c.set('services', services);
    const forwarded = forwardedClientIp(c.req.header('x-forwarded-for'), opts.trustProxy ?? 0);
    let ip = forwarded ?? 'unknown';
    if (!forwarded) {
      try {
        ip = getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        // not running on a Node socket (app.request in unit tests)
      }
    }
    c.set('ip', ip);
    const path = c.req.path;
    const api = path === API_BASE || path.startsWith(`${API_BASE}/`);
    if (api) {
      prepareEnvelopeHeaders(c, API_SECURITY_HEADERS, reqId);
      await withinBodyLimit(c, next);
      const envelope = sentEnvelope(c);
      if (!envelope || envelope.compressible) await gzip(c, noop);
    } else {
      c.header('X-Request-Id', reqId);
      for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
      await next();
    }
    if (!sentEnvelope(c)) {
      const headers = c.res.headers;
      if (!headers.has('Content-Security-Policy')) {
        for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
        if (api && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
        // An API answer built by Hono rather than sendJson (testing-routes' c.json) had the id
        // from the prepared headers; a handler's own Response never had it.
        if (api && c.res.headers.get('Content-Type')?.startsWith('application/json')) headers.set('X-Request-Id', reqId);
      }
    }
    accessLog(reqId, c.req.method, path, c.res.status, Math.round(performance.now() - start));
  };
}
