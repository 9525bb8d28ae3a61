import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from '../../src/server/market-sim';
import { isSector33, SEGMENTS } from '../../src/shared/market';

const stocks = INSTRUMENTS.filter((i) => i.kind === 'stock');
const count = (pred: (i: (typeof INSTRUMENTS)[number]) => boolean) => INSTRUMENTS.filter(pred).length;

describe('instrument universe', () => {
  it('has unique codes and at least 300 stocks', () => {
    expect(new Set(INSTRUMENTS.map((i) => i.code)).size).toBe(INSTRUMENTS.length);
    expect(stocks.length).toBeGreaterThanOrEqual(300);
  });

  it('has the 225 Nikkei constituents of end-2025, all on Prime', () => {
    const n225 = stocks.filter((s) => s.nikkei225);
    expect(n225).toHaveLength(225);
    expect(n225.every((s) => s.segment === 'prime')).toBe(true);
    const codes = new Set(n225.map((s) => s.code));
    for (const c of ['3697', '6963', '4062', '6532', '7453', '4307', '6146', '6526', '3092']) expect(codes.has(c), c).toBe(true);
    // Left before the end of 2025 (Nidec still trades, so it stays in the universe but not the index)
    for (const c of ['6594', '7762', '9613', '9301', '2531', '3863', '4631', '5541', '5232']) expect(codes.has(c), c).toBe(false);
    // Joined only in 2026
    for (const c of ['285A', '7532', '543A']) expect(codes.has(c), c).toBe(false);
    expect(stocks.find((s) => s.code === '6594')?.nikkei225).toBe(false);
  });

  it('gives every stock a valid code, names, kana, sector, segment, tick table and share count', () => {
    for (const s of stocks) {
      expect(s.code, s.code).toMatch(/^[0-9][0-9A-Z]{3}$/);
      expect(s.nameJa.length).toBeGreaterThan(0);
      expect(s.nameEn.length).toBeGreaterThan(0);
      expect(s.kana, s.code).toMatch(/^[\u30A0-\u30FF]+$/);
      expect(isSector33(s.sector), s.code).toBe(true);
      expect(SEGMENTS).toContain(s.segment);
      expect(['topix500', 'other']).toContain(s.tickTable);
      expect(s.sharesOutstanding).toBeGreaterThan(0);
      expect(s.priceScale).toBe(10);
      expect(s.simulated).toBe(true);
    }
    expect(stocks.find((s) => s.code === '285A')?.nameEn).toBe('Kioxia Holdings'); // a code with a letter
  });

  it('puts Prime and Standard on Listed, Growth and regional exchanges on the counter', () => {
    for (const s of stocks) expect(s.board).toBe(s.segment === 'prime' || s.segment === 'standard' ? 'listed' : 'otc');
    const bySegment = Object.fromEntries(SEGMENTS.map((g) => [g, count((i) => i.segment === g)]));
    expect(bySegment.growth).toBeGreaterThanOrEqual(30);
    expect(bySegment.nagoya! + bySegment.fukuoka! + bySegment.sapporo!).toBeGreaterThanOrEqual(6);
    expect(count((i) => i.board === 'otc')).toBeGreaterThanOrEqual(40);
  });

  it('has the three indices, computed from members', () => {
    const idx = INSTRUMENTS.filter((i) => i.kind === 'index');
    expect(idx.map((i) => i.code)).toEqual(['N225', 'TOPIX', 'TSEG250']);
    expect(idx[0]!.members).toHaveLength(225);
    expect(idx[1]!.members!.length).toBe(count((i) => i.segment === 'prime'));
    expect(idx[2]!.members!.length).toBe(count((i) => i.segment === 'growth'));
  });

  it('has crypto vs JPY and the nine currencies of the spec vs JPY, in the spec order', () => {
    const crypto = INSTRUMENTS.filter((i) => i.kind === 'crypto').map((i) => i.base);
    expect(crypto).toEqual(expect.arrayContaining(['BTC', 'ETH', 'XRP', 'SOL', 'DOGE']));
    const fx = INSTRUMENTS.filter((i) => i.kind === 'fx');
    expect(fx.map((i) => i.base)).toEqual(['CNY', 'TWD', 'HKD', 'USD', 'THB', 'JPY', 'VND', 'MYR', 'KRW']);
    expect(fx.find((i) => i.base === 'JPY')?.fixed).toBe(true);
    expect(fx.find((i) => i.base === 'KRW')?.quoteUnit).toBe(100);
  });
});
