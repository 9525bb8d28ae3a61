import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './executor';

/**
 * A hot statement that Kysely builds and compiles once per database handle, then runs with each
 * call's parameters: building and compiling a query was a large part of a small request's cost
 * (docs/decisions/018-request-path-performance.md). `build` is called once, with stand-ins for the
 * arguments; it must use them only as values (`where('id', '=', id)`), never to choose the shape of
 * the query, since every later call reuses that shape.
 */
export function compiledOnce<A extends unknown[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
  arity: A['length'],
): (db: Executor, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Executor, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = Array.from({ length: arity }, () => ({})); // unique objects: found by identity below
      const query = build(db, ...(standIns as A)).compile();
      const slots = query.parameters.map((p) => standIns.indexOf(p as object));
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
