import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCompact, formatDate, formatDateTime, formatMoney, formatMonthName, formatNumber, formatTime, formatYearMonth } from '../../src/shared/money';
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

  it("reads Tokyo's wall clock exactly as Intl's Asia/Tokyo does, for any instant from 1952 to 2100", () => {
    // The formatter shifts by nine hours instead of asking Intl (datetime.ts): this holds it to the
    // time-zone database's answer, midnights and year ends included.
    const tokyo = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    const viaIntl = (ms: number) => {
      const p = Object.fromEntries(tokyo.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(1952, 0, 1), max: Date.UTC(2100, 0, 1) }),
      // Around a Tokyo midnight (15:00 UTC), where the date turns.
      fc.tuple(fc.integer({ min: 0, max: 54_000 }), fc.integer({ min: -2_000, max: 2_000 })).map(([day, s]) => day * 86_400_000 - 32_400_000 + s * 1000),
    );
    fc.assert(fc.property(instant, (ms) => formatDateTime(ms) === viaIntl(ms)), { numRuns: 2_000, seed: 1 });
  });

  it("names months exactly as Intl's { month: 'long' } does, in all four languages", () => {
    // datetime.ts writes them itself (the first DateTimeFormat of a page loads ICU's locale data).
    for (const locale of ['ja', 'en', 'zh-Hant', 'ko', 'en-US']) {
      const intl = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
      for (let m = 1; m <= 12; m++) expect(formatMonthName(m, locale), `${locale} ${m}`).toBe(intl.format(Date.UTC(2000, m - 1, 1)));
    }
    expect(formatMonthName(3, 'fr')).toBe('mars');
    expect(formatMonthName(0, 'ja')).toBe('—');
    expect(formatMonthName(13, 'en')).toBe('—');
  });

  it("writes compact numbers exactly as Intl's compact notation does, in all four languages", () => {
    // compact.ts works the answer out instead of asking Intl (whose compact data is a long task to
    // load): this holds it to Intl's own, at unit boundaries, on ties and where rounding carries.
    const near = (p: number) => fc.tuple(fc.integer({ min: -50, max: 50 }), fc.constantFrom(1, 10, 100)).map(([d, s]) => Math.max(0, 10 ** p + (d * 10 ** p) / (1000 * s)));
    const value = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 0, max: 20 }).chain(near),
      // Decimals with up to three places (volumes in lots, small prices), ties like 12.35 among them.
      fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(10, 100, 1000)).map(([n, d]) => n / d),
      fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 16 })).map(([n, p]) => (n * 10 + 5) * 10 ** p),
      fc.double({ min: 0, max: 1e20, noNaN: true }),
    );
    for (const locale of ['ja', 'en', 'zh-Hant', 'ko']) {
      const intl = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
      fc.assert(
        fc.property(value, fc.boolean(), (v, negative) => {
          const expected = intl.format(v);
          const ours = formatCompact(negative ? -v : v, locale);
          return ours === (negative && /[1-9]/.test(expected) ? `−${expected}` : expected);
        }),
        { numRuns: 3_000, seed: 1 },
      );
    }
    expect(formatCompact(12_340_000, 'ja')).toBe('1234万');
    expect(formatCompact(-5_000, 'en')).toBe('−5K');
    expect(formatCompact(12_345, 'ko')).toBe('1.2만');
    expect(formatCompact(null, 'ja')).toBe('—');
  });

  it('masks phone numbers', () => {
    expect(maskPhone('09011112222')).toBe('090****2222');
    expect(maskPhone('1234')).toBe('1234');
  });
});
