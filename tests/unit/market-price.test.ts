import { describe, expect, it } from 'vitest';
import { changeBp, formatPrice, notionalYen, parsePrice, priceToYenFloor, scaleDecimals, yenToPrice, LOT_SIZE } from '../../src/shared/market';

describe('scaled prices', () => {
  it('converts yen text and integers without floats', () => {
    expect(parsePrice('2345.5')).toBe(23455);
    expect(parsePrice('2345')).toBe(23450);
    expect(parsePrice('2345.50')).toBe(23455);
    expect(() => parsePrice('2345.55')).toThrow();
    expect(formatPrice(23455)).toBe('2345.5');
    expect(formatPrice(2345, 1)).toBe('2345');
    expect(formatPrice(156700, 1000)).toBe('156.700');
    expect(formatPrice(1234567, 10, { group: true })).toBe('123,456.7');
    expect(yenToPrice(2345)).toBe(23450);
    expect(priceToYenFloor(23459)).toBe(2345);
    expect(scaleDecimals(10_000)).toBe(4);
    expect(() => scaleDecimals(3)).toThrow();
  });

  it('computes notional and change exactly', () => {
    expect(notionalYen(23455, LOT_SIZE)).toBe(234_550);
    expect(notionalYen(3, 1)).toBe(0); // 0.3 yen rounds down
    expect(changeBp(10_500, 10_000)).toBe(500);
    expect(changeBp(9_999, 10_000)).toBe(-1);
    expect(changeBp(10_001, 30_000)).toBe(-6666); // −6666.33 bp
    expect(changeBp(1, 3)).toBe(-6667); // −6666.67 bp, half away from zero
    expect(changeBp(30_003, 20_000)).toBe(5002); // 5001.5 bp rounds away from zero
    expect(changeBp(5, 0)).toBe(0);
  });
});
