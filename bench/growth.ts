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
 * `npm run bench growth` (BENCH_GROWTH_SIZES=1000,10000 to pick sizes).
 */
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Figure } from './ledger';
import { HOUSE } from '../src/server/ledger';
import { contractValue, principalFor } from '../src/shared/domain/trade-money';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../tests/support/server';
import type { Dialect } from '../src/server/db/capabilities';

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const OTHER_USERS = 20;
const CODES = ['7203', '6758', '9984', '8306', '6861', '9432', '4063', '8035'];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!;
}

async function timed(n: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return median(out);
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

async function measure(dialect: Dialect, n: number): Promise<Record<string, number>> {
  const s = await startTestServer({ dialect });
  try {
    const user = await registerUser(s);
    const others: TestUser[] = [];
    for (let i = 0; i < OTHER_USERS; i++) others.push(await registerUser(s));
    await ok(s, 'post', `admin/users/${user.id}/grant`, s.admin.token, { currency: 'JPY', amount: 1_000_000_000, reason: 'bench' });
    await ok(s, 'post', 'trade/margin-agreement', user.token, { version: 1 });
    await ok(s, 'post', 'trade/orders', user.token, { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 });
    await ok(s, 'post', 'trade/orders', user.token, { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 3.3 });
    const t0 = performance.now();
    await seed(s, user, others, n);
    const seeded = performance.now() - t0;
    if (s.services.database.caps.dialect === 'postgres') await sql`ANALYZE`.execute(s.services.database.db);
    const get = (path: string) => () => ok(s, 'get', path, user.token);
    const out: Record<string, number> = { seed_ms: seeded };
    out.summary_ms = await timed(15, get('funds/summary'));
    out.records_ms = await timed(15, get('funds/records?type=all'));
    out.records_trade_ms = await timed(15, get('funds/records?type=trade'));
    out.positions_holding_ms = await timed(15, get('trade/positions?status=holding'));
    out.positions_closed_ms = await timed(15, get('trade/positions?status=closed'));
    out.holdings_ms = await timed(15, get('trade/holdings'));
    // One job pass 2 s later (no minute ended) and one a minute later (the minute's bars caught up on).
    const jobs = s.services.jobs;
    if (process.env.BENCH_GROWTH_DEBUG) console.log(JSON.stringify(await jobs.runDue(s.clock.now())));
    else await jobs.runDue(s.clock.now());
    const pass: number[] = [];
    const minute: number[] = [];
    for (let i = 0; i < 5; i++) {
      s.clock.set(s.clock.now() + 2_000);
      let t = performance.now();
      await jobs.runDue(s.clock.now());
      pass.push(performance.now() - t);
      s.clock.set(s.clock.now() + 60_000);
      t = performance.now();
      await jobs.runDue(s.clock.now());
      minute.push(performance.now() - t);
    }
    out.job_pass_ms = median(pass);
    out.job_pass_minute_ms = median(minute);
    // Orders one after another for ~3 s with the job runner on every 2 s, as in production.
    const stop = jobs.start(2_000);
    const lat: number[] = [];
    const until = performance.now() + 3_000;
    try {
      while (performance.now() < until) {
        const t = performance.now();
        await ok(s, 'post', 'trade/orders', user.token, { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 });
        lat.push(performance.now() - t);
      }
    } finally {
      await stop();
    }
    out.order_p50_ms = median(lat);
    out.order_p99_ms = p99(lat);
    return out;
  } finally {
    await s.close();
  }
}

export async function benchGrowth(): Promise<Figure[]> {
  const dialect: Dialect = process.env.BENCH_GROWTH_PG === '1' && process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
  const runs: Array<[number, Record<string, number>]> = [];
  for (const n of SIZES) {
    const r = await measure(dialect, n);
    runs.push([n, r]);
    console.log(`  ${dialect} ${n}: ${Object.entries(r).map(([k, v]) => `${k}=${v.toFixed(2)}`).join(' ')}`);
  }
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
