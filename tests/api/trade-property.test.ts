import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { addDays, jstDate, jstMs, roundToTick, type TickTable } from '../../src/shared/market';
import { balances, cancel, closePos, expectLedgerBalanced, grant, order, quote, signIn, signInAdmin, trader } from './trade-support';

/*
 * Random sequences of orders, fills, closes, cancels, interest and day-end runs for several users
 * (issue 5 "Must show"), across a stock split (4592, 1:3 ex 2027-02-25), the March dividends (7203
 * and 6758 ex 2027-03-30), T+2 settlement and shortfalls (all-in 3.3× orders leave no cash for a
 * loss, a short's dividend or interest; random credits repay them). After every sequence: the
 * ledger invariants (Σ postings per currency = 0, each balance = Σ its postings, floors ≥ 0),
 * frozen = Σ reservations, margin = Σ principals, a shortfall only with no cash or unsettled money
 * left and with a due date, and the funds summary equals the user's postings plus the live P/L of
 * what they hold. Every refusal is a 4xx, never a 500.
 */
const CODES = ['7203', '6758', '4592'] as const;
/**
 * Each run starts just before one of the simulator's corporate actions with a holder (user 0) who
 * puts exactly everything into one 3.3× position across it: a margin long of the stock that splits,
 * or a short of a stock that goes ex-dividend (with no cash left, its dividend and interest become a
 * shortfall). The other two users trade at random around them.
 */
const SCENARIOS = {
  split: { start: jstMs('2027-02-24', 9, 5), exDate: '2027-02-25', codes: ['4592'], direction: 'up' },
  dividend: { start: jstMs('2027-03-29', 9, 5), exDate: '2027-03-30', codes: ['7203', '6758'], direction: 'down' },
} as const;
/** Tokyo wall-clock stops that cover every session: pre-open, open, lunch, afternoon, closing auction, close. */
const STOPS: [number, number][] = [[8, 30], [9, 0], [10, 15], [11, 45], [12, 30], [13, 10], [15, 26], [15, 30], [16, 0]];

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      user: fc.integer({ min: 1, max: 2 }),
      code: fc.constantFrom(...CODES),
      direction: fc.constantFrom('up' as const, 'down' as const),
      limitTicks: fc.option(fc.integer({ min: -30, max: 30 }), { nil: null }),
      lots: fc.integer({ min: 1, max: 4 }),
      leverage: fc.constantFrom(1, 2, 3.3),
      dayTrade: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('close' as const), user: fc.integer({ min: 1, max: 2 }), pick: fc.nat(20), limitTicks: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), user: fc.integer({ min: 1, max: 2 }), pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('allIn' as const), user: fc.integer({ min: 1, max: 2 }), code: fc.constantFrom(...CODES), direction: fc.constantFrom('up' as const, 'down' as const) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('credit' as const), user: fc.integer({ min: 1, max: 2 }), amount: fc.integer({ min: 1, max: 300_000 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.constantFrom(1, 7, 45) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('jump' as const), days: fc.nat(2), stop: fc.constantFrom(...STOPS) }) },
);

type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

for (const dialect of testDialects()) {
  describe(`trade property: the ledger explains every yen (${dialect})`, () => {
    let s: TestServer;
    let now = 0;
    const tickTable = (code: string) => s.services.market.instrument(code)!.tickTable as TickTable;

    async function positionsOf(u: TestUser) {
      const res = await s.call('get', 'trade/positions?limit=100', { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.items as { id: string; status: string; code: string; reserved: number; principal: number; pnl: number | null; direction: string; quantity: number }[];
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
        expect(r.corporateActions.errors).toBe(0);
        expect(r.settlement.errors).toBe(0);
        return;
      }
      const u = users[c.user]!;
      let res;
      if (c.op === 'credit') {
        await grant(s, u.id, c.amount);
        return;
      }
      if (c.op === 'allIn') {
        // Everything the user can pay for, at 3.3×: what is left cannot cover a loss, a dividend or interest.
        const available = (await s.call('get', 'funds/summary', { token: u.token })).body.data.available as number;
        const q = quote(s, c.code, now);
        const perLot = Math.ceil((((q.limits?.upper ?? q.price) * 100) / 10) * 10 / 33) + 1;
        const lots = Math.floor(available / perLot);
        if (lots < 1) return;
        res = await order(s, u, { code: c.code, direction: c.direction, lots, leverage: 3.3 });
      } else if (c.op === 'order') {
        let price: number | undefined;
        if (c.limitTicks !== null) {
          const p = quote(s, c.code, now).price;
          price = roundToTick(p + c.limitTicks * Math.max(1, Math.round(p / 1000)), tickTable(c.code), 'nearest');
        }
        // A short always needs margin: a 1× draw becomes 2× so shorts are exercised, not refused.
        const leverage = c.direction === 'down' && c.leverage === 1 ? 2 : c.leverage;
        res = await order(s, u, { code: c.code, direction: c.direction, lots: c.lots, leverage, dayTrade: c.dayTrade, ...(price ? { type: 'limit', price } : {}) });
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
        expect(summary.totalAssets).toBe(b.cash + b.frozen + b.margin + b.unsettled + b.loan + b.shortfall + unrealized);
        expect(b.loan).toBe(0); // trading never lends: a loss beyond what the user holds is a shortfall
        expect(b.shortfall).toBeLessThanOrEqual(0);
        if (b.shortfall < 0) {
          shortfallsSeen++;
          // Every charge drew on unsettled and cash first, and every credit repaid it first.
          expect({ cash: b.cash, unsettled: b.unsettled }).toEqual({ cash: 0, unsettled: 0 });
          expect(summary.shortfallDueOn).not.toBeNull();
        } else expect(summary.shortfallDueOn).toBeNull();
        for (const p of held) expect(p.quantity % 100).toBe(0);
      }
    }

    let shortfallsSeen = 0;
    const seen = new Set<string>();

    /** User 0 puts exactly everything into one 3.3× position of the scenario's stock, at the market. */
    async function holder(code: string, direction: 'up' | 'down'): Promise<TestUser> {
      const q = quote(s, code, now);
      const price = direction === 'up' ? q.ask! : q.bid!;
      const u = await trader(s, Math.ceil((((price * 100) / 10) * 10) / 33));
      const p = (await order(s, u, { code, direction, leverage: 3.3 })).body.data;
      expect(p.status).toBe('holding');
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, unsettled: 0 });
      return u;
    }

    async function record(db: TestServer['services']['database']['db']) {
      const statuses = await db.selectFrom('trade_position').select('status').distinct().execute();
      const kinds = await db.selectFrom('journal_entry').select('kind').distinct().execute();
      for (const r of [...statuses.map((x) => x.status), ...kinds.map((x) => x.kind)]) seen.add(r);
    }

    it('holds for random sequences across splits, dividends, settlement and shortfalls', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('split' as const, 'dividend' as const),
          fc.nat(1),
          fc.array(command, { minLength: 15, maxLength: 40 }),
          fc.array(fc.integer({ min: 200_000, max: 5_000_000 }), { minLength: 2, maxLength: 2 }),
          async (scenario, pick, cmds, cash) => {
            const sc = SCENARIOS[scenario];
            s = await startTestServer({ dialect });
            try {
              now = sc.start;
              s.clock.set(now);
              await signInAdmin(s);
              const code = sc.codes[pick % sc.codes.length]!;
              const users: TestUser[] = [await holder(code, sc.direction)];
              for (const amount of cash) users.push(await trader(s, amount));
              for (const c of cmds) await step(users, c);
              // End every run the day after the ex-date at the latest, so the action has happened.
              now = Math.max(now + 60_000, jstMs(addDays(sc.exDate, 1), 10));
              s.clock.set(now);
              expect((await s.services.jobs.runDue(now)).corporateActions.errors).toBe(0);
              for (const u of users) await signIn(s, u);
              await checkInvariants(users);
              const [held] = await positionsOf(users[0]!);
              if (scenario === 'split') {
                // Not force-closed by a phantom loss: 3× the shares, the same cost.
                expect(held).toMatchObject({ status: 'holding', quantity: 300 });
              } else {
                expect((await balances(s, users[0]!.id)).shortfall).toBeLessThan(0);
              }
              await record(s.services.database.db);
            } finally {
              await s.close();
            }
          },
        ),
        {
          endOnFailure: true,
          numRuns: Number(process.env.PROPERTY_RUNS ?? 8),
          // A fixed draw by default, so the coverage check below cannot fail on a draw: two clean-clone
          // CI runs in a row drew no cancellable order, then no settlement, in eight random runs on
          // PostgreSQL. PROPERTY_SEED=random explores new draws (the seed is printed on a failure).
          seed: process.env.PROPERTY_SEED === 'random' ? undefined : Number(process.env.PROPERTY_SEED ?? 1),
          // And one run that surely cancels a waiting order (a buy limit far under the market, then
          // its cancel), whatever the seed.
          examples: [
            [
              'split',
              0,
              [
                { op: 'order', user: 1, code: '7203', direction: 'up', limitTicks: -30, lots: 1, leverage: 1, dayTrade: false },
                { op: 'cancel', user: 1, pick: 0 },
              ],
              [1_000_000, 1_000_000],
            ],
          ],
        },
      );
      // The sequences really went through the machinery, not just through refusals.
      for (const x of ['holding', 'cancelled', 'trade_open', 'trade_close', 'order_reserve', 'order_release', 'stock_split', 'settlement']) expect(seen, x).toContain(x);
      expect(seen.has('dividend') || seen.has('dividend_adjustment'), 'a dividend was paid').toBe(true);
      expect(shortfallsSeen, 'a shortfall arose').toBeGreaterThan(0);
    }, 240_000);
  });
}
