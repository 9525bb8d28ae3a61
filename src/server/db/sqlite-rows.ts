import type SQLite from 'better-sqlite3';

/**
 * The statement Kysely's SqliteDriver is handed (statement-cache.ts), with a select's rows built
 * by a function made for its columns. better-sqlite3 builds a row object one property at a time
 * through V8's API (each column name looked up in the string table, a hidden-class transition per
 * property), which showed as the larger part of a one-row read in the server's profile
 * (docs/decisions/018-request-path-performance.md, "statements outside transactions").
 * The statement returns arrays instead (better-sqlite3's raw mode), and an object literal with the
 * statement's column names builds each row: one allocation from a template. The rows are the same
 * plain objects with the same keys in the same order (a later column of the same name overwrites
 * an earlier one, as better-sqlite3 does).
 */
export interface RowStatement {
  readonly reader: boolean;
  readonly busy: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

type RowOf = (values: unknown[]) => Record<string, unknown>;

/** `(v) => ({ "id": v[0], "phone": v[1], … })` for these column names. */
function rowBuilder(names: readonly string[]): RowOf | undefined {
  // An object literal would take `__proto__` as the prototype, not as a column.
  if (names.includes('__proto__')) return undefined;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  // The names are data, written as JSON string literals: nothing of them runs as code.
  return new Function('v', `'use strict'; return { ${fields} };`) as RowOf;
}

export function rowStatement(stmt: SQLite.Statement): RowStatement {
  const row = stmt.reader ? rowBuilder(stmt.columns().map((c) => c.name)) : undefined;
  // Writes, and a select with a `__proto__` column: better-sqlite3's statement answers as it is.
  if (!row) return stmt as RowStatement;
  stmt.raw(true);
  return {
    reader: true,
    get busy() {
      return stmt.busy;
    },
    all(parameters) {
      const values = stmt.all(parameters as unknown[]) as unknown[][];
      const rows = new Array<unknown>(values.length);
      for (let i = 0; i < values.length; i++) rows[i] = row(values[i]!);
      return rows;
    },
    run: (parameters) => stmt.run(parameters as unknown[]),
    *iterate(parameters) {
      for (const values of stmt.iterate(parameters as unknown[]) as IterableIterator<unknown[]>) yield row(values);
    },
  };
}
