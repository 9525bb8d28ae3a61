/**
 * Currency exchange arithmetic (docs/domain.md "Currency exchange"), pure and in integers only:
 * board prices are scaled integers, spreads are basis points, and every amount is an integer in its
 * currency's minor unit. Products go through BigInt so no step is a float; the one rounding is the
 * last one, and it is DOWN (the user receives the floor of the exact amount, never more).
 *
 * Rates are quoted against the yen, as the FX board quotes them: `price / priceScale` yen per `unit`
 * major units (USDJPY 156.700 per 1 dollar, KRWJPY 10.880 per 100 won). A cross (USD → KRW) goes
 * through the yen: the user sells `from` at its bid and buys `to` at its ask, so each non-yen leg
 * carries half the stated spread and the yen itself has none.
 */
import { currencyDecimals, toSafeNumber, type Currency } from '../../../shared/money';

/** Basis points in one: the spread is the full bid–ask width, so each side is spreadBp / 2. */
const BP = 10_000n;
const TWO_BP = 2n * BP;

/** One currency on the FX board: yen per `unit` major units is `price / priceScale`. */
export interface BoardRate {
  currency: Currency;
  price: number;
  priceScale: number;
  unit: number;
}

/** The yen against itself: no price, no spread. */
export const YEN_RATE: BoardRate = { currency: 'JPY', price: 1, priceScale: 1, unit: 1 };

/** A rational number num / den with den > 0. */
interface Ratio {
  num: bigint;
  den: bigint;
}

/**
 * Yen (its minor unit: the yen) per ONE minor unit of the currency, at the mid, the bid (the house
 * buys it: mid × (1 − s/2)) or the ask (the house sells it: mid × (1 + s/2)).
 */
export function yenPerMinor(r: BoardRate, side: 'mid' | 'bid' | 'ask', spreadBp: number): Ratio {
  const minorPerUnit = 10n ** BigInt(currencyDecimals(r.currency));
  const halfSpread = r.currency === 'JPY' || side === 'mid' ? 0n : BigInt(spreadBp);
  const factor = side === 'bid' ? TWO_BP - halfSpread : TWO_BP + halfSpread;
  return {
    num: BigInt(r.price) * (side === 'mid' ? TWO_BP : factor),
    den: BigInt(r.priceScale) * BigInt(r.unit) * minorPerUnit * TWO_BP,
  };
}

/** The board row's bid and ask in its own price scale: bid rounded down, ask up (the quote shown never flatters). */
export function boardSides(r: BoardRate, spreadBp: number): { bid: number; ask: number } {
  if (r.currency === 'JPY') return { bid: r.price, ask: r.price };
  const p = BigInt(r.price);
  const s = BigInt(spreadBp);
  const bid = (p * (TWO_BP - s)) / TWO_BP;
  const askNum = p * (TWO_BP + s);
  const ask = (askNum + TWO_BP - 1n) / TWO_BP;
  return { bid: toSafeNumber(bid, 'bid'), ask: toSafeNumber(ask, 'ask') };
}

export interface Conversion {
  /** What the user receives, in `to`'s minor unit: the exact amount rounded DOWN. */
  amountOut: number;
  /** The same at the mid rates, rounded down: amountOut + spreadAmount. */
  midAmountOut: number;
  /** What the house keeps, in `to`'s minor unit (≥ 0). */
  spreadAmount: number;
  /** Major units of `to` per major unit of `from`, × rateScale, rounded down (display only). */
  rate: number;
  midRate: number;
}

/**
 * Converts `amount` minor units of `from` into `to`. The spread is the difference between what the
 * mid rates would give and what the user gets, both floored, so the two postings of the target
 * currency (user cash + spread income = the house's fx outflow) sum exactly.
 */
export function convert(amount: number, from: BoardRate, to: BoardRate, spreadBp: number, rateScale: number): Conversion {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`fx: amount must be a positive integer: ${amount}`);
  const a = BigInt(amount);
  const out = (sell: Ratio, buy: Ratio) => (a * sell.num * buy.den) / (sell.den * buy.num);
  const user = out(yenPerMinor(from, 'bid', spreadBp), yenPerMinor(to, 'ask', spreadBp));
  const mid = out(yenPerMinor(from, 'mid', spreadBp), yenPerMinor(to, 'mid', spreadBp));
  const majorRate = (sell: Ratio, buy: Ratio) => {
    // per MAJOR unit: scale the minor-unit ratio by the two currencies' decimals.
    const fromMinor = 10n ** BigInt(currencyDecimals(from.currency));
    const toMinor = 10n ** BigInt(currencyDecimals(to.currency));
    return (BigInt(rateScale) * fromMinor * sell.num * buy.den) / (toMinor * sell.den * buy.num);
  };
  return {
    amountOut: toSafeNumber(user, 'amountOut'),
    midAmountOut: toSafeNumber(mid, 'midAmountOut'),
    spreadAmount: toSafeNumber(mid - user, 'spreadAmount'),
    rate: toSafeNumber(majorRate(yenPerMinor(from, 'bid', spreadBp), yenPerMinor(to, 'ask', spreadBp)), 'rate'),
    midRate: toSafeNumber(majorRate(yenPerMinor(from, 'mid', spreadBp), yenPerMinor(to, 'mid', spreadBp)), 'midRate'),
  };
}

/**
 * The yen value of `amount` minor units of a currency at the MID rate (no spread: what the balance is
 * worth, not what an exchange would pay), for total assets (docs/domain.md "Currency exchange").
 * Exact BigInt product, one division, rounded TOWARD ZERO (BigInt division truncates), so a negative
 * balance (a shortfall) is never made larger than it is and a positive one never flattered.
 */
export function yenValueAtMid(amount: number, r: BoardRate): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`fx: amount must be an integer: ${amount}`);
  if (r.currency === 'JPY') return amount;
  const m = yenPerMinor(r, 'mid', 0);
  const v = (BigInt(amount) * m.num) / m.den;
  return v === 0n ? 0 : toSafeNumber(v, 'valueJpy');
}
