import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer } from '../support/server';
import { DEMO_GRANT_JPY, DEMO_PASSWORD, DEMO_PHONE } from '../../src/server/bootstrap';
import { balances } from './trade-support';

/** Admin test-fund grants: journaled, audited, visible to the user (issue 5 §5). */
for (const dialect of testDialects()) {
  describe(`funds admin grant (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect, env: { KABUTO_DEMO: '1' } });
    });
    afterAll(async () => {
      await s?.close();
    });

    const grant = (target: string, body: object, key = uuidv7(), token = s.admin.token) =>
      s.call('post', `admin/users/${target}/grant`, { token, body, headers: { 'Idempotency-Key': key } });

    it('credits cash with a journaled entry, writes the audit row, and the user sees it with the reason', async () => {
      const u = await registerUser(s);
      const key = uuidv7();
      const res = await grant(u.id, { currency: 'JPY', amount: 500_000, reason: 'campaign test funds' }, key);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ userId: u.id, currency: 'JPY', amount: 500_000, cash: 500_000 });
      expect((await grant(u.id, { currency: 'JPY', amount: 500_000, reason: 'campaign test funds' }, key)).body).toEqual(res.body);
      expect((await grant(u.id, { currency: 'JPY', amount: 1, reason: 'campaign test funds' }, key)).body.msg).toBe('idempotency_key_reused');
      expect(await balances(s, u.id)).toMatchObject({ cash: 500_000 });

      const audit = (await s.call('get', 'admin/audit', { token: s.admin.token })).body.data.items[0];
      expect(audit).toMatchObject({ action: 'user.grant', target: u.id, reason: 'campaign test funds', detail: { currency: 'JPY', amount: 500_000, entryId: res.body.data.entryId } });
      const records = (await s.call('get', 'funds/records', { token: u.token })).body.data.items;
      expect(records).toEqual([expect.objectContaining({ id: res.body.data.entryId, kind: 'admin_grant', memo: { id: 'memo_admin_grant', params: { reason: 'campaign test funds' } }, amount: 500_000 })]);
    });

    it('refuses non-admins, unknown users, self-grants and bad amounts', async () => {
      const u = await registerUser(s);
      const body = { currency: 'JPY', amount: 1_000, reason: 'test funds' };
      const byUser = await grant(u.id, body, uuidv7(), u.token);
      expect(byUser.status).toBe(403);
      expect(byUser.body.msg).toBe('admin_only');
      expect((await grant('no-such-user', body)).body.msg).toBe('user_not_found');
      expect((await grant(s.admin.id, body)).status).toBe(403);
      for (const bad of [{ ...body, amount: 0 }, { ...body, amount: -5 }, { ...body, amount: 1.5 }, { ...body, currency: 'XXX' }, { ...body, reason: '' }]) {
        expect((await grant(u.id, bad)).status, JSON.stringify(bad)).toBe(400);
      }
      const noKey = await s.call('post', `admin/users/${u.id}/grant`, { token: s.admin.token, body });
      expect(noKey.body.msg).toBe('idempotency_key_required');
      expect(await balances(s, u.id)).toMatchObject({ cash: 0 });
    });

    it('KABUTO_DEMO gives the demo user a journaled grant visible in their records', async () => {
      const login = await s.call('post', 'user/login', { body: { phone: DEMO_PHONE, password: DEMO_PASSWORD } });
      const token = login.body.data.token;
      const grants = (await s.call('get', 'funds/records?type=grant', { token })).body.data.items;
      expect(grants).toEqual([expect.objectContaining({ kind: 'demo_grant', type: 'grant', amount: DEMO_GRANT_JPY })]);
      expect((await s.call('get', 'funds/summary', { token })).body.data).toMatchObject({ available: DEMO_GRANT_JPY, totalAssets: DEMO_GRANT_JPY });
    });
  });
}
