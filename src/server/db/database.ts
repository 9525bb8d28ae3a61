import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DB } from './schema';
import { withStatementCache } from './statement-cache';
import { runDirectlyOutsideTransactions } from './compiled-statement';
import { withNamedStatements } from './named-statements';
import { postgresCapabilities, sqliteCapabilities, type Capabilities } from './capabilities';
import { startCheckpointer, type Checkpointer } from './checkpointer';

export interface Database {
  db: Kysely<DB>;
  caps: Capabilities;
  /** PostgreSQL: the schema on the search path, when one is set (migrations keep their tables there). */
  schema?: string;
  /** SQLite with `backgroundCheckpoint`: the worker that runs its WAL checkpoints (checkpointer.ts). */
  checkpointer?: Checkpointer;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'sqlite';
      file: string;
      /** WAL checkpoints on a worker thread instead of inside a COMMIT (the server; checkpointer.ts). */
      backgroundCheckpoint?: boolean;
      /** The worker failed and the connection took the checkpoints back. */
      onCheckpointError?: (err: unknown) => void;
    }
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      poolSize?: number;
      /** An idle pooled connection failed (the server restarted, or terminated it); the pool has dropped it. */
      onIdleError?: (err: Error) => void;
    };

/** int8 and numeric come back from pg as strings; money is a safe integer everywhere (docs/architecture.md "The money model"). */
function parseSafeInteger(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`database integer out of safe range: ${text}`);
  return n;
}

export function openDatabase(opts: DatabaseOptions): Database {
  if (opts.kind === 'sqlite') {
    if (opts.file !== ':memory:') mkdirSync(dirname(opts.file), { recursive: true });
    const sqlite = new SQLite(opts.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const statements = withStatementCache(sqlite);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
    runDirectlyOutsideTransactions(db, statements);
    const checkpointer =
      opts.backgroundCheckpoint && opts.file !== ':memory:' ? startCheckpointer(sqlite, opts.file, { onError: opts.onCheckpointError }) : undefined;
    return {
      db,
      caps: sqliteCapabilities,
      checkpointer,
      close: async () => {
        await checkpointer?.stop();
        await db.destroy(); // the last connection to close copies the rest and removes the WAL
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20 || oid === 1700
          ? parseSafeInteger
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // node-postgres re-emits an idle client's error on the pool, and an 'error' event without a
  // listener ends the process: a PostgreSQL restart, a failover or an administrator terminating
  // connections would take every instance down. The pool has already dropped the client; the next
  // query opens a new connection (docs/decisions/021-scale-out.md).
  pool.on('error', (err) => opts.onIdleError?.(err));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  return { db, caps: postgresCapabilities, schema: opts.schema, close: () => db.destroy() };
}

/** `DATABASE_URL` (postgres://…) selects PostgreSQL; otherwise SQLite under the data directory (platform/config.ts). */
export function databaseOptionsFromConfig(settings: { url: string | undefined; dataDir: string }): DatabaseOptions {
  if (settings.url) return { kind: 'postgres', url: settings.url };
  return { kind: 'sqlite', file: `${settings.dataDir}/kabuto.db`, backgroundCheckpoint: true };
}
