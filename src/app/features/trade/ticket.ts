/**
 * Pure rules of the order ticket (no React): which price an estimate uses, the lots and limit-price
 * steppers, the leverage choices and the cost preview. The money arithmetic is the server's own
 * (src/shared/domain/trade-money.ts), so the preview shows exactly what the order will post.
 */
import { LOTS_MAX, LOTS_MIN, LEVERAGE_SCALE, leverageAllowed, leverageTenths, type Direction, type PriceType } from '../../../shared/domain/position';
import { orderCost, type FeeSchedule, type OrderCost } from '../../../shared/domain/trade-money';
import { roundToTick, stepTick, type TickTable } from '../../../shared/market/tick';
import { limitPriceRefusal, type LimitPriceRefusal } from '../../../shared/market/order-price';
import { LOT_SIZE } from '../../../shared/market/price';

export { LOT_SIZE, LOTS_MAX, LOTS_MIN };

/** What the ticket needs of a quote (GET market/quote). */
export interface TicketQuote {
  price: number;
  bid: number | null;
  ask: number | null;
  priceScale: number;
  limits: { upper: number; lower: number } | null;
  tickTable: TickTable | null;
}

/**
 * The price an estimate uses: a market buy-up fills at the ask, a market buy-down (short sale) at
 * the bid (the server's fill rule), falling back to the last price; a limit order at its limit.
 */
export function estimatePrice(
  quote: Pick<TicketQuote, 'price' | 'bid' | 'ask'> | null | undefined,
  direction: Direction,
  type: PriceType,
  limitPrice: number | null,
): number | null {
  if (type === 'limit') return limitPrice !== null && limitPrice > 0 ? limitPrice : null;
  if (!quote) return null;
  const side = direction === 'up' ? quote.ask : quote.bid;
  const p = side ?? quote.price;
  return p > 0 ? p : null;
}

// --- lots -------------------------------------------------------------------------------------

/** Whole lots between `min` and `max`; anything else (fractions, NaN, text) is brought inside. */
export function clampLots(value: number, max: number = LOTS_MAX, min: number = LOTS_MIN): number {
  const hi = Math.max(min, Math.min(LOTS_MAX, Math.floor(max)));
  if (!Number.isFinite(value)) return min;
  const whole = Math.trunc(value);
  return Math.min(hi, Math.max(min, whole));
}

export function stepLots(lots: number, delta: number, max: number = LOTS_MAX): number {
  return clampLots(lots + delta, max);
}

export function sharesOf(lots: number): number {
  return lots * LOT_SIZE;
}

// --- limit price ------------------------------------------------------------------------------

export interface PriceRules {
  table: TickTable;
  limits: { upper: number; lower: number } | null;
}

/**
 * A valid limit price near `price`: on a tick, inside the day's limits. Only for a price the ticket
 * proposes itself (the last price when a limit ticket opens); a price the user typed is never
 * moved — it is kept and refused with the nearest valid prices (limitRefusal).
 */
export function clampLimitPrice(price: number, rules: PriceRules): number {
  return intoLimits(roundToTick(Math.max(1, Math.round(price)), rules.table, 'nearest'), rules);
}

function intoLimits(price: number, rules: PriceRules): number {
  if (rules.limits && price > rules.limits.upper) return rules.limits.upper;
  if (rules.limits && price < rules.limits.lower) return rules.limits.lower;
  return price;
}

/**
 * The − / + buttons: the next valid price below (−1) or above (+1) along the grid, never past the
 * daily limits. From a typed price off the grid that is its own neighbour on that side (2,345.3 →
 * 2,345 or 2,345.5), so a press moves the price where the user pointed, and visibly.
 */
export function stepLimitPrice(price: number, direction: 1 | -1, rules: PriceRules): number {
  return intoLimits(stepTick(price, rules.table, direction), rules);
}

/** True when a press in `direction` would change the price (for disabling the buttons). */
export function canStepPrice(price: number, direction: 1 | -1, rules: PriceRules): boolean {
  return stepLimitPrice(price, direction, rules) !== price;
}

/**
 * Why the server would refuse this limit price, with the nearest valid prices, or null when it
 * is valid: the same rule, message id and params as the server's refusal
 * (src/shared/market/order-price.ts), so the ticket shows exactly what the order would answer.
 */
export function limitRefusal(price: number, rules: PriceRules, priceScale: number): LimitPriceRefusal | null {
  return limitPriceRefusal(price, { table: rules.table, limits: rules.limits, priceScale });
}

/** The valid prices a refusal suggests, lowest first (for one-tap buttons). */
export function suggestedPrices(refusal: LimitPriceRefusal): number[] {
  if (refusal.id === 'price_beyond_limit') return [refusal.params.nearest];
  return refusal.params.below === undefined ? [refusal.params.above] : [refusal.params.below, refusal.params.above];
}

/**
 * A typed price ("2345.5", "2,345", full-width digits) in the instrument's scale; null when it is
 * not a positive number with at most the scale's decimals.
 */
export function parsePriceInput(text: string, priceScale: number): number | null {
  const ascii = text
    .replace(/[０-９．]/g, (d) => (d === '．' ? '.' : String.fromCharCode(d.charCodeAt(0) - 0xfee0)))
    .replace(/[,\s¥￥]/g, '');
  const decimals = Math.round(Math.log10(priceScale));
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(ascii);
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return null;
  const value = Number(m[1]) * priceScale + Number(frac.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

// --- leverage ---------------------------------------------------------------------------------

/**
 * The leverage choices up to `max` (from config): 1× (cash), then every half step, then the maximum
 * itself when it is not on a half step (3.3 → 1, 1.5, 2, 2.5, 3, 3.3). In tenths, no floats.
 * A short is always a margin trade, so for `down` 1× is not offered (leverageAllowed).
 */
export function leverageChoices(max: number, direction: Direction = 'up'): number[] {
  const top = leverageTenths(max) ?? LEVERAGE_SCALE;
  const out: number[] = [];
  for (let t = LEVERAGE_SCALE; t <= top; t += 5) out.push(t);
  if (out[out.length - 1] !== top && top > LEVERAGE_SCALE) out.push(top);
  return out.filter((t) => leverageAllowed(direction, t)).map((t) => t / LEVERAGE_SCALE);
}

/** False for a 1× short: the ticket then says why (`short_needs_margin`) and does not send it. */
export function leverageFits(direction: Direction, leverage: number): boolean {
  const tenths = leverageTenths(leverage);
  return tenths !== null && leverageAllowed(direction, tenths);
}

// --- cost preview -----------------------------------------------------------------------------

export interface CostPreview extends OrderCost {
  shares: number;
  /** Available cash minus the order's total (negative when short). */
  remaining: number | null;
  enough: boolean | null;
  /** The most lots the buying power pays for at this price and leverage (0 when none). */
  maxLots: number | null;
}

/**
 * What the order will take: contract value, principal (value ÷ leverage, rounded up), fee, their
 * total and, with the buying power known, whether it is enough and how many lots it could pay for.
 */
export function previewCost(input: {
  price: number;
  lots: number;
  priceScale: number;
  leverage: number;
  feeSchedule: FeeSchedule;
  buyingPower: number | null;
}): CostPreview {
  const tenths = leverageTenths(input.leverage) ?? LEVERAGE_SCALE;
  const shares = sharesOf(input.lots);
  const cost = orderCost(input.price, shares, input.priceScale, tenths, input.feeSchedule);
  const bp = input.buyingPower;
  return {
    ...cost,
    shares,
    remaining: bp === null ? null : bp - cost.total,
    enough: bp === null ? null : cost.total <= bp,
    maxLots: bp === null ? null : maxAffordableLots(bp, input.price, input.priceScale, tenths, input.feeSchedule),
  };
}

/** The most whole lots whose total (principal + fee) fits in `buyingPower`; binary search. */
export function maxAffordableLots(
  buyingPower: number,
  price: number,
  priceScale: number,
  leverageTenthsValue: number,
  schedule: FeeSchedule,
): number {
  if (buyingPower <= 0 || price <= 0) return 0;
  const fits = (lots: number) => orderCost(price, lots * LOT_SIZE, priceScale, leverageTenthsValue, schedule).total <= buyingPower;
  if (!fits(LOTS_MIN)) return 0;
  let lo = LOTS_MIN;
  let hi = LOTS_MAX;
  if (fits(hi)) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

// --- sides (Japanese broker sides, docs/domain.md "Trading") ------------------------------------

/**
 * 現物買 (cash buy), 現物売 (sell the cash holding), 信用新規買 (margin buy), 信用新規売（空売り）
 * (a new short, margin only) and 返済 (close a margin position).
 */
export type TicketSide = 'cashBuy' | 'cashSell' | 'marginBuy' | 'marginShort' | 'close';
export type OpeningSide = 'cashBuy' | 'marginBuy' | 'marginShort';

export function isOpeningSide(side: TicketSide): side is OpeningSide {
  return side === 'cashBuy' || side === 'marginBuy' || side === 'marginShort';
}

export function isMarginSide(side: TicketSide): side is 'marginBuy' | 'marginShort' {
  return side === 'marginBuy' || side === 'marginShort';
}

export function sideDirection(side: OpeningSide): Direction {
  return side === 'marginShort' ? 'down' : 'up';
}

/**
 * The sides the ticket offers. The day-trading screen (いちにち信用, a margin product) opens margin
 * positions only; without margin in the config (max leverage 1×) there are no margin sides.
 */
export function sidesFor(mode: 'toggle' | 'fixed', marginAllowed: boolean): TicketSide[] {
  if (mode === 'fixed') return marginAllowed ? ['marginBuy', 'marginShort'] : [];
  return marginAllowed ? ['cashBuy', 'cashSell', 'marginBuy', 'marginShort', 'close'] : ['cashBuy', 'cashSell', 'close'];
}

/**
 * The side a ticket opens on. 売り (direction "down") on a stock held in cash sells the holding
 * (現物売); with only a margin position it offers 返済; only otherwise a new short (信用新規売) —
 * never a short beside a holding (issue 13 item 1).
 */
export function initialSide(input: { direction: Direction | undefined; mode: 'toggle' | 'fixed'; cashShares: number; marginPositions: number }): TicketSide {
  if (input.mode === 'fixed') return input.direction === 'down' ? 'marginShort' : 'marginBuy';
  if (input.direction !== 'down') return 'cashBuy';
  if (input.cashShares > 0) return 'cashSell';
  if (input.marginPositions > 0) return 'close';
  return 'marginShort';
}

/** Margin leverage choices: above 1× (1× is 現物). */
export function marginLeverageChoices(max: number, direction: Direction): number[] {
  return leverageChoices(max, direction).filter((c) => c > 1);
}

/** The leverage a side uses: 1× for 現物買, else the chosen margin leverage (the first above 1× by default). */
export function leverageForSide(side: OpeningSide, chosen: number, max: number): number {
  if (side === 'cashBuy') return 1;
  const choices = marginLeverageChoices(max, sideDirection(side));
  return choices.includes(chosen) ? chosen : (choices[0] ?? 1);
}

// --- 現物売: any number of 単元, oldest purchases first (docs/decisions/011-selling-a-holding.md) ---

/** The share counts a sale may name: every multiple of the 単元 up to the sellable shares, and all of them when a split left them off the grid. */
export function sellSteps(lot: number, sellable: number): number[] {
  const out: number[] = [];
  for (let n = lot; n <= sellable; n += lot) out.push(n);
  if (sellable > 0 && sellable % lot !== 0) out.push(sellable);
  return out;
}

/** The 取得費 a sale of `shares` takes: the holding's 取得価額 × shares ÷ held, rounded up as the server does (book-cost-rules.ts saleCost). */
export function sellCostEstimate(bookCost: number, held: number, shares: number): number | null {
  if (held <= 0) return null;
  if (shares >= held) return bookCost;
  return Number((BigInt(bookCost) * BigInt(shares) + BigInt(held) - 1n) / BigInt(held));
}

/** The share count kept when the allowed counts change: the same one if still allowed, else the nearest one below (or the smallest). */
export function keepSellShares(steps: readonly number[], current: number | null): number | null {
  if (steps.length === 0) return null;
  if (current !== null && steps.includes(current)) return current;
  if (current === null) return steps[0]!;
  const below = steps.filter((s) => s < current);
  return below.length > 0 ? below[below.length - 1]! : steps[0]!;
}

/** The next allowed share count in `direction` (the stepper), staying at the ends. */
export function stepSellShares(steps: readonly number[], current: number, direction: 1 | -1): number {
  const i = steps.indexOf(current);
  if (i < 0) return keepSellShares(steps, current) ?? current;
  return steps[Math.min(steps.length - 1, Math.max(0, i + direction))]!;
}

/** "300株（3単元）" when the count is whole 単元, else "150株" (after a split). */
export function unitsOf(shares: number): number | null {
  return shares % LOT_SIZE === 0 ? shares / LOT_SIZE : null;
}

// --- funds --------------------------------------------------------------------------------------

/**
 * Why the order button is disabled for money (issue 13 item 7): the order's total (or, for an order
 * that waits, its reservation) above the buying power. `deposit`: nothing or not even one 単元 is
 * affordable, so the advice is to add funds (入金) rather than to change quantity or leverage.
 */
export function fundsShort(input: { total: number | null; reserve: number | null; buyingPower: number | null; maxLots: number | null }): 'ok' | 'reduce' | 'deposit' {
  const bp = input.buyingPower;
  if (bp === null) return 'ok';
  const need = Math.max(input.total ?? 0, input.reserve ?? 0);
  if (need <= bp) return 'ok';
  return bp <= 0 || input.maxLots === 0 ? 'deposit' : 'reduce';
}
