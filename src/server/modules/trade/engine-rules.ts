/**
 * Pure decisions of the trading jobs: what a position needs at a quote, or in a 1-minute bar the
 * job did not see live (a gap between runs, a server down). The engine decides on the rows it
 * read, and only for a decision opens a transaction, locks the row and decides again.
 */
import {
  isContinuousTrading,
  jstDate,
  MINUTE_MS,
  prevTradingDay,
  roundToTick,
  sessionAt,
  sessionBounds,
  tradingDayOnOrBefore,
  tradingDaysInRange,
  type LimitPrices,
  type TickTable,
} from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import type { Direction } from '../../../shared/domain/position';
import { contractValue, maintenanceRatioBp, pnlFromCost } from '../../../shared/domain/trade-money';
import type { MinuteBar, Quote } from '../../market';
import { closeSide, limitFill, marketPrice, openSide } from './market';
import { reached } from './order-terms';
import type { PositionRow } from './repo';
import { termsOf } from './terms';
import { ALWAYS_DOWN, ALWAYS_UP } from './trigger-sql';
import { valueHeld } from './view';

export type PricedAction =
  | { kind: 'fill'; price: number }
  | { kind: 'close'; price: number }
  /** A stop order's (or close request's) trigger was reached, and it does not fill at once: it now waits as the limit it carries. */
  | { kind: 'trigger'; leg: 'open' | 'close' }
  | { kind: 'forced_close'; price: number; ratioBp: number }
  | { kind: 'margin_call'; ratioBp: number };

/** In continuous trading: limit fills, limit closes, then the maintenance check (forced close first). */
export function decide(pos: PositionRow, q: Quote, now: number, cfg: ConfigValues): PricedAction | null {
  const dir = pos.direction as Direction;
  if (pos.status === 'pending') {
    if (pos.fill_at !== null) return null;
    const side = openSide(dir);
    const waiting = pos.trigger_price !== null && pos.triggered_at === null;
    if (waiting && !reached(side, pos.trigger_price!, q.price)) return null;
    const price = pos.price_type === 'market' ? marketPrice(side, q) : pos.limit_price === null ? null : limitFill(side, pos.limit_price, q);
    if (price !== null) return { kind: 'fill', price };
    return waiting ? { kind: 'trigger', leg: 'open' } : null;
  }
  if (pos.status !== 'holding' && pos.status !== 'closing') return null;
  if (pos.status === 'closing' && pos.close_fill_at === null) {
    const side = closeSide(dir);
    const waiting = pos.close_trigger_price !== null && pos.close_triggered_at === null;
    if (!waiting || reached(side, pos.close_trigger_price!, q.price)) {
      const price = pos.close_type === 'market' ? marketPrice(side, q) : pos.close_limit_price === null ? null : limitFill(side, pos.close_limit_price, q);
      if (price !== null) return { kind: 'close', price };
      if (waiting) return { kind: 'trigger', leg: 'close' };
    }
    // OCO: the stop-loss leg closes at market once reached, unless the limit filled first.
    if (pos.close_stop_price !== null && reached(side, pos.close_stop_price, q.price)) {
      const price = marketPrice(side, q);
      if (price !== null) return { kind: 'close', price };
    }
  }
  const v = valueHeld(pos, q);
  if (!v) return null;
  // The levels the position was opened on: a later change of the setting applies to new positions only.
  const terms = termsOf(pos, cfg);
  if (v.ratioBp < terms.forcedCloseRatioBp) {
    // At ストップ安 nobody bids (at ストップ高 nobody offers): the forced close waits for the book
    // rather than fill at a price nobody quoted; the next run retries. A margin call still goes out.
    const price = marketPrice(closeSide(dir), q);
    if (price !== null) return { kind: 'forced_close', price, ratioBp: v.ratioBp };
  }
  if (v.ratioBp < terms.maintenanceRatioBp && !calledOn(pos, now)) return { kind: 'margin_call', ratioBp: v.ratioBp };
  return null;
}

/** One margin call per position per Tokyo day: true when one went out on `at`'s day (or later). */
function calledOn(pos: PositionRow, at: number): boolean {
  return pos.margin_call_at !== null && jstDate(pos.margin_call_at) >= jstDate(at);
}

/**
 * A limit order (or limit close) still waiting at the closing match takes part in it: it fills at
 * the single auction price when that price satisfies the limit (docs/tse-rules.md: match at 15:30). Day
 * trades do not: they would be closed by the same match.
 */
export function closingAuctionFill(pos: PositionRow, auctionPrice: number): number | null {
  const dir = pos.direction as Direction;
  const crosses = (side: 'buy' | 'sell', limit: number) => (side === 'buy' ? auctionPrice <= limit : auctionPrice >= limit);
  // A stop whose trigger was never reached is not an order yet.
  if (pos.status === 'pending' && pos.trigger_price !== null && pos.triggered_at === null) return null;
  // 不成: a limit still waiting at the close executes at market in the closing auction.
  if (pos.status === 'pending' && pos.exec_condition === 'funari' && pos.day_trade === 0) return auctionPrice;
  if (pos.status === 'closing' && pos.close_trigger_price !== null && pos.close_triggered_at === null) return null;
  if (pos.status === 'pending' && pos.price_type === 'limit' && pos.limit_price !== null && pos.day_trade === 0) {
    return crosses(openSide(dir), pos.limit_price) ? auctionPrice : null;
  }
  if (pos.status === 'closing' && pos.close_type === 'limit' && pos.close_limit_price !== null && pos.day_trade === 0) {
    return crosses(closeSide(dir), pos.close_limit_price) ? auctionPrice : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Catching up on minutes the job did not see (docs/architecture.md "Jobs": a late run catches up
// in time order). A run looks at the 1-minute bars that ended since the last run and acts, per
// row, at the first minute where something happened, at that minute's start and at a price the
// minute actually traded through.

/** A continuous-trading minute with its day's price limits (which side of the book is empty). */
export interface DayBar extends Pick<MinuteBar, 't' | 'open' | 'high' | 'low' | 'close'> {
  limits: LimitPrices | null;
}

export interface BarAction {
  at: number;
  action: PricedAction;
}

/**
 * Where a run's catch-up starts: the end of what the last run covered, but never before the
 * previous trading day's open, so a long outage does not replay months of minutes (rows older
 * than that are judged from there on). A stored instant after `now` means the clock was moved back
 * (a test, a restarted demo clock): it says nothing about `now`, so the bound applies.
 */
export function catchUpFrom(now: number, lastRun: number | null): number {
  const bound = sessionBounds(prevTradingDay(tradingDayOnOrBefore(jstDate(now)))).open;
  if (lastRun === null || lastRun > now) return bound;
  return Math.max(lastRun, bound);
}

/** True when some continuous-trading minute ended in (from, to] (else a run need not read its rows for it). */
export function continuousMinuteEndsIn(from: number, to: number): boolean {
  if (to <= from) return false;
  return tradingDaysInRange(jstDate(from), jstDate(to)).some((d) => {
    const b = sessionBounds(d);
    const endsIn = (start: number, end: number) => Math.floor(Math.max(from, start) / MINUTE_MS) * MINUTE_MS + MINUTE_MS <= Math.min(to, end);
    return endsIn(b.open, b.morningClose) || endsIn(b.afternoonOpen, b.closingAuction);
  });
}

/** The continuous-trading minutes that ended in (from, to], oldest first (the 15:30 auction print is not one). */
export function barsEndedIn<B extends Pick<MinuteBar, 't' | 'auction'>>(bars: readonly B[], from: number, to: number): B[] {
  return bars.filter((b) => !b.auction && b.t + MINUTE_MS > from && b.t + MINUTE_MS <= to && isContinuousTrading(sessionAt(b.t)));
}

/**
 * The earliest minute start a row may act at: its current state exists since `updated_at`
 * (placed, filled, a close requested or withdrawn), and a held position never looks at the minute
 * it was bought in (its low may have come before the fill).
 */
export function rowStart(pos: Pick<PositionRow, 'status' | 'placed_at' | 'updated_at' | 'buy_time'>): number {
  if (pos.status === 'pending') return Math.max(pos.placed_at, pos.updated_at);
  return Math.max(pos.updated_at, (pos.buy_time ?? pos.placed_at) + 1);
}

/** The first minute (starting at or after `rowStart`) where the row had something to do, and what. */
export function firstBarAction(pos: PositionRow, bars: readonly DayBar[], cfg: ConfigValues, table: TickTable): BarAction | null {
  const from = rowStart(pos);
  for (const bar of bars) {
    if (bar.t < from) continue;
    const action = decideBar(pos, bar, cfg, table);
    if (action) return { at: bar.t, action };
  }
  return null;
}

/** `decide` for one minute: the same order (fill, limit close, forced close, margin call), on the bar's range. */
export function decideBar(pos: PositionRow, bar: DayBar, cfg: ConfigValues, table: TickTable): PricedAction | null {
  const dir = pos.direction as Direction;
  if (pos.status === 'pending') {
    if (pos.fill_at !== null) return null;
    return barOrder(openSide(dir), pos.price_type, pos.limit_price, pos.triggered_at === null ? pos.trigger_price : null, bar, 'open', 'fill');
  }
  if (pos.status !== 'holding' && pos.status !== 'closing') return null;
  if (pos.contract_value === null) return null;
  if (pos.status === 'closing' && pos.close_fill_at === null && pos.close_type !== null) {
    const trigger = pos.close_triggered_at === null ? pos.close_trigger_price : null;
    const act = barOrder(closeSide(dir), pos.close_type, pos.close_limit_price, trigger, bar, 'close', 'close');
    if (act) return act;
    // OCO: the stop-loss leg, as a stop-market in the same minute.
    if (pos.close_stop_price !== null) {
      const stop = barOrder(closeSide(dir), 'market', null, pos.close_stop_price, bar, 'close', 'close');
      if (stop?.kind === 'close') return stop;
    }
  }
  const terms = termsOf(pos, cfg);
  const forced = barCrossing(pos, bar, terms.forcedCloseRatioBp, table);
  if (forced && hasCounterparty(closeSide(dir), forced.price, bar.limits)) return { kind: 'forced_close', ...forced };
  if (calledOn(pos, bar.t)) return null;
  const call = barCrossing(pos, bar, terms.maintenanceRatioBp, table);
  return call ? { kind: 'margin_call', ratioBp: call.ratioBp } : null;
}

/**
 * A waiting order (or close request) in a minute. A stop not yet reached is reached when the
 * minute traded through its trigger (a buy's high at or above it, a sell's low at or below it); a
 * stop-market then fills at the trigger, or at the open when the minute opened past it (never at a
 * price the minute did not trade), and a stop-limit waits from the next minute as its limit, since
 * within one bar it cannot be told whether the limit traded after the trigger. A market order
 * without a trigger is never waiting here (it waits for an auction instead).
 */
function barOrder(
  side: 'buy' | 'sell',
  type: string,
  limit: number | null,
  trigger: number | null,
  bar: DayBar,
  leg: 'open' | 'close',
  kind: 'fill' | 'close',
): PricedAction | null {
  if (trigger !== null) {
    const hit = side === 'buy' ? bar.high >= trigger : bar.low <= trigger;
    if (!hit) return null;
    if (type !== 'market') return { kind: 'trigger', leg };
    const price = side === 'buy' ? Math.max(bar.open, trigger) : Math.min(bar.open, trigger);
    // A minute spent wholly at the limit on the wrong side has nobody to trade with.
    if (bar.limits !== null && (side === 'buy' ? bar.low >= bar.limits.upper : bar.high <= bar.limits.lower)) return { kind: 'trigger', leg };
    return { kind, price };
  }
  if (type !== 'limit' || limit === null) return null;
  const price = barLimitFill(side, limit, bar);
  return price === null ? null : { kind, price };
}

/**
 * A limit order in a minute: a buy executes when the minute traded at or below the limit. It fills
 * at the limit, the price the minute passed on its way down, or at the open when the minute
 * opened below it; never at the minute's low, a fleeting price the order cannot be shown to have
 * met. Sells mirror it. A minute spent wholly at ストップ高 has no sellers (at ストップ安 no
 * buyers), as in the quotes.
 */
export function barLimitFill(side: 'buy' | 'sell', limit: number, bar: DayBar): number | null {
  if (side === 'buy') {
    if (bar.low > limit || (bar.limits !== null && bar.low >= bar.limits.upper)) return null;
    return Math.min(bar.open, limit);
  }
  if (bar.high < limit || (bar.limits !== null && bar.high <= bar.limits.lower)) return null;
  return Math.max(bar.open, limit);
}

/**
 * The maintenance ratio of a held position at `price`, as valueHeld (view.ts) computes it from a
 * quote: P/L from the cost, so a split leaves it unchanged.
 */
export function ratioAt(pos: Pick<PositionRow, 'direction' | 'contract_value' | 'quantity' | 'price_scale' | 'principal'>, price: number): number {
  const pnl = pnlFromCost(pos.direction as Direction, pos.contract_value!, price, pos.quantity, pos.price_scale);
  return maintenanceRatioBp(pos.principal, pnl, contractValue(price, pos.quantity, pos.price_scale));
}

/**
 * Where in a minute the ratio first went below `levelBp`, or null when even the minute's adverse
 * extreme (low for a long, high for a short) stayed at or above it. The open when the minute
 * opened below the level (a gap: the first price there was); otherwise the first valid price past
 * the level on the way from the open to the extreme, which the minute traded through.
 */
export function barCrossing(
  pos: Pick<PositionRow, 'direction' | 'contract_value' | 'quantity' | 'price_scale' | 'principal'>,
  bar: Pick<DayBar, 'open' | 'high' | 'low'>,
  levelBp: number,
  table: TickTable,
): { price: number; ratioBp: number } | null {
  const long = pos.direction === 'up';
  const below = (p: number) => ratioAt(pos, p) < levelBp;
  const extreme = long ? bar.low : bar.high;
  if (!below(extreme)) return null;
  if (below(bar.open)) return { price: bar.open, ratioBp: ratioAt(pos, bar.open) };
  // Bisect on whole price units between the open (above the level) and the extreme (below it);
  // the ratio moves one way with the price (down with it for a long, up for a short).
  let hit = extreme;
  let miss = bar.open;
  while (Math.abs(hit - miss) > 1) {
    const mid = Math.floor((hit + miss) / 2);
    if (below(mid)) hit = mid;
    else miss = mid;
  }
  // Onto the tick grid, further past the level; the extreme is on the grid, so this stays in the bar.
  let price = roundToTick(hit, table, long ? 'down' : 'up');
  if (long ? price < extreme : price > extreme) price = extreme;
  if (!below(price)) price = extreme; // a rounding wobble of a unit: the extreme is surely below
  return { price, ratioBp: ratioAt(pos, price) };
}

/** Closing a long sells into bids, which ストップ安 has none of; closing a short buys offers, gone at ストップ高. */
export function hasCounterparty(side: 'buy' | 'sell', price: number, limits: LimitPrices | null): boolean {
  if (!limits) return true;
  return side === 'sell' ? price > limits.lower : price < limits.upper;
}

/**
 * The price at which a held position's maintenance ratio goes below the higher of its margin-call
 * and forced-close levels: a long acts at or below it, a short at or above it; null when no price
 * can (a fully paid long). The same closed form as the SQL the trading job's index is built on
 * (trigger-sql.ts); a property test holds both to `ratioAt`. A row without stored levels (opened
 * before they were kept) is always looked at: 0 for a short, `ALWAYS_DOWN` for a long.
 */
export function riskPrice(
  pos: Pick<PositionRow, 'direction' | 'contract_value' | 'buy_price' | 'quantity' | 'price_scale' | 'principal' | 'maintenance_bp' | 'forced_close_bp'>,
): number | null {
  if (pos.contract_value === null || pos.buy_price === null) return null;
  const long = pos.direction === 'up';
  if (pos.maintenance_bp === null || pos.forced_close_bp === null) return long ? ALWAYS_DOWN : ALWAYS_UP;
  const level = BigInt(Math.max(pos.maintenance_bp, pos.forced_close_bp));
  const [cost, principal, qty, scale] = [pos.contract_value, pos.principal, pos.quantity, pos.price_scale].map(BigInt) as [bigint, bigint, bigint, bigint];
  if (long) {
    if (level >= 10_000n) return ALWAYS_DOWN;
    const borrowed = cost - principal;
    if (borrowed <= 0n) return null;
    const vmax = (borrowed * 10_000n - 1n) / (10_000n - level);
    return Number(((vmax + 1n) * scale - 1n) / qty);
  }
  const vmin = ((principal + cost) * 10_000n) / (level + 10_000n) + 1n;
  return Number((vmin * scale + qty - 1n) / qty);
}
