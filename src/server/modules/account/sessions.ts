import { createHash, randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { unauthenticated } from '../../errors';
import type { AuthUser } from '../../http/env';
import type { Executor } from '../admin/audit';
import { canLogin, sessionExpired, shouldTouch } from './rules';

/** Only the hash is stored: a leaked sessions table does not hand out live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  id: string;
  token: string;
}

export class SessionService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** A fresh 256-bit token per login (never reused, never derived from the user). */
  async create(db: Executor, userId: string, ip: string | null): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const id = uuidv7();
    const now = this.clock.now();
    await db
      .insertInto('sessions')
      .values({ id, user_id: userId, token_hash: hashToken(token), created_at: now, last_seen_at: now, revoked_at: null, ip })
      .execute();
    return { id, token };
  }

  /** The signed-in user for a token, or the 401 `session_expired` envelope. */
  async authenticate(token: string): Promise<AuthUser> {
    const now = this.clock.now();
    const row = await this.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.last_seen_at',
        'sessions.revoked_at',
        'users.id as userId',
        'users.phone',
        'users.state',
        'users.is_admin',
      ])
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    // Unknown, revoked and idle-expired look the same to the caller: sign in again.
    if (!row || row.revoked_at !== null || sessionExpired(Number(row.last_seen_at), now)) {
      throw unauthenticated('session_expired');
    }
    // Banning revokes sessions; this guards the window between the two (and any missed revoke).
    if (!canLogin(row.state)) throw unauthenticated('session_expired');
    if (shouldTouch(Number(row.last_seen_at), now)) {
      await this.database.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
    }
    return { id: row.userId, phone: row.phone, state: row.state, isAdmin: row.is_admin === 1, sessionId: row.sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.database.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revoke every live session of a user, optionally keeping one (the caller's own). */
  async revokeAllForUser(db: Executor, userId: string, exceptSessionId?: string): Promise<void> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
    await q.execute();
  }
}
