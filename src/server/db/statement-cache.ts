import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { Lru } from '../platform/lru';

/** Distinct SQL texts kept prepared; Kysely's texts are few (one per query shape), lists of `?` aside. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * better-sqlite3 as Kysely's SqliteDriver sees it, with its prepared statements kept by SQL text:
 * the driver calls `prepare(sql)` for every query it runs, and SQLite preparing each one anew was
 * 16 % of an order (docs/decisions/018-request-path-performance.md). A statement still being
 * iterated (`busy`, a streamed select) is not handed out twice: a fresh one is prepared for the
 * second caller. Evicted statements are finalized by better-sqlite3 when collected.
 */
export function withStatementCache(db: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Lru<string, SQLite.Statement>(max);
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) return hit;
      const stmt = db.prepare(sql);
      if (!hit) cache.set(sql, stmt);
      return stmt;
    },
  };
}
