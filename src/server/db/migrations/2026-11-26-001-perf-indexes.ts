import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';
import { dueSql, watchDownSql, watchUpSql } from '../../modules/trade/trigger-sql';

/**
 * Flat with data (docs/decisions/019-flat-with-data.md): every read a request or a job makes is
 * bounded by what it returns, not by how many positions and postings exist.
 *
 * - positions by user and status (`trade/positions?status=`, holdings, the summary's open rows);
 * - postings by account in entry order (funds/records pages each of the user's accounts by entry id),
 *   and a user's entries by kind (its events without postings);
 * - the trading job's candidates: rows whose timed event is due, and rows whose price trigger the
 *   price has reached, as expression indexes over the rows' own columns (trigger-sql.ts), plus
 *   the stocks with live rows, block-lock ends, interest due and corporate actions due by date;
 * - realized P/L as a running total per user (trade_realized), added to by the close that realizes
 *   it, backfilled here from the closed positions.
 */
export function perfIndexes(caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('trade_position_user_status').on('trade_position').columns(['user_id', 'status', 'id']).execute();
      // (account_id, entry_id) serves every lookup by account that the single-column index did.
      await db.schema.createIndex('posting_account_entry').on('posting').columns(['account_id', 'entry_id']).execute();
      await db.schema.dropIndex('posting_account').execute();
      // A user's entries of some kinds, newest first (funds/records' events without postings, e.g. splits).
      await db.schema.createIndex('journal_entry_user_kind').on('journal_entry').columns(['user_id', 'kind', 'id']).execute();

      await sql.raw(`CREATE INDEX trade_position_due ON trade_position ((${dueSql(caps.dialect)}))`).execute(db);
      await sql.raw(`CREATE INDEX trade_position_watch_down ON trade_position (code, (${watchDownSql(caps.dialect)}))`).execute(db);
      await sql.raw(`CREATE INDEX trade_position_watch_up ON trade_position (code, (${watchUpSql(caps.dialect)}))`).execute(db);
      // The stocks with live rows, one seek each (repo.ts liveCodes), and rows not yet brought up to today (corporate.ts).
      await db.schema.createIndex('trade_position_status_code').on('trade_position').columns(['status', 'code']).execute();
      await db.schema.createIndex('trade_position_actions').on('trade_position').columns(['status', 'actions_through']).execute();
      await db.schema.createIndex('trade_position_unlock').on('trade_position').columns(['status', 'locked_until']).execute();
      // Only open rows carry interest_from (a close clears it), so the index holds just those.
      await db.schema.createIndex('trade_position_interest').on('trade_position').column('interest_from').execute();

      await db.schema
        .createTable('trade_realized')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        // Σ over the user's closed positions of P/L − fees − interest − tax (yen).
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`
        INSERT INTO trade_realized (user_id, amount, updated_at)
        SELECT user_id, SUM(COALESCE(pnl, 0) - open_fee - close_fee - interest - tax), MAX(updated_at)
        FROM trade_position WHERE status IN ('closed', 'ended') GROUP BY user_id`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('trade_realized').execute();
      for (const i of ['trade_position_interest', 'trade_position_unlock', 'trade_position_actions', 'trade_position_status_code', 'trade_position_watch_up', 'trade_position_watch_down', 'trade_position_due', 'trade_position_user_status', 'journal_entry_user_kind']) {
        await db.schema.dropIndex(i).execute();
      }
      await db.schema.createIndex('posting_account').on('posting').column('account_id').execute();
      await db.schema.dropIndex('posting_account_entry').execute();
    },
  };
}
