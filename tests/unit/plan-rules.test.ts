import { describe, expect, it } from 'vitest';
import { forbidden, invalid, notFound, ruleBroken } from '../../src/server/errors';
import { scheduleOf, skipReasonOf } from '../../src/server/modules/plans/rules';
import { nextRunDate, runDatesBetween, runDue, runsInYear, scheduleProblem } from '../../src/shared/domain/plan';
import { jstMs } from '../../src/shared/market';

/*
 * 積立 plans' pure rules (docs/domain.md "Investment trusts and 積立"): schedules, run dates moved off
 * holidays, when a run is due, and which refusal of a run's order is which skip reason.
 */
describe('plan schedules', () => {
  it('accepts monthly 1–3 days of 1–28, weekly one weekday, daily none', () => {
    expect(scheduleProblem({ frequency: 'monthly', days: [1, 15, 28] })).toBeNull();
    expect(scheduleProblem({ frequency: 'monthly', days: [] })).toBe('days');
    expect(scheduleProblem({ frequency: 'monthly', days: [1, 2, 3, 4] })).toBe('days');
    expect(scheduleProblem({ frequency: 'monthly', days: [29] })).toBe('days');
    expect(scheduleProblem({ frequency: 'monthly', days: [5, 5] })).toBe('days');
    expect(scheduleProblem({ frequency: 'weekly', days: [5] })).toBeNull();
    expect(scheduleProblem({ frequency: 'weekly', days: [6] })).toBe('days');
    expect(scheduleProblem({ frequency: 'daily', days: [] })).toBeNull();
    expect(scheduleProblem({ frequency: 'daily', days: [1] })).toBe('days');
  });

  it('moves a run date off holidays and runs two dates landing on one business day once', () => {
    // 1 January 2027 (Friday) is a holiday, the exchange is closed to the 3rd: the 4th.
    expect(nextRunDate({ frequency: 'monthly', days: [1] }, '2026-12-02')).toBe('2027-01-04');
    // 3–5 May 2027 are holidays: the 3rd and the 4th both run on the 6th, once.
    expect(runDatesBetween({ frequency: 'monthly', days: [3, 4] }, '2027-04-10', '2027-05-31')).toEqual(['2027-05-06']);
    // A nominal date before `from` that moves onto it counts (Sunday 10 January 2027, 成人の日 the 11th).
    expect(runDatesBetween({ frequency: 'monthly', days: [10] }, '2027-01-12', '2027-01-31')).toEqual(['2027-01-12']);
    expect(runDatesBetween({ frequency: 'weekly', days: [3] }, '2027-01-04', '2027-01-17')).toEqual(['2027-01-06', '2027-01-13']);
    expect(runsInYear({ frequency: 'monthly', days: [10] }, '2027-09-01', 2027)).toBe(4);
  });

  it('is due from 10:00 Tokyo of the run date', () => {
    expect(runDue('2026-12-01', jstMs('2026-12-01', 9, 59, 59))).toBe(false);
    expect(runDue('2026-12-01', jstMs('2026-12-01', 10, 0, 0))).toBe(true);
    expect(runDue('2026-12-01', jstMs('2026-12-02', 0, 0, 0))).toBe(true);
  });

  it('reads the stored schedule', () => {
    expect(scheduleOf({ frequency: 'monthly', days: '[1,15]' })).toEqual({ frequency: 'monthly', days: [1, 15] });
  });
});

describe('skip reasons', () => {
  it('maps the typed refusals of an order to the reason a run is skipped for', () => {
    expect(skipReasonOf(ruleBroken('balance_insufficient'), 'fund')).toBe('insufficient_cash');
    expect(skipReasonOf(ruleBroken('nisa_limit_exceeded'), 'fund')).toBe('nisa_room');
    expect(skipReasonOf(ruleBroken('nisa_not_eligible'), 'fund')).toBe('not_eligible');
    expect(skipReasonOf(forbidden('account_no_trade'), 'stock')).toBe('account_restricted');
    expect(skipReasonOf(notFound('product_not_found'), 'stock')).toBe('stock_untradable');
    expect(skipReasonOf(ruleBroken('price_unavailable'), 'stock')).toBe('stock_untradable');
    expect(skipReasonOf(invalid('invalid_request'), 'fund')).toBe('order_refused');
  });
});
