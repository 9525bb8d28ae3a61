import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import type { Dialect } from '../../src/server/db/capabilities';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  database: Database;
  dialect: Dialect;
  /** Close the connection and drop everything this test created. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database per call: a temporary SQLite file, or a new PostgreSQL schema,
 * so reruns never see old rows.
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
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = openDatabase({ kind: 'postgres', url, schema, poolSize: opts.poolSize });
  await migrate(database);
  return {
    database,
    dialect,
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
