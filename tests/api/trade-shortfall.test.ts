import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { addDays, addTradingDays, dayNumber, jstDate, nextTradingDay } from '../../src/shared/market';
import { cumulativeInterest } from '../../src/shared/domain/trade-money';
import { SHORTFALL_LATE_RATE_BP } from '../../src/server/ledger';
import {
  at, balances, cancel, closePos, expectLedgerBalanced, findInstant, grant, order, placed, quote, runAt, setConfig, signIn, signInAdmin, trader,
} from './trade-support';

/**
 * Issue 9 items 4, 6 and 8 (docs/decisions/009-trading-money-conventions.md): a loss beyond what the
 * user holds is a shortfall with a due date; sale proceeds settle T+2; risk settings apply to new
 * positions only.
 */
for (const dialect of testDialects()) {
  describe(`shortfall, settlement and risk terms (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const summary = async (token: string) => (await s.call('get', 'funds/summary', { token })).body.data;

    /** A user whose 3.3× short of 8309 lost more than its principal: the shortfall and when it was closed. */
    async function shortfallUser() {
      // 8309 rallies more than 30% within weeks in the simulated market: a 3.3× short loses more than its principal.
      const u = await trader(s, 0);
      s.clock.set(TEST_NOW);
      const q = quote(s, '8309', TEST_NOW);
      const principal = Math.ceil((((q.bid! * 100) / 10) * 10) / 33);
      await grant(s, u.id, principal);
      const p = await placed(s, u, { code: '8309', direction: 'down', leverage: 3.3 });
      const t = findInstant(s, '8309', at('2026-11-25', 9), (x) => x.ask! > p.buyPrice * 1.34, 20);
      s.clock.set(t);
      await signIn(s, u);
      await signInAdmin(s);
      const c = (await closePos(s, u, p.id)).body.data;
      return { u, t, owed: -(c.pnl - c.interest) - principal };
    }

    it('a loss beyond cash is a shortfall due the next business day: orders wait, late interest accrues after it, credits repay it first', async () => {
      const { u, t, owed } = await shortfallUser();
      expect(owed).toBeGreaterThan(0);
      expect(await balances(s, u.id)).toEqual({ cash: 0, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: -owed });
      const dueOn = nextTradingDay(jstDate(t));
      expect(await summary(u.token)).toMatchObject({ shortfall: -owed, shortfallDueOn: dueOn, shortfallOverdue: false, withdrawable: 0, available: 0, totalAssets: -owed });

      // No new position while it is owed, with the amount and the due date to show.
      await grant(s, u.id, 0 + 1); // a credit repays first: 1 yen off the shortfall, nothing to cash
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, shortfall: -(owed - 1) });
      const refused = await order(s, u, { code: '7203' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ msg: 'shortfall_owed', params: { amount: owed - 1, dueOn } });
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, frozen: 0, margin: 0 });

      // Nothing accrues up to the due date nor on it: 遅延損害金 runs from the day after, 14.6%/yr
      // on what is owed, cumulative. A run on day D charges the days before D.
      expect((await s.services.jobs.runDue(at(dueOn, 23, 59))).settlement.lateInterest).toBe(0);
      expect((await s.services.jobs.runDue(at(addDays(dueOn, 1), 0, 0, 1))).settlement.lateInterest).toBe(0);
      const late = (days: number) => Math.floor(((owed - 1) * SHORTFALL_LATE_RATE_BP * days) / 3_650_000);
      // The summary says when it is overdue, on the server's (market) day: not on the due date, from the day after.
      s.clock.set(at(dueOn, 23, 59));
      expect((await summary(u.token)).shortfallOverdue).toBe(false);
      s.clock.set(at(addDays(dueOn, 1), 0, 0, 1));
      expect((await summary(u.token)).shortfallOverdue).toBe(true);
      const d10 = addDays(dueOn, 10);
      s.clock.set(at(d10, 0, 0, 1));
      expect(late(9)).toBeGreaterThan(0);
      expect((await s.services.jobs.runDue(at(d10, 0, 0, 1))).settlement.lateInterest).toBe(1);
      expect((await balances(s, u.id)).shortfall).toBe(-(owed - 1) - late(9));
      const d11 = addDays(dueOn, 11);
      await s.services.jobs.runDue(at(d11, 0, 0, 1));
      await s.services.jobs.runDue(at(d11, 12)); // a second run the same day charges nothing more
      expect((await balances(s, u.id)).shortfall).toBe(-(owed - 1) - late(10));
      expect(late(10)).toBe(cumulativeInterest(owed - 1, SHORTFALL_LATE_RATE_BP, dayNumber(d11) - dayNumber(dueOn) - 1));

      // Repaid in full by a credit: the notice ends and orders are taken again.
      s.clock.set(at(addTradingDays(d11, 1), 10));
      await signIn(s, u);
      await signInAdmin(s);
      const stillOwed = -(await balances(s, u.id)).shortfall;
      await grant(s, u.id, stillOwed + 500_000);
      expect(await balances(s, u.id)).toMatchObject({ cash: 500_000, shortfall: 0 });
      expect(await summary(u.token)).toMatchObject({ shortfall: 0, shortfallDueOn: null, shortfallOverdue: false, withdrawable: 500_000 });
      expect((await order(s, u, { code: '7203' })).status).toBe(200);
      const kinds = await s.services.database.db.selectFrom('journal_entry').select('kind').where('user_id', '=', u.id).execute();
      expect(kinds.map((k) => k.kind)).toContain('late_interest');
      await expectLedgerBalanced(s);
    });

    it('late interest starts the day after the due date (the audit: ¥3,706 owed, a run five days after the due date charges ¥5, not ¥7)', async () => {
      const { u, t, owed } = await shortfallUser();
      expect(owed).toBeGreaterThan(3_706);
      await grant(s, u.id, owed - 3_706); // a credit repays first: ¥3,706 left owed
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, shortfall: -3_706 });
      const dueOn = nextTradingDay(jstDate(t));
      // 3,706 × 14.6% / 365 = ¥1.48 a day: four days (after the due date, before the run) round down
      // to ¥5; counting the due date itself made five days, ¥7.
      await s.services.jobs.runDue(at(addDays(dueOn, 5), 0, 0, 1));
      expect((await balances(s, u.id)).shortfall).toBe(-3_706 - 5);
      await expectLedgerBalanced(s);
    });

    it('sale proceeds buy at once but settle T+2; a cancelled order returns them to unsettled, not to cash', async () => {
      s.clock.set(TEST_NOW);
      await signInAdmin(s);
      const u = await trader(s, 0);
      const q = quote(s, '7203', TEST_NOW);
      await grant(s, u.id, (q.ask! * 100) / 10);
      const p = await placed(s, u);
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, margin: p.principal });
      const sold = TEST_NOW + 30 * 60_000;
      s.clock.set(sold);
      const c = (await closePos(s, u, p.id)).body.data;
      const proceeds = p.principal + c.pnl - c.tax;
      const settlesOn = addTradingDays(jstDate(sold), 2);
      expect(await balances(s, u.id)).toEqual({ cash: 0, frozen: 0, margin: 0, unsettled: proceeds, loan: 0, shortfall: 0 });
      expect(await summary(u.token)).toMatchObject({
        available: proceeds, cash: 0, unsettled: proceeds, withdrawable: 0, settlements: [{ settlesOn, amount: proceeds }],
      });

      // Usable to buy at once: a limit order reserves from the unsettled proceeds…
      const limit = quote(s, '7203', sold).limits!.lower;
      const pending = await placed(s, u, { type: 'limit', price: limit });
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, frozen: pending.reserved, unsettled: proceeds - pending.reserved });
      // …and cancelling it puts them back where they came from (still not withdrawable).
      expect((await cancel(s, u, pending.id)).status).toBe(200);
      expect(await balances(s, u.id)).toMatchObject({ cash: 0, frozen: 0, unsettled: proceeds });

      // The day before settlement nothing moves; on the settlement date the proceeds become cash.
      await runAt(s, at(addTradingDays(settlesOn, -1), 23, 59));
      expect((await balances(s, u.id)).unsettled).toBe(proceeds);
      await runAt(s, at(settlesOn, 0, 0, 1));
      expect(await balances(s, u.id)).toEqual({ cash: proceeds, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });
      await signIn(s, u);
      expect(await summary(u.token)).toMatchObject({ withdrawable: proceeds, unsettled: 0, settlements: [] });
      const records = (await s.call('get', 'funds/records?type=trade&limit=1', { token: u.token })).body.data.items;
      expect(records[0]).toMatchObject({ kind: 'settlement', memo: { id: 'memo_settlement', params: { settledOn: settlesOn } } });
      await expectLedgerBalanced(s);
    });

    it('proceeds spent on a new buy settle less: only what is left in unsettled becomes cash', async () => {
      s.clock.set(TEST_NOW);
      await signInAdmin(s);
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u);
      const sold = TEST_NOW + 10 * 60_000;
      s.clock.set(sold);
      const c = (await closePos(s, u, p.id)).body.data;
      const proceeds = p.principal + c.pnl - c.tax;
      const again = await placed(s, u, { code: '7203' }); // paid from unsettled first
      const spentFromUnsettled = Math.min(proceeds, again.principal);
      expect(await balances(s, u.id)).toMatchObject({ unsettled: proceeds - spentFromUnsettled, cash: 3_000_000 - p.principal - (again.principal - spentFromUnsettled) });
      await runAt(s, at(addTradingDays(jstDate(sold), 2), 0, 0, 1));
      const b = await balances(s, u.id);
      expect(b.unsettled).toBe(0);
      expect(b.cash + b.margin).toBe(3_000_000 + c.pnl - c.tax);
      await expectLedgerBalanced(s);
    });

    it('a change of a risk setting applies to new positions only (interest rate, margin-call and forced-close levels)', async () => {
      s.clock.set(TEST_NOW);
      await signInAdmin(s);
      const u = await trader(s, 10_000_000);
      const before = await placed(s, u, { leverage: 3.3 });
      await setConfig(s, 'marginInterestBp', 1_000);
      try {
        const after = await placed(s, u, { leverage: 3.3 });
        const next = at('2026-11-25', 0, 0, 1);
        await runAt(s, next);
        const interestOf = async (id: string) => (await s.call('get', `trade/positions/${id}`, { token: u.token })).body.data.interest;
        expect(await interestOf(before.id)).toBe(cumulativeInterest(before.contractValue, 280, 1));
        expect(await interestOf(after.id)).toBe(cumulativeInterest(after.contractValue, 1_000, 1));
      } finally {
        await setConfig(s, 'marginInterestBp', 280);
      }
      // Raising the levels to the top of their range (a call at 30 %, a forced close just under it:
      // docs/domain.md "Config bounds") closes nothing that was opened before.
      s.clock.set(at('2026-11-25', 10));
      await signIn(s, u);
      await signInAdmin(s);
      await setConfig(s, 'maintenanceRatioBp', 3_000);
      await setConfig(s, 'forcedCloseRatioBp', 2_999);
      try {
        const r = await runAt(s, at('2026-11-25', 10, 1));
        expect(r.forcedClosed).toBe(0);
        expect(r.marginCalls).toBe(0);
        const view = (await s.call('get', `trade/positions/${before.id}`, { token: u.token })).body.data;
        expect(view.status).toBe('holding');
        // A position opened now lives by the new levels; the one opened before keeps its own.
        const fresh = await placed(s, u, { leverage: 3.3 });
        const terms = await s.services.database.db.selectFrom('trade_position').select(['id', 'maintenance_bp', 'forced_close_bp'])
          .where('id', 'in', [before.id, fresh.id]).orderBy('id').execute();
        expect(terms).toEqual([
          { id: before.id, maintenance_bp: 2_000, forced_close_bp: 1_000 },
          { id: fresh.id, maintenance_bp: 3_000, forced_close_bp: 2_999 },
        ]);
      } finally {
        await setConfig(s, 'forcedCloseRatioBp', 1_000);
        await setConfig(s, 'maintenanceRatioBp', 2_000);
      }
      await expectLedgerBalanced(s);
    });
  });
}
