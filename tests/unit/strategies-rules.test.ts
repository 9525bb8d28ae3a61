import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  costOf, deviationBp, feeUnitsFor, followOpen, investedWeights, lookbackReturnBp, minInvestable, navOf, payoutOf, sharesToSell, shareOut, targetShares,
  targetWeights, unitsFor,
} from '../../src/server/modules/strategies/rules';
import { addDays, dayNumber, isTradingDay, type IsoDate } from '../../src/shared/market';

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

  it('the fee in units is rounded down in the holder’s favour, the fraction carried to the next strike', () => {
    const all = { part: 1, whole: 1 };
    // 50M × 0.5% ÷ 365 = 684.93…: 684 units, 0.93… carried (as unit × bp × days).
    expect(feeUnitsFor({ units: 50_000_000, feeBp: 50, carry: 0 }, 1, all)).toEqual({ units: 684, carry: 50_000_000 * 50 - 684 * 3_650_000 });
    const small = feeUnitsFor({ units: 1_000, feeBp: 100, carry: 0 }, 1, all);
    expect(small.units).toBe(0);
    // A day's fraction is not lost: 1,000 units at 1 % cost 10 units a year of daily strikes.
    let carry = 0;
    let taken = 0;
    for (let d = 0; d < 365; d++) {
      const f = feeUnitsFor({ units: 1_000, feeBp: 100, carry }, 1, all);
      taken += f.units;
      carry = f.carry;
    }
    expect(taken).toBe(10);
  });

  it('the fee accrues per calendar day: Friday → Monday is three days, a year of trading-day strikes is the stated rate', () => {
    const all = { part: 1, whole: 1 };
    const units = 1_000_000_000;
    const oneDay = feeUnitsFor({ units, feeBp: 100, carry: 0 }, 1, all).units;
    const friToMon = dayNumber('2027-01-11' as IsoDate) - dayNumber('2027-01-08' as IsoDate);
    expect(friToMon).toBe(3);
    expect(feeUnitsFor({ units, feeBp: 100, carry: 0 }, friToMon, all).units).toBe(Math.floor((units * 100 * 3) / 3_650_000));
    expect(feeUnitsFor({ units, feeBp: 100, carry: 0 }, friToMon, all).units).toBeGreaterThanOrEqual(3 * oneDay);
    // Strikes on the trading days of a year, each charging the calendar days since the last one.
    let last = '2026-12-30' as IsoDate;
    let carry = 0;
    let taken = 0;
    let strikes = 0;
    for (let d = addDays(last, 1); d <= '2027-12-30'; d = addDays(d, 1)) {
      if (!isTradingDay(d)) continue;
      const f = feeUnitsFor({ units, feeBp: 100, carry }, dayNumber(d) - dayNumber(last), all);
      taken += f.units;
      carry = f.carry;
      last = d;
      strikes++;
    }
    expect(strikes).toBeLessThan(250); // about 245 trading days…
    expect(taken).toBe(units / 100); // …and exactly 1 % of the units (per trading day it was strikes × oneDay ≈ 0.67 %)
    expect(strikes * oneDay).toBeLessThan(units * 0.0068);
  });

  it('the fee is charged on the share of the fund in shares, never on its cash', () => {
    const h = { units: 10_000_000, feeBp: 100, carry: 0 };
    expect(feeUnitsFor(h, 1, { part: 0, whole: 10_000_000 })).toEqual({ units: 0, carry: 0 });
    const half = feeUnitsFor(h, 365, { part: 5_000_000, whole: 10_000_000 });
    expect(half.units).toBe(50_000); // 1 % of the half in shares
    expect(feeUnitsFor(h, 0, { part: 1, whole: 1 }).units).toBe(0);
  });

  it('the minimum investable size buys one lot of each name at its weight, the cash buffer on top', () => {
    const prices = new Map([
      ['A', { price: 23_000, scale: 10 }], // lot ¥230,000
      ['B', { price: 50_000, scale: 10 }], // lot ¥500,000
    ]);
    // Price-weighted: every name's lot is the same share of the basket, so the basket costs Σ lots.
    const pw = investedWeights('index_tracker', { basket: ['A', 'B'] }, prices);
    const min = minInvestable(pw, prices, 200);
    expect(min).toBeGreaterThanOrEqual(Math.ceil(730_000 / 0.98));
    expect(min).toBeLessThan(Math.ceil(730_000 / 0.98) + 200);
    const investable = (net: number) => net - Math.floor((net * 200) / 10_000);
    expect(targetShares(investable(min), pw, prices)).toEqual(new Map([['A', 100], ['B', 100]]));
    expect(targetShares(investable(min - 1), pw, prices).size).toBeLessThan(2);
    // A model 80/20: B's 20 % must cover its lot → ¥2.5M, buffered.
    const model = investedWeights('follow_model', { weights: ['A:8000', 'B:2000'] }, prices);
    expect(minInvestable(model, prices, 0)).toBe(2_500_000);
    expect(minInvestable(model, prices, 200)).toBe(2_551_020); // − its 2 % buffer (¥51,020, rounded down) = ¥2.5M
    // Momentum: whichever `top` names it picks, the dearest lot at 1 ÷ top.
    const mom = investedWeights('momentum', { universe: ['A', 'B', 'C'], top: 2 }, prices);
    expect(mom).toEqual(new Map([['B', 5_000], ['A', 5_000]]));
    expect(minInvestable(mom, prices, 0)).toBe(1_000_000);
    expect(minInvestable(new Map(), prices, 200)).toBe(0);
  });

  it('a fund nobody holds keeps nothing: the pay-out is pro rata, the last holding taking the rest', () => {
    expect(shareOut(1_000, [1, 1, 1])).toEqual([333, 333, 334]);
    expect(shareOut(613, [50_000_000])).toEqual([613]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 8 }), (total, units) => {
        const shares = shareOut(total, units);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        for (const x of shares) expect(x).toBeGreaterThanOrEqual(0);
      }),
    );
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

  it('a follow period takes subscriptions through its last day, never after; no period never closes', () => {
    expect(followOpen('2026-12-06', '2026-12-05')).toBe(true);
    expect(followOpen('2026-12-06', '2026-12-06')).toBe(true);
    expect(followOpen('2026-12-06', '2026-12-07')).toBe(false);
    expect(followOpen(null, '2099-01-01')).toBe(true);
  });
});
