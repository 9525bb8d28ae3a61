import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { nextPhone, registerUser, startTestServer, type TestServer } from '../support/server';
import { DEFAULT_LOGIN_LIMITS } from '../../src/server/modules/account/rate-limit';

describe.each(testDialects())('login rate limits (%s)', (dialect) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  const login = (srv: TestServer, phone: string, password: string) =>
    srv.call('post', 'user/login', { body: { phone, password } });

  it('uses 5 failures per phone and 30 attempts per IP in 15 minutes by default', () => {
    expect(DEFAULT_LOGIN_LIMITS).toMatchObject({ phoneFailures: 5, ipAttempts: 30, windowSeconds: 900 });
  });

  it('locks a phone after 5 failures with 429 and retryAfter, even for the right password', async () => {
    s = await startTestServer({ dialect });
    const u = await registerUser(s);
    for (let i = 0; i < 5; i++) expect((await login(s, u.phone, 'wrong-password')).status).toBe(422);
    for (const pw of ['wrong-password', u.password]) {
      const res = await login(s, u.phone, pw);
      expect(res.status).toBe(429);
      expect(res.body.msg).toBe('too_many_requests');
      expect(res.body.params.retryAfter).toBeGreaterThan(0);
      expect(res.body.params.retryAfter).toBeLessThanOrEqual(900);
    }
    // another phone from the same IP is not affected
    const other = await registerUser(s);
    expect((await login(s, other.phone, other.password)).status).toBe(200);
  });

  it('counts unknown phones too, so probing numbers is throttled the same way', async () => {
    s = await startTestServer({ dialect, loginLimits: { phoneFailures: 2 } });
    const phone = nextPhone();
    expect((await login(s, phone, 'whatever-1')).status).toBe(422);
    expect((await login(s, phone, 'whatever-2')).status).toBe(422);
    expect((await login(s, phone, 'whatever-3')).status).toBe(429);
  });

  it('a successful login resets the phone counter', async () => {
    s = await startTestServer({ dialect, loginLimits: { phoneFailures: 3 } });
    const u = await registerUser(s);
    for (let round = 0; round < 3; round++) {
      expect((await login(s, u.phone, 'wrong-password')).status).toBe(422);
      expect((await login(s, u.phone, 'wrong-password')).status).toBe(422);
      expect((await login(s, u.phone, u.password)).status).toBe(200);
    }
  });

  it('limits attempts per IP, successful ones included', async () => {
    s = await startTestServer({ dialect, loginLimits: { ipAttempts: 4 } });
    // the test server's own admin login used one attempt already
    const u = await registerUser(s);
    for (let i = 0; i < 3; i++) expect((await login(s, u.phone, u.password)).status).toBe(200);
    const res = await login(s, u.phone, u.password);
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe('too_many_requests');
    expect(res.body.params.retryAfter).toBeGreaterThan(0);
  });

  it('wrong old passwords on a signed-in session use the same phone budget', async () => {
    s = await startTestServer({ dialect, loginLimits: { phoneFailures: 2 } });
    const u = await registerUser(s);
    const change = (old: string) =>
      s!.call('post', 'user/password', { token: u.token, body: { oldPassword: old, password: 'brand-new-pass', password2: 'brand-new-pass' } });
    expect((await change('guess-one-x')).status).toBe(422);
    expect((await change('guess-two-x')).status).toBe(422);
    expect((await change(u.password)).status).toBe(429);
    expect((await login(s, u.phone, u.password)).status).toBe(429);
  });

  describe('a device that already holds a session (issue 10 item 6)', () => {
    const lockPhone = async (srv: TestServer, phone: string) => {
      for (let i = 0; i < 5; i++) expect((await login(srv, phone, 'wrong-password')).status).toBe(422);
      expect((await login(srv, phone, 'wrong-password')).status).toBe(429);
    };
    const loginWith = (srv: TestServer, phone: string, password: string, token: string) =>
      srv.call('post', 'user/login', { body: { phone, password }, headers: { token } });

    it('passes a correct login through the phone lock when the token is a live session of the same user', async () => {
      s = await startTestServer({ dialect });
      const u = await registerUser(s);
      await lockPhone(s, u.phone);
      expect((await login(s, u.phone, u.password)).status).toBe(429);
      const res = await loginWith(s, u.phone, u.password, u.token);
      expect(res.status).toBe(200);
      expect(res.body.data.account).toBe(u.phone);
      expect((await s.call('get', 'user/info', { token: res.body.data.token })).status).toBe(200);
    });

    it('does not trust another user\'s session, a revoked session or a made-up token', async () => {
      s = await startTestServer({ dialect });
      const u = await registerUser(s);
      const other = await registerUser(s);
      const revoked = (await login(s, u.phone, u.password)).body.data.token as string;
      expect((await s.call('post', 'user/logout', { token: revoked })).status).toBe(200);
      await lockPhone(s, u.phone);
      for (const token of [other.token, revoked, 'x'.repeat(43)]) {
        const res = await loginWith(s, u.phone, u.password, token);
        expect(res.status).toBe(429);
        expect(res.body.msg).toBe('too_many_requests');
      }
    });

    it('a trusted device has its own budget: wrong passwords through it are capped and count against the phone', async () => {
      s = await startTestServer({ dialect });
      const srv = s;
      const u = await registerUser(srv);
      // 11 concurrent guesses: only the budget's worth reach the hash. The right password goes after
      // them (sent concurrently it could be among the first five and, rightly, sign in).
      const results = await Promise.all(
        Array.from({ length: 11 }, (_, i) => loginWith(srv, u.phone, `wrong-${i}`, u.token)),
      );
      expect(results.filter((r) => r.status === 422)).toHaveLength(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(6);
      expect((await loginWith(srv, u.phone, u.password, u.token)).status).toBe(429);
      // those 5 wrong passwords also locked the phone for the login form
      expect((await login(srv, u.phone, u.password)).status).toBe(429);
    });
  });
});
