import type SQLite from 'better-sqlite3';
import type { QueryResult, SqliteDatabase, SqliteStatement } from 'kysely';
import { Lru } from '../platform/lru';
import { rowStatement, type RowStatement } from './sqlite-rows';

/** Distinct SQL texts kept prepared; Kysely's texts are few (one per query shape), lists of `?` aside. */
const STATEMENT_CACHE_SIZE = 1_000;
/** DDL: what can change the columns a kept select returns. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * better-sqlite3 as Kysely's SqliteDriver sees it, with its prepared statements kept by SQL text:
 * the driver calls `prepare(sql)` for every query it runs, and SQLite preparing each one anew was
 * 16 % of an order (docs/decisions/018-request-path-performance.md). A statement still being
 * iterated (`busy`, a streamed select) is not handed out twice: a fresh one is prepared for the
 * second caller. Evicted statements are finalized by better-sqlite3 when collected.
 */
export function withStatementCache(db: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase & DirectRunner {
  let cache = new Lru<string, RowStatement>(max);
  const prepare = (sql: string): RowStatement => {
    // A select's row builder holds the column names it was prepared with, and SQLite re-prepares a
    // statement after a schema change without telling us: `select *` after an ALTER TABLE would
    // be read with the old names. A schema change (migrations) drops every kept statement.
    if (SCHEMA_CHANGE.test(sql)) cache = new Lru(max);
    const hit = cache.get(sql);
    if (hit && !hit.busy) return hit;
    const stmt = rowStatement(db.prepare(sql));
    if (!hit) cache.set(sql, stmt);
    return stmt;
  };
  return {
    close: () => db.close(),
    prepare: prepare as (sql: string) => SqliteStatement,
    runOutsideTransaction(sql, parameters) {
      if (db.inTransaction) return undefined;
      const stmt = prepare(sql);
      if (stmt.reader) return { rows: stmt.all(parameters) };
      // The result Kysely's SqliteDriver gives for a write.
      const { changes, lastInsertRowid } = stmt.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    },
  };
}

/**
 * A statement run on the spot, without Kysely's connection machinery, when that cannot change its
 * answer (compiled-statement.ts). SQLite has one connection, which Kysely lends to one query or one
 * transaction at a time through a mutex; a query asking for it runs seven async steps (the mutex,
 * acquire, release, the result's plugins), as much CPU as a short statement itself
 * (docs/decisions/018-request-path-performance.md, "statements outside transactions").
 * better-sqlite3 runs a statement synchronously, so between two awaits the connection is either in
 * a transaction — whose holder may be between statements, and whose uncommitted rows another
 * request must not read: undefined, the caller queues for the mutex as before — or in none: then
 * the statement is an autocommit statement, exactly as Kysely would have run it once the mutex was
 * free. (A streamed select also holds the connection across awaits; its statement is `busy`, and
 * the server does not stream.)
 */
export interface DirectRunner {
  runOutsideTransaction(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined;
}
