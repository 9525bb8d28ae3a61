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
/** The Response sendJson built on the prepared record, and whether it is large enough to compress. */
const SENT = Symbol('sent envelope');
/** JSON answers from this many bytes on are compressed (app.ts). */
export const COMPRESS_THRESHOLD = 1024;
/** Kept on the context itself: a WeakMap entry per request cost more than the request's own work. */
interface EnvelopeSlots {
  [PREPARED]?: { base: Readonly<Record<string, string>>; requestId: string };
  [SENT]?: { res: Response; compressible: boolean };
}

/** `base` (fixed: the security headers) and the request's id go on every envelope of this request. */
export function prepareEnvelopeHeaders(c: Context, base: Readonly<Record<string, string>>, requestId: string): void {
  (c as EnvelopeSlots)[PREPARED] = { base, requestId };
}

/** The envelope sendJson answered this request with, if it is still the response. */
export function sentEnvelope(c: Context): { compressible: boolean } | undefined {
  const s = (c as EnvelopeSlots)[SENT];
  return s && c.finalized && c.res === s.res ? s : undefined;
}

/**
 * A string's UTF-8 size is at least its length and at most three times it: only a size between
 * the two bounds is counted.
 */
function atLeast(text: string, bytes: number): boolean {
  if (text.length >= bytes) return true;
  return text.length * 3 >= bytes && Buffer.byteLength(text) >= bytes;
}

/**
 * The envelope as JSON. On the prepared record it carries no Content-Length: @hono/node-server
 * counts the bytes of a string body and gives Node the length itself, which then writes the
 * header unvalidated — our own count and header were the same work twice, per answer
 * (docs/decisions/018-request-path-performance.md). `extra` headers (a `Connection: close`) go
 * with it; set them here, not with `c.header()`, which a prepared answer does not read.
 */
export function sendJson(c: Context, body: unknown, code: ContentfulStatusCode, extra?: Record<string, string>) {
  const text = JSON.stringify(body);
  const prepared = (c as EnvelopeSlots)[PREPARED];
  if (!prepared) return c.body(text, code, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...extra });
  const headers = { ...prepared.base, 'X-Request-Id': prepared.requestId, 'Content-Type': 'application/json' };
  const res = new Response(text, { status: code, headers: extra ? { ...headers, ...extra } : headers });
  (c as EnvelopeSlots)[SENT] = { res, compressible: atLeast(text, COMPRESS_THRESHOLD) };
  return res;
}

export function sendFailure(c: Context, code: ContentfulStatusCode, msg: MessageId, params?: MessageParams, extra?: Record<string, string>) {
  return sendJson(c, failure(msg, params), code, extra);
}

export function sendDomainError(c: Context, err: DomainError) {
  return sendFailure(c, HTTP_STATUS[err.kind], err.messageId, err.params);
}
