import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * The journal of scheduled job runs in scale-out mode (docs/decisions/021-scale-out.md): one row
 * per module job handler that completed the due run of a period, written by whichever instance ran
 * it. A retried period skips the handlers it already shows; counting rows per (job, period) is how
 * the scale test proves each due run happened exactly once. No unique index on purpose: a duplicate
 * run must show up as a second row, not be hidden by a constraint.
 */
export function scaleout(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_run')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('instance', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_run_job_period').on('job_run').columns(['job', 'period']).execute();
      await db.schema.createIndex('job_run_finished').on('job_run').columns(['finished_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('job_run').execute();
    },
  };
}
