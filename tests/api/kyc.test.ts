import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { photo, upload } from './uploads-support';
import { RealNameRequired } from '../../src/server/modules/kyc';

/** 本人確認 (issue 11 §2, §5): submission rules, statuses, resubmission, the audited admin review. */
for (const dialect of testDialects()) {
  describe(`kyc (${dialect})`, () => {
    let s: TestServer;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'kabuto-kyc-'));
      s = await startTestServer({ dialect, env: { KABUTO_DATA_DIR: dataDir } });
    });
    afterAll(async () => {
      await s?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function photos(u: TestUser) {
      const front = (await upload(s, u.token, await photo(), 'kyc_front')).body.data.id as string;
      const back = (await upload(s, u.token, await photo(64, 48, '#33c'), 'kyc_back')).body.data.id as string;
      return { front, back };
    }
    async function submit(u: TestUser, o: Record<string, unknown> = {}) {
      const { front, back } = o.frontUploadId ? { front: o.frontUploadId, back: o.backUploadId } : await photos(u);
      const body = { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back, ...o };
      return s.call('post', 'kyc', { token: u.token, body });
    }
    const rows = async () => Number((await s.services.database.db.selectFrom('kyc_submission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const decide = (id: string, action: 'approve' | 'reject', reason: string, token = s.admin.token) =>
      s.call('post', `admin/kyc/${id}/${action}`, { token, body: { reason } });

    it('starts not verified; a submission is under review with the number masked 6 + 1, and user/info says so', async () => {
      const u = await registerUser(s);
      expect((await s.call('get', 'kyc', { token: u.token })).body.data).toEqual({ status: 'not_verified', submission: null });
      expect((await s.call('get', 'user/info', { token: u.token })).body.data.kycStatus).toBe('not_verified');
      const res = await submit(u, { nameKana: 'やまだ　たろう', documentNumber: '１２３４５６７８９０１２' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'under_review',
        submission: { status: 'under_review', name: '山田 太郎', nameKana: 'ヤマダ\u3000タロウ', documentType: 'driver_licence', documentNumberMasked: '123456•••••2', reason: null, reviewedAt: null },
      });
      expect(JSON.stringify(res.body)).not.toContain('123456789012');
      const row = await s.services.database.db.selectFrom('kyc_submission').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain('789012');
      expect((await s.call('get', 'user/info', { token: u.token })).body.data.kycStatus).toBe('under_review');
    });

    it('converts half-width katakana and hiragana, refuses Latin letters and other scripts in the kana', async () => {
      const u = await registerUser(s);
      const n = await rows();
      const latin = await submit(u, { nameKana: 'ヤマダ taro' });
      expect([latin.status, latin.body.msg, latin.body.params]).toEqual([400, 'kana_latin_letters', { field: 'nameKana' }]);
      const fullWidthLatin = await submit(u, { nameKana: 'ＹＡＭＡＤＡ' });
      expect(fullWidthLatin.body.msg).toBe('kana_latin_letters');
      const kanji = await submit(u, { nameKana: '山田' });
      expect([kanji.status, kanji.body.msg]).toEqual([400, 'kana_invalid']);
      expect(await rows()).toBe(n);
      const half = await submit(u, { nameKana: 'ﾔﾏﾀﾞ ﾀﾛｳ' });
      expect(half.body.data.submission.nameKana).toBe('ヤマダ\u3000タロウ');
    });

    it('checks the document number per document type', async () => {
      const u = await registerUser(s);
      const { front, back } = await photos(u);
      const n = await rows();
      for (const [documentType, documentNumber] of [
        ['driver_licence', '12345678901'],
        ['driver_licence', '12345678901A'],
        ['my_number', '123456789012'], // wrong check digit (…18 is right)
        ['my_number', '12345678901'],
        ['health_insurance', '1234567'],
        ['health_insurance', '12345!78'],
      ]) {
        const res = await submit(u, { documentType, documentNumber, frontUploadId: front, backUploadId: back });
        expect([res.status, res.body.msg, res.body.params], `${documentType} ${documentNumber}`).toEqual([400, 'document_number_invalid', { field: 'documentNumber' }]);
      }
      expect(await rows()).toBe(n);
      const ok = await submit(u, { documentType: 'my_number', documentNumber: '1234 5678 9018', frontUploadId: front, backUploadId: back });
      expect(ok.body.data.submission).toMatchObject({ documentType: 'my_number', documentNumberMasked: '123456•••••8' });
    });

    it('accepts only the user’s own kyc uploads of the right side: another user’s id reads like a missing one', async () => {
      const [a, b] = await Promise.all([registerUser(s), registerUser(s)]);
      const mine = await photos(a);
      const theirs = await photos(b);
      const receipt = (await upload(s, a.token, await photo(), 'receipt')).body.data.id as string;
      const n = await rows();
      const cases: [Record<string, unknown>, string][] = [
        [{ frontUploadId: theirs.front, backUploadId: mine.back }, 'frontUploadId'],
        [{ frontUploadId: mine.front, backUploadId: theirs.back }, 'backUploadId'],
        [{ frontUploadId: mine.front, backUploadId: '01900000-0000-7000-8000-000000000000' }, 'backUploadId'],
        [{ frontUploadId: receipt, backUploadId: mine.back }, 'frontUploadId'],
        [{ frontUploadId: mine.back, backUploadId: mine.front }, 'frontUploadId'],
        [{ frontUploadId: mine.front, backUploadId: mine.front }, 'backUploadId'],
      ];
      for (const [ids, field] of cases) {
        const res = await submit(a, ids);
        expect([res.status, res.body.msg, res.body.params], JSON.stringify(ids)).toEqual([400, 'kyc_upload_invalid', { field }]);
      }
      expect(await rows()).toBe(n);
    });

    it('refuses resubmission while under review and once verified; allows it after failed, showing the reason', async () => {
      const u = await registerUser(s);
      const first = await submit(u);
      const again = await submit(u);
      expect([again.status, again.body.msg]).toEqual([409, 'kyc_under_review']);

      const rejected = await decide(first.body.data.submission.id, 'reject', '書類の画像が不鮮明です');
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({ status: 'failed', reason: '書類の画像が不鮮明です', userId: u.id });
      const failed = (await s.call('get', 'kyc', { token: u.token })).body.data;
      expect(failed).toMatchObject({ status: 'failed', submission: { status: 'failed', reason: '書類の画像が不鮮明です' } });
      expect(failed.submission.reviewedAt).toBe(s.clock.now());
      expect((await s.call('get', 'user/info', { token: u.token })).body.data.kycStatus).toBe('failed');

      const second = await submit(u, { nameKana: 'ヤマダ タロー' });
      expect(second.body.data).toMatchObject({ status: 'under_review', submission: { nameKana: 'ヤマダ\u3000タロー', reason: null } });
      expect(second.body.data.submission.id).not.toBe(first.body.data.submission.id);
      await decide(second.body.data.submission.id, 'approve', '書類と一致');
      expect((await s.call('get', 'kyc', { token: u.token })).body.data.status).toBe('verified');
      const done = await submit(u);
      expect([done.status, done.body.msg]).toEqual([409, 'kyc_already_verified']);
      expect((await s.call('get', 'user/info', { token: u.token })).body.data.kycStatus).toBe('verified');
    });

    it('lets two simultaneous submissions make only one', async () => {
      const u = await registerUser(s);
      const [p1, p2] = await Promise.all([photos(u), photos(u)]);
      const results = await Promise.all([
        submit(u, { frontUploadId: p1.front, backUploadId: p1.back }),
        submit(u, { frontUploadId: p2.front, backUploadId: p2.back }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const n = await s.services.database.db.selectFrom('kyc_submission').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', u.id).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(1);
    });

    it('queues submissions for admins with phone, names, masked number and upload ids; a decision writes the audit row once', async () => {
      const u = await registerUser(s);
      const sub = (await submit(u)).body.data.submission;
      const queue = await s.call('get', 'admin/kyc?status=under_review&limit=100', { token: s.admin.token });
      expect(queue.status).toBe(200);
      const item = queue.body.data.items.find((i: { id: string }) => i.id === sub.id);
      expect(item).toEqual({ ...sub, userId: u.id, phone: u.phone });
      // The admin reads the photos through GET uploads/{id}.
      const img = await fetch(`${s.url}/api/vue/uploads/${item.frontUploadId}`, { headers: { token: s.admin.token } });
      expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

      const noReason = await s.call('post', `admin/kyc/${sub.id}/approve`, { token: s.admin.token, body: {} });
      expect([noReason.status, noReason.body.msg, noReason.body.params?.field]).toEqual([400, 'invalid_request', 'reason']);
      const approved = await decide(sub.id, 'approve', '運転免許証と一致');
      expect(approved.body.data).toMatchObject({ id: sub.id, status: 'verified', reason: '運転免許証と一致', reviewedAt: s.clock.now() });
      const audit = await s.call('get', 'admin/audit', { token: s.admin.token });
      expect(audit.body.data.items[0]).toMatchObject({ action: 'kyc.approve', target: u.id, reason: '運転免許証と一致', adminId: s.admin.id, detail: { id: sub.id, decision: 'approved' } });
      const auditRows = await s.services.database.db.selectFrom('admin_audit').selectAll().where('action', 'like', 'kyc.%').execute();

      // Decided once: a second decision (either way) is refused and writes nothing.
      const twice = await decide(sub.id, 'reject', 'changed my mind');
      expect([twice.status, twice.body.msg]).toEqual([409, 'review_already_decided']);
      expect((await s.services.database.db.selectFrom('admin_audit').selectAll().where('action', 'like', 'kyc.%').execute()).length).toBe(auditRows.length);
      expect((await s.call('get', 'kyc', { token: u.token })).body.data.status).toBe('verified');

      const verified = await s.call('get', 'admin/kyc?status=verified&limit=100', { token: s.admin.token });
      expect(verified.body.data.items.some((i: { id: string }) => i.id === sub.id)).toBe(true);
      const stillQueued = await s.call('get', 'admin/kyc?limit=100', { token: s.admin.token });
      expect(stillQueued.body.data.items.some((i: { id: string }) => i.id === sub.id)).toBe(false);
      expect((await decide('01900000-0000-7000-8000-000000000000', 'approve', 'no such')).status).toBe(404);
    });

    it('refuses the admin endpoints to a user (403) and to anonymous (401), changing nothing', async () => {
      const u = await registerUser(s);
      const sub = (await submit(u)).body.data.submission;
      for (const [method, path, body] of [
        ['get', 'admin/kyc', undefined],
        ['post', `admin/kyc/${sub.id}/approve`, { reason: 'self approval' }],
        ['post', `admin/kyc/${sub.id}/reject`, { reason: 'self rejection' }],
      ] as const) {
        const asUser = await s.call(method, path, { token: u.token, body });
        expect([asUser.status, asUser.body.msg], path).toEqual([403, 'admin_only']);
        expect((await s.call(method, path, { body })).status, path).toBe(401);
      }
      expect((await s.call('get', 'kyc', { token: u.token })).body.data.status).toBe('under_review');
    });

    it('gives other areas identityOf and requireVerified (real_name_required until verified)', async () => {
      const u = await registerUser(s);
      expect(await s.services.kyc.identityOf(u.id)).toBeNull();
      await expect(s.services.kyc.requireVerified(u.id)).rejects.toBeInstanceOf(RealNameRequired);
      await expect(s.services.kyc.requireVerified(u.id)).rejects.toMatchObject({ kind: 'rule', messageId: 'real_name_required' });
      const sub = (await submit(u)).body.data.submission;
      expect(await s.services.kyc.identityOf(u.id)).toEqual({ status: 'under_review', nameKana: 'ヤマダ\u3000タロウ', documentType: 'driver_licence' });
      await expect(s.services.kyc.requireVerified(u.id)).rejects.toMatchObject({ messageId: 'real_name_required' });
      await decide(sub.id, 'approve', 'matches the licence');
      expect(await s.services.kyc.requireVerified(u.id)).toEqual({ status: 'verified', nameKana: 'ヤマダ\u3000タロウ', documentType: 'driver_licence' });
    });
  });
}
