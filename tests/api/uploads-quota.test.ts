import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ManualClock } from '../../src/server/clock';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/server/services';
import { loadConfig } from '../../src/server/platform/config';
import { bootstrap } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db/database';
import { LocalFileStore } from '../../src/server/platform/uploads';
import { createApp } from '../../src/server/http/app';
import { testDialects } from '../support/db';
import { PG_URL, createMigratedDatabase, dropInstancesDatabase, listenOnLoopback } from '../support/scaleout';
import { registerUser, startTestServer, TEST_ADMIN, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { pdf, photo, upload } from './uploads-support';

const MB = 1024 * 1024;
/** TEST_NOW is 10:00 on 2026-11-24 in Tokyo: the daily quotas reset at the next Tokyo midnight. */
const MIDNIGHT = Date.parse('2026-11-24T15:00:00Z');

/** A plain PDF of exactly `size` bytes (kept as sent, so its stored size is known): a comment pads it. */
function pdfOf(size: number): Buffer {
  const base = pdf();
  const head = Buffer.from('%PDF-1.4\n', 'latin1');
  const padding = size - base.byteLength - 2; // '%' and '\n'
  return Buffer.concat([head, Buffer.from(`%${'k'.repeat(padding)}\n`, 'latin1'), base.subarray(head.byteLength)]);
}

/** Issue 37 item 8: per-user upload quotas — files and bytes a Tokyo day, bytes in all — held under concurrency. */
for (const dialect of testDialects()) {
  describe(`upload quotas (${dialect})`, () => {
    let s: TestServer;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'kabuto-upload-quota-'));
      s = await startTestServer({ dialect, env: { KABUTO_DATA_DIR: dataDir } });
    });
    afterAll(async () => {
      await s?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const rowsOf = async (u: TestUser) =>
      Number((await s.services.database.db.selectFrom('upload').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', u.id).executeTakeFirstOrThrow()).n);
    /** Files in the store: a refused upload must leave none behind. */
    const filesStored = () => {
      const root = join(dataDir, 'uploads');
      if (!existsSync(root)) return 0;
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    };
    const setConfig = async (name: string, value: number) => {
      const res = await s.call('post', 'admin/config', { token: s.admin.token, body: { name, value, reason: 'upload quota test' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };

    it('ships bounded defaults: 20 files and 50 MB a day, 200 MB in all', async () => {
      const values = await s.services.config.values();
      expect([values.uploadDailyCount, values.uploadDailyMb, values.uploadStoredMb]).toEqual([20, 50, 200]);
      for (const [name, value] of [['uploadDailyCount', 0], ['uploadDailyMb', 0], ['uploadStoredMb', 10_001], ['uploadDailyCount', 501]] as const) {
        const res = await s.call('post', 'admin/config', { token: s.admin.token, body: { name, value, reason: 'out of bounds' } });
        expect(res.body.msg, name).toBe('config_out_of_bounds');
      }
    });

    it('of 40 concurrent uploads exactly the daily 20 are stored; the rest get 429 with the limit and the reset', async () => {
      const [alice, bob] = await Promise.all([registerUser(s), registerUser(s)]);
      const bytes = await photo();
      const files = filesStored();
      const results = await Promise.all(Array.from({ length: 40 }, () => upload(s, alice.token, bytes, 'receipt', 'image/jpeg')));
      expect(results.filter((r) => r.status === 200)).toHaveLength(20);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(429);
        expect(r.body).toEqual({ status: 0, data: null, msg: 'upload_daily_count_limit', params: { max: 20, until: MIDNIGHT } });
      }
      expect(await rowsOf(alice)).toBe(20);
      expect(filesStored()).toBe(files + 20);
      // A sequential try is refused the same way; another user's quota is their own.
      expect((await upload(s, alice.token, bytes, 'receipt')).body.msg).toBe('upload_daily_count_limit');
      expect((await upload(s, bob.token, bytes, 'receipt')).status).toBe(200);
    });

    it('the daily quotas reset at midnight in Tokyo (the injected clock), not before', async () => {
      const u = await registerUser(s);
      await setConfig('uploadDailyCount', 2);
      try {
        const bytes = pdf();
        expect((await upload(s, u.token, bytes, 'receipt')).status).toBe(200);
        expect((await upload(s, u.token, bytes, 'receipt')).status).toBe(200);
        s.clock.set(MIDNIGHT - 1);
        expect((await upload(s, u.token, bytes, 'receipt')).body).toMatchObject({ msg: 'upload_daily_count_limit', params: { max: 2, until: MIDNIGHT } });
        s.clock.set(MIDNIGHT);
        expect((await upload(s, u.token, bytes, 'receipt')).status).toBe(200);
        expect((await upload(s, u.token, bytes, 'receipt')).status).toBe(200);
        expect((await upload(s, u.token, bytes, 'receipt')).body).toMatchObject({ msg: 'upload_daily_count_limit', params: { max: 2, until: MIDNIGHT + 24 * 3_600_000 } });
        expect(await rowsOf(u)).toBe(4);
      } finally {
        s.clock.set(TEST_NOW);
        await setConfig('uploadDailyCount', 20);
      }
    });

    it('counts bytes a day as stored, concurrently too: 10 uploads of 0.4 MB under 1 MB a day keep 2', async () => {
      const u = await registerUser(s);
      await setConfig('uploadDailyMb', 1);
      try {
        const big = pdfOf(400_000);
        expect(big.byteLength).toBe(400_000);
        const files = filesStored();
        const results = await Promise.all(Array.from({ length: 10 }, () => upload(s, u.token, big, 'receipt', 'application/pdf')));
        expect(results.filter((r) => r.status === 200)).toHaveLength(2);
        for (const r of results.filter((x) => x.status !== 200)) {
          expect(r.status).toBe(429);
          expect(r.body).toEqual({ status: 0, data: null, msg: 'upload_daily_bytes_limit', params: { max: 1, until: MIDNIGHT } });
        }
        expect(filesStored()).toBe(files + 2);
        // 800,000 of 1,048,576 bytes used: a small file still fits, a file of the rest plus one byte does not.
        expect((await upload(s, u.token, pdfOf(MB - 800_000 - 1_000), 'receipt')).status).toBe(200);
        expect((await upload(s, u.token, pdfOf(1_001), 'receipt')).body.msg).toBe('upload_daily_bytes_limit');
        expect((await upload(s, u.token, pdfOf(1_000), 'receipt')).status).toBe(200);
        // Full to the byte: refused before the body is read.
        expect((await upload(s, u.token, pdf(), 'receipt')).body.msg).toBe('upload_daily_bytes_limit');
        s.clock.set(MIDNIGHT + 60_000);
        expect((await upload(s, u.token, big, 'receipt')).status).toBe(200);
      } finally {
        s.clock.set(TEST_NOW);
        await setConfig('uploadDailyMb', 50);
      }
    });

    it('caps the bytes stored in all with 422 and {max}, which a new day does not lift', async () => {
      const u = await registerUser(s);
      await setConfig('uploadStoredMb', 1);
      try {
        const big = pdfOf(400_000);
        expect((await upload(s, u.token, big, 'receipt')).status).toBe(200);
        s.clock.set(MIDNIGHT + 1);
        expect((await upload(s, u.token, big, 'receipt')).status).toBe(200);
        const refused = await upload(s, u.token, big, 'receipt');
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({ status: 0, data: null, msg: 'upload_storage_limit', params: { max: 1 } });
        s.clock.set(MIDNIGHT + 2 * 24 * 3_600_000);
        expect((await upload(s, u.token, big, 'receipt')).body.msg).toBe('upload_storage_limit');
        expect(await rowsOf(u)).toBe(2);
      } finally {
        s.clock.set(TEST_NOW);
        await setConfig('uploadStoredMb', 200);
      }
    });
  });
}

/**
 * Scale-out (docs/decisions/021-scale-out.md): two instances, each with its own pool, over one
 * PostgreSQL database and one shared upload directory. The quota is the database's, not an
 * instance's: 40 uploads sent at once, alternately to each, store exactly the daily 20.
 */
describe.skipIf(!PG_URL)('upload quotas across two instances on one PostgreSQL', () => {
  const name = `kabuto_uq_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'kabuto-uq-'));
  const instances: { url: string; services: Services; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    const url = await createMigratedDatabase(name);
    for (let i = 0; i < 2; i++) {
      const database = openDatabase({ kind: 'postgres', url });
      const settings = loadConfig({ KABUTO_ADMIN_PHONE: TEST_ADMIN.phone, KABUTO_ADMIN_PASSWORD: TEST_ADMIN.password, KABUTO_ROOT_INVITE: TEST_ADMIN.invite });
      const services = createServices({
        database, clock: new ManualClock(TEST_NOW), logger: createLogger('silent'), settings, fileStore: new LocalFileStore(uploadsDir),
        loginLimits: { ipAttempts: 10_000, registrationsPerIp: 10_000 },
      });
      await bootstrap(services, settings);
      const { url: base, server } = await listenOnLoopback(createApp(services));
      instances.push({
        url: base,
        services,
        async close() {
          services.quotes.stop();
          await new Promise<void>((r) => server.close(() => r()));
          await database.close();
        },
      });
    }
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await dropInstancesDatabase(name);
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('40 concurrent uploads split between the instances store exactly 20', async () => {
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    const phone = `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const body = JSON.stringify({ phone, password: 'pass-word-123', password2: 'pass-word-123', inviteCode: TEST_ADMIN.invite, agree: true });
    const reg = await fetch(`${a.url}/api/vue/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const token = ((await reg.json()) as { data: { token: string } }).data.token;
    const bytes = pdf();
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${(i % 2 ? b : a).url}/api/vue/uploads?purpose=receipt`, {
          method: 'POST', headers: { token, 'content-type': 'application/pdf' }, body: bytes as unknown as BodyInit,
        });
        return { status: res.status, body: (await res.json()) as { msg: string } };
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 429 && r.body.msg === 'upload_daily_count_limit')).toHaveLength(20);
    const rows = await a.services.database.db.selectFrom('upload').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(20);
    expect(readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toHaveLength(20);
  });
});
