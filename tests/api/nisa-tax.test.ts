import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { tradeApi } from '../../src/shared/api/trade';
import { contractValue } from '../../src/shared/domain/trade-money';
import type { AccountType } from '../../src/shared/domain/account-type';
import '../../src/server/modules/tax-account/tables';
import { at, balances, cancel, closePos, expectLedgerBalanced, findInstant, house, placed, quote, runAt, setConfig, signInAdmin, trader, type OrderInput } from './trade-support';

/**
 * Issue 38: tax per account type (docs/domain.md "Account types and NISA"). Gains net per user,
 * Tokyo year and account (trade_tax_year_account); only a 特定口座 with 源泉徴収あり withholds; a NISA
 * account's gains and dividends are tax-free and its losses refund nothing (損益通算不可); every
 * journal entry about a position carries its account (journal_entry.tax_account), and so does its
 * record. Tax is computed here independently: 15.315% and 5% of the gain, each rounded down.
 */
const taxOf = (gain: number) => (gain <= 0 ? 0 : Math.floor((gain * 15_315) / 100_000) + Math.floor((gain * 5) / 100));
const DIVIDEND = { code: '7203', exDate: '2027-03-30', perShare: 230 } as const;

for (const dialect of testDialects()) {
  describe(`NISA and account-type tax (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      // Fees make "to the yen" mean something: the gain is net of both fees.
      await setConfig(s, 'feeSchedule', 'reference');
    });
    afterAll(async () => {
      await s?.close();
    });

    const db = () => s.services.database.db;
    const buyIn = (u: TestUser, account: AccountType, o: OrderInput = {}) => placed(s, u, { ...o, account } as OrderInput);
    const row = (id: string) => db().selectFrom('trade_position').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const yearRows = async (u: TestUser) =>
      (await db().selectFrom('trade_tax_year_account').select(['year', 'account', 'net_gain', 'tax_withheld']).where('user_id', '=', u.id).orderBy('account').execute()).map((r) => ({
        year: r.year, account: r.account, net: Number(r.net_gain), withheld: Number(r.tax_withheld),
      }));

    /** The user's NISA account opened: their latest application approved (the tax-account area's row, written directly). */
    async function openNisa(u: TestUser, year: number) {
      const now = s.clock.now();
      await db()
        .insertInto('nisa_application')
        .values({ id: uuidv7(), user_id: u.id, year, declared_at: now, created_at: now, review_status: 'approved', review_reason: null, reviewed_by: null, reviewed_at: now })
        .execute();
    }
    /** The user's 特定口座 choice (no row: 特定 with 源泉徴収あり). */
    async function chooseTaxAccount(u: TestUser, specific: boolean, withholding: boolean) {
      const now = s.clock.now();
      await db().insertInto('tax_account').values({ user_id: u.id, specific: specific ? 1 : 0, withholding: withholding ? 1 : 0, created_at: now, updated_at: now }).execute();
    }

    /**
     * Closes a cash holding at market after its estimate, and expects the close to post exactly the
     * estimate's tax; returns the gain computed independently (proceeds − 取得費 − closing fee; the
     * row is the only one of its stock and account, so its 取得費 is its own cost) and the tax.
     */
    async function sellAtMarket(u: TestUser, id: string) {
      const pre = await s.call('get', `trade/positions/${id}/close-preview`, { token: u.token });
      expect(pre.status, JSON.stringify(pre.body)).toBe(200);
      const est = tradeApi.closePreview.data.parse(pre.body.data);
      const res = await closePos(s, u, id, { type: 'market' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const r = await row(id);
      expect(r.status).toBe('closed');
      expect(r.sell_price).toBe(est.price);
      const gain = contractValue(r.sell_price!, r.quantity, r.price_scale) - (Number(r.contract_value) + r.open_fee) - r.close_fee;
      expect(Number(r.book_cost)).toBe(Number(r.contract_value) + r.open_fee);
      expect({ tax: Number(r.tax), netPnl: res.body.data.netPnl }).toEqual({ tax: est.tax, netPnl: est.netPnl });
      return { gain, tax: Number(r.tax), est };
    }

    /** Every journal entry about the position says its account, and so does every record of it. */
    async function expectAccountEverywhere(u: TestUser, id: string, account: AccountType, kinds: string[]) {
      const entries = await db().selectFrom('journal_entry').select(['kind', 'tax_account']).where('ref_id', '=', id).orderBy('id').execute();
      expect(entries.map((e) => e.kind)).toEqual(kinds);
      for (const e of entries) expect(e.tax_account, e.kind).toBe(account);
      const res = await s.call('get', 'funds/records?type=all&limit=100', { token: u.token });
      expect(res.status).toBe(200);
      const mine = (res.body.data.items as { refId: string | null; account: AccountType | null }[]).filter((r) => r.refId === id);
      expect(mine.length).toBe(kinds.length);
      for (const r of mine) expect(r.account).toBe(account);
    }

    it('a NISA sale at a gain pays no tax beside a 特定 sale withheld to the yen; a later NISA loss refunds no 特定 tax', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 10_000_000);
      await openNisa(u, 2026);
      const nisa = await buyIn(u, 'nisa_growth', { lots: 2 });
      const spec = await buyIn(u, 'specific', { lots: 2 });
      expect((await row(nisa.id)).account_type).toBe('nisa_growth');
      expect((await row(spec.id)).account_type).toBe('specific');
      // Both bought at one instant at one price: the same cost each.
      const t = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.bid! > nisa.buyPrice + 300);
      s.clock.set(t);
      const taxBefore = await house(s, 'tax_payable');

      const a = await sellAtMarket(u, nisa.id);
      expect(a.gain).toBeGreaterThan(0);
      expect(a.tax).toBe(0);
      expect(a.est).toMatchObject({ tax: 0, yearNetGain: 0, yearTaxWithheld: 0, netPnl: a.gain });
      const b = await sellAtMarket(u, spec.id);
      expect(b.gain).toBe(a.gain);
      expect(b.tax).toBe(taxOf(b.gain));
      expect(b.tax).toBeGreaterThan(0);
      // The 特定 estimate does not see the NISA gain: accounts are netted apart.
      expect(b.est).toMatchObject({ yearNetGain: 0, yearTaxWithheld: 0 });
      expect(await house(s, 'tax_payable')).toBe(taxBefore + b.tax);
      expect(await yearRows(u)).toEqual([
        { year: 2026, account: 'nisa_growth', net: a.gain, withheld: 0 },
        { year: 2026, account: 'specific', net: b.gain, withheld: b.tax },
      ]);

      // A NISA purchase sold at a loss: nothing comes back, the 特定 year stays as it was.
      const t2 = findInstant(s, '7203', t + 60_000, (q) => q.ask !== null);
      s.clock.set(t2);
      const loser = await buyIn(u, 'nisa_growth', { lots: 2 });
      s.clock.set(findInstant(s, '7203', t2 + 60_000, (q) => q.bid! < loser.buyPrice - 100));
      const c = await sellAtMarket(u, loser.id);
      expect(c.gain).toBeLessThan(0);
      expect(c.tax).toBe(0);
      expect(c.est).toMatchObject({ tax: 0, yearNetGain: a.gain, yearTaxWithheld: 0 });
      expect(await house(s, 'tax_payable')).toBe(taxBefore + b.tax);
      expect(await yearRows(u)).toEqual([
        { year: 2026, account: 'nisa_growth', net: a.gain + c.gain, withheld: 0 },
        { year: 2026, account: 'specific', net: b.gain, withheld: b.tax },
      ]);

      // A waiting NISA order's reservation and its release say the account too.
      const low = quote(s, '7203', s.clock.now()).limits!.lower;
      const waiting = await buyIn(u, 'nisa_growth', { type: 'limit', price: low });
      expect(waiting.status).toBe('pending');
      expect((await cancel(s, u, waiting.id)).status).toBe(200);

      await expectAccountEverywhere(u, nisa.id, 'nisa_growth', ['trade_open', 'trade_close']);
      await expectAccountEverywhere(u, spec.id, 'specific', ['trade_open', 'trade_close']);
      await expectAccountEverywhere(u, loser.id, 'nisa_growth', ['trade_open', 'trade_close']);
      await expectAccountEverywhere(u, waiting.id, 'nisa_growth', ['order_reserve', 'order_release']);
      await expectLedgerBalanced(s);
    });

    it('特定 without withholding and 一般 record the net and withhold nothing', async () => {
      s.clock.set(TEST_NOW);
      const withholding = await trader(s, 10_000_000);
      const notWithheld = await trader(s, 10_000_000);
      await chooseTaxAccount(notWithheld, true, false);
      const general = await buyIn(withholding, 'general', { lots: 2 });
      const spec = await buyIn(notWithheld, 'specific', { lots: 2 });
      const t = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.bid! > general.buyPrice + 300);
      s.clock.set(t);
      const taxBefore = await house(s, 'tax_payable');

      const g = await sellAtMarket(withholding, general.id);
      expect(g.gain).toBeGreaterThan(0);
      expect(g.tax).toBe(0);
      expect(g.est).toMatchObject({ tax: 0, netPnl: g.gain });
      const n = await sellAtMarket(notWithheld, spec.id);
      expect(n.gain).toBe(g.gain);
      expect(n.tax).toBe(0);
      expect(n.est).toMatchObject({ tax: 0, netPnl: n.gain });
      expect(await house(s, 'tax_payable')).toBe(taxBefore);
      expect(await yearRows(withholding)).toEqual([{ year: 2026, account: 'general', net: g.gain, withheld: 0 }]);
      expect(await yearRows(notWithheld)).toEqual([{ year: 2026, account: 'specific', net: n.gain, withheld: 0 }]);
      await expectAccountEverywhere(withholding, general.id, 'general', ['trade_open', 'trade_close']);
      await expectAccountEverywhere(notWithheld, spec.id, 'specific', ['trade_open', 'trade_close']);
      await expectLedgerBalanced(s);
    });

    it('a NISA holding’s dividend is paid whole while a 特定 holding’s is withheld 15.315% + 5%', async () => {
      s.clock.set(at('2027-03-29', 9, 5));
      await signInAdmin(s);
      const u = await trader(s, 10_000_000);
      await openNisa(u, 2027);
      const nisa = await buyIn(u, 'nisa_growth', { code: DIVIDEND.code, lots: 3 });
      const spec = await buyIn(u, 'specific', { code: DIVIDEND.code, lots: 3 });
      const general = await buyIn(u, 'general', { code: DIVIDEND.code, lots: 3 });
      await runAt(s, at('2027-03-29', 15, 31));
      const gross = (DIVIDEND.perShare * 300) / 10; // ¥23 × 300
      const tax = taxOf(gross);
      expect(tax).toBe(1_056 + 345);
      const before = await balances(s, u.id);
      const taxBefore = await house(s, 'tax_payable');

      const exRun = at(DIVIDEND.exDate, 0, 0, 1);
      s.clock.set(exRun);
      // (Other tests' rows of the stock are closed by now; the balances below are this user's alone.)
      expect((await s.services.jobs.runDue(exRun)).corporateActions).toMatchObject({ splits: 0, errors: 0 });
      // NISA: the whole ¥6,900; 特定 and 一般 alike: ¥6,900 less ¥1,401 withheld.
      expect(await balances(s, u.id)).toEqual({ ...before, cash: before.cash + gross + 2 * (gross - tax) });
      expect(await house(s, 'tax_payable')).toBe(taxBefore + 2 * tax);
      const dividendOf = async (id: string) => {
        const res = await s.call('get', 'funds/records?type=trade&limit=100', { token: u.token });
        const rs = (res.body.data.items as { kind: string; refId: string; amount: number; account: AccountType | null; lines: { type: string; amount: number }[] }[]).filter(
          (r) => r.refId === id && r.kind === 'dividend',
        );
        expect(rs).toHaveLength(1);
        return rs[0]!;
      };
      expect(await dividendOf(nisa.id)).toMatchObject({ amount: gross, account: 'nisa_growth', lines: [{ type: 'dividend', amount: gross }] });
      expect(await dividendOf(spec.id)).toMatchObject({ amount: gross - tax, account: 'specific' });
      expect((await dividendOf(spec.id)).lines).toEqual(expect.arrayContaining([{ type: 'dividend', amount: gross }, { type: 'tax', amount: -tax }]));
      expect(await dividendOf(general.id)).toMatchObject({ amount: gross - tax, account: 'general' });
      // A dividend is not a sale: no year netting row.
      expect(await yearRows(u)).toEqual([]);
      await expectAccountEverywhere(u, nisa.id, 'nisa_growth', ['trade_open', 'dividend']);
      await expectAccountEverywhere(u, spec.id, 'specific', ['trade_open', 'dividend']);
      await expectAccountEverywhere(u, general.id, 'general', ['trade_open', 'dividend']);
      await expectLedgerBalanced(s);
    });
  });
}
