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
 * The envelope as JSON with its Content-Length: the length lets the compression middleware leave
 * small answers alone (its threshold) and the client see the size up front.
 */
export function sendJson(c: Context, body: unknown, code: ContentfulStatusCode) {
  const text = JSON.stringify(body);
  return c.body(text, code, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
}

export function sendFailure(c: Context, code: ContentfulStatusCode, msg: MessageId, params?: MessageParams) {
  return sendJson(c, failure(msg, params), code);
}

export function sendDomainError(c: Context, err: DomainError) {
  return sendFailure(c, HTTP_STATUS[err.kind], err.messageId, err.params);
}
