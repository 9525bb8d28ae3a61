import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * The trading money model of docs/decisions/009-trading-money-conventions.md:
 * - each position keeps the risk terms it was opened on (a later config change applies to new
 *   positions only) and how far corporate actions have been applied to it;
 * - sale proceeds settle T+2 (`trade_settlement` says what settles when; the money is on the ledger);
 * - a shortfall (不足金) has a due date and accrues late interest on a cumulative basis.
 */
export function tradingMoney(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('trade_position').addColumn('maintenance_bp', 'integer').execute();
      await db.schema.alterTable('trade_position').addColumn('forced_close_bp', 'integer').execute();
      await db.schema.alterTable('trade_position').addColumn('interest_bp', 'integer').execute();
      // Corporate actions with an ex-date on or before this Tokyo date are reflected in the row.
      await db.schema.alterTable('trade_position').addColumn('actions_through', 'text').execute();
      // Part of `reserved` that came from unsettled proceeds (returns there if the order does not fill).
      await db.schema.alterTable('trade_position').addColumn('reserved_unsettled', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema
        .createTable('trade_settlement')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('position_id', 'text')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('trade_date', 'text', (c) => c.notNull())
        .addColumn('settles_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trade_settlement_user').on('trade_settlement').columns(['user_id', 'settles_on']).execute();

      await db.schema
        .createTable('shortfall_notice')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull())
        .addColumn('due_on', 'text', (c) => c.notNull())
        // Late interest: Σ(owed × rate in bp) per day since the due date, and what was charged of it.
        .addColumn('accrued_through', 'text', (c) => c.notNull())
        .addColumn('accrual_units', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('charged', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('shortfall_notice_pk', ['user_id', 'currency'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('shortfall_notice').execute();
      await db.schema.dropTable('trade_settlement').execute();
      for (const c of ['reserved_unsettled', 'actions_through', 'interest_bp', 'forced_close_bp', 'maintenance_bp']) {
        await db.schema.alterTable('trade_position').dropColumn(c).execute();
      }
    },
  };
}
