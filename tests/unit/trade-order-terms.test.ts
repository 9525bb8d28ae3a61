import { describe, expect, it } from 'vitest';
import { sessionBounds } from '../../src/shared/market';
import { assertTriggerAhead, expiryFor, lastValidDay, reached } from '../../src/server/modules/trade/order-terms';

describe('order validity (有効期限)', () => {
  it('a day order lives today; a week order to the week’s last trading day', () => {
    expect(lastValidDay('day', '2026-11-24')).toBe('2026-11-24');
    expect(lastValidDay('week', '2026-11-24')).toBe('2026-11-27'); // Tuesday → Friday
    expect(lastValidDay('week', '2026-11-27')).toBe('2026-11-27'); // Friday → itself
    // The week of 2026-12-28: the market closes for the year after Wednesday the 30th.
    expect(lastValidDay('week', '2026-12-28')).toBe('2026-12-30');
    expect(expiryFor('week', '2026-11-24')).toBe(sessionBounds('2026-11-27').close);
  });

  it('a date must be a trading day from today up to 15 business days ahead', () => {
    expect(lastValidDay('2026-12-15', '2026-11-24')).toBe('2026-12-15'); // the 15th business day
    for (const bad of ['2026-12-16', '2026-11-28', '2026-11-23', '2026-11-20']) {
      expect(() => lastValidDay(bad, '2026-11-24'), bad).toThrow();
    }
  });
});

describe('stop triggers (逆指値)', () => {
  it('a buy stop is reached when the price rises to it, a sell stop when it falls to it', () => {
    expect(reached('buy', 1000, 999)).toBe(false);
    expect(reached('buy', 1000, 1000)).toBe(true);
    expect(reached('sell', 1000, 1001)).toBe(false);
    expect(reached('sell', 1000, 1000)).toBe(true);
    expect(() => assertTriggerAhead('buy', 1000, 1000)).toThrow();
    expect(() => assertTriggerAhead('sell', 990, 1000)).not.toThrow();
  });
});
