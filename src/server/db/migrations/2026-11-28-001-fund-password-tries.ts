import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * The fund password's checks in flight (docs/decisions/007-password-checks.md, "Attempts are
 * reserved before the check"): beside the failures and the lock, the row keeps the tries reserved
 * and not settled yet, the successes held back until they settle, and when the pending ones count as
 * lost (platform/attempts.ts). Without them a success could only reset the count blindly, which
 * freed the slots of guesses still in flight (issue 37 item 2).
 */
export function fundPasswordTries(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('fund_password_pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('fund_password_held', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('fund_password_stale_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ['fund_password_stale_at', 'fund_password_held', 'fund_password_pending']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
