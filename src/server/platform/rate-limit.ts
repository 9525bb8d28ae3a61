import { randomBytes } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooMany, unavailable } from '../errors';
import { failFastRedis, readyWithin } from './redis';
import type { Config } from './config';
import { MemoryAttemptBudget, RedisAttemptBudget, TRIES_SCRIPT, type AttemptBudget, type TriesRedis } from './attempt-budget';

/**
 * The rate-limit store (docs/decisions/021-scale-out.md): counted budgets (per-IP logins,
 * registration, FX quotes), check budgets of a secret (attempt-budget.ts: a login password per phone
 * and per signed-in user) and concurrent-slot caps (quote streams per IP). In
 * process by default; on Redis when REDIS_URL is set, so every instance behind the balancer spends
 * the same budget. Redis down: every check fails CLOSED with 503 `service_unavailable` (a guess that
 * skips the limit is worse than a login that waits), and the next check after Redis returns works.
 */
export interface Limiter {
  /** Spends one point of `key`; throws 429 too_many_requests {retryAfter} when the budget is spent. */
  consume(key: string): Promise<void>;
  /** Spends `points` without checking (a failure counted after the fact). */
  penalty(key: string, points?: number): Promise<void>;
  /** Gives `key` its whole budget back. */
  reset(key: string): Promise<void>;
}

/** A held slot of a concurrency cap; `release()` is idempotent. */
export interface Slot {
  release(): void;
}

export interface ConcurrencyCap {
  readonly max: number;
  /** A slot of `key`, or null when `key` already holds `max`. */
  acquire(key: string): Promise<Slot | null>;
}

export interface LimiterOptions {
  /** Names the budget in the store (`login_phone`, `fx_quote`, ...). */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimitStore {
  limiter(opts: LimiterOptions): Limiter;
  /** A secret's check budget: each check reserved before it runs (docs/decisions/007-password-checks.md). */
  attempts(opts: LimiterOptions): AttemptBudget;
  cap(opts: { name: string; max: number }): ConcurrencyCap;
  close(): Promise<void>;
}

/** Wraps a rate-limiter-flexible limiter: its rejection → 429, any other failure (the store) → 503. */
class FlexibleLimiter implements Limiter {
  constructor(
    private readonly rl: RateLimiterAbstract,
    private readonly ready: () => Promise<void>,
  ) {}
  async consume(key: string): Promise<void> {
    await this.ready();
    try {
      await this.rl.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany('too_many_requests', { retryAfter: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
      throw storeDown(err);
    }
  }
  async penalty(key: string, points = 1): Promise<void> {
    await this.ready();
    await this.rl.penalty(key, points).catch((err: unknown) => {
      throw storeDown(err);
    });
  }
  async reset(key: string): Promise<void> {
    await this.ready();
    await this.rl.delete(key).catch((err: unknown) => {
      throw storeDown(err);
    });
  }
}

/** The store failed (Redis down or too slow): the request is refused, never let through. */
function storeDown(cause: unknown) {
  const e = unavailable('service_unavailable');
  (e as Error & { cause?: unknown }).cause = cause;
  return e;
}

/** One process (embedded mode, tests): rate-limiter-flexible's memory store and a Map of open slots. */
export class MemoryRateLimits implements RateLimitStore {
  limiter(o: LimiterOptions): Limiter {
    return new FlexibleLimiter(new RateLimiterMemory({ keyPrefix: o.name, points: o.points, duration: o.durationSeconds }), async () => {});
  }
  attempts(o: LimiterOptions): AttemptBudget {
    return new MemoryAttemptBudget(o);
  }
  cap(o: { name: string; max: number }): ConcurrencyCap {
    const open = new Map<string, number>();
    return {
      max: o.max,
      async acquire(key) {
        const n = open.get(key) ?? 0;
        if (n >= o.max) return null;
        open.set(key, n + 1);
        let held = true;
        return {
          release() {
            if (!held) return;
            held = false;
            const left = (open.get(key) ?? 1) - 1;
            if (left <= 0) open.delete(key);
            else open.set(key, left);
          },
        };
      },
    };
  }
  async close(): Promise<void> {}
}

/**
 * A slot is a member of a sorted set scored by its expiry (Redis' own clock, so instances' clocks do
 * not matter). Taking one first drops the expired members, so the slots of an instance that died
 * (SIGKILL, lost network) free themselves within SLOT_TTL_MS; a live instance re-scores its slots
 * every SLOT_TTL_MS / 3.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const REFRESH = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

export const SLOT_TTL_MS = 30_000;

type SlotRedis = TriesRedis & {
  kabutoSlotAcquire(key: string, max: number, member: string, ttlMs: number): Promise<number>;
  kabutoSlotRefresh(key: string, member: string, ttlMs: number): Promise<number>;
};

/** Shared by every instance: rate-limiter-flexible's Redis store, and slot caps as sorted sets. */
export class RedisRateLimits implements RateLimitStore {
  private readonly client: SlotRedis;
  /** Slots this instance holds (key → members), re-scored by the heartbeat. */
  private readonly held = new Map<string, Set<string>>();
  private readonly instance = randomBytes(6).toString('hex');
  private seq = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly prefix = 'kabuto:',
    private readonly slotTtlMs = SLOT_TTL_MS,
  ) {
    const client = failFastRedis(url);
    // An error event without a listener would crash the process; the failed command reports it.
    client.on('error', () => {});
    client.defineCommand('kabutoSlotAcquire', { numberOfKeys: 1, lua: ACQUIRE });
    client.defineCommand('kabutoSlotRefresh', { numberOfKeys: 1, lua: REFRESH });
    client.defineCommand('kabutoTries', { numberOfKeys: 1, lua: TRIES_SCRIPT });
    this.client = client as SlotRedis;
    this.heartbeat = setInterval(() => void this.refresh(), Math.max(1_000, Math.floor(slotTtlMs / 3)));
    this.heartbeat.unref();
  }

  private readonly ready = async () => {
    if (!(await readyWithin(this.client, 500))) throw storeDown(new Error(`redis ${this.client.status}`));
  };

  limiter(o: LimiterOptions): Limiter {
    const rl = new RateLimiterRedis({
      storeClient: this.client,
      keyPrefix: `${this.prefix}rl:${o.name}`,
      points: o.points,
      duration: o.durationSeconds,
      rejectIfRedisNotReady: true,
    });
    return new FlexibleLimiter(rl, this.ready);
  }

  attempts(o: LimiterOptions): AttemptBudget {
    return new RedisAttemptBudget(this.client, `${this.prefix}tries:${o.name}:`, o, this.call);
  }

  /** A store command: refused with 503 while Redis is unreachable or failing. */
  private readonly call = async <T>(command: () => Promise<T>): Promise<T> => {
    await this.ready();
    try {
      return await command();
    } catch (err) {
      throw storeDown(err);
    }
  };

  cap(o: { name: string; max: number }): ConcurrencyCap {
    return {
      max: o.max,
      acquire: async (k) => {
        await this.ready();
        const key = `${this.prefix}slots:${o.name}:${k}`;
        const member = `${this.instance}:${++this.seq}`;
        let got: number;
        try {
          got = await this.client.kabutoSlotAcquire(key, o.max, member, this.slotTtlMs);
        } catch (err) {
          throw storeDown(err);
        }
        if (got !== 1) return null;
        const members = this.held.get(key) ?? new Set<string>();
        members.add(member);
        this.held.set(key, members);
        let heldNow = true;
        return {
          release: () => {
            if (!heldNow) return;
            heldNow = false;
            members.delete(member);
            if (members.size === 0) this.held.delete(key);
            // A failure here is harmless: the slot expires within slotTtlMs.
            this.client.zrem(key, member).catch(() => undefined);
          },
        };
      },
    };
  }

  /**
   * Re-scores every slot this instance holds. Only slots still in Redis (XX): a refresh racing a
   * release must not bring the released slot back; a slot lost in a Redis restart is not re-added
   * (its stream goes uncounted until it reconnects — the cap errs by at most the streams then open).
   */
  private async refresh(): Promise<void> {
    if (this.client.status !== 'ready' || this.held.size === 0) return;
    const p = this.client.pipeline();
    for (const [key, members] of this.held) {
      for (const m of members) (p as unknown as SlotRedis).kabutoSlotRefresh(key, m, this.slotTtlMs);
    }
    await p.exec().catch(() => undefined);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.client.disconnect();
  }
}

/** REDIS_URL set → RedisRateLimits (key prefix KABUTO_REDIS_PREFIX, default `kabuto:`); else in process. */
export function rateLimitsFromConfig(redis: Config['redis']): RateLimitStore {
  return redis.url ? new RedisRateLimits(redis.url, redis.prefix) : new MemoryRateLimits();
}
