import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIN_VISIBLE_BARS, atLatest, clampView, fullView, initialView, panView, zoomView } from '../../src/app/components/chart/view';
import { buildModel, defaultMaPeriods, paneExtent } from '../../src/app/components/chart/model';
import { formatAxisTime, formatBarTime } from '../../src/app/components/chart/format';
import { formatPrice, priceDecimals } from '../../src/shared/money';
import type { Bar } from '../../src/shared/chart';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

describe('chart view window', () => {
  it('starts on the latest bars', () => {
    expect(initialView(1000, 60)).toEqual({ min: 939.5, max: 999.5 });
    expect(initialView(30, 60)).toEqual(fullView(30));
    expect(atLatest(initialView(1000, 60), 1000)).toBe(true);
  });

  it('pans inside the data without changing width', () => {
    const v = initialView(1000, 60);
    expect(panView(v, -100, 1000)).toEqual({ min: 839.5, max: 899.5 });
    expect(panView(v, 50, 1000)).toEqual(v); // already at the right edge
    expect(panView({ min: 9.5, max: 69.5 }, -100, 1000)).toEqual({ min: -0.5, max: 59.5 });
  });

  it('zooms around an anchor and stops at the narrowest and widest views', () => {
    // Halving the width around x = 969.5 (the middle) keeps it in the middle.
    expect(zoomView(initialView(1000, 60), 0.5, 969.5, 1000)).toEqual({ min: 954.5, max: 984.5 });
    const narrow = zoomView(initialView(1000, 60), 0.01, 999, 1000);
    expect(narrow.max - narrow.min).toBe(MIN_VISIBLE_BARS);
    expect(zoomView(initialView(1000, 60), 1000, 500, 1000)).toEqual(fullView(1000));
  });

  it('always stays inside the data (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        (n, shift, factor, anchor) => {
          for (const v of [panView(initialView(n, 80), shift, n), zoomView(initialView(n, 80), factor, anchor, n), clampView({ min: shift, max: shift + factor }, n)]) {
            expect(v.min).toBeGreaterThanOrEqual(-0.5 - 1e-9);
            expect(v.max).toBeLessThanOrEqual(n - 0.5 + 1e-9);
            expect(v.max - v.min).toBeGreaterThanOrEqual(Math.min(MIN_VISIBLE_BARS, n) - 1e-9);
          }
        },
      ),
    );
  });
});

describe('chart model', () => {
  const bars: Bar[] = Array.from({ length: 30 }, (_, i) => ({ t: jst('2026-01-05T09:00:00') + i * 300_000, o: 1000 + i, h: 1010 + i, l: 990 + i, c: 1005 + i, v: 100 }));

  it('builds candles with MA overlays and the chosen sub pane', () => {
    const m = buildModel({ bars, period: 'min5', indicators: { main: 'MA', sub: 'MACD' }, priceScale: 10 });
    expect(m.mode).toBe('candles');
    expect(m.main.lines.map((l) => l.label)).toEqual(['MA5', 'MA25', 'MA75']);
    expect(m.sub.lines.map((l) => l.label)).toEqual(['DIF', 'DEA']);
    expect(m.sub.bars?.label).toBe('MACD');
    // Visible extent of bars 0–1 on the main pane: lows 990, 991; highs 1010, 1011 (MAs are null there).
    expect(paneExtent(m.main, 0, 1)).toEqual([990, 1011]);
    expect(buildModel({ bars, period: 'day', indicators: { main: 'BOLL', sub: 'RSI' }, priceScale: 10 }).main.lines.map((l) => l.label)).toEqual(['MA20', '+2σ', '−2σ']);
  });

  it('draws time-share as price and average lines with a volume pane', () => {
    const m = buildModel({ bars, period: 'timeshare', indicators: { main: 'MA', sub: 'KDJ' }, priceScale: 10, prevClose: 1000 });
    expect(m.mode).toBe('timeshare');
    expect(m.main.lines.map((l) => l.key ?? l.label)).toEqual(['price', 'avg', '']);
    expect(m.sub.bars?.key).toBe('volume');
    expect(m.main.range).toBe('base');
  });

  it('uses the Japanese default MA periods', () => {
    expect(defaultMaPeriods('day')).toEqual([5, 25, 75]);
    expect(defaultMaPeriods('week')).toEqual([13, 26, 52]);
    expect(defaultMaPeriods('month')).toEqual([12, 24, 60]);
  });
});

describe('chart labels', () => {
  it('shows decimals only for series that need them', () => {
    expect(priceDecimals([23450, 23460], 10)).toBe(0);
    expect(priceDecimals([23450, 23455], 10)).toBe(1);
    expect(formatPrice(23455, 10, 1)).toBe('2,345.5');
    expect(formatPrice(23450, 10, 0)).toBe('2,345');
    expect(formatPrice(1234567, 100, 2)).toBe('12,345.67');
    expect(formatPrice(null, 10, 1)).toBe('—');
  });

  it('formats times in Tokyo', () => {
    const t = Date.parse('2026-01-05T00:35:00Z'); // 09:35 JST
    expect(formatBarTime(t, 'min5')).toBe('2026.01.05 09:35');
    expect(formatBarTime(t, 'timeshare')).toBe('09:35');
    expect(formatBarTime(t, 'month')).toBe('2026.01');
    expect(formatAxisTime(t, t - 300_000, 'min5')).toBe('09:35');
    // Axes use the app's Y.M.D dates too (docs/product.md), not M/D.
    expect(formatAxisTime(t, t - 86_400_000, 'min5')).toBe('2026.01.05');
    expect(formatAxisTime(t, null, 'min5')).toBe('2026.01.05');
    expect(formatAxisTime(t, null, 'day')).toBe('2026.01.05');
    expect(formatAxisTime(t, t - 86_400_000, 'day')).toBe('2026.01.05');
    expect(formatAxisTime(t, t - 7 * 86_400_000, 'week')).toBe('2026.01.05');
    expect(formatAxisTime(t, null, 'month')).toBe('2026.01');
    expect(formatAxisTime(t, null, 'halfyear')).toBe('2026.01');
    expect(formatAxisTime(t, null, 'year')).toBe('2026');
    expect(formatAxisTime(t, t - 60_000, 'timeshare')).toBe('09:35');
    // The day changes at midnight Tokyo time, not UTC: 23:55 JST the day before shows the new date.
    const lateUtc = Date.parse('2026-01-04T15:05:00Z'); // 00:05 JST on 01.05
    expect(formatAxisTime(lateUtc, lateUtc - 600_000, 'min5')).toBe('2026.01.05');
  });
});
