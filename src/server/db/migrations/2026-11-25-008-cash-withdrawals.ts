import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Withdrawal requests (docs/domain.md "Withdrawals"): the amount frozen at request, the destination
 * (a bank account or a wallet of the user's own, kept by id: destinations are soft-deleted, so the
 * row can always name where the money went), the expected arrival, and the review columns of the
 * shared workflow (src/server/platform/review.ts). `status` is what the user sees:
 * pending → paid | returned | cancelled.
 */
export function cashWithdrawals(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cash_withdrawal')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('bank_account_id', 'text', (c) => c.references('cash_bank_account.id'))
        .addColumn('wallet_id', 'text', (c) => c.references('cash_wallet.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expected_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .addColumn('review_status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('cash_withdrawal_user').on('cash_withdrawal').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('cash_withdrawal_status').on('cash_withdrawal').columns(['status', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cash_withdrawal').execute();
    },
  };
}
