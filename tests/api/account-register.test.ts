import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { countUsers, nextPhone, startTestServer, type CallResult, type TestServer } from '../support/server';
import { DEFAULT_LOGIN_LIMITS } from '../../src/server/modules/account/rate-limit';

/** Issue 10 item 6 (registration): a per-IP limit. The password is hashed before the phone is looked up (AccountService.register), so a registered phone costs the same time as a new one; no test times it (tests never assert on time). */
describe.each(testDialects())('registration limits (%s)', (dialect) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  const register = (srv: TestServer, phone: string, password = 'fresh-pass-123', inviteCode = srv.admin.inviteCode) =>
    srv.call('post', 'user/register', { body: { phone, password, password2: password, inviteCode, agree: true } });

  it('allows 10 registrations per IP an hour by default', () => {
    expect(DEFAULT_LOGIN_LIMITS).toMatchObject({ registrationsPerIp: 10, registrationWindowSeconds: 3600 });
  });

  it('15 concurrent registrations from one IP: the budget registers, the rest get 429 with retryAfter', async () => {
    s = await startTestServer({ dialect, loginLimits: { registrationsPerIp: 10 } });
    const srv = s;
    const before = await countUsers(srv);
    const results = await Promise.all(Array.from({ length: 15 }, () => register(srv, nextPhone())));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.body.msg).toBe('too_many_requests');
      expect(r.body.params.retryAfter).toBeGreaterThan(0);
      expect(r.body.params.retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await countUsers(srv)).toBe(before + 10);
  });

  it('counts refused registrations too, so phones cannot be probed past the limit', async () => {
    s = await startTestServer({ dialect, loginLimits: { registrationsPerIp: 3 } });
    const srv = s;
    const taken = srv.admin.phone;
    const results: CallResult[] = [];
    for (let i = 0; i < 4; i++) results.push(await register(srv, taken));
    expect(results.map((r) => r.status)).toEqual([409, 409, 409, 429]);
    expect(results[0]!.body.msg).toBe('account_exists');
  });
});
