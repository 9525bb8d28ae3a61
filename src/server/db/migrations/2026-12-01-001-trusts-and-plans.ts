import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Investment trusts (投資信託) and recurring investment (積立) (docs/domain.md "Investment trusts and 積立",
 * docs/decisions/026-investment-trusts.md):
 * - trust_fund: the catalogue, with each fund's running figures (純資産総額, 総口数, the fee remainder);
 * - trust_nav: one 基準価額 per fund and business day, with the figures it was struck from;
 * - trust_order: buys and 解約 at the next NAV (ブラインド方式), their fills and payouts;
 * - trust_holding: units, 個別元本 and 取得価額 per user, fund and account type;
 * - invest_plan / plan_run: 積立 plans and each run date's outcome, once per (plan, run date).
 */
export function trustsAndPlans(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('trust_fund')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name_ja', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_ko', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('benchmark', 'text')
        .addColumn('basket', 'text', (c) => c.notNull())
        .addColumn('income_ppm', 'integer', (c) => c.notNull())
        .addColumn('trust_fee_ppm', 'integer', (c) => c.notNull())
        .addColumn('purchase_fee_ppm', 'integer', (c) => c.notNull())
        .addColumn('retention_ppm', 'integer', (c) => c.notNull())
        .addColumn('distribution', 'text')
        .addColumn('reinvest', 'integer', (c) => c.notNull())
        .addColumn('leveraged', 'integer', (c) => c.notNull())
        .addColumn('foreign_assets', 'integer', (c) => c.notNull())
        .addColumn('designated_index', 'integer', (c) => c.notNull())
        .addColumn('term_end', 'text')
        .addColumn('risk', 'integer', (c) => c.notNull())
        .addColumn('settle_days', 'integer', (c) => c.notNull())
        .addColumn('inception', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_reason', 'text')
        .addColumn('assets', 'bigint', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addColumn('fee_carry', 'bigint', (c) => c.notNull())
        .addColumn('last_nav', 'integer', (c) => c.notNull())
        .addColumn('last_tr', 'integer', (c) => c.notNull())
        .addColumn('last_date', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('trust_nav')
        .addColumn('fund_id', 'text', (c) => c.notNull().references('trust_fund.id'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('nav', 'integer', (c) => c.notNull())
        .addColumn('tr', 'integer', (c) => c.notNull())
        .addColumn('gross_assets', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('distribution', 'integer', (c) => c.notNull())
        .addColumn('assets', 'bigint', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addColumn('struck_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('trust_nav_pk', ['fund_id', 'date'])
        .execute();
      await db.schema
        .createTable('trust_order')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('fund_id', 'text', (c) => c.notNull().references('trust_fund.id'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint')
        .addColumn('units_asked', 'bigint')
        .addColumn('reserved', 'bigint', (c) => c.notNull())
        .addColumn('nav_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text')
        .addColumn('ordered_at', 'bigint', (c) => c.notNull())
        .addColumn('nav', 'integer')
        .addColumn('units', 'bigint')
        .addColumn('value', 'bigint')
        .addColumn('fee', 'bigint')
        .addColumn('retention', 'bigint')
        .addColumn('book_cost', 'bigint')
        .addColumn('principal', 'bigint')
        .addColumn('settle_date', 'text')
        .addColumn('tax', 'bigint')
        .addColumn('filled_at', 'bigint')
        .addColumn('paid_at', 'bigint')
        .addColumn('reason', 'text')
        .execute();
      await db.schema.createIndex('trust_order_user').on('trust_order').columns(['user_id', 'ordered_at', 'id']).execute();
      await db.schema.createIndex('trust_order_due').on('trust_order').columns(['status', 'nav_date']).execute();
      await db.schema.createIndex('trust_order_payout').on('trust_order').columns(['status', 'settle_date']).execute();
      await db.schema.createIndex('trust_order_nisa').on('trust_order').columns(['user_id', 'account_type']).execute();
      await db.schema
        .createTable('trust_holding')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('fund_id', 'text', (c) => c.notNull().references('trust_fund.id'))
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addColumn('principal', 'bigint', (c) => c.notNull())
        .addColumn('book_cost', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('trust_holding_pk', ['user_id', 'fund_id', 'account_type'])
        .execute();
      await db.schema.createIndex('trust_holding_fund').on('trust_holding').columns(['fund_id', 'units']).execute();
      await db.schema
        .createTable('invest_plan')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint')
        .addColumn('lots', 'integer')
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('days', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('next_run', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invest_plan_due').on('invest_plan').columns(['status', 'next_run']).execute();
      await db.schema.createIndex('invest_plan_user').on('invest_plan').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('plan_run')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('plan_id', 'text', (c) => c.notNull().references('invest_plan.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('run_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('params', 'text')
        .addColumn('order_id', 'text')
        .addColumn('amount', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('plan_run_once', ['plan_id', 'run_date'])
        .execute();
      await db.schema.createIndex('plan_run_status').on('plan_run').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('plan_run_user').on('plan_run').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['plan_run', 'invest_plan', 'trust_holding', 'trust_order', 'trust_nav', 'trust_fund']) await db.schema.dropTable(t).execute();
    },
  };
}
