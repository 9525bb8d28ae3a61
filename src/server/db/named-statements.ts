import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Distinct SQL texts given a name; past it, statements go unnamed (parsed every time) as before. */
const NAMED_STATEMENTS_MAX = 2_000;

/**
 * The pool as Kysely's PostgresDriver sees it, sending every statement that has parameters as a
 * named prepared statement: PostgreSQL parses and plans it once per connection instead of on every
 * execution (docs/decisions/018-request-path-performance.md). The name is fixed per SQL text for
 * the life of the process, so a connection never sees one name with two texts (pg keeps the
 * texts it has prepared per connection and skips the Parse step for a name it knows). Statements
 * without parameters (BEGIN, COMMIT, DDL in migrations) stay unnamed: a prepared plan must not
 * outlive a schema change.
 */
export function withNamedStatements(pool: pg.Pool, max = NAMED_STATEMENTS_MAX): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `k${names.size.toString(36)}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (a: unknown, values?: unknown[]) => {
      if (typeof a === 'string' && values && values.length > 0) {
        const name = nameOf(a);
        if (name) return client.query({ name, text: a, values });
      }
      return (client.query as (a: unknown, v?: unknown[]) => unknown)(a, values);
    };
    return { query, release: () => client.release() } as unknown as PostgresPoolClient;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) wrapped.set(client, (w = wrap(client)));
      return w;
    },
    end: () => pool.end(),
  };
}
