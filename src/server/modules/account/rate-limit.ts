import { MemoryRateLimits, type Limiter, type RateLimitStore } from '../../platform/rate-limit';

/**
 * Password-check and registration throttling (docs/domain.md "Login sessions", docs/decisions/
 * 007-password-checks.md), on the rate-limit store (platform/rate-limit.ts): in process, or on
 * Redis with REDIS_URL so that every instance spends the same budget (docs/decisions/
 * 021-scale-out.md); Redis down refuses the check with 503 service_unavailable (fail closed).
 *
 * Every gate is `consume()`d BEFORE the slow argon2 hash: both stores count atomically (the memory
 * store synchronously, Redis in one script), so of N concurrent guesses only the budget's worth reach
 * the hash and the rest are refused, the right password included. A success gives the budget back.
 *
 * The limiter keeps wall-clock time itself rather than the injected Clock. That is acceptable here:
 * rate limits protect against real attackers in real time and carry no business meaning; tests
 * only check that limits trip and reset, never that a window elapses.
 */
export interface LoginLimits {
  /** Password checks per phone within the window (a success starts the count again). */
  phoneFailures: number;
  /** Password checks (login and re-authentication, any outcome) per client IP within the window. */
  ipAttempts: number;
  windowSeconds: number;
  /** Registration attempts per client IP within `registrationWindowSeconds`. */
  registrationsPerIp: number;
  registrationWindowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  phoneFailures: 5,
  ipAttempts: 30,
  windowSeconds: 15 * 60,
  registrationsPerIp: 10,
  registrationWindowSeconds: 60 * 60,
};

export class LoginLimiter {
  /** The public budget of a phone: anyone can spend it from the login form (and lock the phone). */
  private readonly phone: Limiter;
  /**
   * The budget of a signed-in user (password change, first fund password, a login from a device that
   * holds a live session of the user): a lock of the phone does not stop these, this budget does.
   */
  private readonly user: Limiter;
  private readonly ip: Limiter;
  private readonly registration: Limiter;

  constructor(
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    store: RateLimitStore = new MemoryRateLimits(),
  ) {
    this.phone = store.limiter({ name: 'login_phone', points: limits.phoneFailures, durationSeconds: limits.windowSeconds });
    this.user = store.limiter({ name: 'reauth_user', points: limits.phoneFailures, durationSeconds: limits.windowSeconds });
    this.ip = store.limiter({ name: 'login_ip', points: limits.ipAttempts, durationSeconds: limits.windowSeconds });
    this.registration = store.limiter({
      name: 'register_ip', points: limits.registrationsPerIp, durationSeconds: limits.registrationWindowSeconds,
    });
  }

  /** Count one password check from this IP; throws 429 once the IP used up its attempts. */
  attemptFromIp(ip: string): Promise<void> {
    return this.ip.consume(ip);
  }

  /** Count one password check of this phone before hashing; throws 429 once its budget is spent. */
  claimPhoneAttempt(phone: string): Promise<void> {
    return this.phone.consume(phone);
  }

  /** Count one password check of a signed-in user before hashing; throws 429 once its budget is spent. */
  claimUserAttempt(userId: string): Promise<void> {
    return this.user.consume(userId);
  }

  /** A wrong password from a signed-in user also counts against the phone's public budget. */
  async failedForPhone(phone: string): Promise<void> {
    await this.phone.penalty(phone, 1);
  }

  /** A correct login gives the phone (and the signed-in budget of its user) its attempts back. */
  async loginSucceeded(phone: string, userId: string): Promise<void> {
    await Promise.all([this.phone.reset(phone), this.user.reset(userId)]);
  }

  /** A correct re-authentication gives the user's signed-in budget back (the phone's count stays). */
  async userSucceeded(userId: string): Promise<void> {
    await this.user.reset(userId);
  }

  /** Count one registration from this IP (any outcome); throws 429 once the IP used up its budget. */
  attemptRegistration(ip: string): Promise<void> {
    return this.registration.consume(ip);
  }
}
