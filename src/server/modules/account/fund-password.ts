import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { invalid, notFound, ruleBroken } from '../../errors';
import type { fundPasswordBody } from '../../../shared/api/account';
import type { Reauth } from './reauth';
import * as repo from './repo';
import { hashPassword, verifyPassword } from './passwords';
import { fundLock, lockAfterFailures, triesLeft, type FundLock } from './rules';

const lockedError = (lock: FundLock) => ruleBroken('fund_password_locked', { minutes: lock.minutes, until: lock.until });

/**
 * The 6-digit fund password (DESIGN.md §7): 5 wrong tries in a row lock fund actions for 30 minutes;
 * a correct try resets the count. The lock uses the injected clock, so tests can step past it.
 */
export class FundPasswords {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** Checks the login password (with its throttling) for the first set. */
    private readonly reauth: Reauth,
  ) {}

  async set(userId: string, body: z.infer<typeof fundPasswordBody>): Promise<void> {
    if (body.password !== body.password2) throw invalid('password_mismatch', { field: 'password2' });
    const u = await repo.findById(this.database.db, userId);
    if (!u) throw notFound('user_not_found');
    if (u.fund_password_hash === null) {
      if (!body.loginPassword) throw invalid('invalid_request', { field: 'loginPassword', issue: 'required' });
      await this.reauth.check(userId, body.loginPassword, 'loginPassword');
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

  /** Resolves when correct; otherwise 422 fund_password_wrong (params.remaining) or _locked. */
  async verify(userId: string, password: string): Promise<void> {
    const db = this.database.db;
    const now = this.clock.now();
    const u = await repo.findById(db, userId);
    if (!u) throw notFound('user_not_found');
    if (u.fund_password_hash === null) throw ruleBroken('fund_password_not_set');
    const lock = fundLock(u.fund_password_locked_until === null ? null : Number(u.fund_password_locked_until), now);
    if (lock) throw lockedError(lock);

    if (await verifyPassword(u.fund_password_hash, password)) {
      if (u.fund_password_failures !== 0 || u.fund_password_locked_until !== null) {
        await repo.update(db, userId, { fund_password_failures: 0, fund_password_locked_until: null }, now);
      }
      return;
    }
    // Count and (maybe) lock in one transaction so concurrent wrong tries cannot skip the lock.
    const outcome = await db.transaction().execute(async (trx) => {
      const failures = await repo.incrementFundFailures(trx, userId, now);
      const until = lockAfterFailures(failures, now);
      if (until !== null) {
        await repo.update(trx, userId, { fund_password_failures: 0, fund_password_locked_until: until }, now);
      }
      return { failures, until };
    });
    if (outcome.until !== null) throw lockedError(fundLock(outcome.until, now)!);
    throw ruleBroken('fund_password_wrong', { remaining: triesLeft(outcome.failures) });
  }
}
