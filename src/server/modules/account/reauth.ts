import type { Database } from '../../db/database';
import { notFound, ruleBroken } from '../../errors';
import type { LoginLimiter } from './rate-limit';
import { verifyPassword } from './passwords';
import { checkWith } from '../../platform/attempt-budget';
import * as repo from './repo';

/**
 * Re-checks the login password of a signed-in user (password change, first fund password).
 * The attempt is reserved before the hash, per user and per IP, and settled after it (a success gives
 * the user's check back: platform/attempts.ts), so concurrent guesses through a
 * stolen session cannot go over the budget; a wrong password also counts against the phone, so a
 * stolen session cannot be used to guess faster than the login form allows. A lock of the phone by
 * strangers on the login form does not stop the holder of a live session (docs/domain.md).
 */
export class Reauth {
  constructor(
    private readonly database: Database,
    private readonly limiter: LoginLimiter,
  ) {}

  /** Throws 422 `original_password_wrong` with params.field naming the form field, or 429. */
  async check(userId: string, password: string, field: string, ip: string): Promise<void> {
    const u = await repo.findById(this.database.db, userId);
    if (!u) throw notFound('user_not_found');
    await this.limiter.attemptFromIp(ip);
    const attempt = await this.limiter.reserveUser(u.id);
    if (!(await checkWith(attempt, () => verifyPassword(u.password_hash, password)))) {
      await this.limiter.failedForPhone(u.phone);
      throw ruleBroken('original_password_wrong', { field });
    }
  }
}
