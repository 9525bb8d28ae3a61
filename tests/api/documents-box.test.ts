import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import '../../src/server/modules/documents/tables';
import { testDialects } from '../support/db';
import { signInAdmin, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { CONSENT_VERSION } from '../../src/shared/domain/documents';
import { at, closePos, dataOf, signIn, trader } from './trade-support';

/*
 * The document box (docs/domain.md "Documents and exports"): a cash buy gets exactly one 取引報告書
 * from the next job run, listed unread with its title, its PDF to the owner only (another user's id
 * is the 404 of a missing one), the first reading kept, the consent's round trip, a 取引残高報告書 on
 * request once per Idempotency-Key, the annual preview, the quarter's and the year's reports on the
 * first run of the new quarter and year, the back office's list, audited opening and reissue, and the
 * `document_issued` message. On the test clock; the documents are the jobs' (jobs.runDue).
 */
interface Doc {
  id: string;
  kind: string;
  number: string;
  title: Record<string, unknown>;
  readAt: number | null;
  correctsId: string | null;
  correctedBy: string | null;
}

for (const dialect of testDialects()) {
  describe(`documents: the box (${dialect})`, () => {
    let s: TestServer;
    let u: TestUser;
    let bob: TestUser;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const run = async (t: number) => {
      s.clock.set(t);
      return (await s.services.jobs.runDue(t)).documents;
    };
    const list = async (who: TestUser, query = '') => dataOf((await s.call('get', `documents${query}`, { token: who.token })).body) as { items: Doc[]; unread: number; next: string | null };
    const pdf = (who: TestUser, id: string, query = '') => fetch(`${s.url}/api/vue/documents/${id}/pdf${query}`, { headers: { token: who.token } });
    const expectPdf = async (res: Response) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      return bytes;
    };

    it('issues, lists, serves and marks the documents of a year', { timeout: 300_000 }, async () => {
      expect(await run(TEST_NOW)).toMatchObject({ contractNotes: 0, balanceReports: 0, annualReports: 0, errors: 0 });
      [u, bob] = await Promise.all([trader(s, 10_000_000, { agreed: false }), trader(s, 1_000_000, { agreed: false })]);
      const buy = await s.call('post', 'trade/orders', {
        token: u.token, headers: { 'Idempotency-Key': uuidv7() },
        body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1, account: 'specific' },
      });
      expect(buy.status, JSON.stringify(buy.body)).toBe(200);
      const positionId = buy.body.data.id as string;

      // The next run issues exactly one 取引報告書; a second issues nothing more.
      expect(await run(TEST_NOW + 60_000)).toMatchObject({ contractNotes: 1, errors: 0 });
      expect(await run(TEST_NOW + 120_000)).toMatchObject({ contractNotes: 0, balanceReports: 0, annualReports: 0 });
      const box = await list(u);
      expect(box.items).toHaveLength(1);
      expect(box.unread).toBe(1);
      const note = box.items[0]!;
      expect(note).toMatchObject({ kind: 'contract_note', readAt: null, correctsId: null, correctedBy: null });
      expect(note.title).toMatchObject({ execution: 'cash_buy', code: '7203', quantity: 100, account: 'specific' });
      expect(note.number).toMatch(/^KB-[0-9A-F]{10}$/);
      expect((await list(bob)).items).toHaveLength(0);

      // The PDF: the owner's, inline or as a download under a name of ours; another user's is a 404.
      const inline = await pdf(u, note.id);
      expect(inline.headers.get('content-disposition')).toBe(`inline; filename="${note.number}.pdf"`);
      const bytes = await expectPdf(inline);
      expect(bytes.byteLength).toBeLessThan(100_000);
      const download = await pdf(u, note.id, '?download=1');
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${note.number}.pdf"`);
      await expectPdf(download);
      const missing = await pdf(bob, uuidv7());
      const others = await pdf(bob, note.id);
      expect(others.status).toBe(404);
      expect(await others.json()).toEqual(await missing.json());
      expect((await s.call('post', `documents/${note.id}/read`, { token: bob.token, body: {} })).status).toBe(404);

      // The first reading is kept; the unread count drops.
      const read = dataOf((await s.call('post', `documents/${note.id}/read`, { token: u.token, body: {} })).body) as { readAt: number };
      expect(read.readAt).toBe(TEST_NOW + 120_000);
      s.clock.set(TEST_NOW + 180_000);
      expect(dataOf((await s.call('post', `documents/${note.id}/read`, { token: u.token, body: {} })).body)).toEqual(read);
      const afterRead = await list(u);
      expect(afterRead.unread).toBe(0);
      expect(afterRead.items[0]!.readAt).toBe(read.readAt);

      // The message in the user's box.
      const messages = dataOf((await s.call('get', 'messages', { token: u.token })).body) as { items: { kind: string; params: Record<string, unknown> }[] };
      const issued = messages.items.filter((m) => m.kind === 'document_issued');
      expect(issued).toHaveLength(1);
      expect(issued[0]!.params).toMatchObject({ documentId: note.id, kind: 'contract_note', number: note.number, code: '7203' });

      // Consent: none, a wrong version refused, given, withdrawn.
      const consent0 = dataOf((await s.call('get', 'documents/consent', { token: u.token })).body);
      expect(consent0).toMatchObject({ version: null, givenAt: null, withdrawnAt: null, currentVersion: CONSENT_VERSION });
      const wrong = await s.call('post', 'documents/consent', { token: u.token, body: { version: '1999-01-01' } });
      expect(wrong.status).toBe(400);
      const given = dataOf((await s.call('post', 'documents/consent', { token: u.token, body: { version: CONSENT_VERSION } })).body);
      expect(given).toMatchObject({ version: CONSENT_VERSION, givenAt: TEST_NOW + 180_000, withdrawnAt: null });
      s.clock.set(TEST_NOW + 240_000);
      const withdrawn = dataOf((await s.call('post', 'documents/consent/withdraw', { token: u.token, body: {} })).body);
      expect(withdrawn).toMatchObject({ version: null, withdrawnAt: TEST_NOW + 240_000 });
      expect(dataOf((await s.call('get', 'documents/consent', { token: u.token })).body)).toEqual(withdrawn);

      // A 取引残高報告書 on request: once per Idempotency-Key.
      const key = uuidv7();
      const request = () => s.call('post', 'documents/balance-report', { token: u.token, body: {}, headers: { 'Idempotency-Key': key } });
      const first = await request();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await request();
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(first.body.data).toMatchObject({ kind: 'balance_report', periodFrom: '2026-10-01', periodTo: '2026-11-24', title: { period: 'request' } });
      expect((await list(u, '?kind=balance_report')).items).toHaveLength(1);
      await expectPdf(await pdf(u, first.body.data.id as string));

      // The annual preview: a PDF, not stored.
      const preview = await fetch(`${s.url}/api/vue/documents/annual-preview`, { headers: { token: u.token } });
      await expectPdf(preview);
      expect((await list(u)).items).toHaveLength(2);

      // The back office: the list with the consent, an audited opening, a reissue that keeps the old one.
      const admin = dataOf((await s.call('get', `admin/documents?userId=${u.id}`, { token: s.admin.token })).body) as { items: (Doc & { userId: string })[]; consent: { withdrawnAt: number } };
      expect(admin.items.map((d) => d.id).sort()).toEqual([note.id, first.body.data.id].sort());
      expect(admin.consent.withdrawnAt).toBe(TEST_NOW + 240_000);
      const opened = await fetch(`${s.url}/api/vue/admin/documents/${note.id}/open`, {
        method: 'POST', headers: { token: s.admin.token, 'content-type': 'application/json' }, body: JSON.stringify({ reason: 'customer asked by phone' }),
      });
      await expectPdf(opened);
      const audit = await s.services.database.db.selectFrom('admin_audit').selectAll().where('target', '=', note.id).execute();
      expect(audit.map((a) => [a.action, a.reason])).toEqual([['document.open', 'customer asked by phone']]);
      const reissued = await s.call('post', `admin/documents/${note.id}/reissue`, { token: s.admin.token, body: { reason: 'wrong fee shown' } });
      expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
      expect(reissued.body.data).toMatchObject({ kind: 'contract_note', correctsId: note.id, correctsNumber: note.number, reason: 'wrong fee shown', issuedBy: s.admin.id, userId: u.id });
      const afterReissue = await list(u, '?kind=contract_note');
      expect(afterReissue.items).toHaveLength(2);
      expect(afterReissue.items.find((d) => d.id === note.id)!.correctedBy).toBe(reissued.body.data.id);
      const reissueAudit = await s.services.database.db.selectFrom('admin_audit').select(['action', 'reason']).where('action', '=', 'document.reissue').execute();
      expect(reissueAudit).toEqual([{ action: 'document.reissue', reason: 'wrong fee shown' }]);

      // A sale in 特定 settled in 2026, then the first run of 2027: the 2026-Q4 取引残高報告書 and the 2026 年間取引報告書.
      s.clock.set(at('2026-12-01', 10));
      const sold = await closePos(s, u, positionId);
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
      const sellReport = await run(at('2026-12-01', 10, 1));
      expect(sellReport).toMatchObject({ contractNotes: 1, errors: 0 });
      const newYear = await run(at('2027-01-01', 9));
      expect(newYear).toMatchObject({ errors: 0 });
      expect(newYear!.annualReports).toBe(1);
      await signIn(s, u);
      const quarter = (await list(u, '?kind=balance_report')).items.filter((d) => d.title.period === '2026-Q4');
      expect(quarter).toHaveLength(1);
      const annual = (await list(u, '?kind=annual_report')).items;
      expect(annual).toHaveLength(1);
      expect(annual[0]!.title).toEqual({ year: 2026 });
      await expectPdf(await pdf(u, annual[0]!.id));
      // Nothing twice: a later run issues nothing more.
      expect(await run(at('2027-01-01', 10))).toMatchObject({ contractNotes: 0, balanceReports: 0, annualReports: 0, errors: 0 });
      await signInAdmin(s);
    });
    it('issues at most five 取引残高報告書 on request a Tokyo day; the sixth is refused and issues nothing', { timeout: 120_000 }, async () => {
      s.clock.set(at('2027-01-05', 10));
      const carol = await trader(s, 1_000_000, { agreed: false });
      const ask = (key = uuidv7()) => s.call('post', 'documents/balance-report', { token: carol.token, body: {}, headers: { 'Idempotency-Key': key } });
      const key = uuidv7();
      expect((await ask(key)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200);
      const sixth = await ask();
      expect(sixth.status).toBe(422);
      expect(sixth.body).toMatchObject({ msg: 'document_request_limit', params: { limit: 5 } });
      expect((await list(carol, '?kind=balance_report')).items).toHaveLength(5);
      // A repeat of a key already issued is still answered with its document.
      expect((await ask(key)).status).toBe(200);
      // The next Tokyo day it goes again.
      s.clock.set(at('2027-01-06', 10));
      expect((await ask()).status).toBe(200);
      expect((await list(carol, '?kind=balance_report')).items).toHaveLength(6);
    });
  });
}
