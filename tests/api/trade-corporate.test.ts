import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { contractValue, dividendTax, pnlFromCost, principalFor } from '../../src/shared/domain/trade-money';
import { roundToTick } from '../../src/shared/market';
import { at, balances, closePos, expectLedgerBalanced, grant, house, placed, position, quote, runAt, signInAdmin, trader } from './trade-support';

/*
 * Corporate actions on positions (docs/domain.md "Corporate actions", docs/decisions/
 * 009-trading-money-conventions.md), on the default simulator: 4592 splits 1:3 ex 2027-02-25
 * (closes ¥2,586 on the 24th, base ¥862 on the 25th) and 7203 pays ¥23 a share ex 2027-03-30.
 */
const SPLIT = { code: '4592', exDate: '2027-02-25', ratio: 3 } as const;
const DIVIDEND = { code: '7203', exDate: '2027-03-30', perShare: 230 } as const;

for (const dialect of testDialects()) {
  describe(`trade corporate actions (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    async function records(u: TestUser) {
      const res = await s.call('get', 'funds/records?type=trade&limit=100', { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.items as { kind: string; refId: string | null; amount: number; memo: { id: string; params: Record<string, unknown> }; postings: { kind: string; amount: number }[]; lines: { type: string; amount: number }[] }[];
    }

    const entries = (refId: string, kind: string) =>
      s.services.database.db.selectFrom('journal_entry').selectAll().where('ref_id', '=', refId).where('kind', '=', kind).execute();

    /** A cash long, a 3.3× margin long and a 2× short of one lot each, opened at `t`. */
    async function threePositions(u: TestUser, code: string, t: number, lots = 1) {
      s.clock.set(t);
      const cash = await placed(s, u, { code, lots });
      const margin = await placed(s, u, { code, lots, leverage: 3.3 });
      const short = await placed(s, u, { code, lots, direction: 'down', leverage: 2 });
      for (const p of [cash, margin, short]) expect(p.status).toBe('holding');
      return { cash, margin, short };
    }

    it('splits a position a close reaches before the job on the ex-date, so the realized P/L is the true one', async () => {
      s.clock.set(at('2027-02-24', 9, 5));
      await signInAdmin(s);
      const u = await trader(s, 3_000_000);
      const opened = await threePositions(u, SPLIT.code, at('2027-02-24', 9, 5));
      // No job runs between the 24th and this close on the ex-date.
      const t = at(SPLIT.exDate, 9, 5);
      s.clock.set(t);
      const q = quote(s, SPLIT.code, t);
      expect(q.prevClose * SPLIT.ratio).toBe(quote(s, SPLIT.code, at('2027-02-24', 15, 31)).price); // split-adjusted base
      for (const p of Object.values(opened)) {
        const res = await closePos(s, u, p.id);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const c = res.body.data;
        expect(c.status).toBe('closed');
        expect(c.quantity).toBe(300);
        expect(c.contractValue).toBe(p.contractValue);
        expect(c.sellPrice).toBe(p.direction === 'up' ? q.bid : q.ask);
        // Shares × 3 at the new price against the unchanged cost: the price move, not a −66% loss.
        const value = contractValue(c.sellPrice, 300, 10);
        expect(c.pnl).toBe(p.direction === 'up' ? value - p.contractValue : p.contractValue - value);
        expect(Math.abs(c.pnl)).toBeLessThan(p.contractValue * 0.05);
        expect(c.alerts.filter((a: { kind: string }) => a.kind === 'split')).toHaveLength(1);
        expect(await entries(p.id, 'stock_split')).toHaveLength(1);
      }
      // What comes back is the principals and the net P/L (after interest and tax), waiting for T+2.
      const net = (await Promise.all(Object.values(opened).map((p) => position(s, u, p.id)))).reduce((sum, p) => sum + p.netPnl!, 0);
      const principals = Object.values(opened).reduce((sum, p) => sum + p.principal, 0);
      expect(await balances(s, u.id)).toEqual({ cash: 3_000_000 - principals, frozen: 0, margin: 0, unsettled: principals + net, loan: 0, shortfall: 0 });
      await expectLedgerBalanced(s);
    });

    it('splits every held position at the ex-date’s first job run: value continuous, no forced close, applied once', async () => {
      s.clock.set(at('2027-02-24', 9, 5));
      await signInAdmin(s);
      const u = await trader(s, 3_000_000);
      const opened = await threePositions(u, SPLIT.code, at('2027-02-24', 9, 5));
      const list = Object.values(opened);
      const closeOf24th = at('2027-02-24', 15, 31);
      await runAt(s, closeOf24th);
      const before = await Promise.all(list.map((p) => position(s, u, p.id)));
      const close24 = quote(s, SPLIT.code, closeOf24th).price;
      for (const b of before) {
        expect(b.quantity).toBe(100);
        expect(b.marketValue).toBe(contractValue(close24, 100, 10));
      }

      s.clock.set(at(SPLIT.exDate, 0, 0, 1));
      const first = await s.services.jobs.runDue(at(SPLIT.exDate, 0, 0, 1));
      expect(first.corporateActions).toEqual({ splits: 3, dividends: 0, errors: 0 });
      expect(first.trading.forcedClosed).toBe(0);
      for (const p of list) {
        const v = await position(s, u, p.id);
        expect(v).toMatchObject({ status: 'holding', quantity: 300, lots: 3, contractValue: p.contractValue, principal: p.principal });
        expect(v.buyPrice).toBe(Math.round(p.buyPrice / 3));
        // Before the open the quote still shows the 24th's unsplit close: the position is valued at
        // it divided by 3, so the overnight value is the 24th's, not three times it.
        expect(v.marketValue).toBe(contractValue(Math.round(close24 / 3), 300, 10));
        expect(v.alerts.filter((a) => a.kind === 'split')).toEqual([
          { kind: 'split', params: { ratio: 3, sharesBefore: 100, sharesAfter: 300, exDate: SPLIT.exDate }, at: at(SPLIT.exDate, 0, 0, 1) },
        ]);
      }
      const splitRecords = (await records(u)).filter((r) => r.kind === 'stock_split');
      expect(splitRecords).toHaveLength(3);
      for (const r of splitRecords) {
        expect(list.map((p) => p.id)).toContain(r.refId);
        expect(r).toMatchObject({ amount: 0, postings: [], lines: [], memo: { id: 'memo_split', params: { code: SPLIT.code, ratio: 3, sharesBefore: 100, sharesAfter: 300, exDate: SPLIT.exDate } } });
      }
      expect(await balances(s, u.id)).toMatchObject({ margin: list.reduce((sum, p) => sum + p.principal, 0), shortfall: 0 });

      // The 25th's open against the 24th's close: only the day's move, on the split-adjusted base.
      const open = at(SPLIT.exDate, 9, 0);
      await runAt(s, open);
      const q = quote(s, SPLIT.code, open);
      expect(q.prevClose * 3).toBe(close24);
      const move = contractValue(q.price, 300, 10) - contractValue(q.prevClose, 300, 10);
      for (const [k, p] of list.entries()) {
        const after = await position(s, u, p.id);
        expect(after.marketValue! - before[k]!.marketValue!).toBe(move);
        expect(after.pnl! - before[k]!.pnl!).toBe(p.direction === 'up' ? move : -move);
        expect(after.pnl).toBe(pnlFromCost(p.direction, p.contractValue!, q.price, 300, 10));
      }

      // The margin long and the short live through the ex-date's session: no margin call, no forced close.
      for (const [hh, mm] of [[9, 5], [10, 30], [11, 29], [12, 31], [14, 0], [15, 29], [15, 31]] as const) {
        const r = await runAt(s, at(SPLIT.exDate, hh, mm));
        expect(r).toMatchObject({ forcedClosed: 0, marginCalls: 0, errors: 0 });
      }
      for (const p of list) expect((await position(s, u, p.id)).status).toBe('holding');

      // Running again, the same day or later, changes nothing.
      for (const t of [at(SPLIT.exDate, 15, 31), at(SPLIT.exDate, 23, 0), at('2027-02-26', 0, 0, 1)]) {
        expect((await s.services.jobs.runDue(t)).corporateActions).toEqual({ splits: 0, dividends: 0, errors: 0 });
      }
      for (const p of list) {
        const v = await position(s, u, p.id);
        expect(v.quantity).toBe(300);
        expect(v.alerts.filter((a) => a.kind === 'split')).toHaveLength(1);
        expect(await entries(p.id, 'stock_split')).toHaveLength(1);
      }
      await expectLedgerBalanced(s);

      // Closed on the 26th: the P/L is the two days' move on 300 shares against the unchanged cost.
      const t = at('2027-02-26', 9, 5);
      s.clock.set(t);
      const q26 = quote(s, SPLIT.code, t);
      for (const p of list) {
        const c = (await closePos(s, u, p.id)).body.data;
        const exit = p.direction === 'up' ? q26.bid! : q26.ask!;
        expect(c.pnl).toBe(pnlFromCost(p.direction, p.contractValue!, exit, 300, 10));
      }
      await expectLedgerBalanced(s);
    });

    it('divides a waiting close request\'s stop and OCO stop-loss by the ratio, so the split itself fires neither', async () => {
      const t0 = at('2027-02-24', 9, 5);
      s.clock.set(t0);
      await signInAdmin(s);
      const u = await trader(s, 3_000_000);
      const table = s.services.market.instrument(SPLIT.code)!.tickTable!;
      const q = quote(s, SPLIT.code, t0);
      // A stop-loss 10 % under the price and an OCO (take-profit 10 % over, the same stop-loss), valid this week.
      const stop = roundToTick(Math.floor((q.price * 9) / 10), table, 'down');
      const take = roundToTick(Math.ceil((q.price * 11) / 10), table, 'up');
      const stopped = await placed(s, u, { code: SPLIT.code, lots: 1 });
      const oco = await placed(s, u, { code: SPLIT.code, lots: 1 });
      for (const [p, body] of [[stopped, { type: 'market', trigger: stop, validity: 'week' }], [oco, { type: 'limit', price: take, stop, validity: 'week' }]] as const) {
        const res = await closePos(s, u, p.id, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.status).toBe('closing');
      }
      // Through the ex-date's session: on the old prices both stops would be far above the price and fire at once.
      for (const [hh, mm] of [[0, 0], [9, 0], [9, 5], [12, 31], [15, 31]] as const) await runAt(s, at(SPLIT.exDate, hh, mm));
      // A long's stop-loss is a sell: ÷ 3 rounds up onto the grid (as a sell limit does), the take-profit too.
      const sell = (price: number) => roundToTick(Math.ceil(price / 3), table, 'up');
      expect(await position(s, u, stopped.id)).toMatchObject({ status: 'closing', quantity: 300, closeTrigger: sell(stop) });
      expect(await position(s, u, oco.id)).toMatchObject({ status: 'closing', quantity: 300, closeLimitPrice: sell(take), closeStop: sell(stop) });
      await expectLedgerBalanced(s);
    });

    it('pays a dividend to the holders of record at the ex-date’s first run and charges shorts, once', async () => {
      const opening = at('2027-03-29', 9, 5);
      s.clock.set(opening);
      await signInAdmin(s);
      const cashUser = await trader(s, 3_000_000);
      const marginUser = await trader(s, 3_000_000);
      const shortUser = await trader(s, 3_000_000);
      // A short seller whose every yen is in the position's margin.
      const broke = await trader(s, 0);
      const q = quote(s, DIVIDEND.code, opening);
      const brokePrincipal = principalFor(contractValue(q.bid!, 300, 10), 20);
      await grant(s, broke.id, brokePrincipal);

      const cash = await placed(s, cashUser, { code: DIVIDEND.code, lots: 3 });
      const margin = await placed(s, marginUser, { code: DIVIDEND.code, lots: 3, leverage: 3.3 });
      const short = await placed(s, shortUser, { code: DIVIDEND.code, lots: 3, direction: 'down', leverage: 2 });
      const brokeShort = await placed(s, broke, { code: DIVIDEND.code, lots: 3, direction: 'down', leverage: 2 });
      expect(brokeShort.principal).toBe(brokePrincipal);
      expect(await balances(s, broke.id)).toMatchObject({ cash: 0, unsettled: 0, margin: brokePrincipal });
      const users = [cashUser, marginUser, shortUser, broke];
      const held = [cash, margin, short, brokeShort];
      await runAt(s, at('2027-03-29', 15, 31));

      const gross = (DIVIDEND.perShare * 300) / 10; // ¥23 × 300
      expect(gross).toBe(6_900);
      const tax = dividendTax(gross);
      expect(tax).toBe(1_056 + 345);
      const net = gross - tax; // 5,499
      const balBefore = await Promise.all(users.map((u) => balances(s, u.id)));
      const interestBefore = await Promise.all(users.map((u, k) => position(s, u, held[k]!.id).then((p) => p.interest)));
      const taxBefore = await house(s, 'tax_payable');
      const clearingBefore = await house(s, 'dividend_clearing');

      const exRun = at(DIVIDEND.exDate, 0, 0, 1);
      s.clock.set(exRun);
      const report = await s.services.jobs.runDue(exRun);
      expect(report.corporateActions).toEqual({ splits: 0, dividends: 4, errors: 0 });
      // The same night's run also charges a day's interest / borrow fee: taken out of the comparison.
      const interest = await Promise.all(users.map((u, k) => position(s, u, held[k]!.id).then((p) => p.interest - interestBefore[k]!)));
      expect(interest[0]).toBe(0);
      const balAfter = await Promise.all(users.map((u) => balances(s, u.id)));
      expect(balAfter[0]).toEqual({ ...balBefore[0], cash: balBefore[0]!.cash + net });
      expect(balAfter[1]).toEqual({ ...balBefore[1], cash: balBefore[1]!.cash + net - interest[1]! });
      expect(balAfter[2]).toEqual({ ...balBefore[2], cash: balBefore[2]!.cash - gross - interest[2]! });
      // Cash never goes negative: what the broke short cannot pay is a shortfall.
      expect(balAfter[3]).toEqual({ ...balBefore[3], cash: 0, shortfall: -(gross + interest[3]!) });
      expect(await house(s, 'tax_payable')).toBe(taxBefore + tax);
      // The house pays out 6,900 gross and 5,499 net and takes in 6,900 twice from the shorts.
      expect(await house(s, 'dividend_clearing')).toBe(clearingBefore - gross - net + gross + gross);

      const dividendRecord = async (u: TestUser, id: string) => {
        const rs = (await records(u)).filter((r) => r.refId === id && (r.kind === 'dividend' || r.kind === 'dividend_adjustment'));
        expect(rs).toHaveLength(1);
        return rs[0]!;
      };
      const memo = { code: DIVIDEND.code, shares: 300, perShare: DIVIDEND.perShare, priceScale: 10, exDate: DIVIDEND.exDate };
      expect(await dividendRecord(cashUser, cash.id)).toMatchObject({
        kind: 'dividend', amount: net, postings: [{ kind: 'cash', amount: net }], memo: { id: 'memo_dividend', params: memo },
      });
      expect((await dividendRecord(cashUser, cash.id)).lines).toEqual(expect.arrayContaining([{ type: 'dividend', amount: gross }, { type: 'tax', amount: -tax }]));
      expect(await dividendRecord(marginUser, margin.id)).toMatchObject({
        kind: 'dividend_adjustment', amount: net, postings: [{ kind: 'cash', amount: net }], lines: [{ type: 'dividend', amount: net }],
        memo: { id: 'memo_dividend_adjustment', params: { ...memo, direction: 'up' } },
      });
      expect(await dividendRecord(shortUser, short.id)).toMatchObject({
        kind: 'dividend_adjustment', amount: -gross, postings: [{ kind: 'cash', amount: -gross }], lines: [{ type: 'dividend', amount: -gross }],
        memo: { id: 'memo_dividend_adjustment', params: { ...memo, direction: 'down' } },
      });
      expect(await dividendRecord(broke, brokeShort.id)).toMatchObject({ kind: 'dividend_adjustment', amount: -gross, postings: [{ kind: 'shortfall', amount: -gross }] });
      const alertsOf = async (u: TestUser, id: string) => (await position(s, u, id)).alerts.filter((a) => a.kind === 'dividend');
      expect((await alertsOf(cashUser, cash.id)).map((a) => a.params)).toEqual([{ perShare: 230, priceScale: 10, amount: net, exDate: DIVIDEND.exDate, kind: 'dividend' }]);
      expect((await alertsOf(marginUser, margin.id)).map((a) => a.params.amount)).toEqual([net]);
      expect((await alertsOf(shortUser, short.id)).map((a) => a.params.amount)).toEqual([-gross]);
      expect((await alertsOf(broke, brokeShort.id)).map((a) => a.params.amount)).toEqual([-gross]);
      await expectLedgerBalanced(s);

      // A position opened on the ex-date itself is not a holder of record.
      const late = await trader(s, 3_000_000);
      const onExDate = at(DIVIDEND.exDate, 9, 5);
      s.clock.set(onExDate);
      const fresh = await placed(s, late, { code: DIVIDEND.code, lots: 3 });
      const lateCash = (await balances(s, late.id)).cash;
      // Later runs (the same day, the next night) pay nobody again.
      for (const t of [exRun, onExDate + 60_000, at(DIVIDEND.exDate, 15, 31), at('2027-03-31', 0, 0, 1)]) {
        s.clock.set(t);
        expect((await s.services.jobs.runDue(t)).corporateActions).toEqual({ splits: 0, dividends: 0, errors: 0 });
      }
      expect((await position(s, late, fresh.id)).alerts).toEqual([]);
      expect((await balances(s, late.id)).cash).toBe(lateCash);
      expect(await entries(fresh.id, 'dividend')).toEqual([]);
      for (const [k, p] of held.entries()) {
        expect(await alertsOf(users[k]!, p.id)).toHaveLength(1);
        expect((await entries(p.id, 'dividend')).length + (await entries(p.id, 'dividend_adjustment')).length).toBe(1);
      }
      expect(await house(s, 'tax_payable')).toBe(taxBefore + tax);
      await expectLedgerBalanced(s);
    });
  });
}
