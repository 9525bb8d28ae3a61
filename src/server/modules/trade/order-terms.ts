/**
 * Pure rules of waiting orders (docs/domain.md "Trading"): how long one lives (有効期限) and when a
 * stop order (逆指値) is reached. Used when an order or close request is placed or amended, and by
 * the trading job.
 */
import {
  addDays,
  addTradingDays,
  isTradingDay,
  jstDate,
  sessionBounds,
  tradingDayOnOrBefore,
  weekday,
  type IsoDate,
} from '../../../shared/market';
import type { Validity } from '../../../shared/api/trade';
import { invalid, ruleBroken } from '../../errors';

/** A date validity reaches at most this many business days ahead (as Japanese online brokers offer). */
export const MAX_VALIDITY_DAYS = 15;

/** The last trading day an order placed on `today` with `validity` may fill on; throws `invalid` past the bounds. */
export function lastValidDay(validity: Validity, today: IsoDate): IsoDate {
  if (validity === 'day') return today;
  const max = addTradingDays(today, MAX_VALIDITY_DAYS);
  if (validity === 'week') {
    // The week's last trading day (Monday–Sunday weeks), never before today.
    const sunday = addDays(today, (7 - weekday(today)) % 7);
    const last = tradingDayOnOrBefore(sunday);
    return last < today ? today : last;
  }
  if (!isTradingDay(validity) || validity < today || validity > max) throw invalid('invalid_request', { field: 'validity', min: today, max });
  return validity;
}

/** The instant an order with `validity` lapses: the closing match of its last valid day. */
export function expiryFor(validity: Validity, today: IsoDate): number {
  return sessionBounds(lastValidDay(validity, today)).close;
}

/** A buy stop is reached when the price rises to the trigger; a sell (or short) stop when it falls to it. */
export function reached(side: 'buy' | 'sell', trigger: number, price: number): boolean {
  return side === 'buy' ? price >= trigger : price <= trigger;
}

/**
 * A stop placed (or amended) now must wait: a trigger the price has already reached would fill at
 * once, which the user did not ask for (`trigger_already_reached` {trigger, price}).
 */
export function assertTriggerAhead(side: 'buy' | 'sell', trigger: number, price: number): void {
  if (reached(side, trigger, price)) throw ruleBroken('trigger_already_reached', { trigger, price });
}

/**
 * The auction a 寄付 / 引け order executes in: the next opening auction (9:00, or 12:30 once the
 * morning has opened) or today's closing auction. Past the afternoon open there is no 寄付 left
 * today (`invalid_request` {field: 'condition'}).
 */
export function conditionAuction(condition: 'open' | 'close', now: number): number {
  const b = sessionBounds(jstDate(now));
  if (condition === 'close') return b.close;
  if (now < b.open) return b.open;
  if (now < b.afternoonOpen) return b.afternoonOpen;
  throw invalid('invalid_request', { field: 'condition' });
}

/** Whether a single auction price satisfies a limit on `side`. */
export function limitMet(side: 'buy' | 'sell', limit: number, price: number): boolean {
  return side === 'buy' ? price <= limit : price >= limit;
}
