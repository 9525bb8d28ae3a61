// The raw better-sqlite3 baseline of bench/ledger.ts and bench/orders.ts: a throwaway file database.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh WAL database (synchronous = NORMAL) in a temp dir with `schema` applied; dispose() closes and deletes it. */
export function rawSqliteDb(schema: string): { db: Database.Database; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
  const db = new Database(join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(schema);
  return {
    db,
    dispose() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
