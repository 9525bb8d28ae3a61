import { describe, expect, it } from 'vitest';
import { emptyReport, timedEvents, type TradingEngine } from '../../src/server/modules/trade/engine';
import { Jobs } from '../../src/server/platform/jobs';
import { ManualClock } from '../../src/server/clock';
import { createLogger } from '../../src/server/logger';
import { newPositionRow } from '../../src/server/modules/trade/context';
import { jstMs } from '../../src/shared/market';

const row = (id: string, patch: object) =>
  newPositionRow({
    id, user_id: 'u', code: '7203', business_type: 'stock', direction: 'up', price_type: 'market', status: 'pending',
    currency: 'JPY', price_scale: 10, quantity: 100, leverage_x10: 10, placed_at: 0, updated_at: 0, ...patch,
  });

describe('scheduler events', () => {
  const d = '2026-11-24';
  const lunchFill = jstMs(d, 12, 30);
  const close = jstMs(d, 15, 30);

  it('orders due work by time, and at one instant fills before expiry before the day-trade close', () => {
    const rows = [
      row('c', { status: 'holding', auto_close_at: close }),
      row('b', { fill_at: close, expires_at: close, auto_close_at: close }),
      row('a', { fill_at: lunchFill, expires_at: close, auto_close_at: close }),
      row('d', { status: 'in_progress', locked_until: '2026-11-25' }),
    ];
    const evs = timedEvents(rows, jstMs('2026-11-25', 9));
    expect(evs.map((e) => `${e.id}:${e.kind}`)).toEqual([
      'a:fill', 'b:fill', 'a:expire', 'b:expire', 'a:auto_close', 'b:auto_close', 'c:auto_close', 'd:unlock',
    ]);
  });

  it('nothing is due before its instant', () => {
    const rows = [row('a', { fill_at: lunchFill, expires_at: close })];
    expect(timedEvents(rows, lunchFill - 1)).toEqual([]);
    expect(timedEvents(rows, lunchFill)).toEqual([{ t: lunchFill, kind: 'fill', id: 'a' }]);
  });
});

describe('jobs scheduler', () => {
  it('runs never overlap, and each caller gets a run at its own instant', async () => {
    const calls: string[] = [];
    const engine = {
      run: async (now: number) => {
        calls.push(`start ${now}`);
        // Held across a turn of the event loop, not for a time: the three callers below are all in
        // before it ends, so an overlapping run would start inside it.
        await new Promise((r) => setImmediate(r));
        calls.push(`end ${now}`);
        return emptyReport();
      },
    } as unknown as TradingEngine;
    const jobs = new Jobs(new ManualClock(3), createLogger('silent'), { trading: engine });
    const [a, b, c] = await Promise.all([jobs.runDue(1), jobs.runDue(2), jobs.runDue()]);
    expect([a.at, b.at, c.at]).toEqual([1, 2, 3]);
    expect(calls).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
