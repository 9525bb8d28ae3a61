/**
 * The market's clock, from KABUTO_MARKET_CLOCK (docs/architecture.md "Runtime modes"):
 * - unset, "" or "real": the system clock.
 * - "always-open": a clock that is always inside TSE continuous trading, so quotes move and
 *   orders can be placed at any hour (demos, development, night-time CI). It starts at the real
 *   time if the market is open, else at the next session start, and then runs at real speed
 *   through continuous-trading time only: at 11:30 it jumps to 12:30, at 15:25 to the next
 *   trading day's 9:00. It may run ahead of the real date; FX and crypto are open at those times too.
 * - an ISO time ("2025-03-03T10:15:00+09:00"): a fixed instant, for tests. Without an offset the
 *   time is read as Tokyo time (never the machine's zone). The returned ManualClock can be moved.
 */
import { ManualClock, type Clock } from '../clock';
import { isContinuousTrading, isIsoDate, isTradingDay, jstDate, jstMs, nextTradingDay, sessionAt, sessionBounds } from '../../shared/market';

/** KABUTO_MARKET_CLOCK as read at start (platform/config.ts). */
export type MarketClockSetting = { kind: 'real' } | { kind: 'always-open' } | { kind: 'fixed'; at: number };

export function marketClockFromConfig(setting: MarketClockSetting, system: Clock): Clock {
  switch (setting.kind) {
    case 'real':
      return system;
    case 'always-open':
      return new AlwaysOpenClock(system);
    case 'fixed':
      return new ManualClock(setting.at);
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** An ISO date-time as epoch ms; offset-less times are Tokyo time. Throws on anything else. */
export function parseMarketInstant(text: string): number {
  const m = ISO.exec(text);
  if (!m) throw new Error(`KABUTO_MARKET_CLOCK must be "real", "always-open" or an ISO time, got ${JSON.stringify(text)}`);
  const withTime = m[1] ? text : `${text}T00:00`;
  const withZone = m[4] ? withTime : `${withTime}+09:00`;
  const ms = Date.parse(withZone);
  // Date.parse rolls 30 February over into March; the calendar check does not.
  if (!Number.isFinite(ms) || !isIsoDate(text.slice(0, 10))) throw new Error(`KABUTO_MARKET_CLOCK is not a valid time: ${JSON.stringify(text)}`);
  return ms;
}

/** The continuous-trading segments of a trading day: [9:00, 11:30) and [12:30, 15:25). */
function segments(date: string): Array<[number, number]> {
  const b = sessionBounds(date);
  return [
    [b.open, b.morningClose],
    [b.afternoonOpen, b.closingAuction],
  ];
}

/** `t` itself when the market is in continuous trading, else the next instant it is. */
export function nextOpenInstant(t: number): number {
  if (isContinuousTrading(sessionAt(t))) return t;
  const d = jstDate(t);
  if (isTradingDay(d)) for (const [start] of segments(d)) if (t < start) return start;
  return jstMs(nextTradingDay(d), 9, 0);
}

/** The instant reached by running `elapsed` ms of continuous-trading time from `from`. */
export function advanceTradingTime(from: number, elapsed: number): number {
  let t = nextOpenInstant(from);
  let left = elapsed;
  for (;;) {
    const d = jstDate(t);
    const seg = segments(d).find(([s, e]) => t >= s && t < e)!;
    if (t + left < seg[1]) return t + left;
    left -= seg[1] - t;
    t = nextOpenInstant(seg[1]);
  }
}

export class AlwaysOpenClock implements Clock {
  private readonly startReal: number;
  private readonly startVirtual: number;

  constructor(private readonly system: Clock) {
    this.startReal = system.now();
    this.startVirtual = nextOpenInstant(this.startReal);
  }

  now(): number {
    return advanceTradingTime(this.startVirtual, Math.max(0, this.system.now() - this.startReal));
  }
}
