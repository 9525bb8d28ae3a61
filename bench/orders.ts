/**
 * `POST trade/orders` over real HTTP — `src/server/main.ts` in a process of its own with the job
 * runner on, wrk in another (bench/http-harness.ts) — against the bare driver running Kabuto's
 * exact statements for an order on the same migrated schema, one transaction per order
 * (bench/statement-replay.ts), measured in the same run (docs/architecture.md, Budgets).
 * SQLite: one user, 8 orders in flight. PostgreSQL (TEST_DATABASE_URL): 16 users, 16 in flight,
 * against raw `pg` with one connection per user and named prepared statements.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Figure } from './ledger';
import { benchUsers, spawnBareHono, spawnKabuto, wrk } from './http-harness';
import { onServer } from '../tests/support/db';
import { recordOrders, replayPostgres, replaySqlite } from './statement-replay';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const order = { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const OPEN_LOOP_RATE = Number(process.env.BENCH_OPEN_LOOP_RATE ?? 1000);
const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 5);

interface OpenLoop {
  offered: number;
  sent: number;
  ok: number;
  failures: number;
  firstFailure: string;
  p50: number;
  p99: number;
  max: number;
}

/**
 * The budget's own measure: orders offered at a fixed rate, open loop, from a Node process of its
 * own (bench/open-loop.ts; wrk is closed loop and wrk2 is not packaged). Latency counts from each
 * order's scheduled send time, so queueing behind a stall is in the p99.
 */
async function openLoop(url: string, tokens: string[], expect = 200): Promise<OpenLoop> {
  const input = { url: `${url}/api/vue/trade/orders`, tokens, order, rate: OPEN_LOOP_RATE, seconds: OPEN_LOOP_SECONDS, connections: 64, expect };
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/open-loop.ts', JSON.stringify(input)], { maxBuffer: 1 << 24 });
  const m = /JSON(\{.*\})/.exec(stdout);
  if (!m) throw new Error(`open-loop output: ${stdout} ${stderr}`);
  const r = JSON.parse(m[1]!) as OpenLoop;
  if (r.failures) console.error(`  open loop: ${r.failures} failed, first: ${r.firstFailure}`);
  return r;
}

/**
 * Rounds of raw, HTTP, raw: the machine's load moves between runs (it is shared), so each round's
 * ratio takes the baseline measured on either side of its HTTP run, and the median round is kept.
 */
async function rounds(users: number, connections: number, raw: () => Promise<number> | number, databaseUrl?: string, open = false) {
  const k = await spawnKabuto({ databaseUrl });
  try {
    const tokens = await benchUsers(k.url, users);
    await wrk(`${k.url}/api/vue/trade/orders`, { connections, seconds: 1, tokens, order }); // warm up
    const out: { raw: number; http: Awaited<ReturnType<typeof wrk>>; ratio: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const before = await raw();
      const http = await wrk(`${k.url}/api/vue/trade/orders`, { connections, seconds: SECONDS, tokens, order });
      const base = (before + (await raw())) / 2;
      out.push({ raw: base, http, ratio: http.rps / base });
    }
    out.sort((a, b) => a.ratio - b.ratio);
    const openLoopResult = open ? await openLoop(k.url, tokens) : undefined;
    return { ...out[Math.floor(out.length / 2)]!, ratios: out.map((r) => +r.ratio.toFixed(3)), openLoop: openLoopResult };
  } finally {
    await k.stop();
  }
}

export async function benchOrders(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const push = (name: string, value: number, unit: string, note?: string) => figures.push({ name, value: +value.toFixed(unit === 'ms' || unit === 'ratio' ? 3 : 0), unit, note });

  const rec = await recordOrders('sqlite', 1);
  try {
    const r = await rounds(1, 8, () => replaySqlite(rec, 1), undefined, true);
    push('orders.raw_better_sqlite3', r.raw, 'orders/s', `baseline: Kabuto's ${rec.statementsPerOrder} statements, real schema, a commit per order`);
    push('orders.sqlite.http_8_in_flight', r.http.rps, 'orders/s', 'main.ts with jobs on, wrk in its own process');
    push('orders.sqlite.p50', r.http.p50, 'ms');
    push('orders.sqlite.p99', r.http.p99, 'ms');
    push('orders.sqlite_vs_raw', r.ratio, 'ratio', `HTTP ÷ raw better-sqlite3, median of rounds ${r.ratios.join(' / ')}`);
    const o = r.openLoop!;
    const note = `${o.offered}/s offered open loop for ${OPEN_LOOP_SECONDS} s, ${o.ok}/${o.sent} ok, latency from the scheduled send`;
    push('orders.sqlite.open_loop_p50', o.p50, 'ms', note);
    push('orders.sqlite.open_loop_p99', o.p99, 'ms', `${note}; budget ≤ 10 ms`);
    push('orders.sqlite.open_loop_max', o.max, 'ms');
    // The same generator against bare Hono's 404 at the same rate: what the machine and the
    // generator alone give, so a p99 above the budget can be told from the machine's noise.
    const bare = await spawnBareHono();
    try {
      const f = await openLoop(bare.url, ['-'], 404);
      push('orders.open_loop_floor_bare_hono_p99', f.p99, 'ms', `the generator against bare Hono's 404 at ${f.offered}/s, same run`);
    } finally {
      await bare.stop();
    }
  } finally {
    await rec.server.close();
  }

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const users = 16;
    const prec = await recordOrders('postgres', users);
    const name = `kabuto_bench_${randomBytes(4).toString('hex')}`;
    try {
      await onServer(url, `CREATE DATABASE ${name}`);
      const own = new URL(url);
      own.pathname = `/${name}`;
      const r = await rounds(users, users, () => replayPostgres(prec, url, 1), own.href);
      push('orders.raw_pg', r.raw, 'orders/s', `baseline: Kabuto's ${prec.statementsPerOrder} statements, ${users} connections, named prepared statements`);
      push('orders.postgres.http_16_users', r.http.rps, 'orders/s');
      push('orders.postgres.p50', r.http.p50, 'ms');
      push('orders.postgres.p99', r.http.p99, 'ms');
      push('orders.postgres_vs_raw_pg', r.ratio, 'ratio', `HTTP ÷ raw pg, median of rounds ${r.ratios.join(' / ')}`);
    } finally {
      await prec.server.close();
      await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  return figures;
}
