import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { forbidden } from '../../errors';
import { FRESH_LOGIN_MS } from '../../../shared/domain/account';
import { sessionCreatedAt } from './sessions-repo';

/**
 * What is left of a session's fresh-sign-in window at `now` (0 once past). A clock set back before
 * the sign-in leaves the whole window, never more.
 */
export function freshLoginLeft(signedInAt: number, now: number): number {
  return Math.min(FRESH_LOGIN_MS, Math.max(0, signedInAt + FRESH_LOGIN_MS - now));
}

/**
 * The fresh-sign-in check. A new sign-in makes a new session, so the session's creation is the
 * moment the user last proved the password; the app's re-login screen (/login/reLogin) is the way
 * to refresh it. Read from the table, not the session cache, as it happens on a few commands only.
 */
export class FreshLogins {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async leftMs(user: Pick<AuthUser, 'sessionId'>): Promise<number> {
    const createdAt = await sessionCreatedAt(this.database.db, user.sessionId);
    return createdAt !== undefined ? freshLoginLeft(Number(createdAt), this.clock.now()) : 0;
  }

  /** 403 `reauth_required` {minutes} when the session's sign-in is older than FRESH_LOGIN_MS. */
  async require(user: Pick<AuthUser, 'sessionId'>): Promise<void> {
    if ((await this.leftMs(user)) === 0) throw forbidden('reauth_required', { minutes: FRESH_LOGIN_MS / 60_000 });
  }
}
