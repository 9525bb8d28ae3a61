/**
 * 保有証券: the user's holdings as a Japanese broker shows them (docs/domain.md "Trading"): cash
 * holdings one row per stock (shares, average cost, value, P/L, the day's change), margin
 * positions (建玉) one row each, and totals. Pending orders are not holdings; a block purchase in its
 * lock is.
 */
import type { z } from 'zod';
import type { holdingsView } from '../../../shared/api/trade-holdings';
import { contractValue } from '../../../shared/domain/trade-money';
import { jstMs } from '../../../shared/market';
import type { Direction } from '../../../shared/domain/position';
import type { AccountType } from '../../../shared/domain/account-type';
import type { Quote } from '../../market';
import type { TradeCtx } from './deps';
import { liveStockLoansOf, realizedOf, userIdsIn, userRowsIn, valuedRows, type PositionRow } from './repo';
import type { Holdings } from '../module';
import { heldNetPnl, QuoteCache, valueHeld } from './view';
import { averageUnitCost, bookOf } from './book-cost-rules';

type HoldingsView = z.infer<typeof holdingsView>;
type StockRow = HoldingsView['stocks'][number];

const HELD = ['in_progress', 'holding', 'closing'] as const;

/** Percent × 100 (basis points) of `part` over `whole`, rounded toward zero; 0 on a zero base. */
export function bpOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.trunc((part * 10_000) / whole);
}

/** The key of a 保有証券 row: a stock in one account (特定 and NISA holdings of a stock are apart). */
export const holdingKey = (r: Pick<PositionRow, 'code' | 'account_type'>) => `${r.code}\u0000${r.account_type}`;

/**
 * One row per stock and account of cash holdings: cost = the 取得価額 (Σ book costs, buy fees included, by
 * 総平均法: book-cost-rules.ts; a split leaves it unchanged), average cost (平均取得単価) = cost ÷
 * shares in price units rounded up as a sale's 取得費 is, P/L = value − cost (net of fees paid).
 */
export function aggregateStocks(rows: readonly PositionRow[], quoteOf: (r: PositionRow) => Quote | null, names: (code: string) => { nameJa: string; nameEn: string }): StockRow[] {
  const by = new Map<string, StockRow & { scale: number }>();
  for (const r of rows) {
    const q = quoteOf(r);
    const v = valueHeld(r, q);
    const paid = r.contract_value ?? 0;
    const cost = bookOf(r);
    const value = v ? v.value : paid;
    const prevValue = q ? contractValue(q.prevClose, r.quantity, r.price_scale) : value;
    const key = holdingKey(r);
    const row = by.get(key) ?? {
      code: r.code, ...names(r.code), account: r.account_type as AccountType, shares: 0, cost: 0, averageCost: 0, priceScale: r.price_scale, price: q?.price ?? null,
      value: 0, pnl: 0, pnlBp: 0, dayChange: 0, dayChangeBp: q?.changeBp ?? 0, priceChange: q?.change ?? 0, lentShares: 0, lentReturnsOn: null, positions: 0, scale: r.price_scale,
    };
    row.shares += r.quantity;
    row.cost += cost;
    row.value += value;
    row.pnl += heldNetPnl(r, v ? v.pnl : 0);
    // Bought today: the day's change counts from the purchase, not from yesterday's close.
    row.dayChange += r.buy_time !== null && q && r.buy_time >= jstMs(q.tradingDate, 0) ? value - paid : value - prevValue;
    row.positions += 1;
    by.set(key, row);
  }
  return [...by.values()].map(({ scale, ...row }) => ({
    ...row,
    averageCost: averageUnitCost(row.cost, row.shares, scale),
    pnlBp: bpOf(row.pnl, row.cost),
  }));
}

/** A live stock loan of one position: lent (`borrowing`) or coming back on `completes_on` (`recalling`). */
export interface LiveLoan {
  position_id: string;
  status: string;
  completes_on: string | null;
}

/**
 * What of each holding (stock and account, holdingKey) is lent (貸株): the shares, and the day the last recall completes when every
 * lent position is being recalled (null while one is still lent without a recall).
 */
export function lentByCode(rows: readonly PositionRow[], loans: readonly LiveLoan[]): Map<string, { shares: number; returnsOn: string | null }> {
  const byPosition = new Map(loans.map((l) => [l.position_id, l]));
  const out = new Map<string, { shares: number; returnsOn: string | null; open: boolean }>();
  for (const r of rows) {
    const loan = byPosition.get(r.id);
    if (!loan) continue;
    const cur = out.get(holdingKey(r)) ?? { shares: 0, returnsOn: null, open: false };
    cur.shares += r.quantity;
    if (loan.status === 'recalling' && loan.completes_on) cur.returnsOn = !cur.returnsOn || loan.completes_on > cur.returnsOn ? loan.completes_on : cur.returnsOn;
    else cur.open = true;
    out.set(holdingKey(r), cur);
  }
  return new Map([...out].map(([code, v]) => [code, { shares: v.shares, returnsOn: v.open ? null : v.returnsOn }]));
}

export async function readHoldings(ctx: TradeCtx, userId: string): Promise<HoldingsView> {
  const now = ctx.clock.now();
  const [rows, loans] = await Promise.all([userRowsIn(ctx.database.db, userId, HELD), liveStockLoansOf(ctx.database.db, userId)]);
  const quotes = new QuoteCache(ctx.market, now);
  const names = (code: string) => {
    const i = ctx.market.instrument(code);
    return { nameJa: i?.nameJa ?? code, nameEn: i?.nameEn ?? code };
  };
  const cash = rows.filter((r) => r.direction === 'up' && r.leverage_x10 <= 10 && r.day_trade === 0);
  const lent = lentByCode(cash, loans);
  const stocks = aggregateStocks(cash, (r) => quotes.forRow(r), names).map((s) => {
    const l = lent.get(holdingKey({ code: s.code, account_type: s.account }));
    return l ? { ...s, lentShares: l.shares, lentReturnsOn: l.returnsOn } : s;
  });
  const margin = rows
    .filter((r) => !cash.includes(r))
    .map((r) => {
      const v = valueHeld(r, quotes.forRow(r));
      return {
        id: r.id, code: r.code, ...names(r.code), direction: r.direction as Direction, leverage: r.leverage_x10 / 10, dayTrade: r.day_trade === 1,
        shares: r.quantity, cost: r.contract_value ?? 0, entryPrice: r.buy_price, priceScale: r.price_scale, price: v?.price ?? null,
        value: v ? v.value : (r.contract_value ?? 0), pnl: heldNetPnl(r, v ? v.pnl : 0), maintenanceRatioBp: v ? v.ratioBp : null,
      };
    });
  const sum = (xs: readonly { value: number; pnl: number }[]) => xs.reduce((a, x) => ({ value: a.value + x.value, pnl: a.pnl + x.pnl }), { value: 0, pnl: 0 });
  const s = sum(stocks);
  const m = sum(margin);
  return {
    asOf: now,
    totals: { value: s.value, pnl: s.pnl + m.pnl, dayChange: stocks.reduce((a, x) => a + x.dayChange, 0), marginValue: m.value },
    stocks,
    margin,
  };
}

/**
 * What trading adds to `funds/summary`: the live value of what is held and the net result of what
 * was closed. Reads only the user's open rows (by the (user_id, status, id) index) and the running
 * realized total the closes keep (docs/decisions/019-flat-with-data.md), so its cost does not grow
 * with the user's history.
 */
export async function fundsHoldings(ctx: TradeCtx, userId: string, now: number): Promise<Holdings> {
  const db = ctx.database.db;
  const [ids, realizedPnl] = await Promise.all([userIdsIn(db, userId, HELD), realizedOf(db, userId)]);
  const rows = await valuedRows(db, ids);
  const quotes = new QuoteCache(ctx.market, now);
  const out: Holdings = { marketValue: 0, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl };
  for (const r of rows) {
    // Without a price the position counts at its principal (no price P/L), never at a guess; what
    // it has cost so far (fee, interest) is known either way, so the net P/L still subtracts it.
    const v = valueHeld(r, quotes.forRow(r));
    const gross = v ? v.pnl : 0;
    out.marketValue += v ? v.value : (r.contract_value ?? 0);
    out.unrealizedGrossPnl += gross;
    out.unrealizedPnl += heldNetPnl(r, gross);
  }
  return out;
}
