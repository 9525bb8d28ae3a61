import { describe, expect, it } from 'vitest';
import { dueSql, watchDownSql, watchUpSql } from '../../src/server/modules/trade/trigger-sql';
import { triggerSql } from '../../src/server/db/migrations/2026-11-26-001-perf-indexes';

/*
 * The trading job reads its candidates through expression indexes (docs/decisions/019-flat-with-data.md):
 * a database uses such an index only for the exact expression it was built on. The migration keeps
 * a frozen copy of the text (it imports no live module code), so the job's live text must equal it;
 * a changed expression needs a new migration that recreates the index, and this test then compares
 * with that migration's text.
 */
describe('trade trigger expressions match the indexes built on them', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(dialect, () => {
      const frozen = triggerSql(dialect);
      expect(dueSql(dialect)).toBe(frozen.due);
      expect(watchDownSql(dialect)).toBe(frozen.down);
      expect(watchUpSql(dialect)).toBe(frozen.up);
    });
  }
});
