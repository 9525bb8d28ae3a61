import type { Compilable, CompiledQuery, Insertable, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema';
import type { Executor } from './executor';
import type { DirectRunner } from './statement-cache';

/**
 * Hot statements (the order path, `user/info`) that Kysely builds and compiles once per database,
 * then runs with each call's values: building and compiling was a large part of a small request's
 * cost (docs/decisions/018-request-path-performance.md, "compiled order path"). They are
 * kept per *database* — a transaction is a new handle every time, but it shares its database's
 * dialect adapter, which is what the cache is keyed by — and they return Kysely's whole result
 * (affected rows too).
 *
 * `build` is called once per database with stand-ins for its arguments and must use them only as
 * values, never to choose the shape of the query: every later call reuses the shape. The SQL text
 * is the one Kysely would have built for the same call, so the statement caches below it (SQLite's
 * prepared statements, PostgreSQL's named statements) see the same texts as before.
 */

interface Entry<R> {
  query: CompiledQuery<R>;
  /** For each parameter: the index of the argument it stands for, or −1 for a constant of the query. */
  slots: number[];
}

/** The per-database key: the dialect adapter, shared by a Kysely instance and all its transactions. */
function keyOf(db: Executor): object {
  return db.getExecutor().adapter;
}

/** Something kept per database (not per handle: a transaction finds its database's), made on first use. */
export function perDatabase<T>(make: () => T): (db: Executor) => T {
  const kept = new WeakMap<object, T>();
  return (db) => {
    const key = keyOf(db);
    let v = kept.get(key);
    if (v === undefined) kept.set(key, (v = make()));
    return v;
  };
}

function compile<R>(query: Compilable<R>, standIns: readonly object[]): Entry<R> {
  const compiled = query.compile();
  return { query: compiled, slots: compiled.parameters.map((p) => standIns.indexOf(p as object)) };
}

/**
 * Root Kysely instances (not their transactions, which are other handles) whose statements may run
 * without Kysely's connection machinery while no transaction is open: SQLite's (statement-cache.ts
 * DirectRunner). The instance has no plugins, so Kysely would return the driver's result as it is.
 */
const directRunners = new WeakMap<object, DirectRunner>();

export function runDirectlyOutsideTransactions(db: Kysely<DB>, runner: DirectRunner): void {
  if (db.getExecutor().plugins.length > 0) throw new Error('a direct runner would skip the plugins of this Kysely instance');
  directRunners.set(db, runner);
}

function run<R>(db: Executor, entry: Entry<R>, args: readonly unknown[]): Promise<QueryResult<R>> {
  const { query, slots } = entry;
  const parameters = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i++) parameters[i] = slots[i]! >= 0 ? args[slots[i]!] : query.parameters[i];
  const direct = directRunners.get(db);
  if (direct) {
    try {
      const result = direct.runOutsideTransaction(query.sql, parameters);
      if (result) return Promise.resolve(result as QueryResult<R>);
    } catch (err) {
      return Promise.reject(err as Error); // as Kysely's executeQuery would: callers see a rejection, never a throw
    }
  }
  return db.executeQuery<R>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
}

function standInsOf(n: number): object[] {
  return Array.from({ length: n }, () => ({})); // unique objects, found again by identity
}

/**
 * A statement of fixed shape: `statement(build, arity)` returns `(db, ...args) => result`, building
 * and compiling `build(db, ...standIns)` the first time it runs on a database.
 */
export function statement<A extends unknown[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
  arity: A['length'],
): (db: Executor, ...args: A) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<object, Entry<R>>();
  return (db, ...args) => {
    const key = keyOf(db);
    let entry = compiled.get(key);
    if (!entry) {
      const standIns = standInsOf(arity);
      entry = compile(build(db, ...(standIns as A)), standIns);
      compiled.set(key, entry);
    }
    return run(db, entry, args);
  };
}

/**
 * A statement whose shape follows one small part of each call (how many rows an INSERT writes,
 * which columns a row sets): `shape(...args)` names it, and each name is built and compiled once
 * per database. The shapes must be few (a handful of row counts, a fixed set of column lists).
 */
export function statementByShape<A extends unknown[], R>(
  shape: (...args: A) => string,
  build: (db: Executor, standIns: (n: number) => object[], ...args: A) => { query: Compilable<R>; standIns: readonly object[]; values: (...args: A) => unknown[] },
): (db: Executor, ...args: A) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<object, Map<string, { entry: Entry<R>; values: (...args: A) => unknown[] }>>();
  return (db, ...args) => {
    const key = keyOf(db);
    let shapes = compiled.get(key);
    if (!shapes) compiled.set(key, (shapes = new Map()));
    const name = shape(...args);
    let hit = shapes.get(name);
    if (!hit) {
      const built = build(db, standInsOf, ...args);
      hit = { entry: compile(built.query, built.standIns), values: built.values };
      shapes.set(name, hit);
    }
    return run(db, hit.entry, hit.values(...args));
  };
}

/**
 * `INSERT INTO table (columns…) VALUES (…)` for one row, compiled once per list of columns the
 * row sets (Kysely leaves out undefined fields, and so does this). The columns come in the row's
 * key order, as Kysely's own insert would write them.
 */
export function insertRow<T extends keyof DB & string>(table: T): (db: Executor, row: Insertable<DB[T]>) => Promise<QueryResult<never>> {
  const columnsOf = (row: Insertable<DB[T]>) => Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
  return statementByShape(
    (row: Insertable<DB[T]>) => columnsOf(row).join(','),
    (db, standInsOf, row) => {
      const columns = columnsOf(row);
      const standIns = standInsOf(columns.length);
      const values = Object.fromEntries(columns.map((c, i) => [c, standIns[i]]));
      return {
        query: db.insertInto(table).values(values as Insertable<DB[T]>) as unknown as Compilable<never>,
        standIns,
        values: (r) => columns.map((c) => (r as Record<string, unknown>)[c]),
      };
    },
  );
}
