// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver, dehydrate, onlineManager } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { endpoint } from '../../src/shared/api/endpoint';
import { ApiError, apiCall, resetApiClientForTests } from '../../src/app/api/client';
import { createQueryClient, shouldRetryQuery, PERSIST_MAX_AGE_MS } from '../../src/app/query/client';
import {
  UserCachePersister,
  cacheKeyFor,
  dehydrateOptions,
  switchCacheUser,
  type KeyValueStore,
} from '../../src/app/query/persister';
import { formatAge, oldestActiveDataAt } from '../../src/app/query/age';

const wipeCache = vi.hoisted(() => vi.fn(async (_account: string | null) => {}));
vi.mock('../../src/app/query/PersistProvider', () => ({ wipeCache }));
const { logout } = await import('../../src/app/api/account');
const storage = await import('../../src/app/storage');

const BASE = `${location.origin}/api/vue/`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetApiClientForTests();
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

const orderApi = endpoint({
  method: 'post', path: 'trade/orders', tag: 'trade', auth: 'user', idempotent: true, summary: 'order',
  body: z.object({ code: z.string() }), data: z.object({ id: z.string() }),
});

function memoryStore(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (k) => map.get(k),
    set: async (k, v) => void map.set(k, v),
    del: async (k) => void map.delete(k),
    keys: async () => [...map.keys()],
  };
}

describe('retry policy', () => {
  it('never retries 4xx or offline; retries time-outs, network errors and 5xx up to twice', () => {
    expect(shouldRetryQuery(0, new ApiError('balance_insufficient', undefined, 422))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('session_expired', undefined, 401))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('too_many_requests', undefined, 429))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('offline'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('timeout'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('network_error'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError('internal_error', undefined, 503))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError('timeout'))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('bug'))).toBe(false);
  });

  it('keeps data in memory at least as long as it may be persisted', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
    expect(client.getDefaultOptions().queries?.networkMode).toBe('offlineFirst');
  });
});

describe('money mutations offline', () => {
  it('fail at once with offline: not paused, not retried, never persisted for replay', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const hit = vi.fn();
    server.use(
      http.post(`${BASE}trade/orders`, () => {
        hit();
        return HttpResponse.json({ status: 1, msg: '', data: { id: 'x' } });
      }),
    );
    const client = createQueryClient();
    const mutationFn = vi.fn(() => apiCall(orderApi, { body: { code: '7203' }, idempotencyKey: 'k' }));
    const observer = new MutationObserver(client, { mutationFn });
    const err = await observer.mutate().catch((e: unknown) => e);
    expect(err).toMatchObject({ msg: 'offline' });
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', isPaused: false });
    expect(hit).not.toHaveBeenCalled();
    expect(dehydrate(client, dehydrateOptions).mutations).toEqual([]);
  });
});

describe('per-user persisted cache', () => {
  it('stores successful queries under the user’s key and never shows them to another user', async () => {
    const store = memoryStore();
    let account: string | null = 'alice';
    const persister = new UserCachePersister(store, () => cacheKeyFor(account), 10);
    const client = createQueryClient();

    // alice's data is saved under alice's key
    client.setQueryData(['user', 'info'], { phone: 'alice' });
    persister.persistClient({ timestamp: Date.now(), buster: 'b', clientState: dehydrate(client, dehydrateOptions) });
    await persister.flush();
    expect([...store.map.keys()]).toEqual([cacheKeyFor('alice')]);

    // bob signs in: the in-memory cache is emptied and bob's (empty) cache restored
    account = 'bob';
    await switchCacheUser(client, persister, 'bob');
    expect(client.getQueryData(['user', 'info'])).toBeUndefined();
    expect(persister.activeKey()).toBe(cacheKeyFor('bob'));
    // writes made while bob is active go to bob's key only
    client.setQueryData(['user', 'info'], { phone: 'bob' });
    persister.persistClient({ timestamp: Date.now(), buster: 'b', clientState: dehydrate(client, dehydrateOptions) });
    await persister.flush();
    const aliceEntry = store.map.get(cacheKeyFor('alice')) as { clientState: { queries: { state: { data: unknown } }[] } };
    expect(aliceEntry.clientState.queries.map((q) => q.state.data)).toEqual([{ phone: 'alice' }]);
  });

  it('restores the user’s cache on switch back, and a wiped cache stays gone', async () => {
    const store = memoryStore();
    const persister = new UserCachePersister(store, () => cacheKeyFor(null), 10);
    const client = createQueryClient();
    const { CACHE_BUSTER } = await import('../../src/app/query/persister');

    await switchCacheUser(client, persister, 'carol');
    client.setQueryData(['funds', 'summary'], { total: 100 });
    persister.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(client, dehydrateOptions) });
    await persister.flush();

    await switchCacheUser(client, persister, null);
    expect(client.getQueryData(['funds', 'summary'])).toBeUndefined();
    await switchCacheUser(client, persister, 'carol');
    expect(client.getQueryData(['funds', 'summary'])).toEqual({ total: 100 });

    // logout: wipe suspends writes, so nothing re-creates the entry
    await persister.wipe(cacheKeyFor('carol'));
    persister.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(client, dehydrateOptions) });
    await persister.flush();
    expect(store.map.has(cacheKeyFor('carol'))).toBe(false);
  });

  it('on sign-in, queries on screen stay attached and refetch for the new user; others are dropped', async () => {
    const store = memoryStore();
    const persister = new UserCachePersister(store, () => cacheKeyFor(null), 10);
    const client = createQueryClient();
    let who = 'anon';
    const observer = new QueryObserver(client, { queryKey: ['config'], queryFn: async () => `config for ${who}` });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('config for anon'));
    client.setQueryData(['user', 'info'], { phone: 'previous user' }); // no observer

    who = 'frank';
    await switchCacheUser(client, persister, 'frank');
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('config for frank'));
    expect(client.getQueryCache().find({ queryKey: ['config'] })?.getObserversCount()).toBe(1);
    expect(client.getQueryData(['user', 'info'])).toBeUndefined();
    unsubscribe();
  });

  it('persists only successful queries, and honours meta.persist = false', async () => {
    const client = createQueryClient();
    client.setQueryData(['ok'], 1);
    await client.fetchQuery({ queryKey: ['secret'], queryFn: () => 2, meta: { persist: false } });
    const failing = new QueryObserver(client, { queryKey: ['bad'], queryFn: () => Promise.reject(new ApiError('x', undefined, 400)), retry: false });
    await failing.refetch();
    const keys = dehydrate(client, dehydrateOptions).queries.map((q) => q.queryKey);
    expect(keys).toEqual([['ok']]);
  });
});

describe('logout', () => {
  it('revokes on the server, then wipes the user’s cache and clears the session', async () => {
    storage.setSession({ token: 't', account: 'dave', is_admin: false });
    let tokenSeen: string | null = null;
    server.use(
      http.post(`${BASE}user/logout`, ({ request }) => {
        tokenSeen = request.headers.get('token');
        return HttpResponse.json({ status: 1, msg: '', data: { ok: true } });
      }),
    );
    await logout();
    expect(tokenSeen).toBe('t');
    expect(wipeCache).toHaveBeenCalledWith('dave');
    expect(storage.getToken()).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    storage.setSession({ token: 't', account: 'erin', is_admin: false });
    server.use(http.post(`${BASE}user/logout`, () => HttpResponse.error()));
    const client = createQueryClient();
    client.setQueryData(['user', 'info'], { phone: 'erin' });
    await logout(client);
    expect(wipeCache).toHaveBeenCalledWith('erin');
    expect(storage.getToken()).toBeNull();
    expect(client.getQueryData(['user', 'info'])).toBeUndefined();
  });
});

describe('offline banner age', () => {
  it('formats the age in the interface language', () => {
    const now = 1_700_000_000_000;
    expect(formatAge(now - 2 * 60_000, now, 'ja')).toBe('2 分前');
    expect(formatAge(now - 2 * 60_000, now, 'en')).toBe('2 minutes ago');
    expect(formatAge(now - 30_000, now, 'en')).toBe('30 seconds ago');
    expect(formatAge(now - 3 * 3_600_000, now, 'ko')).toBe('3시간 전');
    expect(formatAge(now - 2 * 86_400_000, now, 'zh-Hant')).toBe('2 天前');
  });

  it('takes the oldest data of the queries on screen', async () => {
    const client = createQueryClient();
    client.setQueryData(['a'], 1, { updatedAt: 1000 });
    client.setQueryData(['b'], 2, { updatedAt: 500 });
    client.setQueryData(['off-screen'], 3, { updatedAt: 10 });
    expect(oldestActiveDataAt(client)).toBeNull();
    const oa = new QueryObserver(client, { queryKey: ['a'], queryFn: () => 1, staleTime: Infinity });
    const ob = new QueryObserver(client, { queryKey: ['b'], queryFn: () => 2, staleTime: Infinity });
    const un = [oa.subscribe(() => {}), ob.subscribe(() => {})];
    expect(oldestActiveDataAt(client)).toBe(500);
    un.forEach((u) => u());
  });
});
