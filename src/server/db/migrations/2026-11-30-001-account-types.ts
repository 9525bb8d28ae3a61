import { sql, type Kysely, type Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Account types (口座区分) and NISA (docs/domain.md "Account types and NISA",
 * docs/decisions/025-account-types-and-nisa.md):
 * - every position and every journal entry about one says which account it belongs to
 *   ('specific' 特定, 'general' 一般, 'nisa_growth' NISA成長投資枠, 'nisa_tsumitate' NISAつみたて投資枠);
 *   what existed is 特定口座（源泉徴収あり）, the one implicit account before;
 * - the year's netting of gains is per user, year and account (trade_tax_year_account), the old
 *   per-user table copied into it as 'specific' and dropped;
 * - tax_account: the user's 特定口座 choice (none: 特定 with withholding, today's behaviour);
 * - nisa_application: the NISA account applications, with the shared review columns (platform/review.ts).
 */
export function accountTypes(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('trade_position').addColumn('account_type', 'text', (c) => c.notNull().defaultTo('specific')).execute();
      await db.schema.alterTable('journal_entry').addColumn('tax_account', 'text').execute();
      await db.schema.createIndex('trade_position_user_account').on('trade_position').columns(['user_id', 'account_type']).execute();
      await db.schema
        .createTable('trade_tax_year_account')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('net_gain', 'bigint', (c) => c.notNull())
        .addColumn('tax_withheld', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('trade_tax_year_account_pk', ['user_id', 'year', 'account'])
        .execute();
      await sql`
        INSERT INTO trade_tax_year_account (user_id, year, account, net_gain, tax_withheld, updated_at)
        SELECT user_id, year, 'specific', net_gain, tax_withheld, updated_at FROM trade_tax_year
      `.execute(db);
      await db.schema.dropTable('trade_tax_year').execute();
      await db.schema
        .createTable('tax_account')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('specific', 'integer', (c) => c.notNull())
        .addColumn('withholding', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('nisa_application')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('declared_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('review_status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('nisa_application_user_latest').on('nisa_application').columns(['user_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('nisa_application_review').on('nisa_application').columns(['review_status', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('nisa_application').execute();
      await db.schema.dropTable('tax_account').execute();
      await db.schema
        .createTable('trade_tax_year')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('net_gain', 'bigint', (c) => c.notNull())
        .addColumn('tax_withheld', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('trade_tax_year_pk', ['user_id', 'year'])
        .execute();
      await sql`
        INSERT INTO trade_tax_year (user_id, year, net_gain, tax_withheld, updated_at)
        SELECT user_id, year, net_gain, tax_withheld, updated_at FROM trade_tax_year_account WHERE account = 'specific'
      `.execute(db);
      await db.schema.dropTable('trade_tax_year_account').execute();
      await db.schema.dropIndex('trade_position_user_account').execute();
      await db.schema.alterTable('journal_entry').dropColumn('tax_account').execute();
      await db.schema.alterTable('trade_position').dropColumn('account_type').execute();
    },
  };
}
