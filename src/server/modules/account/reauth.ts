import type { Database } from '../../db/database';
import { notFound, ruleBroken } from '../../errors';
import type { LoginLimiter } from './rate-limit';
import { verifyPassword } from './passwords';
import * as repo from './repo';

/**
 * Re-checks the login password of a signed-in user (password change, first fund password).
 * Failures count against the same per-phone budget as logins, so a stolen session cannot be
 * used to guess the password faster than the login form allows.
 */
export class Reauth {
  constructor(
    private readonly database: Database,
    private readonly limiter: LoginLimiter,
  ) {}

  /** Throws 422 `original_password_wrong` with params.field naming the form field. */
  async check(userId: string, password: string, field: string): Promise<void> {
    const u = await repo.findById(this.database.db, userId);
    if (!u) throw notFound('user_not_found');
    await this.limiter.assertPhoneAllowed(u.phone);
    if (!(await verifyPassword(u.password_hash, password))) {
      await this.limiter.failedForPhone(u.phone);
      throw ruleBroken('original_password_wrong', { field });
    }
  }
}
