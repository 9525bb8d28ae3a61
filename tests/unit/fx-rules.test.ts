import { describe, expect, it } from 'vitest';
import { boardSides, convert, yenPerMinor, YEN_RATE, type BoardRate } from '../../src/server/modules/fx/rules';
import { rateText, secondsLeft } from '../../src/app/features/fx/rate-text';
import { FX_RATE_SCALE } from '../../src/shared/api/fx';

const USD: BoardRate = { currency: 'USD', price: 156_700, priceScale: 1000, unit: 1 };
const KRW: BoardRate = { currency: 'KRW', price: 10_880, priceScale: 1000, unit: 100 };
const VND: BoardRate = { currency: 'VND', price: 5_958, priceScale: 10_000, unit: 100 };

describe('fx rules: integers only, the user amount rounded down', () => {
  it('JPY → USD at the ask: 100,000 yen at 156.700 ± 0.25% → cents, floored; spread = mid − user', () => {
    const c = convert(100_000, YEN_RATE, USD, 50, FX_RATE_SCALE);
    // ask = 156.700 × 1.0025 = 157.09175 yen per dollar → 636.57... dollars → 63,657 cents (floored).
    expect(c.amountOut).toBe(Math.floor((100_000 * 100 * 1000 * 20_000) / (156_700 * 20_050)));
    expect(c.amountOut).toBe(63_657);
    // mid: 100,000 / 156.7 = 638.162... → 63,816 cents.
    expect(c.midAmountOut).toBe(63_816);
    expect(c.spreadAmount).toBe(63_816 - 63_657);
    // 1 yen = 0.00636574 dollars at the ask (× 1e8, floored).
    expect(c.rate).toBe(Math.floor((1e8 * 1000 * 20_000) / (156_700 * 20_050)));
  });

  it('USD → JPY at the bid, floored to the yen; a zero spread gives the mid', () => {
    const c = convert(63_657, USD, YEN_RATE, 50, FX_RATE_SCALE);
    // 636.57 dollars × 156.700 × 0.9975 = 99,501.14... yen → 99,501.
    expect(c.amountOut).toBe(99_501);
    expect(c.midAmountOut).toBe(99_750); // 636.57 × 156.7 = 99,750.519
    const flat = convert(63_657, USD, YEN_RATE, 0, FX_RATE_SCALE);
    expect(flat.amountOut).toBe(flat.midAmountOut);
    expect(flat.spreadAmount).toBe(0);
  });

  it('quote units: KRW and VND are quoted per 100 and have no minor unit', () => {
    // 1,000 yen at the mid: 1000 / (10.880 / 100) = 9,191.17... won → 9,191.
    expect(convert(1_000, YEN_RATE, KRW, 0, FX_RATE_SCALE).amountOut).toBe(9_191);
    // 1,000 yen → dong: 1000 / (0.5958 / 100) = 167,841.5 → 167,841.
    expect(convert(1_000, YEN_RATE, VND, 0, FX_RATE_SCALE).amountOut).toBe(167_841);
    expect(yenPerMinor(KRW, 'mid', 0)).toEqual({ num: 10_880n * 20_000n, den: 1000n * 100n * 1n * 20_000n });
  });

  it('a cross goes through the yen with half the spread on each leg and is never better than the mid', () => {
    const c = convert(1_000, USD, KRW, 50, FX_RATE_SCALE); // $10.00
    const exact = (1_000n * 156_700n * 19_950n * 1000n * 100n) / (1000n * 100n * 10_880n * 20_050n);
    expect(c.amountOut).toBe(Number(exact));
    expect(c.amountOut).toBeLessThanOrEqual(c.midAmountOut);
    expect(c.midAmountOut + 0).toBe(Math.floor((10 * 156.7) / 0.1088));
  });

  it('large amounts stay exact (no float step) and out-of-range results throw', () => {
    const big = convert(9_000_000_000_000, YEN_RATE, USD, 50, FX_RATE_SCALE);
    expect(Number.isSafeInteger(big.amountOut)).toBe(true);
    expect(big.amountOut).toBe(Number((9_000_000_000_000n * 100n * 1000n * 20_000n) / (156_700n * 20_050n)));
    expect(() => convert(Number.MAX_SAFE_INTEGER, YEN_RATE, VND, 50, FX_RATE_SCALE)).toThrow();
    expect(() => convert(0, YEN_RATE, USD, 50, FX_RATE_SCALE)).toThrow(RangeError);
    expect(() => convert(1.5, YEN_RATE, USD, 50, FX_RATE_SCALE)).toThrow(RangeError);
  });

  it('board sides: bid rounded down, ask up; the yen has none', () => {
    expect(boardSides(USD, 50)).toEqual({ bid: 156_308, ask: 157_092 }); // 156,308.25 → 156,308; 157,091.75 → 157,092
    expect(boardSides(YEN_RATE, 50)).toEqual({ bid: 1, ask: 1 });
    expect(boardSides(USD, 0)).toEqual({ bid: 156_700, ask: 156_700 });
  });
});

describe('fx screen helpers', () => {
  it('rateText drops trailing zeros down to two decimals', () => {
    expect(rateText(15_590_830_000)).toBe('155.9083');
    expect(rateText(15_600_000_000)).toBe('156.00');
    expect(rateText(636_574)).toBe('0.00636574');
    expect(rateText(919_117_647_058)).toBe('9,191.17647058');
  });
  it('secondsLeft counts down whole seconds and stops at zero', () => {
    expect(secondsLeft(1_000, 30_000, 1_000)).toBe(30);
    expect(secondsLeft(1_000, 30_000, 1_001)).toBe(30);
    expect(secondsLeft(1_000, 30_000, 30_999)).toBe(1);
    expect(secondsLeft(1_000, 30_000, 31_000)).toBe(0);
    expect(secondsLeft(1_000, 30_000, 99_000)).toBe(0);
  });
});
