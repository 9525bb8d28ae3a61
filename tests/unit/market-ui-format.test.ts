import { describe, expect, it } from 'vitest';
import {
  ARROW,
  direction,
  formatChange,
  formatCompact,
  formatPercent,
  formatPrice,
  formatVolume,
  formatX100,
  formatYenCompact,
  scaleDecimals,
} from '../../src/shared/money';
import { detailPath, instrumentName, rowFromDetail } from '../../src/app/features/market/names';
import { LIVE_BLOCK, liveRange } from '../../src/app/features/market/BoardList';
import { memoryJsonStore } from '../../src/app/json-store';
import { DEFAULT_UPDOWN, UPDOWN_COLORS, UPDOWN_KEY, getUpDownScheme, resetUpDownForTests, setUpDownScheme } from '../../src/app/features/market/updown';

describe('market number formatting', () => {
  it('formats scaled prices exactly with the scale’s decimals and separators', () => {
    expect(formatPrice(23455, 10)).toBe('2,345.5');
    expect(formatPrice(23450, 10)).toBe('2,345.0');
    expect(formatPrice(5, 10)).toBe('0.5');
    expect(formatPrice(156234, 1000)).toBe('156.234');
    expect(formatPrice(5207061, 100)).toBe('52,070.61');
    expect(formatPrice(15_000_000, 1)).toBe('15,000,000');
    expect(formatPrice(-1234, 10)).toBe('−123.4');
    expect(formatPrice(null, 10)).toBe('—');
    expect(formatPrice(undefined, 10)).toBe('—');
    // No float rounding: 9007199254740991 stays exact.
    expect(formatPrice(9007199254740991, 10)).toBe('900,719,925,474,099.1');
  });

  it('signs changes with + and the typographic minus', () => {
    expect(formatChange(160, 10)).toBe('+16.0');
    expect(formatChange(-5, 10)).toBe('−0.5');
    expect(formatChange(0, 10)).toBe('0.0');
    expect(formatChange(-6134, 100)).toBe('−61.34');
  });

  it('turns basis points into signed percentages with two decimals', () => {
    expect(formatPercent(123)).toBe('+1.23%');
    expect(formatPercent(-5)).toBe('−0.05%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(3000)).toBe('+30.00%');
    expect(formatPercent(-123456)).toBe('−1,234.56%');
    expect(formatPercent(250, { sign: false })).toBe('2.50%');
    expect(formatPercent(-250, { sign: false })).toBe('−2.50%');
    expect(formatPercent(null)).toBe('—');
  });

  it('gives every change a direction and an arrow (colour is never the only cue)', () => {
    expect(direction(1)).toBe('rise');
    expect(direction(-1)).toBe('fall');
    expect(direction(0)).toBe('flat');
    expect(direction(null)).toBe('flat');
    expect(ARROW.rise).toBe('▲');
    expect(ARROW.fall).toBe('▼');
    expect(ARROW.flat).toBe('');
  });

  it('shortens large amounts in the reader’s language', () => {
    expect(formatCompact(12_340_000, 'ja')).toBe('1234万');
    expect(formatCompact(12_340_000, 'en')).toBe('12.3M');
    expect(formatYenCompact(2_070_000_000, 'ja')).toBe('¥20.7億');
    expect(formatYenCompact(-5_000, 'en')).toBe('−¥5K');
    expect(formatVolume(1_500_000, 1000, 'en')).toBe('1.5K');
    expect(formatX100(1523)).toBe('15.23');
    expect(scaleDecimals(1)).toBe(0);
    expect(scaleDecimals(1000)).toBe(3);
  });
});

describe('names and paths', () => {
  it('shows Japanese names in Japanese and English names otherwise', () => {
    const row = { nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' };
    expect(instrumentName(row, 'ja')).toBe('トヨタ自動車');
    expect(instrumentName(row, 'en')).toBe('Toyota Motor');
    expect(instrumentName(row, 'ko')).toBe('Toyota Motor');
    expect(instrumentName({ nameJa: '日本', nameEn: '' }, 'en')).toBe('日本');
    // With its code: the written Traditional Chinese and Korean names (src/shared/market/local-names.ts).
    expect(instrumentName({ code: '7203', ...row }, 'zh-Hant')).toBe('豐田汽車');
    expect(instrumentName({ code: '7203', ...row }, 'ko')).toBe('도요타자동차');
  });

  it('opens indices on their own detail screen', () => {
    expect(detailPath('index')).toBe('/market/stockDetailzs');
    expect(detailPath('stock')).toBe('/market/stockDetail');
    expect(detailPath('fx')).toBe('/market/stockDetail');
  });

  it('builds a watchlist row from a quote detail', () => {
    const row = rowFromDetail({
      instrument: { code: '7203', kind: 'stock', board: 'listed', nameJa: 'トヨタ', nameEn: 'Toyota', priceScale: 10, qtyScale: 1, quoteUnit: 1 },
      quote: { price: 25875, prevClose: 25715, change: 160, changeBp: 62, volume: 801500, turnover: 2_070_000_000, limitState: null, session: 'morning', at: 1000 },
    });
    expect(row).toMatchObject({ code: '7203', price: 25875, changeBp: 62, at: 1000, simulated: true });
  });
});

describe('live range of a virtualized list', () => {
  it('asks for whole blocks around the rows on screen', () => {
    expect(liveRange(0, 12, 300)).toEqual([0, LIVE_BLOCK]);
    expect(liveRange(15, 30, 300)).toEqual([0, 40]);
    expect(liveRange(21, 35, 300)).toEqual([20, 40]);
    expect(liveRange(290, 299, 300)).toEqual([280, 300]);
    expect(liveRange(0, 5, 6)).toEqual([0, 6]);
    expect(liveRange(0, -1, 0)).toEqual([0, 0]);
  });

  it('does not change while scrolling inside a block', () => {
    expect(liveRange(21, 33, 300)).toEqual(liveRange(22, 34, 300));
  });
});

describe('rise / fall colour setting', () => {
  it('defaults to red up / blue down and stores a change', () => {
    const store = memoryJsonStore();
    resetUpDownForTests(store);
    expect(getUpDownScheme()).toBe(DEFAULT_UPDOWN);
    expect(UPDOWN_COLORS[DEFAULT_UPDOWN]).toEqual({ rise: '#d7263d', fall: '#1f5fc4' });
    setUpDownScheme('green-red');
    expect(store.get(UPDOWN_KEY)).toBe('green-red');
    resetUpDownForTests(store);
    expect(getUpDownScheme()).toBe('green-red');
    setUpDownScheme(DEFAULT_UPDOWN);
    expect(store.get(UPDOWN_KEY)).toBeUndefined();
    store.set(UPDOWN_KEY, 'purple');
    resetUpDownForTests(store);
    expect(getUpDownScheme()).toBe(DEFAULT_UPDOWN);
  });
});
