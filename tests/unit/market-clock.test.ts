import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock, systemClock, type Clock } from '../../src/server/clock';
import { advanceTradingTime, AlwaysOpenClock, marketClockFromConfig, nextOpenInstant } from '../../src/server/market-sim';
import { loadConfig } from '../../src/server/platform/config';
import { isContinuousTrading, jstMs, sessionAt } from '../../src/shared/market';

/** The market clock main.ts builds from KABUTO_MARKET_CLOCK. */
const marketClockFromEnv = (value: string | undefined, system: Clock) => marketClockFromConfig(loadConfig({ KABUTO_MARKET_CLOCK: value }).market.clock, system);

const MIN = 60_000;

describe('marketClockFromEnv', () => {
  it('uses the system clock for real (or unset)', () => {
    expect(marketClockFromEnv(undefined, systemClock)).toBe(systemClock);
    expect(marketClockFromEnv('', systemClock)).toBe(systemClock);
    expect(marketClockFromEnv('real', systemClock)).toBe(systemClock);
  });

  it('fixes an ISO time, reading offset-less times as Tokyo time', () => {
    const fixed = marketClockFromEnv('2025-03-03T10:15:00+09:00', systemClock);
    expect(fixed).toBeInstanceOf(ManualClock);
    expect(fixed.now()).toBe(jstMs('2025-03-03', 10, 15));
    expect(marketClockFromEnv('2025-03-03T10:15', systemClock).now()).toBe(jstMs('2025-03-03', 10, 15));
    expect(marketClockFromEnv('2025-03-03T01:15:00Z', systemClock).now()).toBe(jstMs('2025-03-03', 10, 15));
    expect(marketClockFromEnv('2025-03-03', systemClock).now()).toBe(jstMs('2025-03-03', 0, 0));
  });

  it('refuses anything else', () => {
    expect(() => marketClockFromEnv('tomorrow', systemClock)).toThrow(/KABUTO_MARKET_CLOCK/);
    expect(() => marketClockFromEnv('2025-02-30T10:00:00Z', systemClock)).toThrow();
  });
});

describe('always-open clock', () => {
  it('starts at the next session when the market is shut and skips lunch and nights', () => {
    const system = new ManualClock(jstMs('2025-03-01', 12, 0)); // Saturday
    const clock = marketClockFromEnv('always-open', system);
    expect(clock).toBeInstanceOf(AlwaysOpenClock);
    expect(clock.now()).toBe(jstMs('2025-03-03', 9, 0)); // Monday 9:00
    system.advance(150 * MIN); // 2½ hours of real time
    expect(clock.now()).toBe(jstMs('2025-03-03', 12, 30)); // 11:30 → lunch skipped
    system.advance(175 * MIN);
    expect(clock.now()).toBe(jstMs('2025-03-04', 9, 0)); // 15:25 → next trading day
  });

  it('keeps the real time when the market is open', () => {
    const t = jstMs('2025-03-03', 10, 0);
    expect(new AlwaysOpenClock(new ManualClock(t)).now()).toBe(t);
  });

  it('is always inside continuous trading and never goes backwards (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: jstMs('2024-12-20', 0, 0), max: jstMs('2026-01-10', 0, 0) }), fc.integer({ min: 0, max: 40 * 24 * 60 * MIN }), (start, elapsed) => {
        const from = nextOpenInstant(start);
        expect(from).toBeGreaterThanOrEqual(start);
        const t = advanceTradingTime(from, elapsed);
        expect(isContinuousTrading(sessionAt(t))).toBe(true);
        expect(advanceTradingTime(from, elapsed + 1000)).toBeGreaterThan(t);
      }),
      { numRuns: 200 },
    );
  });
});
