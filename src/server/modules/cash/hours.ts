/**
 * The accepting hours of deposits and withdrawals (docs/domain.md "Deposits", "Withdrawals"): one
 * rule for both. Unit-tested in tests/unit/deposits-rules.test.ts and withdrawals-rules.test.ts.
 */
import { isTradingDay, jstDate, jstMinuteOfDay } from '../../../shared/market';

/** Minutes of "HH:MM" ("24:00" = 1440). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * Whether `at` lies inside `range` ("HH:MM-HH:MM", Asia/Tokyo, start inclusive, end exclusive) and,
 * when `businessDaysOnly`, on a Tokyo business day (weekends, holidays and the year-end closure of
 * the market calendar excluded). An end of "23:59" or "24:00" means the end of the day (config
 * writes a whole day as 00:00-23:59); a window past midnight ("22:00-02:00") is open on either side.
 */
export function openAt(at: number, range: string, businessDaysOnly: boolean): boolean {
  if (businessDaysOnly && !isTradingDay(jstDate(at))) return false;
  const [from, to] = range.split('-') as [string, string];
  const start = minutesOf(from);
  const endRaw = minutesOf(to);
  const end = endRaw >= 23 * 60 + 59 ? 24 * 60 : endRaw;
  const now = jstMinuteOfDay(at);
  return start <= end ? now >= start && now < end : now >= start || now < end;
}
