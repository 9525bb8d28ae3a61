import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { HOUSE } from '../../src/server/ledger';
import { setUpBeforeHold, verifiedUser } from './cash-support';
import { openMarginAccount, at, balances, closePos, expectLedgerBalanced, grant, placed, setConfig } from './trade-support';

/**
 * Withdrawals (docs/domain.md "Withdrawals"): verified identity, own destination, fund password
 * with its lockout, min/max and hours on Tokyo business days, withdrawable = settled free cash
 * (src/shared/domain/withdrawable.ts), frozen at request; paid, returned or cancelled; one pending at
 * a time; 50 concurrent requests of the whole balance → exactly one. The ledger invariants hold
 * after every scenario.
 */
const FUND_PASSWORD = '246810';

describe.each(testDialects())('cash withdrawals (%s)', (dialect) => {
  let s: TestServer;
  let branch = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    const res = await s.call('get', 'cash/banks/0005/branches', { token: s.admin.token });
    branch = res.body.data.items[0].code;
  });
  afterAll(() => s?.close());

  let seq = 0;
  /**
   * A verified user with a bank account of their own, a fund password and `amount` yen of cash, the
   * clock at TEST_NOW. The account was added a hold's length before, so it may receive at once (the
   * hold itself: cash-payout-holds.test.ts).
   */
  async function customer(amount = 1_000_000): Promise<TestUser & { bankId: string }> {
    const { u, acc } = await setUpBeforeHold(s, TEST_NOW, async () => {
      const u = await verifiedUser(s);
      const fp = await s.call('post', 'user/fund-password', { token: u.token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: u.password } });
      expect(fp.status, JSON.stringify(fp.body)).toBe(200);
      seq += 1;
      const number = String(7_000_000 + seq + Math.floor(Math.random() * 900_000)).padStart(7, '0');
      const acc = await s.call('post', 'cash/bank-accounts', {
        token: u.token, body: { bankCode: '0005', branchCode: branch, type: 'futsu', number, holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD },
      });
      expect(acc.status, JSON.stringify(acc.body)).toBe(200);
      return { u, acc };
    });
    if (amount > 0) await grant(s, u.id, amount);
    return { ...u, bankId: acc.body.data.account.id };
  }

  const withdraw = (u: TestUser & { bankId?: string }, body: Record<string, unknown> = {}, key = uuidv7()) =>
    s.call('post', 'cash/withdrawals', { token: u.token, headers: { 'Idempotency-Key': key }, body: { amount: 10_000, bankAccountId: u.bankId, fundPassword: FUND_PASSWORD, ...body } });
  const cancel = (u: TestUser, id: string, key = uuidv7()) => s.call('post', `cash/withdrawals/${id}/cancel`, { token: u.token, headers: { 'Idempotency-Key': key } });
  const decide = (id: string, decision: 'approve' | 'reject', reason = '確認しました') =>
    s.call('post', `admin/withdrawals/${id}/${decision}`, { token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() }, body: { reason } });
  const mine = async (u: TestUser) => (await s.call('get', 'cash/withdrawals', { token: u.token })).body.data;
  const records = async (u: TestUser) => (await s.call('get', 'funds/records?type=withdraw', { token: u.token })).body.data.items;

  it('freezes the amount at request; approval pays it (frozen → bank clearing), with the destination masked and arrival shown', async () => {
    const u = await customer();
    const clearing = await s.services.ledger.balance(HOUSE, 'JPY', 'bank_clearing');
    const res = await withdraw(u, { amount: 300_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = res.body.data.withdrawal;
    // Tuesday 10:00, before the 15:00 cut-off: the same business day.
    expect(w).toMatchObject({ amount: 300_000, status: 'pending', expectedOn: '2026-11-24', destination: { type: 'bank', id: u.bankId } });
    expect(w.destination.label).toMatch(/普通 •••\d{4}$/);
    expect(await balances(s, u.id)).toMatchObject({ cash: 700_000, frozen: 300_000 });
    const list = await mine(u);
    expect(list.items).toEqual([expect.objectContaining({ id: w.id, status: 'pending' })]);
    expect(list.breakdown).toMatchObject({ held: 1_000_000, frozen: 300_000, withdrawable: 700_000 });
    expect(list.rules).toMatchObject({ min: 100, max: 5_000_000, hours: '09:30-24:00', weekdaysOnly: true, cutoff: '15:00', openNow: true });

    const queue = (await s.call('get', 'admin/withdrawals?status=pending', { token: s.admin.token })).body.data.items;
    const item = queue.find((x: { id: string }) => x.id === w.id);
    expect(item).toMatchObject({ userId: u.id, withdrawableNow: 700_000, bank: { bankCode: '0005', branchCode: branch, holderKana: 'ヤマダ　タロウ' } });
    expect(item.bank.number).toMatch(/^\d{7}$/);

    const ok = await decide(w.id, 'approve', '送金しました');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.withdrawal).toMatchObject({ status: 'paid', reason: '送金しました' });
    expect(await balances(s, u.id)).toMatchObject({ cash: 700_000, frozen: 0 });
    expect(await s.services.ledger.balance(HOUSE, 'JPY', 'bank_clearing')).toBe(clearing + 300_000);
    expect((await mine(u)).items[0]).toMatchObject({ status: 'paid', reason: '送金しました' });
    // A second decision is refused, and the audit row was written with the decision.
    expect((await decide(w.id, 'reject')).body.msg).toBe('review_already_decided');
    const audit = await s.services.database.db.selectFrom('admin_audit').selectAll().where('action', '=', 'withdrawal.approve').where('target', '=', u.id).execute();
    expect(audit).toHaveLength(1);
    expect((await records(u)).map((r: { kind: string }) => r.kind)).toEqual(['withdrawal_paid', 'withdrawal_request']);
    await expectLedgerBalanced(s);
  });

  it('rejection returns the amount (frozen → cash) with the reason; cancel while pending returns it too; a cancelled one cannot be approved', async () => {
    const u = await customer();
    const a = (await withdraw(u, { amount: 50_000 })).body.data.withdrawal;
    const rej = await decide(a.id, 'reject', '口座情報を確認できませんでした');
    expect(rej.body.data.withdrawal).toMatchObject({ status: 'returned', reason: '口座情報を確認できませんでした' });
    expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });

    const b = (await withdraw(u, { amount: 20_000 })).body.data.withdrawal;
    const c = await cancel(u, b.id);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.data.withdrawal).toMatchObject({ status: 'cancelled' });
    expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });
    expect((await decide(b.id, 'approve')).body.msg).toBe('withdraw_cancelled');
    expect((await cancel(u, b.id)).body.msg).toBe('withdraw_not_pending');
    expect((await cancel(u, a.id)).body.msg).toBe('withdraw_not_pending');
    expect((await records(u)).map((r: { kind: string }) => r.kind)).toEqual(['withdrawal_cancelled', 'withdrawal_request', 'withdrawal_returned', 'withdrawal_request']);
    // Another user's id answers like a missing one.
    const other = await customer(0);
    const d = (await withdraw(u, { amount: 1_000 })).body.data.withdrawal;
    expect((await cancel(other, d.id)).status).toBe(404);
    expect((await cancel(u, d.id)).status).toBe(200);
    await expectLedgerBalanced(s);
  });

  it('one pending withdrawal at a time; an idempotent replay answers the first result', async () => {
    const u = await customer();
    const key = uuidv7();
    const first = await withdraw(u, { amount: 1_000 }, key);
    const again = await withdraw(u, { amount: 1_000 }, key);
    expect(again.body).toEqual(first.body);
    expect((await withdraw(u, { amount: 1_000 }, key)).status).toBe(200);
    expect((await withdraw(u, { amount: 2_000 }, key)).body.msg).toBe('idempotency_key_reused');
    const second = await withdraw(u, { amount: 1_000 });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('withdraw_pending');
    expect(await balances(s, u.id)).toMatchObject({ cash: 999_000, frozen: 1_000 });
    await expectLedgerBalanced(s);
  });

  it('min 100 and the configured max, with the limits in params', async () => {
    const u = await customer(10_000_000);
    const low = await withdraw(u, { amount: 99 });
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({ msg: 'withdraw_amount_out_of_range', params: { min: 100, max: 5_000_000 } });
    expect((await withdraw(u, { amount: 5_000_001 })).body.msg).toBe('withdraw_amount_out_of_range');
    await setConfig(s, 'withdrawMax', 200_000);
    try {
      expect((await withdraw(u, { amount: 200_001 })).body).toMatchObject({ msg: 'withdraw_amount_out_of_range', params: { max: 200_000 } });
      expect((await withdraw(u, { amount: 100 })).status).toBe(200);
    } finally {
      await setConfig(s, 'withdrawMax', 5_000_000);
    }
    expect(await balances(s, u.id)).toMatchObject({ cash: 10_000_000 - 100, frozen: 100 });
    await expectLedgerBalanced(s);
  });

  it('hours: before 09:30 on a weekday and all day on a holiday are refused with the range; after the cut-off arrival is the next business day', async () => {
    const u = await customer();
    s.clock.set(at('2026-11-24', 9, 0));
    const early = await withdraw(u);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ msg: 'withdraw_time_closed', params: { range: '09:30-24:00', start: '09:30', end: '24:00' } });
    // 2026-11-23 is 勤労感謝の日 (a Monday holiday).
    s.clock.set(at('2026-11-23', 11, 0));
    expect((await withdraw(u)).body.msg).toBe('withdraw_time_closed');
    expect((await mine(u)).rules.openNow).toBe(false);
    s.clock.set(at('2026-11-27', 16, 0)); // Friday after the cut-off → Monday
    const late = await withdraw(u);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.data.withdrawal.expectedOn).toBe('2026-11-30');
    s.clock.set(TEST_NOW);
    expect(await balances(s, u.id)).toMatchObject({ cash: 990_000, frozen: 10_000 });
    await expectLedgerBalanced(s);
  });

  it('withdrawable excludes unsettled sale proceeds and margin', async () => {
    const u = await customer(3_000_000);
    await openMarginAccount(s, u);
    s.clock.set(TEST_NOW);
    const long = await placed(s, u, { leverage: 2 });
    const cashBuy = await placed(s, u);
    s.clock.set(at('2026-11-24', 13));
    const close = await closePos(s, u, cashBuy.id);
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    const b = await balances(s, u.id);
    expect(b.margin).toBe(long.principal);
    expect(b.unsettled).toBeGreaterThan(0);
    const { breakdown } = await mine(u);
    expect(breakdown).toEqual({ held: b.cash + b.unsettled + b.margin + b.frozen, unsettled: b.unsettled, frozen: b.frozen, margin: b.margin, collateral: 0, shortfallOwed: 0, withdrawable: b.cash });
    const summary = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
    expect(summary.withdrawable).toBe(b.cash);
    const over = await withdraw(u, { amount: b.cash + 1 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ msg: 'balance_insufficient_withdraw', params: { amount: b.cash } });
    const all = await withdraw(u, { amount: b.cash });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(await balances(s, u.id)).toMatchObject({ cash: 0, unsettled: b.unsettled, margin: b.margin, frozen: b.frozen + b.cash });
    s.clock.set(TEST_NOW);
    await expectLedgerBalanced(s);
  });

  it('fund password: wrong shows the tries left, the fifth locks fund actions (the right one included)', async () => {
    const u = await customer();
    const wrong = await withdraw(u, { fundPassword: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ msg: 'fund_password_wrong', params: { remaining: 4 } });
    for (let i = 0; i < 3; i++) await withdraw(u, { fundPassword: '000000' });
    expect((await withdraw(u, { fundPassword: '000000' })).body.msg).toBe('fund_password_locked');
    expect((await withdraw(u)).body.msg).toBe('fund_password_locked');
    expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });
    s.clock.set(TEST_NOW + 31 * 60_000);
    expect((await withdraw(u)).status).toBe(200);
    s.clock.set(TEST_NOW);
    await expectLedgerBalanced(s);
  });

  it('KYC missing, another user\'s bank account, a shortfall owed and a frozen account are each refused with their rule', async () => {
    const plain = await registerUser(s);
    await grant(s, plain.id, 100_000);
    const noKyc = await withdraw(plain, { bankAccountId: uuidv7() });
    expect(noKyc.status).toBe(422);
    expect(noKyc.body.msg).toBe('real_name_required');

    const u = await customer();
    const v = await customer();
    const theirs = await withdraw(u, { bankAccountId: v.bankId });
    expect(theirs.status).toBe(404);
    expect((await withdraw(u, { bankAccountId: uuidv7() })).status).toBe(404);
    expect((await withdraw(u, { bankAccountId: u.bankId, walletId: uuidv7() })).status).toBe(400);

    // A shortfall as a trading loss leaves it (trade-shortfall.test.ts makes one through trading).
    const owes = await customer(0);
    await s.services.ledger.transact((trx) =>
      s.services.ledger.post(trx, {
        kind: 'trade_close', userId: owes.id, refType: 'test', refId: null, memo: '',
        postings: [{ owner: owes.id, currency: 'JPY', kind: 'shortfall', amount: -30_000 }, { owner: HOUSE, currency: 'JPY', kind: 'market_counterparty', amount: 30_000 }],
      }),
    );
    const owed = await withdraw(owes, { amount: 100 });
    expect(owed.status).toBe(422);
    expect(owed.body).toMatchObject({ msg: 'withdraw_shortfall_owed', params: { amount: 30_000 } });
    expect((await mine(owes)).breakdown).toMatchObject({ shortfallOwed: 30_000, withdrawable: 0 });

    const frozen = await customer();
    const st = await s.call('post', `admin/users/${frozen.id}/state`, { token: s.admin.token, body: { state: 'frozen', reason: '調査中のため' } });
    expect(st.status, JSON.stringify(st.body)).toBe(200);
    const refused = await withdraw(frozen);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('account_frozen');
    expect(await balances(s, frozen.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });
    await expectLedgerBalanced(s);
  });

  it('50 concurrent withdrawals of the whole balance: exactly one is accepted', async () => {
    const u = await customer(777_777);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(u, { amount: 777_777 })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(['withdraw_pending', 'balance_insufficient_withdraw', 'fund_password_locked']).toContain(r.body.msg);
    }
    expect(await balances(s, u.id)).toMatchObject({ cash: 0, frozen: 777_777 });
    expect((await mine(u)).items).toHaveLength(1);
    await expectLedgerBalanced(s);
  });
});
