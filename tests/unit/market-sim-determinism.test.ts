import { describe, expect, it } from 'vitest';
import { Simulator } from '../../src/server/market-sim';
import { jstMs } from '../../src/shared/market';

const CODES = ['7203', '9984', '285A', '4592', '9643', 'BTCJPY', 'USDJPY', 'N225', 'TSEG250'];
// Indices combine hundreds of members: a shorter range keeps the test quick.
const range = (code: string): [string, string] => (code.length === 4 || code.endsWith('JPY') ? ['2021-01-01', '2026-02-27'] : ['2025-10-01', '2026-01-30']);

describe('simulator determinism', () => {
  it('gives identical bars and quotes for the same seed', () => {
    const a = new Simulator({ seed: 'same' });
    const b = new Simulator({ seed: 'same' });
    for (const code of CODES) {
      expect(a.dailyBars(code, ...range(code)), code).toEqual(b.dailyBars(code, ...range(code)));
      expect(a.minuteBars(code, '2025-12-26'), code).toEqual(b.minuteBars(code, '2025-12-26'));
      const t = jstMs('2025-12-26', 13, 47, 31);
      expect(a.quote(code, t), code).toEqual(b.quote(code, t));
    }
    expect(a.corporateActions('7203')).toEqual(b.corporateActions('7203'));
  }, 60_000);

  it('generates any day on its own, in any order, without replaying history', () => {
    const full = new Simulator({ seed: 'order' }).dailyBars('6758', '2019-01-04', '2030-12-30');
    const fresh = new Simulator({ seed: 'order' });
    // Ask for the far future first, then an old day, then the middle.
    const picks = ['2030-06-14', '2019-03-01', '2023-08-09', '2026-03-31'];
    for (const d of picks) expect(fresh.dailyBars('6758', d, d)).toEqual(full.filter((x) => x.date === d));
  }, 30_000);

  it('differs for a different seed, except on the anchor date whose levels are pinned', () => {
    const a = new Simulator({ seed: 'one' }).dailyBars('8306', '2024-01-01', '2026-03-31');
    const b = new Simulator({ seed: 'two' }).dailyBars('8306', '2024-01-01', '2026-03-31');
    expect(a.map((x) => x.date)).toEqual(b.map((x) => x.date));
    const differ = a.filter((x, i) => x.close !== b[i]!.close).length;
    expect(differ / a.length).toBeGreaterThan(0.9);
    const anchor = (bars: typeof a) => bars.find((x) => x.date === '2025-12-30')!.close;
    expect(anchor(a)).toBe(24_000); // ¥2,400: the reference level of data/nikkei225.ts
    expect(anchor(b)).toBe(24_000);
  }, 30_000);
});
