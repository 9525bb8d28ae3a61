// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { endpoint } from '../../src/shared/api/endpoint';
import { accountApi } from '../../src/shared/api/account';
import { configApi } from '../../src/shared/api/config';
import {
  ApiError,
  REQUEST_TIMEOUT_MS,
  UNAUTHORIZED_REDIRECT_MS,
  apiCall,
  handleUnauthorized,
  newIdempotencyKey,
  onApiError,
  resetApiClientForTests,
  setNavigateToLogin,
  setUnauthorizedHandler,
} from '../../src/app/api/client';
import { getAccount, getLanguage, getToken, isSignedIn, setLanguage, setSavedStock, setSession } from '../../src/app/storage';

const BASE = `${location.origin}/api/vue/`;
const server = setupServer();

// A money command and a read with path params, shaped like the contract's endpoints.
const orderApi = endpoint({
  method: 'post', path: 'trade/orders', tag: 'trade', auth: 'user', idempotent: true,
  summary: 'test order', body: z.object({ code: z.string(), lots: z.number() }),
  data: z.object({ id: z.string() }),
});
const quoteApi = endpoint({
  method: 'get', path: 'market/quote/{code}', tag: 'market', auth: 'user', summary: 'test quote',
  params: z.object({ code: z.string() }), query: z.object({ adjust: z.string().optional() }),
  data: z.object({ code: z.string(), price: z.number().int() }),
});

const ok = <T,>(data: T, init?: ResponseInit) => HttpResponse.json({ status: 1, msg: '', data }, init);
const fail = (msg: string, status: number, params?: Record<string, string | number>) =>
  HttpResponse.json({ status: 0, msg, ...(params ? { params } : {}), data: null }, { status });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetApiClientForTests();
  setNavigateToLogin(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('envelope', () => {
  it('returns typed data for status 1, with the X-Kabuto and account headers (no token: the cookie carries the session) and a JSON body', async () => {
    setSession({ token: 'tok-1', account: 'acc-1', is_admin: false });
    let seen: { token: string | null; kabuto: string | null; account: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${BASE}common/config`, async ({ request }) => {
        seen = {
          token: request.headers.get('token'),
          kabuto: request.headers.get('x-kabuto'),
          account: request.headers.get('account'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return ok([{ name: 'title', value: 'Kabuto' }]);
      }),
    );
    const data = await apiCall(configApi.list, { body: { type: 'all' } });
    expect(data).toEqual([{ name: 'title', value: 'Kabuto' }]);
    expect(seen).toEqual({ token: null, kabuto: '1', account: 'acc-1', type: 'application/json', body: { type: 'all' } });
  });

  it('fills path params and the query string', async () => {
    let url = '';
    server.use(
      http.get(`${BASE}market/quote/:code`, ({ request }) => {
        url = request.url;
        return ok({ code: '7203', price: 23455 });
      }),
    );
    await expect(apiCall(quoteApi, { params: { code: '7203' }, query: { adjust: 'forward' } })).resolves.toEqual({
      code: '7203',
      price: 23455,
    });
    expect(url).toBe(`${BASE}market/quote/7203?adjust=forward`);
  });

  it('turns status 0 into an ApiError with msg, params and HTTP status, and reports it', async () => {
    server.use(http.post(`${BASE}user/login`, () => fail('phone_or_password_incorrect', 400)));
    const reported: ApiError[] = [];
    const off = onApiError((e) => reported.push(e));
    const err = await apiCall(accountApi.login, { body: { phone: '09012345678', password: 'x' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ msg: 'phone_or_password_incorrect', httpStatus: 400 });
    expect(reported.map((e) => e.msg)).toEqual(['phone_or_password_incorrect']);
    off();
    await apiCall(accountApi.login, { body: { phone: '09012345678', password: 'x' } }).catch(() => {});
    expect(reported).toHaveLength(1);
  });

  it('keeps params (amounts, time ranges) for the translated toast', async () => {
    server.use(http.post(`${BASE}trade/orders`, () => fail('withdraw_time_closed', 422, { from: '09:30', to: '24:00' })));
    const err = await apiCall(orderApi, { body: { code: '7203', lots: 1 }, idempotencyKey: newIdempotencyKey() }).catch((e) => e);
    expect(err).toMatchObject({ msg: 'withdraw_time_closed', params: { from: '09:30', to: '24:00' }, httpStatus: 422 });
  });

  it('maps 5xx, non-JSON and contract mismatches to internal_error', async () => {
    server.use(http.post(`${BASE}common/config`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(apiCall(configApi.list, { body: { type: 'all' } })).rejects.toMatchObject({ msg: 'internal_error', httpStatus: 502 });

    server.use(http.post(`${BASE}common/config`, () => fail('whatever', 500)));
    await expect(apiCall(configApi.list, { body: { type: 'all' } })).rejects.toMatchObject({ msg: 'internal_error', httpStatus: 500 });

    server.use(http.post(`${BASE}common/config`, () => new HttpResponse('not json', { status: 200 })));
    await expect(apiCall(configApi.list, { body: { type: 'all' } })).rejects.toMatchObject({ msg: 'internal_error' });

    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(`${BASE}common/config`, () => ok({ not: 'a list' })));
    await expect(apiCall(configApi.list, { body: { type: 'all' } })).rejects.toMatchObject({ msg: 'internal_error' });
    spy.mockRestore();
  });

  it('passes unknown server texts through unchanged for the §8 translation rules', async () => {
    server.use(http.post(`${BASE}common/config`, () => fail('余额不足', 422)));
    await expect(apiCall(configApi.list, { body: { type: 'all' } })).rejects.toMatchObject({ msg: '余额不足' });
  });

  it('is typed by the contract (compile-time checks)', () => {
    // @ts-expect-error the contract requires a body here
    const missingBody = () => apiCall(configApi.list);
    // @ts-expect-error and this body does not match it
    const wrongBody = () => apiCall(configApi.list, { body: { type: 'some' } });
    // @ts-expect-error path params are required when the path has them
    const missingParams = () => apiCall(quoteApi, {});
    // @ts-expect-error a money command needs the Idempotency-Key of its user action
    const missingKey = () => apiCall(orderApi, { body: { code: '7203', lots: 1 } });
    // @ts-expect-error and a read takes none
    const keyOnRead = () => apiCall(quoteApi, { params: { code: '1' }, idempotencyKey: 'k' });
    const fine = async () => {
      const q: { code: string; price: number } = await apiCall(quoteApi, { params: { code: '1' } });
      return q;
    };
    expect([missingBody, wrongBody, missingParams, missingKey, keyOnRead, fine].every((f) => typeof f === 'function')).toBe(true);
  });

  it('reports a network failure as network_error', async () => {
    server.use(http.post(`${BASE}common/config`, () => HttpResponse.error()));
    await expect(apiCall(configApi.list, { body: { type: 'all' } })).rejects.toMatchObject({ msg: 'network_error' });
  });
});

describe('10 s time-out', () => {
  it('aborts a request that has not answered after 10 s with ApiError(timeout)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let started = false;
    server.use(
      http.post(`${BASE}common/config`, async () => {
        started = true;
        await new Promise(() => {}); // never answers
        return ok([]);
      }),
    );
    const reported: string[] = [];
    onApiError((e) => reported.push(e.msg));
    const settled = vi.fn();
    const p = apiCall(configApi.list, { body: { type: 'all' } }).then(settled, (e: unknown) => {
      settled(e);
      throw e;
    });
    p.catch(() => {});
    // (vi.waitFor would advance the fake clock; wait on real macrotasks instead)
    for (let i = 0; i < 200 && !started; i++) await new Promise((r) => setImmediate(r));
    expect(started).toBe(true);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled.mock.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ msg: 'timeout' });
    expect(reported).toEqual(['timeout']);
  });

  it('a caller abort rejects with the abort reason and is not reported', async () => {
    server.use(
      http.post(`${BASE}common/config`, async () => {
        await new Promise(() => {});
        return ok([]);
      }),
    );
    const reported: string[] = [];
    onApiError((e) => reported.push(e.msg));
    const ctrl = new AbortController();
    const p = apiCall(configApi.list, { body: { type: 'all' }, signal: ctrl.signal });
    ctrl.abort(new DOMException('left the screen', 'AbortError'));
    const err = await p.catch((e) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
    expect(reported).toEqual([]);
  });
});

describe('401', () => {
  it('clears the session (keeping the language), notifies at once and goes to login after 2 s, once per burst', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setSession({ token: 'revoked', account: 'acc-1', is_admin: false });
    setSavedStock({ code: '7203' });
    setLanguage('en');
    server.use(http.get(`${BASE}user/info`, () => fail('session_expired', 401)));
    const notify = vi.fn();
    const navigate = vi.fn();
    setUnauthorizedHandler({ notify, navigateToLogin: navigate });
    const reported: string[] = [];
    onApiError((e) => reported.push(e.msg));

    const results = await Promise.allSettled([apiCall(accountApi.info), apiCall(accountApi.info), apiCall(accountApi.info)]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).httpStatus === 401)).toBe(true);
    expect(getToken()).toBeNull();
    expect(getAccount()).toBeNull();
    expect(localStorage.getItem('is_admin')).toBeNull();
    expect(localStorage.getItem('stockDetail')).toBeNull();
    expect(getLanguage()).toBe('en');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]?.[0]).toMatchObject({ msg: 'session_expired' });
    expect(reported).toEqual([]); // no second toast through onApiError

    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    await apiCall(accountApi.info).catch(() => {}); // still the same burst
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);

    // After the redirect a new 401 is a new event.
    await apiCall(accountApi.info).catch(() => {});
    expect(notify).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('a plain function handler is the notifier; the default navigation sets the login hash', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    resetApiClientForTests();
    const notify = vi.fn();
    setUnauthorizedHandler(notify);
    handleUnauthorized();
    expect(notify).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(location.hash).toBe('#/login/login');
  });

  it('a 401 answering a request sent before the session ended (a refetch racing logout) changes nothing', async () => {
    setSession({ token: 'old', account: 'acc', is_admin: false });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(http.get(`${BASE}user/info`, async () => {
      await gate;
      return fail('session_expired', 401);
    }));
    const notify = vi.fn();
    setUnauthorizedHandler(notify);
    const pending = apiCall(accountApi.info).catch((e: unknown) => e);
    // Logout completes and a new session starts while the read is in flight.
    setSession({ token: 'new', account: 'acc', is_admin: false });
    release();
    expect(await pending).toMatchObject({ httpStatus: 401 });
    expect(notify).not.toHaveBeenCalled();
    expect([isSignedIn(), getAccount()]).toEqual([true, 'acc']);
  });

  it('a 401 from a public endpoint (login) is an ordinary error, not a logout', async () => {
    setSession({ token: 'tok', account: 'acc', is_admin: false });
    server.use(http.post(`${BASE}user/login`, () => fail('phone_or_password_incorrect', 401)));
    const notify = vi.fn();
    setUnauthorizedHandler(notify);
    const reported: string[] = [];
    onApiError((e) => reported.push(e.msg));
    await expect(apiCall(accountApi.login, { body: { phone: '09012345678', password: 'bad' } })).rejects.toMatchObject({
      msg: 'phone_or_password_incorrect',
    });
    expect(notify).not.toHaveBeenCalled();
    expect(getAccount()).toBe('acc');
    expect(reported).toEqual(['phone_or_password_incorrect']);
  });
});

describe('moving an old localStorage token to the session cookie', () => {
  const seenHeaders = () => {
    const seen: { token: string | null; kabuto: string | null }[] = [];
    return {
      seen,
      record: (request: Request) => seen.push({ token: request.headers.get('token'), kabuto: request.headers.get('x-kabuto') }),
    };
  };
  const info = { id: 'u1', phone: 'acc', state: 'active', stateReason: null, inviteCode: 'ABCDEFGH', isAdmin: false, fundPasswordSet: false, kycStatus: 'not_verified', createdAt: 0 };

  it('sends the old token once in the header; a signed-in answer (which set the cookie) deletes it', async () => {
    localStorage.setItem('tokend', 'old-tok');
    localStorage.setItem('account', 'acc');
    const h = seenHeaders();
    server.use(
      http.post(`${BASE}common/config`, ({ request }) => {
        h.record(request);
        return ok([]);
      }),
      http.get(`${BASE}user/info`, ({ request }) => {
        h.record(request);
        return ok(info);
      }),
    );
    // A public endpoint does not look at the session, so it sets no cookie: the key stays.
    await apiCall(configApi.list, { body: { type: 'all' } });
    expect(localStorage.getItem('tokend')).toBe('old-tok');
    await apiCall(accountApi.info);
    expect(localStorage.getItem('tokend')).toBeNull();
    await apiCall(accountApi.info);
    expect(h.seen).toEqual([
      { token: 'old-tok', kabuto: '1' },
      { token: 'old-tok', kabuto: '1' },
      { token: null, kabuto: '1' },
    ]);
    expect([getToken(), getAccount(), isSignedIn()]).toEqual([null, 'acc', true]);
  });

  it('keeps the key when the request did not get through, and drops it with the session on a 401', async () => {
    localStorage.setItem('tokend', 'old-tok');
    localStorage.setItem('account', 'acc');
    server.use(http.get(`${BASE}user/info`, () => HttpResponse.error()));
    await expect(apiCall(accountApi.info, { silent: true })).rejects.toMatchObject({ msg: 'network_error' });
    expect(localStorage.getItem('tokend')).toBe('old-tok');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get(`${BASE}user/info`, () => fail('session_expired', 401)));
    await expect(apiCall(accountApi.info)).rejects.toMatchObject({ httpStatus: 401 });
    expect([localStorage.getItem('tokend'), getAccount(), isSignedIn()]).toEqual([null, null, false]);
  });
});

describe('money commands', () => {
  it('offline: fail at once with offline, without a request', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const hit = vi.fn();
    server.use(
      http.post(`${BASE}trade/orders`, () => {
        hit();
        return ok({ id: 'x' });
      }),
    );
    const reported: string[] = [];
    onApiError((e) => reported.push(e.msg));
    await expect(apiCall(orderApi, { body: { code: '7203', lots: 1 }, idempotencyKey: newIdempotencyKey() })).rejects.toMatchObject({
      msg: 'offline',
      httpStatus: undefined,
    });
    expect(hit).not.toHaveBeenCalled();
    expect(reported).toEqual(['offline']);
  });

  it('send the caller’s Idempotency-Key (a UUIDv7), the same on a retry', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}trade/orders`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1 ? HttpResponse.error() : ok({ id: 'order-1' });
      }),
    );
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(apiCall(orderApi, { body: { code: '7203', lots: 1 }, idempotencyKey: key })).rejects.toMatchObject({
      msg: 'network_error',
    });
    await expect(apiCall(orderApi, { body: { code: '7203', lots: 1 }, idempotencyKey: key })).resolves.toEqual({ id: 'order-1' });
    expect(keys).toEqual([key, key]);
  });

  it('reads carry no Idempotency-Key; offline reads still try (a cache may answer) and are not toasted', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get(`${BASE}user/info`, ({ request }) => {
        header = request.headers.get('idempotency-key');
        return HttpResponse.error();
      }),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reported: string[] = [];
    onApiError((e) => reported.push(e.msg));
    await expect(apiCall(accountApi.info)).rejects.toMatchObject({ msg: 'offline' });
    expect(header).toBeNull();
    expect(reported).toEqual([]);
  });
});
