import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { HOUSE } from '../../src/server/ledger';
import { addDays, jstDate } from '../../src/shared/market';
import { PAYOUT_HOLD_MS, verifiedUser } from './cash-support';
import { at, balances, expectLedgerBalanced, findInstant, grant, placed, quote, setConfig, signIn, signInAdmin } from './trade-support';

/**
 * Credit loans (docs/domain.md "Loans and stock lending"): quota = min(60 % of the pledged holdings,
 * the score's limit); borrow with the fund password; interest a day on the cumulative basis; partial
 * and full repayment; every refusal message; 30 concurrent draws never pass the quota; LTV past 70 %
 * (warning, no borrowing) and 85 % (forced sale back to 60 %) through the simulated prices; a
 * withdrawal of free cash is never refused because of the credit score. Ledger invariants after each.
 */
const FUND_PASSWORD = '135790';
const RATE_BP = 350;

describe.each(testDialects())('lending: credit loans (%s)', (dialect) => {
  let s: TestServer;
  let branch = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    const res = await s.call('get', 'cash/banks/0005/branches', { token: s.admin.token });
    branch = res.body.data.items[0].code;
  });
  afterAll(() => s?.close());

  async function withFundPassword(u: TestUser) {
    const fp = await s.call('post', 'user/fund-password', { token: u.token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: u.password } });
    expect(fp.status, JSON.stringify(fp.body)).toBe(200);
  }

  /** A verified user with a fund password, `cash` yen granted and `lots` × 100 shares of `code` bought at `t`. */
  async function borrower(o: { cash?: number; code?: string; lots?: number; t?: number } = {}) {
    s.clock.set(o.t ?? TEST_NOW);
    const u = await verifiedUser(s);
    await withFundPassword(u);
    await grant(s, u.id, o.cash ?? 2_000_000);
    const pos = (o.lots ?? 1) > 0 ? await placed(s, u, { code: o.code ?? '7203', lots: o.lots ?? 1 }) : null;
    return { u, pos };
  }

  const credit = async (u: TestUser) => {
    const res = await s.call('get', 'lending/credit', { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const borrow = (u: TestUser, amount: number, fundPassword = FUND_PASSWORD, key = uuidv7()) =>
    s.call('post', 'lending/loans', { token: u.token, headers: { 'Idempotency-Key': key }, body: { amount, fundPassword } });
  const repay = (u: TestUser, id: string, amount: number, key = uuidv7()) =>
    s.call('post', `lending/loans/${id}/repay`, { token: u.token, headers: { 'Idempotency-Key': key }, body: { amount } });
  const loans = async (u: TestUser) => (await s.call('get', 'lending/loans', { token: u.token })).body.data;
  const valueOf = (code: string, shares: number, t: number) => {
    const q = quote(s, code, t);
    return Math.floor((shares * q.price) / q.priceScale);
  };

  it('quota from holdings; borrow → interest days (cumulative) → partial repay → full repay, with records and the debt in funds/summary', async () => {
    const { u, pos } = await borrower({ lots: 3 });
    const c0 = await credit(u);
    const value = valueOf('7203', 300, TEST_NOW);
    // KYC 30 + age 0 + one trade 2 + no shortfall 15 + repayment record 10 = 57: tier 1 (≥ 40).
    expect(c0.factors.map((f: { factor: string; points: number }) => [f.factor, f.points])).toEqual([
      ['kyc', 30], ['account_age', 0], ['trading_history', 2], ['no_shortfall', 15], ['repayment_record', 10],
    ]);
    expect(c0).toMatchObject({ score: 57, scoreMax: 100, scoreLimit: 500_000, collateralValue: value, collateralLimit: Math.floor(value * 0.6), borrowed: 0, ltvBp: 0, refusal: null, rateBp: RATE_BP });
    expect(c0.quota).toBe(Math.min(Math.floor(value * 0.6), 500_000));
    expect(c0.available).toBe(c0.quota);
    const cashBefore = (await balances(s, u.id)).cash;

    const amount = Math.min(300_000, c0.quota);
    const res = await borrow(u, amount);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const loan = res.body.data.loan;
    expect(loan).toMatchObject({ status: 'borrowed', amount, principal: amount, interest: 0, rateBp: RATE_BP, accruedThrough: '2026-11-24' });
    expect(await balances(s, u.id)).toMatchObject({ cash: cashBefore + amount, loan: -amount });
    const sum = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
    expect(sum).toMatchObject({ loan: -amount, cash: cashBefore + amount });
    // The loan is a debt: total assets did not grow by borrowing.
    const c1 = await credit(u);
    expect(c1).toMatchObject({ borrowed: amount, principal: amount, available: c0.quota - amount, costPerDay: Math.floor((amount * RATE_BP) / 3_650_000) });
    expect(c1.ltvBp).toBe(Math.ceil((amount * 10_000) / value));

    // Three days of interest at 3.5 %/yr, charged by the job on the cumulative basis and added to what is owed.
    const d3 = addDays('2026-11-24', 3);
    s.clock.set(at(d3, 0, 0, 1));
    const r = await s.services.jobs.runDue(at(d3, 0, 0, 1));
    const i3 = Math.floor((amount * RATE_BP * 3) / 3_650_000);
    expect(r.lending.interestCharged).toBe(i3);
    await s.services.jobs.runDue(at(d3, 12)); // a second run the same day charges nothing more
    expect(await balances(s, u.id)).toMatchObject({ loan: -(amount + i3) });
    expect(await s.services.ledger.balance(HOUSE, 'JPY', 'interest_income')).toBeGreaterThanOrEqual(i3);

    // Partial repayment: interest first, then principal.
    s.clock.set(at(d3, 10));
    const part = await repay(u, loan.id, 100_000);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data.loan).toMatchObject({ status: 'borrowed', interest: 0, principal: amount + i3 - 100_000, repaid: 100_000 });
    // More than owed is refused and changes nothing.
    const owedNow = amount + i3 - 100_000;
    const over = await repay(u, loan.id, owedNow + 1);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ msg: 'repay_exceeds_borrowed', params: { amount: owedNow } });

    // Two more days on the smaller principal, then the whole balance.
    const d5 = addDays(d3, 2);
    s.clock.set(at(d5, 10));
    await s.services.jobs.runDue(at(d5, 10));
    const after = (await loans(u)).items[0];
    const p2 = amount + i3 - 100_000;
    const i2 = Math.floor((amount * RATE_BP * 3 + p2 * RATE_BP * 2) / 3_650_000) - i3;
    expect(after).toMatchObject({ principal: p2, interest: i2, interestCharged: i3 + i2 });
    const full = await repay(u, loan.id, p2 + i2);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.data.loan).toMatchObject({ status: 'repaid', principal: 0, interest: 0, repaid: amount + i3 + i2 });
    expect((await balances(s, u.id)).loan).toBe(0);
    const again = await repay(u, loan.id, 1);
    expect(again.body.msg).toBe('loan_already_repaid');

    const data = await loans(u);
    expect(data.records.map((e: { kind: string }) => e.kind).reverse()).toEqual(['loan_draw', 'loan_interest', 'loan_repay', 'loan_interest', 'loan_repay']);
    const recs = (await s.call('get', 'funds/records?type=loan', { token: u.token })).body.data.items;
    expect(recs.map((x: { kind: string }) => x.kind).sort()).toEqual(['loan_draw', 'loan_interest', 'loan_interest', 'loan_repay', 'loan_repay']);
    expect(pos).toBeTruthy();
    await expectLedgerBalanced(s);
  });

  it('refuses with each message and changes nothing', async () => {
    // Identity not verified.
    s.clock.set(TEST_NOW);
    const anon = await registerUser(s);
    const noKyc = await borrow(anon, 1_000);
    expect(noKyc.body.msg).toBe('real_name_required');

    // Nothing pledged: no limit.
    const { u: empty } = await borrower({ lots: 0 });
    expect((await credit(empty)).refusal).toBe('no_loan_limit');
    expect((await borrow(empty, 1_000)).body.msg).toBe('no_loan_limit');

    const { u } = await borrower({ lots: 2 });
    // Channel closed.
    await setConfig(s, 'loanChannelOpen', false);
    expect((await credit(u)).refusal).toBe('borrow_channel_closed');
    expect((await borrow(u, 1_000)).body.msg).toBe('borrow_channel_closed');
    await setConfig(s, 'loanChannelOpen', true);
    // The score's tier has no limit.
    await setConfig(s, 'loanLimitTier1', 0);
    expect((await borrow(u, 1_000)).body.msg).toBe('no_loan_limit');
    await setConfig(s, 'loanLimitTier1', 500_000);
    // More than the quota.
    const c = await credit(u);
    const tooMuch = await borrow(u, c.available + 1);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ msg: 'borrow_quota_insufficient', params: { amount: c.available } });
    // A wrong fund password is counted (the refusals above cost no attempt).
    expect((await borrow(u, 1_000, '000000')).body.msg).toBe('fund_password_wrong');
    // The whole quota, then full.
    expect((await borrow(u, c.available)).status).toBe(200);
    expect((await credit(u)).refusal).toBe('borrow_quota_full');
    expect((await borrow(u, 1)).body.msg).toBe('borrow_quota_full');
    // An amount that is not a positive integer is invalid.
    expect((await borrow(u, 0)).status).toBe(400);
    expect((await borrow(u, 1.5)).status).toBe(400);
    expect((await balances(s, u.id)).loan).toBe(-c.available);
    await expectLedgerBalanced(s);
  });

  it('30 concurrent draws against one quota never pass it', async () => {
    const { u } = await borrower({ lots: 2 });
    const c = await credit(u);
    // At most 2 fit. The fund password lets at least 5 of a burst's tries through to the quota
    // (its in-flight budget, decision 007), so the quota refuses some of them on any host; with 9
    // fitting, a burst whose other tries all met the password's limit first left it untested.
    const each = Math.floor(c.available / 3) + 1;
    const results = await Promise.all(Array.from({ length: 30 }, () => borrow(u, each)));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(Math.floor(c.available / each));
    // The fund password counts attempts before its slow hash (docs/domain.md "Fund password"), so a
    // burst may also meet its in-flight limit; every other refusal is the quota's.
    const msgs = results.filter((x) => x.status !== 200).map((r) => r.body.msg);
    expect(msgs.filter((m) => m === 'borrow_quota_insufficient' || m === 'borrow_quota_full').length).toBeGreaterThan(0);
    for (const m of msgs) expect(['borrow_quota_insufficient', 'borrow_quota_full', 'fund_password_locked']).toContain(m);
    const after = await credit(u);
    expect(after.borrowed).toBe(ok * each);
    expect(after.borrowed).toBeLessThanOrEqual(c.quota);
    expect((await balances(s, u.id)).loan).toBe(-ok * each);
    await expectLedgerBalanced(s);
  });

  it('LTV past 70 % stops borrowing with a warning; past 85 % pledged holdings are sold at market back to 60 %', async () => {
    // 1605 falls by about a third over the following weeks in the simulated market (no split on the way).
    const t0 = TEST_NOW;
    const { u, pos } = await borrower({ code: '1605', lots: 2, cash: 1_000_000, t: t0 });
    const { u: u2, pos: pos2 } = await borrower({ code: '1605', lots: 2, cash: 1_000_000, t: t0 });
    for (const x of [u, u2]) {
      const c = await credit(x);
      expect((await borrow(x, c.available)).status).toBe(200);
    }
    const owed0 = (await credit(u)).borrowed;
    const value0 = valueOf('1605', 200, t0);
    // The first instant where owed ÷ value passes 70 %, then the first where it passes 85 %.
    const tWarn = findInstant(s, '1605', t0, (q) => (owed0 * 10_000) / Math.floor((200 * q.price) / q.priceScale) > 7_050, 60);
    s.clock.set(tWarn);
    await signIn(s, u);
    await signInAdmin(s);
    const rw = await s.services.jobs.runDue(tWarn);
    expect(rw.lending.warnings).toBeGreaterThanOrEqual(1);
    const cw = await credit(u);
    expect(cw.ltvState).toBe('warning');
    expect(cw.refusal).toBe('loan_ltv_high');
    expect((await borrow(u, 1)).body.msg).toBe('loan_ltv_high');
    expect((await loans(u)).records.map((e: { kind: string }) => e.kind)).toContain('loan_warning');
    const ltvMessages = async () =>
      (await s.call('get', 'messages', { token: u.token })).body.data.items.filter((m: { kind: string }) => m.kind.startsWith('loan_ltv_')).map((m: { kind: string }) => m.kind);
    expect(await ltvMessages()).toEqual(['loan_ltv_warning']);

    const tForced = findInstant(s, '1605', tWarn, (q) => (owed0 * 10_000) / Math.floor((200 * q.price) / q.priceScale) > 8_600, 60);
    s.clock.set(tForced);
    await signIn(s, u);
    await signIn(s, u2);
    await signInAdmin(s);
    const interestBefore = (await credit(u)).interest;
    const rf = await s.services.jobs.runDue(tForced);
    expect(rf.lending.forcedSales).toBeGreaterThanOrEqual(1);
    // One position holds all the pledged shares: sold whole, its proceeds repay the loans.
    const p = (await s.call('get', `trade/positions/${pos.id}`, { token: u.token })).body.data;
    expect(p).toMatchObject({ status: 'ended', closeReason: 'forced_close' });
    const after = await credit(u);
    expect(after.ltvBp).toBeLessThanOrEqual(6_000);
    expect(after.ltvState).toBe('ok');
    const data = await loans(u);
    const forced = data.records.find((e: { kind: string }) => e.kind === 'loan_forced_sale');
    expect(forced).toMatchObject({ code: '1605', shares: 200 });
    expect(forced.ltvBp).toBeGreaterThan(8_500);
    // The sale is told to the user as a message (newest first), after the warning.
    expect((await ltvMessages())[0]).toBe('loan_ltv_liquidation');
    expect(-forced.amount).toBeGreaterThan(0);
    const entries = await s.services.database.db.selectFrom('journal_entry').select(['kind', 'memo']).where('user_id', '=', u.id).execute();
    const repayEntry = entries.find((e) => e.kind === 'loan_forced_repay')!;
    expect(JSON.parse(repayEntry.memo)).toMatchObject({ id: 'memo_loan_forced_repay', params: { forcedBp: 8_500, targetBp: 6_000 } });
    expect(entries.some((e) => e.kind === 'trade_close' && JSON.parse(e.memo).id === 'memo_forced_close')).toBe(true);
    expect(interestBefore).toBeGreaterThanOrEqual(0);
    expect(value0).toBeGreaterThan(0);
    expect(pos2).toBeTruthy();
    expect(jstDate(tForced) >= jstDate(tWarn)).toBe(true);
    await expectLedgerBalanced(s);
  });

  it('a withdrawal of free cash is never refused because of the credit score; cash the holdings do not cover is kept back (repay_loan_first)', async () => {
    const { u } = await borrower({ lots: 1, cash: 1_000_000 });
    const acc = await s.call('post', 'cash/bank-accounts', { token: u.token, body: { bankCode: '0005', branchCode: branch, type: 'futsu', number: '7654321', holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD } });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const bankAccountId = acc.body.data.account.id;
    // A new account receives money once its hold has passed (cash-payout-holds.test.ts): a day later.
    s.clock.set(TEST_NOW + PAYOUT_HOLD_MS);
    // Every score tier without a limit: no loan can be drawn, and free cash still leaves in full.
    await setConfig(s, 'loanLimitTier1', 0);
    await setConfig(s, 'loanLimitTier2', 0);
    await setConfig(s, 'loanLimitTier3', 0);
    expect((await credit(u)).refusal).toBe('no_loan_limit');
    const free = (await s.call('get', 'funds/summary', { token: u.token })).body.data.withdrawable;
    expect(free).toBe((await balances(s, u.id)).cash);
    const w = await s.call('post', 'cash/withdrawals', { token: u.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: free, bankAccountId, fundPassword: FUND_PASSWORD } });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    await setConfig(s, 'loanLimitTier1', 500_000);
    await setConfig(s, 'loanLimitTier2', 3_000_000);
    await setConfig(s, 'loanLimitTier3', 10_000_000);

    // A loan drawn to the full 60 %: the borrowed cash is free to leave while the holdings cover it.
    const { u: v } = await borrower({ lots: 2, cash: 1_000_000 });
    const acc2 = await s.call('post', 'cash/bank-accounts', { token: v.token, body: { bankCode: '0005', branchCode: branch, type: 'futsu', number: '7654322', holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD } });
    expect(acc2.status, JSON.stringify(acc2.body)).toBe(200);
    const bank2 = acc2.body.data.account.id;
    const c = await credit(v);
    expect((await borrow(v, c.available)).status).toBe(200);
    expect((await credit(v)).collateralCash).toBe(0);
    const sum0 = (await s.call('get', 'funds/summary', { token: v.token })).body.data;
    expect(sum0.withdrawable).toBe((await balances(s, v.id)).cash);
    // A day's interest later (the new account's hold has passed too) the loan exceeds 60 % of the
    // holdings: that much cash is kept back.
    const next = at('2026-11-25', 10);
    s.clock.set(next);
    await s.services.jobs.runDue(next);
    const held = (await credit(v)).collateralCash;
    expect(held).toBeGreaterThan(0);
    const cashNow = (await balances(s, v.id)).cash;
    const sum1 = (await s.call('get', 'funds/summary', { token: v.token })).body.data;
    expect(sum1.withdrawable).toBe(cashNow - held);
    const refused = await s.call('post', 'cash/withdrawals', { token: v.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: cashNow, bankAccountId: bank2, fundPassword: FUND_PASSWORD } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ msg: 'repay_loan_first', params: { amount: cashNow - held } });
    expect((await balances(s, v.id)).cash).toBe(cashNow);
    const ok = await s.call('post', 'cash/withdrawals', { token: v.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: cashNow - held, bankAccountId: bank2, fundPassword: FUND_PASSWORD } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await expectLedgerBalanced(s);
  });
});
