import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { capitalGainsTax } from '../../src/shared/domain/trade-money';
import { tradeApi } from '../../src/shared/api/trade';
import { tradeHoldings } from '../../src/shared/api/trade-holdings';
import { cashSaleLines, cashSaleNet } from '../../src/app/features/trade/close-estimate';
import { at, balances, closePos, dataOf, expectLedgerBalanced, findInstant, placed, position, quote, runAt, setConfig, signIn, trader } from './trade-support';

/**
 * Issue 13 item 4: the close dialog's estimate (`GET trade/positions/{id}/close-preview`) is what
 * the close then posts — P/L, closing fee, interest, the year-netted tax and the amount received —
 * when the close fills at the estimated price (docs/decisions/010-order-types.md).
 */
for (const dialect of testDialects()) {
  describe(`trade close preview (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      await setConfig(s, 'feeSchedule', 'reference');
    });
    afterAll(async () => {
      await s?.close();
    });

    const preview = (u: TestUser, id: string, query: Record<string, string> = {}) =>
      s.call('get', `trade/positions/${id}/close-preview?${new URLSearchParams(query).toString()}`, { token: u.token });
    const estimate = async (u: TestUser, id: string, query: Record<string, string> = {}) => {
      const res = await preview(u, id, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return tradeApi.closePreview.data.parse(res.body.data);
    };

    /** Closes at market now and expects exactly the estimate, the unsettled proceeds included. */
    async function closeMatches(u: TestUser, id: string) {
      const est = await estimate(u, id);
      const before = await balances(s, u.id);
      const res = await closePos(s, u, id, { type: 'market' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const closed = res.body.data;
      expect(closed.status).toBe('closed');
      expect(closed.sellPrice).toBe(est.price);
      expect({ pnl: closed.pnl, closeFee: closed.closeFee, openFee: closed.openFee, interest: closed.interest, tax: closed.tax, netPnl: closed.netPnl }).toEqual({
        pnl: est.pnl, closeFee: est.closeFee, openFee: est.openFee, interest: est.interest, tax: est.tax, netPnl: est.netPnl,
      });
      const after = await balances(s, u.id);
      expect(after.unsettled - before.unsettled).toBe(est.received);
      expect(after.cash).toBe(before.cash);
      return { est, closed };
    }

    it('a market estimate is at the bid for a long and equals what the close posts (fee, tax, received)', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u, { lots: 2 });
      const t = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.bid! > p.buyPrice + 300);
      s.clock.set(t);
      const est = await estimate(u, p.id);
      expect(est).toMatchObject({ price: quote(s, '7203', t).bid, priceSource: 'bid', yearNetGain: 0, yearTaxWithheld: 0 });
      expect(est.pnl).toBeGreaterThan(0);
      expect(est.closeFee).toBeGreaterThan(0);
      expect(est.tax).toBe(capitalGainsTax(est.pnl - est.openFee - est.closeFee));
      expect(est.received).toBe(p.principal + est.pnl - est.closeFee - est.tax);
      // The same price as a limit gives the same estimate.
      expect(await estimate(u, p.id, { type: 'limit', price: String(est.price) })).toEqual({ ...est, priceSource: 'limit' });
      const { closed } = await closeMatches(u, p.id);
      expect(closed.tax).toBeGreaterThan(0);
      await expectLedgerBalanced(s);
    });

    it('a cash purchase of a holding bought twice: 取得費 at the 平均取得単価 (総平均法), and the dialog’s lines add up to the close', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 30_000_000);
      const a = await placed(s, u, { lots: 3 });
      const t1 = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.ask !== null && q.ask !== a.buyPrice);
      s.clock.set(t1);
      const b = await placed(s, u, { lots: 1 });
      const held = dataOf((await s.api(tradeHoldings, { token: u.token })).body).stocks.find((x) => x.code === '7203')!;
      expect(held.shares).toBe(400);
      const t2 = findInstant(s, '7203', t1 + 60_000, (q) => q.bid !== null);
      s.clock.set(t2);
      const est = await estimate(u, b.id);
      // B's 100 of 400 shares take a quarter of the holding's 取得価額 (rounded up), at the average 保有証券 shows.
      expect(est.saleCost).toBe(Math.ceil((held.cost * 100) / 400));
      expect(est.saleCost).not.toBe(b.contractValue! + b.openFee);
      expect(est.averageCost).toBe(held.averageCost);
      const lines = cashSaleLines(est, b)!;
      expect(lines.gain).toBe(lines.proceeds - est.saleCost!);
      expect(lines.gain - est.closeFee).toBe(est.pnl - est.openFee - est.closeFee);
      expect(est.interest).toBe(0);
      expect(est.tax).toBe(capitalGainsTax(lines.gain - est.closeFee));
      expect(cashSaleNet(lines, est)).toBe(est.netPnl);
      const { closed } = await closeMatches(u, b.id);
      expect(closed.netPnl).toBe(cashSaleNet(lines, est));
      await expectLedgerBalanced(s);
    });

    it('a margin position has no 取得費 or 平均取得単価 in its estimate', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u, { leverage: 2 });
      expect(await estimate(u, p.id)).toMatchObject({ saleCost: null, averageCost: null });
      expect(cashSaleLines(await estimate(u, p.id), p)).toBeNull();
    });

    it('the year’s earlier loss nets the tax of a later gain, in the estimate and in the close', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const a = await placed(s, u);
      // A loss: close A once the bid is well below its price.
      const t1 = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.bid! < a.buyPrice - 300);
      s.clock.set(t1);
      const lost = await closeMatches(u, a.id);
      expect(lost.est.netPnl).toBeLessThan(0);
      expect(lost.est.tax).toBe(0);
      // A gain: B bought after the fall and closed once the bid is above its price by more than the loss.
      const b = await placed(s, u, { lots: 3 });
      const t2 = findInstant(s, '7203', t1 + 60_000, (q) => q.bid! > b.buyPrice + 300);
      s.clock.set(t2);
      const est = await estimate(u, b.id);
      const gain = est.pnl - est.openFee - est.closeFee;
      expect(gain).toBeGreaterThan(0);
      expect(est.yearNetGain).toBe(lost.est.netPnl);
      expect(est.yearTaxWithheld).toBe(0);
      expect(est.tax).toBe(capitalGainsTax(lost.est.netPnl + gain));
      expect(est.tax).toBeLessThan(capitalGainsTax(gain)); // netting lowered it
      await closeMatches(u, b.id);
      await expectLedgerBalanced(s);
    });

    it('a later loss refunds tax withheld earlier in the year: a negative tax, received grows by it', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const a = await placed(s, u);
      const t1 = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.bid! > a.buyPrice + 300);
      s.clock.set(t1);
      const won = await closeMatches(u, a.id);
      expect(won.est.tax).toBeGreaterThan(0);
      const b = await placed(s, u);
      const t2 = findInstant(s, '7203', t1 + 60_000, (q) => q.bid! < b.buyPrice - 100, 20);
      s.clock.set(t2);
      const est = await estimate(u, b.id);
      expect(est).toMatchObject({ yearNetGain: won.est.netPnl + won.est.tax, yearTaxWithheld: won.est.tax });
      expect(est.tax).toBeLessThan(0);
      expect(est.tax).toBe(capitalGainsTax(won.est.netPnl + won.est.tax + est.pnl - est.openFee - est.closeFee) - won.est.tax);
      await closeMatches(u, b.id);
      await expectLedgerBalanced(s);
    });

    it('a short held over days: the estimate (at the ask) counts the borrow fee still due, and the close charges exactly that', async () => {
      s.clock.set(TEST_NOW);
      // trader() opens the 信用取引口座 that short orders need.
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u, { direction: 'down', leverage: 2 });
      // Three trading days later (the job charges the days before each run).
      await runAt(s, at('2026-11-26', 9, 5));
      s.clock.set(at('2026-11-27', 10));
      await signIn(s, u);
      const est = await estimate(u, p.id);
      expect(est).toMatchObject({ price: quote(s, '7203', at('2026-11-27', 10)).ask, priceSource: 'ask' });
      expect(est.interest).toBeGreaterThan(0);
      expect(est.interestNow).toBeGreaterThan(0);
      expect(est.interest).toBe((await position(s, u, p.id)).interest + est.interestNow);
      expect(est.received).toBe(p.principal + est.pnl - est.interestNow - est.closeFee - est.tax);
      await closeMatches(u, p.id);
      await expectLedgerBalanced(s);
    });

    it('outside continuous trading the estimate is at the last price; a limit needs a price; not held → 409; another user’s → 404', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const other = await trader(s, 0);
      const p = await placed(s, u);
      const lunch = at('2026-11-24', 12, 0);
      s.clock.set(lunch);
      expect(await estimate(u, p.id)).toMatchObject({ price: quote(s, '7203', lunch).price, priceSource: 'last' });
      expect(await estimate(u, p.id, { type: 'limit', price: String(p.buyPrice) })).toMatchObject({ price: p.buyPrice, priceSource: 'limit', pnl: 0 });
      expect((await preview(u, p.id, { type: 'limit' })).status).toBe(400);
      expect((await preview(u, p.id, { type: 'market', price: '100' })).status).toBe(400);
      const theirs = await preview(other, p.id);
      const missing = await preview(other, uuidv7());
      expect(theirs.status).toBe(404);
      expect(theirs.body.msg).toBe(missing.body.msg);
      s.clock.set(TEST_NOW);
      const lower = quote(s, '7203', TEST_NOW).limits!.lower;
      const waiting = await placed(s, u, { type: 'limit', price: lower });
      const res = await preview(u, waiting.id);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('order_state_invalid');
      expect(dataOf((await s.api(tradeApi.position, { token: u.token, params: { id: p.id } })).body).status).toBe('holding');
    });
  });
}
