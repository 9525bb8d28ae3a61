/**
 * Flat with data (docs/architecture.md, Budgets): the same reads, one job-runner pass and order
 * latency on a database seeded with 1k, 10k and 100k positions and postings, and the ratio of the
 * largest to the smallest — measured in one run, so the machine's load cancels out of the ratio.
 *
 * The server is the real one (tests/support/server.ts: createServices + the Hono app over real
 * HTTP) on SQLite, or PostgreSQL with BENCH_GROWTH_PG=1 and TEST_DATABASE_URL. The rows are copies
 * of rows a real order made, written with direct inserts in one transaction. Half belong to the
 * measured user: 150 open (held cash and margin, long and short, waiting limit orders) and the
 * rest closed — a history that grows. Half belong to 20 other users, 30 % of them open, so the
 * live rows the job runner watches grow with n too. Each position has one journal entry of two
 * postings (the user's cash and the house), so postings grow with positions.
 *
 * All sizes are set up first and timed in turn (interleaved), so the shared machine's changing load
 * falls on every size alike; orders (with the job runner on) are timed one size at a time.
 *
 * `npm run bench growth` (BENCH_GROWTH_SIZES=1000,10000 to pick sizes).
 */
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Figure } from './ledger';
import { median } from './stats';
import { HOUSE } from '../src/server/ledger';
import { contractValue, principalFor } from '../src/shared/domain/trade-money';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../tests/support/server';
import type { Dialect } from '../src/server/db/capabilities';

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const OTHER_USERS = 20;
const CODES = ['7203', '6758', '9984', '8306', '6861', '9432', '4063', '8035'];

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!;
}

async function ok(s: TestServer, method: string, path: string, token: string, body?: unknown) {
  const headers: Record<string, string> = body ? { 'Idempotency-Key': uuidv7() } : {};
  // After a long pause (seeding) the server may have closed the kept-alive socket as fetch reuses
  // it: one retry (a money command repeats with the same key, so it cannot apply twice).
  const r = await s.call(method, path, { token, body, headers }).catch(() => s.call(method, path, { token, body, headers }));
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Seeds `n` positions (and an entry of two postings each) by copying rows real orders made. */
export async function seed(s: TestServer, user: TestUser, others: TestUser[], n: number): Promise<void> {
  const db = s.services.database.db;
  const held = await db.selectFrom('trade_position').selectAll().where('user_id', '=', user.id).where('status', '=', 'holding').orderBy('id').execute();
  const cashRow = held.find((r) => r.leverage_x10 === 10)!;
  const marginRow = held.find((r) => r.leverage_x10 > 10)!;
  const entry = await db.selectFrom('journal_entry').selectAll().where('user_id', '=', user.id).where('kind', '=', 'trade_open').executeTakeFirstOrThrow();
  const userCash = await db.selectFrom('ledger_account').select('id').where('owner', '=', user.id).where('kind', '=', 'cash').executeTakeFirstOrThrow();
  const houseFee = (await db.selectFrom('ledger_account').select('id').where('owner', '=', HOUSE).orderBy('id').executeTakeFirstOrThrow()).id;
  const prices = new Map(CODES.map((c) => [c, s.services.market.quote(c, s.clock.now()).price]));
  await db.transaction().execute(async (trx) => {
    const positions: Record<string, unknown>[] = [];
    const entries: Record<string, unknown>[] = [];
    const postings: Record<string, unknown>[] = [];
    const flush = async (force = false) => {
      // SQLite takes at most 32,766 parameters a statement; 45 columns × 200 rows stays under it.
      if (positions.length < 200 && !(force && positions.length)) return;
      await trx.insertInto('trade_position').values(positions.splice(0) as never).execute();
      await trx.insertInto('journal_entry').values(entries.splice(0) as never).execute();
      if (postings.length) await trx.insertInto('posting').values(postings.splice(0) as never).execute();
    };
    for (let i = 0; i < n; i++) {
      const owner = i % 2 === 0 ? user : others[i % others.length]!;
      // 0: margin held, 1: cash held, 2: waiting limit order, else closed. The measured user's open
      // rows stay 150 at every size (history grows, not what is held); other users' grow with n.
      const kind = owner === user && i >= 1_000 ? 9 : Math.floor(i / 2) % 10;
      const base = kind === 0 ? marginRow : cashRow;
      const id = uuidv7();
      const code = CODES[i % CODES.length]!;
      const row: Record<string, unknown> = { ...base, id, user_id: owner.id, code };
      // Held at this stock's price now, so the copy is as healthy as the row it copies.
      const price = prices.get(code)!;
      const value = contractValue(price, base.quantity, base.price_scale);
      Object.assign(row, { buy_price: price, contract_value: value, principal: principalFor(value, base.leverage_x10) });
      // A short margin position for every other margin row.
      if (kind === 0 && Math.floor(i / 2) % 20 === 0) row.direction = 'down';
      if (kind === 2) {
        Object.assign(row, {
          status: 'pending', price_type: 'limit', limit_price: 1, buy_time: null, buy_price: null, contract_value: null, principal: 0,
          reserved: 1, interest_from: null, sellable_from: null, actions_through: null,
        });
      }
      if (kind >= 3) {
        Object.assign(row, { status: 'closed', sell_time: base.buy_time, sell_price: base.buy_price, pnl: 100, close_fee: 0, close_reason: 'user', interest_from: null });
      }
      positions.push(row);
      const entryId = uuidv7();
      entries.push({ ...entry, id: entryId, user_id: owner.id, ref_id: id });
      if (owner === user) {
        postings.push({ id: uuidv7(), entry_id: entryId, account_id: userCash.id, currency: 'JPY', amount: -1 });
        postings.push({ id: uuidv7(), entry_id: entryId, account_id: houseFee, currency: 'JPY', amount: 1 });
      }
      await flush();
    }
    await flush(true);
  });
}

interface Sized {
  n: number;
  s: TestServer;
  user: TestUser;
  out: Record<string, number>;
}

/** A server over a database seeded with `n` positions and postings. */
async function setUp(dialect: Dialect, n: number): Promise<Sized> {
  const s = await startTestServer({ dialect });
  const user = await registerUser(s);
  const others: TestUser[] = [];
  for (let i = 0; i < OTHER_USERS; i++) others.push(await registerUser(s));
  await ok(s, 'post', `admin/users/${user.id}/grant`, s.admin.token, { currency: 'JPY', amount: 1_000_000_000, reason: 'bench' });
  await ok(s, 'post', 'trade/margin-agreement', user.token, { version: 1 });
  await ok(s, 'post', 'trade/orders', user.token, { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 });
  await ok(s, 'post', 'trade/orders', user.token, { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 3.3 });
  const t0 = performance.now();
  await seed(s, user, others, n);
  const out: Record<string, number> = { seed_ms: performance.now() - t0 };
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only scans).
  if (s.services.database.caps.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(s.services.database.db);
  const first = await s.services.jobs.runDue(s.clock.now());
  if (process.env.BENCH_GROWTH_DEBUG) console.log(JSON.stringify(first));
  return { n, s, user, out };
}

/**
 * The median of `reps` timings per size, the sizes taken in turn within each repetition, so a
 * change in the machine's load (it is shared) falls on every size alike and leaves the ratio.
 */
async function interleaved(sized: Sized[], reps: number, name: string, fn: (z: Sized) => Promise<unknown>): Promise<void> {
  const times = sized.map(() => [] as number[]);
  for (const z of sized) await fn(z); // warm
  for (let i = 0; i < reps; i++) {
    for (const [k, z] of sized.entries()) {
      const t = performance.now();
      await fn(z);
      times[k]!.push(performance.now() - t);
    }
  }
  sized.forEach((z, k) => (z.out[name] = median(times[k]!)));
}

async function measureAll(dialect: Dialect): Promise<Sized[]> {
  const sized: Sized[] = [];
  for (const n of SIZES) sized.push(await setUp(dialect, n));
  try {
    const get = (path: string) => (z: Sized) => ok(z.s, 'get', path, z.user.token);
    await interleaved(sized, 31, 'summary_ms', get('funds/summary'));
    await interleaved(sized, 31, 'records_ms', get('funds/records?type=all'));
    await interleaved(sized, 31, 'records_trade_ms', get('funds/records?type=trade'));
    await interleaved(sized, 31, 'positions_holding_ms', get('trade/positions?status=holding'));
    await interleaved(sized, 31, 'positions_closed_ms', get('trade/positions?status=closed'));
    await interleaved(sized, 31, 'holdings_ms', get('trade/holdings'));
    // One job pass 2 s later (no minute ended) and one a minute later (the minute's bars caught up on).
    const pass = (ms: number) => async (z: Sized) => {
      z.s.clock.set(z.s.clock.now() + ms);
      await z.s.services.jobs.runDue(z.s.clock.now());
    };
    await interleaved(sized, 9, 'job_pass_ms', pass(2_000));
    await interleaved(sized, 9, 'job_pass_minute_ms', pass(60_000));
    // Orders one after another for ~4 s with the job runner on every 2 s, as in production: one
    // size at a time (a long job pass blocks the process, so it must not fall on another size).
    for (const z of sized) {
      const stop = z.s.services.jobs.start(2_000);
      const lat: number[] = [];
      const until = performance.now() + 4_000;
      try {
        while (performance.now() < until) {
          const t = performance.now();
          await ok(z.s, 'post', 'trade/orders', z.user.token, { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 });
          lat.push(performance.now() - t);
        }
      } finally {
        await stop();
      }
      z.out.order_p50_ms = median(lat);
      z.out.order_p99_ms = p99(lat);
      // One order at a time meets a job pass only once per pass, below the 99th percentile: the
      // slowest order is the one that waited for a whole pass.
      z.out.order_max_ms = Math.max(...lat);
    }
    return sized;
  } finally {
    for (const z of sized) await z.s.close();
  }
}

export async function benchGrowth(): Promise<Figure[]> {
  const dialect: Dialect = process.env.BENCH_GROWTH_PG === '1' && process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
  const runs: Array<[number, Record<string, number>]> = (await measureAll(dialect)).map((z) => [z.n, z.out]);
  for (const [n, r] of runs) console.log(`  ${dialect} ${n}: ${Object.entries(r).map(([k, v]) => `${k}=${v.toFixed(2)}`).join(' ')}`);
  const figures: Figure[] = [];
  const [small, smallRun] = runs[0]!;
  const [large, largeRun] = runs[runs.length - 1]!;
  for (const [n, r] of runs) {
    for (const [k, v] of Object.entries(r)) if (k !== 'seed_ms') figures.push({ name: `growth.${dialect}.${n}.${k}`, value: +v.toFixed(3), unit: 'ms' });
  }
  for (const k of Object.keys(smallRun)) {
    if (k === 'seed_ms') continue;
    figures.push({ name: `growth.${dialect}.${k}.ratio_${large}_${small}`, value: +(largeRun[k]! / smallRun[k]!).toFixed(2), unit: 'ratio', note: 'goal ≤ 2' });
  }
  return figures;
}

// `npx tsx bench/growth.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await benchGrowth()) console.log(`  ${f.name.padEnd(52)} ${String(f.value).padStart(10)} ${f.unit}`);
}
