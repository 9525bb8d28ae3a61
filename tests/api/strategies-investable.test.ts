import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { strategiesAdminApi, strategiesApi, type StrategyHolding } from '../../src/shared/api/strategies';
import { isTradingDay, type IsoDate } from '../../src/shared/market';
import { at, balances, dataOf, expectLedgerBalanced, runAt, trader } from './trade-support';

/**
 * Issue 36, items 4–6 (docs/domain.md "Strategy funds", ADR 016 "Follow-up: what a fund can invest"):
 *  - a fund takes only money its rule can invest: a subscription after which the fund is still
 *    below its minimum investable size is refused, naming it, and changes nothing;
 *  - the management fee accrues per calendar day (Friday → Monday is three days) on the fund's
 *    shares only: cash it cannot invest is never charged;
 *  - the last holder's redemption takes everything left, rounding included: the fund ends at 0.
 */
const FUND = 'one-lot-model';
const OWNER = `fund:${FUND}`;
const day = (d: string) => d as IsoDate;
const [THU, FRI, MON, TUE, WED, THU2, FRI2] = [day('2026-11-26'), day('2026-11-27'), day('2026-11-30'), day('2026-12-01'), day('2026-12-02'), day('2026-12-03'), day('2026-12-04')] as const;

interface HoldingRow { id: string; units: number; fee_carry: number }

for (const dialect of testDialects()) {
  describe(`strategy funds: what they can invest, the calendar-day fee, no ownerless residue (${dialect})`, () => {
    let s: TestServer;
    let a: TestUser;
    let b: TestUser;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const subscribe = (u: TestUser, id: string, amount: number) =>
      s.api(strategiesApi.subscribe, { token: u.token, params: { id }, body: { amount }, idempotencyKey: uuidv7() });
    const redeem = (u: TestUser, id: string) => s.api(strategiesApi.redeem, { token: u.token, params: { id }, idempotencyKey: uuidv7() });
    const mine = async (u: TestUser): Promise<StrategyHolding> => dataOf((await s.api(strategiesApi.holdings, { token: u.token })).body).items[0]!;
    const fund = async (id = FUND) => dataOf((await s.api(strategiesApi.detail, { token: s.admin.token, params: { id } })).body);
    const holdingRow = async (id: string) =>
      (await s.services.database.db
        .withTables<{ strategy_holding: HoldingRow }>()
        .selectFrom('strategy_holding')
        .select(['id', 'units', 'fee_carry'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as HoldingRow;
    const fundMoney = async () => {
      const m = await balances(s, OWNER);
      return m.cash + m.frozen + m.unsettled + m.shortfall;
    };
    /** The management fee the house has received from this fund (its strategy_fee entries). */
    const houseFees = async () => {
      const rows = await s.services.database.db
        .selectFrom('posting')
        .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
        .select('posting.amount')
        .where('journal_entry.kind', '=', 'strategy_fee')
        .where('journal_entry.user_id', '=', OWNER)
        .where('posting.amount', '>', 0)
        .execute();
      return rows.reduce((a, r) => a + Number(r.amount), 0);
    };
    const navOf = async (day: IsoDate) => (await fund()).history.find((p) => p.date === day)!;
    /** The fee units of `days` calendar days on a holding, on the share of the fund in shares, with the carried fraction. */
    const feeUnits = (units: number, carry: number, days: number, p: { positionsValue: number; netAssets: number; fee: number }) => {
      const add = (BigInt(units) * 100n * BigInt(days) * BigInt(p.positionsValue)) / BigInt(p.netAssets + p.fee);
      return Number((BigInt(carry) + add) / 3_650_000n);
    };

    it('refuses a subscription that leaves a fund unable to follow its rule, naming its minimum; nothing changes', async () => {
      for (const d of [THU, FRI, MON, TUE, WED, THU2, FRI2]) expect(isTradingDay(d), d).toBe(true);
      await runAt(s, at(THU, 9)); // the default funds are created by the first job run
      s.clock.set(at(THU, 10));
      const u = await trader(s, 5_000_000);
      // The mean-reversion fund's five-stock basket, price-weighted: one lot of each costs more than ¥1,000,000.
      const reversion = (await fund('n225-reversion')).fund;
      expect(reversion.minInvestable).toBeGreaterThan(1_000_000);
      expect(reversion.minSubscription).toBe(reversion.minInvestable); // an empty fund: all of it
      const journal = () => s.services.database.db.selectFrom('journal_entry').select('id').where('user_id', '=', u.id).execute();
      const entries = (await journal()).length;
      const refused = await subscribe(u, 'n225-reversion', 1_000_000);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        status: 0, msg: 'strategy_below_investable', params: { amount: reversion.minInvestable, min: reversion.minInvestable, currency: 'JPY' },
      });
      expect(await balances(s, u.id)).toMatchObject({ cash: 5_000_000, frozen: 0 });
      expect(dataOf((await s.api(strategiesApi.holdings, { token: u.token })).body).items).toEqual([]);
      expect((await journal()).length).toBe(entries);
      // The Nikkei 225 tracker needs a lot of each of its ten names: far above ¥5.8M (one Fast Retailing lot).
      expect((await fund('n225-tracker')).fund.minInvestable).toBeGreaterThan(20_000_000);
      // Enough for the rule: accepted.
      expect((await subscribe(u, 'n225-reversion', reversion.minInvestable)).status).toBe(200);
    });

    it('charges the fee per calendar day on the shares held: Friday → Monday is three days', async () => {
      s.clock.set(at(THU, 10));
      const created = await s.api(strategiesAdminApi.create, {
        token: s.admin.token,
        body: {
          id: FUND, kind: 'follow', name: '1銘柄モデル フォロー', rule: 'follow_model', model: '1銘柄モデル', params: { weights: ['8306:10000'], cashBufferBp: 200 },
          minAmount: 10_000, lockDays: 0, feeBp: 100, followUntil: '2026-12-31', reason: 'investable test',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      a = await trader(s, 20_000_000);
      b = await trader(s, 1_000_000);
      expect((await subscribe(a, FUND, 10_000_000)).status).toBe(200);
      // With a's money reserved the fund reaches its size: b's small amount is accepted.
      expect((await fund()).fund.minSubscription).toBe(10_000);
      expect((await subscribe(b, FUND, 100_000)).status).toBe(200);
      await runAt(s, at(THU, 16));
      const ha = await mine(a);
      expect(ha).toMatchObject({ status: 'holding', units: 10_000_000 });

      await runAt(s, at(FRI, 10)); // the fund buys its lots of 8306
      expect((await fund()).holdings.map((h) => h.code)).toEqual(['8306']);
      const feesBefore = await houseFees();
      await runAt(s, at(FRI, 16));
      const fri = await navOf(FRI);
      expect(fri.positionsValue).toBeGreaterThan(0);
      const afterFri = await holdingRow(ha.id);
      const friUnits = 10_000_000 - afterFri.units;
      expect(friUnits).toBe(feeUnits(10_000_000, 0, 1, fri)); // Thursday → Friday: one day
      expect(friUnits).toBeGreaterThan(250); // ≈ 10,000,000 × 1 % ÷ 365 × the share in shares

      await runAt(s, at(MON, 10));
      await runAt(s, at(MON, 16));
      const mon = await navOf(MON);
      const afterMon = await holdingRow(ha.id);
      const monUnits = afterFri.units - afterMon.units;
      expect(monUnits).toBe(feeUnits(afterFri.units, Number(afterFri.fee_carry), 3, mon)); // Friday → Monday: three days
      expect(monUnits).toBeGreaterThanOrEqual(3 * friUnits - 3); // not one (per trading day it was ≈ friUnits)
      // What the house got is what the NAV rows say was charged.
      expect((await houseFees()) - feesBefore).toBe(fri.fee - fri.feeAccrued + mon.fee - mon.feeAccrued);
    });

    it('never charges cash the rule cannot invest; the last redemption takes all that is left', async () => {
      // a leaves: what b's money alone can buy is less than one lot, so the fund sells and holds cash.
      s.clock.set(at(TUE, 9));
      expect((await redeem(a, (await mine(a)).id)).status).toBe(200);
      await runAt(s, at(TUE, 10));
      await runAt(s, at(TUE, 16));
      expect((await mine(a)).status).toBe('redeemed');
      const tue = await navOf(TUE);
      expect(tue.positionsValue).toBe(0);
      expect(tue.fee).toBe(0);
      const hb = await mine(b);
      const feesBefore = await houseFees();
      await runAt(s, at(WED, 10));
      await runAt(s, at(WED, 16));
      const wed = await navOf(WED);
      expect(wed).toMatchObject({ positionsValue: 0, fee: 0 });
      expect((await mine(b)).units).toBe(hb.units); // a day of idle cash costs b nothing
      expect(await houseFees()).toBe(feesBefore);
      const f = (await fund()).fund;
      expect(f.aum).toBeLessThan(f.minInvestable); // the fund says it cannot follow its rule…
      const c = await trader(s, 1_000_000);
      const small = await subscribe(c, FUND, 10_000); // …and takes no money that would not change that
      expect(small.body).toMatchObject({ msg: 'strategy_below_investable', params: { amount: f.minSubscription, min: f.minInvestable } });

      // b, the last holder, leaves: paid everything the fund has, the NAV's rounding included.
      s.clock.set(at(THU2, 9));
      expect((await redeem(b, hb.id)).status).toBe(200);
      await runAt(s, at(THU2, 10));
      const left = await fundMoney();
      const bCash = (await balances(s, b.id)).cash;
      await runAt(s, at(THU2, 16));
      const thu = await navOf(THU2);
      const paid = await mine(b);
      expect(paid.status).toBe('redeemed');
      expect(paid.payout).toBe(left);
      expect(paid.payout!).toBeGreaterThan(Math.floor((paid.units * thu.nav) / 10_000)); // the remainder a NAV payout leaves behind
      expect((await balances(s, b.id)).cash - bCash).toBe(left);
      expect(await fundMoney()).toBe(0);
      const after = (await fund()).fund;
      expect(after.units).toBe(0);
      await runAt(s, at(FRI2, 16)); // settlement of Tuesday's sale moves nothing back
      expect(await fundMoney()).toBe(0);
      await expectLedgerBalanced(s);
    });
  });
}
