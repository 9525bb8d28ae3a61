import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { forbidden, notFound } from '../../errors';
import type { RequestInfo } from '../module';
import {
  DEVICE_HEADER,
  LOGIN_HISTORY_MAX,
  type LoginHistory as LoginHistoryData,
  type LoginItem,
  type SessionItem,
} from '../../../shared/api/account';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '../../../shared/domain/account';
import type { NewSession, SessionService } from './sessions';
import * as repo from './login-repo';
import { countryOf, describeClient, deviceKey, loginNovelty, USER_AGENT_MAX, type DeviceType } from './login-rules';

/** What the server knows of a signing-in client (docs/domain.md "Login history and devices"). */
export interface LoginClient {
  ip: string | null;
  userAgent: string | null;
  /** The app's device id (DEVICE_HEADER), as sent. */
  deviceId: string | null;
  country: string | null;
}

export type LoginMethod = LoginItem['method'];

/** A sign-in new to the account: the user's `login_alert` message and Web Push. */
export interface LoginAlert {
  userId: string;
  loginId: string;
  at: number;
  params: {
    loginId: string;
    method: LoginMethod;
    ip: string | null;
    country: string | null;
    browser: string;
    os: string;
    deviceType: DeviceType;
    deviceName: string;
    newDevice: boolean;
    newCountry: boolean;
  };
}

/**
 * How a login alert reaches the user, wired by the composition root (the account area imports no
 * messaging): the message is written in the sign-in's own transaction, so it exists exactly when the
 * login does; the push goes after the commit and is not waited for (a slow push service must not
 * slow a sign-in down).
 */
export interface LoginAlerts {
  inTransaction(trx: Executor, alert: LoginAlert): Promise<void>;
  afterCommit(alert: LoginAlert): Promise<void>;
}

export interface LoginHistoryConfig {
  /**
   * KABUTO_COUNTRY_HEADER: the request header a trusted proxy in front of the server sets to the
   * client's country (e.g. `CF-IPCountry`). Unset: the location is unknown. Only set it when the
   * proxy overwrites the header on every request, or a client could name any country.
   */
  countryHeader?: string;
}

/** Sessions listed at most (a user signing in from scripts can hold many). */
const SESSIONS_MAX = 100;

/**
 * The login history and devices (docs/domain.md "Login history and devices", issue 37 item 5):
 * each sign-in is recorded with its session; a sign-in from a device or country new to the account
 * tells the user, who can answer "this wasn't me" — every session ends and fund actions wait for a
 * new login password; the user's sessions are listed and can be signed out one by one.
 */
export class LoginHistory {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly config: LoginHistoryConfig = {},
    private readonly alerts?: LoginAlerts,
  ) {}

  /** The client of a sign-in request: its address and the headers that describe it. */
  clientOf(ip: string | null, request?: Pick<RequestInfo, 'header'>): LoginClient {
    const header = (name: string) => request?.header(name) ?? null;
    return {
      ip: ip && ip !== 'unknown' ? ip : null,
      userAgent: header('user-agent'),
      deviceId: header(DEVICE_HEADER),
      country: this.config.countryHeader ? countryOf(header(this.config.countryHeader)) : null,
    };
  }

  /** A new session and its login row (and the user's alert, when new) in one transaction. */
  async signIn(userId: string, client: LoginClient, method: LoginMethod): Promise<NewSession> {
    const { session, alert } = await this.database.db.transaction().execute(async (trx) => {
      const session = await this.sessions.create(trx, userId, client.ip, method === 'passkey' ? 'passkey' : 'password');
      return { session, alert: await this.record(trx, userId, session.id, client, method) };
    });
    if (alert && this.alerts) void this.alerts.afterCommit(alert);
    return session;
  }

  /**
   * Records a sign-in that made `sessionId`, inside the caller's transaction (registration makes the
   * user and the session in one: a new account has no device or place to compare with, so it never
   * alerts). Returns the alert when the sign-in is new to the account; its message is written here,
   * its push is the caller's to send after the commit (signIn does).
   */
  async record(trx: Executor, userId: string, sessionId: string, client: LoginClient, method: LoginMethod): Promise<LoginAlert | null> {
    const at = this.clock.now();
    const described = describeClient(client.userAgent);
    const key = deviceKey(client.deviceId, described);
    const { newDevice, newCountry } = loginNovelty({
      deviceKnown: await repo.deviceKnown(trx, userId, key),
      anyDeviceKnown: await repo.anyDeviceKnown(trx, userId),
      country: client.country,
      earlierCountries: client.country ? await repo.countriesOf(trx, userId) : [],
    });
    const id = uuidv7();
    await repo.insertLogin(trx, {
      id, user_id: userId, session_id: sessionId, method, at, ip: client.ip, country: client.country, device_key: key,
      user_agent: (client.userAgent ?? '').slice(0, USER_AGENT_MAX), browser: described.browser, os: described.os,
      device_type: described.deviceType, device_name: described.deviceName,
      new_device: newDevice ? 1 : 0, new_country: newCountry ? 1 : 0, reported_at: null,
    });
    await repo.rememberDevice(trx, userId, key, at);
    if (!newDevice && !newCountry) return null;
    const alert: LoginAlert = {
      userId, loginId: id, at,
      params: {
        loginId: id, method, ip: client.ip, country: client.country, browser: described.browser, os: described.os,
        deviceType: described.deviceType, deviceName: described.deviceName, newDevice, newCountry,
      },
    };
    await this.alerts?.inTransaction(trx, alert);
    return alert;
  }

  private liveBounds(): repo.LiveBounds {
    const now = this.clock.now();
    return { seenSince: now - SESSION_IDLE_MS, createdSince: now - SESSION_MAX_AGE_MS };
  }

  async liveSessions(user: AuthUser): Promise<{ items: SessionItem[] }> {
    const rows = await repo.liveSessions(this.database.db, user.id, this.liveBounds(), SESSIONS_MAX);
    return {
      items: rows.map((r) => ({
        id: r.id,
        current: r.id === user.sessionId,
        createdAt: Number(r.created_at),
        lastSeenAt: Number(r.last_seen_at),
        // A session made before the history began has no login row: its address is all there is.
        method: (r.method ?? 'password') as LoginMethod,
        ip: r.ip ?? r.session_ip,
        country: r.country ?? null,
        browser: r.browser ?? '',
        os: r.os ?? '',
        deviceType: (r.device_type ?? 'other') as DeviceType,
        deviceName: r.device_name ?? '',
      })),
    };
  }

  /** Signs one of the user's own sessions out; another user's id reads as missing. */
  async revokeSession(user: AuthUser, id: string): Promise<void> {
    if (!(await repo.sessionOwned(this.database.db, user.id, id))) throw notFound('not_found');
    await this.sessions.revoke(id);
  }

  async history(user: AuthUser): Promise<LoginHistoryData> {
    const db = this.database.db;
    const [rows, lock] = await Promise.all([repo.recentLogins(db, user.id, LOGIN_HISTORY_MAX, this.liveBounds()), repo.lockOf(db, user.id)]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: Number(r.at),
        method: r.method as LoginMethod,
        ip: r.ip,
        country: r.country,
        browser: r.browser,
        os: r.os,
        deviceType: r.device_type as DeviceType,
        deviceName: r.device_name,
        newDevice: r.new_device === 1,
        newCountry: r.new_country === 1,
        reportedAt: r.reported_at === null ? null : Number(r.reported_at),
        active: r.active,
        current: r.session_id === user.sessionId,
      })),
      fundsLockedSince: lock ? Number(lock.locked_at) : null,
    };
  }

  /**
   * "This wasn't me" (身に覚えがない): in one transaction the sign-in is marked reported, its device is
   * no longer known (its next sign-in alerts again), fund actions are locked, and every session of the
   * user ends — the caller's too, since the caller may be the one who got in. Another user's sign-in
   * reads as missing. Reporting again changes nothing more than signing out again.
   */
  async report(user: AuthUser, id: string): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      const login = await repo.loginOf(trx, user.id, id);
      if (!login) throw notFound('not_found');
      const now = this.clock.now();
      await repo.markReported(trx, id, now);
      await repo.forgetDevice(trx, user.id, login.device_key);
      await repo.lock(trx, user.id, id, now);
      await this.sessions.revokeAllForUser(trx, user.id);
    });
    this.sessions.forgetUser(user.id); // committed: see SessionService.forgetUser
  }

  /**
   * Refuses a fund action (a withdrawal, a fund-password command, a payout destination change) while
   * a report's lock holds: 403 `security_locked` {since}.
   */
  async assertFundsUnlocked(userId: string): Promise<void> {
    const lock = await repo.lockOf(this.database.db, userId);
    if (lock) throw forbidden('security_locked', { since: Number(lock.locked_at) });
  }

  /** A new login password lifts the lock, in the password change's transaction. */
  unlock(trx: Executor, userId: string): Promise<void> {
    return repo.unlock(trx, userId);
  }
}
