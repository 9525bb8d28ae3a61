import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * Runs `body` while this instance holds the PostgreSQL advisory lock named `key`, so instances
 * sharing the database take turns (docs/decisions/021-scale-out.md): start-up's bootstrap and the
 * scheduled due runs. The lock lives on one pooled connection held for the whole body (the body
 * works on other pooled connections); the server releases it by itself if that connection dies
 * with its instance. SQLite has one process per database: `body` just runs.
 */
export async function withAdvisoryLock<T>(database: Database, key: string, body: () => Promise<T>): Promise<T> {
  if (database.caps.dialect !== 'postgres') return body();
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(conn);
    try {
      return await body();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
    }
  });
}
