/**
 * Kysely reads of `trust_holding` for the customer's use cases (a 解約's units, the holdings list,
 * funds/summary); the strike and the payouts write it (strike-repo.ts, payout-repo.ts).
 */
import type { Executor } from '../../db/executor';
import type { TrustHoldingTable } from './tables';
import './tables';

export type HoldingRow = TrustHoldingTable;

export function findHolding(db: Executor, userId: string, fundId: string, account: string): Promise<HoldingRow | undefined> {
  return db.selectFrom('trust_holding').selectAll().where('user_id', '=', userId).where('fund_id', '=', fundId).where('account_type', '=', account).executeTakeFirst();
}

/** The user's holdings with units, with their fund's last NAV, names and code. */
export function holdingsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('trust_holding as h')
    .innerJoin('trust_fund as f', 'f.id', 'h.fund_id')
    .select(['h.fund_id', 'h.account_type', 'h.units', 'h.principal', 'h.book_cost', 'f.code', 'f.name_ja', 'f.name_en', 'f.name_zh', 'f.name_ko', 'f.last_nav', 'f.last_date'])
    .where('h.user_id', '=', userId)
    .where('h.units', '>', 0)
    .orderBy('f.code')
    .orderBy('h.account_type')
    .execute();
}

/** The units the user holds now per fund, every account together (past days' values start from these). */
export function unitsPerFund(db: Executor, userId: string) {
  return db
    .selectFrom('trust_holding')
    .select(['fund_id'])
    .select((eb) => eb.fn.sum<number>('units').as('units'))
    .where('user_id', '=', userId)
    .groupBy('fund_id')
    .execute();
}
