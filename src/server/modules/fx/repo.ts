import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, FxQuoteTable } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { DAY_MS, JST_OFFSET_MS } from '../../../shared/market';
import type { Capabilities } from '../../db/capabilities';
import type { FxQuote } from '../../../shared/api/fx';
import type { Currency } from '../../../shared/money';

export type FxQuoteRow = Selectable<FxQuoteTable>;

export async function insertQuote(db: Kysely<DB>, row: FxQuoteRow): Promise<void> {
  await db.insertInto('fx_quote').values(row).execute();
}

/** The quote, locked for the exchange where the database has row locks. */
export async function findQuote(db: Kysely<DB>, id: string, caps: Capabilities): Promise<FxQuoteRow | undefined> {
  let q = db.selectFrom('fx_quote').selectAll().where('id', '=', id);
  if (caps.rowLocks) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/** Marks the quote used by `entryId`; false when it already was. */
export async function markUsed(db: Kysely<DB>, id: string, now: number, entryId: string): Promise<boolean> {
  const r = await db
    .updateTable('fx_quote')
    .set({ used_at: now, entry_id: entryId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** bigint columns arrive as strings from some drivers: numbers here, once. */
function normalise(row: FxQuoteRow): FxQuoteRow {
  const n = (v: unknown) => (v === null ? null : Number(v));
  return {
    ...row,
    amount: Number(row.amount), amount_out: Number(row.amount_out), mid_amount_out: Number(row.mid_amount_out),
    spread_bp: Number(row.spread_bp), rate: Number(row.rate), mid_rate: Number(row.mid_rate),
    created_at: Number(row.created_at), valid_until: Number(row.valid_until), used_at: n(row.used_at) as number | null,
  };
}

export function toView(row: FxQuoteRow): FxQuote {
  return {
    quoteId: row.id, from: row.from_currency as Currency, to: row.to_currency as Currency, amount: row.amount,
    amountOut: row.amount_out, midAmountOut: row.mid_amount_out, spreadAmount: row.mid_amount_out - row.amount_out,
    spreadBp: row.spread_bp, rate: row.rate, midRate: row.mid_rate, createdAt: row.created_at, validUntil: row.valid_until,
  };
}

/** The user's ledger accounts in currencies other than `home`. */
export async function foreignAccounts(db: Executor, userId: string, home: string): Promise<{ id: string; currency: string }[]> {
  return db.selectFrom('ledger_account').select(['id', 'currency']).where('owner', '=', userId).where('currency', '!=', home).execute();
}

/** Σ postings of the accounts per currency and Tokyo day ((t + 9 h) ÷ 24 h in integers: Japan has no daylight saving). */
export async function dailyDeltasByCurrency(db: Executor, accountIds: readonly string[]) {
  const dayOf = sql<number>`(journal_entry.created_at + ${sql.lit(JST_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  return db
    .selectFrom('posting')
    .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
    .select(['posting.currency', dayOf.as('day'), (eb) => eb.fn.sum<number>('posting.amount').as('amount')])
    .where('posting.account_id', 'in', accountIds)
    .groupBy(['posting.currency', dayOf])
    .execute();
}
