import { describe, expect, it } from 'vitest';
import {
  accrue, collateralCash, collateralLimit, creditScore, dueOf, feeEnd, forcedSaleNeed, ltvBp, ltvState, perDay, quotaOf, returnedBy, scoreLimit, splitRepayment,
} from '../../src/server/modules/lending/rules';

/** The pure rules of lending (docs/domain.md "Loans and stock lending"). */
describe('lending rules', () => {
  const tiers = { tier1: 500_000, tier2: 3_000_000, tier3: 10_000_000 };

  it('scores factor by factor and maps the score to a tier', () => {
    const fresh = creditScore({ kycVerified: true, accountDays: 0, trades: 0, shortfallOwed: false, loansRepaid: 0, forcedSales: 0 });
    expect(fresh.score).toBe(55);
    expect(fresh.max).toBe(100);
    const best = creditScore({ kycVerified: true, accountDays: 400, trades: 50, shortfallOwed: false, loansRepaid: 9, forcedSales: 0 });
    expect(best.score).toBe(100);
    const bad = creditScore({ kycVerified: false, accountDays: 10, trades: 1, shortfallOwed: true, loansRepaid: 0, forcedSales: 3 });
    expect(bad.factors.find((f) => f.factor === 'repayment_record')!.points).toBe(0);
    expect(bad.score).toBe(2);
    expect([scoreLimit(39, tiers), scoreLimit(40, tiers), scoreLimit(60, tiers), scoreLimit(80, tiers)]).toEqual([0, 500_000, 3_000_000, 10_000_000]);
  });

  it('quota = min(60 % of collateral, score limit) and the refusals in order', () => {
    expect(collateralLimit(1_000_001)).toBe(600_000);
    expect(quotaOf({ channelOpen: true, scoreLimit: 500_000, collateralValue: 2_000_000, owed: 0 })).toMatchObject({ quota: 500_000, available: 500_000, refusal: null });
    expect(quotaOf({ channelOpen: false, scoreLimit: 500_000, collateralValue: 2_000_000, owed: 0 }).refusal).toBe('borrow_channel_closed');
    expect(quotaOf({ channelOpen: true, scoreLimit: 0, collateralValue: 2_000_000, owed: 0 }).refusal).toBe('no_loan_limit');
    expect(quotaOf({ channelOpen: true, scoreLimit: 500_000, collateralValue: 0, owed: 0 }).refusal).toBe('no_loan_limit');
    expect(quotaOf({ channelOpen: true, scoreLimit: 500_000, collateralValue: 100_000, owed: 60_000 }).refusal).toBe('borrow_quota_full');
    expect(quotaOf({ channelOpen: true, scoreLimit: 500_000, collateralValue: 100_000, owed: 70_001 })).toMatchObject({ refusal: 'loan_ltv_high', available: 0 });
  });

  it('LTV states, the forced sale needed to restore 60 %, and the cash kept back', () => {
    expect(ltvBp(0, 0)).toBe(0);
    expect(ltvBp(60, 100)).toBe(6_000);
    expect([ltvState(7_000), ltvState(7_001), ltvState(8_500), ltvState(8_501)]).toEqual(['ok', 'warning', 'warning', 'forced']);
    // owed 90, value 100: sell and repay x so that (90 − x) / (100 − x) = 60 % → x = 75.
    expect(forcedSaleNeed(90, 100)).toBe(75);
    expect((90 - 75) / (100 - 75)).toBeCloseTo(0.6);
    expect(forcedSaleNeed(60, 100)).toBe(0);
    expect(collateralCash(60_000, 100_000)).toBe(0);
    expect(collateralCash(60_010, 100_000)).toBe(10);
    expect(collateralCash(0, 0)).toBe(0);
  });

  it('accrues on the cumulative basis and repays interest first', () => {
    let state = { units: 0, charged: 0 };
    let paid = 0;
    for (let d = 0; d < 3; d++) {
      const a = accrue(state, 100, 350, 1);
      paid += a.due;
      state = { units: a.units, charged: a.total };
    }
    // ¥100 at 3.5 % for 3 days is below ¥1: nothing yet, but it is not lost.
    expect(paid).toBe(0);
    expect(accrue(state, 100, 350, 2_000).due).toBe(Math.floor((100 * 350 * 2_003) / 3_650_000));
    expect(perDay(1_000_000, 350)).toBe(95);
    expect(splitRepayment(50, 20, 100)).toEqual({ interest: 20, principal: 30 });
    expect(splitRepayment(121, 20, 100)).toBeNull();
  });

  it('pays accrued units rounded down once, and ends a stock loan\'s fee days at its recall', () => {
    // 100 shares × ¥2,586.0 (scale 10) × 100 bp for a day: ¥7.08 → 7; four such days: ¥28.34 → 28,
    // of which 21 are still unpaid after the first day's 7 (the fractions were carried, not lost).
    expect(dueOf(100 * 25_860 * 100, 0, 10)).toEqual({ total: 7, due: 7 });
    expect(dueOf(4 * 100 * 25_860 * 100, 7, 10)).toEqual({ total: 28, due: 21 });
    expect(dueOf(100, 5)).toEqual({ total: 0, due: 0 });
    const lent = { status: 'borrowing', completes_on: null };
    const recalling = { status: 'recalling', completes_on: '2027-03-01' };
    expect(feeEnd(lent, '2027-02-25')).toBe('2027-02-25');
    expect(feeEnd(recalling, '2027-02-25')).toBe('2027-02-25');
    expect(feeEnd(recalling, '2027-03-04')).toBe('2027-03-01');
    expect(returnedBy(recalling, '2027-02-28')).toBe(false);
    expect(returnedBy(recalling, '2027-03-01')).toBe(true);
    expect(returnedBy(lent, '2099-01-01')).toBe(false);
  });
});
