import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { jstMs } from '../../src/shared/market';
import { NISA_LIMITS } from '../../src/shared/domain/account-type';
import { balances, dataOf, expectLedgerBalanced, quote, signIn, signInAdmin } from './trade-support';
import {
  ceilDiv, nisaBuy, nisaSell, nisaTrader, roomOf, sessionInstants, tokyoNewYear, tokyoYear, tradingDayFrom, usageFromJournal, usageOf,
} from './nisa-room-support';

/**
 * Issue 38 "Must show": a year of NISA 成長投資枠 buys to exactly ¥2,400,000 (the next buy refused
 * with the remaining room to the yen), a sale whose 取得費 comes back as lifetime room only on
 * 1 January (Tokyo) while the year's room stays used, the new year's room open again; and 20
 * concurrent NISA buys against the last room: exactly the room used, never more. On the server's
 * test clock; the ledger invariants after each step. Fees are the default schedule ('zero'), so a
 * buy's cost is its contract value: the amounts are found in the (deterministic) simulated market.
 */
const YEAR = NISA_LIMITS.yearly.nisa_growth;
const GROWTH_LIFETIME = NISA_LIMITS.growthLifetime;

interface Buy { t: number; code: string; lots: number; cost: number }

/** One lot's cost (yen) of `code` bought at market at `t`: its ask × 100 shares. */
function lotCost(s: TestServer, code: string, t: number): number | null {
  const q = quote(s, code, t);
  if (q.ask === null) return null;
  const inst = s.services.market.instrument(code)!;
  return (q.ask * 100) / inst.priceScale;
}

/**
 * The year's buys: three fixed ones early in 2027, then two (November, December) found so the five
 * add up to exactly ¥2,400,000: the December amounts in a map, the November ones looked up against it.
 */
function planYear(s: TestServer): Buy[] {
  const fixed: Buy[] = ([['2027-01-05', '7203', 2], ['2027-03-10', '6758', 1], ['2027-05-12', '8306', 2]] as const).map(([d, code, lots]) => {
    const t = jstMs(tradingDayFrom(d), 10, 0);
    return { t, code, lots, cost: lots * lotCost(s, code, t)! };
  });
  const rest = YEAR - fixed.reduce((a, b) => a + b.cost, 0);
  expect(rest).toBeGreaterThan(200_000);
  const probe = jstMs('2027-11-01', 10, 0);
  const codes = s.services.market
    .instruments()
    .filter((i) => i.kind === 'stock' && !('designation' in i && i.designation))
    .map((i) => i.code)
    .filter((c) => {
      const x = lotCost(s, c, probe);
      return x !== null && x >= 50_000 && x <= 600_000;
    })
    .slice(0, 24);
  const december = new Map<number, Buy>();
  for (const t of sessionInstants('2027-12-01', 2)) {
    for (const code of codes) {
      const c = lotCost(s, code, t);
      if (c !== null) for (let lots = 1; lots <= 3; lots++) if (!december.has(lots * c)) december.set(lots * c, { t, code, lots, cost: lots * c });
    }
  }
  for (const t of sessionInstants('2027-11-01', 5)) {
    for (const code of codes) {
      const c = lotCost(s, code, t);
      if (c === null) continue;
      for (let lots = 1; lots <= 3; lots++) {
        const last = december.get(rest - lots * c);
        if (last) return [...fixed, { t, code, lots, cost: lots * c }, last];
      }
    }
  }
  throw new Error(`no November/December pair adds up to ¥${rest}`);
}

for (const dialect of testDialects()) {
  describe(`NISA over a year (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    /** Moves the test clock (months at a time: the sessions are signed in again) and checks the ledger. */
    async function jump(u: TestUser, t: number) {
      s.clock.set(t);
      await signInAdmin(s);
      await signIn(s, u);
    }

    /** After every step: the usage the API shows is the one the journal and the closed rows define, and the ledger balances. */
    async function checkStep(u: TestUser) {
      const shown = await usageOf(s, u);
      expect(shown).toEqual((await usageFromJournal(s, u.id, s.clock.now())).usage);
      expect(shown.year).toBe(tokyoYear(s.clock.now()));
      await expectLedgerBalanced(s);
      return shown;
    }

    it('buys to exactly ¥2,400,000 in a year; the next buy is refused with the room to the yen; a sale frees its book value only on 1 January (Tokyo)', async () => {
      const plan = planYear(s);
      expect(plan.reduce((a, b) => a + b.cost, 0)).toBe(YEAR);
      const u = await nisaTrader(s, 10_000_000);
      let used = 0;
      // 総平均法 pools of the NISA holdings, by stock.
      const pools = new Map<string, { total: number; shares: number }>();
      for (const b of plan) {
        await jump(u, b.t);
        const res = await nisaBuy(s, u, { code: b.code, lots: b.lots });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'holding', account: 'nisa_growth', quantity: b.lots * 100 });
        const row = await s.services.database.db.selectFrom('trade_position').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
        expect({ cost: Number(row.contract_value) + row.open_fee, fee: row.open_fee, account: row.account_type }).toEqual({ cost: b.cost, fee: 0, account: 'nisa_growth' });
        used += b.cost;
        const p = pools.get(b.code) ?? { total: 0, shares: 0 };
        pools.set(b.code, { total: p.total + b.cost, shares: p.shares + b.lots * 100 });
        const shown = await checkStep(u);
        expect(shown.frames.nisa_growth).toEqual({ limit: YEAR, used, reserved: 0, remaining: YEAR - used });
        expect(shown.growthLifetime).toMatchObject({ used, remaining: GROWTH_LIFETIME - used });
      }
      expect(used).toBe(2_400_000);

      // The next buy, of the cheapest lot there is: refused with the room to the yen; the year's room is 0.
      const last = plan[plan.length - 1]!;
      await jump(u, last.t + 60_000);
      const refusal = { account: 'nisa_growth', yearRemaining: 0, lifetimeRemaining: GROWTH_LIFETIME - YEAR };
      const next = await nisaBuy(s, u, { code: last.code, lots: 1 });
      expect(next.status, JSON.stringify(next.body)).toBe(422);
      expect(next.body).toMatchObject({ status: 0, msg: 'nisa_limit_exceeded', params: refusal });
      const preview = await s.call('get', `trade/preview?code=${last.code}&lots=1&account=nisa_growth`, { token: u.token });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.nisa).toEqual({ ...refusal, room: 0 });
      await checkStep(u);

      // A sale in NISA (100 of the first purchase's 200 shares): its 取得費 by 総平均法, no tax.
      const sold = plan[0]!;
      const saleAt = sessionInstants(tradingDayFrom(new Date(last.t + 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10)), 1).next().value as number;
      await jump(u, saleAt);
      const sale = await nisaSell(s, u, sold.code, 100);
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      const [closed] = sale.body.data.positions as { id: string; status: string; account: string }[];
      expect(closed).toMatchObject({ status: 'closed', account: 'nisa_growth' });
      const pool = pools.get(sold.code)!;
      const book = ceilDiv(pool.total * 100, pool.shares);
      const closedRow = await s.services.database.db.selectFrom('trade_position').selectAll().where('id', '=', closed!.id).executeTakeFirstOrThrow();
      expect({ book: Number(closedRow.book_cost), tax: closedRow.tax }).toEqual({ book, tax: 0 });

      // Same year: the year's room stays used, no lifetime room back yet; it frees next year.
      const sameYear = {
        year: 2027,
        frames: { nisa_growth: { limit: YEAR, used: YEAR, reserved: 0, remaining: 0 }, nisa_tsumitate: { limit: 1_200_000, used: 0, reserved: 0, remaining: 1_200_000 } },
        lifetime: { limit: NISA_LIMITS.lifetime, used: YEAR, reserved: 0, remaining: NISA_LIMITS.lifetime - YEAR },
        growthLifetime: { limit: GROWTH_LIFETIME, used: YEAR, reserved: 0, remaining: GROWTH_LIFETIME - YEAR },
        freesNextYear: book,
      };
      expect(await checkStep(u)).toEqual(sameYear);
      const again = await nisaBuy(s, u, { code: last.code, lots: 1 });
      expect(again.body).toMatchObject({ msg: 'nisa_limit_exceeded', params: refusal });

      // The last millisecond of 31 December in Tokyo: still 2027. The scheduled jobs run there.
      await jump(u, tokyoNewYear(2028) - 1);
      expect(await checkStep(u)).toEqual(sameYear);
      const lastRun = await s.services.jobs.runDue(s.clock.now());
      expect(lastRun.nisaYear).toEqual({ messages: 0 });

      // 00:00 on 1 January in Tokyo (15:00 UTC on the 31st): the year's room is open again and the
      // sale's book value is lifetime room again; nothing was reset, the year comes from the clock.
      await jump(u, tokyoNewYear(2028));
      const newYear = {
        year: 2028,
        frames: { nisa_growth: { limit: YEAR, used: 0, reserved: 0, remaining: YEAR }, nisa_tsumitate: { limit: 1_200_000, used: 0, reserved: 0, remaining: 1_200_000 } },
        lifetime: { limit: NISA_LIMITS.lifetime, used: YEAR - book, reserved: 0, remaining: NISA_LIMITS.lifetime - YEAR + book },
        growthLifetime: { limit: GROWTH_LIFETIME, used: YEAR - book, reserved: 0, remaining: GROWTH_LIFETIME - YEAR + book },
        freesNextYear: 0,
      };
      expect(await checkStep(u)).toEqual(newYear);
      // The jobs' first run of the new year tells the user: the year's room is open, the sale's book value freed.
      const firstRun = await s.services.jobs.runDue(s.clock.now());
      expect(firstRun.nisaYear?.messages).toBeGreaterThanOrEqual(1);
      expect((await s.services.jobs.runDue(s.clock.now() + 60_000)).nisaYear).toEqual({ messages: 0 });
      const inbox = dataOf((await s.call('get', 'messages', { token: u.token })).body) as { items: { kind: string; params: Record<string, unknown> }[] };
      const told = inbox.items.filter((m) => m.kind === 'nisa_year_opened');
      expect(told).toHaveLength(1);
      expect(told[0]!.params).toMatchObject({ year: 2028, growthRemaining: YEAR, tsumitateRemaining: 1_200_000, lifetimeRemaining: newYear.lifetime.remaining, freed: book });
      await expectLedgerBalanced(s);

      // The first session of 2028: a NISA buy is taken again and counts in 2028 only.
      const open = jstMs(tradingDayFrom('2028-01-04'), 10, 0);
      await jump(u, open);
      const cost = lotCost(s, sold.code, open)!;
      const first = await nisaBuy(s, u, { code: sold.code, lots: 1 });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ status: 'holding', account: 'nisa_growth' });
      const after = await checkStep(u);
      expect(after.frames.nisa_growth).toEqual({ limit: YEAR, used: cost, reserved: 0, remaining: YEAR - cost });
      expect(after.growthLifetime).toMatchObject({ used: YEAR - book + cost, remaining: GROWTH_LIFETIME - YEAR + book - cost });
      const room = dataOf((await s.call('get', `trade/preview?code=${sold.code}&lots=1&account=nisa_growth`, { token: u.token })).body) as { nisa: unknown };
      expect(room.nisa).toEqual({ account: 'nisa_growth', ...roomOf(after) });
    });

    it('20 concurrent NISA buys against the last room: exactly the room is used, never more', async () => {
      // A new user in a new year (2029): the room is the whole year's.
      const t = jstMs(tradingDayFrom('2029-02-05'), 10, 30);
      s.clock.set(t);
      await signInAdmin(s);
      const u = await nisaTrader(s, 20_000_000);
      const code = '8306';
      const c = lotCost(s, code, t)!;
      // First a buy that leaves room for exactly five more lots and a remainder.
      const bulk = Math.floor(YEAR / c) - 5;
      expect(bulk).toBeGreaterThan(0);
      const first = await nisaBuy(s, u, { code, lots: bulk });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const room = YEAR - bulk * c;
      expect(Math.floor(room / c)).toBe(5);
      await expectLedgerBalanced(s);

      const results = await Promise.all(Array.from({ length: 20 }, () => nisaBuy(s, u, { code, lots: 1 }, uuidv7())));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(5);
      const left = room - 5 * c;
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status, JSON.stringify(r.body)).toBe(422);
        // Refused only once the five had taken the room: each refusal carries what is left then, to the yen.
        expect(r.body).toMatchObject({ msg: 'nisa_limit_exceeded', params: { account: 'nisa_growth', yearRemaining: left, lifetimeRemaining: GROWTH_LIFETIME - (YEAR - left) } });
      }
      for (const r of ok) expect(r.body.data).toMatchObject({ status: 'holding', account: 'nisa_growth', quantity: 100 });

      const rows = await s.services.database.db.selectFrom('trade_position').selectAll().where('user_id', '=', u.id).execute();
      expect(rows.every((r) => r.account_type === 'nisa_growth')).toBe(true);
      expect(rows).toHaveLength(6);
      const spent = rows.reduce((a, r) => a + Number(r.contract_value) + r.open_fee, 0);
      expect(spent).toBe((bulk + 5) * c);
      expect(spent).toBeLessThanOrEqual(YEAR);
      const shown = await usageOf(s, u);
      expect(shown.frames.nisa_growth).toEqual({ limit: YEAR, used: spent, reserved: 0, remaining: left });
      expect(shown).toEqual((await usageFromJournal(s, u.id, t)).usage);
      expect(await balances(s, u.id)).toMatchObject({ cash: 20_000_000 - spent, frozen: 0, margin: spent });
      await expectLedgerBalanced(s);
    });

    it('20 concurrent waiting NISA limit buys against the last room: their reservations never exceed it; a cancel gives its part back', async () => {
      const t = jstMs(tradingDayFrom('2029-03-05'), 10, 30);
      s.clock.set(t);
      await signInAdmin(s);
      const u = await nisaTrader(s, 20_000_000);
      const code = '8306';
      const c = lotCost(s, code, t)!;
      const bulk = Math.floor(YEAR / c) - 5;
      expect((await nisaBuy(s, u, { code, lots: bulk })).status).toBe(200);
      const room = YEAR - bulk * c;
      // A limit well under the market: the order waits and holds its reservation of the room.
      const q = quote(s, code, t);
      const limit = q.limits!.lower;
      const results = await Promise.all(Array.from({ length: 20 }, () => nisaBuy(s, u, { code, lots: 1, price: limit }, uuidv7())));
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      const reserved = ok[0]!.body.data.reserved as number;
      for (const r of ok) expect(r.body.data).toMatchObject({ status: 'pending', account: 'nisa_growth', reserved });
      // Exactly as many as the room holds, each refusal with what is left once they were taken.
      expect(ok).toHaveLength(Math.min(20, Math.floor(room / reserved)));
      const left = room - ok.length * reserved;
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.body).toMatchObject({ msg: 'nisa_limit_exceeded', params: { account: 'nisa_growth', yearRemaining: left, lifetimeRemaining: GROWTH_LIFETIME - bulk * c - ok.length * reserved } });
      }
      let shown = await usageOf(s, u);
      expect(shown.frames.nisa_growth).toEqual({ limit: YEAR, used: bulk * c, reserved: ok.length * reserved, remaining: left });
      expect(shown).toEqual((await usageFromJournal(s, u.id, t)).usage);
      expect((await balances(s, u.id)).frozen).toBe(ok.length * reserved);
      await expectLedgerBalanced(s);

      // A cancel returns its reservation to the room: one more limit buy fits, and no more.
      const cancelled = await s.call('post', `trade/orders/${ok[0]!.body.data.id}/cancel`, { token: u.token, headers: { 'Idempotency-Key': uuidv7() } });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      shown = await usageOf(s, u);
      expect(shown.frames.nisa_growth).toMatchObject({ reserved: (ok.length - 1) * reserved, remaining: left + reserved });
      const more = await Promise.all(Array.from({ length: 5 }, () => nisaBuy(s, u, { code, lots: 1, price: limit }, uuidv7())));
      expect(more.filter((r) => r.status === 200)).toHaveLength(1);
      shown = await usageOf(s, u);
      expect(shown.frames.nisa_growth).toEqual({ limit: YEAR, used: bulk * c, reserved: ok.length * reserved, remaining: left });
      expect(shown).toEqual((await usageFromJournal(s, u.id, t)).usage);
      await expectLedgerBalanced(s);
    });
  });

  describe(`NISA: a fill the jobs catch up after 1 January counts in its trade date's year (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('a limit buy of 30 December that filled that day while the jobs were not running: 2027 room, not 2028', async () => {
      const t0 = jstMs('2027-12-30', 9, 10);
      s.clock.set(t0);
      await signInAdmin(s);
      const u = await nisaTrader(s, 5_000_000);
      await s.services.jobs.runDue(t0);
      const code = '7203';
      // A limit at the day's low after now: the order waits, and some later minute of the day trades there.
      const low = Math.min(...s.services.market.minuteBars(code, '2027-12-30').filter((b) => !b.auction && b.t > t0).map((b) => b.low));
      const placedRes = await nisaBuy(s, u, { code, lots: 1, price: low });
      expect(placedRes.status, JSON.stringify(placedRes.body)).toBe(200);
      expect(placedRes.body.data).toMatchObject({ status: 'pending', account: 'nisa_growth' });
      // No job runs until the first morning of 2028 (the server was down over the new year).
      const t1 = jstMs('2028-01-04', 8, 30);
      s.clock.set(t1);
      await signInAdmin(s);
      await signIn(s, u);
      expect((await s.services.jobs.runDue(t1)).trading.errors).toBe(0);
      const row = await s.services.database.db.selectFrom('trade_position').selectAll().where('id', '=', placedRes.body.data.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('holding');
      expect(tokyoYear(row.buy_time!)).toBe(2027);
      const cost = Number(row.contract_value) + row.open_fee;
      // 買付 (約定日) 2027-12-30: 2027's room; 2028's is whole, the lifetime room counts it.
      const shown = await usageOf(s, u);
      expect(shown.frames.nisa_growth).toEqual({ limit: YEAR, used: 0, reserved: 0, remaining: YEAR });
      expect(shown.growthLifetime).toMatchObject({ used: cost, remaining: GROWTH_LIFETIME - cost });
      await expectLedgerBalanced(s);
    });
  });
}
