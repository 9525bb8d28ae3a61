import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Holds on new payout destinations (docs/domain.md "Bank accounts and wallets", issue 37 item 7):
 * a bank account or wallet added from now on receives no withdrawal before `usable_at` (epoch ms).
 * Rows from before keep null: they were registered under the old rules and stay usable at once.
 */
export function payoutHolds(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('cash_bank_account').addColumn('usable_at', 'bigint').execute();
      await db.schema.alterTable('cash_wallet').addColumn('usable_at', 'bigint').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('cash_wallet').dropColumn('usable_at').execute();
      await db.schema.alterTable('cash_bank_account').dropColumn('usable_at').execute();
    },
  };
}
