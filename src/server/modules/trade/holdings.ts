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
import type { Quote } from '../../market';
import type { TradeCtx } from './deps';
import { realizedOf, userIdsIn, userRowsIn, valuedRows, type PositionRow } from './repo';
import type { Holdings } from '../module';
import { heldNetPnl, QuoteCache, valueHeld } from './view';

type HoldingsView = z.infer<typeof holdingsView>;
type StockRow = HoldingsView['stocks'][number];

const HELD = ['in_progress', 'holding', 'closing'] as const;

/** Percent × 100 (basis points) of `part` over `whole`, rounded toward zero; 0 on a zero base. */
export function bpOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.trunc((part * 10_000) / whole);
}

/**
 * One row per stock of cash holdings: cost = Σ contract values (the cost basis; a split leaves it
 * unchanged), average cost = cost ÷ shares in price units, P/L net of fees and interest paid.
 */
export function aggregateStocks(rows: readonly PositionRow[], quoteOf: (r: PositionRow) => Quote | null, names: (code: string) => { nameJa: string; nameEn: string }): StockRow[] {
  const by = new Map<string, StockRow & { scale: number }>();
  for (const r of rows) {
    const q = quoteOf(r);
    const v = valueHeld(r, q);
    const cost = r.contract_value ?? 0;
    const value = v ? v.value : cost;
    const prevValue = q ? contractValue(q.prevClose, r.quantity, r.price_scale) : value;
    const row = by.get(r.code) ?? {
      code: r.code, ...names(r.code), shares: 0, cost: 0, averageCost: 0, priceScale: r.price_scale, price: q?.price ?? null,
      value: 0, pnl: 0, pnlBp: 0, dayChange: 0, dayChangeBp: q?.changeBp ?? 0, positions: 0, scale: r.price_scale,
    };
    row.shares += r.quantity;
    row.cost += cost;
    row.value += value;
    row.pnl += heldNetPnl(r, v ? v.pnl : 0);
    // Bought today: the day's change counts from the purchase, not from yesterday's close.
    row.dayChange += r.buy_time !== null && q && r.buy_time >= jstMs(q.tradingDate, 0) ? value - cost : value - prevValue;
    row.positions += 1;
    by.set(r.code, row);
  }
  return [...by.values()].map(({ scale, ...row }) => ({
    ...row,
    averageCost: row.shares === 0 ? 0 : Math.round((row.cost * scale) / row.shares),
    pnlBp: bpOf(row.pnl, row.cost),
  }));
}

export async function readHoldings(ctx: TradeCtx, userId: string): Promise<HoldingsView> {
  const now = ctx.clock.now();
  const rows = await userRowsIn(ctx.database.db, userId, HELD);
  const quotes = new QuoteCache(ctx.market, now);
  const names = (code: string) => {
    const i = ctx.market.instrument(code);
    return { nameJa: i?.nameJa ?? code, nameEn: i?.nameEn ?? code };
  };
  const cash = rows.filter((r) => r.direction === 'up' && r.leverage_x10 <= 10 && r.day_trade === 0);
  const stocks = aggregateStocks(cash, (r) => quotes.forRow(r), names);
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
