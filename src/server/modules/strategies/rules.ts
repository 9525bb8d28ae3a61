/**
 * Pure rules of strategy funds (docs/decisions/016-strategy-funds.md): the NAV arithmetic (integers,
 * per 10,000 units), the management fee, and the documented rule sets that turn past daily closes
 * into target weights. No I/O, no clock.
 */
import { isTradingDay, jstDate, jstMs, LOT_SIZE, prevTradingDay, type IsoDate } from '../../../shared/market';
import { contractValue } from '../../../shared/domain/trade-money';
import { NAV_START, NAV_UNITS, type StrategyRule } from '../../../shared/api/strategies';

const B = BigInt;
const U = B(NAV_UNITS);

/** NAV per 10,000 units: floor(net assets × 10,000 ÷ units); with no units the last NAV stands. */
export function navOf(netAssets: number, units: number, last: number = NAV_START): number {
  if (units <= 0) return last;
  return Number((B(netAssets) * U) / B(units));
}

/** Units a subscription of `amount` yen buys at `nav` (rounded down). */
export function unitsFor(amount: number, nav: number): number {
  return Number((B(amount) * U) / B(nav));
}

/** What `units` cost at `nav`, rounded up to the yen (≤ the amount that bought them; the rest returns). */
export function costOf(units: number, nav: number): number {
  const n = B(units) * B(nav);
  return Number((n + U - 1n) / U);
}

/** What `units` are paid out at `nav`, rounded down (the fund keeps the fraction for the holders who stay). */
export function payoutOf(units: number, nav: number): number {
  return Number((B(units) * B(nav)) / U);
}

/** The fee's day count: every calendar day, weekends and holidays too (as loan interest and the lending fee). */
const FEE_DAY_DIVISOR = B(10_000 * 365);

/**
 * One holding's management fee since the last strike, in units (taken in units so each holding pays
 * the rate it subscribed at): units × annual bp × calendar days ÷ (10,000 × 365), times the share of
 * the fund that is in shares (`invested` = positions ÷ net assets: cash is never charged, whether the
 * rule cannot invest it or keeps it). Charged per calendar day, a year costs the stated rate, where
 * per trading day it cost about 245 ÷ 365 of it. On the cumulative basis of lending's accrue():
 * `carry` is the remainder of the running total below one unit, so the units taken over time are
 * the rounded-down total of everything accrued (the holder's favour, without losing a fraction a day).
 */
export function feeUnitsFor(
  h: { units: number; feeBp: number; carry: number },
  days: number,
  invested: { part: number; whole: number },
): { units: number; carry: number } {
  if (days <= 0 || invested.part <= 0 || invested.whole <= 0) return { units: 0, carry: h.carry };
  const part = B(Math.min(invested.part, invested.whole));
  const total = B(h.carry) + (B(h.units) * B(h.feeBp) * B(days) * part) / B(invested.whole);
  return { units: Math.min(h.units, Number(total / FEE_DAY_DIVISOR)), carry: Number(total % FEE_DAY_DIVISOR) };
}

/** Closed trades with a gain ÷ closed trades (net of fees, interest and tax). */
export function winRate(results: readonly number[]): { closed: number; won: number } {
  return { closed: results.length, won: results.filter((r) => r > 0).length };
}

/** Basis points of `part` over `whole` (rounded toward zero), null without a base. */
export function bpOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Number((B(part) * 10_000n) / B(whole));
}

export type Params = Record<string, number | string | string[]>;

export interface RuleInput {
  rule: StrategyRule;
  params: Params;
  /** Past daily closes per code, oldest first, up to the last trading day before today. */
  closes: ReadonlyMap<string, readonly number[]>;
  /** Whether the fund holds any shares now (mean reversion keeps its state between the bands). */
  invested: boolean;
}

const num = (p: Params, k: string, d: number) => (typeof p[k] === 'number' ? (p[k] as number) : d);
const list = (p: Params, k: string) => (Array.isArray(p[k]) ? (p[k] as string[]) : []);

/** Weights (bp of the investable amount) by code. */
export type Weights = Map<string, number>;

/** Price-weighted basket (the Nikkei 225's own method), among codes with a close. */
function priceWeighted(codes: readonly string[], closes: RuleInput['closes']): Weights {
  const last = codes.map((c) => [c, closes.get(c)?.at(-1) ?? 0] as const).filter(([, p]) => p > 0);
  const sum = last.reduce((a, [, p]) => a + p, 0);
  return new Map(last.map(([c, p]) => [c, Math.floor((p * 10_000) / sum)]));
}

/** Return over `days` closes in bp, null without enough history. */
export function lookbackReturnBp(series: readonly number[] | undefined, days: number): number | null {
  if (!series || series.length < days + 1) return null;
  const from = series[series.length - 1 - days]!;
  const to = series[series.length - 1]!;
  return from > 0 ? Math.round(((to - from) * 10_000) / from) : null;
}

/** Deviation of the last close from the average of the last `days` closes, bp; null without history. */
export function deviationBp(series: readonly number[] | undefined, days: number): number | null {
  if (!series || series.length < days) return null;
  const window = series.slice(-days);
  const avg = window.reduce((a, b) => a + b, 0) / days;
  return Math.round(((series[series.length - 1]! - avg) * 10_000) / avg);
}

/**
 * The target weights of a rule today, or null to keep what is held (mean reversion between its
 * bands, or without enough history).
 *  - index_tracker: the basket, price-weighted like the Nikkei 225 (a sample of its members).
 *  - momentum: the `top` codes of the universe with the highest `lookback`-day return, equal
 *    weights, only those with a positive return (the rest stays cash).
 *  - mean_reversion: the basket when the index closes `entryBp` or more below its `lookback`-day
 *    average; all cash when it closes `exitBp` or more above it; otherwise unchanged.
 *  - follow_model: the model portfolio's weights (`code:bp` entries), copied proportionally.
 */
export function targetWeights(input: RuleInput): Weights | null {
  const { rule, params, closes } = input;
  if (rule === 'index_tracker') return priceWeighted(list(params, 'basket'), closes);
  if (rule === 'momentum') {
    const lookback = num(params, 'lookback', 25);
    const ranked = list(params, 'universe')
      .map((c) => ({ c, r: lookbackReturnBp(closes.get(c), lookback) }))
      .filter((x): x is { c: string; r: number } => x.r !== null && x.r > 0)
      .sort((a, b) => b.r - a.r || (a.c < b.c ? -1 : 1))
      .slice(0, num(params, 'top', 3));
    if (ranked.length === 0) return new Map();
    const w = Math.floor(10_000 / num(params, 'top', 3));
    return new Map(ranked.map((x) => [x.c, w]));
  }
  if (rule === 'mean_reversion') {
    const dev = deviationBp(closes.get(String(params.index ?? 'N225')), num(params, 'lookback', 25));
    if (dev === null) return null;
    if (dev <= -num(params, 'entryBp', 100)) return priceWeighted(list(params, 'basket'), closes);
    if (dev >= num(params, 'exitBp', 100)) return new Map();
    return null;
  }
  // follow_model
  const out: Weights = new Map();
  for (const entry of list(params, 'weights')) {
    const [code, bp] = entry.split(':');
    if (code && Number(bp) > 0) out.set(code, Number(bp));
  }
  return out;
}

/** Prices by code, each in its code's priceScale. */
export type Prices = ReadonlyMap<string, { price: number; scale: number }>;

/**
 * Target shares per code: floor(investable × weight ÷ (price × 100)) lots, in integers (a name
 * whose lot the fund cannot afford is left out; the money stays cash).
 */
export function targetShares(investable: number, weights: Weights, prices: Prices): Map<string, number> {
  const out = new Map<string, number>();
  for (const [code, w] of weights) {
    const q = prices.get(code);
    if (!q || q.price <= 0 || investable <= 0 || w <= 0) continue;
    const lots = Number((B(investable) * B(w) * B(q.scale)) / (10_000n * B(q.price) * B(LOT_SIZE)));
    if (lots > 0) out.set(code, lots * LOT_SIZE);
  }
  return out;
}

/**
 * The weights the rule holds once invested, for its minimum size: the basket price-weighted (index
 * tracker, mean reversion), the model's weights (follow-model); momentum's picks change every day,
 * so its `top` equal weights are put on the universe's dearest lots: at that size it can buy
 * whichever names it picks.
 */
export function investedWeights(rule: StrategyRule, params: Params, prices: Prices): Weights {
  if (rule === 'follow_model') return targetWeights({ rule, params, closes: new Map(), invested: true })!;
  const lastPrices = new Map([...prices].map(([c, q]) => [c, [q.price]]));
  if (rule !== 'momentum') return priceWeighted(list(params, 'basket'), lastPrices);
  const top = num(params, 'top', 3);
  const lotOf = (c: string) => (prices.get(c)!.price * LOT_SIZE) / prices.get(c)!.scale;
  const dearest = list(params, 'universe').filter((c) => prices.has(c)).sort((a, b) => lotOf(b) - lotOf(a)).slice(0, top);
  return new Map(dearest.map((c) => [c, Math.floor(10_000 / top)]));
}

/**
 * A fund's minimum investable size (yen of net assets): the least at which its rule places all of
 * its orders — one lot of each name at its weight (investable × weight ÷ 10,000 ≥ the lot) — with
 * the rule's cash buffer on top. 0 when the rule names nothing with a price.
 */
export function minInvestable(weights: Weights, prices: Prices, bufferBp: number): number {
  let need = 0n;
  for (const [code, w] of weights) {
    const q = prices.get(code);
    if (!q || q.price <= 0 || w <= 0) continue;
    const den = B(q.scale) * B(w);
    const n = (B(q.price) * B(LOT_SIZE) * 10_000n + den - 1n) / den;
    if (n > need) need = n;
  }
  const bp = B(Math.min(Math.max(bufferBp, 0), 9_999));
  const investable = (net: bigint) => net - (net * bp) / 10_000n;
  // The buffer is rounded down, so the least net assets may be a yen or two below need ÷ (1 − buffer).
  let net = (need * 10_000n + (10_000n - bp) - 1n) / (10_000n - bp);
  while (net > 0n && investable(net - 1n) >= need) net -= 1n;
  return Number(net);
}

/**
 * How many shares to sell of a holding whose sellable share counts (multiples of the 単元) are
 * `steps`, to bring it from `held` down to at most `target`: the smallest step that covers the
 * excess (whole 単元, as 現物売 sells them). 0 when nothing needs selling.
 */
export function sharesToSell(held: number, target: number, steps: readonly number[]): number {
  const excess = held - target;
  if (excess <= 0) return 0;
  return steps.find((s) => s >= excess) ?? steps.at(-1) ?? 0;
}

/** The codes a rule's parameters name: its basket, universe, model weights and index. */
export function ruleCodes(params: Params): string[] {
  const codes = [...list(params, 'basket'), ...list(params, 'universe'), ...list(params, 'weights').map((w) => w.split(':')[0]!)];
  if (typeof params.index === 'string') codes.push(params.index);
  return [...new Set(codes)];
}

/** The share of net assets the rule keeps as cash, bp (2 % unless its parameters say otherwise). */
export function cashBufferBp(params: Params): number {
  return num(params, 'cashBufferBp', 200);
}

/**
 * Pays `total` yen out to holdings pro rata by their units: each share rounded down, the last one
 * taking what is left, so nothing stays behind in a fund nobody holds (termination, the last
 * redemption). The units are those outstanding before any of them is paid.
 */
export function shareOut(total: number, units: readonly number[]): number[] {
  const all = B(Math.max(1, units.reduce((a, u) => a + u, 0)));
  let left = total;
  return units.map((u, i) => {
    const share = i === units.length - 1 ? left : Number((B(total) * B(u)) / all);
    left -= share;
    return share;
  });
}

/** A fund's ledger owner (and its users row): `fund:<id>`. */
export const fundOwner = (id: string) => `fund:${id}`;

/** The strike's instant on a trading day: the closing auction's match (docs/tse-rules.md). */
export const strikeAt = (d: IsoDate) => jstMs(d, 15, 30);

/** The trading day whose NAV is due at `now`: today after the close, else the last trading day before. */
export function strikeDay(now: number): IsoDate {
  const today = jstDate(now);
  if (isTradingDay(today) && now >= strikeAt(today)) return today;
  return prevTradingDay(today);
}

/**
 * Whether a follow-order fund still takes subscriptions on `today` (the market's day): through its
 * `followUntil`, never after (follow_time_exceeded); a fund without a follow period always does.
 */
export function followOpen(followUntil: IsoDate | null, today: IsoDate): boolean {
  return followUntil === null || today <= followUntil;
}

/** A fund's money in the ledger (JPY): settled cash, reserved for orders, unsettled proceeds, shortfall. */
export interface FundMoney {
  cash: number;
  frozen: number;
  unsettled: number;
  shortfall: number;
}

/** All of the fund's money, whatever account it sits in. */
export function liquidOf(m: FundMoney): number {
  return m.cash + m.frozen + m.unsettled + m.shortfall;
}

/** A closed position's result net of fees, interest and tax. */
export function netResult(p: { pnl: number | null; open_fee: number; close_fee: number; interest: number; tax: number }): number {
  return (p.pnl ?? 0) - p.open_fee - p.close_fee - p.interest - p.tax;
}

/** The weights of what is held now (bp of the positions' value): to scale holdings down as they are. */
export function heldWeights(shares: ReadonlyMap<string, number>, prices: Prices, positionsValue: number): Weights {
  return new Map([...shares].map(([c, n]) => [c, Math.floor((contractValue(prices.get(c)?.price ?? 0, n, prices.get(c)?.scale ?? 1) * 10_000) / positionsValue)]));
}

/** The value of `shares` by code at `prices` (a code without a price counts 0). */
export function valueAt(shares: ReadonlyMap<string, number>, prices: Prices): number {
  let value = 0;
  for (const [c, n] of shares) value += contractValue(prices.get(c)?.price ?? 0, n, prices.get(c)?.scale ?? 1);
  return value;
}

/** Whole lots to buy toward `target` shares from `have`, within `spendable` yen at `lotYen` a lot. */
export function lotsToBuy(target: number, have: number, spendable: number, lotYen: number): number {
  return Math.min((target - have) / LOT_SIZE, Math.floor(spendable / lotYen));
}
