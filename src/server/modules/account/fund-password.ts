import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { invalid, notFound, ruleBroken } from '../../errors';
import type { fundPasswordBody } from '../../../shared/api/account';
import type { Reauth } from './reauth';
import * as repo from './repo';
import { hashPassword, verifyPassword } from './passwords';
import { reserveFundTry, settleFundTry, type FundLock, type FundSettlement } from './rules';

const lockedError = (lock: FundLock) => ruleBroken('fund_password_locked', { minutes: lock.minutes, until: lock.until });

/**
 * The 6-digit fund password (docs/domain.md): 5 wrong tries in a row lock fund actions for 30 minutes;
 * a correct try resets the count. Each try is reserved before its hash (see verify). The lock uses the
 * injected clock, so tests can step past it.
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
    // Only the hash: the old password's check already settled its try, and writing the count here
    // would wipe the tries of concurrent guesses (and a lock they set).
    await repo.update(this.database.db, userId, { fund_password_hash: hash }, this.clock.now());
  }

  /**
   * Resolves when correct; otherwise 422 fund_password_wrong (params.remaining) or _locked. The try is
   * reserved in the users row before the hash and settled after it (rules.ts reserveFundTry,
   * settleFundTry), so N concurrent tries give at most FUND_PASSWORD_MAX_TRIES hashes and the rest
   * are refused as locked, the right password included.
   */
  async verify(userId: string, password: string): Promise<void> {
    const hash = await this.storedHash(userId);
    const reserved = await repo.stepFundTries(this.database, userId, (s) => reserveFundTry(s, this.clock.now()));
    if (!reserved) throw notFound('user_not_found');
    if (reserved.refused) throw lockedError(reserved.refused);
    const { ok, settled } = await this.checkReserved(userId, hash, password);
    if (ok) return;
    if (settled?.lock) throw lockedError(settled.lock);
    throw ruleBroken('fund_password_wrong', { remaining: settled?.remaining ?? 0 });
  }

  private async storedHash(userId: string): Promise<string> {
    const u = await repo.findById(this.database.db, userId);
    if (!u) throw notFound('user_not_found');
    if (u.fund_password_hash === null) throw ruleBroken('fund_password_not_set');
    return u.fund_password_hash;
  }

  /** The hash of a reserved try, then its settlement; a throw in between settles it as a failure (it was spent). */
  private async checkReserved(userId: string, hash: string, password: string) {
    let ok = false;
    let settled: FundSettlement | undefined;
    try {
      ok = await verifyPassword(hash, password);
    } finally {
      settled = await repo.stepFundTries(this.database, userId, (s) => settleFundTry(s, ok, this.clock.now()));
    }
    return { ok, settled };
  }
}
