import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Failure, MessageParams, Success } from '../../shared/api/envelope';
import type { MessageId } from '../../shared/api/messages';
import type { DomainError, ErrorKind } from '../errors';

export const HTTP_STATUS: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rule: 422,
  too_many: 429,
  unavailable: 503,
};

export function success<T>(data: T): Success<T> {
  return { status: 1, msg: '', data };
}

export function failure(msg: MessageId, params?: MessageParams): Failure {
  return params ? { status: 0, msg, params, data: null } : { status: 0, msg, data: null };
}

/**
 * The headers an API answer carries besides its own (security headers, Cache-Control, the request
 * id), prepared by app.ts per request. With them, an envelope goes out as a Response built on a
 * plain header record: Hono's `c.header()`/`c.body()` would build a web Headers object (each name
 * and value validated) and @hono/node-server turn it back into a record, per answer
 * (docs/decisions/018-request-path-performance.md).
 */
const PREPARED = Symbol('prepared envelope headers');
/** The Response sendJson built on the prepared record, with its body size (app.ts: compression). */
const SENT = Symbol('sent envelope');
/** Kept on the context itself: a WeakMap entry per request cost more than the request's own work. */
interface EnvelopeSlots {
  [PREPARED]?: { base: Readonly<Record<string, string>>; requestId: string };
  [SENT]?: { res: Response; bytes: number };
}

/** `base` (fixed: the security headers) and the request's id go on every envelope of this request. */
export function prepareEnvelopeHeaders(c: Context, base: Readonly<Record<string, string>>, requestId: string): void {
  (c as EnvelopeSlots)[PREPARED] = { base, requestId };
}

/** The envelope sendJson answered this request with, if it is still the response. */
export function sentEnvelope(c: Context): { bytes: number } | undefined {
  const s = (c as EnvelopeSlots)[SENT];
  return s && c.finalized && c.res === s.res ? s : undefined;
}

/**
 * The envelope as JSON with its Content-Length: the length lets the compression middleware leave
 * small answers alone (its threshold) and the client see the size up front. `extra` headers (a
 * `Connection: close`) go with it; set them here, not with `c.header()`, which a prepared
 * answer does not read.
 */
export function sendJson(c: Context, body: unknown, code: ContentfulStatusCode, extra?: Record<string, string>) {
  const text = JSON.stringify(body);
  const bytes = Buffer.byteLength(text);
  const prepared = (c as EnvelopeSlots)[PREPARED];
  if (!prepared) return c.body(text, code, { 'Content-Type': 'application/json', 'Content-Length': String(bytes), ...extra });
  const headers = { ...prepared.base, 'X-Request-Id': prepared.requestId, 'Content-Type': 'application/json', 'Content-Length': String(bytes) };
  const res = new Response(text, { status: code, headers: extra ? { ...headers, ...extra } : headers });
  (c as EnvelopeSlots)[SENT] = { res, bytes };
  return res;
}

export function sendFailure(c: Context, code: ContentfulStatusCode, msg: MessageId, params?: MessageParams, extra?: Record<string, string>) {
  return sendJson(c, failure(msg, params), code, extra);
}

export function sendDomainError(c: Context, err: DomainError) {
  return sendFailure(c, HTTP_STATUS[err.kind], err.messageId, err.params);
}
