import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, formatYearMonth } from '../../src/shared/money';
import { maskPhone } from '../../src/app/features/account/mask';

describe('format', () => {
  it('groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(-1234567)).toBe('−1,234,567'); // U+2212, one minus sign for every negative (issue 8)
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(Number.NaN)).toBe('—');
  });

  it('formats money from minor units with the currency symbol (¥ by default)', () => {
    expect(formatMoney(1234567)).toBe('¥1,234,567');
    expect(formatMoney(-500)).toBe('−¥500'); // U+2212 (issue 8)
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5, 'usd')).toBe('$0.05');
    expect(formatMoney(1000, 'XXX')).toBe('¥1,000');
    expect(formatMoney(1.5)).toBe('1.5'); // not an integer amount: never throws inside a toast
  });

  it('formats dates as Y.M.D h:m:s in Asia/Tokyo', () => {
    const ms = Date.UTC(2026, 11, 31, 15, 4, 5); // 2027-01-01 00:04:05 in Tokyo
    expect(formatDateTime(ms)).toBe('2027.01.01 00:04:05');
    expect(formatDate(ms)).toBe('2027.01.01');
    expect(formatTime(ms)).toBe('00:04');
    expect(formatYearMonth(ms)).toBe('2027.01');
    expect(formatYearMonth(Number.NaN)).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
  });

  it('masks phone numbers', () => {
    expect(maskPhone('09011112222')).toBe('090****2222');
    expect(maskPhone('1234')).toBe('1234');
  });
});
