/**
 * TEST ONLY control endpoints, for end-to-end tests that must set the time (T+N, the closing
 * auction, a block-trade lock). Mounted by src/server/http/routes.ts only when the environment has
 * KABUTO_TEST_CONTROL=1 — never in production — and even then each call needs an admin session and
 * a server whose market clock is a TestClock (main.ts builds one only under the same variable).
 *
 *   POST test/clock {at: epoch ms | ISO time | null, running?: boolean}  pin (or release) the clock
 *   POST test/jobs/run                                                   run the due jobs now
 *
 * Not part of the contract (no OpenAPI entry): plain Hono routes answering the usual envelope.
 */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { requireAdmin, requireUser } from './auth';
import { sendFailure, success } from './envelope';
import { parseMarketInstant } from '../market-sim';
import { TestClock } from '../platform/test-clock';

export function testingRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/test/*', requireUser, requireAdmin);

  r.post('/test/clock', async (c) => {
    const clock = c.get('services').marketClock;
    if (!(clock instanceof TestClock)) return sendFailure(c, 404, 'not_found');
    let body: { at?: unknown; running?: unknown };
    try {
      body = (await c.req.json()) as typeof body;
    } catch {
      return sendFailure(c, 400, 'invalid_json');
    }
    if (body.at === null) {
      clock.release();
    } else {
      let at: number;
      try {
        at = typeof body.at === 'number' ? body.at : typeof body.at === 'string' ? parseMarketInstant(body.at) : NaN;
      } catch {
        at = NaN;
      }
      if (!Number.isSafeInteger(at) || at < 0) return sendFailure(c, 400, 'invalid_request', { field: 'at' });
      clock.set(at, body.running === true);
    }
    return c.json(success({ now: clock.now(), pinned: clock.pinned }), 200);
  });

  r.post('/test/jobs/run', async (c) => {
    const services = c.get('services');
    if (!(services.marketClock instanceof TestClock)) return sendFailure(c, 404, 'not_found');
    const report = await services.jobs.runDue();
    return c.json(success(report), 200);
  });

  return r;
}
