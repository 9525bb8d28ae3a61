/**
 * funds/history's SQL, every query bounded to the user: their ledger accounts in a currency, the
 * Σ of their postings per Tokyo day, the positions held in a range, and the money that came in or
 * went out through the house's flow accounts (docs/domain.md "Asset history").
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { HOUSE } from '../../ledger';
import { DAY_MS, JST_OFFSET_MS } from '../../../shared/market';
import type { HeldRow } from './history-rules';

export async function accountIdsIn(db: Executor, userId: string, currency: string): Promise<string[]> {
  return (await db.selectFrom('ledger_account').select('id').where('owner', '=', userId).where('currency', '=', currency).execute()).map((a) => a.id);
}

/** Σ postings of the accounts per Tokyo day: Japan has no daylight saving, so a day is (t + 9 h) ÷ 24 h in integers on both databases. */
export async function dailyDeltas(db: Executor, accounts: readonly string[]): Promise<{ day: number; amount: number }[]> {
  const dayOf = sql<number>`(journal_entry.created_at + ${sql.lit(JST_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  return (
    await db
      .selectFrom('posting')
      .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
      .select([dayOf.as('day'), (eb) => eb.fn.sum<number>('posting.amount').as('amount')])
      .where('posting.account_id', 'in', accounts)
      .groupBy(dayOf)
      .execute()
  ).map((r) => ({ day: Number(r.day), amount: Number(r.amount) }));
}

/** The user's positions bought before `lastEnd` and not sold before `firstEnd`. */
export async function heldBetween(db: Executor, userId: string, firstEnd: number, lastEnd: number): Promise<HeldRow[]> {
  return db
    .selectFrom('trade_position')
    .select(['code', 'direction', 'quantity', 'price_scale', 'contract_value', 'buy_time', 'sell_time', 'actions_through'])
    .where('user_id', '=', userId)
    .where('buy_time', 'is not', null)
    .where('buy_time', '<', lastEnd)
    .where((eb) => eb.or([eb('sell_time', 'is', null), eb('sell_time', '>=', firstEnd)]))
    .execute();
}

/**
 * Σ of what the house's `flowAccounts` posted in the entries, since `from`, that touch the user's
 * `accounts` (the caller reverses the sign).
 */
export async function housePostedSince(db: Executor, accounts: readonly string[], flowAccounts: readonly string[], currency: string, from: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select((eb) => eb.fn.sum<number>('posting.amount').as('amount'))
    .where('ledger_account.owner', '=', HOUSE)
    .where('ledger_account.kind', 'in', flowAccounts)
    .where('posting.currency', '=', currency)
    .where('posting.entry_id', 'in', (eb) =>
      eb
        .selectFrom('posting as mine')
        .innerJoin('journal_entry', 'journal_entry.id', 'mine.entry_id')
        .select('mine.entry_id')
        .where('mine.account_id', 'in', accounts)
        .where('journal_entry.created_at', '>=', from),
    )
    .executeTakeFirst();
  return row?.amount;
}
