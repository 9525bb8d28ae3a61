import { createHash, randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { unauthenticated } from '../../errors';
import type { AuthUser } from '../../auth/principal';
import type { Executor } from '../../db/executor';
import { canLogin, sessionExpired, shouldTouch } from './rules';
import * as repo from './sessions-repo';

/**
 * How long (real time) a live session's row may be answered from memory: the bound on how late a
 * revoke, logout, ban or state change made by ANOTHER instance takes effect here. One made by this
 * process takes effect at once (forget / forgetUser). docs/decisions/018-request-path-performance.md
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const SESSION_CACHE_SIZE = 10_000;

type LiveRow = {
  sessionId: string;
  created_at: number | string;
  last_seen_at: number | string;
  revoked_at: number | string | null;
  userId: string;
  phone: string;
  state: string;
  is_admin: number;
  auth_method: string;
};

/** Only the hash is stored: a leaked sessions table does not hand out live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  id: string;
  token: string;
}

export class SessionService {
  /**
   * token → its live row, for SESSION_CACHE_TTL_MS of real time (`realTime`, performance.now: not
   * the injected clock, the bound is a real-time promise). It only ever vouches for a session: a cached row
   * the rules find expired is read again, so nothing is refused from memory.
   */
  private readonly cache = new Map<string, { row: LiveRow; until: number }>();
  /**
   * The cache's tokens by user and by session, kept with it, so a revoke or a ban drops its
   * entries in one lookup instead of scanning the whole cache (twice per change: inside the
   * transaction and after the commit).
   */
  private readonly tokensOfUser = new Map<string, Set<string>>();
  private readonly tokenOfSession = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** Milliseconds of real time for the cache's bound; a test moves it on instead of waiting (createServices' `realTime`). */
    private readonly realTime: () => number = () => performance.now(),
  ) {}

  /** Drops what this process remembers of one session (its revoke). */
  forget(sessionId: string): void {
    const token = this.tokenOfSession.get(sessionId);
    if (token !== undefined) this.drop(token);
  }

  /**
   * Drops every remembered session of a user: a revoke of all of them, a password change, a state
   * change. Called inside the changing transaction and again after it commits, so a request that
   * read the old row in between does not keep it.
   */
  forgetUser(userId: string): void {
    const tokens = this.tokensOfUser.get(userId);
    if (tokens) for (const token of [...tokens]) this.drop(token);
  }

  private remember(token: string, row: LiveRow): void {
    this.drop(token);
    // Bounded: the oldest entry goes first (a Map keeps insertion order).
    if (this.cache.size >= SESSION_CACHE_SIZE) this.drop(this.cache.keys().next().value!);
    this.cache.set(token, { row, until: this.realTime() + SESSION_CACHE_TTL_MS });
    let tokens = this.tokensOfUser.get(row.userId);
    if (!tokens) this.tokensOfUser.set(row.userId, (tokens = new Set()));
    tokens.add(token);
    this.tokenOfSession.set(row.sessionId, token);
  }

  private drop(token: string): void {
    const e = this.cache.get(token);
    if (!e) return;
    this.cache.delete(token);
    const tokens = this.tokensOfUser.get(e.row.userId);
    if (tokens) {
      tokens.delete(token);
      if (tokens.size === 0) this.tokensOfUser.delete(e.row.userId);
    }
    if (this.tokenOfSession.get(e.row.sessionId) === token) this.tokenOfSession.delete(e.row.sessionId);
  }

  /**
   * A fresh 256-bit token per login (never reused, never derived from the user). `method`: how the
   * user proved who they are, kept on the row for the back office's passkey rule (AuthUser.authMethod).
   */
  async create(db: Executor, userId: string, ip: string | null, method: 'password' | 'passkey' = 'password'): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const id = uuidv7();
    const now = this.clock.now();
    await repo.insertSession(db, { id, user_id: userId, token_hash: hashToken(token), created_at: now, last_seen_at: now, revoked_at: null, ip, auth_method: method });
    return { id, token };
  }

  /** The signed-in user for a token, or the 401 `session_expired` envelope. */
  async authenticate(token: string): Promise<AuthUser> {
    const now = this.clock.now();
    const row = await this.live(token, now);
    // Unknown, revoked, expired (idle or past the absolute lifetime) and banned look the same: sign in again.
    if (!row) throw unauthenticated('session_expired');
    if (shouldTouch(Number(row.last_seen_at), now)) {
      await repo.touchSession(this.database.db, row.sessionId, now);
      row.last_seen_at = now;
    }
    return {
      id: row.userId, phone: row.phone, state: row.state, isAdmin: row.is_admin === 1, sessionId: row.sessionId,
      authMethod: row.auth_method === 'passkey' ? 'passkey' : 'password',
    };
  }

  /**
   * The user of a live session, without using it (no last_seen write): a login that presents one is
   * from a trusted device (docs/domain.md "Login sessions"). Null for anything else.
   */
  async liveUserId(token: string): Promise<string | null> {
    return (await this.live(token, this.clock.now()))?.userId ?? null;
  }

  private async live(token: string, now: number): Promise<LiveRow | undefined> {
    const hit = this.cache.get(token);
    if (hit && hit.until > this.realTime() && this.isLive(hit.row, now)) return hit.row;
    const row = await repo.sessionByTokenHash(this.database.db, hashToken(token));
    if (!row || !this.isLive(row, now)) {
      this.drop(token);
      return undefined;
    }
    this.remember(token, row);
    return row;
  }

  private isLive(row: LiveRow, now: number): boolean {
    if (row.revoked_at !== null) return false;
    if (sessionExpired({ createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at) }, now)) return false;
    // Banning revokes sessions; this guards the window between the two (and any missed revoke).
    return canLogin(row.state);
  }

  async revoke(sessionId: string): Promise<void> {
    this.forget(sessionId);
    await repo.revokeSession(this.database.db, sessionId, this.clock.now());
    this.forget(sessionId);
  }

  /** Revoke every live session of a user, optionally keeping one (the caller's own). */
  async revokeAllForUser(db: Executor, userId: string, exceptSessionId?: string): Promise<void> {
    this.forgetUser(userId);
    await repo.revokeSessionsOf(db, userId, this.clock.now(), exceptSessionId);
    this.forgetUser(userId);
  }
}
