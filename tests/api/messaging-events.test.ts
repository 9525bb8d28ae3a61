import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { maintenanceRatioBp, positionPnl } from '../../src/shared/domain/trade-money';
import { photo, upload } from './uploads-support';
import { setUpBeforeHold, submitKyc, verifiedUser } from './cash-support';
import { at, closePos, findInstant, grant, placed, quote, runAt, setPositionLevels, signInAdmin, trader, tradingInstants } from './trade-support';

/**
 * Each event leaves its message in the user's box, in the event's own transaction (docs/domain.md
 * "Messages, news and support"): fills, a margin call and a forced close, a split on a holding,
 * deposit / withdrawal / KYC decisions. (Support replies and price alerts: messaging.test.ts.)
 */
for (const dialect of testDialects()) {
  describe(`messaging events (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    async function box(u: TestUser) {
      const res = await s.call('get', 'messages?limit=100', { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data.items as { kind: string; params: Record<string, unknown>; createdAt: number; read: boolean }[];
    }

    it('an order filled at once, and its close, are order_filled messages (open, close)', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 5_000_000);
      const p = await placed(s, u, { code: '7203' });
      expect(p.status).toBe('holding');
      expect((await closePos(s, u, p.id)).status).toBe(200);
      const items = await box(u);
      expect(items.map((m) => [m.kind, m.params.leg])).toEqual([['order_filled', 'close'], ['order_filled', 'open']]);
      expect(items[1]!.params).toMatchObject({ code: '7203', direction: 'up', quantity: 100, price: p.buyPrice, priceScale: p.priceScale ?? 10 });
      expect((await s.call('get', 'messages/unread', { token: u.token })).body.data).toEqual({ messages: 2, support: 0 });
    });

    it('a pending limit order that fills in a job run leaves order_filled at the fill', async () => {
      s.clock.set(TEST_NOW);
      const p0 = quote(s, '7203', TEST_NOW).price;
      const t = findInstant(s, '7203', TEST_NOW + 60_000, (q) => q.price < p0 - 50, 2);
      const limit = quote(s, '7203', t).price;
      const u = await trader(s, 5_000_000);
      const p = await placed(s, u, { code: '7203', type: 'limit', price: limit });
      expect(p.status).toBe('pending');
      expect(await box(u)).toEqual([]);
      await runAt(s, t);
      const all = await box(u);
      // The fill's 取引報告書 is issued in the same run, with its own message (docs/domain.md "Documents and exports").
      expect(all.map((m) => m.kind).sort()).toEqual(['document_issued', 'order_filled']);
      const items = all.filter((m) => m.kind === 'order_filled');
      // The stock's names come with it (added when read), so the message names the company.
      expect(items[0]).toMatchObject({ kind: 'order_filled', params: { leg: 'open', code: '7203', name: 'トヨタ自動車', nameEn: 'Toyota Motor' } });
      expect(items[0]!.createdAt).toBeLessThanOrEqual(t);
    });

    it('a margin call and a forced close are messages with their ratios', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 10_000_000);
      const probe = await placed(s, u, { code: '8035', leverage: 3.3 });
      let worst = { t: 0, ratio: 10_000 };
      for (const t of tradingInstants(at('2026-11-25', 9), 20, 15 * 60_000)) {
        const price = quote(s, '8035', t).price;
        const ratio = maintenanceRatioBp(probe.principal, positionPnl('up', probe.buyPrice, price, 100, 10), (price * 100) / 10);
        if (ratio < worst.ratio) worst = { t, ratio };
      }
      expect((await closePos(s, u, probe.id)).status).toBe(200);
      // Levels below the 20 % an admin may configure, given to each position after its open.
      await setPositionLevels(s, (await placed(s, u, { code: '8035', leverage: 3.3 })).id, worst.ratio + 1, 100);
      await setPositionLevels(s, (await placed(s, u, { code: '8035', leverage: 3.3 })).id, worst.ratio + 2, worst.ratio + 1);
      const r = await runAt(s, worst.t);
      expect(r).toMatchObject({ marginCalls: 1, forcedClosed: 1 });
      const items = await box(u);
      const call = items.find((m) => m.kind === 'margin_call')!;
      expect(call.params).toMatchObject({ code: '8035', thresholdBp: worst.ratio + 1 });
      const forced = items.find((m) => m.kind === 'forced_close')!;
      expect(forced.params).toMatchObject({ code: '8035', floorBp: worst.ratio + 1 });
      // the forced close is not also an ordinary fill message
      expect(items.filter((m) => m.kind === 'order_filled' && m.params.leg === 'close')).toHaveLength(1); // the probe's own close
      await runAt(s, worst.t + 1_000);
      expect((await box(u)).filter((m) => m.kind === 'margin_call')).toHaveLength(1);
    });

    it('deposit approved and rejected, withdrawal paid and returned, KYC approved and rejected', async () => {
      s.clock.set(TEST_NOW);
      const ch = await s.call('post', 'admin/deposit-channels', {
        token: s.admin.token,
        body: { type: 'bank', label: '銀行振込', bankName: 'テスト銀行', branchName: '本店営業部', accountType: 'futsu', accountNumber: '7654321', holder: 'カブト証券株式会社', reason: '入金口座の開設' },
      });
      expect(ch.status, JSON.stringify(ch.body)).toBe(200);
      const channelId = ch.body.data.channel.id;
      // Deposits need a verified identity (docs/domain.md "Deposits"): the approval is the oldest message.
      const u = await verifiedUser(s);
      const dep = async (amount: number) => {
        const receipt = (await upload(s, u.token, await photo(), 'receipt')).body.data.id;
        const res = await s.call('post', 'cash/deposits', { token: u.token, body: { channelId, amount, receiptUploadId: receipt }, headers: { 'Idempotency-Key': uuidv7() } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.deposit.id as string;
      };
      const d1 = await dep(100_000);
      expect((await s.call('post', `admin/deposits/${d1}/approve`, { token: s.admin.token, body: { reason: '着金を確認しました' }, headers: { 'Idempotency-Key': uuidv7() } })).status).toBe(200);
      const d2 = await dep(50_000);
      expect((await s.call('post', `admin/deposits/${d2}/reject`, { token: s.admin.token, body: { reason: '振込明細が確認できません' } })).status).toBe(200);
      const items = await box(u);
      expect(items.map((m) => [m.kind, m.params])).toEqual([
        ['deposit_rejected', { amount: 50_000, currency: 'JPY', reason: '振込明細が確認できません' }],
        ['deposit_approved', { amount: 100_000, currency: 'JPY' }],
        ['kyc_approved', {}],
      ]);

      // KYC: rejected, then approved on resubmission.
      const k = await registerUser(s);
      const id1 = await submitKyc(s, k, 'ヤマダ　タロウ');
      expect((await s.call('post', `admin/kyc/${id1}/reject`, { token: s.admin.token, body: { reason: '書類が不鮮明です' } })).status).toBe(200);
      const id2 = await submitKyc(s, k, 'ヤマダ　タロウ');
      expect((await s.call('post', `admin/kyc/${id2}/approve`, { token: s.admin.token, body: { reason: '確認しました' } })).status).toBe(200);
      expect((await box(k)).map((m) => [m.kind, m.params])).toEqual([['kyc_approved', {}], ['kyc_rejected', { reason: '書類が不鮮明です' }]]);

      // Withdrawals: paid, then returned (to an account added a hold's length before: cash-payout-holds.test.ts).
      const { w, acc } = await setUpBeforeHold(s, TEST_NOW, async () => {
        const w = await verifiedUser(s);
        const fp = await s.call('post', 'user/fund-password', { token: w.token, body: { password: '246810', password2: '246810', loginPassword: w.password } });
        expect(fp.status).toBe(200);
        const branch = (await s.call('get', 'cash/banks/0005/branches', { token: w.token })).body.data.items[0].code;
        const acc = await s.call('post', 'cash/bank-accounts', { token: w.token, body: { bankCode: '0005', branchCode: branch, type: 'futsu', number: '1357913', holderKana: 'ヤマダ　タロウ', fundPassword: '246810' } });
        expect(acc.status, JSON.stringify(acc.body)).toBe(200);
        return { w, acc };
      });
      await grant(s, w.id, 500_000);
      const withdraw = async () => {
        const res = await s.call('post', 'cash/withdrawals', { token: w.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: 10_000, bankAccountId: acc.body.data.account.id, fundPassword: '246810' } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body.data.withdrawal ?? res.body.data).id as string;
      };
      const decide = (id: string, d: string, reason: string) => s.call('post', `admin/withdrawals/${id}/${d}`, { token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() }, body: { reason } });
      expect((await decide(await withdraw(), 'approve', '送金しました')).status).toBe(200);
      expect((await decide(await withdraw(), 'reject', '口座名義が一致しません')).status).toBe(200);
      const wm = (await box(w)).filter((m) => m.kind.startsWith('withdrawal'));
      expect(wm.map((m) => [m.kind, m.params])).toEqual([
        ['withdrawal_rejected', { amount: 10_000, currency: 'JPY', reason: '口座名義が一致しません' }],
        ['withdrawal_approved', { amount: 10_000, currency: 'JPY' }],
      ]);
    });

    it('a split on a holding is a corporate_action message, once', async () => {
      s.clock.set(at('2027-02-24', 9, 5));
      await signInAdmin(s);
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u, { code: '4592' });
      expect(p.status).toBe('holding');
      const ex = at('2027-02-25', 0, 0, 1);
      s.clock.set(ex);
      await s.services.jobs.runDue(ex);
      await s.services.jobs.runDue(ex + 1000);
      const actions = (await box(u)).filter((m) => m.kind === 'corporate_action');
      expect(actions).toHaveLength(1);
      expect(actions[0]!.params).toMatchObject({ code: '4592', event: 'split', ratio: 3, sharesBefore: 100, sharesAfter: 300, exDate: '2027-02-25' });
    });
  });
}
