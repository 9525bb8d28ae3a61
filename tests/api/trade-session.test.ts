import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { limitPrices } from '../../src/shared/market';
import { orderCost } from '../../src/shared/domain/trade-money';
import { at, balances, closePos, expectLedgerBalanced, order, placed, position, quote, runAt, setConfig, trader } from './trade-support';

/** The clock decides: trading time, lunch, closing auction, holidays, T+N (issue 5 "Must show"). */
for (const dialect of testDialects()) {
  describe(`trade sessions and T+N (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('refuses orders before 8:00, after 15:30, at weekends and on holidays', async () => {
      const u = await trader(s);
      for (const t of [at('2026-11-24', 7, 59), at('2026-11-24', 15, 30), at('2026-11-21', 10), at('2026-11-23', 10)]) {
        s.clock.set(t);
        const res = await order(s, u);
        expect(res.status, new Date(t).toISOString()).toBe(422);
        expect(res.body).toMatchObject({ msg: 'not_trading_time', params: { from: '08:00', to: '15:30' } });
      }
      expect(await balances(s, u.id)).toMatchObject({ frozen: 0, margin: 0 });
    });

    it('takes orders from 8:00 and fills them at the opening auction, reserving up to the upper limit', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2026-11-24', 8, 0));
      const prevClose = quote(s, '7203', s.clock.now()).price; // before 9:00 the quote is yesterday's close
      const p = await placed(s, u);
      const reserve = orderCost(limitPrices(prevClose, 'topix500').upper, 100, 10, 10, 'zero').total;
      expect(p).toMatchObject({ status: 'pending', reserved: reserve, buyPrice: null, actions: { cancel: true, close: false } });
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000 - reserve, frozen: reserve, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });

      expect((await runAt(s, at('2026-11-24', 8, 59, 59))).filled).toBe(0);
      expect((await runAt(s, at('2026-11-24', 9, 0))).filled).toBe(1);
      const open = quote(s, '7203', at('2026-11-24', 9, 0)).price;
      const filled = await position(s, u, p.id);
      expect(filled).toMatchObject({ status: 'holding', buyPrice: open, buyTime: at('2026-11-24', 9, 0), reserved: 0, principal: open * 10 });
      // The unused part of the reservation is back in cash.
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000 - open * 10, frozen: 0, margin: open * 10, unsettled: 0, loan: 0, shortfall: 0 });
      await expectLedgerBalanced(s);
    });

    it('an order in the lunch break fills at the afternoon open', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2026-11-24', 12, 0));
      const p = await placed(s, u, { direction: 'down', leverage: 2 });
      expect(p.status).toBe('pending');
      await runAt(s, at('2026-11-24', 12, 31));
      const price = quote(s, '7203', at('2026-11-24', 12, 30)).price;
      expect(await position(s, u, p.id)).toMatchObject({ status: 'holding', buyPrice: price, buyTime: at('2026-11-24', 12, 30), principal: price * 5 });
    });

    it('an order in the closing auction fills at the closing price; a day trade is refused there', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2026-11-24', 15, 27));
      const day = await order(s, u, { dayTrade: true });
      expect(day.status).toBe(422);
      expect(day.body.msg).toBe('not_trading_time');
      const p = await placed(s, u);
      expect(p.status).toBe('pending');
      await runAt(s, at('2026-11-24', 15, 30));
      const close = quote(s, '7203', at('2026-11-24', 15, 30));
      expect(close.session).toBe('after_close');
      expect(await position(s, u, p.id)).toMatchObject({ status: 'holding', buyPrice: close.price, buyTime: at('2026-11-24', 15, 30) });
    });

    it('refuses selling a cash holding before T+N with the first allowed date, then sells', async () => {
      await setConfig(s, 'sellAfterDays', 1);
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u);
      await setConfig(s, 'sellAfterDays', 0);
      expect(p.sellableFrom).toBe('2026-11-25');
      const early = await closePos(s, u, p.id);
      expect(early.status).toBe(422);
      expect(early.body).toMatchObject({ msg: 'sell_not_allowed_yet', params: { date: '2026-11-25', reason: 't_plus_n' } });
      s.clock.set(at('2026-11-25', 9, 30));
      const bid = quote(s, '7203', s.clock.now()).bid!;
      const res = await closePos(s, u, p.id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'closed', sellPrice: bid, sellTime: at('2026-11-25', 9, 30), closeReason: 'user' });
      expect(res.body.data.pnl).toBe(((bid - p.buyPrice) * 100) / 10);
      expect(await balances(s, u.id)).toMatchObject({ margin: 0, frozen: 0 });
      await expectLedgerBalanced(s);
    });

    it('counts T+N in trading days: a holiday and a weekend do not count', async () => {
      await setConfig(s, 'sellAfterDays', 2);
      try {
        const u = await trader(s, 1_000_000);
        s.clock.set(at('2026-11-20', 10)); // Friday; Monday 23rd is Labor Thanksgiving Day
        const p = await placed(s, u);
        expect(p.sellableFrom).toBe('2026-11-25');
        s.clock.set(at('2026-11-24', 10));
        expect((await closePos(s, u, p.id)).body).toMatchObject({ msg: 'sell_not_allowed_yet', params: { date: '2026-11-25' } });
        s.clock.set(at('2026-11-25', 10));
        expect((await closePos(s, u, p.id)).status).toBe(200);
      } finally {
        await setConfig(s, 'sellAfterDays', 0);
      }
    });

    it('sells the same day by default, and T+N never blocks closing a margin position or a short', async () => {
      const u = await trader(s, 3_000_000);
      s.clock.set(TEST_NOW);
      const cash = await placed(s, u);
      expect(cash).toMatchObject({ sellableFrom: '2026-11-24', actions: { close: true } });
      s.clock.set(TEST_NOW + 60_000);
      expect((await closePos(s, u, cash.id)).status).toBe(200);
      await setConfig(s, 'sellAfterDays', 2);
      try {
        s.clock.set(TEST_NOW + 2 * 60_000);
        const long = await placed(s, u, { leverage: 2 });
        const short = await placed(s, u, { direction: 'down', leverage: 2 });
        const held = await placed(s, u);
        expect(long.actions.close).toBe(true);
        expect(held.actions.close).toBe(false);
        s.clock.set(TEST_NOW + 3 * 60_000); // the minute after they opened
        expect((await closePos(s, u, long.id)).status).toBe(200);
        expect((await closePos(s, u, short.id)).status).toBe(200);
        expect((await closePos(s, u, held.id)).body).toMatchObject({ msg: 'sell_not_allowed_yet', params: { reason: 't_plus_n' } });
      } finally {
        await setConfig(s, 'sellAfterDays', 0);
      }
      await expectLedgerBalanced(s);
    });

    it('a close outside continuous trading waits as "ready to close" and fills at the next auction', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u);
      s.clock.set(at('2026-11-25', 12, 0));
      const res = await closePos(s, u, p.id);
      expect(res.body.data).toMatchObject({ status: 'closing', closeType: 'market', actions: { cancel: true, close: false } });
      const again = await closePos(s, u, p.id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ msg: 'order_state_invalid', params: { status: 'closing' } });
      await runAt(s, at('2026-11-25', 12, 30, 30));
      const price = quote(s, '7203', at('2026-11-25', 12, 30)).price;
      expect(await position(s, u, p.id)).toMatchObject({ status: 'closed', sellPrice: price, sellTime: at('2026-11-25', 12, 30) });
      const after = await closePos(s, u, p.id);
      expect(after.body).toMatchObject({ msg: 'order_state_invalid', params: { status: 'closed' } });
    });

    it('refuses orders in the year-end closure (31 Dec – 3 Jan)', async () => {
      const u = await trader(s);
      s.clock.set(at('2026-12-31', 10));
      // A month later: sign in again (sessions expire after 30 idle days).
      u.token = (await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).body.data.token;
      expect((await order(s, u)).body.msg).toBe('not_trading_time');
      s.clock.set(at('2027-01-04', 9, 0));
      expect((await order(s, u)).status).toBe(200);
    });
  });
}
