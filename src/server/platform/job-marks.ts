/**
 * A job's own progress mark (`job_state`, docs/architecture.md "Jobs"): how far it got — the last
 * minute of bars looked at, the Tokyo year announced, the quarter reported. One row per name; the
 * job reads it inside its run and moves it forward when the work up to it is done.
 */
import type { Executor } from '../db/executor';

/** How far the job named `name` got; null before its first run. */
export async function jobMark(db: Executor, name: string): Promise<number | null> {
  const row = await db.selectFrom('job_state').select('through').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.through) : null;
}

export async function setJobMark(db: Executor, name: string, through: number): Promise<void> {
  await db
    .insertInto('job_state')
    .values({ name, through })
    .onConflict((oc) => oc.column('name').doUpdateSet({ through }))
    .execute();
}
