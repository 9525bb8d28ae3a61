import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  costOf, deviationBp, feeUnitsOf, lookbackReturnBp, navOf, payoutOf, sharesToSell, targetShares, targetWeights, unitsFor,
} from '../../src/server/modules/strategies/rules';

/** The pure rules of strategy funds (docs/decisions/016-strategy-funds.md). */
describe('strategy fund rules', () => {
  it('NAV per 10,000 units, rounded down; with no units the last NAV stands', () => {
    expect(navOf(50_000_000, 50_000_000)).toBe(10_000);
    expect(navOf(49_981_417, 50_000_000)).toBe(9_996);
    expect(navOf(0, 0, 9_870)).toBe(9_870);
  });

  it('a subscription never costs more than its amount and its units are worth at most what they cost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 1_000_000_000 }), fc.integer({ min: 1_000, max: 100_000 }), (amount, nav) => {
        const units = unitsFor(amount, nav);
        const cost = costOf(units, nav);
        expect(cost).toBeLessThanOrEqual(amount);
        expect(payoutOf(units, nav)).toBeLessThanOrEqual(cost);
        expect(cost - payoutOf(units, nav)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('the daily fee in units is rounded down in the holder’s favour', () => {
    expect(feeUnitsOf(50_000_000, 50)).toBe(684); // 50M × 0.5% ÷ 365 = 684.9
    expect(feeUnitsOf(1_000, 100)).toBe(0);
  });

  it('momentum holds the top positive names, equal weights; none positive → all cash', () => {
    const up = (from: number, step: number) => Array.from({ length: 26 }, (_, i) => from + i * step);
    const closes = new Map([['A', up(100, 1)], ['B', up(100, 3)], ['C', up(100, 2)], ['D', up(200, -1)]]);
    const w = targetWeights({ rule: 'momentum', params: { universe: ['A', 'B', 'C', 'D'], lookback: 25, top: 2 }, closes, invested: false })!;
    expect([...w.keys()]).toEqual(['B', 'C']);
    expect(w.get('B')).toBe(5_000);
    const down = targetWeights({ rule: 'momentum', params: { universe: ['D'], lookback: 25, top: 2 }, closes, invested: false })!;
    expect(down.size).toBe(0);
  });

  it('mean reversion buys below the band, sells above it, keeps what it holds in between', () => {
    const flat = Array.from({ length: 25 }, () => 1_000);
    const at = (last: number) => new Map([['N225', [...flat.slice(1), last]], ['A', [500]]]);
    const params = { index: 'N225', lookback: 25, entryBp: 100, exitBp: 100, basket: ['A'] };
    expect(targetWeights({ rule: 'mean_reversion', params, closes: at(950), invested: false })!.get('A')).toBe(10_000);
    expect(targetWeights({ rule: 'mean_reversion', params, closes: at(1_050), invested: true })!.size).toBe(0);
    expect(targetWeights({ rule: 'mean_reversion', params, closes: at(1_000), invested: true })).toBeNull();
    expect(deviationBp([...flat.slice(1), 950], 25)).toBeLessThan(-100);
    expect(lookbackReturnBp([100, 110], 1)).toBe(1_000);
  });

  it('follow-model copies the model weights; lots are whole and affordable', () => {
    const w = targetWeights({ rule: 'follow_model', params: { weights: ['7203:6000', '8306:4000'] }, closes: new Map(), invested: false })!;
    expect(w).toEqual(new Map([['7203', 6_000], ['8306', 4_000]]));
    const prices = new Map([['7203', { price: 25_000, scale: 10 }], ['8306', { price: 17_630, scale: 10 }]]);
    // ¥1,000,000: 7203 gets ¥600,000 → 2 lots of ¥250,000; 8306 ¥400,000 → 2 lots of ¥176,300.
    expect(targetShares(1_000_000, w, prices)).toEqual(new Map([['7203', 200], ['8306', 200]]));
  });

  it('sells the smallest whole-position step that covers the excess', () => {
    expect(sharesToSell(400, 250, [100, 300, 400])).toBe(300);
    expect(sharesToSell(400, 400, [100, 300, 400])).toBe(0);
    expect(sharesToSell(400, 0, [100, 300, 400])).toBe(400);
  });
});
