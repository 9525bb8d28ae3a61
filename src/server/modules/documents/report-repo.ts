/**
 * The SQL of the reports' facts (docs/domain.md "Documents and exports"): a user's balances at an
 * instant from the postings, the positions and fund units held then, the last NAV by then, the
 * dividends paid, the approved KYC name, and the users a quarterly or annual report is due to.
 * Read only, other areas' tables by name (docs/decisions/022).
 */
import type { Executor } from '../../db/executor';
import type { EntryRow } from './executions-repo';

/** The name of the user's latest approved KYC submission. */
export async function approvedName(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('kyc_submission')
    .select('name')
    .where('user_id', '=', userId)
    .where('review_status', '=', 'approved')
    .orderBy('reviewed_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Σ postings per currency and kind of the user's accounts, in entries created at or before `asOf`. */
export async function balancesAt(db: Executor, userId: string, kinds: readonly string[], asOf: number): Promise<{ currency: string; kind: string; amount: number }[]> {
  const rows = await db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
    .select(['ledger_account.currency', 'ledger_account.kind', (eb) => eb.fn.sum<number | string>('posting.amount').as('amount')])
    .where('ledger_account.owner', '=', userId)
    .where('ledger_account.kind', 'in', kinds)
    .where('journal_entry.created_at', '<=', asOf)
    .groupBy(['ledger_account.currency', 'ledger_account.kind'])
    .execute();
  return rows.map((r) => ({ currency: r.currency, kind: r.kind, amount: Number(r.amount) }));
}

/** The user's positions filled at or before `asOf` and not closed by then. */
export async function positionsOpenAt(db: Executor, userId: string, asOf: number) {
  return db
    .selectFrom('trade_position')
    .select(['id', 'code', 'direction', 'leverage_x10', 'account_type', 'quantity', 'price_scale', 'buy_time', 'buy_price', 'contract_value'])
    .where('user_id', '=', userId)
    .where('buy_time', 'is not', null)
    .where('buy_time', '<=', asOf)
    .where((eb) => eb.or([eb('sell_time', 'is', null), eb('sell_time', '>', asOf)]))
    .orderBy('buy_time')
    .orderBy('id')
    .execute();
}

/** Units of filled trust orders by `asOf` per fund, account and side. */
export async function trustUnitsAt(db: Executor, userId: string, asOf: number) {
  const rows = await db
    .selectFrom('trust_order')
    .innerJoin('trust_fund', 'trust_fund.id', 'trust_order.fund_id')
    .select(['trust_order.fund_id', 'trust_fund.code', 'trust_fund.name_ja', 'trust_order.account_type', 'trust_order.side', (eb) => eb.fn.sum<number | string>('trust_order.units').as('units')])
    .where('trust_order.user_id', '=', userId)
    .where('trust_order.status', 'in', ['filled', 'paid'])
    .where('trust_order.filled_at', '<=', asOf)
    .groupBy(['trust_order.fund_id', 'trust_fund.code', 'trust_fund.name_ja', 'trust_order.account_type', 'trust_order.side'])
    .execute();
  return rows.map((r) => ({ ...r, units: Number(r.units ?? 0) }));
}

/** The fund's last NAV struck at or before `asOf`. */
export async function lastNavAt(db: Executor, fundId: string, asOf: number): Promise<{ nav: number; date: string } | null> {
  const row = await db
    .selectFrom('trust_nav')
    .select(['nav', 'date'])
    .where('fund_id', '=', fundId)
    .where('struck_at', '<=', asOf)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { nav: Number(row.nav), date: row.date } : null;
}

/** The user's entries of these kinds created in [from, to], oldest first. */
export async function entriesOfKinds(db: Executor, userId: string, kinds: readonly string[], range: { from?: number; to?: number; account?: string }): Promise<EntryRow[]> {
  let q = db
    .selectFrom('journal_entry')
    .select(['id', 'kind', 'user_id', 'ref_type', 'ref_id', 'memo', 'created_at', 'tax_account'])
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds);
  if (range.from !== undefined) q = q.where('created_at', '>=', range.from);
  if (range.to !== undefined) q = q.where('created_at', '<=', range.to);
  if (range.account !== undefined) q = q.where('tax_account', '=', range.account);
  return q.orderBy('created_at').orderBy('id').execute();
}

/** Users with a ledger entry created in [from, to]. */
export async function usersWithEntries(db: Executor, from: number, to: number): Promise<string[]> {
  const rows = await db
    .selectFrom('journal_entry')
    .select('user_id')
    .distinct()
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((r) => r.user_id!);
}

/** Users with a position filled by `at` and not closed then. */
export async function usersWithPositionsAt(db: Executor, at: number): Promise<string[]> {
  const rows = await db
    .selectFrom('trade_position')
    .select('user_id')
    .distinct()
    .where('buy_time', 'is not', null)
    .where('buy_time', '<=', at)
    .where((eb) => eb.or([eb('sell_time', 'is', null), eb('sell_time', '>', at)]))
    .execute();
  return rows.map((r) => r.user_id);
}

/** Per user, fund and account: units bought less units sold in orders filled by `at`. */
export async function trustUnitsByUserAt(db: Executor, at: number) {
  const rows = await db
    .selectFrom('trust_order')
    .select(['user_id', 'fund_id', 'account_type', 'side', (eb) => eb.fn.sum<number | string>('units').as('units')])
    .where('status', 'in', ['filled', 'paid'])
    .where('filled_at', '<=', at)
    .groupBy(['user_id', 'fund_id', 'account_type', 'side'])
    .execute();
  return rows.map((r) => ({ ...r, units: Number(r.units ?? 0) }));
}

/** Users whose 特定 account netted a gain or loss in the year (every sale settled in it: trade/tax.ts netYearTax). */
export async function usersWithSpecificSales(db: Executor, year: number): Promise<string[]> {
  const rows = await db.selectFrom('trade_tax_year_account').select('user_id').distinct().where('year', '=', year).where('account', '=', 'specific').execute();
  return rows.map((r) => r.user_id);
}

/** Users paid a dividend or ordinary distribution into 特定 in [from, to]. */
export async function usersWithSpecificDividends(db: Executor, from: number, to: number): Promise<string[]> {
  const rows = await db
    .selectFrom('journal_entry')
    .select('user_id')
    .distinct()
    .where('kind', 'in', ['dividend', 'trust_distribution'])
    .where('tax_account', '=', 'specific')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((r) => r.user_id!);
}
