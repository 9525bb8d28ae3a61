/**
 * Pure rules of deposits (docs/domain.md "Deposits"): the accepting hours on Tokyo business days,
 * the amount limits, and the user's stable transfer reference.
 */
import { isTradingDay, jstDate, jstMinuteOfDay } from '../../../shared/market';
import type { MessageId } from '../../../shared/api/messages';

/** Minutes of "HH:MM". */
function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * Whether `at` lies inside `range` ("HH:MM-HH:MM", Asia/Tokyo, start inclusive, end exclusive)
 * and, when `businessDaysOnly`, on a Tokyo business day (weekends, holidays and the year-end
 * closure of the market calendar excluded). An end of "23:59" or "24:00" means the end of the day.
 */
export function withinHours(at: number, range: string, businessDaysOnly: boolean): boolean {
  if (businessDaysOnly && !isTradingDay(jstDate(at))) return false;
  const [from, to] = range.split('-') as [string, string];
  const start = minutes(from);
  const endRaw = minutes(to);
  const end = endRaw >= 23 * 60 + 59 ? 24 * 60 : endRaw;
  const now = jstMinuteOfDay(at);
  return now >= start && now < end;
}

/** The refusal for an amount outside [min, max], or null. */
export function amountRefusal(amount: number, min: number, max: number): MessageId | null {
  if (!Number.isSafeInteger(amount) || amount < min || amount > max) return 'deposit_amount_out_of_range';
  return null;
}

/**
 * The user's transfer reference: stable per user, derived from their id (uuidv7's random tail),
 * so the operator can match an incoming transfer (振込依頼人名 or USDT memo) to the user.
 */
export function depositReference(userId: string): string {
  return `KB${userId.replace(/[^0-9a-zA-Z]/g, '').slice(-10).toUpperCase()}`;
}
