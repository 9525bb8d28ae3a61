import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import type { DB } from '../../src/server/db/schema';
import { RESET_PAGES, startCheckpointer } from '../../src/server/db/checkpointer';

/*
 * WAL checkpoints on a worker thread (src/server/db/checkpointer.ts,
 * docs/decisions/018-request-path-performance.md): the server's connection checkpoints inside a
 * COMMIT only past RESET_PAGES; the worker copies committed pages into the database file; a worker
 * that fails hands the checkpoints back. SQLite only. The waits are on the worker's own messages, never on time.
 */
describe('SQLite checkpoints off the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-ckpt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const autoCheckpoint = async (db: Kysely<DB>) => (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows[0]!.wal_autocheckpoint;

  it('leaves checkpoints to the worker, which copies what was committed into the database file', async () => {
    const file = join(dir, 'bg.db');
    const database = openDatabase({ kind: 'sqlite', file, backgroundCheckpoint: true });
    try {
      expect(database.checkpointer).toBeDefined();
      expect(await autoCheckpoint(database.db)).toBe(RESET_PAGES);
      await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(database.db);
      await database.checkpointer!.nextPass();
      const before = statSync(file).size;
      // About 4 MB (~1,600 pages): past the 1,000 pages at which a COMMIT checkpoints by default, short of RESET_PAGES, so
      // what reaches the database file was copied by the worker (which may already run in between).
      for (let t = 0; t < 16; t++) {
        await database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 50; i++) await sql`INSERT INTO filler (body) VALUES (${'x'.repeat(5_000)})`.execute(trx);
        });
      }
      // Passes until the data is in the file (bounded by a count of passes, not by time). A pass's
      // report cannot say it by itself: the pass in flight when the inserts ended may have read the
      // WAL before the last of them (a clean-clone CI run saw one report all copied at 2.3 MB).
      for (let passes = 0; statSync(file).size <= before + 3_000_000 && passes < 400; passes++) await database.checkpointer!.nextPass();
      expect(statSync(file).size).toBeGreaterThan(before + 3_000_000);
      // Another connection reads every row from the file and the WAL alike.
      const reader = new SQLite(file, { readonly: true });
      expect((reader.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n).toBe(800);
      reader.close();
    } finally {
      await database.close();
    }
  });

  it('tests and scripts keep SQLite’s own auto-checkpoint unless they ask', async () => {
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'plain.db') });
    try {
      expect(database.checkpointer).toBeUndefined();
      expect(await autoCheckpoint(database.db)).toBe(1000);
    } finally {
      await database.close();
    }
  });

  it('a worker that fails hands the checkpoints back to the connection', async () => {
    const sqlite = new SQLite(join(dir, 'fallback.db'));
    sqlite.pragma('journal_mode = WAL');
    try {
      const failed = new Promise<unknown>((resolve) => startCheckpointer(sqlite, join(dir, 'fallback.db'), { driver: join(dir, 'no-such-driver.js'), onError: resolve }));
      expect(String(await failed)).toMatch(/no-such-driver/);
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      sqlite.close();
    }
  });
});
