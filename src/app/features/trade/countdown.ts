/**
 * The day-trade countdown (pure): time left until the closing-auction auto-close, measured on the
 * market's clock. The browser's clock can differ from the server's market clock (a demo clock that
 * is always open, a test clock, a phone set wrong), so "now" is the browser's time plus the offset
 * learnt from the last quote (`quote.at` − the moment it arrived).
 */

export interface Countdown {
  /** Milliseconds left, never negative. */
  ms: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

export function countdown(targetMs: number, nowMs: number): Countdown {
  const ms = Math.max(0, targetMs - nowMs);
  // Whole seconds, rounded up: "00:00:01" is shown until the last second has fully passed.
  const total = Math.ceil(ms / 1000);
  return {
    ms,
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: ms === 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "01:02:03"; hours grow past 24 when the close is days away (a weekend). */
export function formatCountdown(c: Countdown): string {
  return `${pad(c.hours)}:${pad(c.minutes)}:${pad(c.seconds)}`;
}

/** Offset of the market clock from this browser's clock, from a quote's `at` and its arrival time. */
export function clockOffset(marketAt: number | null | undefined, receivedAt: number | null | undefined): number {
  if (!marketAt || !receivedAt) return 0;
  return marketAt - receivedAt;
}

