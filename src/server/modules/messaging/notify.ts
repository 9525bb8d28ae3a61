import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/executor';
import type { MessageKind, MessageParams } from '../../../shared/api/messaging';
import { insertMessage } from './repo';

/** One event for one user's message box (docs/domain.md "Messages, news and support"). */
export interface Notice {
  userId: string;
  /** The message id; the client renders it in the reader's language with `params`. */
  kind: MessageKind;
  /** Numbers, codes, names and instants (ms) the text needs; never sentences. */
  params?: MessageParams;
  /** When the event happened (the caller's injected clock). */
  at: number;
  /**
   * Makes the message once-only per user: a second notice with the same key is dropped (a job run
   * repeated after a crash, a retried command). Use the event's own id, e.g. `fill:<positionId>`.
   */
  dedupeKey?: string;
}

/**
 * Writes a user's message in the caller's transaction, so the message exists exactly when the
 * event does (a rolled-back fill leaves no message). Returns the message id, or null when the
 * dedupe key was seen before. Never throws for a duplicate. Live delivery needs nothing more:
 * clients read `messages/unread` (on focus, every 30 s, and on the support stream's `unread`
 * event); Web Push is sent by the messaging area's job for price alerts only.
 */
export async function notify(trx: Executor, n: Notice): Promise<string | null> {
  const id = uuidv7();
  const res = await insertMessage(trx, id, n.userId, n.kind, JSON.stringify(n.params ?? {}), n.dedupeKey ?? null, n.at);
  return Number(res.numAffectedRows ?? 1n) > 0 ? id : null;
}
