import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Strategy funds (docs/domain.md "Strategy funds", docs/decisions/016-strategy-funds.md).
 * - strategy_fund: a fund and its documented rule; its money is in the ledger under the owner
 *   `fund:<id>`, its positions are trade_position rows of user `fund:<id>` (a non-login users row,
 *   so the trading engine's foreign key holds). `units` and `fee_accrued` are the fund's register.
 * - strategy_nav: one row per struck day, with the figures the NAV was computed from.
 * - strategy_holding: the units register beside the money ledger: one row per subscription.
 */
export function strategies(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('strategy_fund')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rule', 'text', (c) => c.notNull())
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('model', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('min_amount', 'bigint', (c) => c.notNull())
        .addColumn('lock_days', 'integer', (c) => c.notNull())
        .addColumn('fee_bp', 'integer', (c) => c.notNull())
        .addColumn('follow_until', 'text')
        .addColumn('started_on', 'text', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addColumn('fee_accrued', 'bigint', (c) => c.notNull())
        .addColumn('rebalanced_on', 'text')
        .addColumn('ended_on', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('strategy_nav')
        .addColumn('fund_id', 'text', (c) => c.notNull().references('strategy_fund.id'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('nav', 'bigint', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addColumn('cash', 'bigint', (c) => c.notNull())
        .addColumn('positions_value', 'bigint', (c) => c.notNull())
        .addColumn('fee_accrued', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('subscribed', 'bigint', (c) => c.notNull())
        .addColumn('redeemed', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('strategy_nav_pk', ['fund_id', 'date'])
        .execute();
      await db.schema
        .createTable('strategy_holding')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('fund_id', 'text', (c) => c.notNull().references('strategy_fund.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addColumn('fee_bp', 'integer', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('subscribed_on', 'text')
        .addColumn('strike_nav', 'bigint')
        .addColumn('locked_until', 'text')
        .addColumn('redeem_requested_at', 'bigint')
        .addColumn('payout', 'bigint')
        .addColumn('ended_on', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('strategy_holding_user').on('strategy_holding').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('strategy_holding_fund').on('strategy_holding').columns(['fund_id', 'status']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('strategy_holding').execute();
      await db.schema.dropTable('strategy_nav').execute();
      await db.schema.dropTable('strategy_fund').execute();
    },
  };
}
