import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { ManualClock } from '../../src/server/clock';
import { AlwaysOpenClock } from '../../src/server/market-sim';
import { hashToken } from '../../src/server/modules/account/sessions';
import { jstDate, jstMs } from '../../src/shared/market';
import { SESSION_IDLE_MS } from '../../src/shared/domain/account';
import { photo, upload } from './uploads-support';
import { verifiedUser } from './cash-support';
import { dataOf, trader } from './trade-support';
import { strategiesAdminApi, strategiesApi } from '../../src/shared/api/strategies';

/**
 * One clock for every domain time (docs/decisions/023-one-clock.md): with a market clock of its own
 * (KABUTO_MARKET_CLOCK), deposits and their hours, the ledger, KYC, support, the audit rows and the
 * offerings' "now" follow it; sessions keep real time.
 */
const SUNDAY = jstMs('2026-11-29', 13, 0); // the wall clock: a Sunday afternoon in Tokyo
const MONDAY_OPEN = jstMs('2026-11-30', 9, 0); // where the always-open market clock starts from it

async function depositChannel(s: TestServer): Promise<string> {
  const res = await s.call('post', 'admin/deposit-channels', {
    token: s.admin.token,
    body: { type: 'bank', label: '銀行振込', bankName: 'テスト銀行', branchName: '本店営業部', accountType: 'futsu', accountNumber: '1234567', holder: 'カブト証券株式会社', reason: '入金口座の開設' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The default hours: 00:00-23:59 on weekdays only, so a Sunday is 受付時間外.
  expect(res.body.data.channel).toMatchObject({ hours: '00:00-23:59', weekdaysOnly: true });
  return res.body.data.channel.id as string;
}

async function requestDeposit(s: TestServer, u: TestUser, channelId: string) {
  const receiptUploadId = (await upload(s, u.token, await photo(), 'receipt')).body.data.id as string;
  return s.call('post', 'cash/deposits', { token: u.token, body: { channelId, amount: 100_000, receiptUploadId }, headers: { 'Idempotency-Key': uuidv7() } });
}

const sessionCreatedAt = async (s: TestServer, token: string) =>
  Number((await s.services.database.db.selectFrom('sessions').select('created_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).created_at);

for (const dialect of testDialects()) {
  describe(`one clock: the always-open demo market on a Sunday (${dialect})`, () => {
    let s: TestServer;
    let channelId: string;
    const wall = new ManualClock(SUNDAY);
    beforeAll(async () => {
      s = await startTestServer({ dialect, clock: wall, marketClock: new AlwaysOpenClock(wall) });
      channelId = await depositChannel(s);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('the clocks: the domain clock is the market’s (Monday 09:00), the wall clock real time (Sunday)', () => {
      expect(s.services.clock).toBe(s.services.marketClock);
      expect(s.services.clock.now()).toBe(MONDAY_OPEN);
      expect(s.services.wallClock.now()).toBe(SUNDAY);
    });

    it('a deposit is accepted within the market clock’s hours; its request, ledger entry, KYC, audit and chat times are the market’s', async () => {
      const u = await verifiedUser(s);
      const res = await requestDeposit(s, u, channelId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.deposit).toMatchObject({ status: 'pending', createdAt: MONDAY_OPEN });

      const ok = await s.call('post', `admin/deposits/${res.body.data.deposit.id}/approve`, {
        token: s.admin.token, body: { reason: '着金を確認しました' }, headers: { 'Idempotency-Key': uuidv7() },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const records = (await s.call('get', 'funds/records', { token: u.token })).body.data.items;
      expect(records).toEqual([expect.objectContaining({ kind: 'deposit', amount: 100_000, createdAt: MONDAY_OPEN })]);

      const kyc = (await s.call('get', 'kyc', { token: u.token })).body.data;
      expect(kyc.submission).toMatchObject({ submittedAt: MONDAY_OPEN, reviewedAt: MONDAY_OPEN });
      const audit = (await s.call('get', 'admin/audit', { token: s.admin.token })).body.data.items;
      expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'deposit.approve', target: u.id, at: MONDAY_OPEN })]));
      const chat = await s.call('post', 'support/messages', { token: u.token, body: { text: '入金しました' } });
      expect(chat.status, JSON.stringify(chat.body)).toBe(200);
      expect(chat.body.data.createdAt).toBe(MONDAY_OPEN);
      // The session the user signed in with is real time.
      expect(await sessionCreatedAt(s, u.token)).toBe(SUNDAY);
    });

    it('the back office’s lists carry the market’s now, the forms’ default dates', async () => {
      const ipo = await s.call('get', 'admin/ipo/offerings', { token: s.admin.token });
      expect(ipo.status).toBe(200);
      expect(ipo.body.data.now).toBe(MONDAY_OPEN);
      const block = await s.call('get', 'admin/block/offers', { token: s.admin.token });
      expect(block.status).toBe(200);
      expect(block.body.data.now).toBe(MONDAY_OPEN);
    });
  });

  describe(`one clock: a fixed market clock apart from the wall clock (${dialect})`, () => {
    let s: TestServer;
    let channelId: string;
    const wall = new ManualClock(SUNDAY);
    const market = new ManualClock(SUNDAY);
    beforeAll(async () => {
      s = await startTestServer({ dialect, clock: wall, marketClock: market });
      channelId = await depositChannel(s);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('deposit hours are the market clock’s: refused on the market’s Sunday, taken on its Monday while the wall clock stays on Sunday', async () => {
      const u = await verifiedUser(s);
      const closed = await requestDeposit(s, u, channelId);
      expect(closed.status).toBe(422);
      expect(closed.body.msg).toBe('deposit_time_closed');
      market.set(MONDAY_OPEN + 60 * 60 * 1000);
      try {
        const open = await requestDeposit(s, u, channelId);
        expect(open.status, JSON.stringify(open.body)).toBe(200);
        expect(jstDate(open.body.data.deposit.createdAt)).toBe('2026-11-30');
        expect(jstDate(s.services.wallClock.now())).toBe('2026-11-29');
      } finally {
        market.set(SUNDAY);
      }
    });

    it('a follow-order fund’s period is read on the market’s day: closed on its Monday while the wall clock is still on its last day', async () => {
      const created = await s.api(strategiesAdminApi.create, {
        token: s.admin.token,
        body: {
          id: 'sunday-follow', kind: 'follow', name: 'テストモデル フォロー', rule: 'follow_model', model: 'テストモデル', minAmount: 100_000,
          lockDays: 0, feeBp: 100, followUntil: '2026-11-29', reason: 'one clock test',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const u = await trader(s, 1_000_000);
      const fund = async () => dataOf((await s.api(strategiesApi.detail, { token: u.token, params: { id: 'sunday-follow' } })).body).fund;
      expect(await fund()).toMatchObject({ followUntil: '2026-11-29', followOpen: true });
      market.set(MONDAY_OPEN + 60 * 60 * 1000);
      try {
        expect((await fund()).followOpen).toBe(false);
        const late = await s.api(strategiesApi.subscribe, { token: u.token, params: { id: 'sunday-follow' }, body: { amount: 200_000 }, idempotencyKey: uuidv7() });
        expect((late.body as { msg: string }).msg).toBe('follow_time_exceeded');
        expect(jstDate(s.services.wallClock.now())).toBe('2026-11-29');
      } finally {
        market.set(SUNDAY);
      }
    });

    it('session expiry follows the wall clock: the market clock months ahead leaves it alive, 30 idle days of real time end it', async () => {
      const u = await registerUser(s);
      const info = () => s.call('get', 'user/info', { token: u.token });
      market.set(SUNDAY + 3 * SESSION_IDLE_MS);
      try {
        expect((await info()).status).toBe(200);
        wall.set(SUNDAY + SESSION_IDLE_MS + 1);
        const expired = await info();
        expect(expired.status).toBe(401);
        expect(expired.body.msg).toBe('session_expired');
      } finally {
        market.set(SUNDAY);
        wall.set(SUNDAY);
      }
    });
  });
}
