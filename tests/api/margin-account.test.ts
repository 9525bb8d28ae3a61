import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations';
import { testDialects } from '../support/db';
import { migrator, openFresh } from '../support/migrations';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { marginApplication, REFERRED_ANSWERS } from '../support/margin-account';
import { balances, order, placed, setConfig, trader } from './trade-support';

/*
 * 信用取引口座 (issue 35 item 5, docs/domain.md "Margin account"): the application with the
 * suitability answers and the risk agreement; answers meeting the config thresholds open the
 * account at once, others wait in the back office where an admin approves or rejects (audited,
 * the applicant told); margin and short orders need an approved account (`margin_account_required`).
 */
const DAY = 86_400_000;

for (const dialect of testDialects()) {
  describe(`margin account (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const status = async (u: TestUser) => (await s.call('get', 'margin-account', { token: u.token })).body.data;
    const apply = (u: TestUser, body: unknown = marginApplication()) => s.call('post', 'margin-account', { token: u.token, body });
    const decide = (id: string, action: 'approve' | 'reject', reason: string, token = s.admin.token) =>
      s.call('post', `admin/margin-accounts/${id}/${action}`, { token, body: { reason } });
    const rowsOf = (u: TestUser) => s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute();

    it('refuses margin buys, shorts and margin day trades without an account, writing nothing; cash buys need none', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 5_000_000, { agreed: false });
      expect(await status(u)).toEqual({ state: 'none', application: null, reapplyAt: null });
      const before = await balances(s, u.id);
      for (const o of [{ leverage: 2 }, { direction: 'down' as const, leverage: 2 }, { leverage: 1.5, dayTrade: true }]) {
        const res = await order(s, u, o);
        expect(res.status, JSON.stringify(o)).toBe(422);
        expect(res.body).toMatchObject({ status: 0, msg: 'margin_account_required', params: { state: 'none' } });
      }
      expect(await rowsOf(u)).toEqual([]);
      expect(await balances(s, u.id)).toEqual(before);
      await placed(s, u, { lots: 1 });
    });

    it('answers that meet the thresholds open the account at once; margin and short orders are then taken', async () => {
      s.clock.set(TEST_NOW + 60_000);
      const u = await trader(s, 5_000_000, { agreed: false });
      const res = await apply(u);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        state: 'approved', reapplyAt: null,
        application: { status: 'approved', referral: [], decidedBy: 'auto', decidedAt: TEST_NOW + 60_000, riskVersion: 1, answers: { stockExperience: '1to3' } },
      });
      expect((await placed(s, u, { leverage: 2 })).leverage).toBe(2);
      expect((await placed(s, u, { direction: 'down', leverage: 2 })).direction).toBe('down');
      expect((await apply(u)).body.msg).toBe('margin_account_already_approved');
    });

    it('refuses an application without every risk confirmed or with an unknown explanation version', async () => {
      const u = await trader(s, 0, { agreed: false });
      const body = marginApplication();
      expect((await apply(u, { ...body, risks: { ...body.risks, forcedClose: false } })).status).toBe(400);
      expect((await apply(u, { ...body, riskVersion: 2 })).status).toBe(400);
      expect((await s.call('post', 'margin-account', { body })).status).toBe(401);
      expect((await status(u)).state).toBe('none');
    });

    it('refers answers below the thresholds with the reasons; an admin approves (audited, the user told) and orders are taken', async () => {
      s.clock.set(TEST_NOW + 2 * 60_000);
      const u = await trader(s, 5_000_000, { agreed: false });
      const res = await apply(u, marginApplication(REFERRED_ANSWERS));
      expect(res.body.data).toMatchObject({ state: 'pending', application: { status: 'pending', referral: ['stock_experience', 'financial_assets', 'spare_funds'], decidedBy: null } });
      expect((await order(s, u, { leverage: 2 })).body).toMatchObject({ msg: 'margin_account_required', params: { state: 'pending' } });
      expect((await apply(u)).body.msg).toBe('margin_account_pending');
      const id = res.body.data.application.id as string;
      const queue = await s.call('get', 'admin/margin-accounts', { token: s.admin.token });
      const item = queue.body.data.items.find((i: { id: string }) => i.id === id);
      expect(item).toMatchObject({ userId: u.id, phone: u.phone, answers: REFERRED_ANSWERS, referral: ['stock_experience', 'financial_assets', 'spare_funds'] });
      expect((await decide(id, 'approve', 'ok', u.token)).status).toBe(403);
      const approved = await decide(id, 'approve', '電話で投資経験を確認');
      expect(approved.body.data).toMatchObject({ id, status: 'approved', decidedBy: 'admin', reason: '電話で投資経験を確認' });
      expect((await decide(id, 'reject', 'twice')).body.msg).toBe('review_already_decided');
      const audit = await s.services.database.db.selectFrom('admin_audit').selectAll().where('action', 'like', 'margin_account.%').where('target', '=', u.id).execute();
      expect(audit.map((a) => a.action)).toEqual(['margin_account.approve']);
      const box = await s.call('get', 'messages', { token: u.token });
      expect(box.body.data.items[0]).toMatchObject({ kind: 'margin_account_approved' });
      expect((await placed(s, u, { leverage: 2 })).leverage).toBe(2);
    });

    it('a rejected user sees the reason and may apply again after marginReapplyDays; thresholds come from config', async () => {
      s.clock.set(TEST_NOW + 3 * 60_000);
      const u = await trader(s, 0, { agreed: false });
      const id = (await apply(u, marginApplication(REFERRED_ANSWERS))).body.data.application.id as string;
      await decide(id, 'reject', '余裕資金ではないため');
      const after = await status(u);
      expect(after).toMatchObject({ state: 'rejected', application: { reason: '余裕資金ではないため' }, reapplyAt: TEST_NOW + 3 * 60_000 + 30 * DAY });
      expect((await order(s, u, { leverage: 2 })).body.params).toEqual({ state: 'rejected' });
      const early = await apply(u);
      expect([early.status, early.body.msg, early.body.params]).toEqual([422, 'margin_account_reapply_later', { date: '2026-12-24' }]);
      expect((await s.call('get', 'messages', { token: u.token })).body.data.items[0]).toMatchObject({ kind: 'margin_account_rejected', params: { reason: '余裕資金ではないため' } });
      s.clock.set(TEST_NOW + 3 * 60_000 + 30 * DAY);
      await setConfig(s, 'marginMinStockYears', 0);
      await setConfig(s, 'marginMinFinancialAssets', 0);
      await setConfig(s, 'marginRequireSpareFunds', false);
      expect((await apply(u, marginApplication(REFERRED_ANSWERS))).body.data.state).toBe('approved');
      for (const [name, value] of [['marginMinStockYears', 1], ['marginMinFinancialAssets', 1_000_000], ['marginRequireSpareFunds', true]] as const) await setConfig(s, name, value);
      expect((await s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'marginMinStockYears', value: 6, reason: 'too many' } })).status).toBe(400);
    });
  });

  describe(`migration 2026-11-29-002-margin-account (${dialect})`, () => {
    it('turns every recorded agreement into a pending application without answers', async () => {
      const MINE = '2026-11-29-002-margin-account';
      const { database, dispose } = await openFresh(dialect);
      try {
        const names = Object.keys(migrations).sort();
        const before = names[names.indexOf(MINE) - 1]!;
        const m = migrator(database);
        expect((await m.migrateTo(before)).error).toBeUndefined();
        const db = database.db as any;
        for (const u of ['u1', 'u2']) {
          await db.insertInto('users').values({ id: u, phone: `+8190000000${u.slice(1)}`, password_hash: 'x', invite_code: `CODE${u}`, created_at: 1, updated_at: 1 }).execute();
        }
        await db.insertInto('margin_agreement').values({ user_id: 'u1', version: 1, agreed_at: 1234 }).execute();
        expect((await m.migrateTo(MINE)).error).toBeUndefined();
        const rows = await db.selectFrom('margin_account_application').selectAll().execute();
        expect(rows.map((r: Record<string, unknown>) => ({ ...r, created_at: Number(r.created_at), risk_version: Number(r.risk_version), auto_decided: Number(r.auto_decided) }))).toEqual([
          { id: 'migrated-u1', user_id: 'u1', answers: null, risk_version: 1, referral: '["migrated"]', auto_decided: 0, created_at: 1234, review_status: 'pending', review_reason: null, reviewed_by: null, reviewed_at: null },
        ]);
        expect((await m.migrateTo(before)).error).toBeUndefined();
      } finally {
        await dispose();
      }
    });
  });
}
