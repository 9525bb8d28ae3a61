import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * How far a job has looked at a stream of time, so a late run (after a gap or a restart) knows
 * which stretch it missed: one row per job. The trading job keeps the instant through which it
 * looked at the market's 1-minute bars (src/server/modules/trade/engine.ts). Losing the row is
 * harmless: the job then looks back a bounded stretch and each position's own timestamps keep
 * anything from applying twice.
 */
export function jobState(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_state')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('through', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('job_state').execute();
    },
  };
}
