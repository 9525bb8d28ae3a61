import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { bootstrap } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/platform/config';
import { download, photo, upload } from './uploads-support';

/**
 * Phishing-resistant sign-in (docs/decisions/008-passkeys.md, "Follow-up: passkey login as a setting,
 * and for staff"; issue 37 item 6): a user may require a passkey at every sign-in, and the back
 * office takes only an admin's passkey session.
 */
describe.each(testDialects())('passkey sign-in policy (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const post = (path: string, token?: string, body?: unknown, headers?: Record<string, string>) => s.call('post', path, { token, body, headers });
  const passwordLogin = (who: { phone: string; password: string }) => post('user/login', undefined, { phone: who.phone, password: who.password });

  async function registerPasskey(token: string, auth: SoftAuthenticator, stepUp?: string) {
    const opt = await post('passkeys/register/options', token, undefined, stepUp ? { 'X-Step-Up': stepUp } : undefined);
    expect(opt.status, JSON.stringify(opt.body)).toBe(200);
    const res = await post('passkeys/register', token, { challengeId: opt.body.data.challengeId, response: auth.create(opt.body.data.options) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string };
  }

  async function passkeyLogin(auth: SoftAuthenticator) {
    const opt = await post('passkeys/login/options');
    return post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) });
  }

  async function stepUp(token: string, auth: SoftAuthenticator): Promise<{ 'X-Step-Up': string }> {
    const opt = await post('passkeys/verify/options', token);
    expect(opt.status, JSON.stringify(opt.body)).toBe(200);
    const res = await post('passkeys/verify', token, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { 'X-Step-Up': res.body.data.token as string };
  }

  const settings = async (token: string) => (await s.call('get', 'passkeys/settings', { token })).body.data;
  const required = async (u: TestUser) =>
    (await s.services.database.db.selectFrom('users').select('passkey_required').where('id', '=', u.id).executeTakeFirstOrThrow()).passkey_required;

  describe('a user who requires a passkey at sign-in', () => {
    it('cannot sign in with the password alone, and can with the passkey', async () => {
      const u = await registerUser(s);
      const auth = new SoftAuthenticator(s.url);
      await registerPasskey(u.token, auth);
      expect(await settings(u.token)).toEqual({ requireAtLogin: false, count: 1, session: 'password' });

      // Turning it on takes a fresh passkey assertion: without one nothing changes.
      let res = await post('passkeys/settings', u.token, { requireAtLogin: true });
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);
      expect(await required(u)).toBe(0);
      res = await post('passkeys/settings', u.token, { requireAtLogin: true }, await stepUp(u.token, auth));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ requireAtLogin: true, count: 1, session: 'password' });

      // The right password alone is refused with the way on, and opens no session; a wrong one reads
      // as before (nothing revealed to whoever lacks the password).
      const sessionsOf = async () => (await s.services.database.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).length;
      const before = await sessionsOf();
      res = await passwordLogin(u);
      expect([res.status, res.body.msg]).toEqual([403, 'passkey_login_required']);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await sessionsOf()).toBe(before);
      res = await passwordLogin({ phone: u.phone, password: 'not-the-password' });
      expect([res.status, res.body.msg]).toEqual([422, 'phone_or_password_incorrect']);

      // The passkey signs in, and its session says so.
      res = await passkeyLogin(auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.account).toBe(u.phone);
      const session = res.body.data.token as string;
      expect(await settings(session)).toEqual({ requireAtLogin: true, count: 1, session: 'passkey' });
      const row = await s.services.database.db.selectFrom('sessions').select('auth_method').where('user_id', '=', u.id).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.auth_method).toBe('passkey');
    });

    it('keeps its last passkey, and turning the requirement off takes a passkey assertion', async () => {
      const u = await registerUser(s);
      const auth = new SoftAuthenticator(s.url);
      const pk = await registerPasskey(u.token, auth);
      await post('passkeys/settings', u.token, { requireAtLogin: true }, await stepUp(u.token, auth));

      // The last passkey stays: refused before an assertion is asked for, and with one too.
      let del = await s.call('delete', `passkeys/${pk.id}`, { token: u.token });
      expect([del.status, del.body.msg]).toEqual([422, 'passkey_last_required']);
      del = await s.call('delete', `passkeys/${pk.id}`, { token: u.token, headers: await stepUp(u.token, auth) });
      expect([del.status, del.body.msg]).toEqual([422, 'passkey_last_required']);
      expect((await s.call('get', 'passkeys', { token: u.token })).body.data).toHaveLength(1);

      // Off: a stolen session (no assertion) cannot turn it off.
      let res = await post('passkeys/settings', u.token, { requireAtLogin: false });
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);
      expect(await required(u)).toBe(1);
      res = await post('passkeys/settings', u.token, { requireAtLogin: false }, await stepUp(u.token, auth));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.requireAtLogin).toBe(false);
      expect((await passwordLogin(u)).status).toBe(200);
    });

    it('needs a registered passkey to turn the requirement on', async () => {
      const u = await registerUser(s);
      const res = await post('passkeys/settings', u.token, { requireAtLogin: true });
      expect([res.status, res.body.msg]).toEqual([422, 'passkey_not_registered']);
      expect(await required(u)).toBe(0);
      expect(await settings(u.token)).toEqual({ requireAtLogin: false, count: 0, session: 'password' });
    });

    it('two removals at once cannot leave it without a passkey', async () => {
      const u = await registerUser(s);
      const auth = new SoftAuthenticator(s.url);
      const first = await registerPasskey(u.token, auth);
      const second = await registerPasskey(u.token, auth, (await stepUp(u.token, auth))['X-Step-Up']);
      await post('passkeys/settings', u.token, { requireAtLogin: true }, await stepUp(u.token, auth));
      const [a, b] = [await stepUp(u.token, auth), await stepUp(u.token, auth)];
      const results = await Promise.all([
        s.call('delete', `passkeys/${first.id}`, { token: u.token, headers: a }),
        s.call('delete', `passkeys/${second.id}`, { token: u.token, headers: b }),
      ]);
      expect(results.map((r) => [r.status, r.body.msg]).sort()).toEqual([[200, ''], [422, 'passkey_last_required']]);
      expect((await s.call('get', 'passkeys', { token: u.token })).body.data).toHaveLength(1);
    });
  });

  describe('the back office', () => {
    // A second admin ensured by the seed (bootstrap), as a fresh install's first admin: no passkey yet.
    const second = { phone: '09055550001', password: 'second-admin-pass-1' };
    beforeAll(async () => {
      const boot = await bootstrap(s.services, loadConfig({ KABUTO_ADMIN_PHONE: second.phone, KABUTO_ADMIN_PASSWORD: second.password, KABUTO_ROOT_INVITE: 'SECONDADM' }));
      expect(boot.admin).toMatchObject({ phone: second.phone, created: true });
    });

    it('refuses an admin password session (403 admin_passkey_required), which can register a passkey; its passkey session works', async () => {
      const login = await passwordLogin(second);
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.data.is_admin).toBe(true);
      const password = login.body.data.token as string;
      expect(await settings(password)).toEqual({ requireAtLogin: false, count: 0, session: 'password' });

      // Every admin endpoint refuses it (the registry walk: security-authz.test.ts); one read and one command here.
      let res = await s.call('get', 'admin/users', { token: password });
      expect([res.status, res.body.msg]).toEqual([403, 'admin_passkey_required']);
      res = await post('admin/config', password, { name: 'sellAfterDays', value: 0, reason: 'phished' });
      expect([res.status, res.body.msg]).toEqual([403, 'admin_passkey_required']);
      // Nor does it open another person's documents through the user endpoint.
      const u = await registerUser(s);
      const doc = (await upload(s, u.token, await photo())).body.data.id as string;
      expect((await download(s, password, doc)).status).toBe(404);
      // As a user's session it works as before.
      expect((await s.call('get', 'user/info', { token: password })).status).toBe(200);

      // The first-setup path: a passkey registered on the password session (no step-up: it has none)…
      const auth = new SoftAuthenticator(s.url);
      await registerPasskey(password, auth);
      // …which the registration does not upgrade: the back office waits for a passkey sign-in.
      res = await s.call('get', 'admin/users', { token: password });
      expect([res.status, res.body.msg]).toEqual([403, 'admin_passkey_required']);

      const signed = await passkeyLogin(auth);
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      expect(signed.body.data.is_admin).toBe(true);
      const passkey = signed.body.data.token as string;
      expect(await settings(passkey)).toEqual({ requireAtLogin: false, count: 1, session: 'passkey' });
      res = await s.call('get', 'admin/users', { token: passkey });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await download(s, passkey, doc)).status).toBe(200);

      // Its last passkey stays: without it the password would again be enough to enrol one.
      const [pk] = (await s.call('get', 'passkeys', { token: passkey })).body.data as { id: string }[];
      const del = await s.call('delete', `passkeys/${pk!.id}`, { token: passkey, headers: await stepUp(passkey, auth) });
      expect([del.status, del.body.msg]).toEqual([422, 'passkey_last_required']);
      // And once it has one, a password session can no longer add another (step-up with the first).
      const again = await post('passkeys/register/options', password);
      expect([again.status, again.body.msg]).toEqual([403, 'step_up_required']);
    });

    it('a user is still refused as before: 403 admin_only, passkey or not', async () => {
      const u = await registerUser(s);
      const auth = new SoftAuthenticator(s.url);
      await registerPasskey(u.token, auth);
      const signed = await passkeyLogin(auth);
      const res = await s.call('get', 'admin/users', { token: signed.body.data.token });
      expect([res.status, res.body.msg]).toEqual([403, 'admin_only']);
    });

    it("the test server's admin holds a passkey session", async () => {
      expect(await settings(s.admin.token)).toMatchObject({ session: 'passkey', count: 1 });
      expect((await s.call('get', 'admin/users', { token: s.admin.token })).status).toBe(200);
    });
  });
});
