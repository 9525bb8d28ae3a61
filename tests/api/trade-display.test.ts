import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { limitPrices, sessionAt, stepTick, type TickTable } from '../../src/shared/market';
import { at, closePos, expectLedgerBalanced, order, placed, position, quote, runAt, setConfig, signInAdmin, trader } from './trade-support';

/**
 * What the user sees agrees with what the server does (issue 9, items 9 and 11): the P/L of open
 * positions net of what they have cost so far, the pre-open price band, limit-price refusals with
 * the nearest valid prices, and no 1× short.
 */
for (const dialect of testDialects()) {
  describe(`trade display (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const summary = async (u: TestUser) => (await s.call('get', 'funds/summary', { token: u.token })).body.data;
    /** Σ of the user's yen balances (cash, frozen, margin, unsettled, loan, shortfall): the ledger equity. */
    const equity = async (u: TestUser) => Object.values((await s.services.ledger.balances(u.id)).JPY ?? {}).reduce((a, v) => a + (v ?? 0), 0);
    const rowsOf = async (u: TestUser) => s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute();
    const entriesOf = async (u: TestUser) => (await s.services.ledger.entries(u.id)).items.length;

    describe('profit of open positions is net of the fee and interest already paid (item 11)', () => {
      it('positions, the list and funds/summary show gross − open fee − interest so far; total assets stay equity + gross', async () => {
        await setConfig(s, 'feeSchedule', 'reference');
        try {
          const deposit = 3_000_000;
          const u = await trader(s, deposit);
          s.clock.set(TEST_NOW);
          const long = await placed(s, u, { leverage: 2 }); // a margin long pays interest
          const short = await placed(s, u, { direction: 'down', leverage: 2 }); // a short pays the borrow fee
          expect(long.openFee).toBeGreaterThan(0);
          expect(short.openFee).toBeGreaterThan(0);
          // Two nights of interest, charged by the daily job.
          await runAt(s, at('2026-11-25', 0, 0, 1));
          await runAt(s, at('2026-11-26', 0, 0, 1));
          s.clock.set(at('2026-11-26', 10));

          const views = [await position(s, u, long.id), await position(s, u, short.id)];
          for (const p of views) {
            expect(p.status).toBe('holding');
            expect(p.interest).toBeGreaterThan(0);
            expect(p.closeFee).toBe(0);
            // Net = gross − the opening fee − the interest charged so far; the closing fee is not paid yet.
            expect(p.netPnl).toBe(p.pnl! - p.openFee - p.interest);
          }
          const list = (await s.call('get', 'trade/positions?status=holding', { token: u.token })).body.data.items;
          for (const p of views) expect(list.find((x: { id: string }) => x.id === p.id)).toMatchObject({ pnl: p.pnl, netPnl: p.netPnl });

          const gross = views.reduce((a, p) => a + p.pnl!, 0);
          const net = views.reduce((a, p) => a + p.netPnl!, 0);
          const costs = views.reduce((a, p) => a + p.openFee + p.interest, 0);
          expect(net).toBe(gross - costs);
          const sum = await summary(u);
          expect(sum).toMatchObject({ unrealizedPnl: net, realizedPnl: 0, profit: net });

          // The worked example (docs/domain.md "Trading"): the fees and the interest have already left the
          // ledger (equity = deposit − costs), so total assets = equity + GROSS P/L = deposit + net P/L.
          // Adding the net P/L to the equity would take the costs off twice.
          const eq = await equity(u);
          expect(eq).toBe(deposit - costs);
          expect(sum.totalAssets).toBe(eq + gross);
          expect(sum.totalAssets).toBe(deposit + sum.profit);
          expect(sum.totalAssets).not.toBe(eq + net);

          // After the close the same identity holds with everything realized (close fee, tax included).
          const closed = [(await closePos(s, u, long.id)).body.data, (await closePos(s, u, short.id)).body.data];
          const after = await summary(u);
          expect(after).toMatchObject({ unrealizedPnl: 0, realizedPnl: closed[0].netPnl + closed[1].netPnl });
          expect(after.totalAssets).toBe(deposit + after.profit);
          expect(after.totalAssets).toBe(await equity(u));
          await expectLedgerBalanced(s);
        } finally {
          await setConfig(s, 'feeSchedule', 'zero');
          s.clock.set(TEST_NOW);
        }
      });
    });

    describe('before 9:00 the quote shows today’s band, the one orders use (item 9)', () => {
      const table = (code: string) => s.services.market.instrument(code)!.tickTable as TickTable;

      it('market/quote, trade/preview and the order check agree at 8:30', async () => {
        const t = at('2026-11-24', 8, 30);
        s.clock.set(t);
        try {
          expect(sessionAt(t)).toBe('pre_open');
          const u = await trader(s, 10_000_000);
          const q = (await s.call('get', 'market/quote/7203')).body.data.quote;
          // Today's base is the last close, which the quote still shows before the open.
          expect(q.limits).toEqual(limitPrices(q.price, table('7203')));
          expect(q.limits).toEqual(quote(s, '7203', at('2026-11-24', 9)).limits);
          const preview = (await s.call('get', 'trade/preview?code=7203&type=limit&price=' + q.limits.upper, { token: u.token })).body.data;
          expect(preview.limits).toEqual(q.limits);
          // Exactly the shown limits are accepted, one tick beyond is refused with those limits.
          expect((await order(s, u, { type: 'limit', price: q.limits.upper })).body.data).toMatchObject({ status: 'pending' });
          expect((await order(s, u, { type: 'limit', price: q.limits.lower })).body.data).toMatchObject({ status: 'pending' });
          const over = await order(s, u, { type: 'limit', price: stepTick(q.limits.upper, table('7203'), 1) });
          expect(over.status).toBe(422);
          expect(over.body).toMatchObject({ msg: 'price_beyond_limit', params: { lower: q.limits.lower, upper: q.limits.upper, nearest: q.limits.upper } });
          await expectLedgerBalanced(s);
        } finally {
          s.clock.set(TEST_NOW);
        }
      });

      it('on a split’s ex-date the pre-open band is built on the split-adjusted close, on screen and for orders', async () => {
        // The first split after the test's day (the simulator is deterministic).
        let split: { code: string; exDate: string; ratio: number } | null = null;
        for (const i of s.services.market.instruments()) {
          if (i.kind !== 'stock') continue;
          const a = s.services.market.corporateActions(i.code).find((x) => x.kind === 'split' && x.exDate > '2026-11-24');
          if (a?.kind === 'split' && (!split || a.exDate < split.exDate)) split = { code: i.code, exDate: a.exDate, ratio: a.ratio };
        }
        expect(split).not.toBeNull();
        const { code, exDate } = split!;
        const t = at(exDate, 8, 30);
        s.clock.set(t);
        try {
          expect(sessionAt(t)).toBe('pre_open');
          await signInAdmin(s); // weeks later: the admin's session has expired
          const u = await trader(s, 50_000_000);
          const q = (await s.call('get', `market/quote/${code}`)).body.data.quote;
          const adjustedBase = quote(s, code, at(exDate, 10)).prevClose;
          expect(adjustedBase).toBeLessThan(q.price); // the quote still shows the unadjusted close
          expect(q.limits).toEqual(limitPrices(adjustedBase, table(code)));
          // An order at the unadjusted close would have passed yesterday's arithmetic; today it is past the band.
          const stale = await order(s, u, { code, type: 'limit', price: q.price });
          expect(stale.status).toBe(422);
          expect(stale.body).toMatchObject({ msg: 'price_beyond_limit', params: { upper: q.limits.upper, nearest: q.limits.upper } });
          expect((await order(s, u, { code, type: 'limit', price: q.limits.upper })).body.data).toMatchObject({ status: 'pending' });
          await expectLedgerBalanced(s);
        } finally {
          s.clock.set(TEST_NOW);
          await signInAdmin(s);
        }
      });
    });

    describe('a limit price off the grid or past the band is refused with the nearest valid prices (item 9)', () => {
      it('opening orders: params carry the prices below and above, or the limits and the nearest one; nothing is written', async () => {
        s.clock.set(TEST_NOW);
        const u = await trader(s, 10_000_000);
        const q = quote(s, '7203', TEST_NOW);
        const before = await entriesOf(u);

        const off = await order(s, u, { type: 'limit', price: 25_003 }); // ¥2,500.3: the tick is ¥0.5
        expect(off.status).toBe(400);
        expect(off.body).toMatchObject({ status: 0, msg: 'price_off_tick' });
        expect(off.body.params).toEqual({ field: 'price', price: 25_003, priceScale: 10, tick: 5, below: 25_000, above: 25_005 });
        // Across a tick-band edge the tick is the one of the price's own band (¥1 above ¥3,000 for TOPIX500).
        const edge = await order(s, u, { type: 'limit', price: 30_003 });
        expect(edge.body.params).toMatchObject({ tick: 10, below: 30_000, above: 30_010 });

        const beyond = await order(s, u, { type: 'limit', price: q.limits!.upper + 5 });
        expect(beyond.status).toBe(422);
        expect(beyond.body).toMatchObject({
          msg: 'price_beyond_limit',
          params: { field: 'price', price: q.limits!.upper + 5, priceScale: 10, lower: q.limits!.lower, upper: q.limits!.upper, nearest: q.limits!.upper },
        });
        // Off the grid AND past the band: the band comes first, its nearest price is the limit itself.
        const both = await order(s, u, { type: 'limit', price: q.limits!.lower - 3 });
        expect(both.body).toMatchObject({ msg: 'price_beyond_limit', params: { nearest: q.limits!.lower } });

        expect(await rowsOf(u)).toEqual([]);
        expect(await entriesOf(u)).toBe(before);
        await expectLedgerBalanced(s);
      });

      it('closing with a limit refuses the same way, and the position stays held', async () => {
        s.clock.set(TEST_NOW);
        const u = await trader(s, 10_000_000);
        const p = await placed(s, u);
        const q = quote(s, '7203', TEST_NOW);
        const before = await entriesOf(u);
        const off = await closePos(s, u, p.id, { type: 'limit', price: 25_003 });
        expect(off.status).toBe(400);
        expect(off.body).toMatchObject({ msg: 'price_off_tick', params: { field: 'price', tick: 5, below: 25_000, above: 25_005, priceScale: 10 } });
        const beyond = await closePos(s, u, p.id, { type: 'limit', price: stepTick(q.limits!.upper, 'topix500', 1) });
        expect(beyond.status).toBe(422);
        expect(beyond.body).toMatchObject({ msg: 'price_beyond_limit', params: { lower: q.limits!.lower, upper: q.limits!.upper, nearest: q.limits!.upper } });
        expect(await position(s, u, p.id)).toMatchObject({ status: 'holding', closeType: null, closeLimitPrice: null });
        expect(await entriesOf(u)).toBe(before);
        // A valid price is taken as sent, never moved.
        const ok = await closePos(s, u, p.id, { type: 'limit', price: q.limits!.upper });
        expect(ok.body.data).toMatchObject({ status: 'closing', closeLimitPrice: q.limits!.upper });
        await expectLedgerBalanced(s);
      });
    });

    describe('a short always needs margin: no 1× short (item 9)', () => {
      it('refuses a 1× short (market, limit, day trade and the preview) with short_needs_margin, writing nothing', async () => {
        s.clock.set(TEST_NOW);
        const u = await trader(s, 10_000_000);
        const before = await entriesOf(u);
        const lower = quote(s, '7203', TEST_NOW).limits!.lower;
        for (const o of [{}, { type: 'limit' as const, price: lower }, { dayTrade: true }]) {
          const res = await order(s, u, { direction: 'down', leverage: 1, ...o });
          expect(res.status, JSON.stringify(o)).toBe(422);
          expect(res.body).toMatchObject({ status: 0, msg: 'short_needs_margin', params: { field: 'leverage' } });
        }
        const preview = await s.call('get', 'trade/preview?code=7203&direction=down&leverage=1', { token: u.token });
        expect(preview.status).toBe(422);
        expect(preview.body.msg).toBe('short_needs_margin');
        expect(await rowsOf(u)).toEqual([]);
        expect(await entriesOf(u)).toBe(before);
        // Above 1× the short is an ordinary margin short; a 1× buy is an ordinary cash buy.
        expect(await placed(s, u, { direction: 'down', leverage: 1.5 })).toMatchObject({ direction: 'down', leverage: 1.5, status: 'holding' });
        expect(await placed(s, u, { direction: 'up', leverage: 1 })).toMatchObject({ direction: 'up', leverage: 1, status: 'holding' });
        await expectLedgerBalanced(s);
      });
    });
  });
}
