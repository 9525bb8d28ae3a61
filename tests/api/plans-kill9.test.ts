import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { uuidv7 } from 'uuidv7';
import { afterAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { enrolPasskey, envelopeCall, passkeySignIn } from '../support/passkey-session';
import { isRunning, ownProcesses } from '../support/processes';
import { callServer, freePort, startServerProcess } from '../support/server-process';
import { jstMs } from '../../src/shared/market';

/**
 * Issue 39, Must show: a 積立 run date runs exactly once across a kill -9 (docs/domain.md "Investment
 * trusts and 積立"). The real server (`src/server/main.ts`, embedded SQLite file, its own job runner
 * every 2 s, the test clock of KABUTO_TEST_CONTROL=1) holds many fund plans due on one run date; the
 * clock is moved to 10:00 of that date and the process is SIGKILLed while the plan job is part way
 * (some plan_run rows committed, not all), watched through the database file opened read-only.
 * Restarted, the clock pinned again, the job finishes: one plan_run and one trust_order per
 * (plan, run date), every run row beside its order, and the ledger balanced.
 */
const ADMIN = { phone: '09000000079', password: 'plans-admin-pass-1', invite: 'PLANS9' };
const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-plans-kill9-'));
const dbFile = join(dataDir, 'kabuto.db');
const processes = ownProcesses();
const USERS = 4;
const PLANS_PER_USER = 60;
const PLANS = USERS * PLANS_PER_USER;
const RUN_DATE = '2026-12-10';

// Also after a time-out: the server must not outlive the test (tests/support/processes.ts).
afterAll(() => {
  processes.killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number): Promise<ChildProcess> =>
  startServerProcess(processes, port, dataDir, {
    KABUTO_TEST_CONTROL: '1',
    KABUTO_ADMIN_PHONE: ADMIN.phone,
    KABUTO_ADMIN_PASSWORD: ADMIN.password,
    KABUTO_ROOT_INVITE: ADMIN.invite,
  });
const call = callServer;

/** The database file as the server left it, read-only (SQLite replays its WAL on open). */
function readDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const runsOn = (db: Database.Database) => (db.prepare('select count(*) as n from plan_run where run_date = ?').get(RUN_DATE) as { n: number }).n;

/** Every run row has its order (same transaction) and no plan order is without its run; the ledger balances. */
function expectConsistent(db: Database.Database) {
  const orphanRuns = db.prepare(`select r.id from plan_run r left join trust_order o on o.id = r.order_id where r.status = 'ordered' and o.id is null`).all();
  expect(orphanRuns).toEqual([]);
  const orphanOrders = db.prepare(`select o.id from trust_order o left join plan_run r on r.order_id = o.id where o.plan_id is not null and r.id is null`).all();
  expect(orphanOrders).toEqual([]);
  const twice = db.prepare(`select plan_id, nav_date, count(*) as n from trust_order where plan_id is not null group by plan_id, nav_date having count(*) > 1`).all();
  expect(twice).toEqual([]);
  const unbalanced = db.prepare('select entry_id, currency, sum(amount) as s from posting group by entry_id, currency having sum(amount) <> 0').all();
  expect(unbalanced).toEqual([]);
  const drift = db
    .prepare(
      `select b.account_id from balance b left join (select account_id, sum(amount) as s from posting group by account_id) p on p.account_id = b.account_id
       where b.amount <> coalesce(p.s, 0)`,
    )
    .all();
  expect(drift).toEqual([]);
  const negative = db.prepare('select account_id from balance where floor_zero = 1 and amount < 0').all();
  expect(negative).toEqual([]);
}

describe('kill -9 in the middle of a plan run date (SQLite, the real server process)', () => {
  it('runs each (plan, run date) exactly once across the crash', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = await startServer(port);

    const adminKey = new SoftAuthenticator(base);
    await enrolPasskey(envelopeCall(base), ADMIN, adminKey);
    const admin = { token: await passkeySignIn(envelopeCall(base), adminKey) };
    // The day before the run date, at noon Tokyo: plans made now first run on RUN_DATE.
    await call(base, 'POST', 'test/clock', { token: admin.token, body: { at: jstMs('2026-12-09', 12, 0, 0) } });
    // The first run of the jobs creates the fund catalogue (trusts/jobs.ts).
    await call(base, 'POST', 'test/jobs/run', { token: admin.token });

    for (let i = 0; i < USERS; i++) {
      const phone = `0807779${String(i).padStart(4, '0')}`;
      const password = 'plans-user-pass-1';
      const reg = await call(base, 'POST', 'user/register', { body: { phone, password, password2: password, inviteCode: ADMIN.invite, agree: true } });
      const me = await call(base, 'GET', 'user/info', { token: reg.token });
      await call(base, 'POST', `admin/users/${me.id}/grant`, { token: admin.token, key: uuidv7(), body: { currency: 'JPY', amount: 100_000_000, reason: 'plans kill -9 funds' } });
      for (let p = 0; p < PLANS_PER_USER; p++) {
        const plan = await call(base, 'POST', 'plans', {
          token: reg.token, key: uuidv7(),
          body: { kind: 'fund', target: p % 2 ? 'kabuto-topix' : 'kabuto-n225', amount: 1_000 + p, account: 'specific', frequency: 'monthly', days: [10] },
        });
        expect(plan.nextRun).toBe(RUN_DATE);
      }
    }
    expect(readDb((db) => runsOn(db))).toBe(0);

    // 10:00 on the run date: the server's own job runner (every 2 s) starts the plans job. Kill it
    // once some runs are committed and not all.
    await call(base, 'POST', 'test/clock', { token: admin.token, body: { at: jstMs(RUN_DATE, 10, 0, 0) } });
    let seen = 0;
    const deadline = Date.now() + 60_000;
    while (isRunning(child) && Date.now() < deadline) {
      seen = readDb((db) => runsOn(db));
      if (seen >= 10) {
        child.kill('SIGKILL');
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
    expect(child.signalCode).toBe('SIGKILL');

    const atCrash = readDb((db) => {
      expectConsistent(db);
      return runsOn(db);
    });
    // The kill landed inside the run date's job: some plans ran, not all.
    expect(atCrash).toBeGreaterThanOrEqual(seen);
    expect(atCrash, 'the job finished before the kill: make it longer (more plans)').toBeLessThan(PLANS);

    // Restarted: the pin is gone with the process; pin 10:05 of the run date again and let the job finish.
    child = await startServer(port);
    await call(base, 'POST', 'test/clock', { token: admin.token, body: { at: jstMs(RUN_DATE, 10, 5, 0) } });
    for (let i = 0; i < 30 && readDb((db) => runsOn(db)) < PLANS; i++) await call(base, 'POST', 'test/jobs/run', { token: admin.token });
    // And again: a repeat of the due work changes nothing.
    await call(base, 'POST', 'test/jobs/run', { token: admin.token });

    readDb((db) => {
      expectConsistent(db);
      const perPlan = db.prepare('select plan_id, count(*) as n from plan_run where run_date = ? group by plan_id').all(RUN_DATE) as Array<{ n: number }>;
      expect(perPlan).toHaveLength(PLANS);
      expect(perPlan.every((r) => r.n === 1)).toBe(true);
      const runs = db.prepare('select status from plan_run where run_date = ?').all(RUN_DATE) as Array<{ status: string }>;
      expect(runs.every((r) => r.status === 'ordered')).toBe(true);
      const orders = db.prepare(`select plan_id, count(*) as n from trust_order where plan_id is not null and nav_date = ? group by plan_id`).all(RUN_DATE) as Array<{ n: number }>;
      expect(orders).toHaveLength(PLANS);
      expect(orders.every((r) => r.n === 1)).toBe(true);
      const next = db.prepare(`select distinct next_run from invest_plan`).all() as Array<{ next_run: string }>;
      expect(next).toEqual([{ next_run: '2027-01-12' }]);
    });

    child.kill('SIGTERM');
    await new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
  }, 240_000);
});
