import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
// web-push's own dependency: decrypts what the server sent, as a browser would.
import ece from 'http_ece';
import { testDialects } from '../support/db';
import { nextPhone, registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { verifiedUser } from './cash-support';
import { grant, setConfig } from './trade-support';

/**
 * Login history and devices (docs/domain.md "Login history and devices", issue 37 item 5): every
 * sign-in is recorded with its address, the country a trusted proxy reports and what its
 * User-Agent says; a new device or country leaves a `login_alert` message (and a Web Push) naming
 * the sign-in; 「身に覚えがない」 ends every session and stops fund actions until the password is
 * changed; sessions are listed and signed out one by one, each user's own only.
 */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FUND_PASSWORD = '246810';

interface Client {
  ua?: string;
  device?: string;
  ip?: string;
  country?: string;
}

const deviceId = () => randomBytes(18).toString('base64url');

function clientHeaders(c: Client): Record<string, string> {
  const h: Record<string, string> = {};
  if (c.ua) h['user-agent'] = c.ua;
  if (c.device) h['X-Device-Id'] = c.device;
  if (c.ip) h['x-forwarded-for'] = c.ip;
  if (c.country) h['x-country'] = c.country;
  return h;
}

describe.each(testDialects())('login history and devices (%s)', (dialect) => {
  let s: TestServer;
  let branch = '';
  beforeAll(async () => {
    // One trusted proxy: it appends the client address and sets the country header.
    s = await startTestServer({ dialect, env: { KABUTO_COUNTRY_HEADER: 'X-Country', KABUTO_TEST_CONTROL: '1' }, app: { trustProxy: 1 } });
    branch = (await s.call('get', 'cash/banks/0005/branches', { token: s.admin.token })).body.data.items[0].code;
  });
  afterAll(() => s?.close());

  const get = (token: string, path: string) => s.call('get', path, { token });
  const post = (token: string, path: string, body?: unknown, headers?: Record<string, string>) => s.call('post', path, { token, body, headers });
  async function login(u: { phone: string; password: string }, c: Client = {}): Promise<string> {
    const res = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password }, headers: clientHeaders(c) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.token as string;
  }
  async function register(c: Client): Promise<TestUser> {
    const phone = nextPhone();
    const password = 'user-pass-123';
    const reg = await s.call('post', 'user/register', {
      body: { phone, password, password2: password, inviteCode: s.admin.inviteCode, agree: true }, headers: clientHeaders(c),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const info = await get(reg.body.data.token, 'user/info');
    return { id: info.body.data.id, phone, password, token: reg.body.data.token, inviteCode: info.body.data.inviteCode };
  }
  const alerts = async (token: string) =>
    (await get(token, 'messages')).body.data.items.filter((m: { kind: string }) => m.kind === 'login_alert') as { params: Record<string, unknown>; createdAt: number }[];
  const history = async (token: string) => (await get(token, 'user/logins')).body.data;

  it('records each sign-in with its address, the proxy\'s country, browser, system and device; the first device is adopted silently', async () => {
    s.clock.set(TEST_NOW);
    const phone = { ua: IPHONE, device: deviceId(), ip: '203.0.113.7', country: 'jp' };
    const u = await register(phone);
    s.clock.advance(60_000);
    const second = await login(u, phone);
    const h = await history(second);
    expect(h.fundsLockedSince).toBeNull();
    const fields = { ip: '203.0.113.7', country: 'JP', browser: 'Safari 17', os: 'iOS 17.5', deviceType: 'mobile', deviceName: 'Apple iPhone', newDevice: false, newCountry: false, reportedAt: null, active: true };
    expect(h.items).toEqual([
      { id: expect.any(String), at: TEST_NOW + 60_000, method: 'password', ...fields, current: true },
      { id: expect.any(String), at: TEST_NOW, method: 'register', ...fields, current: false },
    ]);
    // The row as stored: the session it made, the User-Agent as sent, the device only as a hash.
    const rows = await s.services.database.db
      .selectFrom('login_event' as never)
      .selectAll()
      .where('user_id' as never, '=', u.id as never)
      .orderBy('at' as never)
      .execute() as unknown as { session_id: string; user_agent: string; device_key: string; ip: string }[];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ user_agent: IPHONE, ip: '203.0.113.7' });
    expect(rows[1]!.device_key).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.device_key).not.toContain(phone.device);
    expect(rows[0]!.session_id).not.toBe(rows[1]!.session_id);
    expect(await alerts(second)).toEqual([]);
    // Without the trusted proxy's header the place is unknown — never guessed from the address.
    const elsewhere = await login(u, { ...phone, country: undefined });
    expect((await history(elsewhere)).items[0]).toMatchObject({ country: null, newCountry: false, newDevice: false });
  });

  it('a second device, or a new country, leaves a login_alert message naming the sign-in to report; a known device does not', async () => {
    s.clock.set(TEST_NOW);
    const phone = { ua: IPHONE, device: deviceId(), ip: '203.0.113.8', country: 'JP' };
    const u = await register(phone);
    const pc = { ua: WINDOWS, device: deviceId(), ip: '198.51.100.9', country: 'JP' };
    s.clock.advance(5 * 60_000);
    const pcToken = await login(u, pc);
    const [alert, ...others] = await alerts(u.token);
    expect(others).toEqual([]);
    const pcLogin = (await history(pcToken)).items[0];
    expect(alert!.params).toEqual({
      loginId: pcLogin.id, method: 'password', ip: '198.51.100.9', country: 'JP', browser: 'Chrome 126', os: 'Windows 10',
      deviceType: 'desktop', deviceName: '', newDevice: true, newCountry: false,
    });
    expect(pcLogin).toMatchObject({ newDevice: true, newCountry: false, current: true });

    // The same device again: nothing new.
    await login(u, pc);
    expect(await alerts(u.token)).toHaveLength(1);
    // A known device from another country: told, as a new country.
    await login(u, { ...phone, ip: '192.0.2.44', country: 'US' });
    const abroad = (await alerts(u.token))[0]!;
    expect(abroad.params).toMatchObject({ newDevice: false, newCountry: true, country: 'US', ip: '192.0.2.44' });
    // A client that copies the phone's User-Agent but has not its device id is a new device.
    await login(u, { ua: IPHONE, ip: '192.0.2.45', country: 'JP' });
    expect((await alerts(u.token))[0]!.params).toMatchObject({ newDevice: true, newCountry: false, browser: 'Safari 17', deviceName: 'Apple iPhone' });
    expect(await alerts(u.token)).toHaveLength(3);
  });

  it('a new device\'s alert also goes out by Web Push to the user\'s subscriptions', async () => {
    s.clock.set(TEST_NOW);
    const phone = { ua: IPHONE, device: deviceId() };
    const u = await register(phone);
    let delivered!: (body: Buffer) => void;
    const received = new Promise<Buffer>((resolve) => (delivered = resolve));
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(201).end();
        delivered(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${uuidv7()}`;
      const sub = await post(u.token, 'push/subscriptions', { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } });
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      await login(u, { ua: WINDOWS, device: deviceId(), ip: '198.51.100.10', country: 'JP' });
      const payload = JSON.parse(ece.decrypt(await received, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8'));
      expect(payload).toMatchObject({ kind: 'login_alert', url: '/#/information/loginDevices' });
      expect(payload.body).toContain('Chrome 126');
      expect(payload.body).toContain('198.51.100.10');
    } finally {
      server.close();
    }
  });

  it('「身に覚えがない」 ends every session and stops fund actions until the password is changed', async () => {
    s.clock.set(TEST_NOW);
    // A new bank account may receive at once here (the hold on new destinations is another rule's test).
    await setConfig(s, 'payoutHoldHours', 0);
    // The owner: verified, with a fund password, a bank account and money (set up from the API client's own device).
    const u = await verifiedUser(s);
    expect((await post(u.token, 'user/fund-password', { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: u.password })).status).toBe(200);
    const acc = await post(u.token, 'cash/bank-accounts', {
      bankCode: '0005', branchCode: branch, type: 'futsu', number: String(3_000_000 + Math.floor(Math.random() * 900_000)), holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD,
    });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const bankId = acc.body.data.account.id as string;
    await grant(s, u.id, 1_000_000);
    const withdraw = (token: string) =>
      post(token, 'cash/withdrawals', { amount: 10_000, bankAccountId: bankId, fundPassword: FUND_PASSWORD }, { 'Idempotency-Key': uuidv7() });

    // Someone else signs in from a device of theirs; the owner reports it from the message.
    const thief = { ua: WINDOWS, device: deviceId(), ip: '198.51.100.66', country: 'JP' };
    const thiefToken = await login(u, thief);
    const ownerSecond = await login(u); // another of the owner's sessions, on the same device
    const [alert] = await alerts(u.token);
    const loginId = alert!.params.loginId as string;
    const reported = await post(u.token, `user/logins/${loginId}/not-me`);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect(reported.body.data).toEqual({ ok: true });

    // Every session is over: the thief's, the owner's other one, and the one that reported.
    for (const token of [thiefToken, ownerSecond, u.token]) {
      const res = await get(token, 'user/info');
      expect([res.status, res.body.msg]).toEqual([401, 'session_expired']);
    }

    // The owner signs in again (a known device: no alert); fund actions are refused, saying why.
    const owner = await login(u);
    const h = await history(owner);
    expect(h.fundsLockedSince).toBe(TEST_NOW);
    expect(h.items.find((l: { id: string }) => l.id === loginId)).toMatchObject({ reportedAt: TEST_NOW, active: false });
    const locked = { status: 403, msg: 'security_locked' };
    const refused = async (res: Promise<{ status: number; body: { msg: string; params?: Record<string, unknown> } }>) => {
      const r = await res;
      expect({ status: r.status, msg: r.body.msg }).toEqual(locked);
      expect(r.body.params).toEqual({ since: TEST_NOW });
    };
    await refused(withdraw(owner));
    await refused(post(owner, 'user/fund-password', { oldFundPassword: FUND_PASSWORD, password: '135790', password2: '135790' }));
    await refused(post(owner, 'cash/bank-accounts', { bankCode: '0005', branchCode: branch, type: 'futsu', number: '7654321', holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD }));
    await refused(s.call('delete', `cash/bank-accounts/${bankId}`, { token: owner }));
    await refused(post(owner, 'cash/wallets', { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', fundPassword: FUND_PASSWORD }));
    // The refusal came before the fund password was checked: no try was spent.
    const user = await s.services.database.db.selectFrom('users').select(['fund_password_failures']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(Number(user.fund_password_failures)).toBe(0);

    // The reported device is no longer known: its next sign-in is told again.
    await login(u, thief);
    expect(await alerts(owner)).toHaveLength(2);

    // A new login password lifts the lock (and ends the other sessions, the thief's new one too).
    const changed = await post(owner, 'user/password', { oldPassword: u.password, password: 'another-pass-456', password2: 'another-pass-456' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await history(owner)).fundsLockedSince).toBeNull();
    const ok = await withdraw(owner);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.withdrawal).toMatchObject({ amount: 10_000, status: 'pending' });
    const fund = await post(owner, 'user/fund-password', { oldFundPassword: FUND_PASSWORD, password: '135790', password2: '135790' });
    expect(fund.status, JSON.stringify(fund.body)).toBe(200);
  });

  it('lists the live sessions with this one marked; signing one out leaves the others', async () => {
    s.clock.set(TEST_NOW);
    const u = await register({ ua: IPHONE, device: deviceId(), ip: '203.0.113.20' });
    s.clock.advance(1000);
    const pcToken = await login(u, { ua: WINDOWS, device: deviceId(), ip: '198.51.100.20' });
    s.clock.advance(1000);
    const third = await login(u);
    const list = (await get(u.token, 'user/sessions')).body.data.items as { id: string; current: boolean; browser: string; ip: string }[];
    expect(list.map((x) => [x.browser, x.ip, x.current])).toEqual([
      ['', '127.0.0.1', false],
      ['Chrome 126', '198.51.100.20', false],
      ['Safari 17', '203.0.113.20', true],
    ]);
    const revoked = await post(u.token, `user/sessions/${list[1]!.id}/revoke`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await get(pcToken, 'user/info')).status).toBe(401);
    expect((await get(u.token, 'user/info')).status).toBe(200);
    expect((await get(third, 'user/info')).status).toBe(200);
    const after = (await get(third, 'user/sessions')).body.data.items as { id: string; current: boolean }[];
    expect(after.map((x) => x.current)).toEqual([true, false]);
    expect(after.map((x) => x.id)).not.toContain(list[1]!.id);
    // Its sign-in stays in the history, no longer live.
    const pcLogin = (await history(third)).items.find((l: { browser: string }) => l.browser === 'Chrome 126');
    expect(pcLogin).toMatchObject({ active: false, reportedAt: null });
  });

  it('another user\'s sessions and sign-ins are neither shown nor revocable: 404 like a missing one, nothing changes', async () => {
    const alice = await registerUser(s);
    const bob = await registerUser(s);
    const aliceSession = ((await get(alice.token, 'user/sessions')).body.data.items as { id: string }[])[0]!.id;
    const aliceLogin = (await history(alice.token)).items[0].id as string;
    const bobSees = (await get(bob.token, 'user/sessions')).body.data.items as { id: string }[];
    expect(bobSees.map((x) => x.id)).not.toContain(aliceSession);
    expect(((await history(bob.token)).items as { id: string }[]).map((x) => x.id)).not.toContain(aliceLogin);
    for (const path of [`user/sessions/${aliceSession}/revoke`, `user/logins/${aliceLogin}/not-me`, `user/sessions/${uuidv7()}/revoke`, `user/logins/${uuidv7()}/not-me`]) {
      const res = await post(bob.token, path);
      expect([res.status, res.body.msg], path).toEqual([404, 'not_found']);
    }
    expect((await get(alice.token, 'user/info')).status).toBe(200);
    expect((await history(alice.token)).fundsLockedSince).toBeNull();
    expect((await get(bob.token, 'user/info')).status).toBe(200);
  });
});
