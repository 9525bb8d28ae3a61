import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Currency exchange quotes (src/server/modules/fx): the rate and amounts a user was shown, held by
 * the server so the exchange posts exactly them and the client cannot alter the rate. A quote is
 * used at most once (`used_at` is set in the exchange's transaction, with the entry it posted).
 */
export function fxQuotes(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('fx_quote')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('from_currency', 'text', (c) => c.notNull())
        .addColumn('to_currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('amount_out', 'bigint', (c) => c.notNull())
        .addColumn('mid_amount_out', 'bigint', (c) => c.notNull())
        .addColumn('spread_bp', 'integer', (c) => c.notNull())
        .addColumn('rate', 'bigint', (c) => c.notNull())
        .addColumn('mid_rate', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('valid_until', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('entry_id', 'text')
        .execute();
      await db.schema.createIndex('fx_quote_user').on('fx_quote').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('fx_quote').execute();
    },
  };
}
