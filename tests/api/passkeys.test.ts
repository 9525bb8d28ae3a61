import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { PASSKEY_CHALLENGE_TTL_MS, STEP_UP_TTL_MS } from '../../src/server/modules/account/passkeys';

/** Passkeys (docs/decisions/008-passkeys.md) with a software authenticator speaking real WebAuthn. */
describe.each(testDialects())('passkeys (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const post = (path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
    s.call('post', path, { token, body, headers });

  async function registerPasskey(u: TestUser, auth: SoftAuthenticator, stepUp?: string) {
    const opt = await post('passkeys/register/options', u.token, undefined, stepUp ? { 'X-Step-Up': stepUp } : undefined);
    expect(opt.status, JSON.stringify(opt.body)).toBe(200);
    const res = await post('passkeys/register', u.token, { challengeId: opt.body.data.challengeId, response: auth.create(opt.body.data.options), name: 'iPhone' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string };
  }

  async function loginWith(auth: SoftAuthenticator) {
    const opt = await post('passkeys/login/options');
    expect(opt.status).toBe(200);
    return post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) });
  }

  async function stepUp(u: TestUser, auth: SoftAuthenticator): Promise<string> {
    const opt = await post('passkeys/verify/options', u.token);
    expect(opt.status, JSON.stringify(opt.body)).toBe(200);
    const res = await post('passkeys/verify', u.token, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.token as string;
  }

  it('registers a passkey (RP ID and origin from the request) and lists it', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator(s.url);
    const opt = await post('passkeys/register/options', u.token);
    expect(opt.body.data.options).toMatchObject({
      rp: { id: '127.0.0.1', name: 'Kabuto' },
      user: { name: u.phone },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const res = await post('passkeys/register', u.token, { challengeId: opt.body.data.challengeId, response: auth.create(opt.body.data.options) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(String), name: '', createdAt: s.clock.now(), lastUsedAt: null, backedUp: false });
    const list = await s.call('get', 'passkeys', { token: u.token });
    expect(list.body.data).toEqual([res.body.data]);
  });

  it('signs in with a passkey: the same shape as user/login, a working session', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator(s.url);
    await registerPasskey(u, auth);
    const res = await loginWith(auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), account: u.phone, is_admin: false });
    const info = await s.call('get', 'user/info', { token: res.body.data.token });
    expect(info.body.data.id).toBe(u.id);
    const list = await s.call('get', 'passkeys', { token: u.token });
    expect(list.body.data[0].lastUsedAt).toBe(s.clock.now());
  });

  it('refuses a wrong challenge, a wrong origin, a replayed challenge and an expired one', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator(s.url);
    await registerPasskey(u, auth);

    // signed over another challenge than the one issued
    let opt = await post('passkeys/login/options');
    let res = await post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options, { challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_failed']);
    // that challenge is spent even though the attempt failed
    res = await post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_challenge_expired']);

    // a phishing origin
    opt = await post('passkeys/login/options');
    res = await post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options, { origin: 'https://kabuto.example.evil' }) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_failed']);

    // replay: a good assertion works once
    opt = await post('passkeys/login/options');
    const good = { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) };
    expect((await post('passkeys/login', undefined, good)).status).toBe(200);
    res = await post('passkeys/login', undefined, good);
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_challenge_expired']);

    // an unknown challenge id, and one past its lifetime
    res = await post('passkeys/login', undefined, { ...good, challengeId: 'x'.repeat(32) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_challenge_expired']);
    opt = await post('passkeys/login/options');
    s.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1);
    res = await post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: auth.get(opt.body.data.options) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_challenge_expired']);

    // a login challenge cannot serve a registration, nor another user's registration challenge
    const other = await registerUser(s);
    const regOpt = await post('passkeys/register/options', other.token);
    res = await post('passkeys/register', u.token, { challengeId: regOpt.body.data.challengeId, response: auth.create(regOpt.body.data.options) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_challenge_expired']);
  });

  it('refuses an assertion whose signature does not verify, and an unknown credential', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator(s.url);
    await registerPasskey(u, auth);
    const stranger = new SoftAuthenticator(s.url);
    stranger.create({ rp: { id: '127.0.0.1' }, user: { id: 'AAAA' }, challenge: 'AAAA' });
    let opt = await post('passkeys/login/options');
    let res = await post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: stranger.get(opt.body.data.options) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_failed']);

    // the user's credential id with a signature from another key
    opt = await post('passkeys/login/options');
    const forged = stranger.get(opt.body.data.options);
    forged.id = forged.rawId = Buffer.from(auth.credentials[0]!.id).toString('base64url');
    res = await post('passkeys/login', undefined, { challengeId: opt.body.data.challengeId, response: forged });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_failed']);
  });

  it("refuses another user's credential for step-up, and refuses deleting another user's passkey", async () => {
    const a = await registerUser(s);
    const b = await registerUser(s);
    const authA = new SoftAuthenticator(s.url);
    const authB = new SoftAuthenticator(s.url);
    const pkA = await registerPasskey(a, authA);
    await registerPasskey(b, authB);

    // B's options list only B's credentials; A's assertion against B's challenge is refused
    const opt = await post('passkeys/verify/options', b.token);
    expect(opt.body.data.options.allowCredentials).toHaveLength(1);
    const res = await post('passkeys/verify', b.token, { challengeId: opt.body.data.challengeId, response: authA.get({ ...opt.body.data.options, allowCredentials: [] }) });
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_failed']);

    // B cannot see or delete A's passkey (404 either way, nothing removed)
    const del = await s.call('delete', `passkeys/${pkA.id}`, { token: b.token, headers: { 'X-Step-Up': await stepUp(b, authB) } });
    expect([del.status, del.body.msg]).toEqual([404, 'not_found']);
    expect((await s.call('get', 'passkeys', { token: a.token })).body.data).toHaveLength(1);
    expect((await s.call('get', 'passkeys', { token: b.token })).body.data).toHaveLength(1);

    // anonymous callers get 401 on user endpoints
    expect((await s.call('get', 'passkeys')).status).toBe(401);
    expect((await post('passkeys/verify/options')).status).toBe(401);
  });

  it('deletes a passkey only with a fresh step-up; afterwards it no longer signs in', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator(s.url);
    const pk = await registerPasskey(u, auth);
    let del = await s.call('delete', `passkeys/${pk.id}`, { token: u.token });
    expect([del.status, del.body.msg]).toEqual([403, 'step_up_required']);
    del = await s.call('delete', `passkeys/${pk.id}`, { token: u.token, headers: { 'X-Step-Up': await stepUp(u, auth) } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await s.call('get', 'passkeys', { token: u.token })).body.data).toEqual([]);
    const res = await loginWith(auth);
    expect([res.status, res.body.msg]).toEqual([422, 'passkey_failed']);
    // with no passkey left, nothing needs step-up any more
    const change = await post('user/password', u.token, { oldPassword: u.password, password: 'new-pass-9876', password2: 'new-pass-9876' });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
  });

  it('adding a second passkey needs a step-up with the first', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator(s.url);
    await registerPasskey(u, auth);
    const opt = await post('passkeys/register/options', u.token);
    expect([opt.status, opt.body.msg]).toEqual([403, 'step_up_required']);
    await registerPasskey(u, auth, await stepUp(u, auth));
    expect((await s.call('get', 'passkeys', { token: u.token })).body.data).toHaveLength(2);
  });

  describe('step-up for high-risk commands', () => {
    const fundBody = (u: TestUser) => ({ loginPassword: u.password, password: '482916', password2: '482916' });
    const passwordBody = (u: TestUser) => ({ oldPassword: u.password, password: 'other-pass-4321', password2: 'other-pass-4321' });

    it('users without a passkey change passwords as before', async () => {
      const u = await registerUser(s);
      expect((await post('user/fund-password', u.token, fundBody(u))).status).toBe(200);
      expect((await post('user/password', u.token, passwordBody(u))).status).toBe(200);
    });

    it('with a passkey, fund-password and password changes need a fresh, single-use step-up token of this session', async () => {
      const u = await registerUser(s);
      const auth = new SoftAuthenticator(s.url);
      await registerPasskey(u, auth);

      let res = await post('user/fund-password', u.token, fundBody(u));
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);
      res = await post('user/fund-password', u.token, fundBody(u), { 'X-Step-Up': 'not-a-token' });
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);
      let info = await s.call('get', 'user/info', { token: u.token });
      expect(info.body.data.fundPasswordSet).toBe(false);

      const token = await stepUp(u, auth);
      res = await post('user/fund-password', u.token, fundBody(u), { 'X-Step-Up': token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      info = await s.call('get', 'user/info', { token: u.token });
      expect(info.body.data.fundPasswordSet).toBe(true);

      // spent: the same token does not authorise the next command
      res = await post('user/password', u.token, passwordBody(u), { 'X-Step-Up': token });
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);

      // another session of the same user cannot use this session's token
      const other = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
      const t2 = await stepUp(u, auth);
      res = await post('user/password', other.body.data.token, passwordBody(u), { 'X-Step-Up': t2 });
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);

      // an expired token is refused
      s.clock.advance(STEP_UP_TTL_MS + 1);
      res = await post('user/password', u.token, passwordBody(u), { 'X-Step-Up': t2 });
      expect([res.status, res.body.msg]).toEqual([403, 'step_up_required']);

      res = await post('user/password', u.token, passwordBody(u), { 'X-Step-Up': await stepUp(u, auth) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});

describe.each(testDialects())('passkeys with KABUTO_RP_ID / KABUTO_ORIGIN (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect, env: { KABUTO_RP_ID: 'kabuto.example', KABUTO_ORIGIN: 'https://app.kabuto.example' } });
  });
  afterAll(() => s?.close());

  it('binds passkeys to the configured RP ID and accepts only the configured origin', async () => {
    const u = await registerUser(s);
    const auth = new SoftAuthenticator('https://app.kabuto.example');
    const opt = await s.call('post', 'passkeys/register/options', { token: u.token });
    expect(opt.body.data.options.rp.id).toBe('kabuto.example');
    const reg = await s.call('post', 'passkeys/register', { token: u.token, body: { challengeId: opt.body.data.challengeId, response: auth.create(opt.body.data.options) } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);

    const lo = await s.call('post', 'passkeys/login/options');
    const bad = await s.call('post', 'passkeys/login', { body: { challengeId: lo.body.data.challengeId, response: auth.get(lo.body.data.options, { origin: s.url }) } });
    expect([bad.status, bad.body.msg]).toEqual([422, 'passkey_failed']);
    const lo2 = await s.call('post', 'passkeys/login/options');
    const good = await s.call('post', 'passkeys/login', { body: { challengeId: lo2.body.data.challengeId, response: auth.get(lo2.body.data.options) } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });
});
