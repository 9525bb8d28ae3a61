import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Lending (docs/domain.md "Loans and stock lending"):
 * - `lending_loan`: one row per draw on the credit line: principal still owed, interest accrued and
 *   not repaid, the exact interest accrual (`accrual_units` = Σ principal × rate bp × days, charged
 *   as its rounded-down total less what was charged: the cumulative basis), the rate it was drawn at.
 *   Status borrowed → repaid.
 * - `lending_stock`: one row per 貸株 of a held cash position: borrowing → recalling → completed
 *   (the recall completes on the next business day), the fee accrual on the same cumulative basis.
 * - `lending_event`: the records lines of both (draws, interest days, repayments, LTV warnings,
 *   forced sales, lends, fee days, 配当金相当額, recalls); the money itself is in the ledger.
 * - `lending_ltv_state`: the last LTV state seen per user, so a warning is journaled once per crossing.
 */
export function lending(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lending_loan')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('principal', 'bigint', (c) => c.notNull())
        .addColumn('interest', 'bigint', (c) => c.notNull())
        .addColumn('interest_charged', 'bigint', (c) => c.notNull())
        .addColumn('accrual_units', 'bigint', (c) => c.notNull())
        .addColumn('repaid', 'bigint', (c) => c.notNull())
        .addColumn('rate_bp', 'integer', (c) => c.notNull())
        .addColumn('accrued_through', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('repaid_at', 'bigint')
        .execute();
      await db.schema.createIndex('lending_loan_user').on('lending_loan').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('lending_loan_status').on('lending_loan').columns(['status', 'accrued_through']).execute();
      await db.schema
        .createTable('lending_stock')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('position_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('shares', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rate_bp', 'integer', (c) => c.notNull())
        .addColumn('fee_paid', 'bigint', (c) => c.notNull())
        .addColumn('accrual_units', 'bigint', (c) => c.notNull())
        .addColumn('accrued_through', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('recalled_at', 'bigint')
        .addColumn('completes_on', 'text')
        .addColumn('completed_at', 'bigint')
        .execute();
      await db.schema.createIndex('lending_stock_user').on('lending_stock').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('lending_stock_position').on('lending_stock').columns(['position_id', 'status']).execute();
      await db.schema.createIndex('lending_stock_status').on('lending_stock').columns(['status', 'accrued_through']).execute();
      await db.schema
        .createTable('lending_event')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('ref_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('shares', 'bigint')
        .addColumn('ltv_bp', 'bigint')
        .execute();
      await db.schema.createIndex('lending_event_user').on('lending_event').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('lending_ltv_state')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('ltv_bp', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['lending_ltv_state', 'lending_event', 'lending_stock', 'lending_loan']) await db.schema.dropTable(t).execute();
    },
  };
}
