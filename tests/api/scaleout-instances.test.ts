import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/clock';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/server/services';
import { loadConfig } from '../../src/server/platform/config';
import { bootstrap } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db/database';
import { LocalFileStore } from '../../src/server/platform/uploads';
import { createApp } from '../../src/server/http/app';
import { endAllStreams } from '../../src/server/modules/messaging';
import { TEST_ADMIN, TEST_NOW } from '../support/server';
import { Jobs } from '../../src/server/platform/jobs';
import { PgBossQueue } from '../../src/server/platform/job-queue';
import { PG_URL, REDIS_URL, redisUp, createMigratedDatabase, listenOnLoopback, dropInstancesDatabase, redisSubscribers } from '../support/scaleout';
import { waitFor, within } from '../support/wait';

/**
 * Scale-out (docs/decisions/021-scale-out.md): two server instances over one PostgreSQL
 * database, each with its own pool, Redis connections, pg-boss and HTTP server, under a fresh Redis
 * key prefix and pg-boss schema. A phone's login budget is spent across both; a bus message crosses
 * them; the due run of a period both of them offer runs once (journal table job_run). Skipped without
 * TEST_DATABASE_URL or a reachable Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
const available = !!PG_URL && (await redisUp());

interface Instance {
  url: string;
  services: Services;
  stopJobs: () => Promise<void>;
  close(): Promise<void>;
}

describe.skipIf(!available)('scale-out: two instances over PostgreSQL + Redis', () => {
  const name = `kabuto_sx_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const prefix = `kabuto-test-${randomBytes(6).toString('hex')}:`;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'kabuto-sx-'));
  // Both instances read periods from clocks that stand still: every tick offers the same period.
  const clock = new ManualClock(TEST_NOW);
  let a: Instance;
  let b: Instance;
  let ownUrl = '';

  async function start(dbUrl: string): Promise<Instance> {
    const database = openDatabase({ kind: 'postgres', url: dbUrl });
    const settings = loadConfig({
      KABUTO_ADMIN_PHONE: TEST_ADMIN.phone, KABUTO_ADMIN_PASSWORD: TEST_ADMIN.password, KABUTO_ROOT_INVITE: TEST_ADMIN.invite,
      REDIS_URL, KABUTO_REDIS_PREFIX: prefix, DATABASE_URL: dbUrl,
    });
    const services = createServices({ database, clock, logger: createLogger('silent'), settings, fileStore: new LocalFileStore(uploadsDir), loginLimits: { ipAttempts: 10_000, registrationsPerIp: 10_000 } });
    await bootstrap(services, settings);
    const stopJobs = services.jobs.start(2_000);
    const app = createApp(services);
    const { url, server } = await listenOnLoopback(app);
    return {
      url,
      services,
      stopJobs,
      async close() {
        await stopJobs();
        services.quotes.stop();
        endAllStreams();
        await new Promise<void>((r) => server.close(() => r()));
        await services.bus.close();
        await services.rateLimits.close();
        await database.close();
      },
    };
  }

  beforeAll(async () => {
    ownUrl = await createMigratedDatabase(name);
    [a, b] = await Promise.all([start(ownUrl), start(ownUrl)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropInstancesDatabase(name, { force: true });
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  async function call(base: string, path: string, body: unknown) {
    const res = await fetch(`${base}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { msg: string; params?: Record<string, unknown> } };
  }

  it('a phone’s login budget is one budget across the instances', async () => {
    const phone = `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const reg = await call(a.url, 'user/register', { phone, password: 'pass-word-123', password2: 'pass-word-123', inviteCode: TEST_ADMIN.invite, agree: true });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const budget = a.services.loginLimiter.limits.phoneFailures;
    // Wrong passwords alternate between A and B: each instance alone would allow `budget` of them.
    for (let i = 0; i < budget; i++) {
      const r = await call(i % 2 ? b.url : a.url, 'user/login', { phone, password: 'wrong-pass-999' });
      expect(r.body.msg).toBe('phone_or_password_incorrect');
    }
    for (const inst of [a, b]) {
      const r = await call(inst.url, 'user/login', { phone, password: 'pass-word-123' });
      expect(r.status).toBe(429);
      expect(r.body.msg).toBe('too_many_requests');
    }
  });

  it('a bus message published on B reaches a subscriber on A', async () => {
    let subscribed!: Promise<unknown>;
    const got = new Promise<unknown>((resolve) => {
      subscribed = a.services.bus.subscribe('scaleout-test', resolve);
    });
    // Publish once the subscription is live: subscribe() resolves then, or after its own 1 s wait
    // on a slow Redis (platform/bus.ts), so Redis is asked too.
    await subscribed;
    await waitFor(async () => (await redisSubscribers(`${prefix}scaleout-test`)) > 0, "A's subscription on Redis");
    await b.services.bus.publish('scaleout-test', { from: 'B' });
    expect(await within(got, 'the message on A')).toEqual({ from: 'B' });
  });

  it('the due run of a period offered by both instances runs once, every handler exactly once', async () => {
    const qa = a.services.jobQueue!;
    const qb = b.services.jobQueue!;
    expect(qa).toBeDefined();
    // Both started (their ticks already offered TEST_NOW's period); now both offer the next hour's period at once.
    const at = TEST_NOW + 3_600_000;
    const period = String(qa.periodAt(at));
    await waitFor(async () => (await qa.journal.counts()).length > 0, 'the first period to run');
    const offered = await Promise.all([qa.offer(at), qb.offer(at), qa.offer(at), qb.offer(at)]);
    expect(offered.filter(Boolean)).toHaveLength(1);
    const handlers = Object.keys((await a.services.jobs.runDue(TEST_NOW)) as object).filter((k) => k !== 'at');
    await waitFor(async () => (await qa.journal.counts()).filter((c) => c.period === period).length === handlers.length, 'the offered period to run');
    const counts = await qa.journal.counts();
    // Every period in the journal (the ticks' and the offered one): each handler once.
    expect(counts.every((c) => c.runs === 1), JSON.stringify(counts)).toBe(true);
    expect(counts.filter((c) => c.period === period).map((c) => c.job).sort()).toEqual([...handlers].sort());
    // pg-boss runs: ~2–10 s on the 2-core box, ~60 s beside a CPU hog (issue 34); the waits above name what never came.
  }, 180_000);

  it('a failed run is retried and resumes after the handlers that completed; each runs once in the journal', async () => {
    const database = openDatabase({ kind: 'postgres', url: ownUrl });
    const calls: string[] = [];
    let failures = 1;
    const handlers = {
      first: { run: async () => (calls.push('first'), { n: 1 }) },
      flaky: {
        run: async () => {
          calls.push('flaky');
          if (failures-- > 0) throw new Error('transient');
          return { n: 1 };
        },
      },
      last: { run: async () => (calls.push('last'), { n: 1 }) },
    };
    // Its own pg-boss schema and a wall clock far from the other test's periods.
    const wall = new ManualClock(TEST_NOW + 365 * 86_400_000);
    const queue = new PgBossQueue({ url: ownUrl, schema: 'pgboss_retry', wallClock: wall, logger: createLogger('silent'), database });
    const jobs = new Jobs(clock, createLogger('silent'), handlers, queue);
    const stop = jobs.start(2_000);
    try {
      const period = String(queue.periodAt(wall.now()));
      await waitFor(async () => (await queue.journal.counts()).filter((c) => c.period === period).length === 3, 'the retried period to complete');
      const runs = (await queue.journal.counts()).filter((c) => c.period === period);
      expect(runs.map((r) => [r.job, r.runs]).sort()).toEqual([['first', 1], ['flaky', 1], ['last', 1]]);
      // The retry skipped `first` (journaled) and ran `flaky` again, then `last`.
      expect(calls).toEqual(['first', 'flaky', 'flaky', 'last']);
    } finally {
      await stop();
      await database.close();
    }
  }, 180_000); // as above: a retry through pg-boss
});
