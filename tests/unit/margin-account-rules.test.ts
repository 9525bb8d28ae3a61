import { describe, expect, it } from 'vitest';
import { applyRefusal, referralReasons, stateOfReview } from '../../src/server/modules/margin-account/rules';
import { PASSING_ANSWERS } from '../support/margin-account';

/** The 信用取引口座 rules (docs/domain.md "Margin account"): approve at once or refer, and when to re-apply. */
const DEFAULTS = { marginMinStockYears: 1, marginMinFinancialAssets: 1_000_000, marginRequireSpareFunds: true };
const DAY = 86_400_000;

describe('margin account rules', () => {
  it('approves answers that meet every threshold', () => {
    expect(referralReasons(PASSING_ANSWERS, DEFAULTS)).toEqual([]);
  });

  it('compares the bracket’s lower bound: 1年未満 is no year, 100万円未満 below 1M', () => {
    expect(referralReasons({ ...PASSING_ANSWERS, stockExperience: 'under1' }, DEFAULTS)).toEqual(['stock_experience']);
    expect(referralReasons({ ...PASSING_ANSWERS, stockExperience: '1to3' }, { ...DEFAULTS, marginMinStockYears: 3 })).toEqual(['stock_experience']);
    expect(referralReasons({ ...PASSING_ANSWERS, stockExperience: '3to5' }, { ...DEFAULTS, marginMinStockYears: 3 })).toEqual([]);
    expect(referralReasons({ ...PASSING_ANSWERS, financialAssets: 'under1m' }, DEFAULTS)).toEqual(['financial_assets']);
    expect(referralReasons({ ...PASSING_ANSWERS, financialAssets: '1m_3m' }, DEFAULTS)).toEqual([]);
  });

  it('refers money that is not 余裕資金 only while config requires it; zero thresholds ask nothing', () => {
    const a = { ...PASSING_ANSWERS, stockExperience: 'none' as const, financialAssets: 'under1m' as const, spareFunds: false };
    expect(referralReasons(a, DEFAULTS)).toEqual(['stock_experience', 'financial_assets', 'spare_funds']);
    expect(referralReasons(a, { marginMinStockYears: 0, marginMinFinancialAssets: 0, marginRequireSpareFunds: false })).toEqual([]);
  });

  it('maps review statuses to states and refuses a second application while pending or approved', () => {
    expect([null, 'pending', 'approved', 'rejected'].map(stateOfReview)).toEqual(['none', 'pending', 'approved', 'rejected']);
    expect(applyRefusal('none', null, 30, 0)).toBeNull();
    expect(applyRefusal('pending', null, 30, 0)).toEqual({ id: 'margin_account_pending' });
    expect(applyRefusal('approved', 5, 30, 0)).toEqual({ id: 'margin_account_already_approved' });
  });

  it('lets a rejected user apply again after the configured days (0: at once)', () => {
    expect(applyRefusal('rejected', 1_000, 30, 1_000 + 30 * DAY - 1)).toEqual({ id: 'margin_account_reapply_later', at: 1_000 + 30 * DAY });
    expect(applyRefusal('rejected', 1_000, 30, 1_000 + 30 * DAY)).toBeNull();
    expect(applyRefusal('rejected', 1_000, 0, 1_000)).toBeNull();
  });
});
