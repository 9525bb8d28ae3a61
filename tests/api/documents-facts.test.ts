import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import '../../src/server/modules/documents/tables';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { contractValue } from '../../src/shared/domain/trade-money';
import { quarterOf } from '../../src/shared/domain/documents';
import { addTradingDays, jstDate } from '../../src/shared/market';
import { executionOf, executionsOfUser, pendingExecutions, type InstrumentNames } from '../../src/server/modules/documents/executions';
import { annualFacts, balanceFacts, dividendsOfUser, usersWithActivity, usersWithSpecificIncome, type ReportDeps } from '../../src/server/modules/documents/reports';
import { balances, closePos, dataOf, findInstant, placed, quote, setConfig, trader } from './trade-support';
import { investor, placed as trustPlaced } from './trusts-support';
import { jstMs } from '../../src/shared/market';
import { sellValue as navValue } from '../../src/shared/domain/trust';
import '../../src/server/modules/trusts/tables';

/*
 * The facts the documents are made of (docs/domain.md "Documents and exports"), read from what
 * trading wrote: a cash buy of 300 and a sale of 100 of it (the row splits), a margin long opened
 * and closed two days later. One execution per ledger entry with its kind, quantity, price, fee,
 * tax and 受渡金額; the balances at an instant equal to the ledger's; the year's 特定 sales with
 * ① − ② = ③ and the tax withheld equal to the closes' tax_payable postings.
 */
const CODE = '7203';

for (const dialect of testDialects()) {
  describe(`documents: facts from the ledger (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const db = () => s.services.database.db;
    const names: InstrumentNames = (code) => s.services.market.instrument(code);
    const deps = (): ReportDeps => ({ db: db(), names, market: s.services.market });
    const row = (id: string) => db().selectFrom('trade_position').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sell = (u: TestUser, shares: number) =>
      s.call('post', 'trade/sell', { token: u.token, body: { code: CODE, type: 'market', shares }, headers: { 'Idempotency-Key': uuidv7() } });
    /** The house postings of `kind` in the user's entries of `entryKind` about position `ref`. */
    const housePosted = async (u: TestUser, ref: string, entryKind: string, kind: string) => {
      const r = await db()
        .selectFrom('journal_entry as e').innerJoin('posting as p', 'p.entry_id', 'e.id').innerJoin('ledger_account as a', 'a.id', 'p.account_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('p.amount'), eb.lit(0)).as('t'))
        .where('e.user_id', '=', u.id).where('e.ref_id', '=', ref).where('e.kind', '=', entryKind).where('a.owner', '=', 'house').where('a.kind', '=', kind)
        .executeTakeFirstOrThrow();
      return Number(r.t);
    };
    const entryOf = async (ref: string, kind: string) =>
      (await db().selectFrom('journal_entry').select('id').where('ref_id', '=', ref).where('kind', '=', kind).executeTakeFirstOrThrow()).id;

    it('reads one execution per entry, the balances at an instant and the year’s 特定 sales', { timeout: 120_000 }, async () => {
      s.clock.set(TEST_NOW);
      await setConfig(s, 'feeSchedule', 'reference'); // fees and 消費税 non-zero
      const u = await trader(s, 10_000_000);
      const buy = await row((await placed(s, u, { code: CODE, lots: 3 })).id);
      expect(buy.status).toBe('holding');

      // A sale at a gain, so tax is withheld.
      const t1 = findInstant(s, CODE, TEST_NOW + 60_000, (q) => q.bid !== null && q.bid > buy.buy_price! * 1.01);
      s.clock.set(t1);
      const sold = await sell(u, 100);
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
      const part = await row((dataOf(sold.body) as { positions: { id: string }[] }).positions[0]!.id);
      expect(part).toMatchObject({ status: 'closed', quantity: 100 });

      const t2 = findInstant(s, CODE, t1 + 60_000, (q) => q.ask !== null);
      s.clock.set(t2);
      const open = await row((await placed(s, u, { code: CODE, lots: 1, leverage: 3 })).id);
      expect(open.status).toBe('holding');
      const mid = t2 + 1_000;
      s.clock.set(mid);
      const ledgerMid = await balances(s, u.id);

      // Closed two days later: interest for the days held arrives with the close.
      const t3 = findInstant(s, CODE, t2 + 2 * 86_400_000, (q) => q.bid !== null);
      s.clock.set(t3);
      const closed = await closePos(s, u, open.id);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const margin = await row(open.id);
      expect(margin.status).toBe('closed');
      const end = t3 + 60_000;
      s.clock.set(end);

      // ---- pendingExecutions: every execution without a document (none issued here) ----
      await db().deleteFrom('document').where('user_id', '=', u.id).execute();
      const pending = (await pendingExecutions(db(), 0, 1_000, names)).filter((e) => e.userId === u.id);
      expect(pending.map((e) => e.kind)).toEqual(['cash_buy', 'cash_sell', 'margin_open_buy', 'margin_close_sell']);
      const [eBuy, eSell, eOpen, eClose] = pending as [typeof pending[number], typeof pending[number], typeof pending[number], typeof pending[number]];
      const buyValue = contractValue(buy.buy_price!, 300, buy.price_scale);
      expect(eBuy).toMatchObject({
        sourceKey: `entry:${await entryOf(buy.id, 'trade_open')}`, code: CODE, quantity: 300, unitPrice: buy.buy_price, contractValue: buyValue, fee: buy.open_fee,
        taxWithheld: 0, net: -(buyValue + buy.open_fee), account: 'specific', executedAt: Number(buy.buy_time), tradeDate: jstDate(Number(buy.buy_time)), gain: null,
      });
      expect(eBuy.nameJa).toBe(names(CODE)!.nameJa);
      const sellValue = contractValue(part.sell_price!, 100, part.price_scale);
      const sellTax = Number(part.tax);
      expect(sellTax).toBe(await housePosted(u, part.id, 'trade_close', 'tax_payable'));
      expect(sellTax).toBeGreaterThan(0);
      expect(buy.open_fee).toBeGreaterThan(0);
      expect(eSell).toMatchObject({
        sourceKey: `entry:${await entryOf(part.id, 'trade_close')}`, quantity: 100, unitPrice: part.sell_price, contractValue: sellValue, fee: part.close_fee,
        taxWithheld: sellTax, net: sellValue - part.close_fee - sellTax, cost: Number(part.book_cost), gain: sellValue - Number(part.book_cost) - part.close_fee,
        refId: part.id,
      });
      const openValue = contractValue(open.buy_price!, 100, open.price_scale);
      expect(eOpen).toMatchObject({ quantity: 100, contractValue: openValue, fee: open.open_fee, net: 0, refId: open.id });
      const interestNow = await housePosted(u, open.id, 'trade_close', 'interest_income');
      const pnl = Number(margin.pnl);
      const closeTax = Number(margin.tax);
      expect(eClose).toMatchObject({
        quantity: 100, unitPrice: margin.sell_price, fee: margin.close_fee, interest: interestNow, borrowFee: 0, taxWithheld: closeTax,
        net: pnl - margin.close_fee - interestNow - closeTax, gain: pnl - margin.open_fee - margin.close_fee - Number(margin.interest), settlesOn: addTradingDays(jstDate(t3), 2),
      });
      expect(Number(margin.interest)).toBeGreaterThan(0);
      // Issued ones are no longer pending.
      expect((await pendingExecutions(db(), Number(buy.buy_time) + 1, 1_000, names)).some((e) => e.sourceKey === eBuy.sourceKey)).toBe(false);

      // ---- executionOf and executionsOfUser ----
      expect(await executionOf(db(), eClose.sourceKey, names)).toEqual(eClose);
      expect(await executionOf(db(), `trust:${uuidv7()}`, names)).toBeNull();
      expect(await executionOf(db(), 'nonsense', names)).toBeNull();
      expect(await executionsOfUser(db(), u.id, {}, names)).toEqual(pending);
      const page1 = await executionsOfUser(db(), u.id, { limit: 2 }, names);
      const page2 = await executionsOfUser(db(), u.id, { limit: 2, after: { at: page1[1]!.executedAt, key: page1[1]!.sourceKey } }, names);
      expect([...page1, ...page2]).toEqual(pending);
      expect(await executionsOfUser(db(), u.id, { from: t2, to: t2 + 1_000 }, names)).toEqual([eOpen]);

      // ---- balanceFacts: at the margin position's opening and at the end ----
      const q = quarterOf(jstDate(mid));
      const atMid = await balanceFacts(deps(), u.id, q.from, q.to, mid);
      expect(atMid.cash).toEqual([{ currency: 'JPY', cash: ledgerMid.cash, unsettled: ledgerMid.unsettled, frozen: ledgerMid.frozen, margin: ledgerMid.margin }]);
      expect(atMid.executions.map((e) => e.kind)).toEqual(['cash_buy', 'cash_sell', 'margin_open_buy']);
      const midPrice = quote(s, CODE, mid);
      expect(atMid.securities).toEqual([
        { code: CODE, nameJa: names(CODE)!.nameJa, account: 'specific', quantity: 200, price: midPrice.price, priceScale: midPrice.priceScale, value: contractValue(midPrice.price, 200, midPrice.priceScale) },
      ]);
      expect(atMid.margin).toMatchObject([{ code: CODE, side: 'buy', quantity: 100, openPrice: open.buy_price, contractValue: Number(open.contract_value), openedOn: jstDate(t2) }]);
      // Before anything was bought: nothing held.
      const before = await balanceFacts(deps(), u.id, q.from, q.to, TEST_NOW - 1);
      expect(before.securities).toEqual([]);
      expect(before.executions).toEqual([]);

      const ledgerEnd = await balances(s, u.id);
      const atEnd = await balanceFacts(deps(), u.id, q.from, q.to, end);
      expect(atEnd.cash[0]).toEqual({ currency: 'JPY', cash: ledgerEnd.cash, unsettled: ledgerEnd.unsettled, frozen: ledgerEnd.frozen, margin: ledgerEnd.margin });
      expect(atEnd.securities.map((x) => x.quantity)).toEqual([200]);
      expect(atEnd.margin).toEqual([]);
      expect(atEnd.executions).toHaveLength(4);
      expect(atEnd.customer).toMatchObject({ userId: u.id, name: null });

      // ---- annualFacts: the year of the 受渡日 ----
      const year = 2026;
      const annual = await annualFacts(deps(), u.id, year, true);
      expect(annual).toMatchObject({ year, preview: true, withholding: true });
      expect(annual.sales.map((x) => x.kind)).toEqual(['cash_sell', 'margin_close_sell']);
      const t = annual.totals;
      expect(t.proceeds - t.cost).toBe(t.gain);
      expect(t.proceeds).toBe(sellValue + contractValue(margin.sell_price!, 100, margin.price_scale));
      expect(t.gain).toBe(eSell.gain! + eClose.gain!);
      const withheldPosted = (await housePosted(u, part.id, 'trade_close', 'tax_payable')) + (await housePosted(u, open.id, 'trade_close', 'tax_payable'));
      expect(t.withheld).toBe(withheldPosted);
      const netting = await db().selectFrom('trade_tax_year_account').selectAll().where('user_id', '=', u.id).where('year', '=', year).where('account', '=', 'specific').executeTakeFirstOrThrow();
      expect(t.gain).toBe(Number(netting.net_gain));
      expect(t.withheld).toBe(Number(netting.tax_withheld));
      expect(t.national + t.local).toBe(t.withheld);
      expect((await annualFacts(deps(), u.id, year + 1, true)).sales).toEqual([]);

      // ---- who gets reports ----
      expect(await usersWithActivity(db(), TEST_NOW, end)).toContain(u.id);
      expect(await usersWithActivity(db(), end + 1, end + 2)).toContain(u.id); // still holds 200
      expect(await usersWithSpecificIncome(db(), year)).toContain(u.id);
      expect(await usersWithSpecificIncome(db(), year - 1)).not.toContain(u.id);
    });
  });
}

const TOPIX = 'kabuto-topix';
const BOND = 'kabuto-monthly-bond';

for (const dialect of testDialects()) {
  describe(`documents: facts of fund orders (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const db = () => s.services.database.db;
    const names: InstrumentNames = (code) => s.services.market.instrument(code);
    const deps = (): ReportDeps => ({ db: db(), names, market: s.services.market });
    const run = async (t: number) => {
      s.clock.set(t);
      await s.services.jobs.runDue(t);
    };
    const order = (id: string) => db().selectFrom('trust_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const pendingOf = async (u: TestUser) => {
      // Issued by the documents job if it ran with the others: taken back, so the scan sees them again.
      await db().deleteFrom('document').where('user_id', '=', u.id).execute();
      return (await pendingExecutions(db(), 0, 1_000, names)).filter((e) => e.userId === u.id);
    };

    it('a buy is an execution at its strike, a 解約 once paid (its tax known); the year counts the 解約', { timeout: 240_000 }, async () => {
      await run(TEST_NOW);
      const u = await investor(s, 1_000_000);
      const buyId = (await trustPlaced(s, u, { fundId: TOPIX, amount: 200_000 })).id;
      await run(jstMs('2026-11-24', 18, 0));
      const buy = await order(buyId);
      expect(buy.status).toBe('filled');
      const fund = await db().selectFrom('trust_fund').select(['code', 'name_ja']).where('id', '=', TOPIX).executeTakeFirstOrThrow();
      expect(await pendingOf(u)).toMatchObject([
        {
          sourceKey: `trust:${buyId}`, kind: 'trust_buy', account: 'specific', code: fund.code, nameJa: fund.name_ja, quantity: Number(buy.units), unitPrice: Number(buy.nav),
          perUnits: 10_000, contractValue: Number(buy.value), fee: Number(buy.fee), net: -(Number(buy.value) + Number(buy.fee)), tradeDate: '2026-11-24', executedAt: Number(buy.filled_at),
        },
      ]);

      s.clock.set(jstMs('2026-11-25', 10, 0));
      const sellId = (await trustPlaced(s, u, { fundId: TOPIX, side: 'sell', mode: 'units', units: Math.floor(Number(buy.units) / 2) })).id;
      await run(jstMs('2026-11-25', 18, 0));
      expect((await order(sellId)).status).toBe('filled');
      expect((await pendingOf(u)).map((e) => e.kind), 'a 解約 waits for its payout').toEqual(['trust_buy']);
      await run(jstMs('2026-12-02', 18, 0));
      const sell = await order(sellId);
      expect(sell.status).toBe('paid');
      const proceeds = Number(sell.value) - Number(sell.retention);
      const tax = Number(sell.tax);
      const pending = await pendingOf(u);
      expect(pending.map((e) => e.kind)).toEqual(['trust_buy', 'trust_sell']);
      expect(pending[1]).toMatchObject({
        sourceKey: `trust:${sellId}`, quantity: Number(sell.units), retention: Number(sell.retention), taxWithheld: tax, net: proceeds - tax,
        gain: proceeds - Number(sell.book_cost), cost: Number(sell.book_cost), settlesOn: sell.settle_date, tradeDate: '2026-11-25',
      });
      expect(await executionOf(db(), `trust:${sellId}`, names)).toEqual(pending[1]);

      const annual = await annualFacts(deps(), u.id, 2026, true);
      expect(annual.sales).toMatchObject([{ kind: 'trust_sell', proceeds, gain: proceeds - Number(sell.book_cost), taxWithheld: tax }]);
      expect(annual.totals.proceeds - annual.totals.cost).toBe(annual.totals.gain);
      expect(annual.totals.withheld).toBe(tax);

      const asOf = jstMs('2026-12-02', 19, 0);
      const held = await db().selectFrom('trust_holding').selectAll().where('user_id', '=', u.id).execute();
      const nav = await db().selectFrom('trust_nav').select(['nav', 'date']).where('fund_id', '=', TOPIX).where('struck_at', '<=', asOf).orderBy('date', 'desc').limit(1).executeTakeFirstOrThrow();
      const facts = await balanceFacts(deps(), u.id, '2026-10-01', '2026-12-31', asOf);
      expect(facts.trusts).toEqual([
        { code: fund.code, nameJa: fund.name_ja, account: 'specific', units: Number(held[0]!.units), nav: Number(nav.nav), navDate: nav.date, value: navValue(Number(held[0]!.units), Number(nav.nav)) },
      ]);
      expect(facts.executions.map((e) => e.kind)).toEqual(['trust_buy', 'trust_sell']);
      const ledger = await balances(s, u.id);
      expect(facts.cash[0]).toMatchObject({ cash: ledger.cash, frozen: ledger.frozen, unsettled: ledger.unsettled, margin: ledger.margin });

      // The bond fund's 決算日 (20 December, a Sunday: struck Monday the 21st), bought the business day before:
      // its 普通分配金 is a 配当等 of 特定 (withheld); a 元本払戻金, if any, is a line of the dividends but not of the report.
      s.clock.set(jstMs('2026-12-18', 10, 0));
      await trustPlaced(s, u, { fundId: BOND, amount: 300_000 });
      await run(jstMs('2026-12-18', 18, 0));
      await run(jstMs('2026-12-21', 18, 0));
      const paid = await db().selectFrom('journal_entry').select(['id', 'kind']).where('user_id', '=', u.id).where('kind', 'in', ['trust_distribution', 'trust_capital_return']).execute();
      const ordinary = paid.filter((e) => e.kind === 'trust_distribution');
      expect(ordinary.length).toBeGreaterThan(0);
      const lines = await dividendsOfUser(db(), u.id, {}, names);
      expect(lines.map((l) => l.sourceKey).sort()).toEqual(paid.map((e) => `entry:${e.id}`).sort());
      for (const l of lines) {
        expect(l).toMatchObject({ kind: 'trust', account: 'specific', paidOn: '2026-12-21', net: l.gross - l.taxWithheld });
        expect(l.gross).toBeGreaterThan(0);
      }
      const year = await annualFacts(deps(), u.id, 2026, true);
      const taxed = lines.filter((l) => ordinary.some((e) => `entry:${e.id}` === l.sourceKey));
      expect(year.dividends.map((d) => d.sourceKey).sort()).toEqual(taxed.map((l) => l.sourceKey).sort());
      expect(year.totals.dividendGross).toBe(taxed.reduce((a, l) => a + l.gross, 0));
      expect(year.totals.dividendNational + year.totals.dividendLocal).toBe(taxed.reduce((a, l) => a + l.taxWithheld, 0));
      expect(await usersWithSpecificIncome(db(), 2026)).toContain(u.id);
    });
  });
}
