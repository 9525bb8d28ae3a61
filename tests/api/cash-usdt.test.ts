import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { randomBytes } from 'node:crypto';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { HOUSE } from '../../src/server/ledger';
import { photo, upload } from './uploads-support';
import { setUpBeforeHold, verifiedUser } from './cash-support';
import { balances, expectLedgerBalanced, grant } from './trade-support';

/**
 * USDT (docs/domain.md "Deposits", "Withdrawals", "Currency exchange"): a USDT deposit credits a USDT
 * balance in USDT cents with USDT limits, never a conversion; total assets value it at the USD/JPY
 * mid (the simulator has no USDT/JPY market); it exchanges to yen through a quote like any currency;
 * a wallet withdrawal pays USDT out of the USDT balance with its own limits, and leaves the yen alone.
 */
const FUND_PASSWORD = '246810';
/** A fresh, valid TRC20 address (0x41 and 20 random bytes, base58check): an address is one user's only. */
const tronAddress = () => createBase58check(sha256).encode(Uint8Array.from([0x41, ...randomBytes(20)]));

for (const dialect of testDialects()) {
  describe(`USDT deposits, exchange and wallet withdrawals (${dialect})`, () => {
    let s: TestServer;
    let channelId: string;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      const res = await s.call('post', 'admin/deposit-channels', {
        token: s.admin.token,
        body: { type: 'usdt', label: 'USDT（TRC20）', network: 'TRC20', addresses: Array.from({ length: 30 }, tronAddress), reason: 'USDT 入金の開始' },
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

    const usdt = async (u: TestUser) => {
      const b = (await s.services.ledger.balances(u.id)).USDT ?? {};
      return { cash: b.cash ?? 0, frozen: b.frozen ?? 0 };
    };
    const receipt = async (u: TestUser) => (await upload(s, u.token, await photo(), 'receipt')).body.data.id as string;
    const deposit = async (u: TestUser, amount: number) =>
      s.call('post', 'cash/deposits', { token: u.token, body: { channelId, amount, receiptUploadId: await receipt(u) }, headers: { 'Idempotency-Key': uuidv7() } });
    const approve = (id: string, body: object = { reason: '着金を確認しました' }) =>
      s.call('post', `admin/deposits/${id}/approve`, { token: s.admin.token, body, headers: { 'Idempotency-Key': uuidv7() } });

    /**
     * A verified user with a fund password and a TRC20 wallet of their own (added a hold's length
     * before now, so it may receive at once), `usdtCents` credited by an approved USDT deposit.
     */
    async function holder(usdtCents: number): Promise<TestUser & { walletId: string; address: string }> {
      const address = tronAddress();
      const { u, w } = await setUpBeforeHold(s, s.clock.now(), async () => {
        const u = await verifiedUser(s);
        const fp = await s.call('post', 'user/fund-password', { token: u.token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: u.password } });
        expect(fp.status, JSON.stringify(fp.body)).toBe(200);
        const w = await s.call('post', 'cash/wallets', { token: u.token, body: { network: 'TRC20', address, fundPassword: FUND_PASSWORD } });
        expect(w.status, JSON.stringify(w.body)).toBe(200);
        return { u, w };
      });
      if (usdtCents > 0) {
        const d = await deposit(u, usdtCents);
        expect(d.status, JSON.stringify(d.body)).toBe(200);
        expect((await approve(d.body.data.deposit.id)).status).toBe(200);
      }
      return { ...u, walletId: w.body.data.wallet.id, address };
    }
    const withdraw = (u: TestUser & { walletId: string }, amount: number, key = uuidv7()) =>
      s.call('post', 'cash/withdrawals', { token: u.token, headers: { 'Idempotency-Key': key }, body: { amount, walletId: u.walletId, fundPassword: FUND_PASSWORD } });

    it('each user is given an address of the pool for good; an empty pool says so and takes no deposit; admins load more, each checked', async () => {
      const addresses = [tronAddress(), tronAddress()];
      const created = await s.call('post', 'admin/deposit-channels', { token: s.admin.token, body: { type: 'usdt', label: 'USDT 小', network: 'TRC20', addresses, reason: '2件だけ' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.channel.id;
      expect(created.body.data.channel).toMatchObject({ addressesTotal: 2, addressesFree: 2, address: null });
      const users = await Promise.all([verifiedUser(s), verifiedUser(s), verifiedUser(s)]);
      const view = async (u: TestUser) => (await s.call('get', 'cash/channels', { token: u.token })).body.data.items.find((c: { id: string }) => c.id === id);
      // Three users, each opening the channel twice at once: two addresses, each given to exactly one user.
      const seen = await Promise.all(users.flatMap((u) => [view(u), view(u)]));
      const got = users.map((_, i) => seen[2 * i].address);
      users.forEach((_, i) => expect(seen[2 * i + 1].address).toBe(got[i]));
      expect(got.filter((a) => a !== null).sort()).toEqual([...addresses].sort());
      const without = users[got.indexOf(null)]!;
      const r = await s.call('post', 'cash/deposits', { token: without.token, body: { channelId: id, amount: 5_000, receiptUploadId: await receipt(without) }, headers: { 'Idempotency-Key': uuidv7() } });
      expect(r.body.msg).toBe('deposit_address_unavailable');
      const admin = async () => (await s.call('get', 'admin/deposit-channels', { token: s.admin.token })).body.data.items.find((c: { id: string }) => c.id === id);
      expect(await admin()).toMatchObject({ addressesTotal: 2, addressesFree: 0 });
      // Loading: a bad checksum, a repeat and an address already loaded are refused, nothing stored.
      const more = (body: object) => s.call('post', `admin/deposit-channels/${id}/addresses`, { token: s.admin.token, body });
      const bad = addresses[0]!.slice(0, -1) + (addresses[0]!.endsWith('a') ? 'b' : 'a');
      expect((await more({ addresses: [tronAddress(), bad], reason: '追加' })).body).toMatchObject({ msg: 'deposit_address_invalid', params: { address: bad } });
      const fresh = tronAddress();
      expect((await more({ addresses: [fresh, fresh], reason: '追加' })).body.msg).toBe('deposit_address_exists');
      expect((await more({ addresses: [addresses[1]], reason: '追加' })).status).toBe(409);
      expect((await more({ addresses: [fresh], reason: '追加' }, )).status).toBe(200);
      expect(await admin()).toMatchObject({ addressesTotal: 3, addressesFree: 1 });
      expect((await view(without)).address).toBe(fresh);
      // A user cannot load addresses; a bank channel takes none.
      expect((await s.call('post', `admin/deposit-channels/${id}/addresses`, { token: without.token, body: { addresses: [tronAddress()], reason: '追加' } })).status).toBe(403);
      const audit = await s.services.database.db.selectFrom('admin_audit').select('action').where('target', '=', id).execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['deposit_channel.addresses', 'deposit_channel.create']);
    });

    it('a USDT channel states USDT limits; a deposit is checked against them and credits USDT, never yen', async () => {
      const u = await verifiedUser(s);
      const ch = (await s.call('get', 'cash/channels', { token: u.token })).body.data.items.find((c: { id: string }) => c.id === channelId);
      expect(ch).toMatchObject({ type: 'usdt', currency: 'USDT', min: 1_000, max: 10_000_000, network: 'TRC20', reference: '' });
      expect(ch.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      const low = await deposit(u, 999);
      expect(low.body).toMatchObject({ msg: 'deposit_amount_out_of_range', params: { min: 1_000, max: 10_000_000, currency: 'USDT' } });
      const wallet = await s.services.ledger.balance(HOUSE, 'USDT', 'wallet_clearing');
      const d = await deposit(u, 250_050); // 2,500.50 USDT
      expect(d.body.data.deposit).toMatchObject({ currency: 'USDT', amount: 250_050, status: 'pending', reference: ch.address });
      const ok = await approve(d.body.data.deposit.id);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await usdt(u)).toEqual({ cash: 250_050, frozen: 0 });
      expect(await balances(s, u.id)).toMatchObject({ cash: 0 });
      expect(await s.services.ledger.balance(HOUSE, 'USDT', 'wallet_clearing')).toBe(wallet - 250_050);
      const records = (await s.call('get', 'funds/records?type=deposit', { token: u.token })).body.data.items;
      expect(records[0]).toMatchObject({ currency: 'USDT', amount: 250_050 });
      await expectLedgerBalanced(s);
    });

    it('total assets value USDT at the USD/JPY mid; the board has a USDT row; USDT exchanges to yen through a quote', async () => {
      const u = await holder(100_000); // 1,000.00 USDT
      const board = (await s.call('get', 'fx/quotes', { token: u.token })).body.data;
      const usd = board.rows.find((r: { currency: string }) => r.currency === 'USD');
      const row = board.rows.find((r: { currency: string }) => r.currency === 'USDT');
      expect(row).toMatchObject({ code: 'USDJPY', mid: usd.mid, bid: usd.bid, ask: usd.ask });
      const summary = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
      // 1,000 USDT at the USD mid (price / priceScale yen per dollar), rounded toward zero.
      expect(summary.totalAssets).toBe(Math.trunc((1_000 * usd.mid) / usd.priceScale));

      const q = await s.call('post', 'fx/quote', { token: u.token, body: { from: 'USDT', to: 'JPY', amount: 40_000 } });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      const x = await s.call('post', 'fx/exchange', { token: u.token, body: { quoteId: q.body.data.quoteId }, headers: { 'Idempotency-Key': uuidv7() } });
      expect(x.status, JSON.stringify(x.body)).toBe(200);
      expect(await usdt(u)).toEqual({ cash: 60_000, frozen: 0 });
      expect((await balances(s, u.id)).cash).toBe(q.body.data.amountOut);
      // 400 USDT at the bid, below the mid by half the spread.
      expect(q.body.data.amountOut).toBeLessThan((400 * usd.mid) / usd.priceScale);
      await expectLedgerBalanced(s);
    });

    it('a wallet withdrawal pays USDT from the USDT balance within USDT limits; the yen stays; paid → wallet clearing', async () => {
      const u = await holder(500_000); // 5,000.00 USDT
      await grant(s, u.id, 1_000_000);
      const data = (await s.call('get', 'cash/withdrawals', { token: u.token })).body.data;
      expect(data.usdt).toMatchObject({ min: 1_000, max: 3_000_000, breakdown: { held: 500_000, withdrawable: 500_000 } });
      expect(data.breakdown).toMatchObject({ withdrawable: 1_000_000 });

      expect((await withdraw(u, 999)).body).toMatchObject({ msg: 'withdraw_amount_out_of_range', params: { min: 1_000, max: 3_000_000, currency: 'USDT' } });
      // More USDT than held (though the yen would cover it): refused in USDT.
      expect((await withdraw(u, 500_001)).body).toMatchObject({ msg: 'balance_insufficient_withdraw', params: { amount: 500_000, currency: 'USDT' } });
      const res = await withdraw(u, 120_000);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const w = res.body.data.withdrawal;
      expect(w).toMatchObject({ currency: 'USDT', amount: 120_000, status: 'pending', destination: { type: 'wallet', id: u.walletId } });
      expect(await usdt(u)).toEqual({ cash: 380_000, frozen: 120_000 });
      expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });

      const queue = (await s.call('get', 'admin/withdrawals?status=pending', { token: s.admin.token })).body.data.items;
      expect(queue.find((x: { id: string }) => x.id === w.id)).toMatchObject({ currency: 'USDT', withdrawableNow: 380_000, wallet: { network: 'TRC20', address: u.address } });
      const clearing = await s.services.ledger.balance(HOUSE, 'USDT', 'wallet_clearing');
      const paid = await s.call('post', `admin/withdrawals/${w.id}/approve`, { token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() }, body: { reason: '送金しました' } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(await usdt(u)).toEqual({ cash: 380_000, frozen: 0 });
      expect(await s.services.ledger.balance(HOUSE, 'USDT', 'wallet_clearing')).toBe(clearing + 120_000);
      expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000 });
      await expectLedgerBalanced(s);
    });

    it('a cancelled USDT withdrawal returns USDT; a user without USDT cannot withdraw to a wallet', async () => {
      const u = await holder(50_000);
      const res = await withdraw(u, 20_000);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const c = await s.call('post', `cash/withdrawals/${res.body.data.withdrawal.id}/cancel`, { token: u.token, headers: { 'Idempotency-Key': uuidv7() } });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(await usdt(u)).toEqual({ cash: 50_000, frozen: 0 });

      const yenOnly = await holder(0);
      await grant(s, yenOnly.id, 1_000_000);
      expect((await withdraw(yenOnly, 10_000)).body).toMatchObject({ msg: 'balance_insufficient_withdraw', params: { amount: 0, currency: 'USDT' } });
      expect(await balances(s, yenOnly.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });
      await expectLedgerBalanced(s);
    });
  });
}
