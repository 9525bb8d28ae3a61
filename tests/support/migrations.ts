/**
 * A migration test's own database, migrated step by step: a Migrator over the project's migrations
 * (migrateTo a name, then write history as it was before the next one) and a fresh SQLite file or
 * PostgreSQL database, dropped by `dispose`.
 */
import { Migrator, type Migration } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations';
import type { Dialect } from '../../src/server/db/capabilities';
import { onServer } from './db';

export function migrator(database: Database) {
  return new Migrator({
    db: database.db,
    provider: {
      async getMigrations() {
        const out: Record<string, Migration> = {};
        for (const [name, factory] of Object.entries(migrations)) out[name] = factory(database.caps);
        return out;
      },
    },
  });
}

export async function openFresh(dialect: Dialect): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kabuto-mig-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'test.db') });
    return { database, dispose: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `kabuto_mig_${randomBytes(4).toString('hex')}`;
  const admin = (q: string) => onServer(url, q);
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: own.href });
  return { database, dispose: async () => { await database.close(); await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } };
}
