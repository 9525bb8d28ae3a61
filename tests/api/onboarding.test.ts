import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { photo, upload } from './uploads-support';
import { setFundPassword, verifiedUser } from './cash-support';

/**
 * The 口座開設 checklist's facts in `user/info` (docs/domain.md "Onboarding"): with kycStatus and
 * fundPasswordSet, a live bank account and the best deposit so far ('approved' over 'pending'; a
 * rejected one counts as none), all in the one statement user/info already makes.
 */
describe.each(testDialects())('onboarding in user/info (%s)', (dialect) => {
  let s: TestServer;
  let channelId = '';
  let branch = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    s.clock.set(TEST_NOW);
    const ch = await s.call('post', 'admin/deposit-channels', {
      token: s.admin.token,
      body: { type: 'bank', label: '銀行振込', bankName: 'テスト銀行', branchName: '本店営業部', accountType: 'futsu', accountNumber: '1234567', holder: 'カブト証券株式会社', reason: '入金口座の開設' },
    });
    expect(ch.status, JSON.stringify(ch.body)).toBe(200);
    channelId = ch.body.data.channel.id;
    branch = (await s.call('get', 'cash/banks/0005/branches', { token: s.admin.token })).body.data.items[0].code;
  });
  afterAll(() => s?.close());

  const info = async (u: TestUser) => {
    const res = await s.call('get', 'user/info', { token: u.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    return { kycStatus: d.kycStatus, fundPasswordSet: d.fundPasswordSet, ...d.onboarding };
  };
  const deposit = async (u: TestUser) => {
    const receipt = (await upload(s, u.token, await photo(), 'receipt')).body.data.id;
    const res = await s.call('post', 'cash/deposits', { token: u.token, body: { channelId, amount: 10_000, receiptUploadId: receipt }, headers: { 'Idempotency-Key': uuidv7() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.deposit.id as string;
  };
  const decide = (id: string, decision: 'approve' | 'reject') =>
    s.call('post', `admin/deposits/${id}/${decision}`, { token: s.admin.token, body: { reason: '確認しました' }, headers: { 'Idempotency-Key': uuidv7() } });

  it('advances step by step: verified, fund password, bank account, a pending then an approved deposit', async () => {
    s.clock.set(TEST_NOW);
    const u = await verifiedUser(s);
    expect(await info(u)).toEqual({ kycStatus: 'verified', fundPasswordSet: false, bankAccount: false, deposit: 'none' });
    await setFundPassword(s, u, '864209');
    const bank = await s.call('post', 'cash/bank-accounts', {
      token: u.token, body: { bankCode: '0005', branchCode: branch, type: 'futsu', number: '1357924', holderKana: 'ヤマダ　タロウ', fundPassword: '864209' },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    expect(await info(u)).toMatchObject({ fundPasswordSet: true, bankAccount: true, deposit: 'none' });
    const rejected = await deposit(u);
    expect(await info(u)).toMatchObject({ deposit: 'pending' });
    expect((await decide(rejected, 'reject')).status).toBe(200);
    expect(await info(u)).toMatchObject({ deposit: 'none' });
    const approved = await deposit(u);
    expect((await decide(approved, 'approve')).status).toBe(200);
    expect(await info(u)).toMatchObject({ deposit: 'approved' });
    // A later pending request does not hide the approved one.
    await deposit(u);
    expect(await info(u)).toMatchObject({ deposit: 'approved' });
  });

  it("reads only the user's own rows", async () => {
    const other = await verifiedUser(s);
    expect(await info(other)).toMatchObject({ bankAccount: false, deposit: 'none' });
  });
});
