import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer } from '../support/server';
import { SESSION_MAX_AGE_MS } from '../../src/shared/domain/account';
import { accountApi, sessionData } from '../../src/shared/api/account';
import { ALL_ENDPOINTS } from '../../src/shared/api/registry';
import { photo } from './uploads-support';

/**
 * The browser's session cookie and its CSRF check (docs/decisions/002-accounts-and-sessions.md,
 * "Follow-up: the session cookie"): login and register set `__Host-kabuto_session` (HttpOnly,
 * Secure, SameSite=Strict, Path=/, no Domain); the cookie alone signs a request in, but a
 * state-changing one must also carry `X-Kabuto: 1`; the `token` header (the Capacitor app, these
 * tests) keeps working and needs no such header; a browser still sending its old localStorage token
 * with `X-Kabuto` is answered with the cookie; logout clears it.
 */
const COOKIE = '__Host-kabuto_session';
const BROWSER = { 'X-Kabuto': '1' } as const;

/** The Set-Cookie lines of an answer, split into name=value and lower-cased attributes. */
function setCookies(headers: Headers): { name: string; value: string; attrs: Map<string, string> }[] {
  return headers.getSetCookie().map((line) => {
    const [pair, ...rest] = line.split(';').map((p) => p.trim());
    const eq = pair!.indexOf('=');
    const attrs = new Map(rest.map((a) => {
      const i = a.indexOf('=');
      return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
    }));
    return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attrs };
  });
}

/** The session cookie an answer set (its value), failing when it set none. */
function sessionCookieOf(headers: Headers): { value: string; attrs: Map<string, string> } {
  const found = setCookies(headers).filter((c) => c.name === COOKIE);
  expect(found, `Set-Cookie: ${headers.getSetCookie().join(' | ')}`).toHaveLength(1);
  return found[0]!;
}

describe.each(testDialects())('session cookie (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  /** A request as the browser app makes it: the cookie, and X-Kabuto unless `csrf: false`. */
  const browser = (method: string, path: string, cookie: string, o: { body?: unknown; csrf?: boolean } = {}) =>
    s.call(method, path, { body: o.body, headers: { cookie: `${COOKIE}=${cookie}`, ...(o.csrf === false ? {} : BROWSER) } });

  const login = async (phone: string, password: string) => {
    const res = await s.call('post', 'user/login', { body: { phone, password }, headers: BROWSER });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { res, cookie: sessionCookieOf(res.headers).value };
  };

  it('login and register set a __Host- cookie: HttpOnly, Secure, SameSite=Strict, Path=/, no Domain, the session’s lifetime', async () => {
    const u = await registerUser(s);
    const { res, cookie } = await login(u.phone, u.password);
    const c = sessionCookieOf(res.headers);
    expect(c.attrs.has('httponly')).toBe(true);
    expect(c.attrs.has('secure')).toBe(true);
    expect(c.attrs.get('samesite')).toBe('Strict');
    expect(c.attrs.get('path')).toBe('/');
    expect(c.attrs.has('domain')).toBe(false);
    expect(Number(c.attrs.get('max-age'))).toBe(SESSION_MAX_AGE_MS / 1000);
    // The body still carries the token, for clients that send the `token` header.
    expect(res.body.data.token).toBe(cookie);
    expect(res.body.data.account).toBe(u.phone);

    const phone = `070${String(Date.now()).slice(-8)}`;
    const reg = await s.call('post', 'user/register', {
      body: { phone, password: 'Reg-pass-4821', password2: 'Reg-pass-4821', inviteCode: s.admin.inviteCode, agree: true },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(sessionCookieOf(reg.headers).value).toBe(reg.body.data.token);

    // A failed login sets nothing.
    const bad = await s.call('post', 'user/login', { body: { phone: u.phone, password: 'wrong-pass-000' }, headers: BROWSER });
    expect(bad.status).toBe(422);
    expect(bad.headers.getSetCookie()).toEqual([]);
  });

  it('every endpoint answering a new session is declared a session start (so it sets the cookie)', () => {
    const starts = ALL_ENDPOINTS.filter((ep) => ep.data === sessionData);
    expect(starts.length).toBeGreaterThanOrEqual(3); // register, login, passkey login
    for (const ep of starts) expect(ep.session, ep.path).toBe('start');
    const ends = ALL_ENDPOINTS.filter((ep) => ep.session === 'end');
    expect(ends).toContain(accountApi.logout);
    // Ending the caller's session is a signed-in, state-changing command (so under the CSRF check).
    for (const ep of ends) expect([ep.path, ep.auth !== 'none', ep.method !== 'get']).toEqual([ep.path, true, true]);
  });

  it('the cookie alone signs a read in (no token header), and no cookie is set again', async () => {
    const u = await registerUser(s);
    const { cookie } = await login(u.phone, u.password);
    const info = await browser('get', 'user/info', cookie);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.data.phone).toBe(u.phone);
    expect(info.headers.getSetCookie()).toEqual([]);
    // Without X-Kabuto a read works too: SameSite keeps other sites' requests from carrying it.
    expect((await browser('get', 'user/info', cookie, { csrf: false })).status).toBe(200);
    // A cookie naming no session is 401 as a token would be.
    expect([(await browser('get', 'user/info', 'x'.repeat(43))).status]).toEqual([401]);
  });

  it('a state-changing request with the cookie but without X-Kabuto is refused 403 and changes nothing; with it, it passes', async () => {
    const u = await registerUser(s);
    const { cookie } = await login(u.phone, u.password);
    const body = { loginPassword: u.password, password: '246810', password2: '246810' };

    const refused = await browser('post', 'user/fund-password', cookie, { body, csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 0, msg: 'forbidden', params: { header: 'X-Kabuto' }, data: null });
    expect((await browser('get', 'user/info', cookie)).body.data.fundPasswordSet).toBe(false);
    // Any other value of the header is no better.
    const wrong = await s.call('post', 'user/fund-password', { body, headers: { cookie: `${COOKIE}=${cookie}`, 'X-Kabuto': '0' } });
    expect([wrong.status, wrong.body.msg]).toEqual([403, 'forbidden']);
    // Logout without it neither revokes the session nor clears the cookie.
    const out = await browser('post', 'user/logout', cookie, { csrf: false });
    expect([out.status, out.body.msg]).toEqual([403, 'forbidden']);
    expect(out.headers.getSetCookie()).toEqual([]);
    expect((await browser('get', 'user/info', cookie)).status).toBe(200);

    const passed = await browser('post', 'user/fund-password', cookie, { body });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect((await browser('get', 'user/info', cookie)).body.data.fundPasswordSet).toBe(true);
  });

  it('the token header still works, with no CSRF header and no cookie handed out', async () => {
    const u = await registerUser(s);
    const res = await s.call('post', 'user/fund-password', { token: u.token, body: { loginPassword: u.password, password: '135790', password2: '135790' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const info = await s.call('get', 'user/info', { token: u.token });
    expect([info.status, info.body.data.fundPasswordSet]).toEqual([200, true]);
    expect(info.headers.getSetCookie()).toEqual([]);
    // The header wins over a cookie: a dead header token is 401 whatever the cookie says.
    const { cookie } = await login(u.phone, u.password);
    const mixed = await s.call('get', 'user/info', { token: 'x'.repeat(43), headers: { cookie: `${COOKIE}=${cookie}` } });
    expect([mixed.status, mixed.body.msg]).toEqual([401, 'session_expired']);
  });

  it('a browser sending its old localStorage token with X-Kabuto is answered with the cookie (migration)', async () => {
    const u = await registerUser(s);
    const first = await s.call('get', 'user/info', { token: u.token, headers: BROWSER });
    expect(first.status).toBe(200);
    const c = sessionCookieOf(first.headers);
    expect(c.value).toBe(u.token);
    expect(c.attrs.has('httponly')).toBe(true);
    // From then on the cookie alone does.
    expect((await browser('get', 'user/info', c.value)).body.data.phone).toBe(u.phone);
    // Once the cookie came with it, it is not set again.
    const again = await s.call('get', 'user/info', { token: u.token, headers: { ...BROWSER, cookie: `${COOKIE}=${u.token}` } });
    expect(again.headers.getSetCookie()).toEqual([]);
    // A dead token migrates nothing.
    const dead = await s.call('get', 'user/info', { token: 'y'.repeat(43), headers: BROWSER });
    expect([dead.status, dead.headers.getSetCookie()]).toEqual([401, []]);
  });

  it('logout clears the cookie and ends the session on the server', async () => {
    const u = await registerUser(s);
    const { cookie } = await login(u.phone, u.password);
    const out = await browser('post', 'user/logout', cookie);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const cleared = sessionCookieOf(out.headers);
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('max-age')).toBe('0');
    expect(cleared.attrs.get('path')).toBe('/');
    expect(cleared.attrs.has('secure')).toBe(true);
    const after = await browser('get', 'user/info', cookie);
    expect([after.status, after.body.msg]).toEqual([401, 'session_expired']);
    // The user's other sessions live on.
    expect((await s.call('get', 'user/info', { token: u.token })).status).toBe(200);
  });

  it('a login from a browser whose cookie names a live session of that user passes the phone lock (a trusted device)', async () => {
    const u = await registerUser(s);
    const { cookie } = await login(u.phone, u.password);
    const form = (password: string) => s.call('post', 'user/login', { body: { phone: u.phone, password } });
    for (let i = 0; i < 5; i++) expect((await form('wrong-pass-000')).status).toBe(422);
    expect((await form(u.password)).status).toBe(429);
    const res = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password }, headers: { ...BROWSER, cookie: `${COOKIE}=${cookie}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fresh = sessionCookieOf(res.headers).value;
    expect(fresh).not.toBe(cookie);
    expect((await browser('get', 'user/info', fresh)).status).toBe(200);
  });

  it('the support stream and private uploads work with the cookie alone', async () => {
    const u = await registerUser(s);
    const { cookie } = await login(u.phone, u.password);
    const headers = { cookie: `${COOKIE}=${cookie}` };

    const ac = new AbortController();
    const stream = await fetch(`${s.url}/api/vue/support/stream`, { headers: { ...headers, accept: 'text/event-stream' }, signal: ac.signal });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // `retry: 3000`, then the unread counts: the stream is this user's.
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('event: unread')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      expect(text).toContain('event: unread');
    } finally {
      ac.abort();
    }

    const bytes = await photo();
    const post = (h: Record<string, string>) =>
      fetch(`${s.url}/api/vue/uploads?purpose=kyc_front`, { method: 'POST', headers: { ...headers, ...h, 'content-type': 'image/jpeg' }, body: bytes as unknown as BodyInit });
    const refused = await post({});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ msg: 'forbidden', params: { header: 'X-Kabuto' } });
    const created = await post(BROWSER);
    const body = (await created.json()) as { status: number; data: { id: string } };
    expect(created.status, JSON.stringify(body)).toBe(200);
    const got = await fetch(`${s.url}/api/vue/uploads/${body.data.id}`, { headers });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/^image\//);
  });
});
