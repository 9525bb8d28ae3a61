/**
 * A position as the user sees it (docs/product.md "Entities and fields"), valued at the live quote while held. The same
 * valuation (last price) feeds the funds summary and the maintenance check, so the three agree.
 */
import type { AccountType } from '../../../shared/domain/account-type';
import { jstDate } from '../../../shared/market';
import { leverageFromTenths, tPlusNApplies, type BusinessType, type CloseReason, type Direction, type PositionStatus, type PriceType } from '../../../shared/domain/position';
import { contractValue, maintenanceRatioBp, pnlFromCost } from '../../../shared/domain/trade-money';
import { ownCost } from './book-cost-rules';
import type { PositionView } from '../../../shared/api/trade';
import type { MarketDataSource, Quote } from '../../market';
import type { AlertRow, PositionRow } from './repo';

/** Quotes for one response, fetched once per code; null when no price is available. */
export class QuoteCache {
  private readonly cache = new Map<string, Quote | null>();
  constructor(
    readonly market: MarketDataSource,
    readonly now: number,
  ) {}

  /**
   * The quote to value `row` at. Between a split's ex-date midnight and the open the quote still
   * shows the last trading day's (unsplit) price while the row already holds the split shares, so
   * the price is divided by the splits the row reflects and the quote's day does not
   * (docs/decisions/009-trading-money-conventions.md).
   */
  forRow(row: Pick<PositionRow, 'code' | 'actions_through'>): Quote | null {
    const q = this.get(row.code);
    if (!q || row.actions_through === null || row.actions_through <= q.tradingDate) return q;
    let ratio = 1;
    for (const a of this.market.corporateActions(row.code)) {
      if (a.kind === 'split' && a.exDate > q.tradingDate && a.exDate <= row.actions_through) ratio *= a.ratio;
    }
    return ratio === 1 ? q : { ...q, price: Math.max(1, Math.round(q.price / ratio)) };
  }

  get(code: string): Quote | null {
    if (!this.cache.has(code)) {
      let q: Quote | null = null;
      try {
        q = this.market.quote(code, this.now);
      } catch {
        q = null; // unknown or outside the simulated horizon: shown without a live price
      }
      this.cache.set(code, q);
    }
    return this.cache.get(code)!;
  }
}

export interface Valuation {
  price: number;
  value: number;
  pnl: number;
  ratioBp: number;
}

/** Live value of a held position at the last price, or null without a quote. */
export function valueHeld(row: Pick<PositionRow, 'buy_price' | 'contract_value' | 'quantity' | 'price_scale' | 'direction' | 'principal'>, q: Quote | null): Valuation | null {
  if (!q || row.buy_price === null || row.contract_value === null) return null;
  const value = contractValue(q.price, row.quantity, row.price_scale);
  // From the cost, so a split (shares × r, price ÷ r) leaves P/L and the maintenance ratio unchanged.
  const pnl = pnlFromCost(row.direction as Direction, row.contract_value, q.price, row.quantity, row.price_scale);
  return { price: q.price, value, pnl, ratioBp: maintenanceRatioBp(row.principal, pnl, value) };
}

/**
 * The P/L the user sees for a held position (評価損益): the price difference less what holding it
 * has already cost — the opening fee and the interest (or borrow fee) charged so far. The closing
 * fee is left out: it is not paid yet and depends on the closing price; it comes off at the close.
 */
export function heldNetPnl(row: Pick<PositionRow, 'open_fee' | 'interest' | 'contract_value' | 'book_cost'>, grossPnl: number): number {
  return grossPnl - row.open_fee - row.interest + costShift(row);
}

/**
 * What 総平均法 moved onto (−) or off (+) a cash row's cost: its own purchase cost less its share of
 * the 取得価額 (book-cost-rules.ts). The P/L shown and the gain taxed are from the 取得価額; 0 on
 * margin rows and on rows no sale has re-averaged.
 */
export function costShift(row: Pick<PositionRow, 'open_fee' | 'contract_value' | 'book_cost'>): number {
  return row.book_cost === null ? 0 : ownCost(row) - row.book_cost;
}

const HELD = new Set(['in_progress', 'holding', 'closing']);

export function positionView(row: PositionRow, alerts: AlertRow[], quotes: QuoteCache): PositionView {
  const inst = quotes.market.instrument(row.code);
  const today = jstDate(quotes.now);
  const held = HELD.has(row.status);
  const live = held ? valueHeld(row, quotes.forRow(row)) : null;
  const done = row.status === 'closed' || row.status === 'ended';
  const fees = row.open_fee + row.close_fee;
  let marketPrice: number | null = null;
  let pnl: number | null = null;
  let netPnl: number | null = null;
  if (live) {
    marketPrice = live.price;
    pnl = live.pnl + costShift(row);
    netPnl = heldNetPnl(row, live.pnl);
  } else if (done) {
    marketPrice = row.sell_price;
    pnl = row.pnl === null ? null : row.pnl + costShift(row);
    netPnl = (row.pnl ?? 0) - fees - row.interest - row.tax + costShift(row);
  } else if (row.status === 'pending') {
    marketPrice = quotes.get(row.code)?.price ?? null;
  }
  const tPlusN = tPlusNApplies({ dayTrade: row.day_trade === 1, leverageX10: row.leverage_x10, direction: row.direction });
  const sellable = !tPlusN || (row.sellable_from !== null && today >= row.sellable_from);
  const unlocked = row.locked_until === null || today >= row.locked_until;
  return {
    id: row.id,
    orderNo: row.id,
    code: row.code,
    name: inst?.nameJa ?? row.code,
    nameEn: inst?.nameEn ?? row.code,
    businessType: row.business_type as BusinessType,
    account: row.account_type as AccountType,
    direction: row.direction as Direction,
    priceType: row.price_type as PriceType,
    status: row.status as PositionStatus,
    currency: row.currency,
    priceScale: row.price_scale,
    lots: row.lots,
    quantity: row.quantity,
    leverage: leverageFromTenths(row.leverage_x10),
    limitPrice: row.limit_price,
    placedAt: row.placed_at,
    buyTime: row.buy_time,
    buyPrice: row.buy_price,
    sellTime: row.sell_time,
    sellPrice: row.sell_price,
    contractValue: row.contract_value,
    principal: row.principal,
    reserved: row.reserved,
    marketPrice,
    marketValue: live ? live.value : done && row.sell_price !== null ? contractValue(row.sell_price, row.quantity, row.price_scale) : null,
    openFee: row.open_fee,
    closeFee: row.close_fee,
    fee: fees,
    interest: row.interest,
    tax: row.tax,
    pnl,
    netPnl,
    dayTrade: row.day_trade === 1,
    autoCloseAt: row.auto_close_at,
    sellableFrom: row.sellable_from,
    lockedUntil: row.locked_until,
    closeType: row.close_type as PriceType | null,
    closeLimitPrice: row.close_limit_price,
    trigger: row.trigger_price,
    triggeredAt: row.triggered_at,
    closeTrigger: row.close_trigger_price,
    closeTriggeredAt: row.close_triggered_at,
    closeStop: row.close_stop_price,
    condition: row.exec_condition as PositionView['condition'],
    thenClose: row.then_close === null ? null : (JSON.parse(row.then_close) as PositionView['thenClose']),
    expiresAt: row.status === 'pending' ? row.expires_at : null,
    closeExpiresAt: row.status === 'closing' ? row.close_expires_at : null,
    closeReason: row.close_reason as CloseReason | null,
    maintenanceRatioBp: live ? live.ratioBp : null,
    alerts: alerts.map((a) => ({ kind: a.kind, params: a.params, at: a.at })),
    actions: {
      cancel: row.status === 'pending' || row.status === 'closing',
      close: (row.status === 'holding' || row.status === 'in_progress') && sellable && unlocked,
    },
  };
}
