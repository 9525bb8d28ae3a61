import { describe, expect, it } from 'vitest';
import { dayFactor, modelTrack, trackReturnBp, type CodeHistory, type TrackInput } from '../../src/server/modules/strategies/track';
import { modelFrom } from '../../src/server/modules/strategies/model-tracks';

const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09'];

function history(closes: number[], extra: Partial<CodeHistory> = {}): CodeHistory {
  return { closes: new Map(closes.map((c, i) => [DAYS[i]!, c])), splits: new Map(), dividends: new Map(), ...extra };
}

function input(h: CodeHistory, over: Partial<TrackInput> = {}): TrackInput {
  return {
    rule: 'follow_model', params: { weights: ['1111:10000'] }, feeBp: 0, bufferBp: 0,
    days: DAYS, history: new Map([['1111', h]]), from: DAYS[1]!, ...over,
  };
}

describe('model track record (strategies/track.ts)', () => {
  it('starts at ¥10,000 on the stated start and follows a fully invested holding', () => {
    const points = modelTrack(input(history([100, 100, 110, 121, 121, 242])));
    expect(points.map((p) => p.date)).toEqual(DAYS.slice(1));
    // held from the start day's close: +10 %, +10 %, 0, ×2
    expect(points.map((p) => p.nav)).toEqual([10_000, 11_000, 12_100, 12_100, 24_200]);
  });

  it('keeps the cash buffer as cash (it earns nothing)', () => {
    const points = modelTrack(input(history([100, 100, 200, 200, 200, 200]), { bufferBp: 2_000 }));
    // 80 % invested doubles: 0.2 + 1.6 = 1.8
    expect(points[1]!.nav).toBe(18_000);
  });

  it('a split or a dividend on its ex-date is not a loss', () => {
    const split = history([1000, 1000, 500, 500, 500, 500], { splits: new Map([[DAYS[2]!, 2]]) });
    expect(modelTrack(input(split)).map((p) => p.nav)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    const dividend = history([1000, 1000, 970, 970, 970, 970], { dividends: new Map([[DAYS[2]!, 30]]) });
    expect(modelTrack(input(dividend)).map((p) => p.nav)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(dayFactor(split, DAYS[1]!, DAYS[2]!)).toBe(1);
  });

  it('charges the fee per calendar day on the invested part only', () => {
    // 3.65 % a year = 1 bp a calendar day; Friday → Monday is three days
    const points = modelTrack(input(history([100, 100, 100, 100, 100, 100]), { feeBp: 365 }));
    expect(points[1]!.nav).toBe(9_999);
    const half = modelTrack(input(history([100, 100, 100, 100, 100, 100]), { feeBp: 365, bufferBp: 5_000 }));
    expect(half.at(-1)!.nav).toBeGreaterThan(points.at(-1)!.nav);
    expect(points.at(-1)!.nav).toBe(Math.floor(10_000 * (1 - 0.0001) ** 3 * (1 - 0.0003)));
  });

  it('decides targets on the closes before each day (no look-ahead)', () => {
    // momentum over 1 day, top 1 of two codes: on the start day it sees only the closes before it
    const a = history([100, 100, 200, 200, 200, 200]);
    const b = history([100, 101, 101, 101, 101, 101]);
    const points = modelTrack({
      rule: 'momentum', params: { universe: ['1111', '2222'], lookback: 1, top: 1 }, feeBp: 0, bufferBp: 0,
      days: DAYS, history: new Map([['1111', a], ['2222', b]]), from: DAYS[2]!,
    });
    // on DAYS[2] the closes before it are DAYS[0..1]: 2222 rose, 1111 did not → holds 2222, flat afterwards
    expect(points.map((p) => p.nav)).toEqual([10_000, 10_000, 10_000, 10_000]);
  });

  it('reports returns from a date to the last point', () => {
    const pts = [{ date: '2025-01-06', nav: 10_000 }, { date: '2025-06-02', nav: 12_000 }, { date: '2026-01-05', nav: 15_000 }];
    expect(trackReturnBp(pts, '2025-01-06')).toBe(5_000);
    expect(trackReturnBp(pts, '2025-07-01')).toBe(2_500);
    expect(trackReturnBp(pts, '2024-12-31')).toBeNull();
  });

  it('states its start three years before the fund began', () => {
    expect(modelFrom('2026-11-20')).toBe('2023-11-20');
    expect(modelFrom('2028-02-29')).toBe('2025-03-01');
  });
});
