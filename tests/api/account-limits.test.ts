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
    expect(DEFAULT_LOGIN_LIMITS).toEqual({ phoneFailures: 5, ipAttempts: 30, windowSeconds: 900 });
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
});
