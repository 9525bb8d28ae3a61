import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { download, exe, hasGpsPointer, pdf, photo, photoWithGps, pngClaiming, upload, uploadLarge } from './uploads-support';

/**
 * POST uploads in its documented form: multipart/form-data with `file` part(s) and `purpose` field(s)
 * (FormData through fetch, as a browser sends it), optionally with `?purpose=` too.
 */
async function uploadForm(s: TestServer, token: string, form: { files?: Uint8Array[]; purpose?: string; query?: string; extra?: Record<string, Uint8Array> }) {
  const body = new FormData();
  if (form.purpose !== undefined) body.append('purpose', form.purpose);
  for (const file of form.files ?? []) body.append('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'photo.jpg');
  for (const [name, file] of Object.entries(form.extra ?? {})) body.append(name, new Blob([file as Uint8Array<ArrayBuffer>]), 'other.jpg');
  const query = form.query === undefined ? '' : `?purpose=${form.query}`;
  const res = await fetch(`${s.url}/api/vue/uploads${query}`, { method: 'POST', headers: { token }, body });
  return { status: res.status, body: (await res.json()) as any };
}

/** Uploads (issue 11 §1, §5): type by content, size and pixel limits, EXIF stripped, private reads. */
for (const dialect of testDialects()) {
  describe(`uploads (${dialect})`, () => {
    let s: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'kabuto-uploads-'));
      s = await startTestServer({ dialect, env: { KABUTO_DATA_DIR: dataDir } });
      [alice, bob] = await Promise.all([registerUser(s), registerUser(s)]);
    });
    afterAll(async () => {
      await s?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const rows = async () => Number((await s.services.database.db.selectFrom('upload').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const storedFile = async (id: string) => {
      const row = await s.services.database.db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { row, bytes: readFileSync(join(dataDir, 'uploads', row.storage_key.slice(0, 2), row.storage_key)) };
    };

    it('stores a photo with its row and serves it privately to the owner', async () => {
      const bytes = await photo(120, 80);
      const res = await upload(s, alice.token, bytes, 'kyc_front', 'image/jpeg');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ purpose: 'kyc_front', mime: 'image/jpeg', width: 120, height: 80 });
      const { row, bytes: stored } = await storedFile(res.body.data.id);
      expect(row).toMatchObject({ user_id: alice.id, purpose: 'kyc_front', mime: 'image/jpeg' });
      expect(Number(row.size)).toBe(stored.byteLength);
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      // A random name, not the id or anything the user sent.
      expect(row.storage_key).toMatch(/^[0-9a-f]{32}$/);
      expect(row.storage_key).not.toContain(res.body.data.id);

      const got = await download(s, alice.token, res.body.data.id);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(stored)).toBe(true);
      expect(got.headers.get('content-type')).toBe('image/jpeg');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toBe(`inline; filename="kyc_front-${res.body.data.id}.jpg"`);
    });

    it('removes the EXIF GPS position from the stored file and applies the orientation', async () => {
      const input = await photoWithGps();
      const before = await sharp(input).metadata();
      expect(hasGpsPointer(before.exif)).toBe(true);
      expect(before.orientation).toBe(6);
      const res = await upload(s, alice.token, input, 'kyc_back');
      expect(res.status).toBe(200);
      const { bytes } = await storedFile(res.body.data.id);
      const after = await sharp(bytes).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(bytes.includes(Buffer.from('Kabuto test', 'latin1'))).toBe(false);
      // Orientation 6 (rotate 90°): the 64×48 picture is stored upright as 48×64.
      expect([after.width, after.height]).toEqual([48, 64]);
      expect(res.body.data).toMatchObject({ width: 48, height: 64 });
    });

    it('refuses a renamed .exe, whatever its Content-Type says, and stores nothing', async () => {
      const n = await rows();
      const res = await upload(s, alice.token, exe(), 'kyc_front', 'image/jpeg');
      expect([res.status, res.body.msg]).toEqual([400, 'upload_type_not_allowed']);
      const text = await upload(s, alice.token, Buffer.from('just some text, not a picture'), 'receipt', 'image/png');
      expect([text.status, text.body.msg]).toEqual([400, 'upload_type_not_allowed']);
      expect(await rows()).toBe(n);
    });

    it('refuses a 25 MB file with upload_too_large, before reading it (Content-Length) and while streaming (chunked)', async () => {
      const n = await rows();
      const res = await uploadLarge(s, alice.token, 25, 'length');
      expect([res.status, res.body.msg, res.body.params]).toEqual([413, 'upload_too_large', { max: 10 * 1024 * 1024 }]);
      // No Content-Length: the limit stops the stream as soon as it passes 10 MB.
      const chunked = await uploadLarge(s, alice.token, 25, 'chunked');
      expect([chunked.status, chunked.body.msg]).toEqual([413, 'upload_too_large']);
      expect(await rows()).toBe(n);
    });

    it('refuses a 20000×20000 PNG from its header (a decompression bomb), and a truncated image', async () => {
      const n = await rows();
      const bomb = await upload(s, alice.token, await pngClaiming(20_000, 20_000), 'kyc_front', 'image/png');
      expect([bomb.status, bomb.body.msg, bomb.body.params]).toEqual([400, 'upload_too_many_pixels', { max: 40_000_000 }]);
      const broken = (await photo(200, 200)).subarray(0, 300);
      const res = await upload(s, alice.token, broken);
      expect([res.status, res.body.msg]).toEqual([400, 'upload_unreadable']);
      expect(await rows()).toBe(n);
    });

    it('keeps a plain PDF but refuses one with JavaScript, an automatic action or encryption', async () => {
      const ok = await upload(s, alice.token, pdf(), 'receipt', 'application/pdf');
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ mime: 'application/pdf', width: null, height: null });
      const n = await rows();
      for (const extra of [
        '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
        '/Names << /JavaScript 4 0 R >>',
        '/AA << /O << /S /Launch /F (calc.exe) >> >>',
        // A name written with #xx escapes is the same name.
        '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>',
      ]) {
        const res = await upload(s, alice.token, pdf(extra), 'receipt', 'application/pdf');
        expect([res.status, res.body.msg], extra).toEqual([400, 'upload_pdf_active_content']);
      }
      const encrypted = Buffer.from(pdf().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'), 'latin1');
      const enc = await upload(s, alice.token, encrypted, 'receipt');
      expect([enc.status, enc.body.msg]).toEqual([400, 'upload_pdf_encrypted']);
      expect(await rows()).toBe(n);
    });

    it('B cannot read A’s upload (404 as for a missing id), anonymous gets 401, an admin reads it', async () => {
      const res = await upload(s, alice.token, await photo());
      const id = res.body.data.id as string;
      const asBob = await download(s, bob.token, id);
      const missing = await download(s, bob.token, '01900000-0000-7000-8000-000000000000');
      expect(asBob.status).toBe(404);
      expect(JSON.parse(asBob.bytes.toString())).toEqual(JSON.parse(missing.bytes.toString()));
      expect(JSON.parse(asBob.bytes.toString()).msg).toBe('not_found');
      const anon = await download(s, undefined, id);
      expect(anon.status).toBe(401);
      const asAdmin = await download(s, s.admin.token, id);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.headers.get('content-type')).toBe('image/jpeg');
      expect(asAdmin.headers.get('cache-control')).toBe('private, no-store');
    });

    it('needs a session and a known purpose to upload, and refuses an empty body', async () => {
      const bytes = await photo();
      expect((await upload(s, undefined, bytes)).status).toBe(401);
      const bad = await upload(s, alice.token, bytes, 'avatar');
      expect([bad.status, bad.body.msg, bad.body.params?.field]).toEqual([400, 'invalid_request', 'purpose']);
      const empty = await upload(s, alice.token, new Uint8Array(0));
      expect([empty.status, empty.body.msg]).toEqual([400, 'upload_empty']);
    });

    it('stores a multipart upload (the documented form) and serves it to its owner', async () => {
      const bytes = await photo(90, 60);
      const res = await uploadForm(s, alice.token, { files: [bytes], purpose: 'kyc_front' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ purpose: 'kyc_front', mime: 'image/jpeg', width: 90, height: 60 });
      const { row, bytes: stored } = await storedFile(res.body.data.id);
      expect(row).toMatchObject({ user_id: alice.id, purpose: 'kyc_front', mime: 'image/jpeg' });
      expect(Number(row.size)).toBe(stored.byteLength);
      const got = await download(s, alice.token, res.body.data.id);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(stored)).toBe(true);
      expect(got.headers.get('content-type')).toBe('image/jpeg');
      // The purpose may also come from the query alone, or from both when they agree.
      const fromQuery = await uploadForm(s, alice.token, { files: [bytes], query: 'receipt' });
      expect([fromQuery.status, fromQuery.body.data?.purpose]).toEqual([200, 'receipt']);
      const both = await uploadForm(s, alice.token, { files: [bytes], purpose: 'support', query: 'support' });
      expect([both.status, both.body.data?.purpose]).toEqual([200, 'support']);
    });

    it('removes the EXIF GPS position from a multipart upload too', async () => {
      const input = await photoWithGps();
      const res = await uploadForm(s, alice.token, { files: [input], purpose: 'kyc_back' });
      expect(res.status).toBe(200);
      const { bytes } = await storedFile(res.body.data.id);
      const after = await sharp(bytes).metadata();
      expect(after.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(bytes.includes(Buffer.from('Kabuto test', 'latin1'))).toBe(false);
      expect([after.width, after.height]).toEqual([48, 64]);
    });

    it('refuses a multipart body without a file, with two files, or with an unknown or mismatching purpose, and stores nothing', async () => {
      const bytes = await photo();
      const n = await rows();
      const noFile = await uploadForm(s, alice.token, { purpose: 'kyc_front' });
      expect([noFile.status, noFile.body.msg, noFile.body.params]).toEqual([400, 'invalid_request', { field: 'file', issue: 'missing' }]);
      const two = await uploadForm(s, alice.token, { files: [bytes, bytes], purpose: 'kyc_front' });
      expect([two.status, two.body.msg, two.body.params]).toEqual([400, 'invalid_request', { field: 'file', issue: 'too_many' }]);
      const otherName = await uploadForm(s, alice.token, { files: [bytes], purpose: 'kyc_front', extra: { file2: bytes } });
      expect([otherName.status, otherName.body.msg, otherName.body.params]).toEqual([400, 'invalid_request', { field: 'file2', issue: 'unknown_field' }]);
      const unknown = await uploadForm(s, alice.token, { files: [bytes], purpose: 'avatar' });
      expect([unknown.status, unknown.body.msg, unknown.body.params]).toEqual([400, 'invalid_request', { field: 'purpose', issue: 'invalid_value' }]);
      const none = await uploadForm(s, alice.token, { files: [bytes] });
      expect([none.status, none.body.msg, none.body.params]).toEqual([400, 'invalid_request', { field: 'purpose', issue: 'missing' }]);
      const mismatch = await uploadForm(s, alice.token, { files: [bytes], purpose: 'kyc_front', query: 'receipt' });
      expect([mismatch.status, mismatch.body.msg, mismatch.body.params]).toEqual([400, 'invalid_request', { field: 'purpose', issue: 'mismatch' }]);
      const badQuery = await uploadForm(s, alice.token, { files: [bytes], purpose: 'kyc_front', query: 'avatar' });
      expect([badQuery.status, badQuery.body.msg, badQuery.body.params?.field]).toEqual([400, 'invalid_request', 'purpose']);
      // The raw form still needs `?purpose=`.
      const rawNone = await fetch(`${s.url}/api/vue/uploads`, { method: 'POST', headers: { token: alice.token, 'content-type': 'image/jpeg' }, body: bytes as unknown as BodyInit });
      expect([rawNone.status, ((await rawNone.json()) as any).params]).toEqual([400, { field: 'purpose', issue: 'missing' }]);
      expect(await rows()).toBe(n);
    });

    it('refuses a renamed .exe, a file part over 10 MB and a body over the limit in the multipart form too', async () => {
      const n = await rows();
      const res = await uploadForm(s, alice.token, { files: [exe()], purpose: 'kyc_front' });
      expect([res.status, res.body.msg]).toEqual([400, 'upload_type_not_allowed']);
      // Within the body's 64 KB allowance for framing, but the file itself is over 10 MB.
      const justOver = Buffer.concat([await photo(), Buffer.alloc(10 * 1024 * 1024)]);
      const over = await uploadForm(s, alice.token, { files: [justOver], purpose: 'receipt' });
      expect([over.status, over.body.msg, over.body.params]).toEqual([413, 'upload_too_large', { max: 10 * 1024 * 1024 }]);
      const huge = await uploadForm(s, alice.token, { files: [Buffer.alloc(12 * 1024 * 1024)], purpose: 'receipt' }).catch(() => null);
      // The edge refuses it from its Content-Length (fetch may instead see the connection closed mid-send).
      if (huge) expect([huge.status, huge.body.msg]).toEqual([413, 'upload_too_large']);
      expect(await rows()).toBe(n);
    });

    it('keeps the 64 KB JSON limit on every other endpoint', async () => {
      const res = await s.call('post', 'kyc', { token: alice.token, raw: JSON.stringify({ name: 'x'.repeat(70 * 1024) }) });
      expect([res.status, (res.body as { msg: string }).msg]).toEqual([413, 'payload_too_large']);
    });
  });
}
