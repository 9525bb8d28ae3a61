import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { invalid, notFound, ruleBroken } from '../../errors';
import type { fundPasswordBody } from '../../../shared/api/account';
import type { Reauth } from './reauth';
import * as repo from './repo';
import { hashPassword, verifyPassword } from './passwords';
import { FUND_PASSWORD_LOCK_MS, FUND_PASSWORD_MAX_TRIES } from '../../../shared/domain/account';
import { fundLock, triesLeft, type FundLock } from './rules';

const lockedError = (lock: FundLock) => ruleBroken('fund_password_locked', { minutes: lock.minutes, until: lock.until });

/**
 * The 6-digit fund password (docs/domain.md): 5 wrong tries in a row lock fund actions for 30 minutes;
 * a correct try resets the count. Each try is counted before its hash (see verify). The lock uses the injected clock, so tests can step past it.
 */
export class FundPasswords {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** Checks the login password (with its throttling) for the first set. */
    private readonly reauth: Reauth,
  ) {}

  async set(userId: string, body: z.infer<typeof fundPasswordBody>, ip: string): Promise<void> {
    if (body.password !== body.password2) throw invalid('password_mismatch', { field: 'password2' });
    const u = await repo.findById(this.database.db, userId);
    if (!u) throw notFound('user_not_found');
    if (u.fund_password_hash === null) {
      if (!body.loginPassword) throw invalid('invalid_request', { field: 'loginPassword', issue: 'required' });
      await this.reauth.check(userId, body.loginPassword, 'loginPassword', ip);
    } else {
      if (!body.oldFundPassword) throw invalid('invalid_request', { field: 'oldFundPassword', issue: 'required' });
      await this.verify(userId, body.oldFundPassword);
    }
    const hash = await hashPassword(body.password);
    await repo.update(
      this.database.db, userId,
      { fund_password_hash: hash, fund_password_failures: 0, fund_password_locked_until: null },
      this.clock.now(),
    );
  }

  /**
   * Resolves when correct; otherwise 422 fund_password_wrong (params.remaining) or _locked. The try is
   * counted in the users row before the hash (repo.claimFundTry), so 30 concurrent tries give at most
   * FUND_PASSWORD_MAX_TRIES hashes and the rest are refused as locked, the right password included.
   */
  async verify(userId: string, password: string): Promise<void> {
    const db = this.database.db;
    const now = this.clock.now();
    const u = await repo.findById(db, userId);
    if (!u) throw notFound('user_not_found');
    if (u.fund_password_hash === null) throw ruleBroken('fund_password_not_set');
    const claim = await repo.claimFundTry(db, userId, now, FUND_PASSWORD_MAX_TRIES, now + FUND_PASSWORD_LOCK_MS);
    if (!claim) {
      const row = await repo.findById(db, userId);
      const until = row?.fund_password_locked_until;
      throw lockedError(fundLock(until == null ? null : Number(until), now) ?? fundLock(now + FUND_PASSWORD_LOCK_MS, now)!);
    }

    if (await verifyPassword(u.fund_password_hash, password)) {
      // Also lifts the lock this very try set when it was the last one allowed.
      await repo.update(db, userId, { fund_password_failures: 0, fund_password_locked_until: null }, now);
      return;
    }
    if (claim.lockedUntil !== null) throw lockedError(fundLock(claim.lockedUntil, now)!);
    throw ruleBroken('fund_password_wrong', { remaining: triesLeft(claim.failures) });
  }
}
