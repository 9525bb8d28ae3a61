import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { strategiesAdminApi, strategiesApi, type StrategyHolding } from '../../src/shared/api/strategies';
import { fundsApi } from '../../src/shared/api/funds';
import { contractValue } from '../../src/shared/domain/trade-money';
import { isTradingDay, addDays, type IsoDate } from '../../src/shared/market';
import { at, balances, dataOf, expectLedgerBalanced, runAt, trader } from './trade-support';

/**
 * Issue 16: strategy funds with a real NAV (docs/domain.md "Strategy funds"). Over several trading
 * days: subscribe → NAV strike → the fund trades through the trading engine → NAV moves with its
 * fills → redeem after the lock; NAV = (cash + positions at the close − accrued fees) × 10,000 ÷
 * units to the yen on every day; termination pays everyone out; the ledger stays balanced.
 */
const FUND = 'n225-tracker';
const OWNER = `fund:${FUND}`;

for (const dialect of testDialects()) {
  describe(`strategy funds (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const subscribe = (u: TestUser, id: string, amount: number, key = uuidv7()) =>
      s.api(strategiesApi.subscribe, { token: u.token, params: { id }, body: { amount }, idempotencyKey: key });
    const redeem = (u: TestUser, id: string, key = uuidv7()) => s.api(strategiesApi.redeem, { token: u.token, params: { id }, idempotencyKey: key });
    const holdings = async (u: TestUser) => dataOf((await s.api(strategiesApi.holdings, { token: u.token })).body).items;
    const navRows = () =>
      s.services.database.db
        .withTables<{ strategy_nav: { fund_id: string; date: string; nav: number; units: number; cash: number; positions_value: number; fee_accrued: number; fee: number; subscribed: number; redeemed: number } }>()
        .selectFrom('strategy_nav')
        .selectAll()
        .where('fund_id', '=', FUND)
        .orderBy('date')
        .execute();
    const heldPositions = () =>
      s.services.database.db.selectFrom('trade_position').selectAll().where('user_id', '=', OWNER).where('status', 'in', ['holding', 'in_progress', 'closing']).execute();
    const fundMoney = async () => {
      const b = await balances(s, OWNER);
      return b.cash + b.frozen + b.unsettled + b.shortfall;
    };

    /**
     * Checks the day's NAV row against the ledger and the market, independently of the service:
     * the fund's money after the strike less what flowed in and plus what flowed out, Σ shares ×
     * the day's close, and NAV = floor((cash + positions − accrued fees) × 10,000 ÷ units).
     */
    async function expectNavOf(day: IsoDate) {
      const row = (await navRows()).find((r) => r.date === day)!;
      expect(row, `NAV row of ${day}`).toBeDefined();
      expect(Number(row.cash)).toBe((await fundMoney()) - Number(row.subscribed) + Number(row.redeemed));
      let value = 0;
      for (const p of await heldPositions()) value += contractValue(s.services.market.dailyBars(p.code, day, day)[0]!.close, p.quantity, p.price_scale);
      expect(Number(row.positions_value)).toBe(value);
      const net = Number(row.cash) + Number(row.positions_value) - Number(row.fee_accrued);
      if (Number(row.units) > 0) expect(Number(row.nav)).toBe(Math.floor((net * 10_000) / Number(row.units)));
      return row;
    }

    /** The trading days from `from`, `n` of them. */
    function tradingDays(from: IsoDate, n: number): IsoDate[] {
      const out: IsoDate[] = [];
      for (let d = from; out.length < n; d = addDays(d, 1)) if (isTradingDay(d)) out.push(d);
      return out;
    }

    it('lists quant and follow-order funds with their rules, empty until someone subscribes', async () => {
      // The default funds are created by the first job run (reads change nothing).
      await runAt(s, at('2026-11-24', 9, 30));
      const quant = dataOf((await s.api(strategiesApi.list, { token: s.admin.token, query: { kind: 'quant' } })).body).items;
      expect(quant.map((f) => f.id).sort()).toEqual(['core30-momentum', 'n225-reversion', 'n225-tracker']);
      const follow = dataOf((await s.api(strategiesApi.list, { token: s.admin.token, query: { kind: 'follow' } })).body).items;
      expect(follow.map((f) => f.id)).toEqual(['dividend-follow']);
      expect(follow[0]!.model).toBeTruthy();
      const tracker = quant.find((f) => f.id === FUND)!;
      expect(tracker).toMatchObject({ nav: 10_000, aum: 0, units: 0, followAmount: 0, winRate: { closed: 0, won: 0 }, navDate: null, dailyProfit: null });
      expect(tracker.params.basket).toHaveLength(10);
    });

    it('runs the whole life: subscribe, strike, trade, NAV every day, redeem after the lock, terminate and pay out', async () => {
      const [d1, d2, d3, d4, d5, d6, d7, d8] = tradingDays('2026-11-24', 8) as [IsoDate, IsoDate, IsoDate, IsoDate, IsoDate, IsoDate, IsoDate, IsoDate];
      s.clock.set(at(d1, 10));
      const a = await trader(s, 60_000_000);
      const b = await trader(s, 20_000_000);

      // Refusals change nothing.
      const low = await subscribe(a, FUND, 99_999);
      expect(low.status).toBe(422);
      expect(low.body).toMatchObject({ status: 0, msg: 'strategy_below_minimum', params: { amount: 100_000 } });

      // Subscribe on d1: reserved until the strike.
      const key = uuidv7();
      const sub = await subscribe(a, FUND, 50_000_000, key);
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      const pending = dataOf(sub.body);
      expect(pending).toMatchObject({ status: 'pending', amount: 50_000_000, units: 0 });
      expect(dataOf((await subscribe(a, FUND, 50_000_000, key)).body).id).toBe(pending.id); // same key: once
      expect(await balances(s, a.id)).toMatchObject({ cash: 10_000_000, frozen: 50_000_000 });
      // With a's money on its way the fund can follow its rule: the minimum amount is enough, the wallet is not.
      const broke = await trader(s, 50_000);
      const tooMuch = await subscribe(broke, FUND, 100_000);
      expect(tooMuch.status).toBe(422);
      expect((tooMuch.body as { msg: string }).msg).toBe('balance_insufficient');
      expect((await balances(s, broke.id)).cash).toBe(50_000);
      expect(await holdings(broke)).toEqual([]);

      // d1 after the close: struck at ¥10,000; the money is the fund's.
      await runAt(s, at(d1, 16));
      let h = (await holdings(a))[0]!;
      expect(h).toMatchObject({ status: 'holding', units: 50_000_000, strikeNav: 10_000, subscribedOn: d1, lockedUntil: addDays(d1, 7), amount: 50_000_000 });
      expect(await balances(s, a.id)).toMatchObject({ cash: 10_000_000, frozen: 0 });
      expect(await fundMoney()).toBe(50_000_000);
      const first = await expectNavOf(d1);
      expect(Number(first.nav)).toBe(10_000);
      expect(Number(first.subscribed)).toBe(50_000_000);
      // Total assets count the units at the latest NAV (the money itself is now the fund's).
      const summary = dataOf((await s.api(fundsApi.summary, { token: a.token })).body);
      expect(summary.totalAssets).toBe(60_000_000);

      // b subscribes on d2 (struck at d2's NAV).
      expect((await subscribe(b, FUND, 10_000_000)).status).toBe(200);

      // d2 in the session: the fund buys its basket through the trading engine.
      await runAt(s, at(d2, 10));
      const bought = await heldPositions();
      expect(bought.length).toBeGreaterThan(3);
      for (const p of bought) expect(p).toMatchObject({ direction: 'up', leverage_x10: 10, status: 'holding' });
      const entries = await s.services.database.db.selectFrom('journal_entry').select(['kind']).where('user_id', '=', OWNER).execute();
      expect(entries.filter((e) => e.kind === 'trade_open').length).toBe(bought.length);
      // A repeated run the same day places nothing more.
      await runAt(s, at(d2, 10, 5));
      expect((await heldPositions()).length).toBe(bought.length);

      // Every day's strike: the NAV from the ledger and the closes, to the yen.
      const houseFeeBefore = (await s.services.ledger.balances('house')).JPY?.fee_income ?? 0;
      await runAt(s, at(d2, 16));
      const r2 = await expectNavOf(d2);
      expect(Number(r2.nav)).not.toBe(10_000); // moved with the fills and the closes
      expect(Number(r2.fee)).toBeGreaterThan(0);
      const houseFeeAfter = (await s.services.ledger.balances('house')).JPY?.fee_income ?? 0;
      expect(houseFeeAfter - houseFeeBefore).toBe(Number(r2.fee) - Number(r2.fee_accrued));
      // 資産推移: a's past day counts the units at that day's NAV (no dip when money moves into a fund);
      // past days use the units held now (the fee units taken since are not added back).
      const history = dataOf((await s.api(fundsApi.history, { token: a.token, query: { range: '1m' } })).body);
      const pastD1 = history.points.find((p) => p.date === d1)!;
      const aNow = (await holdings(a))[0]!;
      // The d2 fee, one calendar day on the share in shares: floor(50,000,000 × 50bp × 1 day × shares ÷ net ÷ 3,650,000) units.
      const grossD2 = Number(r2.cash) + Number(r2.positions_value) - Number(r2.fee_accrued) + Number(r2.fee);
      expect(aNow.units).toBe(50_000_000 - Math.floor((50_000_000 * 50 * Number(r2.positions_value)) / grossD2 / 3_650_000));
      expect(pastD1.totalAssets).toBe(10_000_000 + Math.floor((aNow.units * 10_000) / 10_000));
      const hb = (await holdings(b))[0]!;
      expect(hb).toMatchObject({ status: 'holding', strikeNav: Number(r2.nav), subscribedOn: d2 });
      expect(hb.units).toBe(Math.floor((10_000_000 * 10_000) / Number(r2.nav)));

      // Locked until d1 + 7 days.
      s.clock.set(at(d3, 9, 30));
      const early = await redeem(a, h.id);
      expect(early.status).toBe(422);
      expect(early.body).toMatchObject({ msg: 'strategy_locked', params: { date: addDays(d1, 7) } });

      for (const d of [d3, d4, d5]) {
        await runAt(s, at(d, 10));
        await runAt(s, at(d, 16));
        await expectNavOf(d);
      }
      // d6 = 12-01 is the first day a redemption may be asked; asked before the session, the fund raises the cash.
      expect(d6 >= addDays(d1, 7)).toBe(true);
      s.clock.set(at(d6, 9, 1));
      h = (await holdings(a))[0]!;
      expect(h.redeemable).toBe(true);
      const asked = await redeem(a, h.id);
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(dataOf(asked.body).status).toBe('redeeming');
      expect((await redeem(a, h.id)).body).toMatchObject({ msg: 'strategy_holding_state_invalid' });
      const cashBefore = (await balances(s, a.id)).cash;
      await runAt(s, at(d6, 10));
      await runAt(s, at(d6, 16));
      const r6 = await expectNavOf(d6);
      h = (await holdings(a))[0]!;
      expect(h.status).toBe('redeemed');
      expect(h.payout).toBe(Math.floor((h.units * Number(r6.nav)) / 10_000));
      expect((await balances(s, a.id)).cash - cashBefore).toBe(h.payout);
      const redemption = await s.services.database.db.selectFrom('journal_entry').select(['kind', 'memo']).where('user_id', '=', a.id).where('kind', '=', 'strategy_redemption').execute();
      expect(redemption).toHaveLength(1);

      // Termination (admin, audited): the fund sells everything, b is paid at the final NAV.
      s.clock.set(at(d7, 9, 0));
      const term = await s.api(strategiesAdminApi.terminate, { token: s.admin.token, params: { id: FUND }, body: { reason: 'fund closing test' } });
      expect(term.status, JSON.stringify(term.body)).toBe(200);
      expect(dataOf(term.body).status).toBe('terminating');
      const bCash = (await balances(s, b.id)).cash;
      await runAt(s, at(d7, 10));
      expect(await heldPositions()).toEqual([]);
      await runAt(s, at(d7, 16));
      const r7 = await expectNavOf(d7);
      const hbEnd = (await holdings(b))[0]!;
      expect(hbEnd.status).toBe('terminated');
      // At the final NAV, with the rounding below a yen per 10,000 units paid out too: nothing stays in the fund.
      expect(hbEnd.payout).toBeGreaterThanOrEqual(Math.floor((hbEnd.units * Number(r7.nav)) / 10_000));
      expect(hbEnd.payout! - Math.floor((hbEnd.units * Number(r7.nav)) / 10_000)).toBeLessThan(hbEnd.units / 10_000 + 1);
      expect((await balances(s, b.id)).cash - bCash).toBe(hbEnd.payout);
      const list = dataOf((await s.api(strategiesAdminApi.list, { token: s.admin.token })).body).items;
      expect(list.find((f) => f.id === FUND)!.status).toBe('terminated');
      expect(await fundMoney()).toBe(0);
      await runAt(s, at(d8, 16)); // a terminated fund is not struck again
      expect((await navRows()).length).toBe(7);
      const audit = await s.services.database.db.selectFrom('admin_audit').selectAll().where('target', '=', FUND).execute();
      expect(audit.map((r) => r.action)).toContain('strategy.terminate');

      // Past results are computed from the fund's history.
      const detail = dataOf((await s.api(strategiesApi.detail, { token: a.token, params: { id: FUND } })).body);
      expect(detail.history.map((p) => p.date)).toEqual([d1, d2, d3, d4, d5, d6, d7]);
      expect(detail.fund.followAmount).toBe(50_000_000 + hb.amount);
      expect(detail.fund.winRate.closed).toBeGreaterThan(0);
      expect(detail.fund.maturityCount).toBe(2);
      expect(detail.trades.some((t) => t.side === 'sell')).toBe(true);
      await expectLedgerBalanced(s);
    });

    it('refuses subscriptions after a follow-order window closes; fee changes apply to new subscriptions only', async () => {
      const day = '2026-12-07' as IsoDate;
      s.clock.set(at(day, 10));
      const created = await s.api(strategiesAdminApi.create, {
        token: s.admin.token,
        body: {
          id: 'closed-follow', kind: 'follow', name: 'テストモデル フォロー', rule: 'follow_model', model: 'テストモデル', minAmount: 100_000,
          lockDays: 0, feeBp: 100, followUntil: '2026-12-06', reason: 'window test',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const u = await trader(s, 30_000_000);
      const late = await subscribe(u, 'closed-follow', 200_000);
      expect(late.status).toBe(422);
      expect((late.body as { msg: string }).msg).toBe('follow_time_exceeded');
      expect((await balances(s, u.id)).cash).toBe(30_000_000);
      // The summary says so on the server's (market) day, so the ticket never reads the device's date.
      const followOpen = async (id: string) => dataOf((await s.api(strategiesApi.detail, { token: u.token, params: { id } })).body).fund.followOpen;
      expect(await followOpen('closed-follow')).toBe(false);
      expect(await followOpen('core30-momentum')).toBe(true); // no follow period
      s.clock.set(at('2026-12-06' as IsoDate, 23, 59));
      expect(await followOpen('closed-follow')).toBe(true); // through its last day
      s.clock.set(at(day, 10));

      // The first money must bring the fund to its minimum investable size; after it, the minimum amount will do.
      const size = dataOf((await s.api(strategiesApi.detail, { token: u.token, params: { id: 'core30-momentum' } })).body).fund.minInvestable;
      const first = dataOf((await subscribe(u, 'core30-momentum', size)).body);
      expect(first.feeBp).toBe(120);
      const fee = await s.api(strategiesAdminApi.fee, { token: s.admin.token, params: { id: 'core30-momentum' }, body: { feeBp: 60, reason: 'fee cut' } });
      expect(dataOf(fee.body).feeBp).toBe(60);
      const second = dataOf((await subscribe(u, 'core30-momentum', 200_000)).body);
      expect(second.feeBp).toBe(60);
      const items: StrategyHolding[] = await holdings(u);
      expect(items.find((x) => x.id === first.id)!.feeBp).toBe(120);
      const audit = await s.services.database.db.selectFrom('admin_audit').select('action').where('target', 'in', ['closed-follow', 'core30-momentum']).execute();
      expect(audit.map((r) => r.action).sort()).toEqual(['strategy.create', 'strategy.fee']);
      const paused = await s.api(strategiesAdminApi.pause, { token: s.admin.token, params: { id: 'core30-momentum' }, body: { paused: true, reason: 'pause test' } });
      expect(dataOf(paused.body).status).toBe('paused');
      expect((await subscribe(u, 'core30-momentum', 200_000)).body).toMatchObject({ msg: 'strategy_not_open' });
      await expectLedgerBalanced(s);
    });
  });
}
