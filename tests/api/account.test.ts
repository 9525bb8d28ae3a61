import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { countUsers, nextPhone, registerUser, startTestServer, type TestServer } from '../support/server';

describe.each(testDialects())('registration and login (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const register = (over: Record<string, unknown> = {}) =>
    s.call('post', 'user/register', {
      body: { phone: nextPhone(), password: 'secret-pass-1', password2: 'secret-pass-1', inviteCode: s.admin.inviteCode, agree: true, ...over },
    });
  const setInviteRequired = (value: boolean) =>
    s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'inviteRequired', value, reason: 'test toggles invites' } });

  /** Every refused registration leaves the users table as it was. */
  async function refused(over: Record<string, unknown>, status: number, msg: string, field?: string) {
    const before = await countUsers(s);
    const res = await register(over);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.msg).toBe(msg);
    expect(res.body.data).toBeNull();
    if (field) expect(res.body.params.field).toBe(field);
    expect(await countUsers(s)).toBe(before);
  }

  it('registers with a session like login and a fresh 8-character invite code', async () => {
    const phone = nextPhone();
    const res = await register({ phone: `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`, inviteCode: ` ${s.admin.inviteCode.toLowerCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ token: expect.any(String), account: phone, is_admin: false });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url

    const info = await s.call('get', 'user/info', { token: res.body.data.token });
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      phone,
      state: 'active',
      stateReason: null,
      inviteCode: expect.stringMatching(/^[A-HJKMNP-Z2-9]{8}$/),
      isAdmin: false,
      fundPasswordSet: false,
      kycStatus: 'not_verified',
      onboarding: { bankAccount: false, deposit: 'none' },
      createdAt: s.clock.now(),
    });
    const row = await s.services.database.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(s.admin.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('gives every user a different invite code, and a new user can invite', async () => {
    const a = await registerUser(s);
    const b = await registerUser(s);
    expect(a.inviteCode).not.toBe(b.inviteCode);
    const res = await register({ inviteCode: a.inviteCode });
    expect(res.status).toBe(200);
  });

  it('refuses mismatched passwords with 400 password_mismatch on password2', () =>
    refused({ password2: 'secret-pass-2' }, 400, 'password_mismatch', 'password2'));

  it('refuses without the privacy agreement', () => refused({ agree: false }, 400, 'agreement_required', 'agree'));

  it('refuses missing or malformed fields with 400 invalid_request', async () => {
    await refused({ phone: undefined }, 400, 'invalid_request', 'phone');
    await refused({ phone: '12ab' }, 400, 'invalid_request', 'phone');
    await refused({ password: 'short', password2: 'short' }, 400, 'invalid_request', 'password');
    await refused({ agree: undefined }, 400, 'invalid_request', 'agree');
  });

  it('refuses an unknown or missing invite code with 422 invite_code_invalid', async () => {
    await refused({ inviteCode: 'NOSUCH99' }, 422, 'invite_code_invalid', 'inviteCode');
    await refused({ inviteCode: '' }, 422, 'invite_code_invalid', 'inviteCode');
    await refused({ inviteCode: undefined }, 422, 'invite_code_invalid', 'inviteCode');
  });

  it('when invites are optional, an empty code passes but an unknown code still fails', async () => {
    expect((await setInviteRequired(false)).status).toBe(200);
    try {
      const ok = await register({ inviteCode: '' });
      expect(ok.status).toBe(200);
      await refused({ inviteCode: 'NOSUCH99' }, 422, 'invite_code_invalid', 'inviteCode');
    } finally {
      await setInviteRequired(true);
    }
    await refused({ inviteCode: '' }, 422, 'invite_code_invalid', 'inviteCode');
  });

  it('refuses a phone that is already registered with 409 account_exists', async () => {
    const u = await registerUser(s);
    await refused({ phone: u.phone }, 409, 'account_exists');
    await refused({ phone: `${u.phone.slice(0, 3)} ${u.phone.slice(3)}` }, 409, 'account_exists');
  });

  it('logs in with a new token each time, and both sessions work', async () => {
    const u = await registerUser(s);
    const a = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
    const b = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ token: expect.any(String), account: u.phone, is_admin: false });
    expect(a.body.data.token).not.toBe(b.body.data.token);
    for (const t of [a, b, { body: { data: { token: u.token } } }]) {
      expect((await s.call('get', 'user/info', { token: t.body.data.token })).status).toBe(200);
    }
    // tokens are stored only as hashes
    const stored = await s.services.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u.id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(a.body.data.token);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('admin login says is_admin true', async () => {
    const res = await s.call('post', 'user/login', { body: { phone: s.admin.phone, password: s.admin.password } });
    expect(res.body.data.is_admin).toBe(true);
  });

  it('answers unknown phone and wrong password alike: 422 phone_or_password_incorrect', async () => {
    const u = await registerUser(s);
    const wrong = await s.call('post', 'user/login', { body: { phone: u.phone, password: 'not-the-password' } });
    const unknown = await s.call('post', 'user/login', { body: { phone: nextPhone(), password: 'not-the-password' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ status: 0, msg: 'phone_or_password_incorrect', data: null });
    }
  });
});
