import { DAY_MS, jstDate, jstMs } from '../../../shared/market/jst';
import type { MessageId } from '../../../shared/api/messages';

/** Pure upload rules (docs/domain.md "Uploads"): the per-user quotas. No I/O, no clock. */

export const MB = 1024 * 1024;

/** The quotas in force (config items uploadDailyCount, uploadDailyMb, uploadStoredMb). */
export interface UploadLimits {
  dailyCount: number;
  dailyMb: number;
  storedMb: number;
}

/** What a user has stored: today (a Tokyo day) and in all; bytes as stored. */
export interface UploadUsage {
  dayCount: number;
  dayBytes: number;
  storedBytes: number;
}

export interface QuotaRefusal {
  /** Daily quotas pass at the next Tokyo midnight (429); the stored total does not pass by itself (422). */
  kind: 'too_many' | 'rule';
  messageId: Extract<MessageId, 'upload_daily_count_limit' | 'upload_daily_bytes_limit' | 'upload_storage_limit'>;
  params: { max: number; until?: number };
}

/** The Tokyo day holding `now`: its first instant and the next day's (when the daily quotas reset). */
export function tokyoDay(now: number): { start: number; end: number } {
  const start = jstMs(jstDate(now), 0);
  return { start, end: start + DAY_MS };
}

/**
 * Why one more file of `size` bytes may not be stored, or null. Checked before the file is read
 * with size 0 (a user already at a limit sends nothing to decode), and again with the stored size
 * under the user's lock, where it decides.
 */
export function quotaRefusal(usage: UploadUsage, size: number, limits: UploadLimits, dayEnd: number): QuotaRefusal | null {
  // The lasting limit first: waiting for tomorrow would not help.
  if (over(usage.storedBytes, size, limits.storedMb * MB)) {
    return { kind: 'rule', messageId: 'upload_storage_limit', params: { max: limits.storedMb } };
  }
  if (usage.dayCount + 1 > limits.dailyCount) {
    return { kind: 'too_many', messageId: 'upload_daily_count_limit', params: { max: limits.dailyCount, until: dayEnd } };
  }
  if (over(usage.dayBytes, size, limits.dailyMb * MB)) {
    return { kind: 'too_many', messageId: 'upload_daily_bytes_limit', params: { max: limits.dailyMb, until: dayEnd } };
  }
  return null;
}

/** `size` more bytes would pass `max`; at `max` already, any file would (the early check's size is 0). */
function over(used: number, size: number, max: number): boolean {
  return used >= max || used + size > max;
}
