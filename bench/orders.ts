/**
 * `POST trade/orders` over real HTTP — `src/server/main.ts` in a process of its own with the job
 * runner on, wrk in another (bench/http-harness.ts) — against the bare driver running Kabuto's
 * exact statements for an order on the same migrated schema, one transaction per order
 * (bench/statement-replay.ts), measured in the same run (docs/architecture.md, Budgets).
 * SQLite: one user, 8 orders in flight. PostgreSQL (TEST_DATABASE_URL): 16 users, 16 in flight,
 * against raw `pg` with one connection per user and named prepared statements.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Figure } from './ledger';
import { benchUsers, spawnKabuto, wrk } from './http-harness';
import { recordOrders, replayPostgres, replaySqlite } from './statement-replay';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const order = { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 };

async function httpOrders(users: number, connections: number, databaseUrl?: string) {
  const k = await spawnKabuto({ databaseUrl });
  try {
    const tokens = await benchUsers(k.url, users);
    await wrk(`${k.url}/api/vue/trade/orders`, { connections, seconds: 1, tokens, order }); // warm up
    return await wrk(`${k.url}/api/vue/trade/orders`, { connections, seconds: SECONDS, tokens, order });
  } finally {
    await k.stop();
  }
}

async function onServer(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function benchOrders(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const push = (name: string, value: number, unit: string, note?: string) => figures.push({ name, value: +value.toFixed(unit === 'ms' || unit === 'ratio' ? 3 : 0), unit, note });

  const rec = await recordOrders('sqlite', 1);
  try {
    // The baseline before and after the HTTP run, averaged, so a change in machine load between
    // them does not skew the ratio.
    const before = replaySqlite(rec, SECONDS / 2);
    const http = await httpOrders(1, 8);
    const raw = (before + replaySqlite(rec, SECONDS / 2)) / 2;
    push('orders.raw_better_sqlite3', raw, 'orders/s', `baseline: Kabuto's ${rec.statementsPerOrder} statements, real schema, a commit per order`);
    push('orders.sqlite.http_8_in_flight', http.rps, 'orders/s', 'main.ts with jobs on, wrk in its own process');
    push('orders.sqlite.p50', http.p50, 'ms');
    push('orders.sqlite.p99', http.p99, 'ms');
    push('orders.sqlite_vs_raw', http.rps / raw, 'ratio', 'HTTP ÷ raw better-sqlite3');
  } finally {
    await rec.server.close();
  }

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const users = 16;
    const prec = await recordOrders('postgres', users);
    const name = `kabuto_bench_${randomBytes(4).toString('hex')}`;
    try {
      const before = await replayPostgres(prec, url, SECONDS / 2);
      await onServer(url, `CREATE DATABASE ${name}`);
      const own = new URL(url);
      own.pathname = `/${name}`;
      const http = await httpOrders(users, users, own.href);
      const raw = (before + (await replayPostgres(prec, url, SECONDS / 2))) / 2;
      push('orders.raw_pg', raw, 'orders/s', `baseline: Kabuto's ${prec.statementsPerOrder} statements, ${users} connections, named prepared statements`);
      push('orders.postgres.http_16_users', http.rps, 'orders/s');
      push('orders.postgres.p50', http.p50, 'ms');
      push('orders.postgres.p99', http.p99, 'ms');
      push('orders.postgres_vs_raw_pg', http.rps / raw, 'ratio', 'HTTP ÷ raw pg');
    } finally {
      await prec.server.close();
      await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  return figures;
}
