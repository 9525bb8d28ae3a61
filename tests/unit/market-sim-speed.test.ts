import { describe, expect, it } from 'vitest';
import { Simulator } from '../../src/server/market-sim';
import { jstMs, tradingDaysInRange } from '../../src/shared/market';

/** Measured and reported, never asserted: timings depend on the machine and its load. */
function measure<T>(label: string, run: () => T): T {
  const t0 = performance.now();
  const out = run();
  console.log(`[market-sim speed] ${label}: ${(performance.now() - t0).toFixed(1)} ms`);
  return out;
}

describe('generation speed (reported)', () => {
  it('generates on demand without a start-up phase', () => {
    const sim = measure('construct a simulator', () => new Simulator({ seed: 'speed' }));
    const days = tradingDaysInRange('2025-12-01', '2025-12-30').concat(tradingDaysInRange('2026-01-05', '2026-01-08'));
    expect(days.length).toBeGreaterThanOrEqual(20);
    const twenty = days.slice(-20);
    const minutes = measure('1-minute bars, 20 trading days of one stock (7203, cold)', () => twenty.map((d) => sim.minuteBars('7203', d)));
    expect(minutes.flat().length).toBe(20 * 326);
    measure('1-minute bars, same 20 days again (cached)', () => twenty.map((d) => sim.minuteBars('7203', d)));
    measure('1-minute bars, 20 days of BTC/JPY (1,440 a day)', () => tradingDaysInRange('2025-12-01', '2025-12-30').slice(0, 20).map((d) => sim.minuteBars('BTCJPY', d)));
    const daily = measure('daily bars, 5 years of one stock (6758, cold)', () => sim.dailyBars('6758', '2020-12-30', '2025-12-30'));
    expect(daily.length).toBeGreaterThan(1200);
    measure('daily bars, 5 years of the Nikkei 225 (225 members, cold)', () => sim.dailyBars('N225', '2020-12-30', '2025-12-30'));
    const stocks = sim.instruments();
    const at = jstMs('2025-12-26', 10, 30);
    measure(`quotes for the whole universe at one instant (${stocks.length} instruments, cold)`, () => stocks.map((i) => sim.quote(i.code, at)));
    measure('quotes for the whole universe 5 s later (cached)', () => stocks.map((i) => sim.quote(i.code, at + 5000)));
  }, 120_000);
});
