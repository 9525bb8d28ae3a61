import { TestRunner } from 'vitest';

/**
 * Waiting in a test without a sleep (issue 34: on a loaded host fixed short waits failed). A test
 * waits FOR something — a condition it polls, a promise — never for a length of time: time that
 * must pass (a TTL, a cache) is moved on an injected clock instead, and "nothing happened" is
 * asserted after the event that would have made it happen.
 *
 * A wait lasts until shortly before the running test's own time-out (vitest's testTimeout or the
 * test's `{ timeout }`), so a slow host gets all of it, and a wait that can never end still fails
 * before vitest does, naming what it waited for. It also stops once vitest has given up on the test
 * (its signal), so a timed-out test leaves no poll running.
 */

/** Kept back from the test's time-out, for the failure's message and the test's own clean-up. */
const MARGIN_MS = 2_000;
/** A wait outside a test (a hook): below the api project's hookTimeout (vitest.config.ts). */
const OUTSIDE_A_TEST_MS = 30_000;

/** How long a wait started now may last. */
export function waitBudgetMs(): number {
  const test = TestRunner.getCurrentTest();
  const started = test?.result?.startTime;
  if (!test || started === undefined || !test.timeout) return OUTSIDE_A_TEST_MS;
  return Math.max(0, started + test.timeout - Date.now() - MARGIN_MS);
}

export interface WaitOptions {
  /** Default: the rest of the test's time (waitBudgetMs). */
  timeoutMs?: number;
  /** Between two looks at the condition. */
  intervalMs?: number;
}

/** Polls `cond` until it holds or the wait's time is up; answers its last value. */
export async function pollUntil(cond: () => boolean | Promise<boolean>, opts: WaitOptions = {}): Promise<boolean> {
  const deadline = Date.now() + (opts.timeoutMs ?? waitBudgetMs());
  const signal = TestRunner.getCurrentTest()?.context.signal;
  for (;;) {
    if (await cond()) return true;
    if (Date.now() > deadline || signal?.aborted) return false;
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}

/** Polls `cond` until it holds; fails naming `what` when the wait's time is up. */
export async function waitFor(cond: () => boolean | Promise<boolean>, what: string, opts: WaitOptions = {}): Promise<void> {
  const started = Date.now();
  if (!(await pollUntil(cond, opts))) throw new Error(`timed out after ${Date.now() - started} ms waiting for ${what}`);
}

/** `p`'s value, or a failure naming `what` when it has not settled within the wait's time. */
export function within<T>(p: Promise<T>, what: string, opts: Pick<WaitOptions, 'timeoutMs'> = {}): Promise<T> {
  const ms = opts.timeoutMs ?? waitBudgetMs();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
