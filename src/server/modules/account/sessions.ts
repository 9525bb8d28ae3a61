import { createHash, randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { unauthenticated } from '../../errors';
import type { AuthUser } from '../../auth/principal';
import type { Executor } from '../../db/executor';
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
    const row = await this.live(token, now);
    // Unknown, revoked, expired (idle or past the absolute lifetime) and banned look the same: sign in again.
    if (!row) throw unauthenticated('session_expired');
    if (shouldTouch(Number(row.last_seen_at), now)) {
      await this.database.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
    }
    return { id: row.userId, phone: row.phone, state: row.state, isAdmin: row.is_admin === 1, sessionId: row.sessionId };
  }

  /**
   * The user of a live session, without using it (no last_seen write): a login that presents one is
   * from a trusted device (docs/domain.md "Login sessions"). Null for anything else.
   */
  async liveUserId(token: string): Promise<string | null> {
    return (await this.live(token, this.clock.now()))?.userId ?? null;
  }

  private async live(token: string, now: number) {
    const row = await this.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.created_at',
        'sessions.last_seen_at',
        'sessions.revoked_at',
        'users.id as userId',
        'users.phone',
        'users.state',
        'users.is_admin',
      ])
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) return undefined;
    if (sessionExpired({ createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at) }, now)) return undefined;
    // Banning revokes sessions; this guards the window between the two (and any missed revoke).
    if (!canLogin(row.state)) return undefined;
    return row;
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
