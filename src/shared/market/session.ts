/**
 * TSE sessions in JST (docs/tse-rules.md "Sessions and calendar", since 5 Nov 2024): orders from
 * 8:00, morning 9:00–11:30, afternoon 12:30–15:30 with continuous trading until 15:25 and the
 * closing auction 15:25–15:30 (orders accepted, no trades; single-price match at 15:30).
 * Every boundary belongs to the session that starts there: 9:00:00 is morning, 11:30:00 is lunch,
 * 15:25:00 is the closing auction, 15:30:00 is after the close.
 */
import { isTradingDay } from './calendar';
import { jstDate, jstMs, jstMsOfDay, MINUTE_MS, type IsoDate } from './jst';
import type { MarketSession } from './session-names';

export { MARKET_SESSIONS, type MarketSession } from './session-names';

/** Session boundaries as minutes after Tokyo midnight. */
export const SESSION_MINUTES = {
  preOpen: 8 * 60,
  open: 9 * 60,
  morningClose: 11 * 60 + 30,
  afternoonOpen: 12 * 60 + 30,
  closingAuction: 15 * 60 + 25,
  close: 15 * 60 + 30,
} as const;

/** Continuous-trading minutes per day: 150 in the morning + 175 in the afternoon. */
export const MORNING_MINUTES = SESSION_MINUTES.morningClose - SESSION_MINUTES.open;
export const AFTERNOON_MINUTES = SESSION_MINUTES.closingAuction - SESSION_MINUTES.afternoonOpen;
export const CONTINUOUS_MINUTES = MORNING_MINUTES + AFTERNOON_MINUTES;

/** The session at an instant. */
export function sessionAt(ms: number): MarketSession {
  if (!isTradingDay(jstDate(ms))) return 'closed';
  const m = jstMsOfDay(ms) / MINUTE_MS; // fractional minutes: boundaries compare exactly
  if (m < SESSION_MINUTES.preOpen) return 'closed';
  if (m < SESSION_MINUTES.open) return 'pre_open';
  if (m < SESSION_MINUTES.morningClose) return 'morning';
  if (m < SESSION_MINUTES.afternoonOpen) return 'lunch';
  if (m < SESSION_MINUTES.closingAuction) return 'afternoon';
  if (m < SESSION_MINUTES.close) return 'closing_auction';
  return 'after_close';
}

/** Prices move only in continuous trading (and at the two auctions that open and close it). */
export function isContinuousTrading(session: MarketSession): boolean {
  return session === 'morning' || session === 'afternoon';
}

/** The exchange takes orders from 8:00 until the closing match at 15:30. */
export function acceptsOrders(session: MarketSession): boolean {
  return session !== 'closed' && session !== 'after_close';
}

/** Instants of a trading day's boundaries. */
export function sessionBounds(date: IsoDate): Record<keyof typeof SESSION_MINUTES, number> {
  const at = (min: number) => jstMs(date, 0, min);
  return {
    preOpen: at(SESSION_MINUTES.preOpen),
    open: at(SESSION_MINUTES.open),
    morningClose: at(SESSION_MINUTES.morningClose),
    afternoonOpen: at(SESSION_MINUTES.afternoonOpen),
    closingAuction: at(SESSION_MINUTES.closingAuction),
    close: at(SESSION_MINUTES.close),
  };
}

/**
 * Start instants of the continuous-trading minutes of `date` (325 of them: 9:00 … 11:29 and
 * 12:30 … 15:24), the grid of 1-minute bars. The closing auction prints separately at 15:30.
 */
export function continuousMinuteStarts(date: IsoDate): number[] {
  const b = sessionBounds(date);
  const out: number[] = [];
  for (let t = b.open; t < b.morningClose; t += MINUTE_MS) out.push(t);
  for (let t = b.afternoonOpen; t < b.closingAuction; t += MINUTE_MS) out.push(t);
  return out;
}
