import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { tradeApi } from '../../src/shared/api/trade';
import { tradeHoldings } from '../../src/shared/api/trade-holdings';
import { capitalGainsTax, contractValue } from '../../src/shared/domain/trade-money';
import { dataOf, expectLedgerBalanced, findInstant, placed, trader } from './trade-support';

/**
 * Issue 35 item 1: 現物売 of any number of 単元. Selling part of a purchase splits its row (the sold
 * part closes, the rest keeps its share of the cost); the realised gain and its tax are from the
 * 取得費 by 総平均法 (the moving average of the stock's cash holding), computed here independently
 * (docs/decisions/011-selling-a-holding.md, docs/domain.md "取得価額").
 */
const ceilDiv = (a: number, b: number) => Number((BigInt(a) + BigInt(b) - 1n) / BigInt(b));

for (const dialect of testDialects()) {
  describe(`trade partial sell (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const sell = (u: TestUser, body: object, key: string = uuidv7()) =>
      s.call('post', 'trade/sell', { token: u.token, body: { code: '7203', type: 'market', ...body }, headers: { 'Idempotency-Key': key } });
    const row = (id: string) => s.services.database.db.selectFrom('trade_position').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rows = (u: TestUser) => s.services.database.db.selectFrom('trade_position').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
    const sellable = async (u: TestUser) => dataOf((await s.api(tradeApi.sellable, { token: u.token, query: { code: '7203' } })).body);
    const holding = async (u: TestUser) => dataOf((await s.api(tradeHoldings, { token: u.token })).body).stocks.find((x) => x.code === '7203')!;
    // The year's netting of the 特定口座 (源泉徴収あり), the account every purchase here is in.
    const yearTax = (u: TestUser) =>
      s.services.database.db.selectFrom('trade_tax_year_account').selectAll().where('user_id', '=', u.id).where('account', '=', 'specific').executeTakeFirst();
    const realized = async (u: TestUser) => Number((await s.services.database.db.selectFrom('trade_realized').select('amount').where('user_id', '=', u.id).executeTakeFirst())?.amount ?? 0);

    it('sells 100 of a 300-share purchase at a gain, then buys more and sells again: gains and tax follow the moving average to the yen', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 30_000_000);
      const a = await row((await placed(s, u, { lots: 3 })).id);
      const scale = a.price_scale;
      // The independent model: the holding's 取得価額 and shares, and the year's net gain and tax.
      let total = a.contract_value! + a.open_fee;
      let shares = 300;
      let net = 0;
      let withheld = 0;
      let realizedSum = 0;
      const take = (k: number) => {
        const cost = k >= shares ? total : ceilDiv(total * k, shares);
        total -= cost;
        shares -= k;
        return cost;
      };
      const expectClose = async (id: string, k: number) => {
        const r = await row(id);
        expect(r).toMatchObject({ status: 'closed', quantity: k });
        const cost = take(k);
        const gain = contractValue(r.sell_price!, k, scale) - r.close_fee - cost;
        const tax = capitalGainsTax(net + gain) - withheld;
        net += gain;
        withheld += tax;
        realizedSum += gain - tax;
        expect({ book: Number(r.book_cost), tax: Number(r.tax) }).toEqual({ book: cost, tax });
        const view = dataOf((await s.api(tradeApi.position, { token: u.token, params: { id } })).body);
        expect(view.netPnl).toBe(gain - tax);
        return gain;
      };

      // 1. A price above the purchase: sell 100 of the 300.
      const t1 = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.bid !== null && q.bid > a.buy_price! * 1.01);
      s.clock.set(t1);
      const avgBefore = (await holding(u)).averageCost;
      const first = await sell(u, { shares: 100 });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const [part] = first.body.data.positions as { id: string; quantity: number; status: string }[];
      expect(part!.id).not.toBe(a.id);
      const g1 = await expectClose(part!.id, 100);
      expect(g1).toBeGreaterThan(0);
      // The rest stays the original row with its share of cost and fees; the two add up to the purchase.
      const restA = await row(a.id);
      const soldA = await row(part!.id);
      expect(restA).toMatchObject({ status: 'holding', quantity: 200, buy_time: a.buy_time, sellable_from: a.sellable_from });
      expect(Number(restA.contract_value) + Number(soldA.contract_value)).toBe(a.contract_value);
      expect(restA.open_fee + soldA.open_fee).toBe(a.open_fee);
      expect(Number(restA.book_cost)).toBe(total);
      const h1 = await holding(u);
      expect(h1).toMatchObject({ shares: 200, cost: total });
      expect(Math.abs(h1.averageCost - avgBefore)).toBeLessThanOrEqual(1);
      expect(await sellable(u)).toMatchObject({ held: 200, sellable: 200, lot: 100, bookCost: total, averageCost: h1.averageCost });

      // 2. Buy 200 more later, then sell 300: the rest of the first purchase and 100 of the second.
      const t2 = findInstant(s, '7203', t1 + 60_000, (q) => q.ask !== null && q.ask !== a.buy_price);
      s.clock.set(t2);
      const b = await row((await placed(s, u, { lots: 2 })).id);
      total += b.contract_value! + b.open_fee;
      shares += 200;
      expect((await sellable(u)).bookCost).toBe(total);
      const t3 = findInstant(s, '7203', t2 + 60_000, (q) => q.bid !== null);
      s.clock.set(t3);
      const second = await sell(u, { shares: 300 });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const ids = (second.body.data.positions as { id: string }[]).map((p) => p.id);
      expect(ids[0]).toBe(a.id);
      expect(ids).toHaveLength(2);
      await expectClose(a.id, 200);
      await expectClose(ids[1]!, 100);
      const restB = await row(b.id);
      expect(restB).toMatchObject({ status: 'holding', quantity: 100 });
      expect(Number(restB.book_cost)).toBe(total);
      expect(await yearTax(u)).toMatchObject({ net_gain: expect.anything() });
      expect(Number((await yearTax(u))!.net_gain)).toBe(net);
      expect(Number((await yearTax(u))!.tax_withheld)).toBe(withheld);
      expect(await realized(u)).toBe(realizedSum);
      expect(await holding(u)).toMatchObject({ shares: 100, cost: total });
      await expectLedgerBalanced(s);
    });

    it('refuses a count off the 単元 with the nearest counts, and more than sellable; nothing changes', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 10_000_000);
      await placed(s, u, { lots: 3 });
      const before = await rows(u);
      const odd = await sell(u, { shares: 150 });
      expect(odd.status).toBe(422);
      expect(odd.body).toMatchObject({ status: 0, msg: 'sell_quantity_not_lot_multiple', params: { shares: 150, lot: 100, below: 100, above: 200 } });
      const small = await sell(u, { shares: 50 });
      expect(small.body).toMatchObject({ msg: 'sell_quantity_not_lot_multiple', params: { shares: 50, lot: 100, above: 100 } });
      expect(small.body.params.below).toBeUndefined();
      expect((await sell(u, { shares: 400 })).body).toMatchObject({ msg: 'sell_exceeds_holding', params: { shares: 400, held: 300, sellable: 300 } });
      expect(await rows(u)).toEqual(before);
    });

    it('a limit sale of part of a purchase waits as a close request on the split-off part only', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 10_000_000);
      const a = await placed(s, u, { lots: 3 });
      s.clock.set(TEST_NOW + 60_000);
      const q = s.services.market.quote('7203', s.clock.now());
      const res = await sell(u, { shares: 200, type: 'limit', price: q.limits!.upper });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [p] = res.body.data.positions as { id: string; status: string; quantity: number; closeLimitPrice: number }[];
      expect(p).toMatchObject({ status: 'closing', quantity: 200, closeLimitPrice: q.limits!.upper });
      expect(await row(a.id)).toMatchObject({ status: 'holding', quantity: 100 });
      expect(await sellable(u)).toMatchObject({ held: 300, sellable: 100 });
      await expectLedgerBalanced(s);
    });
  });
}
