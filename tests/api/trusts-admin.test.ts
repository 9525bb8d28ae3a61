import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { TRUST_FEE_BOUNDS } from '../../src/shared/api/trusts';
import { jstMs, tradingDaysInRange } from '../../src/shared/market';
import { investor, placed, placeOrder, runAt } from './trusts-support';

/**
 * The investment-trust back office (docs/domain.md "Investment trusts and 積立"; trusts/admin.ts):
 * the catalogue's strike status and pending orders, a fund's last 30 strikes, fees within
 * TRUST_FEE_BOUNDS with a required reason, audited with before / after (a large 信託報酬 rise or a
 * fund with holders is flagged, not refused) and struck from the next strike, a change that changes
 * nothing refused, suspension audited and refusing new orders while pending ones still fill. Every refusal changes nothing and writes no audit row.
 */
const FUND = 'kabuto-topix';
const CODE = 'KB000001';

for (const dialect of testDialects()) {
  describe(`trusts back office (${dialect})`, () => {
    let s: TestServer;
    let user: TestUser;
    const db = () => s.services.database.db;
    const admin = () => ({ token: s.admin.token });
    const audits = (action?: string) => {
      let q = db().selectFrom('admin_audit').selectAll().where('target', '=', FUND);
      if (action) q = q.where('action', '=', action);
      return q.orderBy('id').execute();
    };
    const fundRow = () => db().selectFrom('trust_fund').selectAll().where('id', '=', FUND).executeTakeFirstOrThrow();

    beforeAll(async () => {
      s = await startTestServer({ dialect });
      user = await registerUser(s);
      // The catalogue is created on the first start (trusts/defaults.ts); a bare row stands in if it is not there.
      const existing = await db().selectFrom('trust_fund').select('id').where('id', '=', FUND).executeTakeFirst();
      if (!existing) {
        await db()
          .insertInto('trust_fund')
          .values({
            id: FUND, code: CODE, name_ja: 'カブト・TOPIXインデックス・ファンド', name_en: 'Kabuto TOPIX Index Fund', name_zh: '甲冑TOPIX指數基金', name_ko: '카부토 TOPIX 인덱스 펀드',
            category: 'jp_index', benchmark: 'TOPIX', basket: JSON.stringify([{ kind: 'instrument', code: 'TOPIX', weightPpm: 1_000_000 }]), income_ppm: 22_000,
            trust_fee_ppm: 1_430, purchase_fee_ppm: 0, retention_ppm: 0, distribution: null, reinvest: 1, leveraged: 0, foreign_assets: 0, designated_index: 1,
            term_end: null, risk: 4, settle_days: 4, inception: '2023-01-04', status: 'open', status_reason: null, assets: 0, units: 0, fee_carry: 0,
            last_nav: 10_000, last_tr: 10_000, last_date: null, created_at: TEST_NOW, updated_at: TEST_NOW,
          })
          .execute();
      }
      // Reset the running figures to a known history: 35 strikes up to 2026-11-19 (Thursday).
      await db().deleteFrom('trust_order').where('fund_id', '=', FUND).execute();
      await db().deleteFrom('trust_holding').where('fund_id', '=', FUND).execute();
      await db().deleteFrom('trust_nav').where('fund_id', '=', FUND).execute();
      const days = tradingDaysInRange('2026-09-01', '2026-11-19').slice(-35);
      let nav = 10_000;
      for (const [i, date] of days.entries()) {
        nav += 10;
        await db()
          .insertInto('trust_nav')
          .values({ fund_id: FUND, date, nav, tr: nav, gross_assets: 1_000_000 + i, fee: 4, days: 1, distribution: 0, assets: 1_000_000 + i, units: 1_000_000, struck_at: jstMs(date, 17, 5) })
          .execute();
      }
      await db()
        .updateTable('trust_fund')
        .set({ inception: '2026-01-05', last_nav: nav, last_tr: nav, last_date: days.at(-1)!, assets: 1_000_034, units: 1_000_000, trust_fee_ppm: 1_430, purchase_fee_ppm: 0, retention_ppm: 0, designated_index: 1, status: 'open', status_reason: null })
        .where('id', '=', FUND)
        .execute();
    });
    afterAll(async () => {
      await s?.close();
    });
    beforeEach(() => {
      s.clock.set(TEST_NOW);
    });

    const update = (body: Record<string, unknown>) => s.call('post', `admin/trusts/${FUND}`, { ...admin(), body });
    const setStatus = (body: Record<string, unknown>) => s.call('post', `admin/trusts/${FUND}/status`, { ...admin(), body });
    const listed = async () => {
      const res = await s.call('get', 'admin/trusts', admin());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.items as { id: string }[]).find((f) => f.id === FUND) as Record<string, any>;
    };

    it('is the back office’s only: a user session is refused', async () => {
      expect((await s.call('get', 'admin/trusts', { token: user.token })).status).toBe(403);
      expect((await s.call('post', `admin/trusts/${FUND}/status`, { token: user.token, body: { status: 'suspended', reason: '利用者による停止' } })).status).toBe(403);
    });

    it('lists each fund with its strike status, the due day once 17:00 of an unstruck business day has passed, and its pending orders', async () => {
      // 2026-11-24 10:00 JST (Tuesday; 11-23 is a holiday): 11-20 (Friday) was never struck.
      let f = await listed();
      expect(f.lastStruck).toBe('2026-11-19');
      expect(f.strikeDue).toBe('2026-11-20');
      expect(f.lastStruckAt).toBe(jstMs('2026-11-19', 17, 5));
      expect(f.code).toBe(CODE);
      expect(f.eligibility).toEqual({ nisa_growth: null, nisa_tsumitate: null });
      expect(f.change).toBe(10);
      expect(f.simulated).toBe(true);

      // Struck through 11-20: up to date until 17:00 of 11-24, then 11-24 is due.
      await db().updateTable('trust_fund').set({ last_date: '2026-11-20' }).where('id', '=', FUND).execute();
      f = await listed();
      expect(f.strikeDue).toBeNull();
      s.clock.set(jstMs('2026-11-24', 16, 59));
      expect((await listed()).strikeDue).toBeNull();
      s.clock.set(jstMs('2026-11-24', 17, 0));
      expect((await listed()).strikeDue).toBe('2026-11-24');
      await db().updateTable('trust_fund').set({ last_date: '2026-11-19' }).where('id', '=', FUND).execute();

      for (const reserved of [10_000, 25_000]) {
        await db()
          .insertInto('trust_order')
          .values({
            id: uuidv7(), user_id: user.id, fund_id: FUND, side: 'buy', account_type: 'specific', mode: 'amount', amount: reserved, units_asked: null, reserved,
            nav_date: '2026-11-24', status: 'pending', source: 'order', plan_id: null, ordered_at: TEST_NOW, nav: null, units: null, value: null, fee: null,
            retention: null, book_cost: null, principal: null, settle_date: null, tax: null, filled_at: null, paid_at: null, reason: null,
          })
          .execute();
      }
      s.clock.set(TEST_NOW);
      f = await listed();
      expect(f.pendingOrders).toBe(2);
      expect(f.pendingReserved).toBe(35_000);
    });

    it('shows a fund’s last 30 strikes, newest first, with the figures each was struck from', async () => {
      const res = await s.call('get', `admin/trusts/${FUND}/navs`, admin());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const items = res.body.data.items as { date: string; nav: number; grossAssets: number; fee: number; days: number; units: number }[];
      expect(items).toHaveLength(30);
      expect(items[0]!.date).toBe('2026-11-19');
      expect(items.map((n) => n.date)).toEqual([...items.map((n) => n.date)].sort().reverse());
      expect(items[0]).toMatchObject({ nav: 10_350, fee: 4, days: 1, units: 1_000_000 });
      expect((await s.call('get', 'admin/trusts/no-such-fund/navs', admin())).status).toBe(404);
    });

    it('refuses fees outside the bounds, a missing or blank reason and a change that changes nothing, writing nothing', async () => {
      const before = await fundRow();
      const count = (await audits()).length;
      const refused = [
        { trustFeePpm: TRUST_FEE_BOUNDS.trustFeePpm + 1, reason: '信託報酬の変更' },
        { purchaseFeePpm: TRUST_FEE_BOUNDS.purchaseFeePpm + 1, reason: '購入時手数料の変更' },
        { retentionPpm: TRUST_FEE_BOUNDS.retentionPpm + 1, reason: '留保額の変更' },
        { trustFeePpm: -1, reason: '信託報酬の変更' },
        { trustFeePpm: 1_500.5, reason: '信託報酬の変更' },
        { trustFeePpm: 1_500 },
        { trustFeePpm: 1_500, reason: '  a ' },
        { trustFeePpm: 1_500, reason: 'x'.repeat(501) },
      ];
      for (const body of refused) {
        const res = await update(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.status).toBe(0);
      }
      // Nothing to change: no field, or the values it already has.
      for (const body of [{ reason: '変更なしの確認' }, { trustFeePpm: before.trust_fee_ppm, designatedIndex: true, reason: '変更なしの確認' }]) {
        const res = await update(body);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
      }
      expect((await s.call('post', 'admin/trusts/no-such-fund', { ...admin(), body: { trustFeePpm: 1_000, reason: '存在しないファンド' } })).status).toBe(404);
      expect(await fundRow()).toEqual(before);
      expect(await audits()).toHaveLength(count);
    });

    it('changes the fees within the bounds with an audit row of before and after, effective from the next strike', async () => {
      // At the bound exactly; a rise within 20 % on a fund without holders: no notices.
      let res = await update({ retentionPpm: TRUST_FEE_BOUNDS.retentionPpm, trustFeePpm: 1_650, reason: '運用体制の見直し' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ id: FUND, trustFeePpm: 1_650, retentionPpm: TRUST_FEE_BOUNDS.retentionPpm, purchaseFeePpm: 0 });
      const row = await fundRow();
      expect(row).toMatchObject({ trust_fee_ppm: 1_650, retention_ppm: TRUST_FEE_BOUNDS.retentionPpm });
      let [a] = (await audits('trust.terms')).slice(-1);
      expect(a).toMatchObject({ admin_id: s.admin.id, reason: '運用体制の見直し' });
      let detail = JSON.parse(a!.detail_json);
      expect(detail.before).toEqual({ trustFeePpm: 1_430, purchaseFeePpm: 0, retentionPpm: 0, designatedIndex: true });
      expect(detail.after).toEqual({ trustFeePpm: 1_650, purchaseFeePpm: 0, retentionPpm: TRUST_FEE_BOUNDS.retentionPpm, designatedIndex: true });
      expect(detail.notices).toEqual([]);
      expect(detail.holders).toBe(0);
      // The next strike is the first business day not struck: 11-20.
      expect(detail.effectiveFrom).toBe('2026-11-20');

      // A holder, and a rise of more than 20 %: allowed, flagged in the audit row.
      await db().insertInto('trust_holding').values({ user_id: user.id, fund_id: FUND, account_type: 'specific', units: 10_000, principal: 10_300, book_cost: 10_300, updated_at: TEST_NOW }).execute();
      res = await update({ trustFeePpm: 1_981, reason: '信託報酬の引き上げ（受益者への通知済み）' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      [a] = (await audits('trust.terms')).slice(-1);
      detail = JSON.parse(a!.detail_json);
      expect(detail.before.trustFeePpm).toBe(1_650);
      expect(detail.after.trustFeePpm).toBe(1_981);
      expect(detail.holders).toBe(1);
      expect(detail.notices).toEqual(['trust_fee_rise_over_20pct', 'fund_has_holders']);

      // Exactly +20 % is not flagged for the rise (only for the holders).
      res = await update({ trustFeePpm: 1_650, reason: '信託報酬を元に戻す' });
      expect(res.status).toBe(200);
      res = await update({ trustFeePpm: 1_980, reason: '信託報酬の二割の引き上げ' });
      expect(res.status).toBe(200);
      detail = JSON.parse((await audits('trust.terms')).at(-1)!.detail_json);
      expect(detail.notices).toEqual(['fund_has_holders']);
    });

    it('the designated-index flag changes the つみたて eligibility, audited with it', async () => {
      let res = await update({ designatedIndex: false, reason: '指定インデックスの対象外となったため' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.designatedIndex).toBe(false);
      expect(res.body.data.eligibility.nisa_tsumitate).toBe('not_designated');
      let detail = JSON.parse((await audits('trust.terms')).at(-1)!.detail_json);
      expect(detail.eligibility.before.nisa_tsumitate).toBeNull();
      expect(detail.eligibility.after.nisa_tsumitate).toBe('not_designated');
      // A 信託報酬 over the つみたて cap (0.55 % for a domestic fund) also takes it off the frame.
      res = await update({ designatedIndex: true, trustFeePpm: 5_501, reason: '指定に戻し報酬を変更' });
      expect(res.status).toBe(200);
      expect(res.body.data.eligibility).toEqual({ nisa_growth: null, nisa_tsumitate: 'trust_fee' });
      res = await update({ trustFeePpm: 1_430, reason: '信託報酬を元に戻す' });
      expect(res.body.data.eligibility).toEqual({ nisa_growth: null, nisa_tsumitate: null });
      detail = JSON.parse((await audits('trust.terms')).at(-1)!.detail_json);
      expect(detail.after.trustFeePpm).toBe(1_430);
    });

    it('suspends and reopens with a reason, audited; the same state again is refused', async () => {
      const count = (await audits()).length;
      expect((await setStatus({ status: 'suspended' })).status).toBe(400);
      expect((await setStatus({ status: 'suspended', reason: ' ' })).status).toBe(400);
      expect((await setStatus({ status: 'closed', reason: '償還のため' })).status).toBe(400);
      expect((await setStatus({ status: 'open', reason: 'すでに受付中' })).status).toBe(409);
      expect(await audits()).toHaveLength(count);

      let res = await setStatus({ status: 'suspended', reason: '基準価額の算出不能（指数の配信停止）' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'suspended', statusReason: '基準価額の算出不能（指数の配信停止）', pendingOrders: 2 });
      expect(await fundRow()).toMatchObject({ status: 'suspended', status_reason: '基準価額の算出不能（指数の配信停止）' });
      const [a] = await audits('trust.suspend');
      expect(a).toMatchObject({ admin_id: s.admin.id, reason: '基準価額の算出不能（指数の配信停止）' });
      expect(JSON.parse(a!.detail_json)).toEqual({ from: 'open', to: 'suspended', pendingOrders: 2, pendingReserved: 35_000 });
      expect((await setStatus({ status: 'suspended', reason: '二度目の停止' })).status).toBe(409);
      // Pending orders stay pending: suspension stops new ones only.
      const pending = await db().selectFrom('trust_order').select('status').where('fund_id', '=', FUND).execute();
      expect(pending.map((o) => o.status)).toEqual(['pending', 'pending']);

      res = await setStatus({ status: 'open', reason: '指数の配信再開' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'open', statusReason: null });
      expect(await audits('trust.reopen')).toHaveLength(1);
    });

    it('a suspended fund refuses new orders; a pending order still fills at its strike, at the fee changed before it', async () => {
      // The hand-made pending orders above hold no money: out before the strike runs.
      await db().deleteFrom('trust_order').where('fund_id', '=', FUND).execute();
      await db().updateTable('trust_fund').set({ fee_carry: 0 }).where('id', '=', FUND).execute();
      // 0.365 % a year: a day's fee is the gross ÷ 100,000, rounded down.
      expect((await update({ trustFeePpm: 3_650, reason: '信託報酬の変更（次回算出から）' })).status).toBe(200);
      const investorUser = await investor(s, 100_000);
      const pending = await placed(s, investorUser, { fundId: FUND, amount: 10_000 });
      expect(pending).toMatchObject({ status: 'pending', navDate: '2026-11-24' });

      expect((await setStatus({ status: 'suspended', reason: '新規の受付を停止' })).status).toBe(200);
      const refused = await placeOrder(s, investorUser, { fundId: FUND, amount: 10_000 });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ status: 0, msg: 'trust_suspended' });
      expect(await db().selectFrom('trust_order').select('id').where('fund_id', '=', FUND).execute()).toHaveLength(1);

      // The strike of 11-20 and 11-24 runs while suspended; the order fills at 11-24's NAV.
      await runAt(s, jstMs('2026-11-24', 17, 30));
      const order = await db().selectFrom('trust_order').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
      expect(order.status).toBe('filled');
      const struck = await db().selectFrom('trust_nav').selectAll().where('fund_id', '=', FUND).where('date', '>', '2026-11-19').orderBy('date').execute();
      expect(struck.map((n) => n.date)).toEqual(['2026-11-20', '2026-11-24']);
      expect(Number(struck[0]!.fee)).toBe(Math.floor((Number(struck[0]!.gross_assets) * 3_650 * Number(struck[0]!.days)) / 365_000_000));
      const f = await listed();
      expect(f).toMatchObject({ lastStruck: '2026-11-24', strikeDue: null, pendingOrders: 0, status: 'suspended' });

      expect((await setStatus({ status: 'open', reason: '受付再開' })).status).toBe(200);
      s.clock.set(jstMs('2026-11-25', 10));
      expect((await placeOrder(s, investorUser, { fundId: FUND, amount: 10_000 })).status).toBe(200);
    });
  });
}
