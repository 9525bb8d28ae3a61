import { describe, expect, it } from 'vitest';
import { flagsOf, lockedYear, nextChange, nisaApplyRefusal, yearStart } from '../../src/server/modules/tax-account/rules';
import { jstYear as tokyoYear } from '../../src/shared/market/jst';

/** The tax-account area's pure rules (docs/domain.md "Account types and NISA"). */
describe('tax-account rules', () => {
  it('stores the opening choice as flags', () => {
    expect(flagsOf('specific_withholding')).toEqual({ specific: 1, withholding: 1 });
    expect(flagsOf('specific')).toEqual({ specific: 1, withholding: 0 });
    expect(flagsOf('general')).toEqual({ specific: 0, withholding: 0 });
  });

  it('fixes the withholding choice through the year of the latest 特定 sale, from this year on', () => {
    expect(lockedYear(2026, false, null)).toBeNull();
    expect(lockedYear(2026, true, null)).toBe(2026);
    expect(lockedYear(2026, false, 2026)).toBe(2026);
    expect(lockedYear(2026, true, 2027)).toBe(2027);
    expect(lockedYear(2026, false, 2025)).toBeNull();
    expect(nextChange(2026)).toBe('2027-01-01');
  });

  it('reads the Tokyo year: 1 January 00:00 JST is 31 December 15:00 UTC', () => {
    expect(yearStart(2027)).toBe(Date.parse('2026-12-31T15:00:00Z'));
    expect(tokyoYear(yearStart(2027))).toBe(2027);
    expect(tokyoYear(yearStart(2027) - 1)).toBe(2026);
  });

  it('refuses a NISA application while one is pending or approved', () => {
    expect(nisaApplyRefusal('none')).toBeNull();
    expect(nisaApplyRefusal('rejected')).toBeNull();
    expect(nisaApplyRefusal('pending')).toEqual({ id: 'nisa_already_applied', state: 'pending' });
    expect(nisaApplyRefusal('approved')).toEqual({ id: 'nisa_already_applied', state: 'approved' });
  });
});
