import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { addDays, jstDate, jstMs, roundToTick, type TickTable } from '../../src/shared/market';
import { balances, cancel, closePos, expectLedgerBalanced, order, quote, signInAdmin, trader } from './trade-support';

/*
 * Random sequences of orders, fills, closes, cancels, interest and day-end runs for several users
 * (issue 5 "Must show"). After every sequence: the ledger balances per currency, no user cash is
 * negative, frozen = Σ reservations, margin = Σ principals, and the funds summary equals the
 * user's postings plus the live P/L of what they hold. Every refusal is a 4xx, never a 500.
 */
const CODES = ['7203', '6758', '4883'] as const;
/** Tokyo wall-clock stops that cover every session: pre-open, open, lunch, afternoon, closing auction, close. */
const STOPS: [number, number][] = [[8, 30], [9, 0], [10, 15], [11, 45], [12, 30], [13, 10], [15, 26], [15, 30], [16, 0]];

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      user: fc.nat(2),
      code: fc.constantFrom(...CODES),
      direction: fc.constantFrom('up' as const, 'down' as const),
      limitTicks: fc.option(fc.integer({ min: -30, max: 30 }), { nil: null }),
      lots: fc.integer({ min: 1, max: 4 }),
      leverage: fc.constantFrom(1, 2, 3.3),
      dayTrade: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('close' as const), user: fc.nat(2), pick: fc.nat(20), limitTicks: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), user: fc.nat(2), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.constantFrom(1, 7, 45) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('jump' as const), days: fc.nat(2), stop: fc.constantFrom(...STOPS) }) },
);

type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

for (const dialect of testDialects()) {
  describe(`trade property: the ledger explains every yen (${dialect})`, () => {
    let s: TestServer;
    let now = TEST_NOW - 3 * 3600_000; // 7:00 on a trading day
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const tickTable = (code: string) => s.services.market.instrument(code)!.tickTable as TickTable;

    async function positionsOf(u: TestUser) {
      const res = await s.call('get', 'trade/positions?limit=100', { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.items as { id: string; status: string; code: string; reserved: number; principal: number; pnl: number | null; direction: string }[];
    }

    async function step(users: TestUser[], c: Command) {
      if (c.op === 'advance' || c.op === 'jump') {
        if (c.op === 'advance') now += c.minutes * 60_000;
        else {
          let t = jstMs(addDays(jstDate(now), c.days), c.stop[0], c.stop[1]);
          if (t <= now) t += 86_400_000;
          now = t;
        }
        s.clock.set(now);
        const r = await s.services.jobs.runDue(now);
        expect(r.trading.errors).toBe(0);
        return;
      }
      const u = users[c.user]!;
      let res;
      if (c.op === 'order') {
        let price: number | undefined;
        if (c.limitTicks !== null) {
          const p = quote(s, c.code, now).price;
          price = roundToTick(p + c.limitTicks * Math.max(1, Math.round(p / 1000)), tickTable(c.code), 'nearest');
        }
        res = await order(s, u, { code: c.code, direction: c.direction, lots: c.lots, leverage: c.leverage, dayTrade: c.dayTrade, ...(price ? { type: 'limit', price } : {}) });
      } else {
        const mine = await positionsOf(u);
        const wanted = c.op === 'close' ? mine.filter((p) => p.status === 'holding') : mine.filter((p) => p.status === 'pending' || p.status === 'closing');
        if (wanted.length === 0) return;
        const p = wanted[c.pick % wanted.length]!;
        if (c.op === 'cancel') res = await cancel(s, u, p.id);
        else {
          const limit = c.limitTicks === null ? null : roundToTick(quote(s, p.code, now).price + c.limitTicks * 10, tickTable(p.code), 'nearest');
          res = await closePos(s, u, p.id, limit ? { type: 'limit', price: limit } : {});
        }
      }
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }

    async function checkInvariants(users: TestUser[]) {
      await expectLedgerBalanced(s);
      for (const u of users) {
        const b = await balances(s, u.id);
        const mine = await positionsOf(u);
        const held = mine.filter((p) => ['in_progress', 'holding', 'closing'].includes(p.status));
        expect(b.frozen).toBe(mine.filter((p) => p.status === 'pending').reduce((a, p) => a + p.reserved, 0));
        expect(b.margin).toBe(held.reduce((a, p) => a + p.principal, 0));
        const summary = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
        const unrealized = held.reduce((a, p) => a + (p.pnl ?? 0), 0);
        expect(summary.totalAssets).toBe(b.cash + b.frozen + b.margin + b.loan + unrealized);
        expect(summary.unrealizedPnl).toBe(unrealized);
      }
    }

    it('holds for random sequences', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 15, maxLength: 40 }), fc.array(fc.integer({ min: 200_000, max: 5_000_000 }), { minLength: 3, maxLength: 3 }), async (cmds, cash) => {
          s.clock.set(now);
          await signInAdmin(s); // the clock may have run past the admin's 30-day session
          const users: TestUser[] = [];
          for (const amount of cash) users.push(await trader(s, amount));
          for (const c of cmds) await step(users, c);
          await checkInvariants(users);
        }),
        { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
      );
      // The sequences really went through the machinery, not just through refusals.
      const db = s.services.database.db;
      const statuses = await db.selectFrom('trade_position').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      const kinds = await db.selectFrom('journal_entry').select(['kind', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('kind').execute();
      const seen = new Set([...statuses.map((r) => r.status), ...kinds.map((r) => r.kind)]);
      for (const x of ['holding', 'cancelled', 'trade_open', 'trade_close', 'order_reserve', 'order_release']) expect(seen, x).toContain(x);
    });
  });
}
