import { describe, expect, it } from 'vitest';
import { jstMs } from '../../src/shared/market';
import { amountAllowed, bankLabel, expectedArrival, walletLabel } from '../../src/server/modules/cash/withdrawals-rules';
import { openAt as withdrawOpen } from '../../src/server/modules/cash/hours';
import { withdrawableBreakdown } from '../../src/shared/domain/withdrawable';

describe('withdrawal rules', () => {
  it('hours: the window on Tokyo business days, 24:00 the end of the day, holidays closed when weekdays only', () => {
    expect(withdrawOpen(jstMs('2026-11-24', 9, 29), '09:30-24:00', true)).toBe(false);
    expect(withdrawOpen(jstMs('2026-11-24', 9, 30), '09:30-24:00', true)).toBe(true);
    expect(withdrawOpen(jstMs('2026-11-24', 23, 59), '09:30-24:00', true)).toBe(true);
    expect(withdrawOpen(jstMs('2026-11-23', 12), '09:30-24:00', true)).toBe(false); // 勤労感謝の日
    expect(withdrawOpen(jstMs('2026-11-28', 12), '09:30-24:00', true)).toBe(false); // Saturday
    expect(withdrawOpen(jstMs('2026-11-28', 12), '09:30-24:00', false)).toBe(true);
    expect(withdrawOpen(jstMs('2026-11-24', 1), '22:00-02:00', false)).toBe(true);
    expect(withdrawOpen(jstMs('2026-11-24', 3), '22:00-02:00', false)).toBe(false);
  });

  it('amount: whole yen within [min, max]', () => {
    expect(amountAllowed(100, 100, 5_000_000)).toBe(true);
    expect(amountAllowed(99, 100, 5_000_000)).toBe(false);
    expect(amountAllowed(5_000_001, 100, 5_000_000)).toBe(false);
    expect(amountAllowed(100.5, 100, 5_000_000)).toBe(false);
  });

  it('arrival: same business day before the cut-off, else the next business day', () => {
    expect(expectedArrival(jstMs('2026-11-24', 14, 59), '15:00')).toBe('2026-11-24');
    expect(expectedArrival(jstMs('2026-11-24', 15, 0), '15:00')).toBe('2026-11-25');
    expect(expectedArrival(jstMs('2026-11-27', 16), '15:00')).toBe('2026-11-30');
    expect(expectedArrival(jstMs('2026-11-23', 10), '15:00')).toBe('2026-11-24');
  });

  it('destinations are named masked', () => {
    expect(bankLabel({ bank_name: '三菱ＵＦＪ', branch_name: '本店', type: 'futsu', number: '1234567' })).toBe('三菱ＵＦＪ 本店 普通 •••4567');
    expect(walletLabel({ network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toBe('TRC20 TR7NHq…Lj6t');
  });

  it('withdrawable: settled free cash, nothing while a shortfall is owed', () => {
    expect(withdrawableBreakdown({ cash: 500, frozen: 100, margin: 200, unsettled: 300, shortfall: 0 })).toEqual({
      held: 1_100, unsettled: 300, frozen: 100, margin: 200, collateral: 0, shortfallOwed: 0, withdrawable: 500,
    });
    expect(withdrawableBreakdown({ cash: 500, frozen: 0, margin: 0, unsettled: 0, shortfall: -10 }).withdrawable).toBe(0);
    expect(withdrawableBreakdown({ cash: 500, frozen: 0, margin: 0, unsettled: 0, shortfall: 0, collateral: 200 }).withdrawable).toBe(300);
  });
});
