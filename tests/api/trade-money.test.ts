import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { capitalGainsTax, cumulativeInterest, tradeFee } from '../../src/shared/domain/trade-money';
import { addTradingDays, jstDate, prevTradingDay } from '../../src/shared/market';
import { at, balances, closePos, grant, expectLedgerBalanced, findInstant, house, placed, position, quote, runAt, setConfig, signIn, signInAdmin, trader } from './trade-support';

/** Fees, year-netted tax, interest and borrow fees, and losses beyond the principal (issue 5 §2). */
for (const dialect of testDialects()) {
  describe(`trade money (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('charges the reference fee table on opening and closing when configured (default zero)', async () => {
      await setConfig(s, 'feeSchedule', 'reference');
      try {
        const u = await trader(s, 1_000_000);
        s.clock.set(TEST_NOW);
        const feesBefore = await house(s, 'fee_income');
        const p = await placed(s, u); // ≈ ¥259,900: the ≤ ¥500,000 band
        expect(p.openFee).toBe(tradeFee(p.contractValue, 'reference'));
        expect(p.openFee).toBe(275);
        expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000 - p.principal - 275, margin: p.principal });
        s.clock.set(at('2026-11-25', 10));
        const c = (await closePos(s, u, p.id)).body.data;
        expect(c.closeFee).toBe(tradeFee(c.marketValue, 'reference'));
        expect(c.fee).toBe(c.openFee + c.closeFee);
        expect(await house(s, 'fee_income')).toBe(feesBefore + c.fee);
        expect(c.netPnl).toBe(c.pnl - c.fee - c.interest - c.tax);
      } finally {
        await setConfig(s, 'feeSchedule', 'zero');
      }
    });

    it('withholds 20.315% on a gain and refunds it when a later loss in the year nets it away', async () => {
      const u = await trader(s, 3_000_000);
      s.clock.set(TEST_NOW);
      const long = await placed(s, u);
      const short = await placed(s, u, { direction: 'down', leverage: 2, lots: 2 });
      // A later instant where the long is in profit (and so the twice-as-large short in loss).
      const t = findInstant(s, '7203', at('2026-11-25', 9), (q) => q.bid! > long.buyPrice + 20 && q.ask! > short.buyPrice);
      s.clock.set(t);
      const taxBefore = await house(s, 'tax_payable');
      const a = (await closePos(s, u, long.id)).body.data;
      expect(a.pnl).toBeGreaterThan(0);
      expect(a.tax).toBe(capitalGainsTax(a.pnl));
      expect(await house(s, 'tax_payable')).toBe(taxBefore + a.tax);
      const b = (await closePos(s, u, short.id)).body.data;
      expect(b.pnl).toBeLessThan(-a.pnl);
      expect(b.tax).toBe(-a.tax); // the year nets to a loss: everything withheld comes back
      expect(await house(s, 'tax_payable')).toBe(taxBefore);
      const rows = await s.services.database.db.selectFrom('trade_tax_year_account').selectAll().where('user_id', '=', u.id).execute();
      // The taxable result is net of fees and of the short's borrow fee, netted in the 特定口座 both were in.
      expect(b.interest).toBeGreaterThan(0);
      expect(rows).toEqual([expect.objectContaining({ year: 2026, account: 'specific', net_gain: a.pnl + b.pnl - b.interest, tax_withheld: 0 })]);
      // The proceeds wait in `unsettled` until T+2 (docs/decisions/009-trading-money-conventions.md)…
      const net = a.pnl + b.pnl - b.interest;
      const principals = long.principal + short.principal;
      expect(await balances(s, u.id)).toEqual({ cash: 3_000_000 - principals, frozen: 0, margin: 0, unsettled: principals + net, loan: 0, shortfall: 0 });
      // …and settle on the second business day after the trade.
      const settlesOn = addTradingDays(jstDate(t), 2);
      await runAt(s, at(prevTradingDay(settlesOn), 23, 59));
      expect((await balances(s, u.id)).unsettled).toBe(principals + net);
      await runAt(s, at(settlesOn, 0, 0, 1));
      expect(await balances(s, u.id)).toEqual({ cash: 3_000_000 + net, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });
      await expectLedgerBalanced(s);
    });

    it('charges interest on the whole value of a margin long, a borrow fee on shorts, none on cash buys; cumulative, rounded down once', async () => {
      const u = await trader(s, 3_000_000);
      s.clock.set(TEST_NOW);
      const margin = await placed(s, u, { leverage: 3.3 });
      const short = await placed(s, u, { direction: 'down', leverage: 2 });
      const cash = await placed(s, u);
      // 買方金利 on the whole contract value (docs/decisions/009-trading-money-conventions.md)
      const owed = (days: number) => cumulativeInterest(margin.contractValue, 280, days);
      expect(owed(1)).toBeGreaterThan(0);
      expect((await runAt(s, at('2026-11-25', 0, 0, 1))).interestCharged).toBe(2);
      expect((await position(s, u, margin.id)).interest).toBe(owed(1));
      expect((await position(s, u, short.id)).interest).toBe(cumulativeInterest(short.contractValue, 110, 1));
      expect((await position(s, u, cash.id)).interest).toBe(0);
      // A repeated run the same day charges nothing more.
      expect((await runAt(s, at('2026-11-25', 9, 0))).interestCharged).toBe(0);
      await runAt(s, at('2026-11-27', 9, 0));
      expect((await position(s, u, margin.id)).interest).toBe(owed(3));
      // Closing on Monday 30th charges the weekend days too (calendar days, 365-day year).
      s.clock.set(at('2026-11-30', 10));
      const closed = (await closePos(s, u, margin.id)).body.data;
      expect(closed.interest).toBe(owed(6));
      const entries = await s.services.database.db.selectFrom('journal_entry').select('kind').where('ref_id', '=', short.id).orderBy('id').execute();
      expect(entries.map((e) => e.kind)).toEqual(['trade_open', 'borrow_fee', 'borrow_fee']);
      await expectLedgerBalanced(s);
    });

    it('takes a loss beyond the principal from cash, and records what cash cannot cover as a shortfall, never a loan', async () => {
      // 8309 rallies more than 30% within weeks in the simulated market: a 3.3× short loses more than its principal.
      const u = await trader(s, 0);
      s.clock.set(TEST_NOW);
      const q = quote(s, '8309', TEST_NOW);
      const principal = Math.ceil(((q.bid! * 100) / 10) * 10 / 33);
      await grant(s, u.id, principal);
      const p = await placed(s, u, { code: '8309', direction: 'down', leverage: 3.3 });
      expect(p.principal).toBe(principal);
      expect(await balances(s, u.id)).toEqual({ cash: 0, frozen: 0, margin: principal, unsettled: 0, loan: 0, shortfall: 0 });
      const t = findInstant(s, '8309', at('2026-11-25', 9), (x) => x.ask! > p.buyPrice * 1.34, 20);
      s.clock.set(t);
      const c = (await closePos(s, u, p.id)).body.data;
      const owed = -(c.pnl - c.interest) - principal; // loss and borrow fee beyond what the user had
      expect(owed).toBeGreaterThan(0);
      expect(await balances(s, u.id)).toEqual({ cash: 0, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: -owed });
      await expectLedgerBalanced(s);
    });

    it('nets tax per year of the settlement date: a loss settling in January does not refund December tax', async () => {
      const u = await trader(s, 3_000_000);
      s.clock.set(at('2026-12-24', 10));
      await signIn(s, u);
      const long = await placed(s, u);
      const short = await placed(s, u, { direction: 'down', leverage: 2, lots: 2 });
      // Closed by the 28th: settles by the 30th, in 2026.
      const t = findInstant(s, '7203', at('2026-12-25', 9), (q) => q.bid! > long.buyPrice + 20 && jstDate(q.at) <= '2026-12-28', 2);
      s.clock.set(t);
      await signIn(s, u);
      const a = (await closePos(s, u, long.id)).body.data;
      expect(a.tax).toBe(capitalGainsTax(a.pnl));
      // Closed on the 30th at a loss: T+2 skips the year-end closure, so it settles on 5 January and counts for 2027.
      const t2 = findInstant(s, '7203', at('2026-12-30', 9), (q) => q.ask! > short.buyPrice, 1);
      expect(addTradingDays(jstDate(t2), 2)).toBe('2027-01-05');
      s.clock.set(t2);
      await signIn(s, u);
      await signInAdmin(s);
      const b = (await closePos(s, u, short.id)).body.data;
      expect(b.pnl).toBeLessThan(0);
      expect(b.tax).toBe(0);
      const years = await s.services.database.db
        .selectFrom('trade_tax_year_account')
        .select(['year', 'account', 'tax_withheld'])
        .where('user_id', '=', u.id)
        .orderBy('year')
        .execute();
      expect(years).toEqual([
        { year: 2026, account: 'specific', tax_withheld: a.tax },
        { year: 2027, account: 'specific', tax_withheld: 0 },
      ]);
    });
  });
}
