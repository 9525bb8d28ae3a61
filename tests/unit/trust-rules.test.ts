import { describe, expect, it } from 'vitest';
import {
  accrueFee, basketReturn, buyByAmount, buyByUnits, buyValue, cancellable, distributionPer10k, growthRefusal, isDistributionDate, monthlyDistribution, navDateFor,
  navOf, nextTotalReturn, principalPer10k, purchaseFee, redemption, sellValue, settleDateOf, shareOf, splitDistribution, strikeDue, trustAccountRefusal,
  tsumitateRefusal, unitsReservation, type DistributionRule, type Sleeve, type TrustFacts,
} from '../../src/shared/domain/trust';

/** The investment trusts' pure rules (docs/domain.md "Investment trusts and 積立"), function by function. */

/** An instant at Tokyo wall time `hh:mm` of `date`. */
const tokyo = (date: string, hh: number, mm = 0) => Date.parse(`${date}T00:00:00Z`) - 9 * 3_600_000 + (hh * 60 + mm) * 60_000;

const index: TrustFacts = {
  category: 'jp_index', trustFeePpm: 1_430, purchaseFeePpm: 0, retentionPpm: 0, distribution: null, leveraged: false, foreignAssets: false,
  designatedIndex: true, termEnd: null, inception: '2023-05-15',
};
const monthly: DistributionRule = { kind: 'fixed', per10k: 40, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 20 };
const quarterly: DistributionRule = { kind: 'yield', ppm: 9_000, months: [2, 5, 8, 11], day: 15 };

describe('trust: order and strike days', () => {
  it('takes the NAV of the day before 15:30 on a business day, else of the next business day', () => {
    // 2026-11-24 is a Tuesday; 2026-11-23 a holiday (勤労感謝の日); 2026-11-27 a Friday.
    expect(navDateFor(tokyo('2026-11-24', 10))).toBe('2026-11-24');
    expect(navDateFor(tokyo('2026-11-24', 15, 29))).toBe('2026-11-24');
    expect(navDateFor(tokyo('2026-11-24', 15, 30))).toBe('2026-11-25');
    expect(navDateFor(tokyo('2026-11-23', 10))).toBe('2026-11-24');
    expect(navDateFor(tokyo('2026-11-27', 16))).toBe('2026-11-30');
    expect(navDateFor(tokyo('2026-11-28', 9))).toBe('2026-11-30');
  });

  it('may be cancelled until 15:30 of its NAV date', () => {
    expect(cancellable('2026-11-25', tokyo('2026-11-24', 18))).toBe(true);
    expect(cancellable('2026-11-25', tokyo('2026-11-25', 15, 29))).toBe(true);
    expect(cancellable('2026-11-25', tokyo('2026-11-25', 15, 30))).toBe(false);
    expect(cancellable('2026-11-25', tokyo('2026-11-26', 9))).toBe(false);
  });

  it('strikes a day from 17:00 Tokyo that day', () => {
    expect(strikeDue('2026-11-24', tokyo('2026-11-24', 16, 59))).toBe(false);
    expect(strikeDue('2026-11-24', tokyo('2026-11-24', 17))).toBe(true);
    expect(strikeDue('2026-11-24', tokyo('2026-11-25', 0))).toBe(true);
    expect(strikeDue('2026-11-25', tokyo('2026-11-24', 23))).toBe(false);
  });

  it('settles a 解約 the given business days after its NAV date', () => {
    expect(settleDateOf('2026-11-27', 4)).toBe('2026-12-03');
    expect(settleDateOf('2026-11-20', 5)).toBe('2026-11-30'); // over the weekend and the 23rd
  });
});

describe('trust: basket and NAV arithmetic', () => {
  it('combines instrument ratios, bond accrual and income by weight', () => {
    const sleeves: Sleeve[] = [
      { kind: 'instrument', code: 'TOPIX', weightPpm: 500_000 },
      { kind: 'bond', yieldPpm: 36_500, weightPpm: 500_000 },
    ];
    const closes = new Map([['TOPIX', { prev: 100, cur: 110 }]]);
    expect(basketReturn(sleeves, closes, 10, 0)).toBeCloseTo(0.5 * 1.1 + 0.5 * 1.001, 12);
    expect(basketReturn(sleeves, closes, 10, 36_500)).toBeCloseTo(0.5 * 1.1 + 0.5 * 1.001 + 0.001, 12);
    expect(() => basketReturn(sleeves, new Map(), 1, 0)).toThrow(/TOPIX/);
  });

  it('accrues the fee rounded down and carries the remainder', () => {
    // 1e8 × 1,430 × 1 = 1.43e11 over 3.65e8: 391 yen, 285,000,000 carried.
    expect(accrueFee(100_000_000, 1_430, 1, 0)).toEqual({ fee: 391, carry: 285_000_000 });
    // The carry makes the next day's fee one yen more.
    expect(accrueFee(100_000_000, 1_430, 1, 285_000_000)).toEqual({ fee: 392, carry: 205_000_000 });
    expect(accrueFee(0, 1_430, 3, 7)).toEqual({ fee: 0, carry: 7 });
  });

  it('values NAV and units in BigInt, rounding buys up and sells down', () => {
    expect(navOf(1_000_000_000_000, 123_456)).toBe(81_000_518_403); // ⌊1e12 × 10,000 ÷ 123,456⌋
    expect(navOf(100_000_000, 1_000_000_000)).toBe(1_000);
    expect(buyValue(3, 10_001)).toBe(4); // 3.0003 up
    expect(sellValue(3, 10_001)).toBe(3);
    expect(buyValue(10_000, 10_001)).toBe(10_001);
    expect(purchaseFee(1_000_000, 33_000)).toBe(33_000);
    expect(purchaseFee(99, 33_000)).toBe(3); // 3.267 down
  });

  it('moves the total-return index by NAV plus distribution', () => {
    expect(nextTotalReturn(10_000, 10_000, 9_960, 40)).toBe(10_000);
    expect(nextTotalReturn(12_000, 10_000, 10_100, 0)).toBe(12_120);
    expect(nextTotalReturn(10_000, 3, 2, 0)).toBe(6_667);
  });
});

describe('trust: buys and 解約', () => {
  it('buys by amount: the most units whose value plus fee stays within the amount', () => {
    expect(buyByAmount(10_000, 10_000, 0)).toEqual({ units: 10_000, value: 10_000, fee: 0, paid: 10_000 });
    // ⌊1,000,000 × 10,000 × 1e6 ÷ (14,665 × 1,011,000)⌋ = 674,477 costs 1,000,001: one unit less.
    expect(buyByAmount(1_000_000, 14_665, 11_000)).toEqual({ units: 674_476, value: 989_120, fee: 10_880, paid: 1_000_000 });
    // The fee's rounding down leaves room for one unit more than the estimate (the bug this caught).
    const b = buyByAmount(85_848, 28_725, 11_000);
    expect(b.units).toBe(29_561);
    expect(b.paid).toBeLessThanOrEqual(85_848);
    expect(buyByAmount(1, 10_000, 0)).toEqual({ units: 1, value: 1, fee: 0, paid: 1 });
    expect(buyByAmount(0, 10_000, 0).units).toBe(0);
  });

  it('buys by units within the reservation, else cuts to what the reservation buys', () => {
    expect(buyByUnits(10_000, 10_000, 0, 11_000)).toEqual({ units: 10_000, value: 10_000, fee: 0, paid: 10_000, cut: false });
    expect(buyByUnits(10_000, 12_000, 0, 11_000)).toEqual({ units: 9_166, value: 11_000, fee: 0, paid: 11_000, cut: true }); // 9,166 × 1.2 = 10,999.2 up
    expect(unitsReservation(10_000, 10_000, 0)).toBe(11_000);
    expect(unitsReservation(10_000, 10_000, 33_000)).toBe(11_000 + 363);
    expect(unitsReservation(1, 10_001, 0)).toBe(2); // ⌈1.10011⌉
  });

  it('redeems at the NAV less the 留保額 (rounded up)', () => {
    expect(redemption(10_000, 10_000, 3_000)).toEqual({ value: 10_000, retention: 30, proceeds: 9_970 });
    expect(redemption(10_001, 10_000, 3_000)).toEqual({ value: 10_001, retention: 31, proceeds: 9_970 });
    expect(redemption(10_000, 10_000, 0)).toEqual({ value: 10_000, retention: 0, proceeds: 10_000 });
  });

  it('takes the 取得価額 and 個別元本 of the units sold in proportion, rounded to the yen', () => {
    expect(shareOf(1_000, 1, 3)).toBe(333);
    expect(shareOf(1_000, 2, 3)).toBe(667);
    expect(shareOf(1_000, 3, 3)).toBe(1_000);
    expect(shareOf(1_000, 5, 3)).toBe(1_000);
    expect(shareOf(1, 1, 2)).toBe(1); // a half rounds up
  });
});

describe('trust: distributions', () => {
  it('per 10,000口: fixed or a yield of the NAV, never the whole NAV', () => {
    expect(distributionPer10k(monthly, 8_500)).toBe(40);
    expect(distributionPer10k(monthly, 30)).toBe(29);
    expect(distributionPer10k(quarterly, 15_000)).toBe(135);
    expect(distributionPer10k({ ...quarterly, ppm: undefined }, 15_000)).toBe(0);
  });

  it('falls on the rule day of a rule month, moved to the next business day', () => {
    // 2026-12-20 is a Sunday.
    expect(isDistributionDate(monthly, '2026-12-21')).toBe(true);
    expect(isDistributionDate(monthly, '2026-12-20')).toBe(false);
    expect(isDistributionDate(monthly, '2026-12-22')).toBe(false);
    expect(isDistributionDate(monthly, '2026-11-20')).toBe(true);
    expect(isDistributionDate(quarterly, '2026-11-16')).toBe(true); // the 15th is a Sunday
    expect(isDistributionDate(quarterly, '2026-12-15')).toBe(false); // not a rule month
  });

  it('splits 普通分配金 and 元本払戻金 against the holder’s 個別元本', () => {
    // 個別元本 10,000 per 10,000口, distribution 100.
    expect(splitDistribution(10_000, 10_000, 100, 10_050)).toEqual({ gross: 100, ordinary: 100, special: 0 }); // ex-NAV above: all ordinary
    expect(splitDistribution(10_000, 10_000, 100, 10_000)).toEqual({ gross: 100, ordinary: 100, special: 0 }); // at it: all ordinary
    expect(splitDistribution(10_000, 10_000, 100, 9_950)).toEqual({ gross: 100, ordinary: 50, special: 50 }); // 50 dips into it
    expect(splitDistribution(10_000, 10_000, 100, 9_800)).toEqual({ gross: 100, ordinary: 0, special: 100 }); // all of it returns principal
    // p = ⌊1,300,000 × 10,000 ÷ 1,234,567⌋ = 10,530; ex-NAV 10,480: 50 per 10,000口 special.
    expect(principalPer10k(1_300_000, 1_234_567)).toBe(10_530);
    expect(splitDistribution(1_234_567, 1_300_000, 100, 10_480)).toEqual({ gross: 12_345, ordinary: 6_173, special: 6_172 });
    expect(splitDistribution(0, 0, 100, 9_000)).toEqual({ gross: 0, ordinary: 0, special: 0 });
    expect(principalPer10k(5, 0)).toBe(0);
  });
});

describe('trust: NISA eligibility', () => {
  it('refuses 毎月分配型, short terms and leverage in both frames', () => {
    expect(monthlyDistribution({ distribution: monthly })).toBe(true);
    expect(monthlyDistribution({ distribution: quarterly })).toBe(false);
    expect(growthRefusal(index)).toBeNull();
    expect(growthRefusal({ ...index, distribution: monthly })).toBe('monthly_distribution');
    expect(growthRefusal({ ...index, termEnd: '2043-05-14' })).toBe('short_term');
    expect(growthRefusal({ ...index, termEnd: '2043-05-15' })).toBeNull();
    expect(growthRefusal({ ...index, leveraged: true })).toBe('leveraged');
  });

  it('つみたて: designated index, no-load, fee within the cap (domestic 0.55 %, foreign 0.825 %)', () => {
    expect(tsumitateRefusal(index)).toBeNull();
    expect(tsumitateRefusal({ ...index, designatedIndex: false })).toBe('not_designated');
    expect(tsumitateRefusal({ ...index, purchaseFeePpm: 1 })).toBe('purchase_fee');
    expect(tsumitateRefusal({ ...index, trustFeePpm: 5_500 })).toBeNull();
    expect(tsumitateRefusal({ ...index, trustFeePpm: 5_501 })).toBe('trust_fee');
    expect(tsumitateRefusal({ ...index, trustFeePpm: 8_250, foreignAssets: true })).toBeNull();
    expect(tsumitateRefusal({ ...index, trustFeePpm: 8_251, foreignAssets: true })).toBe('trust_fee');
    expect(tsumitateRefusal({ ...index, distribution: monthly })).toBe('monthly_distribution');
  });

  it('asks the frame’s rule per account; taxable accounts take any fund', () => {
    const bond = { ...index, designatedIndex: false, distribution: monthly };
    expect(trustAccountRefusal(bond, 'specific')).toBeNull();
    expect(trustAccountRefusal(bond, 'general')).toBeNull();
    expect(trustAccountRefusal(bond, 'nisa_growth')).toBe('monthly_distribution');
    expect(trustAccountRefusal({ ...index, designatedIndex: false }, 'nisa_tsumitate')).toBe('not_designated');
    expect(trustAccountRefusal({ ...index, designatedIndex: false }, 'nisa_growth')).toBeNull();
  });
});
