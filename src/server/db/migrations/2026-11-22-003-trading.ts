import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Trading (docs/domain.md): one row per order/position, its alerts, the per-year tax netting row and
 * block-trade offers. Money stays on the ledger; these rows say why it moved.
 */
export function trading(caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('trade_position')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('business_type', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('price_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('price_scale', 'integer', (c) => c.notNull())
        .addColumn('lots', 'integer')
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('leverage_x10', 'integer', (c) => c.notNull())
        .addColumn('limit_price', 'bigint')
        .addColumn('day_trade', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('placed_at', 'bigint', (c) => c.notNull())
        // A queued market order fills at this auction instant; a day order expires at the close.
        .addColumn('fill_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .addColumn('reserved', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('buy_time', 'bigint')
        .addColumn('buy_price', 'bigint')
        .addColumn('contract_value', 'bigint')
        .addColumn('principal', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('open_fee', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('close_fee', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('interest', 'bigint', (c) => c.notNull().defaultTo(0))
        // Interest is charged for each Tokyo calendar day up to (not including) this date.
        .addColumn('interest_from', 'text')
        .addColumn('tax', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('pnl', 'bigint')
        .addColumn('sell_time', 'bigint')
        .addColumn('sell_price', 'bigint')
        .addColumn('close_type', 'text')
        .addColumn('close_limit_price', 'bigint')
        .addColumn('close_fill_at', 'bigint')
        .addColumn('close_expires_at', 'bigint')
        .addColumn('close_reason', 'text')
        .addColumn('auto_close_at', 'bigint')
        .addColumn('sellable_from', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('block_offer_id', 'text')
        .addColumn('margin_call_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('trade_position_money', sql`reserved >= 0 AND principal >= 0 AND quantity > 0`)
        .execute();
      await db.schema.createIndex('trade_position_user').on('trade_position').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('trade_position_status').on('trade_position').columns(['status', 'id']).execute();

      await db.schema
        .createTable('trade_alert')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position_id', 'text', (c) => c.notNull().references('trade_position.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trade_alert_position').on('trade_alert').columns(['position_id', 'id']).execute();

      // Realized gains netted per Tokyo calendar year, and the tax withheld against them so far.
      await db.schema
        .createTable('trade_tax_year')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('net_gain', 'bigint', (c) => c.notNull())
        .addColumn('tax_withheld', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('trade_tax_year_pk', ['user_id', 'year'])
        .execute();

      await db.schema
        .createTable('block_offer')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('price_scale', 'integer', (c) => c.notNull())
        .addColumn('min_shares', 'bigint', (c) => c.notNull())
        .addColumn('shares_total', 'bigint', (c) => c.notNull())
        .addColumn('shares_available', 'bigint', (c) => c.notNull())
        .addColumn('lock_days', 'integer', (c) => c.notNull())
        .addColumn('window_from', 'bigint', (c) => c.notNull())
        .addColumn('window_to', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // Backstop for the conditional decrement: an offer is never oversold.
        .addCheckConstraint('block_offer_available', sql`shares_available >= 0`)
        .execute();

      // Alerts are a history: never rewritten.
      for (const stmt of caps.appendOnly('trade_alert')) await stmt.execute(db);
    },
  };
}
