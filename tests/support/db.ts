import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import type { Dialect } from '../../src/server/db/capabilities';
import { pollUntil } from './wait';

/**
 * The dialects a test file runs on: SQLite always; PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it). A file whose subject never reaches the database — market data comes from the
 * simulator, not from tables — passes `{ database: false }` and runs once, on SQLite: its server
 * still needs a database (sessions), but a second dialect would test nothing new.
 */
export function testDialects(opts: { database?: boolean } = {}): Dialect[] {
  if (opts.database === false) return ['sqlite'];
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  database: Database;
  dialect: Dialect;
  /** Close the connection and drop everything this test created. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database per call: a temporary SQLite file, or a new PostgreSQL database,
 * so reruns never see old rows. A whole database rather than a schema: the migrator looks for its
 * own bookkeeping tables by name across every schema it can see, so test files migrating side by
 * side (parallel workers), or a schema left behind by an aborted run, would mislead it.
 */
export async function createTestDatabase(dialect: Dialect, opts: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kabuto-test-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'test.db') });
    await migrate(database);
    return {
      database,
      dialect,
      dispose: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kabuto_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: own.href, poolSize: opts.poolSize });
  await migrate(database);
  return {
    database,
    dialect,
    dispose: async () => {
      await database.close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * The pool's close does not wait for the server to end each backend, so the first DROP may find
 * the database still in use (55006): retry while they end, however slowly (a loaded host). Forcing
 * it at once would send the closing connections a FATAL error that surfaces as an unhandled error
 * in the test file, so only a database still held after DROP_WAIT_MS is dropped WITH (FORCE).
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const dropped = async () => {
    try {
      await onServer(url, `DROP DATABASE IF EXISTS ${name}`);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006') throw e;
      return false;
    }
  };
  if (!(await pollUntil(dropped, { timeoutMs: DROP_WAIT_MS, intervalMs: 20 }))) await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Below the api project's hookTimeout (vitest.config.ts): afterAll drops the databases. */
export const DROP_WAIT_MS = 20_000;

/** Sessions of database `name` waiting for a lock (pg_locks): a second claimer of a key waits there on the first. */
export async function lockWaiters(url: string, name: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const sql = 'select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = $1';
    return (await c.query<{ n: number }>(sql, [name])).rows[0]!.n;
  } finally {
    await c.end();
  }
}

/** One statement on the server's TEST_DATABASE_URL database (CREATE/DROP DATABASE run outside transactions). */
export async function onServer(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
