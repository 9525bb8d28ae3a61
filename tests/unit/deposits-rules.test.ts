import { describe, expect, it } from 'vitest';
import { amountRefusal, approvalRefusal, depositReference } from '../../src/server/modules/cash/deposits-rules';
import { openAt as withinHours } from '../../src/server/modules/cash/hours';
import { jstMs } from '../../src/shared/market';

describe('deposit rules', () => {
  it('hours: start inclusive, end exclusive, 23:59 and 24:00 mean the end of the day', () => {
    expect(withinHours(jstMs('2026-11-24', 9, 0), '09:00-15:00', true)).toBe(true);
    expect(withinHours(jstMs('2026-11-24', 8, 59), '09:00-15:00', true)).toBe(false);
    expect(withinHours(jstMs('2026-11-24', 15, 0), '09:00-15:00', true)).toBe(false);
    expect(withinHours(jstMs('2026-11-24', 23, 59, 30), '00:00-23:59', true)).toBe(true);
    expect(withinHours(jstMs('2026-11-24', 23, 59, 30), '00:00-24:00', true)).toBe(true);
  });
  it('business days: weekends and holidays refused only when asked', () => {
    expect(withinHours(jstMs('2026-11-23', 10, 0), '09:00-15:00', true)).toBe(false); // 勤労感謝の日
    expect(withinHours(jstMs('2026-11-28', 10, 0), '09:00-15:00', true)).toBe(false); // Saturday
    expect(withinHours(jstMs('2026-11-28', 10, 0), '09:00-15:00', false)).toBe(true);
  });
  it('amount limits and the stable reference', () => {
    expect(amountRefusal(999, 1_000, 10_000)).toBe('deposit_amount_out_of_range');
    expect(amountRefusal(1_000, 1_000, 10_000)).toBeNull();
    expect(amountRefusal(10_001, 1_000, 10_000)).toBe('deposit_amount_out_of_range');
    expect(amountRefusal(1.5, 1, 10)).toBe('deposit_amount_out_of_range');
    expect(depositReference('01a212b8-5cd1-7a43-90b0-6fccd81b452a')).toBe(depositReference('01a212b8-5cd1-7a43-90b0-6fccd81b452a'));
    expect(depositReference('01a212b8-5cd1-7a43-90b0-6fccd81b452a')).toMatch(/^KB[0-9A-Z]{10}$/);
  });
  it('an approval credits at most the stated amount; a lower correction is allowed', () => {
    expect(approvalRefusal(10_000, undefined)).toBeNull();
    expect(approvalRefusal(10_000, 10_000)).toBeNull();
    expect(approvalRefusal(10_000, 9_000)).toBeNull();
    expect(approvalRefusal(10_000, 10_001)).toBe('deposit_amount_above_stated');
    expect(approvalRefusal(10_000, 100_000_000)).toBe('deposit_amount_above_stated');
  });
});
