import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Deposit channels and deposit requests (docs/domain.md "Deposits"). Channels are managed by
 * admins (never hard-coded): a bank transfer to an operator account, or USDT to the operator's
 * configured address with a per-user reference. A deposit is a reviewed row (platform/review.ts):
 * no money moves until an admin approves it; the partial unique index keeps one pending deposit
 * per user even when two requests race.
 */
export function deposits(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cash_deposit_channel')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text')
        .addColumn('branch_name', 'text')
        .addColumn('account_type', 'text')
        .addColumn('account_number', 'text')
        .addColumn('holder', 'text')
        .addColumn('network', 'text')
        .addColumn('address', 'text')
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('cash_deposit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('cash_deposit_channel.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('credited_amount', 'bigint')
        .addColumn('receipt_upload_id', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('entry_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('review_status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('cash_deposit_user').on('cash_deposit').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('cash_deposit_status').on('cash_deposit').columns(['review_status', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('cash_deposit_one_pending')
        .on('cash_deposit')
        .column('user_id')
        .unique()
        .where(sql.ref('review_status'), '=', 'pending')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cash_deposit').execute();
      await db.schema.dropTable('cash_deposit_channel').execute();
    },
  };
}
