import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, forbidden, invalid, notFound, ruleBroken } from '../../errors';
import type { AuthUser } from '../../auth/principal';
import type { changePasswordBody, fundPasswordBody, loginBody, registerBody, UserInfo } from '../../../shared/api/account';
import type { AccountState } from '../../../shared/domain/account';
import type { ConfigService } from '../config';
import { kycNamesOf, kycStatusOfReview } from '../kyc';
import type { AuditLog } from '../../platform/audit';
import type { SessionService } from './sessions';
import type { LoginLimiter } from './rate-limit';
import type { FundPasswords } from './fund-password';
import type { Reauth } from './reauth';
import type { LoginClient, LoginHistory } from './logins';
import type { RequestInfo } from '../module';
import { checkWith } from '../../platform/attempt-budget';
import * as repo from './repo';
import { burnVerify, hashPassword, verifyPassword } from './passwords';
import { canLogin, moneyBlock, newInviteCode, tradeBlock } from './rules';
import { newPasswordProblem, type PasswordContext } from './password-policy';

/** Runs inside the state change's transaction for a user who is no longer active. */
export type RestrictionHandler = (trx: Transaction<DB>, userId: string) => Promise<void>;

export interface SessionData {
  token: string;
  account: string;
  is_admin: boolean;
}

/**
 * The password policy of docs/domain.md (NIST 800-63B) beyond the schema's length (password-policy.ts):
 * 422 with the reason and `field: 'password'`. Runs before any budget is spent or any hash is made.
 */
function checkNewPassword(password: string, context: PasswordContext): void {
  const problem = newPasswordProblem(password, context);
  if (problem) throw ruleBroken(problem, { field: 'password' });
}

/** The onboarding deposit step from the best deposit's rank (account/repo.ts bestDepositRank: 2 approved, 1 pending). */
function depositStep(rank: number | string | null): 'none' | 'pending' | 'approved' {
  const r = Number(rank ?? 0);
  return r === 2 ? 'approved' : r === 1 ? 'pending' : 'none';
}

/** Attempts at drawing an unused invite code (32^8 codes: a second draw is already a curiosity). */
const INVITE_DRAWS = 5;

export class AccountService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly sessions: SessionService,
    private readonly limiter: LoginLimiter,
    private readonly fund: FundPasswords,
    private readonly reauth: Reauth,
    private readonly audit: AuditLog,
    /** Every sign-in is recorded, and told to the user when new (docs/domain.md "Login history and devices"). */
    private readonly logins: LoginHistory,
  ) {}

  /**
   * Checks run cheapest first; nothing is written until every check passed. The per-IP budget is spent
   * before anything that touches the users table, and the password is hashed before the phone is
   * looked up, so a registered phone answers `account_exists` no faster than a new one registers
   * (docs/decisions/007-password-checks.md).
   */
  async register(body: z.infer<typeof registerBody>, ip: string | null, client?: LoginClient): Promise<SessionData> {
    if (body.password !== body.password2) throw invalid('password_mismatch', { field: 'password2' });
    if (!body.agree) throw invalid('agreement_required', { field: 'agree' });
    checkNewPassword(body.password, { phone: body.phone });
    await this.limiter.attemptRegistration(ip ?? 'unknown');
    const db = this.database.db;
    let inviter: repo.UserRow | undefined;
    // A code that was typed must name a user even when codes are optional: a typo should not pass silently.
    if (body.inviteCode) inviter = await repo.findByInviteCode(db, body.inviteCode);
    if (body.inviteCode ? !inviter : await this.config.get('inviteRequired')) {
      throw ruleBroken('invite_code_invalid', { field: 'inviteCode' });
    }
    const passwordHash = await hashPassword(body.password);
    if (await repo.findByPhone(db, body.phone)) throw conflict('account_exists');
    for (let draw = 0; draw < INVITE_DRAWS; draw++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const id = uuidv7();
          await repo.insert(trx, {
            id, phone: body.phone, passwordHash, inviteCode: newInviteCode(),
            invitedBy: inviter?.id ?? null, isAdmin: false, now: this.clock.now(),
          });
          const s = await this.sessions.create(trx, id, ip);
          await this.logins.record(trx, id, s.id, client ?? this.logins.clientOf(ip), 'register');
          return { token: s.token, account: body.phone, is_admin: false };
        });
      } catch (err) {
        if (!this.database.caps.isUniqueViolation(err)) throw err;
        // Either the phone was taken concurrently, or the invite code collided: draw again.
        if (await repo.findByPhone(db, body.phone)) throw conflict('account_exists');
      }
    }
    throw new Error('could not allocate an unused invite code');
  }

  /**
   * Unknown phone and wrong password give the same 422 `phone_or_password_incorrect` (and take
   * the same time), so the login form does not reveal who is registered.
   *
   * The attempt is reserved before the hash (per IP, and per phone) and settled after it, so
   * concurrent guesses cannot go over the budget: past it, the right password is refused with the
   * same 429 as a wrong one (docs/decisions/007-password-checks.md). A
   * client that presents a live session of the same user in `token` (a device that already holds a
   * session) spends the user's signed-in budget instead of the phone's, so strangers who locked the
   * phone from the login form do not lock its owner out (docs/domain.md "Login sessions").
   */
  async login(body: z.infer<typeof loginBody>, ip: string, deviceToken?: string, client?: LoginClient): Promise<SessionData> {
    await this.limiter.attemptFromIp(ip);
    const db = this.database.db;
    const deviceUserId = deviceToken ? await this.sessions.liveUserId(deviceToken) : null;
    const user = await repo.findByPhone(db, body.phone);
    const trusted = user !== undefined && deviceUserId === user.id;
    const attempt = trusted ? await this.limiter.reserveUser(user.id) : await this.limiter.reservePhone(body.phone);
    const ok = await checkWith(attempt, async () =>
      user ? verifyPassword(user.password_hash, body.password) : (await burnVerify(body.password), false),
    );
    if (!user || !ok) {
      // An untrusted try was settled as the phone's failure; a trusted one counts against the phone too.
      if (trusted) await this.limiter.failedForPhone(body.phone);
      throw ruleBroken('phone_or_password_incorrect');
    }
    // The settled check gave its own budget back; the other budget's failures are forgotten too.
    await (trusted ? this.limiter.clearPhone(body.phone) : this.limiter.clearUser(user.id));
    // Checked after the password so a ban is only disclosed to the account holder.
    if (!canLogin(user.state)) throw forbidden('account_banned', user.state_reason ? { reason: user.state_reason } : undefined);
    // The user asked for a passkey at every sign-in: a right password alone (phished, leaked) opens
    // nothing. After the password, like a ban, so only the holder learns it (docs/decisions/008-passkeys.md).
    if (user.passkey_required === 1) throw forbidden('passkey_login_required');
    const s = await this.logins.signIn(user.id, client ?? this.logins.clientOf(ip), 'password');
    return { token: s.token, account: user.phone, is_admin: user.is_admin === 1 };
  }

  /** The client of a sign-in request: address, User-Agent, the app's device id, the proxy's country. */
  loginClient(request: Pick<RequestInfo, 'ip' | 'header'>): LoginClient {
    return this.logins.clientOf(request.ip, request);
  }

  async logout(user: AuthUser): Promise<void> {
    await this.sessions.revoke(user.sessionId);
  }

  async info(userId: string): Promise<UserInfo> {
    // One statement: the row with its latest KYC review (docs/decisions/018-request-path-performance.md).
    const u = await repo.findInfoById(this.database.db, userId);
    if (!u) throw notFound('user_not_found');
    return {
      id: u.id,
      phone: u.phone,
      state: u.state as AccountState,
      stateReason: u.state_reason,
      inviteCode: u.invite_code,
      isAdmin: u.is_admin === 1,
      fundPasswordSet: u.fund_password_hash !== null,
      kycStatus: kycStatusOfReview(u.kyc_review),
      onboarding: { bankAccount: u.bank_account_id !== null, deposit: depositStep(u.deposit_rank) },
      createdAt: Number(u.created_at),
    };
  }

  /** The current session survives; every other session of the user is revoked with the change. */
  async changePassword(user: AuthUser, body: z.infer<typeof changePasswordBody>, ip: string): Promise<void> {
    if (body.password !== body.password2) throw invalid('password_mismatch', { field: 'password2' });
    checkNewPassword(body.password, { phone: user.phone, names: await kycNamesOf(this.database.db, user.id) });
    await this.reauth.check(user.id, body.oldPassword, 'oldPassword', ip);
    if (body.password === body.oldPassword) throw ruleBroken('password_same_as_old', { field: 'password' });
    const passwordHash = await hashPassword(body.password);
    await this.database.db.transaction().execute(async (trx) => {
      await repo.update(trx, user.id, { password_hash: passwordHash }, this.clock.now());
      await this.sessions.revokeAllForUser(trx, user.id, user.sessionId);
      // A new password is what a reported sign-in's lock waits for (docs/domain.md "Login history and devices").
      await this.logins.unlock(trx, user.id);
    });
    this.sessions.forgetUser(user.id); // committed: see SessionService.forgetUser
  }

  /** First set needs the login password, a change needs the old fund password. */
  async setFundPassword(userId: string, body: z.infer<typeof fundPasswordBody>, ip: string): Promise<void> {
    await this.logins.assertFundsUnlocked(userId);
    return this.fund.set(userId, body, ip);
  }

  /** For withdrawals and other fund actions: same lockout as changing the fund password. */
  async verifyFundPassword(userId: string, password: string): Promise<void> {
    // Refused before a try is spent while a reported sign-in locks fund actions.
    await this.logins.assertFundsUnlocked(userId);
    return this.fund.verify(userId, password);
  }

  /** 403 `security_locked` while a sign-in reported as not the user's locks fund actions (payout destinations). */
  assertFundsUnlocked(userId: string): Promise<void> {
    return this.logins.assertFundsUnlocked(userId);
  }

  /** Frozen (and banned) accounts cannot move money; no_trade accounts can. */
  assertCanMoveMoney(user: Pick<AuthUser, 'state'>): void {
    const id = moneyBlock(user.state);
    if (id) throw forbidden(id);
  }

  /** Opening a position needs an active account. */
  assertCanTrade(user: Pick<AuthUser, 'state'>): void {
    const id = tradeBlock(user.state);
    if (id) throw forbidden(id);
  }

  /**
   * Closing needs only a session: a frozen or no_trade account may still close (返済のみ), since
   * the system could otherwise force-close a position its owner may not (docs/domain.md
   * "Account states"). A banned account has no session at all.
   */
  assertCanClose(user: Pick<AuthUser, 'state'>): void {
    if (user.state === 'banned') throw forbidden('account_banned');
  }

  private readonly restrictionHandlers: RestrictionHandler[] = [];

  /**
   * Work other areas do, in the same transaction, when an account is restricted (e.g. trade
   * cancels its pending new orders). Wired by the composition root: account imports no area.
   */
  onRestriction(handler: RestrictionHandler): void {
    this.restrictionHandlers.push(handler);
  }

  /** Admin command: state, reason and audit row commit together; a ban also ends every session. */
  async setState(admin: AuthUser, userId: string, state: AccountState, reason: string) {
    // An admin restricting their own account could lock the operator out; another admin must do it.
    if (userId === admin.id) throw forbidden('forbidden', { field: 'id' });
    await this.database.db.transaction().execute(async (trx) => {
      const u = await repo.findById(trx, userId);
      if (!u) throw notFound('user_not_found');
      await repo.update(trx, userId, { state, state_reason: reason }, this.clock.now());
      this.sessions.forgetUser(userId); // the cached principal carries the state
      if (state === 'banned') await this.sessions.revokeAllForUser(trx, userId);
      if (state !== 'active') for (const h of this.restrictionHandlers) await h(trx, userId);
      await this.audit.record(trx, {
        adminId: admin.id, action: 'user.state', target: userId, reason, detail: { from: u.state, to: state },
      });
    });
    this.sessions.forgetUser(userId); // committed: see SessionService.forgetUser
    return { id: userId, state };
  }
}
