import { describe, expect, it } from 'vitest';
import { Simulator } from '../../src/server/market-sim';
import { jstMs } from '../../src/shared/market';

const sim = new Simulator({ seed: 'index' });

describe('indices computed from their members', () => {
  it('stand at the real levels on the anchor date (docs/tse-rules.md "Indices")', () => {
    const at = (code: string) => sim.dailyBars(code, '2025-12-30', '2025-12-30')[0]!.close;
    expect(at('N225')).toBe(5_033_900); // 50,339.00 (priceScale 100)
    expect(at('TOPIX')).toBe(340_900);
    expect(at('TSEG250')).toBe(68_000);
  }, 60_000);

  it('Nikkei 225 is Σ price ÷ divisor over its 225 members, any day', () => {
    const model = sim.indexModel('N225');
    expect(new Set(model.weights).size).toBe(1); // price-weighted: one divisor for all
    const day = '2023-06-15';
    const closes = model.members.map((s) => sim.dailyBars(s.instrument.code, day, day)[0]!.close / s.splitFactor(day));
    const divisor = 1 / model.weights[0]!;
    const expected = Math.round(closes.reduce((a, b) => a + b, 0) / divisor);
    expect(Math.abs(sim.dailyBars('N225', day, day)[0]!.close - expected)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('TOPIX is weighted by market value', () => {
    const model = sim.indexModel('TOPIX');
    const toyota = model.members.findIndex((s) => s.instrument.code === '7203');
    const small = model.members.findIndex((s) => s.instrument.code === '2127');
    expect(model.weights[toyota]! / model.weights[small]!).toBeCloseTo(15_790 / 330, 6); // shares ratio
  });

  it('intraday index bars agree with the daily open and close', () => {
    const day = '2025-12-26';
    const [bar] = sim.dailyBars('N225', day, day);
    const minutes = sim.minuteBars('N225', day);
    expect(minutes).toHaveLength(326);
    expect(minutes[0]!.open).toBe(bar!.open);
    expect(minutes.at(-1)!.close).toBe(bar!.close);
    expect(bar!.high).toBeGreaterThanOrEqual(Math.max(bar!.open, bar!.close));
    expect(bar!.low).toBeLessThanOrEqual(Math.min(bar!.open, bar!.close));
    const q = sim.quote('N225', jstMs(day, 15, 30));
    expect(q.price).toBe(bar!.close);
    expect(q.bid).toBeNull(); // an index has no order book
  }, 60_000);

  it('does not jump when a member splits', () => {
    // Find a member split inside the horizon and compare the index move with its members' moves.
    const model = sim.indexModel('N225');
    const split = model.members.flatMap((s) => s.splits.map((e) => ({ s, e }))).find(({ e }) => e.exDate > '2019-02-01' && e.exDate < '2030-12-01');
    expect(split).toBeDefined();
    const { exDate } = split!.e;
    const [prev, cur] = sim.dailyBars('N225', '2019-01-04', exDate).slice(-2);
    const memberBars = model.members.map((s) => sim.dailyBars(s.instrument.code, prev!.date, exDate));
    const adjusted = (k: number, date: string) => memberBars.reduce((a, bars, i) => a + bars[k]!.close * (model.weights[i]! / model.members[i]!.splitFactor(date)), 0);
    expect(Math.abs(adjusted(0, prev!.date) - prev!.close)).toBeLessThanOrEqual(1);
    expect(Math.abs(adjusted(1, exDate) - cur!.close)).toBeLessThanOrEqual(1);
  }, 60_000);
});
