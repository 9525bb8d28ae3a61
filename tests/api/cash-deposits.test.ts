import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { HOUSE } from '../../src/server/ledger';
import { photo, upload } from './uploads-support';
import { at, balances, expectLedgerBalanced, setConfig } from './trade-support';
import { submitKyc, verifiedUser } from './cash-support';

/** Deposits (docs/domain.md "Deposits"): channels, the request with a receipt, the admin review; only from a verified identity. */
for (const dialect of testDialects()) {
  describe(`cash deposits (${dialect})`, () => {
    let s: TestServer;
    let channelId: string;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      const res = await s.call('post', 'admin/deposit-channels', {
        token: s.admin.token,
        body: { type: 'bank', label: '銀行振込', bankName: 'テスト銀行', branchName: '本店営業部', accountType: 'futsu', accountNumber: '1234567', holder: 'カブト証券株式会社', reason: '入金口座の開設' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      channelId = res.body.data.channel.id;
    });
    afterAll(async () => {
      await s?.close();
    });
    beforeEach(() => {
      s.clock.set(TEST_NOW);
    });

    const receipt = async (u: TestUser) => (await upload(s, u.token, await photo(), 'receipt')).body.data.id as string;
    const request = (u: TestUser, body: object, key = uuidv7()) => s.call('post', 'cash/deposits', { token: u.token, body, headers: { 'Idempotency-Key': key } });
    const approve = (id: string, body: object, key = uuidv7(), token = s.admin.token) =>
      s.call('post', `admin/deposits/${id}/approve`, { token, body, headers: { 'Idempotency-Key': key } });
    const reject = (id: string, body: object, token = s.admin.token) => s.call('post', `admin/deposits/${id}/reject`, { token, body });
    const mine = async (u: TestUser) => (await s.call('get', 'cash/deposits', { token: u.token })).body.data.items;

    it('lists the channel with the operator account, the user reference, limits and hours', async () => {
      const u = await verifiedUser(s);
      const res = await s.call('get', 'cash/channels', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.data.items).toEqual([
        expect.objectContaining({ id: channelId, type: 'bank', currency: 'JPY', holder: 'カブト証券株式会社', accountNumber: '1234567', min: 1_000, max: 10_000_000, hours: '00:00-23:59', weekdaysOnly: true }),
      ]);
      expect(res.body.data.items[0].reference).toMatch(/^KB[0-9A-Z]{10}$/);
    });

    it('needs a verified identity: no channels and no request before (real_name_required), nor while under review; a grant is not a deposit and is not held back', async () => {
      const u = await registerUser(s);
      const own = await receipt(u);
      const refusedNow = async () => {
        const channels = await s.call('get', 'cash/channels', { token: u.token });
        expect([channels.status, channels.body.msg]).toEqual([422, 'real_name_required']);
        const res = await request(u, { channelId, amount: 10_000, receiptUploadId: own });
        expect([res.status, res.body.msg]).toEqual([422, 'real_name_required']);
      };
      await refusedNow();
      const submission = await submitKyc(s, u, 'ヤマダ　ハナコ');
      await refusedNow();
      expect(await mine(u)).toEqual([]);
      // An admin grant (journaled test funds with a reason) is not a deposit: it reaches an unverified user.
      const grant = await s.call('post', `admin/users/${u.id}/grant`, {
        token: s.admin.token, body: { currency: 'JPY', amount: 5_000, reason: '検証用の資金' }, headers: { 'Idempotency-Key': uuidv7() },
      });
      expect(grant.status, JSON.stringify(grant.body)).toBe(200);
      expect((await s.call('post', `admin/kyc/${submission}/approve`, { token: s.admin.token, body: { reason: '書類を確認しました' } })).status).toBe(200);
      expect((await s.call('get', 'cash/channels', { token: u.token })).status).toBe(200);
      expect((await request(u, { channelId, amount: 10_000, receiptUploadId: own })).status).toBe(200);
      expect(await balances(s, u.id)).toMatchObject({ cash: 5_000 });
      await expectLedgerBalanced(s);
    });

    it('deposit → approve credits cash once, the records show it, and a second decision is refused', async () => {
      const u = await verifiedUser(s);
      const key = uuidv7();
      const body = { channelId, amount: 1_000_000, receiptUploadId: await receipt(u) };
      const res = await request(u, body, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.deposit).toMatchObject({ status: 'pending', amount: 1_000_000, creditedAmount: null });
      // Idempotent replay: the same answer, no second request.
      expect((await request(u, body, key)).body).toEqual(res.body);
      expect(await mine(u)).toHaveLength(1);
      expect(await balances(s, u.id)).toMatchObject({ cash: 0 });

      const id = res.body.data.deposit.id;
      const queue = (await s.call('get', 'admin/deposits?status=pending', { token: s.admin.token })).body.data.items;
      expect(queue).toEqual(expect.arrayContaining([expect.objectContaining({ id, userId: u.id })]));
      const ok = await approve(id, { reason: '着金を確認しました' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.deposit).toMatchObject({ status: 'approved', creditedAmount: 1_000_000, reason: '着金を確認しました' });
      expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000 });
      expect(await s.services.ledger.balance(HOUSE, 'JPY', 'bank_clearing')).toBeLessThanOrEqual(-1_000_000);

      const records = (await s.call('get', 'funds/records', { token: u.token })).body.data.items;
      expect(records).toEqual([
        expect.objectContaining({ kind: 'deposit', amount: 1_000_000, memo: { id: 'memo_deposit', params: { channel: 'bank', amount: 1_000_000, repaid: 0, reason: '着金を確認しました' } } }),
      ]);
      expect((await approve(id, { reason: 'もう一度' })).body.msg).toBe('review_already_decided');
      expect((await reject(id, { reason: 'もう一度' })).body.msg).toBe('review_already_decided');
      expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000 });
      const audit = (await s.call('get', 'admin/audit', { token: s.admin.token })).body.data.items;
      expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'deposit.approve', target: u.id })]));
      await expectLedgerBalanced(s);
    });

    it('one pending deposit at a time; reject credits nothing and shows the reason', async () => {
      const u = await verifiedUser(s);
      const first = await request(u, { channelId, amount: 50_000, receiptUploadId: await receipt(u) });
      expect(first.status).toBe(200);
      const second = await request(u, { channelId, amount: 60_000, receiptUploadId: await receipt(u) });
      expect(second.status).toBe(409);
      expect(second.body.msg).toBe('deposit_pending');
      const no = await reject(first.body.data.deposit.id, { reason: '振込明細が確認できません' });
      expect(no.status).toBe(200);
      expect(await mine(u)).toEqual([expect.objectContaining({ status: 'rejected', reason: '振込明細が確認できません', creditedAmount: null })]);
      expect(await balances(s, u.id)).toMatchObject({ cash: 0 });
      // After the decision a new request is accepted.
      expect((await request(u, { channelId, amount: 60_000, receiptUploadId: await receipt(u) })).status).toBe(200);
      await expectLedgerBalanced(s);
    });

    it('five requests at once: exactly one is accepted, the others answer deposit_pending', async () => {
      const u = await verifiedUser(s);
      const uploads = await Promise.all([1, 2, 3, 4, 5].map(() => receipt(u)));
      const answers = await Promise.all(uploads.map((id) => request(u, { channelId, amount: 20_000, receiptUploadId: id })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.body.msg === 'deposit_pending')).toHaveLength(4);
      expect(await mine(u)).toHaveLength(1);
    });

    it('approval with a corrected amount credits that amount and tells the user why', async () => {
      const u = await verifiedUser(s);
      const id = (await request(u, { channelId, amount: 100_000, receiptUploadId: await receipt(u) })).body.data.deposit.id;
      const ok = await approve(id, { reason: '着金額は90,000円でした', amount: 90_000 });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await mine(u)).toEqual([expect.objectContaining({ status: 'approved', amount: 100_000, creditedAmount: 90_000, reason: '着金額は90,000円でした' })]);
      expect(await balances(s, u.id)).toMatchObject({ cash: 90_000 });
      await expectLedgerBalanced(s);
    });

    it('approval repays a shortfall first and says so in the records', async () => {
      const u = await verifiedUser(s);
      // A shortfall as a trading loss leaves it (the trade-shortfall test makes one through trading).
      await s.services.ledger.transact((trx) =>
        s.services.ledger.post(trx, {
          kind: 'trade_close', userId: u.id, refType: 'test', refId: null, memo: '',
          postings: [{ owner: u.id, currency: 'JPY', kind: 'shortfall', amount: -30_000 }, { owner: HOUSE, currency: 'JPY', kind: 'market_counterparty', amount: 30_000 }],
        }),
      );
      const id = (await request(u, { channelId, amount: 100_000, receiptUploadId: await receipt(u) })).body.data.deposit.id;
      expect((await approve(id, { reason: '着金を確認しました' })).status).toBe(200);
      expect(await balances(s, u.id)).toMatchObject({ cash: 70_000, shortfall: 0 });
      const records = (await s.call('get', 'funds/records', { token: u.token })).body.data.items;
      expect(records[0]).toMatchObject({ kind: 'deposit', memo: { id: 'memo_deposit', params: { repaid: 30_000, amount: 100_000 } } });
      await expectLedgerBalanced(s);
    });

    it('refuses amounts outside the limits, outside hours (weekday and holiday), and another user\'s receipt', async () => {
      const u = await verifiedUser(s);
      const other = await registerUser(s);
      const own = await receipt(u);
      const low = await request(u, { channelId, amount: 999, receiptUploadId: own });
      expect(low.body).toMatchObject({ msg: 'deposit_amount_out_of_range', params: { min: 1_000, max: 10_000_000 } });
      expect((await request(u, { channelId, amount: 10_000_001, receiptUploadId: own })).body.msg).toBe('deposit_amount_out_of_range');

      await setConfig(s, 'depositHours', '09:00-15:00');
      s.clock.set(at('2026-11-24', 16, 0)); // a Tuesday, after hours
      const late = await request(u, { channelId, amount: 10_000, receiptUploadId: own });
      expect(late.body).toMatchObject({ msg: 'deposit_time_closed', params: { range: '09:00-15:00' } });
      s.clock.set(at('2026-11-23', 10, 0)); // 勤労感謝の日 (a Monday holiday), inside the hours
      expect((await request(u, { channelId, amount: 10_000, receiptUploadId: own })).body.msg).toBe('deposit_time_closed');
      s.clock.set(at('2026-11-24', 10, 0));
      await setConfig(s, 'depositHours', '00:00-23:59');

      const theirs = await receipt(other);
      const stolen = await request(u, { channelId, amount: 10_000, receiptUploadId: theirs });
      expect(stolen.status).toBe(400);
      expect(stolen.body.msg).toBe('deposit_receipt_invalid');
      const kyc = (await upload(s, u.token, await photo(), 'kyc_front')).body.data.id;
      expect((await request(u, { channelId, amount: 10_000, receiptUploadId: kyc })).body.msg).toBe('deposit_receipt_invalid');
      expect((await request(u, { channelId, amount: 10_000 })).status).toBe(400);
      expect(await mine(u)).toEqual([]);
      await expectLedgerBalanced(s);
    });

    it('admin endpoints refuse users; a disabled channel takes no new deposits', async () => {
      const u = await verifiedUser(s);
      expect((await s.call('get', 'admin/deposits', { token: u.token })).status).toBe(403);
      expect((await approve('x', { reason: 'ok ok' }, uuidv7(), u.token)).status).toBe(403);
      expect((await reject('x', { reason: 'ok ok' }, u.token)).status).toBe(403);
      expect((await approve('missing', { reason: 'ok ok' })).status).toBe(404);
      const ch = await s.call('post', 'admin/deposit-channels', {
        token: s.admin.token,
        body: { type: 'bank', label: '予備口座', bankName: 'B銀行', branchName: '本店', accountType: 'toza', accountNumber: '7654321', holder: 'カブト証券株式会社', reason: '予備' },
      });
      const id = ch.body.data.channel.id;
      const off = await s.call('post', `admin/deposit-channels/${id}/disable`, { token: s.admin.token, body: { reason: '口座の閉鎖' } });
      expect(off.body.data.channel).toMatchObject({ active: false, disabledReason: '口座の閉鎖' });
      expect((await s.call('get', 'cash/channels', { token: u.token })).body.data.items.map((c: { id: string }) => c.id)).not.toContain(id);
      expect((await request(u, { channelId: id, amount: 10_000, receiptUploadId: await receipt(u) })).body.msg).toBe('deposit_channel_unavailable');
    });
  });
}
