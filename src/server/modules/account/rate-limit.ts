import { MemoryRateLimits, type Limiter, type RateLimitStore } from '../../platform/rate-limit';
import type { Attempt, AttemptBudget } from '../../platform/attempt-budget';

/**
 * Password-check and registration throttling (docs/domain.md "Login sessions", docs/decisions/
 * 007-password-checks.md), on the rate-limit store (platform/rate-limit.ts): in process, or on
 * Redis with REDIS_URL so that every instance spends the same budget (docs/decisions/
 * 021-scale-out.md); Redis down refuses the check with 503 service_unavailable (fail closed).
 *
 * Every password check is reserved BEFORE the slow argon2 hash and settled after it
 * (platform/attempts.ts): both stores apply each step atomically (the memory store synchronously,
 * Redis in one script), so of N concurrent guesses at most the budget's worth reach the hash and the
 * rest are refused, the right password included. A success gives its check back and clears the
 * failures once nothing else is in flight; one among concurrent guesses gives nothing back before
 * the last of them settles (else it would open the budget to the rest of the burst).
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
  private readonly phone: AttemptBudget;
  /**
   * The budget of a signed-in user (password change, first fund password, a login from a device that
   * holds a live session of the user): a lock of the phone does not stop these, this budget does.
   */
  private readonly user: AttemptBudget;
  private readonly ip: Limiter;
  private readonly registration: Limiter;

  constructor(
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    store: RateLimitStore = new MemoryRateLimits(),
  ) {
    this.phone = store.attempts({ name: 'login_phone', points: limits.phoneFailures, durationSeconds: limits.windowSeconds });
    this.user = store.attempts({ name: 'reauth_user', points: limits.phoneFailures, durationSeconds: limits.windowSeconds });
    this.ip = store.limiter({ name: 'login_ip', points: limits.ipAttempts, durationSeconds: limits.windowSeconds });
    this.registration = store.limiter({
      name: 'register_ip', points: limits.registrationsPerIp, durationSeconds: limits.registrationWindowSeconds,
    });
  }

  /** Count one password check from this IP (any outcome, never given back); throws 429 once the IP used up its attempts. */
  attemptFromIp(ip: string): Promise<void> {
    return this.ip.consume(ip);
  }

  /** Reserve one password check of this phone before hashing; throws 429 once its budget is full. */
  reservePhone(phone: string): Promise<Attempt> {
    return this.phone.reserve(phone);
  }

  /** Reserve one password check of a signed-in user before hashing; throws 429 once its budget is full. */
  reserveUser(userId: string): Promise<Attempt> {
    return this.user.reserve(userId);
  }

  /** A wrong password from a signed-in user also counts against the phone's public budget. */
  failedForPhone(phone: string): Promise<void> {
    return this.phone.penalty(phone, 1);
  }

  /** A correct login through the signed-in budget: the phone's failures are forgotten too. */
  clearPhone(phone: string): Promise<void> {
    return this.phone.forget(phone);
  }

  /** A correct login through the phone's budget: the user's signed-in failures are forgotten too. */
  clearUser(userId: string): Promise<void> {
    return this.user.forget(userId);
  }

  /** Count one registration from this IP (any outcome); throws 429 once the IP used up its budget. */
  attemptRegistration(ip: string): Promise<void> {
    return this.registration.consume(ip);
  }
}
