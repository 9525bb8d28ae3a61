import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import '../../src/server/modules/tax-account/tables';
import '../../src/server/modules/messaging/tables';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { photo, upload } from './uploads-support';
import { jstMs, signIn } from './trade-support';

/*
 * 口座区分 and NISA, the tax-account area (issue 38, docs/domain.md "Account types and NISA"): the
 * opening choice made with the KYC submission, the 源泉徴収 choice fixed by the year's first 特定
 * sale, the NISA application (verified My Number identity, declaration, one at a time) and its
 * audited admin review, and the year-change message job.
 */
const MY_NUMBER = '123456789018';

for (const dialect of testDialects()) {
  describe(`tax account and NISA (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const db = () => s.services.database.db;
    const view = async (u: TestUser) => (await s.call('get', 'tax-account', { token: u.token })).body.data;
    const setWithholding = (u: TestUser, withholding: boolean) => s.call('post', 'tax-account/withholding', { token: u.token, body: { withholding } });
    const applyNisa = (u: TestUser, body: unknown = { declaration: true }) => s.call('post', 'tax-account/nisa', { token: u.token, body });
    const decide = (id: string, decision: 'approved' | 'rejected', reason: string, token = s.admin.token) =>
      s.call('post', `admin/nisa/applications/${id}/decide`, { token, body: { decision, reason } });

    async function submitKyc(u: TestUser, o: Record<string, unknown> = {}) {
      const front = (await upload(s, u.token, await photo(), 'kyc_front')).body.data.id as string;
      const back = (await upload(s, u.token, await photo(64, 48, '#33c'), 'kyc_back')).body.data.id as string;
      const body = { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'my_number', documentNumber: MY_NUMBER, frontUploadId: front, backUploadId: back, ...o };
      const res = await s.call('post', 'kyc', { token: u.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.submission.id as string;
    }
    async function kycDecided(u: TestUser, decision: 'approve' | 'reject', o: Record<string, unknown> = {}) {
      const id = await submitKyc(u, o);
      const res = await s.call('post', `admin/kyc/${id}/${decision}`, { token: s.admin.token, body: { reason: '書類を確認しました' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    /** A 特定口座 sale booked at `at`, as trade's settlement writes it (journal_entry.tax_account). */
    async function specificSale(u: TestUser, at: number) {
      await db().insertInto('journal_entry').values({ id: uuidv7(), kind: 'trade_close', user_id: u.id, ref_type: 'position', ref_id: uuidv7(), memo: '{}', created_at: at, tax_account: 'specific' }).execute();
    }

    it('without a choice: 特定口座 with withholding, no NISA, the full room', async () => {
      s.clock.set(TEST_NOW);
      const u = await registerUser(s);
      const v = await view(u);
      expect(v).toMatchObject({ specific: true, withholding: true, withholdingChangeableFrom: null, nisa: { state: 'none', reason: null, year: null, appliedAt: null } });
      expect(v.usage).toMatchObject({
        year: 2026, freesNextYear: 0,
        frames: { nisa_growth: { limit: 2_400_000, used: 0, reserved: 0, remaining: 2_400_000 }, nisa_tsumitate: { limit: 1_200_000, remaining: 1_200_000 } },
        lifetime: { limit: 18_000_000, remaining: 18_000_000 }, growthLifetime: { limit: 12_000_000, remaining: 12_000_000 },
      });
      expect(await db().selectFrom('tax_account').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
      expect((await s.call('get', 'tax-account')).status).toBe(401);
    });

    it('takes the opening choice with the KYC submission; a resubmission changes it until the year\'s first 特定 sale', async () => {
      s.clock.set(TEST_NOW + 60_000);
      const general = await registerUser(s);
      await submitKyc(general, { taxAccount: 'general' });
      expect(await view(general)).toMatchObject({ specific: false, withholding: false, withholdingChangeableFrom: null });
      const noSpecific = await setWithholding(general, true);
      expect([noSpecific.status, noSpecific.body.msg, noSpecific.body.params]).toEqual([422, 'account_type_unavailable', { account: 'specific' }]);

      const u = await registerUser(s);
      await kycDecided(u, 'reject', { taxAccount: 'specific' });
      expect(await view(u)).toMatchObject({ specific: true, withholding: false });
      await submitKyc(u, { taxAccount: 'specific_withholding' });
      expect(await view(u)).toMatchObject({ specific: true, withholding: true });
      const bad = await s.call('post', 'kyc', { token: u.token, body: { taxAccount: 'nisa' } });
      expect(bad.status).toBe(400);

      const sold = await registerUser(s);
      await kycDecided(sold, 'reject', { taxAccount: 'specific' });
      await specificSale(sold, TEST_NOW + 60_000);
      const front = (await upload(s, sold.token, await photo(), 'kyc_front')).body.data.id as string;
      const back = (await upload(s, sold.token, await photo(64, 48, '#33c'), 'kyc_back')).body.data.id as string;
      const locked = await s.call('post', 'kyc', {
        token: sold.token,
        body: { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'my_number', documentNumber: MY_NUMBER, frontUploadId: front, backUploadId: back, taxAccount: 'general' },
      });
      expect([locked.status, locked.body.msg, locked.body.params]).toEqual([422, 'withholding_locked', { nextChange: '2027-01-01' }]);
      // The refused choice rolled back the submission with it.
      expect((await s.call('get', 'kyc', { token: sold.token })).body.data.status).toBe('failed');
      expect(await view(sold)).toMatchObject({ specific: true, withholding: false });
    });

    it('changes withholding until the year\'s first 特定 sale, then refuses until 1 January', async () => {
      s.clock.set(TEST_NOW + 2 * 60_000);
      const u = await registerUser(s);
      const off = await setWithholding(u, false);
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ specific: true, withholding: false, withholdingChangeableFrom: null });
      expect((await setWithholding(u, false)).body.data.withholding).toBe(false);
      // A sale last year does not count.
      await specificSale(u, jstMs('2025-12-30', 10));
      expect((await setWithholding(u, true)).body.data.withholding).toBe(true);
      // A 一般 sale does not count either.
      await db().insertInto('journal_entry').values({ id: uuidv7(), kind: 'trade_close', user_id: u.id, ref_type: 'position', ref_id: uuidv7(), memo: '{}', created_at: TEST_NOW, tax_account: 'general' }).execute();
      expect((await setWithholding(u, false)).status).toBe(200);

      await specificSale(u, TEST_NOW + 2 * 60_000);
      const refused = await setWithholding(u, true);
      expect([refused.status, refused.body.msg, refused.body.params]).toEqual([422, 'withholding_locked', { nextChange: '2027-01-01' }]);
      expect(await view(u)).toMatchObject({ withholding: false, withholdingChangeableFrom: '2027-01-01' });

      // A late-December 特定 sale nets in next year's row: the choice stays fixed through that year.
      const late = await registerUser(s);
      await db().insertInto('trade_tax_year_account').values({ user_id: late.id, year: 2027, account: 'specific', net_gain: 1000, tax_withheld: 203, updated_at: TEST_NOW }).execute();
      expect((await setWithholding(late, false)).body.params).toEqual({ nextChange: '2028-01-01' });

      s.clock.set(jstMs('2027-01-01', 0));
      await signIn(s, u);
      expect((await view(u)).withholdingChangeableFrom).toBeNull();
      const allowed = await setWithholding(u, true);
      expect([allowed.status, allowed.body.data.withholding]).toEqual([200, true]);
      const row = await db().selectFrom('tax_account').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
      expect([Number(row.specific), Number(row.withholding), Number(row.updated_at)]).toEqual([1, 1, jstMs('2027-01-01', 0)]);
    });

    it('refuses a NISA application without a verified My Number identity, without the declaration, and twice', async () => {
      s.clock.set(TEST_NOW + 3 * 60_000);
      const none = await registerUser(s);
      const r1 = await applyNisa(none);
      expect([r1.status, r1.body.msg, r1.body.params]).toEqual([422, 'nisa_my_number_required', { status: 'not_verified' }]);
      const pending = await registerUser(s);
      await submitKyc(pending);
      expect((await applyNisa(pending)).body.params).toEqual({ status: 'under_review' });
      const licence = await registerUser(s);
      await kycDecided(licence, 'approve', { documentType: 'driver_licence', documentNumber: '123456789012' });
      expect((await applyNisa(licence)).body).toMatchObject({ msg: 'nisa_my_number_required', params: { status: 'verified' } });

      const u = await registerUser(s);
      await kycDecided(u, 'approve');
      for (const body of [{}, { declaration: false }]) {
        const res = await applyNisa(u, body);
        expect([res.status, res.body.msg, res.body.params?.field]).toEqual([400, 'invalid_request', 'declaration']);
      }
      const ok = await applyNisa(u);
      expect(ok.status).toBe(200);
      expect(ok.body.data.nisa).toEqual({ state: 'pending', reason: null, year: 2026, appliedAt: TEST_NOW + 3 * 60_000 });
      const twice = await applyNisa(u);
      expect([twice.status, twice.body.msg, twice.body.params]).toEqual([409, 'nisa_already_applied', { state: 'pending' }]);
      expect(await db().selectFrom('nisa_application').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
    });

    it('an admin approves or rejects with a reason (audited, the user told); a user may not; approved opens NISA', async () => {
      s.clock.set(TEST_NOW + 4 * 60_000);
      const u = await registerUser(s);
      await kycDecided(u, 'approve');
      expect((await applyNisa(u)).status).toBe(200);
      const { id } = await db().selectFrom('nisa_application').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow();
      const queue = await s.call('get', 'admin/nisa/applications', { token: s.admin.token });
      expect(queue.status).toBe(200);
      expect(queue.body.data.items.find((i: { id: string }) => i.id === id)).toMatchObject({ userId: u.id, phone: u.phone, year: 2026, status: 'pending', decidedAt: null });
      expect((await s.call('get', 'admin/nisa/applications', { token: u.token })).status).toBe(403);
      expect((await decide(id, 'approved', 'ok ok', u.token)).status).toBe(403);
      expect((await decide(id, 'approved', 'x')).status).toBe(400);
      const approved = await decide(id, 'approved', 'マイナンバーを確認しました');
      expect(approved.body.data).toMatchObject({ id, status: 'approved', reason: 'マイナンバーを確認しました', decidedAt: TEST_NOW + 4 * 60_000 });
      expect((await decide(id, 'rejected', 'twice')).body.msg).toBe('review_already_decided');
      const audit = await db().selectFrom('admin_audit').selectAll().where('action', 'like', 'nisa.%').where('target', '=', u.id).execute();
      expect(audit.map((a) => [a.action, a.reason])).toEqual([['nisa.approve', 'マイナンバーを確認しました']]);
      expect((await s.call('get', 'messages', { token: u.token })).body.data.items[0]).toMatchObject({ kind: 'nisa_approved' });
      expect((await view(u)).nisa).toMatchObject({ state: 'approved', reason: 'マイナンバーを確認しました' });
      expect((await applyNisa(u)).body).toMatchObject({ msg: 'nisa_already_applied', params: { state: 'approved' } });
      const admin = await s.call('get', `admin/users/${u.id}/nisa`, { token: s.admin.token });
      expect(admin.body.data).toMatchObject({ userId: u.id, specific: true, withholding: true, nisa: true, application: { id, status: 'approved' }, usage: { year: 2026 } });
      expect((await s.call('get', `admin/users/${u.id}/nisa`, { token: u.token })).status).toBe(403);
      expect((await s.call('get', 'admin/users/ZZ0000/nisa', { token: s.admin.token })).body.msg).toBe('user_not_found');

      const r = await registerUser(s);
      await kycDecided(r, 'approve');
      await applyNisa(r);
      const rid = (await db().selectFrom('nisa_application').select('id').where('user_id', '=', r.id).executeTakeFirstOrThrow()).id;
      await decide(rid, 'rejected', '他社でNISA口座をお持ちです');
      expect((await view(r)).nisa).toMatchObject({ state: 'rejected', reason: '他社でNISA口座をお持ちです' });
      expect((await s.call('get', 'messages', { token: r.token })).body.data.items[0]).toMatchObject({ kind: 'nisa_rejected', params: { reason: '他社でNISA口座をお持ちです' } });
      const audited = await db().selectFrom('admin_audit').select('action').where('target', '=', r.id).where('action', 'like', 'nisa.%').execute();
      expect(audited.map((a) => a.action)).toEqual(['nisa.reject']);
      expect((await applyNisa(r)).body.data.nisa.state).toBe('pending');
    });

    it('tells each NISA user on the first run of a new Tokyo year, once', async () => {
      // The job is registered with the runner; the later runs call it alone (the other jobs would replay weeks of market).
      const year = async (at: number) => {
        s.clock.set(at);
        return s.services.nisaYearJob.run(at);
      };
      s.clock.set(TEST_NOW + 5 * 60_000);
      expect((await s.services.jobs.runDue(TEST_NOW + 5 * 60_000)).nisaYear).toEqual({ messages: 0 });
      const users = await db().selectFrom('nisa_application').select('user_id').distinct().where('review_status', '=', 'approved').execute();
      expect(users.length).toBeGreaterThan(0);
      expect(await year(TEST_NOW + 6 * 60_000)).toEqual({ messages: 0 });
      expect(await year(jstMs('2027-01-01', 0, 0, 30))).toEqual({ messages: users.length });
      expect(await year(jstMs('2027-01-01', 0, 1))).toEqual({ messages: 0 });
      const mark = await db().selectFrom('job_state').select('through').where('name', '=', 'tax-account.nisa-year').executeTakeFirstOrThrow();
      expect(Number(mark.through)).toBe(2027);
      const box = await db().selectFrom('message').selectAll().where('user_id', '=', users[0]!.user_id).where('kind', '=', 'nisa_year_opened').execute();
      expect(box).toHaveLength(1);
      expect(JSON.parse(box[0]!.params_json as string)).toEqual({ year: 2027, growthRemaining: 2_400_000, tsumitateRemaining: 1_200_000, lifetimeRemaining: 18_000_000, freed: 0 });
    });
  });
}
