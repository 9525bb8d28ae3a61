import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB, TradePositionTable } from '../../db/schema';
import type { Capabilities, Dialect } from '../../db/capabilities';
import type { AlertKind, PositionStatus } from '../../../shared/domain/position';
import { notify, type MessageKind } from '../messaging';
import { dueSql, isDue, watchDownSql, watchUpSql } from './trigger-sql';
import { insertRow, statement } from '../../db/compiled-statement';

export type PositionRow = Selectable<TradePositionTable>;

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export type PositionPatch = Updateable<TradePositionTable>;
export interface AlertRow {
  kind: AlertKind;
  params: Record<string, string | number>;
  at: number;
}

// The order path's position statements, compiled once per database (db/compiled-statement.ts).
const insertPositionRow = insertRow('trade_position');
const positionById = (lock: boolean) =>
  statement((db, id: string) => {
    const q = db.selectFrom('trade_position').selectAll().where('id', '=', id);
    return lock ? q.forUpdate() : q;
  }, 1);
const readPosition = positionById(false);
const lockPositionRow = positionById(true);
const usersPosition = statement(
  (db, userId: string, id: string) => db.selectFrom('trade_position').selectAll().where('id', '=', id).where('user_id', '=', userId),
  2,
);

export async function insertPosition(db: Kysely<DB>, row: Insertable<TradePositionTable>): Promise<void> {
  await insertPositionRow(db, row);
}

/**
 * The row, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a
 * time anyway), so a user command and a job never act on the same position at once.
 */
export async function lockPosition(db: Kysely<DB>, caps: Capabilities, id: string): Promise<PositionRow | undefined> {
  return (await (caps.rowLocks ? lockPositionRow : readPosition)(db, id)).rows[0];
}

export async function findPosition(db: Kysely<DB>, userId: string, id: string): Promise<PositionRow | undefined> {
  return (await usersPosition(db, userId, id)).rows[0];
}

/**
 * Moves a position from `from` and applies `patch`, only if it is still in `from`: the status is
 * the guard, so a repeated or concurrent action cannot apply twice.
 */
export async function transition(db: Kysely<DB>, id: string, from: PositionStatus, patch: PositionPatch): Promise<boolean> {
  const res = await db.updateTable('trade_position').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * A page of the user's positions, newest first. Each status is its own range of the
 * (user_id, status, id) index, read only as far as the page needs, and the ranges are merged, so a
 * page costs the same however many positions the user (or anyone) has.
 */
export async function listPositions(
  db: Kysely<DB>,
  userId: string,
  opts: { statuses?: readonly string[]; businessType?: string; cursor?: string; limit: number },
): Promise<{ rows: PositionRow[]; next: string | null }> {
  const statuses = [...new Set(opts.statuses ?? [])];
  if (statuses.length === 0 || opts.businessType) {
    let q = db.selectFrom('trade_position').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(opts.limit + 1);
    if (statuses.length) q = q.where('status', 'in', statuses);
    if (opts.businessType) q = q.where('business_type', '=', opts.businessType);
    if (opts.cursor) q = q.where('id', '<', opts.cursor);
    return pageOf(await q.execute(), opts.limit);
  }
  // The ids first, from the (user_id, status, id) index alone (it covers them), then the rows: a
  // planner that assumes the user's rows spread evenly over all ids would otherwise walk the
  // primary key backwards through everyone's newer rows (PostgreSQL did, at 100k positions).
  const pages = await Promise.all(
    statuses.map((status) => {
      let q = db.selectFrom('trade_position').select('id').where('user_id', '=', userId).where('status', '=', status).orderBy('id', 'desc').limit(opts.limit + 1);
      if (opts.cursor) q = q.where('id', '<', opts.cursor);
      return q.execute();
    }),
  );
  const ids = pages.flat().sort((a, b) => byId(b, a)).slice(0, opts.limit + 1).map((r) => r.id);
  const rows = ids.length ? await db.selectFrom('trade_position').selectAll().where('id', 'in', ids).execute() : [];
  return pageOf(rows.sort((a, b) => byId(b, a)), opts.limit);
}

function pageOf(rows: PositionRow[], limit: number): { rows: PositionRow[]; next: string | null } {
  const out = rows.slice(0, limit);
  return { rows: out, next: rows.length > limit ? out[out.length - 1]!.id : null };
}

/** The ids of the user's rows in `statuses`, from the covering (user_id, status, id) index alone. */
export async function userIdsIn(db: Kysely<DB>, userId: string, statuses: readonly string[]): Promise<string[]> {
  return (await db.selectFrom('trade_position').select('id').where('user_id', '=', userId).where('status', 'in', statuses).execute()).map((r) => r.id);
}

/**
 * The user's rows in `statuses`, in id order: the ids from the covering (user_id, status, id)
 * index, then the rows by primary key (see listPositions for why not in one statement).
 */
export async function userRowsIn(db: Kysely<DB>, userId: string, statuses: readonly string[]): Promise<PositionRow[]> {
  const ids = await userIdsIn(db, userId, statuses);
  const out: PositionRow[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await db.selectFrom('trade_position').selectAll().where('id', 'in', ids.slice(i, i + 500)).execute()));
  return out.filter((r) => statuses.includes(r.status)).sort(byId);
}

/** Adds a close's realized P/L to the user's running total (funds/summary reads it), in the close's transaction. */
export async function addRealized(db: Kysely<DB>, userId: string, amount: number, at: number): Promise<void> {
  await db
    .insertInto('trade_realized')
    .values({ user_id: userId, amount, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ amount: sql`trade_realized.amount + ${amount}`, updated_at: at }))
    .execute();
}

/** The user's realized P/L so far: Σ over closed positions of P/L − fees − interest − tax. */
export async function realizedOf(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db.selectFrom('trade_realized').select('amount').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.amount) : 0;
}

export async function addAlert(db: Kysely<DB>, pos: PositionRow, alert: AlertRow): Promise<void> {
  await db
    .insertInto('trade_alert')
    .values({ id: uuidv7(), position_id: pos.id, user_id: pos.user_id, kind: alert.kind, params_json: JSON.stringify(alert.params), at: alert.at })
    .execute();
  // The user's message box hears of it in the same transaction (docs/domain.md "Messages, news and support").
  const kind = MESSAGE_OF_ALERT[alert.kind];
  if (kind) {
    await notify(db, {
      userId: pos.user_id, kind, at: alert.at, dedupeKey: `${alert.kind}:${pos.id}:${alert.at}`,
      params: { ...alert.params, code: pos.code, event: alert.kind, quantity: pos.quantity, priceScale: pos.price_scale },
    });
  }
}

/** Position alerts that are also messages (auto-close and expiry show on the position only). */
const MESSAGE_OF_ALERT: Partial<Record<AlertKind, MessageKind>> = {
  margin_call: 'margin_call',
  forced_close: 'forced_close',
  split: 'corporate_action',
  dividend: 'corporate_action',
};

/** An order filled (opening or closing): a message to its owner, in the fill's transaction. */
export async function notifyFill(db: Kysely<DB>, pos: Pick<PositionRow, 'id' | 'user_id' | 'code' | 'direction' | 'quantity' | 'price_scale'>, leg: 'open' | 'close', price: number, at: number): Promise<void> {
  await notify(db, {
    userId: pos.user_id, kind: 'order_filled', at, dedupeKey: `fill_${leg}:${pos.id}`,
    params: { code: pos.code, leg, direction: pos.direction, quantity: pos.quantity, price, priceScale: pos.price_scale },
  });
}

export async function alertsFor(db: Kysely<DB>, positionIds: string[]): Promise<Map<string, AlertRow[]>> {
  const out = new Map<string, AlertRow[]>();
  if (positionIds.length === 0) return out;
  const rows = await db.selectFrom('trade_alert').selectAll().where('position_id', 'in', positionIds).orderBy('id').execute();
  for (const r of rows) {
    const list = out.get(r.position_id) ?? [];
    list.push({ kind: r.kind as AlertKind, params: JSON.parse(r.params_json) as AlertRow['params'], at: Number(r.at) });
    out.set(r.position_id, list);
  }
  return out;
}

/**
 * Positions a job may have to act on at `now`, oldest first (time order): through the due-time
 * index (trigger-sql.ts) and the block-lock index, so only rows with something due are read. The
 * status conditions are the rule itself; the due expression only narrows the index range.
 */
export async function dueRows(db: Kysely<DB>, dialect: Dialect, now: number, today: string): Promise<PositionRow[]> {
  // The due expression alone in SQL, so the planner has only its index to use; isDue, made from
  // the same table of timed events (trigger-sql.ts), checks the few rows it returns.
  const timed = (await db.selectFrom('trade_position').selectAll().where(sql.raw(`(${dueSql(dialect)})`), '<=', now).execute()).filter((r) => isDue(r, now));
  const unlocks = await db.selectFrom('trade_position').selectAll().where('status', '=', 'in_progress').where('locked_until', '<=', today).execute();
  return [...timed, ...unlocks].sort(byId);
}

/** The statuses whose rows the price-driven work looks at: waiting orders, waiting closes, held positions. */
const PRICED = ['pending', 'holding', 'closing'] as const;

/**
 * The stocks that have a row in a priced status, one index seek per stock (a loose index scan
 * over (status, code)), so the cost follows the number of stocks, not of rows.
 */
export async function liveCodes(db: Kysely<DB>): Promise<string[]> {
  const out = new Set<string>();
  for (const status of PRICED) {
    const rows = await sql<{ code: string | null }>`
      WITH RECURSIVE c(code) AS (
        SELECT MIN(code) FROM trade_position WHERE status = ${status}
        UNION ALL
        SELECT (SELECT MIN(code) FROM trade_position WHERE status = ${status} AND code > c.code) FROM c WHERE c.code IS NOT NULL
      )
      SELECT code FROM c WHERE code IS NOT NULL`.execute(db);
    for (const r of rows.rows) if (r.code !== null) out.add(r.code);
  }
  return [...out].sort();
}

/** A stock's price range to test rows against: they may act when it came down to `low` or up to `high`. */
export interface PriceRange {
  code: string;
  low: number;
  high: number;
}

/**
 * Rows whose price trigger lies within what their stock traded (trigger-sql.ts): a superset of the
 * rows that act at those prices, oldest first. One statement per stock, two index range scans
 * (a stock's own literal expression on each side, which is what lets SQLite match the index).
 */
export async function triggeredRows(db: Kysely<DB>, dialect: Dialect, ranges: readonly PriceRange[]): Promise<PositionRow[]> {
  const down = sql.raw(`(${watchDownSql(dialect)})`);
  const up = sql.raw(`(${watchUpSql(dialect)})`);
  // The rows themselves, read once: a row found by both scans comes twice and is kept once.
  const byIdFound = new Map<string, PositionRow>();
  for (const r of ranges) {
    const found = await sql<PositionRow>`
      SELECT * FROM trade_position WHERE code = ${r.code} AND ${down} >= ${r.low}
      UNION ALL
      SELECT * FROM trade_position WHERE code = ${r.code} AND ${up} <= ${r.high}`.execute(db);
    for (const row of found.rows) if (isPriced(row.status)) byIdFound.set(row.id, row);
  }
  return [...byIdFound.values()].sort(byId);
}

function isPriced(status: string): boolean {
  return (PRICED as readonly string[]).includes(status);
}

/**
 * Rows with interest due before `today`, oldest first. Only open rows carry interest_from (a close
 * clears it), so its index alone finds them; the status is checked on the few it returns.
 */
export async function interestDueRows(db: Kysely<DB>, today: string): Promise<PositionRow[]> {
  const rows = await db.selectFrom('trade_position').selectAll().where('interest_from', '<', today).execute();
  return rows.filter((r) => r.status === 'holding' || r.status === 'closing').sort(byId);
}

/** A row by id, read back in the transaction that just changed it (it exists: the caller holds it). */
export async function positionRow(db: Kysely<DB>, id: string): Promise<PositionRow> {
  return db.selectFrom('trade_position').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The rows with these ids, in no particular order. */
export async function positionsByIds(db: Kysely<DB>, ids: readonly string[]): Promise<PositionRow[]> {
  return db.selectFrom('trade_position').selectAll().where('id', 'in', ids).execute();
}

/** The user's rows of one stock in `statuses`, in id order. */
export async function userRowsOfCode(db: Kysely<DB>, userId: string, code: string, statuses: readonly string[]): Promise<PositionRow[]> {
  return db.selectFrom('trade_position').selectAll().where('user_id', '=', userId).where('code', '=', code).where('status', 'in', statuses).orderBy('id').execute();
}

/** Sets a held row's share of its holding's 取得価額 (re-averaging, book-cost.ts). */
export async function setBookCost(db: Kysely<DB>, id: string, bookCost: number): Promise<void> {
  await db.updateTable('trade_position').set({ book_cost: bookCost }).where('id', '=', id).execute();
}

/** The ids of the user's pending new orders. */
export async function pendingIdsOf(db: Kysely<DB>, userId: string): Promise<{ id: string }[]> {
  return db.selectFrom('trade_position').select('id').where('user_id', '=', userId).where('status', '=', 'pending').execute();
}

/** The columns the funds summary values an open position with (valueHeld, QuoteCache.forRow, heldNetPnl). */
const VALUED = ['code', 'actions_through', 'buy_price', 'contract_value', 'quantity', 'price_scale', 'direction', 'principal', 'open_fee', 'interest', 'book_cost'] as const;

/** The valued columns of the rows with these ids, by primary key in bounded batches. */
export async function valuedRows(db: Kysely<DB>, ids: readonly string[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += 500) rows.push(...(await db.selectFrom('trade_position').select(VALUED).where('id', 'in', ids.slice(i, i + 500)).execute()));
  return rows;
}

/**
 * A live loan of the position's shares (貸株), or undefined. Read from the lending area's table by
 * name, so trade imports nothing of it (docs/domain.md "Loans and stock lending").
 */
export async function liveStockLoan(db: Kysely<DB>, positionId: string) {
  return db
    .selectFrom('lending_stock')
    .select(['id', 'status', 'completes_on'])
    .where('position_id', '=', positionId)
    .where('status', 'in', ['borrowing', 'recalling'])
    .executeTakeFirst();
}

/** The user's live stock loans (貸株) by position, for 保有証券 (holdings.ts lentByCode); read by name as above. */
export async function liveStockLoansOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('lending_stock')
    .select(['position_id', 'status', 'completes_on'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['borrowing', 'recalling'])
    .execute();
}

/** Remembers the part of a pending order's reservation that came from unsettled proceeds. */
export async function setReservedUnsettled(db: Kysely<DB>, id: string, amount: number): Promise<void> {
  await db.updateTable('trade_position').set({ reserved_unsettled: amount }).where('id', '=', id).execute();
}

/**
 * Adds `amount` of interest charged through `through`, only if the row is still charged from where
 * the caller read it: false when another run charged it first.
 */
export async function addInterest(
  db: Kysely<DB>,
  pos: Pick<PositionRow, 'id' | 'interest' | 'interest_from'>,
  amount: number,
  through: string,
  at: number,
): Promise<boolean> {
  const res = await db
    .updateTable('trade_position')
    .set({ interest: pos.interest + amount, interest_from: through, updated_at: at })
    .where('id', '=', pos.id)
    .where('interest_from', '=', pos.interest_from)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** A stop order's trigger (of its opening or its closing leg) was reached at `at`. */
export async function markTriggered(db: Kysely<DB>, id: string, leg: 'open' | 'close', at: number): Promise<void> {
  const set = leg === 'open' ? { triggered_at: at, updated_at: at } : { close_triggered_at: at, updated_at: at };
  await db.updateTable('trade_position').set(set).where('id', '=', id).execute();
}

/** The day's margin call on the position, stored so the position shows it. */
export async function markMarginCall(db: Kysely<DB>, id: string, at: number): Promise<void> {
  await db.updateTable('trade_position').set({ margin_call_at: at }).where('id', '=', id).execute();
}

