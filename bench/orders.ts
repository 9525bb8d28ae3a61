/**
 * `POST trade/orders` through real HTTP (a market buy that fills at once: idempotency claim,
 * position row, cash lock, one journal entry with two postings, two guarded balance updates),
 * against raw better-sqlite3 doing the same ledger writes in one transaction per order, measured
 * in the same run (docs/architecture.md, Budgets).
 */
import { randomUUID } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { registerUser, startTestServer } from '../tests/support/server';
import type { Dialect } from '../src/server/db/capabilities';
import type { Figure } from './ledger';
import { rawSqliteDb } from './raw-sqlite';

const SEQUENTIAL = 1_000;
const CONCURRENT = 1_000;
const IN_FLIGHT = 8;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function httpOrders(dialect: Dialect): Promise<{ seq: number; p50: number; p99: number; conc: number }> {
  const s = await startTestServer({ dialect });
  try {
    const u = await registerUser(s);
    const grant = await s.call('post', `admin/users/${u.id}/grant`, {
      token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() }, body: { currency: 'JPY', amount: 1_000_000_000_000, reason: 'bench funds' },
    });
    if (grant.status !== 200) throw new Error(JSON.stringify(grant.body));
    const body = { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 };
    const one = async () => {
      const t = performance.now();
      const res = await s.call('post', 'trade/orders', { token: u.token, body, headers: { 'Idempotency-Key': uuidv7() } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return performance.now() - t;
    };
    for (let i = 0; i < 50; i++) await one(); // warm up (JIT, statement caches, quote caches)

    const lat: number[] = [];
    const start = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) lat.push(await one());
    const seq = (SEQUENTIAL / (performance.now() - start)) * 1000;
    lat.sort((a, b) => a - b);

    let left = CONCURRENT;
    const cStart = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) await one();
    }));
    const conc = (CONCURRENT / (performance.now() - cStart)) * 1000;
    return { seq, p50: pct(lat, 50), p99: pct(lat, 99), conc };
  } finally {
    await s.close();
  }
}

/** The baseline: the same rows an order writes, with prepared statements, one transaction each. */
function rawSqlite(): number {
  const { db, dispose } = rawSqliteDb(`CREATE TABLE idem (scope TEXT, key TEXT, hash TEXT, response TEXT, PRIMARY KEY (scope, key));
    CREATE TABLE position (id TEXT PRIMARY KEY, user_id TEXT, code TEXT, status TEXT, quantity INTEGER, price INTEGER, principal INTEGER, at INTEGER);
    CREATE TABLE entry (id TEXT PRIMARY KEY, kind TEXT, memo TEXT, at INTEGER);
    CREATE TABLE posting (id TEXT PRIMARY KEY, entry_id TEXT, account_id TEXT, amount INTEGER);
    CREATE TABLE balance (account_id TEXT PRIMARY KEY, amount INTEGER, version INTEGER);
    INSERT INTO balance VALUES ('cash', 1000000000000, 0), ('margin', 0, 0);`);
  const claim = db.prepare('INSERT INTO idem (scope, key, hash) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const position = db.prepare('INSERT INTO position VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const cash = db.prepare('SELECT amount FROM balance WHERE account_id = ?');
  const move = db.prepare('UPDATE balance SET amount = amount + ?, version = version + 1 WHERE account_id = ? AND amount + ? >= 0');
  const entry = db.prepare('INSERT INTO entry VALUES (?, ?, ?, ?)');
  const posting = db.prepare('INSERT INTO posting VALUES (?, ?, ?, ?), (?, ?, ?, ?)');
  const done = db.prepare('UPDATE idem SET response = ? WHERE scope = ? AND key = ?');
  const command = db.transaction((key: string) => {
    claim.run('u', key, 'h');
    const id = randomUUID();
    const principal = 259_900;
    position.run(id, 'u', '7203', 'holding', 100, 25_990, principal, Date.now());
    cash.get('cash');
    if (move.run(-principal, 'cash', -principal).changes !== 1) throw new Error('insufficient');
    move.run(principal, 'margin', principal);
    const e = randomUUID();
    entry.run(e, 'trade_open', 'bench', Date.now());
    posting.run(randomUUID(), e, 'cash', -principal, randomUUID(), e, 'margin', principal);
    done.run(JSON.stringify({ id }), 'u', key);
  });
  for (let i = 0; i < 200; i++) command(randomUUID());
  const start = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) command(randomUUID());
  const rate = (SEQUENTIAL / (performance.now() - start)) * 1000;
  dispose();
  return rate;
}

export async function benchOrders(): Promise<Figure[]> {
  const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const runs: [Dialect, Awaited<ReturnType<typeof httpOrders>>][] = [];
  // The baseline before and after the HTTP runs, averaged, so a change in machine load between
  // them does not skew the ratio.
  const rawBefore = rawSqlite();
  for (const d of dialects) runs.push([d, await httpOrders(d)]);
  const raw = (rawBefore + rawSqlite()) / 2;
  const figures: Figure[] = [{ name: 'orders.raw_better_sqlite3', value: Math.round(raw), unit: 'orders/s', note: 'baseline, same ledger writes' }];
  for (const [d, r] of runs) {
    figures.push(
      { name: `orders.${d}.http_sequential`, value: Math.round(r.seq), unit: 'orders/s' },
      { name: `orders.${d}.p50`, value: +r.p50.toFixed(2), unit: 'ms' },
      { name: `orders.${d}.p99`, value: +r.p99.toFixed(2), unit: 'ms' },
      { name: `orders.${d}.http_${IN_FLIGHT}_in_flight`, value: Math.round(r.conc), unit: 'orders/s' },
      { name: `orders.${d}_vs_raw_sqlite`, value: +(r.seq / raw).toFixed(3), unit: 'ratio', note: 'sequential HTTP ÷ raw' },
    );
  }
  return figures;
}
