import { randomUUID } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { Ledger, HOUSE } from '../src/server/ledger';
import { systemClock } from '../src/server/clock';
import { createTestDatabase } from '../tests/support/db';
import type { Dialect } from '../src/server/db/capabilities';
import { rawSqliteDb } from './raw-sqlite';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

const N = 2_000;

/** One money command = idempotency claim + journal entry + 2 postings + 2 guarded balance updates. */
async function ledgerCommands(dialect: Dialect): Promise<number> {
  const t = await createTestDatabase(dialect);
  try {
    const ledger = new Ledger(t.database, systemClock);
    const user = 'bench-user';
    await ledger.transact((trx) =>
      ledger.post(trx, {
        kind: 'demo_grant', memo: 'bench', userId: user,
        postings: [
          { owner: HOUSE, currency: 'JPY', kind: 'demo_grant', amount: -N * 100 },
          { owner: user, currency: 'JPY', kind: 'cash', amount: N * 100 },
        ],
      }),
    );
    const start = performance.now();
    for (let i = 0; i < N; i++) {
      await ledger.withIdempotency(user, uuidv7(), { i }, (trx) =>
        ledger.post(trx, {
          kind: 'order_freeze', memo: 'bench', userId: user,
          postings: [
            { owner: user, currency: 'JPY', kind: 'cash', amount: -100 },
            { owner: user, currency: 'JPY', kind: 'frozen', amount: 100 },
          ],
        }).then((e) => e.id),
      );
    }
    return (N / (performance.now() - start)) * 1000;
  } finally {
    await t.dispose();
  }
}

/** The baseline: the same rows written with raw better-sqlite3 statements, one transaction each. */
function rawSqlite(): number {
  const { db, dispose } = rawSqliteDb(`CREATE TABLE idem (scope TEXT, key TEXT, hash TEXT, response TEXT, PRIMARY KEY (scope, key));
    CREATE TABLE entry (id TEXT PRIMARY KEY, kind TEXT, memo TEXT, at INTEGER);
    CREATE TABLE posting (id TEXT PRIMARY KEY, entry_id TEXT, account_id TEXT, amount INTEGER);
    CREATE TABLE balance (account_id TEXT PRIMARY KEY, amount INTEGER, version INTEGER);
    INSERT INTO balance VALUES ('cash', ${N * 100}, 0), ('frozen', 0, 0);`);
  const claim = db.prepare('INSERT INTO idem (scope, key, hash) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const entry = db.prepare('INSERT INTO entry VALUES (?, ?, ?, ?)');
  const posting = db.prepare('INSERT INTO posting VALUES (?, ?, ?, ?)');
  const move = db.prepare('UPDATE balance SET amount = amount + ?, version = version + 1 WHERE account_id = ? AND amount + ? >= 0');
  const done = db.prepare('UPDATE idem SET response = ? WHERE scope = ? AND key = ?');
  const command = db.transaction((key: string) => {
    claim.run('u', key, 'h');
    const id = randomUUID();
    if (move.run(-100, 'cash', -100).changes !== 1) throw new Error('insufficient');
    move.run(100, 'frozen', 100);
    entry.run(id, 'order_freeze', 'bench', Date.now());
    posting.run(randomUUID(), id, 'cash', -100);
    posting.run(randomUUID(), id, 'frozen', 100);
    done.run(JSON.stringify(id), 'u', key);
  });
  const start = performance.now();
  for (let i = 0; i < N; i++) command(randomUUID());
  const rate = (N / (performance.now() - start)) * 1000;
  dispose();
  return rate;
}

export async function benchLedger(): Promise<Figure[]> {
  const raw = rawSqlite();
  const sqlite = await ledgerCommands('sqlite');
  const figures: Figure[] = [
    { name: 'ledger.raw_better_sqlite3', value: Math.round(raw), unit: 'commands/s', note: 'baseline' },
    { name: 'ledger.sqlite', value: Math.round(sqlite), unit: 'commands/s' },
    { name: 'ledger.sqlite_vs_raw', value: +(sqlite / raw).toFixed(3), unit: 'ratio' },
  ];
  if (process.env.TEST_DATABASE_URL) {
    const pg = await ledgerCommands('postgres');
    figures.push({ name: 'ledger.postgres', value: Math.round(pg), unit: 'commands/s' });
    figures.push({ name: 'ledger.postgres_vs_raw_sqlite', value: +(pg / raw).toFixed(3), unit: 'ratio' });
  }
  return figures;
}
