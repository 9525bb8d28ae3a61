import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects } from '../support/db';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';

/*
 * The HTTP edge's shortcuts keep the behaviour (docs/decisions/018-request-path-performance.md,
 * "Follow-up: the HTTP edge").
 */
describe.each(testDialects())('the HTTP edge (%s)', (dialect) => {
  it('migration 2026-11-26-002 runs on a database that already ran 003 (its number was reserved)', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      // As a database migrated before 002 existed: the old index, no record of 002, 003 done.
      await migrations['2026-11-26-002-kyc-latest-index']!(t.database.caps).down!(db as never);
      await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026-11-26-002-kyc-latest-index' as never).execute();
      await migrate(t.database);
      const names = dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'kyc_submission'`.execute(db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'kyc_submission'`.execute(db)).rows;
      expect(names.map((r) => r.name)).toContain('kyc_submission_user_latest');
      expect(names.map((r) => r.name)).not.toContain('kyc_submission_user');
    } finally {
      await t.dispose();
    }
  });
});
