import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { roundToTick, sessionAt, tickSize, type TickTable } from '../../src/shared/market';
import { photo, upload } from './uploads-support';
import { at, balances, quote } from './trade-support';
import { verifiedUser } from './cash-support';

/**
 * Admin powers bounded like the market's (issue 37 item 9; docs/domain.md "IPO and offerings",
 * "Deposits", "Config bounds"): a public offering or placement priced inside the day's limits and
 * 90–100 % of the previous close, an IPO range at most 25 % wide; a deposit approved at most at its
 * stated amount; one deposit per receipt; the margin-call level inside its range. Every refusal
 * changes nothing and writes no audit row.
 */
for (const dialect of testDialects()) {
  describe(`admin bounds (${dialect})`, () => {
    let s: TestServer;
    let table: TickTable;
    let channelId: string;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      table = s.services.market.instrument('7203')!.tickTable!;
      s.clock.set(TEST_NOW);
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

    const db = () => s.services.database.db;
    const auditCount = async () => (await db().selectFrom('admin_audit').selectAll().execute()).length;
    const offeringCount = async () => (await s.call('get', 'admin/ipo/offerings', { token: s.admin.token })).body.data.items.length as number;

    function createOffering(o: Record<string, unknown>) {
      return s.call('post', 'admin/ipo/offerings', {
        token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() },
        body: {
          kind: 'po', code: '7203', name: 'トヨタ自動車 公募', nameEn: 'Toyota PO', segment: 'prime', sponsor: '野村證券',
          sharesOffered: 100_000, minLots: 1, minFunds: 0,
          from: at('2026-11-25', 9), to: at('2026-11-26', 15), drawAt: at('2026-11-27', 10), paymentDue: at('2026-11-30', 15), listingDate: '2026-12-01',
          reason: '公募増資の案件登録', ...o,
        },
      });
    }
    /** The band the docs define for a PO / placement: the day's limits and 90–100 % of the previous close, on the tick grid. */
    function discountBand(base: number, limits: { lower: number; upper: number }) {
      return {
        lower: Math.max(limits.lower, roundToTick(Math.ceil(base * 0.9), table, 'up')),
        upper: Math.min(limits.upper, roundToTick(base, table, 'down')),
      };
    }

    it('a PO or placement at 1/100 or 10× of the market, or a tick outside the band, is refused; inside the band accepted', async () => {
      expect(sessionAt(TEST_NOW)).toBe('morning');
      const q = quote(s, '7203', TEST_NOW);
      const band = discountBand(q.prevClose, q.limits!);
      expect(band.lower).toBeGreaterThanOrEqual(q.prevClose * 0.9);
      expect(band.upper).toBeLessThanOrEqual(q.prevClose);
      const offerings = await offeringCount();
      const audits = await auditCount();

      const gift = roundToTick(Math.round(q.price / 100), table, 'down'); // the PO at 1/100 of the market
      const tenfold = roundToTick(q.price * 10, table, 'down');
      const above = band.upper + tickSize(band.upper, table); // a premium to the previous close
      const below = band.lower - tickSize(band.lower - 1, table); // a discount deeper than 10 %
      const cases: [string, number, number, 'priceLow' | 'priceHigh'][] = [
        ['po', gift, gift, 'priceLow'],
        ['placement', gift, gift, 'priceLow'],
        ['po', tenfold, tenfold, 'priceLow'],
        ['placement', tenfold, tenfold, 'priceLow'],
        ['po', band.lower, above, 'priceHigh'],
        ['placement', below, band.upper, 'priceLow'],
        ['po', gift, band.upper, 'priceLow'],
      ];
      for (const [kind, priceLow, priceHigh, field] of cases) {
        const res = await createOffering({ kind, priceLow, priceHigh });
        expect(res.status, `${kind} ${priceLow}–${priceHigh}`).toBe(422);
        expect(res.body).toMatchObject({
          status: 0, msg: 'offering_price_out_of_range', params: { field, lower: band.lower, upper: band.upper, prevClose: q.prevClose, priceScale: q.priceScale },
        });
      }
      expect(await offeringCount()).toBe(offerings);
      expect(await auditCount()).toBe(audits);

      // Inside the band: the edges, and a placement at the previous close.
      const po = await createOffering({ kind: 'po', priceLow: band.lower, priceHigh: band.upper });
      expect(po.status, JSON.stringify(po.body)).toBe(200);
      expect(po.body.data.offering).toMatchObject({ kind: 'po', priceLow: band.lower, priceHigh: band.upper });
      const at100 = roundToTick(q.prevClose, table, 'down');
      const placement = await createOffering({ kind: 'placement', priceLow: at100, priceHigh: at100 });
      expect(placement.status, JSON.stringify(placement.body)).toBe(200);
      expect(await offeringCount()).toBe(offerings + 2);
      expect(await auditCount()).toBe(audits + 2);
    });

    it('before the open the band is built on the quote’s price (yesterday’s close)', async () => {
      const t = at('2026-11-24', 8);
      s.clock.set(t);
      expect(sessionAt(t)).toBe('pre_open');
      const q = quote(s, '7203', t);
      const band = discountBand(q.price, q.limits!);
      expect((await createOffering({ priceLow: band.lower, priceHigh: band.upper })).status).toBe(200);
      const res = await createOffering({ priceLow: band.lower, priceHigh: band.upper + tickSize(band.upper, table) });
      expect(res.status).toBe(422);
      expect(res.body.params).toMatchObject({ lower: band.lower, upper: band.upper, prevClose: q.price });
    });

    it('an IPO range is at most 25 % wide (top ≤ bottom + 25 %), on the tick grid, low ≤ high', async () => {
      const ipo = { kind: 'ipo', name: 'カブトテック', nameEn: 'Kabuto Tech', kana: 'カブトテック', segment: 'growth', sponsor: 'みずほ証券', sharesOffered: 300 };
      const offerings = await offeringCount();
      const audits = await auditCount();
      const wide = await createOffering({ ...ipo, code: '291A', priceLow: 10_000, priceHigh: 12_510 });
      expect(wide.status).toBe(422);
      expect(wide.body).toMatchObject({ msg: 'ipo_price_range_too_wide', params: { field: 'priceHigh', lower: 10_000, upper: 12_500, priceScale: 10 } });
      // 1/100 and 100× ranges of the same kind.
      expect((await createOffering({ ...ipo, code: '291A', priceLow: 100, priceHigh: 10_000 })).body.msg).toBe('ipo_price_range_too_wide');
      expect((await createOffering({ ...ipo, code: '291A', priceLow: 12_000, priceHigh: 10_000 })).body).toMatchObject({ msg: 'invalid_request', params: { field: 'priceLow' } });
      expect((await createOffering({ ...ipo, code: '291A', priceLow: 10_000, priceHigh: 12_005 })).body).toMatchObject({ msg: 'invalid_request', params: { field: 'priceHigh' } });
      expect(await offeringCount()).toBe(offerings);
      expect(await auditCount()).toBe(audits);
      const ok = await createOffering({ ...ipo, code: '291A', priceLow: 10_000, priceHigh: 12_500 });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect((await createOffering({ ...ipo, code: '292A', priceLow: 10_000, priceHigh: 10_000 })).status).toBe(200);
    });

    // ─── deposits ───────────────────────────────────────────────────────────────────────────────

    const receipt = async (u: TestUser) => (await upload(s, u.token, await photo(), 'receipt')).body.data.id as string;
    const request = (u: TestUser, body: object) => s.call('post', 'cash/deposits', { token: u.token, body, headers: { 'Idempotency-Key': uuidv7() } });
    const approve = (id: string, body: object) => s.call('post', `admin/deposits/${id}/approve`, { token: s.admin.token, body, headers: { 'Idempotency-Key': uuidv7() } });
    const reject = (id: string, reason: string) => s.call('post', `admin/deposits/${id}/reject`, { token: s.admin.token, body: { reason } });
    const depositRow = (id: string) => db().selectFrom('cash_deposit').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const approvals = async (userId: string) =>
      (await db().selectFrom('admin_audit').selectAll().where('action', '=', 'deposit.approve').where('target', '=', userId).execute()).length;

    it('a deposit approved above its stated amount is refused and changes nothing; a lower amount is a correction', async () => {
      const u = await verifiedUser(s);
      const made = await request(u, { channelId, amount: 10_000, receiptUploadId: await receipt(u) });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.data.deposit.id as string;
      const audits = await auditCount();
      // ¥10,000 stated, ¥100,000,000 typed (above depositMax too), and one yen more than stated.
      for (const amount of [100_000_000, 10_001]) {
        const res = await approve(id, { reason: '着金を確認しました', amount });
        expect(res.status, String(amount)).toBe(422);
        expect(res.body).toMatchObject({ status: 0, msg: 'deposit_amount_above_stated', params: { max: 10_000, currency: 'JPY' } });
      }
      expect(await balances(s, u.id)).toMatchObject({ cash: 0 });
      expect(await depositRow(id)).toMatchObject({ review_status: 'pending', credited_amount: null, entry_id: null, reviewed_by: null });
      expect(await approvals(u.id)).toBe(0);
      expect(await auditCount()).toBe(audits);
      const journal = await db().selectFrom('journal_entry').select('id').where('user_id', '=', u.id).execute();
      expect(journal).toHaveLength(0);

      // The bank received less: the lower amount is credited, with the reason the user sees.
      const ok = await approve(id, { reason: '着金額は9,000円でした', amount: 9_000 });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.deposit).toMatchObject({ status: 'approved', amount: 10_000, creditedAmount: 9_000 });
      expect(await balances(s, u.id)).toMatchObject({ cash: 9_000 });
      expect(await approvals(u.id)).toBe(1);
    });

    it('the stated amount itself is approved as before', async () => {
      const u = await verifiedUser(s);
      const id = (await request(u, { channelId, amount: 10_000, receiptUploadId: await receipt(u) })).body.data.deposit.id as string;
      const ok = await approve(id, { reason: '着金を確認しました', amount: 10_000 });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await balances(s, u.id)).toMatchObject({ cash: 10_000 });
    });

    it('a receipt behind a pending or approved deposit cannot back another; a rejected one’s can', async () => {
      const u = await verifiedUser(s);
      const r1 = await receipt(u);
      const first = await request(u, { channelId, amount: 20_000, receiptUploadId: r1 });
      expect(first.status).toBe(200);
      await approve(first.body.data.deposit.id, { reason: '着金を確認しました' });
      const again = await request(u, { channelId, amount: 20_000, receiptUploadId: r1 });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ status: 0, msg: 'deposit_receipt_used' });
      expect((await s.call('get', 'cash/deposits', { token: u.token })).body.data.items).toHaveLength(1);
      expect(await balances(s, u.id)).toMatchObject({ cash: 20_000 });

      // Rejected (the amount was mistyped): the same receipt may go with a corrected request, once.
      const r2 = await receipt(u);
      const typo = await request(u, { channelId, amount: 300_000, receiptUploadId: r2 });
      expect((await reject(typo.body.data.deposit.id, '金額が明細と一致しません')).status).toBe(200);
      const fixed = await request(u, { channelId, amount: 30_000, receiptUploadId: r2 });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect((await request(u, { channelId, amount: 30_000, receiptUploadId: r2 })).body.msg).toBe('deposit_pending');
      await approve(fixed.body.data.deposit.id, { reason: '着金を確認しました' });
      expect((await request(u, { channelId, amount: 30_000, receiptUploadId: r2 })).body.msg).toBe('deposit_receipt_used');
      expect(await balances(s, u.id)).toMatchObject({ cash: 50_000 });
    });

    it('the database holds one live deposit per receipt whatever the code does', async () => {
      const u = await verifiedUser(s);
      const r = await receipt(u);
      const made = await request(u, { channelId, amount: 20_000, receiptUploadId: r });
      const row = await depositRow(made.body.data.deposit.id);
      const copy = { ...row, id: uuidv7(), created_at: Number(row.created_at) + 1, review_status: 'approved' };
      delete (copy as { receipt_repeat?: unknown }).receipt_repeat;
      await expect(db().insertInto('cash_deposit').values(copy as never).execute()).rejects.toThrow();
      // A rejected row with the same receipt is allowed (it credited nothing).
      await db().insertInto('cash_deposit').values({ ...copy, id: uuidv7(), review_status: 'rejected' } as never).execute();
    });

    it('a pending deposit sharing its receipt with an approved one from before the index is not credited', async () => {
      const u = await verifiedUser(s);
      const r = await receipt(u);
      const made = await request(u, { channelId, amount: 20_000, receiptUploadId: r });
      const row = await depositRow(made.body.data.deposit.id);
      // As the migration leaves such history: the older row approved, the later one marked as a repeat.
      await db().updateTable('cash_deposit').set({ review_status: 'approved', credited_amount: 20_000 }).where('id', '=', row.id).execute();
      const repeat = uuidv7();
      await db().insertInto('cash_deposit').values({ ...row, id: repeat, created_at: Number(row.created_at) + 1, receipt_repeat: 1 } as never).execute();
      const res = await approve(repeat, { reason: '着金を確認しました' });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('deposit_receipt_used');
      expect(await depositRow(repeat)).toMatchObject({ review_status: 'pending', credited_amount: null });
      expect(await balances(s, u.id)).toMatchObject({ cash: 0 });
      expect((await reject(repeat, '同じ振込明細の二重申請です')).status).toBe(200);
    });

    // ─── config ─────────────────────────────────────────────────────────────────────────────────

    it('a margin-call level of 100 % is refused; nothing changes', async () => {
      const audits = await auditCount();
      const res = await s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'maintenanceRatioBp', value: 10_000, reason: 'bounds test' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 0, msg: 'config_out_of_bounds', params: { name: 'maintenanceRatioBp', min: 2_000, max: 3_000 } });
      expect((await s.services.config.values()).maintenanceRatioBp).toBe(2_000);
      expect(await auditCount()).toBe(audits);
    });
  });
}
