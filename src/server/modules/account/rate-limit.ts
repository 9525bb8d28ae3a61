import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooMany } from '../../errors';

/**
 * Login throttling (DESIGN.md §7). In-memory per process; with REDIS_URL the same limits would move
 * to RateLimiterRedis so instances share counts (future work).
 *
 * The limiter keeps wall-clock time itself rather than the injected Clock. That is acceptable here:
 * rate limits protect against real attackers in real time and carry no business meaning; tests
 * only check that limits trip and reset, never that a window elapses.
 */
export interface LoginLimits {
  /** Failed password checks per phone within the window. */
  phoneFailures: number;
  /** Login attempts (any outcome) per client IP within the window. */
  ipAttempts: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { phoneFailures: 5, ipAttempts: 30, windowSeconds: 15 * 60 };

export class LoginLimiter {
  private readonly phone: RateLimiterMemory;
  private readonly ip: RateLimiterMemory;

  constructor(readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.phone = new RateLimiterMemory({ keyPrefix: 'login_phone', points: limits.phoneFailures, duration: limits.windowSeconds });
    this.ip = new RateLimiterMemory({ keyPrefix: 'login_ip', points: limits.ipAttempts, duration: limits.windowSeconds });
  }

  /** Count one attempt from this IP; throws 429 once the IP used up its attempts. */
  async attemptFromIp(ip: string): Promise<void> {
    try {
      await this.ip.consume(ip);
    } catch (err) {
      throw limited(err);
    }
  }

  /** Throws 429 while this phone has no failed attempts left (checked before the password). */
  async assertPhoneAllowed(phone: string): Promise<void> {
    const res = await this.phone.get(phone);
    if (res && res.consumedPoints >= this.limits.phoneFailures) throw limited(res);
  }

  async failedForPhone(phone: string): Promise<void> {
    // The limit itself is enforced by assertPhoneAllowed; going over here only needs to be counted.
    await this.phone.consume(phone).catch(() => undefined);
  }

  /** A correct password clears the phone's failures (the IP budget is kept). */
  async succeededForPhone(phone: string): Promise<void> {
    await this.phone.delete(phone);
  }
}

function limited(err: unknown) {
  if (err instanceof RateLimiterRes) {
    return tooMany('too_many_requests', { retryAfter: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
  }
  return err;
}
