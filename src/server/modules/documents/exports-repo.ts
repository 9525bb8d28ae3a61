/**
 * The CSV exports' own SQL (docs/domain.md "Documents and exports"): the 取引報告書 issued for a
 * page of executions, so the trades export can print each one's 書面番号.
 */
import type { Executor } from '../../db/executor';

/**
 * The documents issued with these source keys (`entry:…`, `trust:…`) to the user: the original
 * 取引報告書 of each execution (a reissue has a key of its own, `<key>#r<n>`, and names the original).
 */
export async function documentsOfSources(db: Executor, userId: string, sourceKeys: readonly string[]): Promise<{ id: string; source_key: string }[]> {
  if (sourceKeys.length === 0) return [];
  return db
    .selectFrom('document')
    .select(['id', 'source_key'])
    .where('user_id', '=', userId)
    .where('source_key', 'in', sourceKeys)
    .execute();
}
