import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Per-user USDT deposit addresses (docs/domain.md "Deposits"): an admin loads a USDT channel with
 * addresses the operator controls; each user who opens the channel is given one of them, kept for
 * good, so an incoming transfer names its user without a memo (TRC20 and ERC20 transfers carry
 * none). The unique indexes keep an address one user's and a user one address per channel, even when
 * two first views race.
 */
export function depositAddresses(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cash_deposit_address')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull().references('cash_deposit_channel.id'))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('assigned_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cash_deposit_address_unique').on('cash_deposit_address').columns(['channel_id', 'address']).unique().execute();
      await db.schema
        .createIndex('cash_deposit_address_user')
        .on('cash_deposit_address')
        .columns(['channel_id', 'user_id'])
        .unique()
        .where(sql.ref('user_id'), 'is not', null)
        .execute();
      await db.schema.createIndex('cash_deposit_address_free').on('cash_deposit_address').columns(['channel_id', 'assigned_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cash_deposit_address').execute();
    },
  };
}
