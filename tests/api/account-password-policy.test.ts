import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { countUsers, nextPhone, registerUser, startTestServer, type TestServer } from '../support/server';

/** Issue 10 item 3: weak passwords are refused at registration and at a password change, with the reason. */
describe.each(testDialects())('password policy (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const register = (phone: string, password: string) =>
    s.call('post', 'user/register', { body: { phone, password, password2: password, inviteCode: s.admin.inviteCode, agree: true } });

  const weak = (phone: string): [string, string][] => [
    ['password', 'password_too_common'],
    ['12345678', 'password_too_common'],
    ['Password', 'password_too_common'],
    ['qwertyuiop', 'password_too_common'],
    ['        ', 'password_blank'],
    ['　　　　　　　　', 'password_blank'],
    [phone, 'password_from_phone'],
    [`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`, 'password_from_phone'],
    [`+81${phone.slice(1)}`, 'password_from_phone'],
    [`pass${phone}`, 'password_from_phone'],
  ];

  it('registration refuses common, blank and phone-built passwords with the reason; nothing is written', async () => {
    const phone = nextPhone();
    const before = await countUsers(s);
    for (const [password, msg] of weak(phone)) {
      const res = await register(phone, password);
      expect(res.status, password).toBe(422);
      expect(res.body, password).toMatchObject({ status: 0, msg, params: { field: 'password' } });
    }
    expect(await countUsers(s)).toBe(before);
    expect((await register(phone, 'kabuto-tokyo-2026')).status).toBe(200);
  });

  it('a password change refuses them too, and the old password keeps working', async () => {
    const u = await registerUser(s);
    for (const [password, msg] of weak(u.phone)) {
      const res = await s.call('post', 'user/password', { token: u.token, body: { oldPassword: u.password, password, password2: password } });
      expect(res.status, password).toBe(422);
      expect(res.body, password).toMatchObject({ msg, params: { field: 'password' } });
    }
    expect((await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).status).toBe(200);
  });
});
