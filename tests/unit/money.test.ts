import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  typedAmount,
  ARROW,
  CURRENCY_CODES,
  MoneyError,
  direction,
  formatChange,
  formatFixed,
  formatInt,
  formatLeverage,
  formatNumber,
  formatPercent,
  formatPrice,
  formatPriceYen,
  formatTickPrice,
  formatYenCompact,
  priceDecimals,
  applyRateDown,
  assertSafeInteger,
  currencyDecimals,
  feeDown,
  formatMoney,
  fromMinor,
  isCurrency,
  mulDivDown,
  mulDivUp,
  parseDecimal,
  parseRate,
  taxDown,
  toMinor,
} from '../../src/shared/money';

describe('currencies', () => {
  it('has the spec currencies with their minor units, then USDT (in cents)', () => {
    expect(CURRENCY_CODES).toEqual(['JPY', 'CNY', 'TWD', 'HKD', 'USD', 'THB', 'VND', 'MYR', 'KRW', 'USDT']);
    expect(CURRENCY_CODES.map(currencyDecimals)).toEqual([0, 2, 2, 2, 2, 2, 0, 2, 0, 2]);
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('usd')).toBe(false);
    expect(isCurrency('toString')).toBe(false);
    expect(isCurrency(1)).toBe(false);
  });
});

describe('assertSafeInteger', () => {
  it('accepts safe integers and rejects everything else', () => {
    expect(() => assertSafeInteger(0)).not.toThrow();
    expect(() => assertSafeInteger(-Number.MAX_SAFE_INTEGER)).not.toThrow();
    for (const bad of [1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 1, '1', 1n, null, undefined]) {
      expect(() => assertSafeInteger(bad)).toThrow(MoneyError);
    }
  });
});

describe('toMinor', () => {
  it('parses exactly, per currency', () => {
    expect(toMinor('1234', 'JPY')).toBe(1234);
    expect(toMinor('1234.5', 'USD')).toBe(123450);
    expect(toMinor('0.01', 'USD')).toBe(1);
    expect(toMinor('0.1', 'USD')).toBe(10);
    expect(toMinor('1.15', 'USD')).toBe(115); // 1.15 * 100 = 114.99999999999999 in floats
    expect(toMinor('4.35', 'HKD')).toBe(435);
    expect(toMinor('-12.34', 'USD')).toBe(-1234);
    expect(toMinor('+7', 'KRW')).toBe(7);
    expect(toMinor(' 007 ', 'VND')).toBe(7);
    expect(Object.is(toMinor('-0', 'JPY'), 0)).toBe(true);
    expect(Object.is(toMinor('-0.00', 'USD'), 0)).toBe(true);
  });

  it('accepts surplus zeros but refuses anything that would need rounding', () => {
    expect(toMinor('100.00', 'JPY')).toBe(100);
    expect(toMinor('1.2300', 'USD')).toBe(123);
    expect(() => toMinor('100.5', 'JPY')).toThrow(MoneyError);
    expect(() => toMinor('1.005', 'USD')).toThrow(MoneyError);
  });

  it('refuses malformed input', () => {
    for (const bad of ['', ' ', '.5', '5.', '1,000', '1e3', '0x10', 'abc', '--1', '1 000', '¥100', 'NaN', 'Infinity', '１００']) {
      expect(() => toMinor(bad, 'JPY'), bad).toThrow(MoneyError);
    }
  });

  it('refuses amounts beyond the safe integer range', () => {
    expect(toMinor('9007199254740991', 'JPY')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinor('9007199254740992', 'JPY')).toThrow(MoneyError);
    expect(toMinor('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinor('90071992547409.92', 'USD')).toThrow(MoneyError);
    expect(() => toMinor('-9007199254740992', 'JPY')).toThrow(MoneyError);
  });

  it('round-trips with fromMinor for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom(...CURRENCY_CODES), (n, c) => {
        expect(toMinor(fromMinor(n, c), c)).toBe(n);
      }),
    );
  });
});

describe('fromMinor', () => {
  it('prints a plain decimal with the currency places', () => {
    expect(fromMinor(123450, 'USD')).toBe('1234.50');
    expect(fromMinor(5, 'USD')).toBe('0.05');
    expect(fromMinor(-5, 'USD')).toBe('-0.05');
    expect(fromMinor(0, 'USD')).toBe('0.00');
    expect(fromMinor(1234567, 'JPY')).toBe('1234567');
    expect(fromMinor(-1, 'KRW')).toBe('-1');
    expect(() => fromMinor(1.5, 'JPY')).toThrow(MoneyError);
  });
});

describe('formatMoney', () => {
  it('groups thousands and adds the symbol, yen by default', () => {
    expect(formatMoney(1234567)).toBe('¥1,234,567');
    expect(formatMoney(0)).toBe('¥0');
    expect(formatMoney(999)).toBe('¥999');
    expect(formatMoney(1000)).toBe('¥1,000');
    expect(formatMoney(-1234567)).toBe('−¥1,234,567'); // U+2212: one minus sign for negative amounts (issue 8)
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-5, 'USD')).toBe('−$0.05'); // U+2212 (issue 8)
    expect(formatMoney(100000, 'HKD')).toBe('HK$1,000.00');
    expect(formatMoney(1500000, 'KRW')).toBe('₩1,500,000');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('¥9,007,199,254,740,991');
  });

  it('options: no symbol, custom symbol, explicit plus', () => {
    expect(formatMoney(1234, 'JPY', { symbol: false })).toBe('1,234');
    expect(formatMoney(1234, 'JPY', { symbol: '円' })).toBe('円1,234');
    expect(formatMoney(1234, 'JPY', { sign: 'always' })).toBe('+¥1,234');
    expect(formatMoney(0, 'JPY', { sign: 'always' })).toBe('¥0');
    expect(formatMoney(-1234, 'JPY', { sign: 'always' })).toBe('−¥1,234'); // U+2212 (issue 8)
  });
});

describe('parseDecimal (prices with a scale)', () => {
  it('parses to any number of places', () => {
    expect(parseDecimal('2345.5', 1)).toBe(23455);
    expect(parseDecimal('2345', 1)).toBe(23450);
    expect(() => parseDecimal('2345.55', 1)).toThrow(MoneyError);
  });
});

describe('rounding', () => {
  it('parses rates exactly, from strings and numbers', () => {
    expect(parseRate('0.0003')).toEqual({ num: 3n, den: 10000n });
    expect(parseRate(0.1)).toEqual({ num: 1n, den: 10n });
    expect(parseRate(1e-7)).toEqual({ num: 1n, den: 10000000n });
    expect(parseRate('1.5e2')).toEqual({ num: 150n, den: 1n });
    for (const bad of ['-0.1', 'abc', '', NaN, Infinity, -1]) expect(() => parseRate(bad)).toThrow(MoneyError);
  });

  it('fees round down (in the user\u2019s favour)', () => {
    expect(feeDown(1_000_000, '0.0003')).toBe(300);
    expect(feeDown(333_333, '0.0003')).toBe(99); // 99.9999
    expect(feeDown(3333, 0.0003)).toBe(0); // 0.9999
    // 0.1 + 0.2 style traps: 0.07 * 100 = 7.000000000000001 in floats
    expect(applyRateDown(100, 0.07)).toBe(7);
    expect(applyRateDown(100, '0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996 in floats
  });

  it('fees honour a minimum (never above the amount) and a cap', () => {
    expect(feeDown(10_000, '0.0003', { min: 100 })).toBe(100);
    expect(feeDown(50, '0.0003', { min: 100 })).toBe(50);
    expect(feeDown(100_000_000, '0.0003', { max: 20_000 })).toBe(20_000);
    expect(() => feeDown(-1, '0.0003')).toThrow(MoneyError);
  });

  it('tax rounds down; losses owe nothing', () => {
    expect(taxDown(12_345, '0.20315')).toBe(2507); // 2507.88675
    expect(taxDown(0, '0.20315')).toBe(0);
    expect(taxDown(-5000, '0.20315')).toBe(0);
  });

  it('mulDiv is exact beyond the float range of the product', () => {
    expect(mulDivDown(23455, 100, 10)).toBe(234550);
    expect(mulDivDown(7, 1, 2)).toBe(3);
    expect(mulDivDown(-7, 1, 2)).toBe(-4);
    expect(mulDivUp(7, 1, 2)).toBe(4);
    expect(mulDivUp(-7, 1, 2)).toBe(-3);
    expect(mulDivDown(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => mulDivDown(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(MoneyError);
    expect(() => mulDivDown(1, 1, 0)).toThrow(MoneyError);
  });

  it('applyRateDown equals floor of the exact product (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 99999 }), (amount, bp) => {
        // rate = bp / 100000 written as a decimal string
        const rate = `0.${String(bp).padStart(5, '0')}`;
        expect(applyRateDown(amount, rate)).toBe(Number((BigInt(amount) * BigInt(bp)) / 100000n));
      }),
    );
  });
});

describe('display formatting (one home: src/shared/money)', () => {
  it('shows price decimals only where the tick has them', () => {
    expect(formatTickPrice(23455, 10)).toBe('2,345.5');
    expect(formatTickPrice(419900, 10)).toBe('41,990');
    expect(formatPriceYen(23455, 10)).toBe('¥2,345.5');
    expect(formatPriceYen(419900, 10)).toBe('¥41,990');
    expect(formatPriceYen(156700, 1000)).toBe('¥156.700');
    expect(formatPriceYen(null, 10)).toBe('—');
    // Inputs and fixed-width columns keep the scale's decimals.
    expect(formatPrice(23450, 10)).toBe('2,345.0');
    expect(priceDecimals([23450, 23455], 10)).toBe(1);
    expect(priceDecimals([23450, 23460], 10)).toBe(0);
  });

  it('uses one minus sign (U+2212) for negative amounts, changes, percentages and values', () => {
    expect(formatMoney(-1)).toBe('\u2212¥1');
    expect(formatChange(-5, 10)).toBe('\u22120.5');
    expect(formatPercent(-5)).toBe('\u22120.05%');
    expect(formatNumber(-1.5)).toBe('\u22121.5');
    expect(formatInt(-1234)).toBe('\u22121,234');
    expect(formatFixed(-0.524)).toBe('\u22120.52');
    expect(formatFixed(-0.001)).toBe('0.00');
    expect(formatPriceYen(-23455, 10)).toBe('\u2212¥2,345.5');
    expect(formatYenCompact(-5_000, 'en')).toBe('\u2212¥5K');
    // Wire formats keep the ASCII hyphen.
    expect(fromMinor(-5, 'USD')).toBe('-0.05');
  });

  it('formats leverage and directions', () => {
    expect(formatLeverage(1)).toBe('1×');
    expect(formatLeverage(3.3)).toBe('3.3×');
    expect(direction(-3)).toBe('fall');
    expect(ARROW[direction(2)]).toBe('▲');
  });
});

describe('typedAmount', () => {
  it('reads what a user types in the currency minor unit, and nothing else', () => {
    expect(typedAmount('1000', 'JPY')).toBe(1000);
    expect(typedAmount(' 1,000 ', 'JPY')).toBe(1000);
    expect(typedAmount('25.5', 'USDT')).toBe(2550);
    expect(typedAmount('25.50', 'USD')).toBe(2550);
    for (const bad of ['', ' ', '0', '0.00', '1.5', '-3', 'abc', '1e3']) expect(typedAmount(bad, 'JPY'), bad).toBeNull();
    expect(typedAmount('1.001', 'USDT')).toBeNull();
  });
});
