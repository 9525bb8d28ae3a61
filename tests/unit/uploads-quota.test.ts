import { describe, expect, it } from 'vitest';
import { MB, quotaRefusal, tokyoDay } from '../../src/server/modules/uploads/rules';

const limits = { dailyCount: 20, dailyMb: 50, storedMb: 200 };
const none = { dayCount: 0, dayBytes: 0, storedBytes: 0 };

describe('upload quotas (docs/domain.md "Uploads")', () => {
  it('a day is a Tokyo calendar day: it starts at 00:00 JST (15:00 UTC the day before)', () => {
    const { start, end } = tokyoDay(Date.parse('2026-11-24T01:00:00Z'));
    expect(new Date(start).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(tokyoDay(Date.parse('2026-11-24T14:59:59.999Z')).start).toBe(start);
    expect(tokyoDay(Date.parse('2026-11-24T15:00:00Z')).start).toBe(end);
  });

  it('refuses the 21st file of a day and the byte that passes a quota, with the limit and the reset', () => {
    expect(quotaRefusal({ ...none, dayCount: 19 }, 1, limits, 9)).toBeNull();
    expect(quotaRefusal({ ...none, dayCount: 20 }, 1, limits, 9)).toEqual({
      kind: 'too_many', messageId: 'upload_daily_count_limit', params: { max: 20, until: 9 },
    });
    expect(quotaRefusal({ ...none, dayBytes: 50 * MB - 10 }, 10, limits, 9)).toBeNull();
    expect(quotaRefusal({ ...none, dayBytes: 50 * MB - 10 }, 11, limits, 9)).toMatchObject({ messageId: 'upload_daily_bytes_limit', params: { max: 50, until: 9 } });
    expect(quotaRefusal({ ...none, storedBytes: 200 * MB }, 0, limits, 9)).toEqual({ kind: 'rule', messageId: 'upload_storage_limit', params: { max: 200 } });
  });

  it('the early check (size 0) refuses a user already at a quota, and the lasting quota is named first', () => {
    expect(quotaRefusal({ ...none, dayBytes: 50 * MB }, 0, limits, 9)?.messageId).toBe('upload_daily_bytes_limit');
    expect(quotaRefusal({ ...none, dayBytes: 50 * MB - 1 }, 0, limits, 9)).toBeNull();
    expect(quotaRefusal({ dayCount: 20, dayBytes: 50 * MB, storedBytes: 200 * MB }, 0, limits, 9)?.messageId).toBe('upload_storage_limit');
  });
});
