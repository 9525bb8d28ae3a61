import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities, Dialect } from '../capabilities';

/**
 * Flat with data (docs/decisions/019-flat-with-data.md): every read a request or a job makes is
 * bounded by what it returns, not by how many positions and postings exist.
 *
 * - positions by user and status (`trade/positions?status=`, holdings, the summary's open rows);
 * - postings by account in entry order (funds/records pages each of the user's accounts by entry id),
 *   and a user's entries by kind (its events without postings);
 * - the trading job's candidates: rows whose timed event is due, and rows whose price trigger the
 *   price has reached, as expression indexes over the rows' own columns (triggerSql below), plus
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

      const trigger = triggerSql(caps.dialect);
      await sql.raw(`CREATE INDEX trade_position_due ON trade_position ((${trigger.due}))`).execute(db);
      await sql.raw(`CREATE INDEX trade_position_watch_down ON trade_position (code, (${trigger.down}))`).execute(db);
      await sql.raw(`CREATE INDEX trade_position_watch_up ON trade_position (code, (${trigger.up}))`).execute(db);
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

/**
 * The expressions the trigger indexes are built on, frozen as modules/trade/trigger-sql.ts made them
 * when this migration was written: a migration imports no live module code, so a later change there
 * cannot change what this one creates. The trading job's queries must use the same text to use the
 * indexes (trigger-sql.ts); a changed expression needs a new migration that drops and recreates its
 * index. The dialects differ only in the names of the two-argument max and min.
 */
export function triggerSql(dialect: Dialect): { due: string; down: string; up: string } {
  const [max, min] = dialect === 'sqlite' ? ['max', 'min'] : ['greatest', 'least'];
  return {
    due:
      `CASE WHEN status = 'pending' THEN ${min}(coalesce(fill_at, 9007199254740991), coalesce(expires_at, 9007199254740991), coalesce(auto_close_at, 9007199254740991)) ` +
      `WHEN status IN ('holding', 'closing') THEN ${min}(coalesce(close_fill_at, 9007199254740991), coalesce(close_expires_at, 9007199254740991), coalesce(auto_close_at, 9007199254740991)) END`,
    down:
      `${max}(coalesce(CASE WHEN status = 'pending' AND fill_at IS NULL THEN (CASE WHEN trigger_price IS NOT NULL AND triggered_at IS NULL THEN (CASE WHEN direction = 'down' THEN trigger_price END) ` +
      `WHEN price_type = 'market' THEN 9007199254740990 WHEN direction = 'up' THEN limit_price END) ` +
      `WHEN status = 'closing' AND close_fill_at IS NULL THEN ${max}(coalesce(CASE WHEN close_trigger_price IS NOT NULL AND close_triggered_at IS NULL THEN (CASE WHEN direction = 'up' THEN close_trigger_price END) ` +
      `WHEN close_type = 'market' THEN 9007199254740990 WHEN direction = 'down' THEN close_limit_price END, -1), coalesce(CASE WHEN direction = 'up' THEN close_stop_price END, -1)) END, -1), ` +
      `coalesce(CASE WHEN status IN ('holding', 'closing') AND contract_value IS NOT NULL AND buy_price IS NOT NULL AND direction = 'up' THEN (CASE WHEN maintenance_bp IS NULL OR forced_close_bp IS NULL OR ${max}(maintenance_bp, forced_close_bp) >= 10000 THEN 9007199254740990 ` +
      `WHEN contract_value - principal <= 0 THEN NULL ELSE ((((contract_value - principal) * 10000 - 1) / (10000 - ${max}(maintenance_bp, forced_close_bp)) + 1) * price_scale - 1) / quantity END) END, -1))`,
    up:
      `${min}(coalesce(CASE WHEN status = 'pending' AND fill_at IS NULL THEN (CASE WHEN trigger_price IS NOT NULL AND triggered_at IS NULL THEN (CASE WHEN direction = 'up' THEN trigger_price END) ` +
      `WHEN price_type = 'market' THEN 0 WHEN direction = 'down' THEN limit_price END) ` +
      `WHEN status = 'closing' AND close_fill_at IS NULL THEN ${min}(coalesce(CASE WHEN close_trigger_price IS NOT NULL AND close_triggered_at IS NULL THEN (CASE WHEN direction = 'down' THEN close_trigger_price END) ` +
      `WHEN close_type = 'market' THEN 0 WHEN direction = 'up' THEN close_limit_price END, 9007199254740991), coalesce(CASE WHEN direction = 'down' THEN close_stop_price END, 9007199254740991)) END, 9007199254740991), ` +
      `coalesce(CASE WHEN status IN ('holding', 'closing') AND contract_value IS NOT NULL AND buy_price IS NOT NULL AND direction = 'down' THEN (CASE WHEN maintenance_bp IS NULL OR forced_close_bp IS NULL THEN 0 ` +
      `ELSE (((principal + contract_value) * 10000 / (${max}(maintenance_bp, forced_close_bp) + 10000) + 1) * price_scale + quantity - 1) / quantity END) END, 9007199254740991))`,
  };
}
