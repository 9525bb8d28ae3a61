import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { addDays, isContinuousTrading, jstDate, jstMs, roundToTick, sessionAt, type TickTable } from '../../src/shared/market';
import { isNisa, type NisaUsage } from '../../src/shared/domain/account-type';
import { tradeFee } from '../../src/shared/domain/trade-money';
import { cancel, dataOf, expectLedgerBalanced, quote, setConfig, signIn, signInAdmin } from './trade-support';
import { nisaBuy, nisaSell, nisaTrader, roomOf, tokyoNewYear, tokyoYear, tradingDayFrom, usageFromJournal, usageOf } from './nisa-room-support';

/*
 * Issue 38 "Must show": for any sequence of buys, sells and year changes, the yearly and lifetime
 * NISA usage equal their definitions recomputed from the postings. Random NISA 成長投資枠 buys (at
 * market, or limit orders that wait and reserve room), buys in 特定 or with the default account,
 * sales of part of a NISA holding, cancels, clock moves within a year and year changes, all through
 * the API on the test clock with the scheduled jobs run at every move. After every step GET
 * tax-account's usage must equal the usage recomputed from the journal alone: the cost of each NISA
 * trade_open entry (holding + fee postings) by the Tokyo year of the entry, the frozen postings of
 * the NISA entries, and the 取得費 (trade_position.book_cost) of the rows each NISA trade_close entry
 * closed, by the Tokyo year of the entry (tests/api/nisa-room-support.ts usageFromJournal). Every
 * nisa_limit_exceeded carries the room those definitions give, to the yen; every accepted NISA buy
 * fits it; the default account is NISA exactly when a market buy fits; the ledger balances.
 */
/** 4592 splits 1:3 ex 2027-02-25 (tests/api/trade-property.test.ts): a split NISA holding keeps its cost. */
const CODES = ['7203', '8306', '6758', '4592'] as const;
/** Tokyo wall-clock stops: pre-open, the sessions, lunch, after the close. */
const STOPS: [number, number][] = [[8, 30], [9, 20], [10, 15], [11, 45], [13, 10], [14, 40], [16, 0]];

const command = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('buy' as const),
      code: fc.constantFrom(...CODES),
      lots: fc.integer({ min: 1, max: 4 }),
      // A limit this many ticks under the ask waits (and reserves room); null: at market.
      below: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 5, max: 60 }) }),
      account: fc.constantFrom('nisa_growth', 'nisa_growth', 'nisa_growth', 'nisa_growth', 'specific', null),
    }),
  },
  // Part of one of the NISA holdings (picked among the stocks held).
  { weight: 4, arbitrary: fc.record({ op: fc.constant('sell' as const), pick: fc.nat(10), lots: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat(10) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('days' as const), days: fc.integer({ min: 1, max: 30 }), stop: fc.constantFrom(...STOPS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('year' as const), stop: fc.constantFrom(...STOPS) }) },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

const START = jstMs(tradingDayFrom('2027-01-05'), 9, 30);
/** The simulator's horizon ends in 2030: at most this many year changes from 2027. */
const LAST_YEAR = 2030;

for (const dialect of testDialects()) {
  describe(`NISA usage property: the room equals its definitions from the journal (${dialect})`, () => {
    let s: TestServer;
    let now = 0;
    let fees: 'zero' | 'reference' = 'zero';
    const seen = { limitRefusals: 0, nisaBuys: 0, waiting: 0, sales: 0, cancels: 0, freed: 0, yearChanges: 0, defaultNisa: 0, defaultTaxable: 0, nisaFees: 0 };

    async function move(u: TestUser, t: number) {
      now = t;
      s.clock.set(now);
      const r = await s.services.jobs.runDue(now);
      expect(r.trading.errors).toBe(0);
      expect(r.corporateActions.errors).toBe(0);
      expect(r.settlement.errors).toBe(0);
      await signInAdmin(s);
      await signIn(s, u);
    }

    /** The usage by the definitions (journal) and as the API shows it: equal, within the limits. */
    async function check(u: TestUser, label: string): Promise<NisaUsage> {
      const fromJournal = await usageFromJournal(s, u.id, now);
      const shown = await usageOf(s, u);
      expect(shown, label).toEqual(fromJournal.usage);
      // Every NISA purchase entry paid exactly its row's cost; every NISA row's journal says NISA.
      const rows = await s.services.database.db.selectFrom('trade_position').selectAll().where('user_id', '=', u.id).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const p of fromJournal.purchases) {
        const r = byId.get(p.refId!);
        expect(r && isNisa(r.account_type), label).toBe(true);
      }
      if (rows.some((r) => isNisa(r.account_type) && r.open_fee > 0)) seen.nisaFees++;
      const pendingNisa = rows.filter((r) => r.status === 'pending' && r.account_type === 'nisa_growth').reduce((a, r) => a + r.reserved, 0);
      expect(fromJournal.reserved.nisa_growth, label).toBe(pendingNisa);
      for (const part of [shown.frames.nisa_growth, shown.frames.nisa_tsumitate, shown.lifetime, shown.growthLifetime]) {
        expect(part.remaining, label).toBeGreaterThanOrEqual(0);
        expect(part.used + part.reserved, label).toBeLessThanOrEqual(part.limit);
      }
      await expectLedgerBalanced(s);
      return shown;
    }

    async function step(u: TestUser, c: Command, label: string) {
      if (c.op === 'advance') return move(u, now + c.minutes * 60_000);
      if (c.op === 'days' || c.op === 'year') {
        if (c.op === 'year') {
          const next = tokyoYear(now) + 1;
          if (next > LAST_YEAR) return;
          // The jobs run at the year's last instant, then on the new year's first trading day.
          await move(u, tokyoNewYear(next) - 1);
          await check(u, `${label} (last instant of ${next - 1})`);
          const freesBefore = (await usageOf(s, u)).freesNextYear;
          await move(u, jstMs(tradingDayFrom(`${next}-01-04`), c.stop[0], c.stop[1]));
          seen.yearChanges++;
          if (freesBefore > 0) seen.freed++;
          return;
        }
        let t = jstMs(addDays(jstDate(now), c.days), c.stop[0], c.stop[1]);
        if (t <= now) t += 86_400_000;
        if (tokyoYear(t) > LAST_YEAR) return;
        return move(u, t);
      }
      if (c.op === 'cancel') {
        const waiting = await s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).where('status', '=', 'pending').orderBy('id').execute();
        if (waiting.length === 0) return;
        const res = await cancel(s, u, waiting[c.pick % waiting.length]!.id);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status === 200) seen.cancels++;
        return;
      }
      if (c.op === 'sell') {
        const held = await s.services.database.db.selectFrom('trade_position').select('code').distinct()
          .where('user_id', '=', u.id).where('account_type', '=', 'nisa_growth').where('status', '=', 'holding').orderBy('code').execute();
        if (held.length === 0) return;
        const code = held[c.pick % held.length]!.code;
        const view = await s.call('get', `trade/sellable?code=${code}&account=nisa_growth`, { token: u.token });
        expect(view.status, JSON.stringify(view.body)).toBeLessThan(500);
        if (view.status !== 200) return;
        const row = (view.body.data.accounts as { account: string; sellable: number }[]).find((a) => a.account === 'nisa_growth');
        const shares = Math.min(c.lots * 100, Math.floor((row?.sellable ?? 0) / 100) * 100);
        if (shares === 0) return;
        const res = await nisaSell(s, u, code, shares);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status === 200) seen.sales++;
        return;
      }
      // A buy: the room before it, by the definitions.
      const before = roomOf((await usageFromJournal(s, u.id, now)).usage);
      const q = quote(s, c.code, now);
      const inst = s.services.market.instrument(c.code)!;
      const continuous = isContinuousTrading(sessionAt(now));
      let price: number | undefined;
      if (c.below !== null) {
        if (q.ask === null) return;
        const p = roundToTick(q.ask - c.below * Math.max(1, Math.round(q.ask / 2000)), inst.tickTable as TickTable, 'down');
        if (q.limits && p < q.limits.lower) return;
        price = p;
      }
      const res = await nisaBuy(s, u, { code: c.code, lots: c.lots, price, account: c.account });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      // What a market buy in continuous trading costs: its contract value and the fee.
      const value = c.below === null && continuous && q.ask !== null ? (q.ask * c.lots * 100) / inst.priceScale : null;
      const marketCost = value === null ? null : value + tradeFee(value, fees);
      if (res.status !== 200) {
        if (res.body.msg === 'nisa_limit_exceeded') {
          seen.limitRefusals++;
          expect(c.account, label).toBe('nisa_growth');
          expect(res.body.params, label).toEqual({ account: 'nisa_growth', yearRemaining: before.yearRemaining, lifetimeRemaining: before.lifetimeRemaining });
          if (marketCost !== null) expect(marketCost, label).toBeGreaterThan(before.room);
        } else expect(['balance_insufficient', 'price_unavailable', 'not_trading_time'], `${label}: ${JSON.stringify(res.body)}`).toContain(res.body.msg);
        return;
      }
      const pos = dataOf(res.body) as { id: string; status: string; account: string; reserved: number };
      const row = await s.services.database.db.selectFrom('trade_position').selectAll().where('id', '=', pos.id).executeTakeFirstOrThrow();
      const cost = row.status === 'pending' ? row.reserved : Number(row.contract_value) + row.open_fee;
      expect(row.account_type, label).toBe(pos.account);
      if (c.account !== null) expect(pos.account, label).toBe(c.account);
      if (pos.account === 'nisa_growth') {
        seen.nisaBuys++;
        if (row.status === 'pending') seen.waiting++;
        expect(cost, label).toBeLessThanOrEqual(before.room);
      }
      if (c.account === null) {
        // The default: NISA 成長投資枠 when the order's cost fits the room, else 特定.
        expect(pos.account, label).toBe(cost <= before.room ? 'nisa_growth' : 'specific');
        if (pos.account === 'nisa_growth') seen.defaultNisa++;
        else seen.defaultTaxable++;
      }
      if (marketCost !== null && row.status !== 'pending') expect(cost, label).toBe(marketCost);
    }

    it('holds for random sequences of NISA buys, sales, cancels and year changes', async () => {
      await fc.assert(
        // With the fee schedule of today's online brokers (zero) or the reference table: a NISA
        // purchase's cost includes its fee.
        fc.asyncProperty(fc.constantFrom('zero' as const, 'reference' as const), fc.array(command, { minLength: 8, maxLength: 18 }), async (schedule, cmds) => {
          s = await startTestServer({ dialect });
          try {
            now = START;
            s.clock.set(now);
            await signInAdmin(s);
            fees = schedule;
            if (fees !== 'zero') await setConfig(s, 'feeSchedule', fees);
            const u = await nisaTrader(s, 40_000_000);
            await move(u, now);
            await check(u, 'start');
            for (const [i, c] of cmds.entries()) {
              const label = `step ${i}: ${JSON.stringify(c)} at ${new Date(now).toISOString()}`;
              await step(u, c, label);
              await check(u, label);
            }
          } finally {
            await s.close();
          }
        }),
        {
          endOnFailure: true,
          numRuns: Number(process.env.PROPERTY_RUNS ?? 8),
          // A fixed draw by default (PROPERTY_SEED=random explores; the seed is printed on a failure).
          seed: process.env.PROPERTY_SEED === 'random' ? undefined : Number(process.env.PROPERTY_SEED ?? 1),
          // And one run that surely fills the year, is refused, sells, waits, cancels and changes year.
          examples: [
            [
              'reference',
              [
                { op: 'buy', code: '6758', lots: 4, below: null, account: 'nisa_growth' },
                { op: 'buy', code: '6758', lots: 2, below: null, account: 'nisa_growth' },
                { op: 'buy', code: '8306', lots: 1, below: 30, account: 'nisa_growth' },
                { op: 'buy', code: '8306', lots: 4, below: null, account: null },
                { op: 'cancel', pick: 0 },
                { op: 'sell', pick: 0, lots: 2 },
                { op: 'buy', code: '8306', lots: 1, below: null, account: 'nisa_growth' },
                { op: 'year', stop: [10, 15] },
                { op: 'buy', code: '7203', lots: 2, below: null, account: null },
              ],
            ],
          ],
        },
      );
      // The sequences went through the rules, not only around them.
      for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0);
    }, 600_000);
  });
}
