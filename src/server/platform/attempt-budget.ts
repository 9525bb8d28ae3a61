import type { Redis } from 'ioredis';
import { tooMany } from '../errors';
import {
  forgetFailures, freshTries, isEmpty, NO_TRIES, penalizeTries, reserveTry, settleTry, slotsLeft, STALE_TRY_MS, type Tries,
} from './attempts';

/**
 * Check budgets of a secret (login password per phone, per signed-in user): the steps of
 * platform/attempts.ts applied atomically, in process or on Redis. A key's budget lasts a fixed
 * window from its first use (as rate-limiter-flexible's did); a full budget is refused with 429
 * too_many_requests {retryAfter: the rest of the window}.
 */
export interface AttemptBudget {
  /** Reserves one check of `key` BEFORE the secret is verified; 429 when the budget is full. */
  reserve(key: string): Promise<Attempt>;
  /** Counts `points` failures without a check of this budget's own. */
  penalty(key: string, points?: number): Promise<void>;
  /** Forgets the failures of `key` (the owner proved the secret elsewhere). */
  forget(key: string): Promise<void>;
}

/** A reserved check: settle it exactly once with the outcome (later calls do nothing). */
export interface Attempt {
  settle(ok: boolean): Promise<void>;
}

export interface BudgetOptions {
  name: string;
  points: number;
  durationSeconds: number;
}

/** Runs `verify` on a reserved check and settles it with the outcome; a throw settles it as a failure. */
export async function checkWith(attempt: Attempt, verify: () => Promise<boolean>): Promise<boolean> {
  let ok = false;
  try {
    ok = await verify();
  } finally {
    await attempt.settle(ok);
  }
  return ok;
}

function once(settle: (ok: boolean) => Promise<void>): Attempt {
  let done = false;
  return {
    settle(ok) {
      if (done) return Promise.resolve();
      done = true;
      return settle(ok);
    },
  };
}

const refused = (msLeft: number) => tooMany('too_many_requests', { retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) });

/** Sweep expired keys once this many new keys were added (the map is otherwise only read by key). */
const SWEEP_EVERY = 1024;

/** One process: each step runs synchronously, so concurrent requests of this process apply one at a time. */
export class MemoryAttemptBudget implements AttemptBudget {
  private readonly keys = new Map<string, { tries: Tries; expiresAt: number }>();
  private added = 0;

  constructor(private readonly o: BudgetOptions) {}

  async reserve(key: string): Promise<Attempt> {
    const now = Date.now();
    const e = this.live(key, now) ?? this.create(key, now);
    const tries = freshTries(e.tries, now);
    if (slotsLeft(tries, this.o.points) === 0) throw refused(e.expiresAt - now);
    e.tries = reserveTry(tries, now);
    return once(async (ok) => this.update(key, (t) => settleTry(t, ok)));
  }

  async penalty(key: string, points = 1): Promise<void> {
    const now = Date.now();
    const e = this.live(key, now) ?? this.create(key, now);
    e.tries = penalizeTries(freshTries(e.tries, now), points);
  }

  async forget(key: string): Promise<void> {
    this.update(key, forgetFailures);
  }

  /** A step on a live key only: one whose window ended took its counts with it. */
  private update(key: string, step: (t: Tries) => Tries): void {
    const now = Date.now();
    const e = this.live(key, now);
    if (!e) return;
    e.tries = step(freshTries(e.tries, now));
    if (isEmpty(e.tries)) this.keys.delete(key);
  }

  private live(key: string, now: number) {
    const e = this.keys.get(key);
    if (e && e.expiresAt <= now) this.keys.delete(key);
    return e && e.expiresAt > now ? e : undefined;
  }

  private create(key: string, now: number) {
    if (++this.added % SWEEP_EVERY === 0) for (const [k, e] of this.keys) if (e.expiresAt <= now) this.keys.delete(k);
    const e = { tries: NO_TRIES, expiresAt: now + this.o.durationSeconds * 1000 };
    this.keys.set(key, e);
    return e;
  }
}

/**
 * The same steps as attempts.ts, in one script per step, so every instance's requests apply one at
 * a time on Redis' own clock. A hash {f: failures, p: pending, h: held, s: staleAt}; the window
 * starts with the key. Returns {allowed, ms left in the window}.
 */
export const TRIES_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local k, op = KEYS[1], ARGV[1]
local v = redis.call('HMGET', k, 'f', 'p', 'h', 's')
local exists = v[1] ~= false
local f, p, h, s = tonumber(v[1] or 0), tonumber(v[2] or 0), tonumber(v[3] or 0), tonumber(v[4] or 0)
if (op == 'ok' or op == 'fail' or op == 'forget') and not exists then return {1, 0} end
if p > 0 and s <= now then f = f + p; p = 0; h = 0; s = 0 end
if op == 'reserve' then
  if f + p + h >= tonumber(ARGV[2]) then return {0, redis.call('PTTL', k)} end
  p = p + 1; s = now + tonumber(ARGV[4])
elseif op == 'ok' or op == 'fail' then
  if p > 0 then p = p - 1 end
  if op == 'fail' then f = f + 1 end
  if p == 0 then h = 0; s = 0; if op == 'ok' then f = 0 end
  elseif op == 'ok' then h = h + 1 end
elseif op == 'penalty' then
  f = f + tonumber(ARGV[5])
elseif op == 'forget' then
  f = 0
  if p == 0 then h = 0 end
end
if f == 0 and p == 0 and h == 0 then redis.call('DEL', k); return {1, 0} end
redis.call('HSET', k, 'f', f, 'p', p, 'h', h, 's', s)
if not exists then redis.call('PEXPIRE', k, ARGV[3]) end
return {1, redis.call('PTTL', k)}`;

export type TriesRedis = Redis & {
  kabutoTries(key: string, op: string, points: number, windowMs: number, staleMs: number, penalty: number): Promise<[number, number]>;
};

/** Shared by every instance. `call` runs a store command and turns a store failure into 503. */
export class RedisAttemptBudget implements AttemptBudget {
  constructor(
    private readonly client: TriesRedis,
    private readonly keyPrefix: string,
    private readonly o: BudgetOptions,
    private readonly call: <T>(command: () => Promise<T>) => Promise<T>,
  ) {}

  async reserve(key: string): Promise<Attempt> {
    const [allowed, msLeft] = await this.step(key, 'reserve');
    if (allowed !== 1) throw refused(msLeft);
    return once(async (ok) => void (await this.step(key, ok ? 'ok' : 'fail')));
  }

  async penalty(key: string, points = 1): Promise<void> {
    await this.step(key, 'penalty', points);
  }

  async forget(key: string): Promise<void> {
    await this.step(key, 'forget');
  }

  private step(key: string, op: string, penalty = 0): Promise<[number, number]> {
    return this.call(() =>
      this.client.kabutoTries(`${this.keyPrefix}${key}`, op, this.o.points, this.o.durationSeconds * 1000, STALE_TRY_MS, penalty),
    );
  }
}
