/**
 * The SQL of executions (docs/domain.md "Documents and exports"): the ledger entries that are
 * executions (trade_open, trade_close, ipo_payment) with their postings, positions, settlements
 * and IPO applications, and the struck trust orders with their funds. Read only: trade, ipo and
 * trusts own these tables (read by name, docs/decisions/022); the scan for executions without a
 * document walks journal_entry by (kind, created_at) (index journal_entry_kind_time).
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import './tables';

/** Entry kinds that are executions: one 取引報告書 each. */
export const EXECUTION_ENTRY_KINDS = ['trade_open', 'trade_close', 'ipo_payment'] as const;

export interface EntryRow {
  id: string;
  kind: string;
  user_id: string | null;
  ref_type: string | null;
  ref_id: string | null;
  memo: string;
  created_at: number;
  tax_account: string | null;
}

const ENTRY_COLUMNS = ['journal_entry.id', 'journal_entry.kind', 'journal_entry.user_id', 'journal_entry.ref_type', 'journal_entry.ref_id', 'journal_entry.memo', 'journal_entry.created_at', 'journal_entry.tax_account'] as const;

/** Execution entries created at or after `since` that have no document yet, oldest first. */
export async function undocumentedEntries(db: Executor, since: number, limit: number): Promise<EntryRow[]> {
  return db
    .selectFrom('journal_entry')
    .select(ENTRY_COLUMNS)
    .where('journal_entry.kind', 'in', EXECUTION_ENTRY_KINDS)
    .where('journal_entry.created_at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('document').select('document.id').where('document.source_key', '=', sql<string>`${'entry:'} || journal_entry.id`))),
    )
    .orderBy('journal_entry.created_at')
    .orderBy('journal_entry.id')
    .limit(limit)
    .execute();
}

export async function entriesByIds(db: Executor, ids: readonly string[]): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('journal_entry').select(ENTRY_COLUMNS).where('journal_entry.id', 'in', ids).where('journal_entry.kind', 'in', EXECUTION_ENTRY_KINDS).execute();
}

/**
 * The user's execution entries whose execution time (the position's fill or close time; an IPO
 * payment's entry time) is in [from, to], oldest first, up to `limit` when given.
 */
export async function entriesOfUser(db: Executor, userId: string, range: { from?: number; to?: number; exactly?: number; limit?: number }): Promise<EntryRow[]> {
  const at = sql<number>`coalesce(case when journal_entry.kind = 'trade_close' then trade_position.sell_time else trade_position.buy_time end, journal_entry.created_at)`;
  let q = db
    .selectFrom('journal_entry')
    .leftJoin('trade_position', (j) => j.onRef('trade_position.id', '=', 'journal_entry.ref_id').on('journal_entry.ref_type', '=', 'position'))
    .select(ENTRY_COLUMNS)
    .where('journal_entry.user_id', '=', userId)
    .where('journal_entry.kind', 'in', EXECUTION_ENTRY_KINDS);
  if (range.exactly !== undefined) q = q.where(at, '=', range.exactly);
  if (range.from !== undefined) q = q.where(at, '>=', range.from);
  if (range.to !== undefined) q = q.where(at, '<=', range.to);
  q = q.orderBy(at).orderBy('journal_entry.id');
  if (range.limit !== undefined) q = q.limit(range.limit);
  return q.execute();
}

/** Every posting of the entries, with its account's owner and kind. */
export async function postingsOf(db: Executor, entryIds: readonly string[]) {
  if (entryIds.length === 0) return [];
  return db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['posting.entry_id', 'ledger_account.owner', 'ledger_account.kind', 'posting.amount'])
    .where('posting.entry_id', 'in', entryIds)
    .execute();
}

export async function positionsByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('trade_position')
    .select([
      'id', 'code', 'direction', 'leverage_x10', 'business_type', 'account_type', 'buy_time', 'sell_time', 'contract_value', 'open_fee', 'close_fee',
      'interest', 'book_cost', 'pnl', 'price_scale',
    ])
    .where('id', 'in', ids)
    .execute();
}

/** The settlement dates recorded by the closes of these positions (a close that returned nothing has none). */
export async function settlementsOf(db: Executor, positionIds: readonly string[]): Promise<{ position_id: string | null; settles_on: string }[]> {
  if (positionIds.length === 0) return [];
  return db.selectFrom('trade_settlement').select(['position_id', 'settles_on']).where('position_id', 'in', positionIds).execute();
}

/** IPO applications of the payments: the listing date and the position delivered (its account). */
export async function ipoApplications(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ipo_application')
    .innerJoin('ipo_offering', 'ipo_offering.id', 'ipo_application.offering_id')
    .leftJoin('trade_position', 'trade_position.id', 'ipo_application.position_id')
    .select(['ipo_application.id', 'ipo_application.position_id', 'ipo_offering.listing_date', 'trade_position.account_type'])
    .where('ipo_application.id', 'in', ids)
    .execute();
}

/** The user's 特定口座 setting (no row: 特定・源泉徴収あり, trade/account-type-repo.ts). */
export async function taxAccountOf(db: Executor, userId: string): Promise<{ specific: boolean; withholding: boolean }> {
  const row = await db.selectFrom('tax_account').select(['specific', 'withholding']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { specific: true, withholding: true };
  return { specific: Number(row.specific) === 1, withholding: Number(row.specific) === 1 && Number(row.withholding) === 1 };
}

function trustOrders(db: Executor) {
  return db
    .selectFrom('trust_order')
    .innerJoin('trust_fund', 'trust_fund.id', 'trust_order.fund_id')
    .select([
      'trust_order.id', 'trust_order.user_id', 'trust_order.side', 'trust_order.account_type', 'trust_order.nav_date', 'trust_order.nav', 'trust_order.units',
      'trust_order.value', 'trust_order.fee', 'trust_order.retention', 'trust_order.book_cost', 'trust_order.settle_date', 'trust_order.tax',
      'trust_order.filled_at', 'trust_order.paid_at', 'trust_order.ordered_at', 'trust_order.status', 'trust_fund.code', 'trust_fund.name_ja', 'trust_fund.name_en',
    ]);
}

export type TrustOrderRow = Awaited<ReturnType<ReturnType<typeof trustOrders>['execute']>>[number];

const noTrustDocument = sql<boolean>`not exists (select 1 from document where document.source_key = ${'trust:'} || trust_order.id)`;

/**
 * Struck trust orders without a document: buys filled at or after `since`, and 解約 paid at or
 * after it (their tax is known only once paid: trusts/payout.ts).
 */
export async function undocumentedTrustOrders(db: Executor, since: number, limit: number): Promise<TrustOrderRow[]> {
  const buys = await trustOrders(db)
    .where('trust_order.side', '=', 'buy')
    .where('trust_order.status', 'in', ['filled', 'paid'])
    .where('trust_order.filled_at', '>=', since)
    .where(noTrustDocument)
    .orderBy('trust_order.filled_at')
    .orderBy('trust_order.id')
    .limit(limit)
    .execute();
  const sells = await trustOrders(db)
    .where('trust_order.side', '=', 'sell')
    .where('trust_order.status', '=', 'paid')
    .where('trust_order.paid_at', '>=', since)
    .where(noTrustDocument)
    .orderBy('trust_order.paid_at')
    .orderBy('trust_order.id')
    .limit(limit)
    .execute();
  return [...buys, ...sells];
}

export async function trustOrderById(db: Executor, id: string): Promise<TrustOrderRow | undefined> {
  return trustOrders(db).where('trust_order.id', '=', id).where('trust_order.status', 'in', ['filled', 'paid']).executeTakeFirst();
}

/** The user's struck trust orders filled in [from, to] (or exactly at `exactly`), oldest first. */
export async function trustOrdersOfUser(db: Executor, userId: string, range: { from?: number; to?: number; exactly?: number; limit?: number }): Promise<TrustOrderRow[]> {
  let q = trustOrders(db).where('trust_order.user_id', '=', userId).where('trust_order.status', 'in', ['filled', 'paid']).where('trust_order.filled_at', 'is not', null);
  if (range.exactly !== undefined) q = q.where('trust_order.filled_at', '=', range.exactly);
  if (range.from !== undefined) q = q.where('trust_order.filled_at', '>=', range.from);
  if (range.to !== undefined) q = q.where('trust_order.filled_at', '<=', range.to);
  q = q.orderBy('trust_order.filled_at').orderBy('trust_order.id');
  if (range.limit !== undefined) q = q.limit(range.limit);
  return q.execute();
}

/** 特定 解約 settled in [fromDate, toDate] (Tokyo dates). */
export async function specificTrustSales(db: Executor, userId: string, fromDate: string, toDate: string): Promise<TrustOrderRow[]> {
  return trustOrders(db)
    .where('trust_order.user_id', '=', userId)
    .where('trust_order.side', '=', 'sell')
    .where('trust_order.account_type', '=', 'specific')
    .where('trust_order.status', 'in', ['filled', 'paid'])
    .where('trust_order.settle_date', '>=', fromDate)
    .where('trust_order.settle_date', '<=', toDate)
    .orderBy('trust_order.filled_at')
    .execute();
}

/** The user's 特定 trade_close entries created in [from, to] (a window around the year; filtered by 受渡日 after). */
export async function specificCloses(db: Executor, userId: string, from: number, to: number): Promise<EntryRow[]> {
  return db
    .selectFrom('journal_entry')
    .select(ENTRY_COLUMNS)
    .where('journal_entry.user_id', '=', userId)
    .where('journal_entry.kind', '=', 'trade_close')
    .where('journal_entry.tax_account', '=', 'specific')
    .where('journal_entry.created_at', '>=', from)
    .where('journal_entry.created_at', '<=', to)
    .orderBy('journal_entry.created_at')
    .orderBy('journal_entry.id')
    .execute();
}
