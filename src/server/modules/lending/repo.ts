import { uuidv7 } from 'uuidv7';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { LendingEventTable, LendingLoanTable, LendingStockTable } from '../../db/schema';
import type { Capabilities } from '../../db/capabilities';
import type { LendingEventKind } from '../../../shared/api/lending';

/** Kysely queries of the lending tables (migration 2026-11-25-010-lending); every function takes the pool or a transaction. */

/** Rows as the tables hold them (src/server/db/schema.ts); numbers come back as numbers (see `loan`, `stockLoan`). */
export type LoanRow = Selectable<LendingLoanTable>;
export type StockLoanRow = Selectable<LendingStockTable>;
export type EventRow = Selectable<LendingEventTable>;

const n = (v: unknown) => Number(v);
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function loan(r: LoanRow): LoanRow {
  return {
    ...r, amount: n(r.amount), principal: n(r.principal), interest: n(r.interest), interest_charged: n(r.interest_charged),
    accrual_units: n(r.accrual_units), repaid: n(r.repaid), rate_bp: n(r.rate_bp), created_at: n(r.created_at), repaid_at: nn(r.repaid_at),
  };
}

function stock(r: StockLoanRow): StockLoanRow {
  return {
    ...r, shares: n(r.shares), rate_bp: n(r.rate_bp), fee_paid: n(r.fee_paid), accrual_units: n(r.accrual_units),
    created_at: n(r.created_at), recalled_at: nn(r.recalled_at), completed_at: nn(r.completed_at),
  };
}

function event(r: EventRow): EventRow {
  return { ...r, amount: n(r.amount), at: n(r.at), shares: nn(r.shares), ltv_bp: nn(r.ltv_bp) };
}

export async function insertLoan(db: Executor, row: LoanRow): Promise<void> {
  await db.insertInto('lending_loan').values(row).execute();
}

export async function loansOf(db: Executor, userId: string, limit = 100): Promise<LoanRow[]> {
  const rows = await db.selectFrom('lending_loan').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(loan);
}

/** Loans still owed, oldest first (a forced repayment goes to the oldest first). */
export async function openLoans(db: Executor, userId: string): Promise<LoanRow[]> {
  const rows = await db.selectFrom('lending_loan').selectAll().where('user_id', '=', userId).where('status', '=', 'borrowed').orderBy('id').execute();
  return rows.map(loan);
}

export async function findLoan(db: Executor, userId: string, id: string): Promise<LoanRow | undefined> {
  const r = await db.selectFrom('lending_loan').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return r ? loan(r) : undefined;
}

export async function updateLoan(db: Executor, id: string, set: Partial<LoanRow>): Promise<void> {
  await db.updateTable('lending_loan').set(set).where('id', '=', id).execute();
}

/** Users with a loan whose interest has not been brought up to `today`. */
export async function usersWithInterestDue(db: Executor, today: string): Promise<string[]> {
  const rows = await db.selectFrom('lending_loan').select('user_id').distinct().where('status', '=', 'borrowed').where('accrued_through', '<', today).execute();
  return rows.map((r) => r.user_id);
}

export async function borrowers(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('lending_loan').select('user_id').distinct().where('status', '=', 'borrowed').execute();
  return rows.map((r) => r.user_id);
}

export async function loansByStatus(db: Executor, status: string, limit: number): Promise<(LoanRow & { phone: string })[]> {
  const rows = await db
    .selectFrom('lending_loan')
    .innerJoin('users', 'users.id', 'lending_loan.user_id')
    .selectAll('lending_loan')
    .select('users.phone')
    .where('lending_loan.status', '=', status)
    .orderBy('lending_loan.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...loan(r), phone: r.phone }));
}

export async function loanTotals(db: Executor): Promise<{ principal: number; interest: number; lentPositions: number }> {
  const l = await db
    .selectFrom('lending_loan')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('principal'), eb.lit(0)).as('principal'), eb.fn.coalesce(eb.fn.sum<number>('interest'), eb.lit(0)).as('interest')])
    .where('status', '=', 'borrowed')
    .executeTakeFirst();
  const s = await db.selectFrom('lending_stock').select((eb) => eb.fn.countAll<number>().as('c')).where('status', '!=', 'completed').executeTakeFirst();
  return { principal: n(l?.principal ?? 0), interest: n(l?.interest ?? 0), lentPositions: n(s?.c ?? 0) };
}

export async function countRepaid(db: Executor, userId: string): Promise<number> {
  const r = await db.selectFrom('lending_loan').select((eb) => eb.fn.countAll<number>().as('c')).where('user_id', '=', userId).where('status', '=', 'repaid').executeTakeFirst();
  return n(r?.c ?? 0);
}

export async function countForcedSales(db: Executor, userId: string): Promise<number> {
  const r = await db.selectFrom('lending_event').select((eb) => eb.fn.countAll<number>().as('c')).where('user_id', '=', userId).where('kind', '=', 'loan_forced_sale').executeTakeFirst();
  return n(r?.c ?? 0);
}

// --- stock lending ---

export async function insertStockLoan(db: Executor, row: StockLoanRow): Promise<void> {
  await db.insertInto('lending_stock').values(row).execute();
}

export async function stockLoansOf(db: Executor, userId: string, limit = 100): Promise<StockLoanRow[]> {
  const rows = await db.selectFrom('lending_stock').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(stock);
}

export async function findStockLoan(db: Executor, userId: string, id: string, caps?: Capabilities): Promise<StockLoanRow | undefined> {
  let q = db.selectFrom('lending_stock').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (caps?.rowLocks) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? stock(r) : undefined;
}

/** The stock loan in force on a position (borrowing or recalling), if any; locked when `caps` can. */
export async function liveStockLoanOf(db: Executor, positionId: string, caps?: Capabilities): Promise<StockLoanRow | undefined> {
  let q = db.selectFrom('lending_stock').selectAll().where('position_id', '=', positionId).where('status', 'in', ['borrowing', 'recalling']);
  if (caps?.rowLocks) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? stock(r) : undefined;
}

/** Position ids of the user's shares lent now (not pledged as loan collateral while out). */
export async function lentPositionIds(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('lending_stock').select('position_id').where('user_id', '=', userId).where('status', 'in', ['borrowing', 'recalling']).execute();
  return new Set(rows.map((r) => r.position_id));
}

export async function updateStockLoan(db: Executor, id: string, set: Partial<StockLoanRow>): Promise<void> {
  await db.updateTable('lending_stock').set(set).where('id', '=', id).execute();
}

/** Stock loans whose fee is not brought up to `today`, or whose recall completes by it. */
export async function stockLoansDue(db: Executor, today: string): Promise<{ id: string; user_id: string }[]> {
  return db
    .selectFrom('lending_stock')
    .select(['id', 'user_id'])
    .where('status', 'in', ['borrowing', 'recalling'])
    .where((eb) => eb.or([eb('accrued_through', '<', today), eb('completes_on', '<=', today)]))
    .orderBy('id')
    .execute();
}

// --- records ---

export async function addEvent(
  db: Executor,
  e: { userId: string; refId: string; kind: LendingEventKind; amount: number; date: string; at: number; code?: string | null; shares?: number | null; ltvBp?: number | null },
): Promise<void> {
  await db
    .insertInto('lending_event')
    .values({ id: uuidv7(), user_id: e.userId, ref_id: e.refId, kind: e.kind, amount: e.amount, date: e.date, at: e.at, code: e.code ?? null, shares: e.shares ?? null, ltv_bp: e.ltvBp ?? null })
    .execute();
}

export async function eventsOf(db: Executor, userId: string, kinds: readonly LendingEventKind[], limit = 200): Promise<EventRow[]> {
  const rows = await db.selectFrom('lending_event').selectAll().where('user_id', '=', userId).where('kind', 'in', kinds).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(event);
}

// --- LTV state (a warning journaled once per crossing) ---

export async function ltvStateOf(db: Executor, userId: string): Promise<string> {
  const r = await db.selectFrom('lending_ltv_state').select('state').where('user_id', '=', userId).executeTakeFirst();
  return r?.state ?? 'ok';
}

export async function setLtvState(db: Executor, userId: string, state: string, ltvBp: number, at: number): Promise<void> {
  const done = await db.updateTable('lending_ltv_state').set({ state, ltv_bp: ltvBp, updated_at: at }).where('user_id', '=', userId).executeTakeFirst();
  if (done.numUpdatedRows === 0n) await db.insertInto('lending_ltv_state').values({ user_id: userId, state, ltv_bp: ltvBp, updated_at: at }).execute();
}

// --- reads of other areas' tables the rules need (read-only) ---

export interface HeldRow {
  id: string;
  code: string;
  quantity: number;
  price_scale: number;
  status: string;
}

/** The user's own position `positionId` (any status), locked for the transaction when `caps` can; else undefined. */
export async function lockOwnPosition(db: Executor, caps: Capabilities, userId: string, positionId: string) {
  let q = db.selectFrom('trade_position').selectAll().where('id', '=', positionId).where('user_id', '=', userId);
  if (caps.rowLocks) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The user's held cash positions (1× long, not a day trade): what may be pledged or lent. */
export async function heldCashPositions(db: Executor, userId: string): Promise<HeldRow[]> {
  const rows = await db
    .selectFrom('trade_position')
    .select(['id', 'code', 'quantity', 'price_scale', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['holding', 'in_progress'])
    .where('direction', '=', 'up')
    .where('leverage_x10', '<=', 10)
    .where('day_trade', '=', 0)
    .where('buy_time', 'is not', null)
    // Sorted below, not in SQL: ORDER BY id would lead SQLite to walk every row of the user by
    // (user_id, id) instead of the held ones by (user_id, status, id) (docs/decisions/019-flat-with-data.md).
    .execute();
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map((r) => ({ ...r, quantity: n(r.quantity), price_scale: n(r.price_scale) }));
}

/** Filled trades (opens and closes) of the user so far: the trading-history factor. */
export async function tradeCount(db: Executor, userId: string): Promise<number> {
  const r = await db
    .selectFrom('journal_entry')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('user_id', '=', userId)
    .where('kind', 'in', ['trade_open', 'trade_close'])
    .executeTakeFirst();
  return n(r?.c ?? 0);
}

export async function registeredAt(db: Executor, userId: string): Promise<number> {
  const r = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return n(r?.created_at ?? 0);
}

export async function phoneOf(db: Executor, userId: string): Promise<string> {
  const r = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return r?.phone ?? '';
}

/**
 * 配当金相当額 paid on lent shares: posted by the trading area's dividend step (it knows the ex-date),
 * read here as records lines of stock lending (the user's side of each entry).
 */
export async function dividendSubstitutes(db: Executor, userId: string): Promise<EventRow[]> {
  const rows = await db
    .selectFrom('journal_entry')
    .innerJoin('posting', 'posting.entry_id', 'journal_entry.id')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['journal_entry.id', 'journal_entry.memo', 'journal_entry.created_at', 'journal_entry.ref_id', (eb) => eb.fn.sum<number>('posting.amount').as('amount')])
    .where('journal_entry.user_id', '=', userId)
    .where('journal_entry.kind', '=', 'dividend_substitute')
    .where('ledger_account.owner', '=', userId)
    .groupBy(['journal_entry.id', 'journal_entry.memo', 'journal_entry.created_at', 'journal_entry.ref_id'])
    .execute();
  return rows.map((r) => {
    let params: { code?: string; shares?: number; exDate?: string } = {};
    try {
      params = (JSON.parse(r.memo) as { params?: typeof params }).params ?? {};
    } catch {
      // an unreadable memo keeps the line without its stock
    }
    return {
      id: r.id, user_id: userId, ref_id: r.ref_id ?? '', kind: 'stock_dividend', amount: n(r.amount), date: params.exDate ?? '',
      at: n(r.created_at), code: params.code ?? null, shares: params.shares ?? null, ltv_bp: null,
    };
  });
}
