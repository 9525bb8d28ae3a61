/**
 * The back office's reads (issue 11 item 4): user search and detail (balances from funds, open
 * positions from trade), the audit log's filters, config with its bounds, the block-offer price
 * band — all admin-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placed, trader } from './trade-support';
import { photo, upload } from './uploads-support';

describe.each(testDialects())('admin users, audit filters and config (%s)', (dialect) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kabuto-admin-'));
    s = await startTestServer({ dialect, env: { KABUTO_DATA_DIR: dataDir } });
    alice = await trader(s, 5_000_000);
    bob = await registerUser(s);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string, token = s.admin.token) => s.call('get', path, { token });

  it('every new endpoint is 401 anonymous and 403 admin_only for a user, and changes nothing', async () => {
    for (const path of ['admin/users', `admin/users/${alice.id}`, 'admin/audit?action=user.state', 'admin/config', 'admin/block/band?code=7203']) {
      expect((await get(path, '')).status, path).toBe(401);
      const asUser = await get(path, bob.token);
      expect([asUser.status, asUser.body.msg], path).toEqual([403, 'admin_only']);
    }
  });

  it('searches by part of a phone and by the start of an id, newest first, paged', async () => {
    const byPhone = await get(`admin/users?q=${alice.phone.slice(3)}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.items).toEqual([{ id: alice.id, phone: alice.phone, state: 'active', isAdmin: false, createdAt: expect.any(Number) }]);
    const byId = await get(`admin/users?q=${bob.id.slice(0, 30).toUpperCase()}`);
    expect(byId.body.data.items.map((u: { id: string }) => u.id)).toEqual([bob.id]);
    // LIKE wildcards are characters, not patterns
    expect((await get('admin/users?q=%25')).body.data.items).toEqual([]);
    expect((await get('admin/users?q=_')).body.data.items).toEqual([]);
    expect((await get('admin/users?q=nobody-here')).body.data).toEqual({ items: [], next: null });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: any } = await get(`admin/users?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.data.items.map((u: { id: string }) => u.id));
      cursor = page.body.data.next;
    } while (cursor);
    expect(seen).toEqual([bob.id, alice.id, s.admin.id]);
    expect((await get('admin/users?limit=0')).status).toBe(400);
  });

  it('shows one user: state with reason, balances from the ledger, open positions from trade', async () => {
    const pos = await placed(s, alice);
    await s.call('post', `admin/users/${alice.id}/state`, { token: s.admin.token, body: { state: 'no_trade', reason: 'margin review 2026-11' } });
    const res = await get(`admin/users/${alice.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: alice.id, phone: alice.phone, state: 'no_trade', stateReason: 'margin review 2026-11', isAdmin: false, inviteCode: alice.inviteCode });
    const summary = (await s.call('get', 'funds/summary', { token: alice.token })).body.data;
    expect(d.funds).toEqual(summary);
    expect(d.funds.totalAssets).toBeGreaterThan(0);
    expect(d.openPositions).toBe(1);
    expect(d.positions.map((p: { id: string }) => p.id)).toEqual([pos.id]);
    // KYC through the kyc module (services.kyc): nothing submitted yet
    expect(d).toMatchObject({ kycStatus: 'not_verified', kycReason: null });

    const empty = (await get(`admin/users/${bob.id}`)).body.data;
    expect(empty).toMatchObject({ openPositions: 0, positions: [], state: 'active', stateReason: null });
    expect(empty.funds.totalAssets).toBe(0);

    const missing = await get('admin/users/01900000-0000-7000-8000-000000000000');
    expect([missing.status, missing.body.msg]).toEqual([404, 'user_not_found']);
  });

  it('shows the KYC status from the kyc module: under review, then failed with the reviewer\'s reason', async () => {
    const u = await registerUser(s);
    const front = (await upload(s, u.token, await photo(), 'kyc_front')).body.data.id as string;
    const back = (await upload(s, u.token, await photo(64, 48, '#33c'), 'kyc_back')).body.data.id as string;
    const body = { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back };
    expect((await s.call('post', 'kyc', { token: u.token, body })).status).toBe(200);
    expect((await get(`admin/users/${u.id}`)).body.data).toMatchObject({ kycStatus: 'under_review', kycReason: null });
    const queued = (await get('admin/kyc?status=under_review')).body.data.items.find((i: { userId: string }) => i.userId === u.id);
    await s.call('post', `admin/kyc/${queued.id}/reject`, { token: s.admin.token, body: { reason: '書類の文字が読み取れません' } });
    expect((await get(`admin/users/${u.id}`)).body.data).toMatchObject({ kycStatus: 'failed', kycReason: '書類の文字が読み取れません' });
  });

  it('filters the audit log by admin (id or phone), target and action; each filter narrows', async () => {
    await s.call('post', `admin/users/${bob.id}/state`, { token: s.admin.token, body: { state: 'frozen', reason: 'chargeback 4411' } });
    await s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'sellAfterDays', value: 1, reason: 'T+1 trial' } });
    const all = (await get('admin/audit?limit=200')).body.data.items as { target: string; action: string; adminId: string; adminPhone: string }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((e) => e.adminPhone === s.admin.phone)).toBe(true);

    const byTarget = (await get(`admin/audit?target=${bob.id}`)).body.data.items;
    expect(byTarget).toEqual([expect.objectContaining({ target: bob.id, action: 'user.state', reason: 'chargeback 4411', detail: { from: 'active', to: 'frozen' } })]);
    const byAction = (await get('admin/audit?action=config.set')).body.data.items;
    expect(byAction).toEqual([expect.objectContaining({ target: 'sellAfterDays', detail: { from: 0, to: 1 } })]);
    const both = (await get(`admin/audit?action=config.set&target=${bob.id}`)).body.data.items;
    expect(both).toEqual([]);
    for (const who of [s.admin.id, s.admin.phone]) {
      const mine = (await get(`admin/audit?admin=${who}&limit=200`)).body.data.items;
      expect(mine.length, who).toBe(all.length);
    }
    // an admin filter naming nobody matches nothing (it does not fall back to everything)
    expect((await get('admin/audit?admin=09099999999')).body.data).toEqual({ items: [], next: null });
    expect((await get(`admin/audit?admin=${bob.phone}`)).body.data.items).toEqual([]);
    // paging keeps the filter
    const p1 = (await get('admin/audit?action=user.state&limit=1')).body.data;
    expect(p1.items).toHaveLength(1);
    const p2 = (await get(`admin/audit?action=user.state&limit=1&cursor=${p1.next}`)).body.data;
    expect(p2.items.every((e: { action: string }) => e.action === 'user.state')).toBe(true);
    expect(p2.items[0].id < p1.items[0].id).toBe(true);
  });

  it('lists config items grouped, with their kind, default, bounds and current value', async () => {
    const res = await get('admin/config');
    expect(res.status).toBe(200);
    const items = res.body.data.items as { name: string }[];
    const by = (n: string) => items.find((i) => i.name === n);
    expect(by('maxLeverage')).toEqual({
      name: 'maxLeverage', value: 3.3, default: 3.3, group: 'trading', kind: 'number', min: 1, max: 3.3, maxLength: null, options: null, unit: 'times',
    });
    expect(by('marginInterestBp')).toMatchObject({ group: 'trading', kind: 'integer', min: 0, max: 2000, unit: 'bp' });
    expect(by('sellAfterDays')).toMatchObject({ value: 1, default: 0, min: 0, max: 30, unit: 'days' });
    expect(by('feeSchedule')).toMatchObject({ kind: 'enum', options: ['zero', 'reference'] });
    expect(by('inviteRequired')).toMatchObject({ kind: 'boolean', group: 'account' });
    expect(by('title')).toMatchObject({ kind: 'string', maxLength: 60, group: 'site' });
    // no meaningless "max 9007199254740991"
    expect(by('depositMax')).toMatchObject({ min: 0, max: null, unit: 'yen' });
    const common = (await s.call('post', 'common/config', { body: { type: 'all' } })).body.data as { name: string }[];
    expect(items.map((i) => i.name)).toEqual(common.map((i) => i.name));
  });

  it('gives the price band a new block offer must lie in, the same the create command enforces', async () => {
    const res = await get('admin/block/band?code=7203');
    expect(res.status).toBe(200);
    const band = res.body.data as { lower: number; upper: number; base: number; name: string };
    expect(band.lower).toBeLessThan(band.upper);
    expect(band.lower).toBeGreaterThanOrEqual(Math.ceil(band.base * 0.9));
    expect(band.upper).toBeLessThanOrEqual(Math.floor(band.base * 1.1));
    expect(band.name).toBeTruthy();
    const offer = (price: number) => s.call('post', 'admin/block/offers', {
      token: s.admin.token,
      body: { code: '7203', price, minShares: 100, sharesAvailable: 100, lockDays: 0, from: s.clock.now(), to: s.clock.now() + 3_600_000, reason: 'band check' },
    });
    const above = await offer(band.upper + 1000);
    expect([above.status, above.body.msg]).toEqual([422, 'block_price_out_of_range']);
    expect(above.body.params).toMatchObject({ lower: band.lower, upper: band.upper });
    expect((await get('admin/block/band?code=NOPE')).status).toBe(404);
  });
});
