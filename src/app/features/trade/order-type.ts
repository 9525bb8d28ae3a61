/**
 * Pure rules of the order-type controls (OrderTypeFields; no React): 成行 / 指値 / 逆指値 / OCO,
 * 執行条件, 有効期限 and IFD / IFDOCO, what each sends, and every check the server makes before it
 * takes the order — the contract's refinements (src/shared/api/trade.ts orderBody / closeBody),
 * the tick grid and daily limits, a trigger already reached, the legs' order and the validity's
 * 15 business days (docs/decisions/010-order-types.md) — so nothing invalid is sent.
 */
import type { Direction } from '../../../shared/domain/position';
import { addTradingDays, isTradingDay } from '../../../shared/market/calendar';
import { jstDate, type IsoDate } from '../../../shared/market/jst';
import type { LimitPriceRefusal } from '../../../shared/market/order-price';
import { clampLimitPrice, limitRefusal, stepLimitPrice, type PriceRules, type TicketQuote } from './ticket';

/** A date validity reaches at most this many business days ahead (server: order-terms.ts). */
export const MAX_VALIDITY_DAYS = 15;

export type ExecCondition = 'open' | 'close' | 'funari';

/** The close an opening order places once it fills (IFD / IFDOCO), as the contract's `then`. */
export interface ThenValue {
  type: 'market' | 'limit';
  price?: number;
  trigger?: number;
  stop?: number;
  validity: 'day' | 'week' | string;
}

export interface OrderTypeValue {
  type: 'market' | 'limit';
  /** The limit (指値, a stop-limit's limit once triggered, an OCO's take-profit). */
  price: number | null;
  /** 逆指値: the order waits until the price reaches it. */
  trigger: number | null;
  /** OCO (closes only): the stop-loss leg beside the take-profit limit. */
  stop: number | null;
  validity: 'day' | 'week' | string;
  condition: ExecCondition | null;
  then: ThenValue | null;
}

export const DEFAULT_ORDER_TYPE: OrderTypeValue = { type: 'market', price: null, trigger: null, stop: null, validity: 'day', condition: null, then: null };

/** The fields of `POST trade/orders` (opening) or `POST trade/positions/{id}/close` this value sets. */
export interface OrderTypeBody {
  type: 'market' | 'limit';
  price?: number;
  trigger?: number;
  stop?: number;
  validity: 'day' | 'week' | string;
  condition?: ExecCondition;
  then?: ThenValue;
}

/** What to send: only the fields set (the contract's optional fields are absent, never null). */
export function orderTypeBody(v: OrderTypeValue): OrderTypeBody {
  const body: OrderTypeBody = { type: v.type, validity: v.validity };
  if (v.type === 'limit' && v.price !== null) body.price = v.price;
  if (v.trigger !== null) body.trigger = v.trigger;
  if (v.stop !== null) body.stop = v.stop;
  if (v.condition !== null) body.condition = v.condition;
  if (v.then !== null) body.then = thenBody(v.then);
  return body;
}

function thenBody(t: ThenValue): ThenValue {
  const out: ThenValue = { type: t.type, validity: t.validity };
  if (t.type === 'limit' && t.price !== undefined) out.price = t.price;
  if (t.trigger !== undefined) out.trigger = t.trigger;
  if (t.stop !== undefined) out.stop = t.stop;
  return out;
}

// --- kinds ------------------------------------------------------------------------------------

/** 成行 / 指値 / 逆指値 / OCO (OCO only for a close: an OCO of two opening orders is not built). */
export type OrderKind = 'market' | 'limit' | 'stop' | 'oco';
/** The close an opening order carries: none, IFD with a limit, IFD with a stop, IFDOCO. */
export type ThenKind = 'none' | 'limit' | 'stop' | 'oco';

export function kindOf(v: Pick<OrderTypeValue, 'type' | 'trigger' | 'stop'>): OrderKind {
  if (v.trigger !== null) return 'stop';
  if (v.stop !== null) return 'oco';
  return v.type;
}

export function thenKindOf(t: ThenValue | null): ThenKind {
  if (t === null) return 'none';
  if (t.stop !== undefined) return 'oco';
  if (t.trigger !== undefined) return 'stop';
  return 'limit';
}

export interface OrderTypeContext {
  mode: 'open' | 'close';
  /** The position's direction (a long or a short): which side opens and which closes it. */
  direction: Direction;
  dayTrade: boolean;
}

/** Opening a long buys, a short sells; closing does the opposite (server: market.ts). */
export function sideOf(ctx: Pick<OrderTypeContext, 'mode' | 'direction'>): 'buy' | 'sell' {
  const up = ctx.direction === 'up';
  return ctx.mode === 'open' ? (up ? 'buy' : 'sell') : up ? 'sell' : 'buy';
}

export function rulesOf(quote: TicketQuote | null): PriceRules | null {
  return quote ? { table: quote.tickTable ?? 'other', limits: quote.limits } : null;
}

/** `n` valid prices away from `price` (up for n > 0), along the grid, never past the limits. */
export function ticksAway(price: number, n: number, rules: PriceRules): number {
  let p = clampLimitPrice(price, rules);
  for (let i = 0; i < Math.abs(n); i++) p = stepLimitPrice(p, n > 0 ? 1 : -1, rules);
  return p;
}

/**
 * A trigger the price has not reached yet, a few ticks away: above the price for a buy stop (it
 * fires when the price rises to it), below it for a sell stop.
 */
export function proposeTrigger(quote: TicketQuote, side: 'buy' | 'sell', rules: PriceRules): number {
  return ticksAway(quote.price, side === 'buy' ? 5 : -5, rules);
}

/**
 * The value after choosing `kind`, with prices proposed from the quote where the kind needs one
 * (a price the user set is kept). Only what the kind allows stays: a trigger or stop goes with
 * its kind, a condition with a trigger (and 不成 without a limit), validity with a day trade.
 */
export function withKind(v: OrderTypeValue, kind: OrderKind, quote: TicketQuote | null, ctx: OrderTypeContext): OrderTypeValue {
  const rules = rulesOf(quote);
  const side = sideOf(ctx);
  const limitNear = v.price ?? (quote && rules ? clampLimitPrice(quote.price, rules) : null);
  let next: OrderTypeValue;
  if (kind === 'market') next = { ...v, type: 'market', price: null, trigger: null, stop: null };
  else if (kind === 'limit') next = { ...v, type: 'limit', price: limitNear, trigger: null, stop: null };
  else if (kind === 'stop') {
    const trigger = v.trigger ?? (quote && rules ? proposeTrigger(quote, side, rules) : null);
    next = { ...v, type: 'market', price: null, trigger, stop: null };
  } else {
    // OCO: a take-profit limit on the profitable side and a stop-loss on the other.
    const profit = side === 'sell' ? 5 : -5;
    const price = quote && rules ? ticksAway(quote.price, profit, rules) : null;
    const stop = quote && rules ? ticksAway(quote.price, -profit, rules) : null;
    next = { ...v, type: 'limit', price, trigger: null, stop };
  }
  return normalize(next, ctx);
}

/** A stop's order once triggered: 成行, or 指値 at a price (proposed at the trigger). */
export function withStopType(v: OrderTypeValue, type: 'market' | 'limit'): OrderTypeValue {
  return type === 'market' ? { ...v, type, price: null } : { ...v, type, price: v.price ?? v.trigger };
}

/**
 * The value after choosing the IFD close: from the entry price (the limit, else the quote), a
 * take-profit a few ticks on the profitable side and a stop-loss on the other.
 */
export function withThenKind(v: OrderTypeValue, kind: ThenKind, quote: TicketQuote | null, ctx: OrderTypeContext): OrderTypeValue {
  if (kind === 'none') return { ...v, then: null };
  const rules = rulesOf(quote);
  const entry = v.price ?? v.trigger ?? quote?.price ?? null;
  if (entry === null || !rules) return v;
  const profit = ctx.direction === 'up' ? 5 : -5;
  const take = ticksAway(entry, profit, rules);
  const loss = ticksAway(entry, -profit, rules);
  const validity = v.then?.validity ?? 'day';
  if (kind === 'limit') return { ...v, then: { type: 'limit', price: v.then?.price ?? take, validity } };
  if (kind === 'stop') return { ...v, then: { type: 'market', trigger: v.then?.trigger ?? v.then?.stop ?? loss, validity } };
  return { ...v, then: { type: 'limit', price: v.then?.price ?? take, stop: v.then?.stop ?? v.then?.trigger ?? loss, validity } };
}

/**
 * Drops what the current choices do not allow (the contract's refinements), so switching back
 * and forth never leaves a combination the server refuses: 不成 needs a limit; a condition is for
 * day orders without a trigger; a day trade is a day order without 引け; closes carry no condition
 * and no IFD.
 */
export function normalize(v: OrderTypeValue, ctx: OrderTypeContext): OrderTypeValue {
  const out = { ...v };
  if (ctx.mode === 'close') {
    out.condition = null;
    out.then = null;
  } else {
    out.stop = null;
  }
  if (ctx.dayTrade) out.validity = 'day';
  if (out.condition === 'funari' && out.type !== 'limit') out.condition = null;
  if (out.condition !== null && (out.trigger !== null || out.validity !== 'day')) out.condition = null;
  if (ctx.dayTrade && out.condition === 'close') out.condition = null;
  return out;
}

/** Conditions offered now: 寄付 / 引け for a day order without a trigger, 不成 only with 指値. */
export function conditionChoices(v: OrderTypeValue, ctx: OrderTypeContext): (ExecCondition | null)[] {
  if (ctx.mode === 'close' || v.trigger !== null || v.validity !== 'day') return [null];
  const out: (ExecCondition | null)[] = [null, 'open'];
  if (!ctx.dayTrade) out.push('close');
  if (v.type === 'limit') out.push('funari');
  return out;
}

// --- validity ---------------------------------------------------------------------------------

/** The dates a validity may name: the next 15 business days (today is 当日). */
export function validityDates(today: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let n = 1; n <= MAX_VALIDITY_DAYS; n++) out.push(addTradingDays(today, n));
  return out;
}

/** Whether the server takes this validity today (server: order-terms.ts lastValidDay). */
export function validityOk(validity: string, today: IsoDate): boolean {
  if (validity === 'day' || validity === 'week') return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validity)) return false;
  return isTradingDay(validity) && validity >= today && validity <= addTradingDays(today, MAX_VALIDITY_DAYS);
}

/** The Tokyo date of a market instant. */
export function tokyoToday(now: number): IsoDate {
  return jstDate(now);
}

// --- checks -----------------------------------------------------------------------------------

/** Which price an issue is about. */
export type PriceField = 'price' | 'trigger' | 'stop' | 'then.price' | 'then.trigger' | 'then.stop';

export type OrderTypeIssue =
  /** Off the tick grid or past the day's limits: the server's own refusal, with the nearest valid prices. */
  | { field: PriceField; kind: 'refusal'; refusal: LimitPriceRefusal }
  /** The price already reached the trigger (the server refuses `trigger_already_reached`). */
  | { field: 'trigger' | 'stop'; kind: 'reached'; trigger: number; price: number }
  /** A price the choice needs is missing. */
  | { field: PriceField; kind: 'missing' }
  /** The IFDOCO's stop-loss is not on the losing side of its take-profit. */
  | { field: 'then.stop'; kind: 'legs' }
  /** An OCO's stop-loss is not on the losing side of its take-profit. */
  | { field: 'stop'; kind: 'legs' }
  | { field: 'validity'; kind: 'validity' }
  | { field: 'condition'; kind: 'condition' };

/** A buy stop is reached when the price rises to it, a sell stop when it falls to it (server: order-terms.ts). */
export function reached(side: 'buy' | 'sell', trigger: number, price: number): boolean {
  return side === 'buy' ? price >= trigger : price <= trigger;
}

/**
 * Everything the server would refuse about these order-type fields, in the contract's order; an
 * empty list means the fields can be sent. Without a quote only the shape is checked.
 */
export function orderTypeIssues(v: OrderTypeValue, ctx: OrderTypeContext, quote: TicketQuote | null, today: IsoDate): OrderTypeIssue[] {
  const issues: OrderTypeIssue[] = [];
  const rules = rulesOf(quote);
  const side = sideOf(ctx);
  const price = (field: PriceField, value: number | null | undefined, needed: boolean) => {
    if (value === null || value === undefined) {
      if (needed) issues.push({ field, kind: 'missing' });
      return;
    }
    const refusal = rules && quote ? limitRefusal(value, rules, quote.priceScale) : null;
    if (refusal) issues.push({ field, kind: 'refusal', refusal });
  };
  // closeBody / orderBody: a limit has a price, a market order none; an OCO is a limit with a stop and no trigger.
  price('price', v.price, v.type === 'limit');
  price('trigger', v.trigger, false);
  if (ctx.mode === 'close') {
    price('stop', v.stop, false);
    if (v.stop !== null && v.type !== 'limit') issues.push({ field: 'price', kind: 'missing' });
    if (v.stop !== null && v.trigger !== null) issues.push({ field: 'stop', kind: 'legs' });
    if (v.stop !== null && v.price !== null && !legsOrdered(side, v.price, v.stop)) issues.push({ field: 'stop', kind: 'legs' });
  }
  if (quote) {
    if (v.trigger !== null && reached(side, v.trigger, quote.price)) issues.push({ field: 'trigger', kind: 'reached', trigger: v.trigger, price: quote.price });
    if (ctx.mode === 'close' && v.stop !== null && reached(side, v.stop, quote.price)) issues.push({ field: 'stop', kind: 'reached', trigger: v.stop, price: quote.price });
  }
  if (!validityOk(v.validity, today) || (ctx.dayTrade && v.validity !== 'day')) issues.push({ field: 'validity', kind: 'validity' });
  if (ctx.mode === 'open') {
    const c = v.condition;
    if (c !== null && (v.validity !== 'day' || v.trigger !== null || (c === 'funari' && v.type !== 'limit') || (ctx.dayTrade && c === 'close'))) {
      issues.push({ field: 'condition', kind: 'condition' });
    }
    const t = v.then;
    if (t) {
      price('then.price', t.price, t.type === 'limit');
      price('then.trigger', t.trigger, false);
      price('then.stop', t.stop, false);
      if (t.stop !== undefined && (t.type !== 'limit' || t.trigger !== undefined)) issues.push({ field: 'then.stop', kind: 'legs' });
      // The close's side is the opposite of the order's; its take-profit above its stop-loss for a long.
      if (t.stop !== undefined && t.price !== undefined && !legsOrdered(ctx.direction === 'up' ? 'sell' : 'buy', t.price, t.stop)) {
        issues.push({ field: 'then.stop', kind: 'legs' });
      }
      if (t.validity !== 'day' && t.validity !== 'week') issues.push({ field: 'validity', kind: 'validity' });
    }
  } else if (v.condition !== null || v.then !== null) {
    issues.push({ field: 'condition', kind: 'condition' });
  }
  return issues;
}

/** A close's take-profit sits on the profitable side of its stop-loss: above it when selling (a long), below when buying back. */
export function legsOrdered(closeSide: 'buy' | 'sell', takeProfit: number, stopLoss: number): boolean {
  return closeSide === 'sell' ? stopLoss < takeProfit : stopLoss > takeProfit;
}

/** True when the fields can be sent as they are. */
export function orderTypeReady(v: OrderTypeValue, ctx: OrderTypeContext, quote: TicketQuote | null, today: IsoDate): boolean {
  return orderTypeIssues(v, ctx, quote, today).length === 0;
}

/**
 * The price an estimate of this close uses: the limit (a limit, a stop-limit, an OCO's take
 * profit), a stop-market's trigger, or null for a market close (the server then uses the bid for a
 * long, the ask for a short). For an OCO the stop-loss leg is `stopLegPrice`.
 */
export function estimatePriceOf(v: OrderTypeValue): number | null {
  if (v.type === 'limit') return v.price;
  return v.trigger;
}

export function stopLegPrice(v: OrderTypeValue): number | null {
  return v.stop;
}
