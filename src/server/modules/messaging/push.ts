import webpush from 'web-push';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { invalid } from '../../errors';
import type { PushSubscriptionBody } from '../../../shared/api/messaging';
import { pushSubscriptionRefusal } from './rules';
import * as repo from './repo';

/** Subscriptions kept per user (phones, tablets, desktops); the oldest go first. */
export const PUSH_PER_USER = 10;
const VAPID_SECRET = 'vapid_keys';

export interface PushPayload {
  kind: string;
  title: string;
  body: string;
  /** The app path to open on tap (hash route). */
  url: string;
  tag?: string;
}

/**
 * Web Push (the `web-push` package): the install's VAPID key pair is made at first need and kept in
 * `server_secret` (one pair for every instance over the database, like platform/secrets.ts), and
 * subscriptions are checked before they are stored.
 */
export class PushService {
  private keys: Promise<{ publicKey: string; privateKey: string }> | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly opts: { subject: string; allowLoopbackHttp: boolean },
  ) {}

  /** The VAPID pair, generated and stored on the first call of any instance (the first insert wins). */
  vapid(): Promise<{ publicKey: string; privateKey: string }> {
    this.keys ??= (async () => {
      const fresh = webpush.generateVAPIDKeys();
      const kept = await repo.keepFirstSecret(this.database.db, VAPID_SECRET, JSON.stringify(fresh), this.clock.now());
      return JSON.parse(kept) as { publicKey: string; privateKey: string };
    })().catch((err: unknown) => {
      this.keys = null;
      throw err;
    });
    return this.keys;
  }

  async subscribe(userId: string, body: PushSubscriptionBody): Promise<{ id: string }> {
    const refusal = pushSubscriptionRefusal(body, this.opts.allowLoopbackHttp);
    if (refusal) throw invalid(refusal.id, refusal.params);
    return this.database.db.transaction().execute(async (trx) => {
      // A browser re-subscribing (or another user on the same browser) replaces the old row.
      await repo.deletePushByEndpoint(trx, body.endpoint);
      const id = uuidv7();
      await repo.insertPush(trx, { id, user_id: userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, created_at: this.clock.now() });
      const all = await repo.pushOf(trx, userId);
      const extra = all.slice(PUSH_PER_USER).map((r) => r.id);
      if (extra.length) await repo.deletePushes(trx, extra);
      return { id };
    });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<{ removed: boolean }> {
    return { removed: await repo.deletePushOf(this.database.db, userId, endpoint) };
  }

  /** Sends to every subscription of the user; gone ones (404/410) are forgotten. Never throws. */
  async send(userId: string, payload: PushPayload): Promise<number> {
    const subs = await repo.pushOf(this.database.db, userId);
    if (subs.length === 0) return 0;
    const { publicKey, privateKey } = await this.vapid();
    let sent = 0;
    for (const s of subs) {
      try {
        // web-push encrypts and signs; the request goes out through fetch (https, or the loopback
        // test push service over http, which web-push's own sender cannot reach).
        const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: this.opts.subject, publicKey, privateKey },
          TTL: 3600,
          urgency: 'high',
        });
        const res = await fetch(req.endpoint, { method: req.method, headers: req.headers as Record<string, string>, body: req.body as Uint8Array | null, signal: AbortSignal.timeout(5000) });
        if (res.status >= 400) throw Object.assign(new Error(`push service answered ${res.status}`), { statusCode: res.status });
        sent++;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await repo.deletePush(this.database.db, s.id);
        } else {
          this.logger.warn({ err, status }, 'web push failed');
        }
      }
    }
    return sent;
  }
}
