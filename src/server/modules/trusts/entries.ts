/**
 * What the investment-trust strike, distributions and payouts share: their collaborators, how an
 * entry of the area is posted (with the account type it concerns, journal_entry.tax_account, as
 * trade's entries carry it), and the row of a reinvested distribution.
 */
import { uuidv7 } from 'uuidv7';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Ledger, Postings } from '../../ledger';
import type { MarketDataSource } from '../../market';
import type { IsoDate } from '../../../shared/market';
import { encodeMemo, type EntryKind, type Memo } from '../../../shared/domain/ledger-kinds';
import type { OrderRow } from './strike-repo';

export type Trx = Transaction<DB>;

/** What the strike, the distributions and the payouts use. `clock` is the market clock. */
export interface TrustStrikeCtx {
  database: Database;
  clock: Clock;
  ledger: Ledger;
  market: MarketDataSource;
}

/** One ledger entry of the area, carrying the account type it is about (journal_entry.tax_account). */
export async function postTrust(ledger: Ledger, trx: Trx, kind: EntryKind, o: { userId: string; refType: string; refId: string; account: string }, memo: Memo, p: Postings): Promise<void> {
  await ledger.post(trx, { kind, userId: o.userId, refType: o.refType, refId: o.refId, memo: encodeMemo(memo), postings: p.list, taxAccount: o.account });
}

/** A new order row for a reinvested distribution (distribution.ts): filled at once at the ex-distribution NAV. */
export function reinvestOrder(o: { userId: string; fundId: string; account: string; day: IsoDate; nav: number; units: number; net: number; now: number }): OrderRow {
  return {
    id: uuidv7(), user_id: o.userId, fund_id: o.fundId, side: 'buy', account_type: o.account, mode: 'amount', amount: o.net, units_asked: null, reserved: 0,
    nav_date: o.day, status: 'filled', source: 'reinvest', plan_id: null, ordered_at: o.now, nav: o.nav, units: o.units, value: o.net, fee: 0,
    retention: null, book_cost: o.net, principal: o.net, settle_date: null, tax: null, filled_at: o.now, paid_at: null, reason: null,
  };
}
