import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { capitalGainsTax, dividendTax } from '../../src/shared/domain/trade-money';
import { at, balances, closePos, findInstant, grant, placed, quote, runAt, setConfig, signInAdmin, trader } from './trade-support';

/** funds/summary and funds/records (issue 5 §5): every figure from the ledger and live prices. */
for (const dialect of testDialects()) {
  describe(`funds summary and records (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const summary = async (token: string) => (await s.call('get', 'funds/summary', { token })).body.data;

    it('a new user has nothing, in yen', async () => {
      const u = await trader(s, 0);
      expect(await summary(u.token)).toEqual({
        currency: 'JPY', totalAssets: 0, available: 0, cash: 0, unsettled: 0, settlements: [], withdrawable: 0, frozen: 0, margin: 0, loan: 0,
        shortfall: 0, shortfallDueOn: null, shortfallOverdue: false, marketValue: 0, unrealizedPnl: 0, realizedPnl: 0, profit: 0,
        balances: [{ currency: 'JPY', cash: 0, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0, total: 0, valueJpy: 0 }],
        awaitingListing: [],
      });
    });

    it('adds ledger balances and the live P/L of held positions', async () => {
      const u = await trader(s, 2_000_000);
      await grant(s, u.id, 12_345, 'USD');
      s.clock.set(TEST_NOW);
      const long = await placed(s, u, { leverage: 2 });
      const pending = await placed(s, u, { type: 'limit', price: quote(s, '7203', TEST_NOW).limits!.lower });
      const later = at('2026-11-24', 14);
      s.clock.set(later);
      const price = quote(s, '7203', later).price;
      const unrealized = ((price - long.buyPrice) * 100) / 10;
      const b = await balances(s, u.id);
      // The granted dollars count in total assets at their yen value at the FX board's mid (cents × yen per dollar, truncated).
      const fx = s.services.market.quote('USDJPY', later);
      const usdJpy = Number((12_345n * BigInt(fx.price)) / (BigInt(fx.priceScale) * 100n));
      const sum = await summary(u.token);
      expect(sum).toMatchObject({
        available: b.cash, frozen: pending.reserved, margin: long.principal, loan: 0,
        marketValue: (price * 100) / 10, unrealizedPnl: unrealized, totalAssets: 2_000_000 + unrealized + usdJpy, profit: unrealized,
      });
      expect(sum.balances).toEqual([
        { currency: 'JPY', cash: b.cash, frozen: b.frozen, margin: b.margin, unsettled: 0, loan: 0, shortfall: 0, total: 2_000_000, valueJpy: 2_000_000 },
        { currency: 'USD', cash: 12_345, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0, total: 12_345, valueJpy: usdJpy },
      ]);
    });

    it('lists records by type, newest first, each fee and tax its own line', async () => {
      await setConfig(s, 'feeSchedule', 'reference');
      try {
        const u = await trader(s, 2_000_000);
        s.clock.set(TEST_NOW);
        const p = await placed(s, u);
        const t = findInstant(s, '7203', at('2026-11-25', 9), (q) => q.bid! > p.buyPrice + 100);
        s.clock.set(t);
        const c = (await closePos(s, u, p.id)).body.data;
        expect(c.tax).toBe(capitalGainsTax(c.pnl - c.fee));
        expect(c.tax).toBeGreaterThan(0);

        const records = async (q: string) => (await s.call('get', `funds/records${q}`, { token: u.token })).body.data;
        const trade = await records('?type=trade');
        expect(trade.items.map((r: { kind: string }) => r.kind)).toEqual(['trade_close', 'trade_open']);
        const [close, open] = trade.items;
        expect(open).toMatchObject({ type: 'trade', code: '7203', refType: 'position', refId: p.id, amount: -275 });
        expect(open.lines).toEqual([{ type: 'principal', amount: -p.principal }, { type: 'fee', amount: -275 }]);
        expect(close.lines).toEqual([
          { type: 'principal', amount: p.principal },
          { type: 'pnl', amount: c.pnl },
          { type: 'fee', amount: -c.closeFee },
          { type: 'tax', amount: -c.tax },
        ]);
        expect(close.amount).toBe(c.pnl - c.closeFee - c.tax);
        // The lines add up to the movement of the user's money (settled cash and unsettled proceeds).
        const cashMove = close.postings.filter((x: { kind: string }) => x.kind === 'cash' || x.kind === 'unsettled').reduce((a: number, x: { amount: number }) => a + x.amount, 0);
        expect(close.lines.reduce((a: number, l: { amount: number }) => a + l.amount, 0)).toBe(cashMove);

        const grants = await records('?type=grant');
        expect(grants.items).toHaveLength(1);
        expect(grants.items[0]).toMatchObject({ kind: 'admin_grant', type: 'grant', amount: 2_000_000, memo: { id: 'memo_admin_grant', params: { reason: 'test funds' } }, lines: [{ type: 'grant', amount: 2_000_000 }] });
        const all = await records('?limit=2');
        expect(all.items.map((r: { kind: string }) => r.kind)).toEqual(['trade_close', 'trade_open']);
        const rest = await records(`?limit=2&cursor=${all.next}`);
        expect(rest.items.map((r: { kind: string }) => r.kind)).toEqual(['admin_grant']);
        expect(rest.next).toBeNull();
        expect((await summary(u.token)).realizedPnl).toBe(c.netPnl);
        // Deposits have their own tab now (a grant is not a deposit): empty for this user; so is the
        // lending area's `loan` tab (docs/domain.md "Loans and stock lending"); an unknown type is refused.
        expect((await records('?type=deposit')).items).toEqual([]);
        expect((await records('?type=loan')).items).toEqual([]);
        expect((await s.call('get', 'funds/records?type=lottery', { token: u.token })).status).toBe(400);
      } finally {
        await setConfig(s, 'feeSchedule', 'zero');
      }
    });

    // Issue 36 item 3 (the audit's account): a long and a short held over 7203's ex-date (¥23 a
    // share, 2027-03-30). The long's 配当金 (net of the tax withheld) and the short's 配当落調整金
    // are in profit, so profit = total assets − net deposits (docs/domain.md "Profit").
    it('counts the dividend a long receives and a short pays in profit', async () => {
      const opening = at('2027-03-29', 9, 5);
      s.clock.set(opening);
      await signInAdmin(s);
      const u = await trader(s, 3_000_000);
      await placed(s, u, { code: '7203', lots: 1 });
      await placed(s, u, { code: '7203', lots: 2, direction: 'down', leverage: 2 });
      await runAt(s, at('2027-03-29', 15, 31));
      const exRun = at('2027-03-30', 0, 0, 1);
      s.clock.set(exRun);
      expect((await s.services.jobs.runDue(exRun)).corporateActions).toMatchObject({ errors: 0 });
      const gross = (230 * 100) / 10;
      const received = gross - dividendTax(gross);
      // Before the fix: profit 3,336 (the positions' P/L alone) against total assets − deposits 569.
      const exDay = await summary(u.token);
      expect(exDay.realizedPnl).toBe(received - 2 * gross);
      expect(exDay.profit).toBe(exDay.totalAssets - 3_000_000);
      // Closed later, the P/L of the positions joins the dividends in the realized figure.
      s.clock.set(at('2027-03-30', 10));
      for (const p of (await s.call('get', 'trade/positions?status=holding', { token: u.token })).body.data.items) {
        expect((await closePos(s, u, p.id)).status).toBe(200);
      }
      // Before the fix: 10,110 against 7,343.
      const closed = await summary(u.token);
      expect(closed.unrealizedPnl).toBe(0);
      expect(closed.profit).toBe(closed.totalAssets - 3_000_000);
    });
  });
}
