import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { addDays, jstDate, jstMs, roundToTick, type TickTable } from '../../src/shared/market';
import { verifiedUser } from './cash-support';
import { cancel, closePos, expectLedgerBalanced, grant, order, quote, signIn, signInAdmin, trader } from './trade-support';

/*
 * profit = total assets − net deposits (docs/domain.md "Profit"), after every step of random
 * sequences across the March dividends (7203 and 6758 ex 2027-03-30). Net deposits are what the
 * test itself granted (a grant counts as a deposit; these users never withdraw). Yen only: the
 * identity leaves foreign balances out by definition (their rate moves and spreads are not profit).
 *
 * Four users: a verified lender-borrower (0) who starts with a lent cash holding (配当金相当額 and
 * lending fees), a pledged one and a loan (loan interest), then trades, lends, recalls, borrows and
 * repays at random; an all-in 3.3× short (1) who pays the dividend with nothing left, so it becomes
 * a shortfall with late interest after its due date; two random traders (2, 3) whose cash longs get
 * 配当金 net of the tax withheld, margin longs the 配当落調整金 and shorts pay it.
 */
const CODES = ['7203', '6758'] as const;
const EX_DATE = '2027-03-30';
const START = jstMs('2027-03-29', 9, 5);
const FUND_PASSWORD = '135790';
/** Tokyo wall-clock stops over the sessions and the night (the corporate-action run). */
const STOPS: [number, number][] = [[0, 1], [8, 30], [9, 0], [10, 15], [12, 30], [13, 10], [15, 26], [15, 30], [16, 0]];
/** The users random trading picks from: the short (1) only ever holds its one position. */
const TRADERS = fc.constantFrom(0, 2, 3);

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      user: TRADERS,
      code: fc.constantFrom(...CODES),
      direction: fc.constantFrom('up' as const, 'down' as const),
      limitTicks: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }),
      lots: fc.integer({ min: 1, max: 3 }),
      leverage: fc.constantFrom(1, 2, 3.3),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('close' as const), user: TRADERS, pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), user: TRADERS, pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('credit' as const), user: TRADERS, amount: fc.integer({ min: 1, max: 300_000 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('lend' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('recall' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('borrow' as const), amount: fc.integer({ min: 1_000, max: 200_000 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('repay' as const), amount: fc.integer({ min: 1, max: 200_000 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.constantFrom(1, 7, 45) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('jump' as const), days: fc.nat(1), stop: fc.constantFrom(...STOPS) }) },
);

type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;
type Position = { id: string; status: string; code: string; leverage: number; direction: string };

for (const dialect of testDialects()) {
  describe(`funds property: profit = total assets − net deposits (${dialect})`, () => {
    let s: TestServer;
    let now = 0;
    /** Yen each user was granted: their net deposits. */
    let deposits: number[] = [];
    const seen = new Set<string>();
    const tickTable = (code: string) => s.services.market.instrument(code)!.tickTable as TickTable;
    const key = () => ({ 'Idempotency-Key': uuidv7() });

    async function fund(u: TestUser, i: number, amount: number) {
      await grant(s, u.id, amount);
      deposits[i]! += amount;
    }

    async function positionsOf(u: TestUser): Promise<Position[]> {
      const res = await s.call('get', 'trade/positions?limit=100', { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.items;
    }

    /** The lender-borrower: 7203 bought and lent, 6758 bought (pledged), a loan drawn on it. */
    async function lender(): Promise<TestUser> {
      const u = await verifiedUser(s);
      deposits.push(0);
      const fp = await s.call('post', 'user/fund-password', { token: u.token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: u.password } });
      expect(fp.status, JSON.stringify(fp.body)).toBe(200);
      await fund(u, 0, 3_000_000);
      const lent = (await order(s, u, { code: '7203', lots: 2 })).body.data;
      await order(s, u, { code: '6758', lots: 1 });
      expect((await s.call('post', 'lending/stock', { token: u.token, headers: key(), body: { positionId: lent.id } })).status).toBe(200);
      const loan = await s.call('post', 'lending/loans', { token: u.token, headers: key(), body: { amount: 100_000, fundPassword: FUND_PASSWORD } });
      expect(loan.status, JSON.stringify(loan.body)).toBe(200);
      return u;
    }

    /** Everything the user can pay for in one 3.3× short: a dividend or a day's fee leaves a shortfall. */
    async function allInShort(code: string): Promise<TestUser> {
      const q = quote(s, code, now);
      const amount = Math.ceil((((q.bid! * 100) / 10) * 10) / 33);
      const u = await trader(s, amount);
      deposits.push(amount);
      const p = (await order(s, u, { code, direction: 'down', leverage: 3.3 })).body.data;
      expect(p.status).toBe('holding');
      return u;
    }

    async function lendingStep(u: TestUser, c: Extract<Command, { op: 'lend' | 'recall' | 'borrow' | 'repay' }>) {
      if (c.op === 'borrow') return s.call('post', 'lending/loans', { token: u.token, headers: key(), body: { amount: c.amount, fundPassword: FUND_PASSWORD } });
      if (c.op === 'repay') {
        const loans = (await s.call('get', 'lending/loans', { token: u.token })).body.data.items.filter((l: { status: string }) => l.status === 'borrowed');
        if (loans.length === 0) return null;
        return s.call('post', `lending/loans/${loans[0].id}/repay`, { token: u.token, headers: key(), body: { amount: c.amount } });
      }
      const stock = (await s.call('get', 'lending/stock', { token: u.token })).body.data;
      if (c.op === 'lend') {
        if (stock.lendable.length === 0) return null;
        return s.call('post', 'lending/stock', { token: u.token, headers: key(), body: { positionId: stock.lendable[c.pick % stock.lendable.length].positionId } });
      }
      const lent = stock.items.filter((x: { status: string }) => x.status === 'borrowing');
      if (lent.length === 0) return null;
      return s.call('post', `lending/stock/${lent[c.pick % lent.length].id}/recall`, { token: u.token, headers: key() });
    }

    async function tradeStep(u: TestUser, c: Extract<Command, { op: 'order' | 'close' | 'cancel' }>) {
      if (c.op === 'order') {
        let price: number | undefined;
        if (c.limitTicks !== null) {
          const p = quote(s, c.code, now).price;
          price = roundToTick(p + c.limitTicks * Math.max(1, Math.round(p / 1000)), tickTable(c.code), 'nearest');
        }
        // A short always needs margin: a 1× draw becomes 2×.
        const leverage = c.direction === 'down' && c.leverage === 1 ? 2 : c.leverage;
        return order(s, u, { code: c.code, direction: c.direction, lots: c.lots, leverage, ...(price ? { type: 'limit', price } : {}) });
      }
      const mine = await positionsOf(u);
      const wanted = c.op === 'close' ? mine.filter((p) => p.status === 'holding') : mine.filter((p) => p.status === 'pending' || p.status === 'closing');
      if (wanted.length === 0) return null;
      const p = wanted[c.pick % wanted.length]!;
      return c.op === 'cancel' ? cancel(s, u, p.id) : closePos(s, u, p.id);
    }

    async function step(users: TestUser[], c: Command) {
      if (c.op === 'advance' || c.op === 'jump') {
        if (c.op === 'advance') now += c.minutes * 60_000;
        else {
          let t = jstMs(addDays(jstDate(now), c.days), c.stop[0], c.stop[1]);
          if (t <= now) t += 86_400_000;
          now = t;
        }
        await runAll();
        return;
      }
      if (c.op === 'credit') return fund(users[c.user]!, c.user, c.amount);
      const res = c.op === 'order' || c.op === 'close' || c.op === 'cancel' ? await tradeStep(users[c.user]!, c) : await lendingStep(users[0]!, c);
      if (res) expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }

    async function runAll() {
      s.clock.set(now);
      const r = await s.services.jobs.runDue(now);
      for (const job of ['trading', 'corporateActions', 'settlement', 'lending'] as const) expect((r as Record<string, { errors?: number }>)[job]?.errors ?? 0, job).toBe(0);
    }

    async function checkIdentity(users: TestUser[]) {
      for (const [i, u] of users.entries()) {
        const sum = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
        expect(sum.balances.map((b: { currency: string }) => b.currency)).toEqual(['JPY']);
        expect(sum.profit, `user ${i}`).toBe(sum.totalAssets - deposits[i]!);
        expect(sum.profit).toBe(sum.realizedPnl + sum.unrealizedPnl);
      }
    }

    it('holds after every step of random sequences across an ex-date, with lending, loans and shortfalls', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...CODES), fc.array(command, { minLength: 10, maxLength: 30 }), fc.array(fc.integer({ min: 300_000, max: 5_000_000 }), { minLength: 2, maxLength: 2 }), async (shortCode, cmds, cash) => {
          s = await startTestServer({ dialect });
          try {
            now = START;
            deposits = [];
            s.clock.set(now);
            await signInAdmin(s);
            const users = [await lender(), await allInShort(shortCode)];
            for (const amount of cash) {
              users.push(await trader(s, amount));
              deposits.push(amount);
            }
            await checkIdentity(users);
            for (const c of cmds) {
              await step(users, c);
              await checkIdentity(users);
            }
            // End three days after the ex-date at the latest: the dividends are paid and the short's
            // shortfall, due the next business day, has begun to accrue late interest.
            now = Math.max(now + 60_000, jstMs(addDays(EX_DATE, 3), 10));
            await runAll();
            for (const u of users) await signIn(s, u);
            await checkIdentity(users);
            await expectLedgerBalanced(s);
            const kinds = await s.services.database.db.selectFrom('journal_entry').select('kind').distinct().execute();
            for (const k of kinds) seen.add(k.kind);
          } finally {
            await s.close();
          }
        }),
        {
          endOnFailure: true,
          numRuns: Number(process.env.PROPERTY_RUNS ?? 5),
          // A fixed draw by default, so the coverage check below cannot fail on a draw;
          // PROPERTY_SEED=random explores new ones (the seed is printed on a failure).
          seed: process.env.PROPERTY_SEED === 'random' ? undefined : Number(process.env.PROPERTY_SEED ?? 1),
        },
      );
      // Every flow the identity is about went through the ledger in some run.
      for (const k of ['dividend', 'dividend_adjustment', 'dividend_substitute', 'lending_fee', 'loan_interest', 'late_interest', 'trade_close', 'settlement']) expect(seen, k).toContain(k);
      // 60-85 s on the loaded 2-core box, 290 s beside a CPU hog (issue 34): room for that; a hang still fails.
    }, 600_000);
  });
}
