import type { MessageId } from '../shared/api/messages';
import type { MessageParams } from '../shared/api/envelope';

/** What kind of failure, independent of transport; only the HTTP edge turns it into a status code. */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rule'
  | 'too_many'
  | 'payload_too_large'
  /** A part the request needs (the shared rate-limit store) is down: refused, retry later. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly messageId: MessageId,
    readonly params?: MessageParams,
  ) {
    super(messageId);
    this.name = 'DomainError';
  }
}

export const invalid = (id: MessageId = 'invalid_request', params?: MessageParams) => new DomainError('invalid', id, params);
export const unauthenticated = (id: MessageId = 'login_required') => new DomainError('unauthenticated', id);
export const forbidden = (id: MessageId = 'forbidden', params?: MessageParams) => new DomainError('forbidden', id, params);
export const notFound = (id: MessageId = 'not_found', params?: MessageParams) => new DomainError('not_found', id, params);
export const conflict = (id: MessageId, params?: MessageParams) => new DomainError('conflict', id, params);
export const ruleBroken = (id: MessageId, params?: MessageParams) => new DomainError('rule', id, params);
export const tooMany = (id: MessageId = 'too_many_requests', params?: MessageParams) => new DomainError('too_many', id, params);
export const unavailable = (id: MessageId = 'service_unavailable', params?: MessageParams) => new DomainError('unavailable', id, params);
