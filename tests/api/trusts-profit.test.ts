import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import '../../src/server/modules/trusts/tables';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { trustsApi, type TrustOrderBody } from '../../src/shared/api/trusts';
import { jstMs } from '../../src/shared/market';
import { sellValue } from '../../src/shared/domain/trust';
import { balances, dataOf, expectLedgerBalanced, trader } from './trade-support';

/*
 * profit = total assets − net deposits (docs/domain.md "Profit") with investment trusts: a buy
 * reserved, struck (units valued at the NAV outside the ledger), a 解約 struck and waiting for its
 * 受渡日 (the proceeds owed by the trustee), paid (realized, tax withheld), and a distribution paid
 * to cash (an INCOME entry). The only deposit is the test's grant. On the test clock; the strike and
 * payouts are the trusts job's (jobs.runDue).
 */
const TOPIX = 'kabuto-topix';
const BOND = 'kabuto-monthly-bond';
const DEPOSIT = 1_000_000;

for (const dialect of testDialects()) {
  describe(`trusts: profit = total assets − net deposits (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const run = async (t: number) => {
      s.clock.set(t);
      await s.services.jobs.runDue(t);
    };
    const place = (u: TestUser, body: Partial<TrustOrderBody>) =>
      s.api(trustsApi.place, { token: u.token, body: { side: 'buy', account: 'specific', mode: 'amount', ...body } as TrustOrderBody, idempotencyKey: uuidv7() });
    const expectIdentity = async (u: TestUser, step: string) => {
      const sum = dataOf((await s.call('get', 'funds/summary', { token: u.token })).body) as { totalAssets: number; profit: number; realizedPnl: number; unrealizedPnl: number };
      expect(sum.profit, `${step}: ${JSON.stringify(sum)}`).toBe(sum.totalAssets - DEPOSIT);
      await expectLedgerBalanced(s);
      return sum;
    };
    const order = (id: string) => s.services.database.db.selectFrom('trust_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('holds through a buy, a 解約 and its payout, and a distribution', { timeout: 240_000 }, async () => {
      await run(TEST_NOW); // the catalogue, struck up to the last business day
      const u = await trader(s, DEPOSIT, { agreed: false });
      // The catalogue as struck: every fund has its last NAV date and returns over every window (all incepted in 2023).
      const list = dataOf((await s.api(trustsApi.list, { token: u.token, query: {} as never })).body).items;
      expect(list.length).toBe(7);
      for (const f of list) {
        expect(f.navDate, f.id).toBe('2026-11-20');
        expect(Object.values(f.returns).every((r) => r !== null), f.id).toBe(true);
      }
      const buyTopix = dataOf((await place(u, { fundId: TOPIX, amount: 200_000 })).body);
      const buyBond = dataOf((await place(u, { fundId: BOND, amount: 300_000 })).body);
      await expectIdentity(u, 'ordered');
      await run(jstMs('2026-11-24', 18, 0));
      expect((await order(buyTopix.id)).status).toBe('filled');
      expect((await order(buyBond.id)).status).toBe('filled');
      const held = await expectIdentity(u, 'bought');
      expect(held.totalAssets).toBeLessThan(DEPOSIT); // the bond fund's 購入時手数料
      await run(jstMs('2026-11-25', 10, 0));
      const holdings = dataOf((await s.api(trustsApi.holdings, { token: u.token })).body).items;
      const topixUnits = holdings.find((h) => h.fundId === TOPIX)!.units;
      const sell = dataOf((await place(u, { fundId: TOPIX, side: 'sell', mode: 'units', units: Math.floor(topixUnits / 2) })).body);
      await expectIdentity(u, 'sell ordered');
      await run(jstMs('2026-11-25', 18, 0));
      expect((await order(sell.id)).status).toBe('filled');
      await expectIdentity(u, 'sold, not paid');
      await run(jstMs('2026-12-02', 18, 0));
      expect((await order(sell.id)).status).toBe('paid');
      const paid = await expectIdentity(u, 'paid');
      expect(paid.realizedPnl).not.toBe(0);
      // The bond fund's 決算日 (the 20th, a Sunday: Monday 21 December): paid to cash.
      // Bought at a 購入時手数料 and with the NAV under the 個別元本, the distribution is mostly or wholly
      // 元本払戻金: cash, but not income (取得価額 falls by it instead); the identity must hold either way.
      const incomeBefore = await s.services.ledger.income(u.id, 'JPY');
      const cashBefore = (await balances(s, u.id)).cash;
      await run(jstMs('2026-12-21', 18, 0));
      const kinds = await s.services.database.db.selectFrom('journal_entry').select('kind').where('user_id', '=', u.id).where('kind', 'in', ['trust_distribution', 'trust_capital_return']).execute();
      expect(kinds.length).toBeGreaterThan(0);
      expect((await balances(s, u.id)).cash).toBeGreaterThan(cashBefore);
      expect(await s.services.ledger.income(u.id, 'JPY')).toBeGreaterThanOrEqual(incomeBefore);
      await expectIdentity(u, 'distribution');
      // funds/history's past days: the units held at each day's end at that day's NAV, and the 解約代金 owed until paid.
      const bondUnits = holdings.find((h) => h.fundId === BOND)!.units;
      const navOn = async (fundId: string, date: string) =>
        Number((await s.services.database.db.selectFrom('trust_nav').select('nav').where('fund_id', '=', fundId).where('date', '=', date).executeTakeFirstOrThrow()).nav);
      const sold = await order(sell.id);
      const days = ['2026-11-23', '2026-11-24', '2026-11-27'];
      expect(await s.services.trusts.dayEndValues(u.id, days)).toEqual([
        0,
        sellValue(topixUnits, await navOn(TOPIX, '2026-11-24')) + sellValue(bondUnits, await navOn(BOND, '2026-11-24')),
        sellValue(topixUnits - Number(sold.units), await navOn(TOPIX, '2026-11-27')) + sellValue(bondUnits, await navOn(BOND, '2026-11-27')) + Number(sold.value) - Number(sold.retention),
      ]);
    });
  });
}
