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
  storedQueryState,
  switchCacheUser,
  type KeyValueStore,
} from '../../src/app/query/persister';
import { formatAge, oldestActiveDataAt } from '../../src/app/query/age';
import { isConnectionFailure, recoverFailedQueries } from '../../src/app/query/recover';

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

  it('restores the user’s cache on switch back; signing out (logout, 401) deletes it', async () => {
    const store = memoryStore();
    const persister = new UserCachePersister(store, () => cacheKeyFor(null), 10);
    const client = createQueryClient();
    const { CACHE_BUSTER } = await import('../../src/app/query/persister');
    const save = async () => {
      persister.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(client, dehydrateOptions) });
      await persister.flush();
    };

    await switchCacheUser(client, persister, 'carol');
    client.setQueryData(['funds', 'summary'], { total: 100 });
    await save();

    // another account signs in on this device: carol's cache is kept for carol
    await switchCacheUser(client, persister, 'dan');
    expect(client.getQueryData(['funds', 'summary'])).toBeUndefined();
    await switchCacheUser(client, persister, 'carol');
    expect(client.getQueryData(['funds', 'summary'])).toEqual({ total: 100 });

    // the session ends (a 401 or a sign-out in another tab): carol's stored cache goes with it
    await switchCacheUser(client, persister, null);
    expect(client.getQueryData(['funds', 'summary'])).toBeUndefined();
    await vi.waitFor(() => expect(store.map.has(cacheKeyFor('carol'))).toBe(false));
    await switchCacheUser(client, persister, 'carol');
    expect(client.getQueryData(['funds', 'summary'])).toBeUndefined();

    // logout: wipe suspends writes, so nothing re-creates the entry
    client.setQueryData(['funds', 'summary'], { total: 200 });
    await save();
    expect(store.map.has(cacheKeyFor('carol'))).toBe(true);
    await persister.wipe(cacheKeyFor('carol'));
    await save();
    expect(store.map.has(cacheKeyFor('carol'))).toBe(false);
  });

  it('dehydrates once per throttle window, when it writes, with the latest data', async () => {
    const store = memoryStore();
    const persister = new UserCachePersister(store, () => cacheKeyFor('hana'), 10_000);
    const client = createQueryClient();
    let made = 0;
    const make = () => {
      made++;
      return { timestamp: Date.now(), buster: 'b', clientState: dehydrate(client, dehydrateOptions) };
    };
    for (let tick = 1; tick <= 50; tick++) {
      client.setQueryData(['market', 'quote', '7203'], { price: tick });
      persister.schedule(make);
    }
    expect(made).toBe(0);
    await persister.flush();
    expect(made).toBe(1);
    const stored = store.map.get(cacheKeyFor('hana')) as { clientState: { queries: { state: { data: unknown } }[] } };
    expect(stored.clientState.queries[0]!.state.data).toEqual({ price: 50 });
  });

  it('a save pending when the session ends is dropped, not written after the delete', async () => {
    const store = memoryStore();
    const persister = new UserCachePersister(store, () => cacheKeyFor('gina'), 10_000);
    const client = createQueryClient();
    client.setQueryData(['user', 'info'], { phone: 'gina' });
    persister.persistClient({ timestamp: Date.now(), buster: 'b', clientState: dehydrate(client, dehydrateOptions) });
    await persister.flush();
    client.setQueryData(['user', 'info'], { phone: 'gina 2' });
    persister.persistClient({ timestamp: Date.now(), buster: 'b', clientState: dehydrate(client, dehydrateOptions) }); // throttled, pending
    await switchCacheUser(client, persister, null);
    await persister.flush();
    expect(store.map.has(cacheKeyFor('gina'))).toBe(false);
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

  it('persists every query that has data, whatever its last fetch did; honours meta.persist = false', async () => {
    const client = createQueryClient();
    client.setQueryData(['ok'], 1);
    await client.fetchQuery({ queryKey: ['secret'], queryFn: () => 2, meta: { persist: false } });
    // failed before any data: nothing to keep
    const failing = new QueryObserver(client, { queryKey: ['bad'], queryFn: () => Promise.reject(new ApiError('x', undefined, 400)), retry: false });
    await failing.refetch();
    // had data, then a refetch failed offline: the data stays, with its age
    client.setQueryData(['positions'], { items: ['7203'] }, { updatedAt: 1_000 });
    const offline = new QueryObserver(client, { queryKey: ['positions'], queryFn: () => Promise.reject(new ApiError('offline')), retry: false });
    await offline.refetch();
    expect(client.getQueryState(['positions'])).toMatchObject({ status: 'error', data: { items: ['7203'] } });

    const queries = dehydrate(client, dehydrateOptions).queries;
    expect(queries.map((q) => q.queryKey)).toEqual([['ok'], ['positions']]);
  });

  it('stores a failed refetch as a plain read of its age, so it restores as data, not as an error', async () => {
    const store = memoryStore();
    const persister = new UserCachePersister(store, () => cacheKeyFor('hana'), 10);
    const client = createQueryClient();
    const { CACHE_BUSTER } = await import('../../src/app/query/persister');
    const dataAt = Date.now() - 5 * 60_000; // five minutes old when the network went away
    client.setQueryData(['funds', 'summary'], { total: 100 }, { updatedAt: dataAt });
    const observer = new QueryObserver(client, { queryKey: ['funds', 'summary'], queryFn: () => Promise.reject(new ApiError('offline')), retry: false });
    await observer.refetch();
    persister.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(client, dehydrateOptions) });
    await persister.flush();

    const entry = store.map.get(cacheKeyFor('hana')) as { clientState: { queries: { state: Record<string, unknown> }[] } };
    expect(entry.clientState.queries[0]!.state).toMatchObject({
      status: 'success', error: null, fetchStatus: 'idle', fetchFailureCount: 0, data: { total: 100 }, dataUpdatedAt: dataAt,
    });
    expect(storedQueryState(entry.clientState.queries[0]!.state as never)).toBe(entry.clientState.queries[0]!.state);

    // a reload: a fresh client restores it as data of that age (the offline banner's "5 分前")
    const reloaded = createQueryClient();
    await switchCacheUser(reloaded, new UserCachePersister(store, () => cacheKeyFor(null), 10), 'hana');
    expect(reloaded.getQueryState(['funds', 'summary'])).toMatchObject({ status: 'success', data: { total: 100 }, dataUpdatedAt: dataAt, error: null });
  });
});

describe('failed screens come back by themselves', () => {
  /** A query on screen whose fetch fails while `down` and answers `n` (the number of calls) after. */
  function screen(client: ReturnType<typeof createQueryClient>, key: string, error = new ApiError('offline'), cached?: unknown) {
    const state = { down: true, calls: 0 };
    if (cached !== undefined) client.setQueryData([key], cached);
    const observer = new QueryObserver(client, {
      queryKey: [key],
      retry: false,
      staleTime: Infinity, // not stale: TanStack's refetchOnReconnect alone would not refetch it
      queryFn: async () => {
        state.calls++;
        if (state.down) throw error;
        return state.calls;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    return { state, observer, unsubscribe };
  }

  it('tells a missing connection from a refusal', () => {
    expect(isConnectionFailure(new ApiError('offline'))).toBe(true);
    expect(isConnectionFailure(new ApiError('network_error'))).toBe(true);
    expect(isConnectionFailure(new ApiError('timeout'))).toBe(true);
    expect(isConnectionFailure(new ApiError('internal_error', undefined, 503))).toBe(true);
    expect(isConnectionFailure(new ApiError('internal_error', undefined, 500))).toBe(false);
    expect(isConnectionFailure(new ApiError('not_found', undefined, 404))).toBe(false);
    expect(isConnectionFailure(new ApiError('session_expired', undefined, 401))).toBe(false);
    expect(isConnectionFailure(new TypeError('bug'))).toBe(false);
  });

  it('refetch on reconnect, even with data not yet stale; not when off screen', async () => {
    const client = createQueryClient();
    client.mount();
    const stop = recoverFailedQueries(client, 60_000);
    onlineManager.setOnline(false);
    // data from before, refetched (a tap, a poll) while offline: failed, its data kept
    const detail = screen(client, 'quote', new ApiError('offline'), 'cached');
    const gone = screen(client, 'left', new ApiError('offline'), 'cached');
    await Promise.all([detail, gone].map((q) => q.observer.refetch()));
    expect(detail.observer.getCurrentResult()).toMatchObject({ status: 'error', data: 'cached' });
    gone.unsubscribe();

    detail.state.down = gone.state.down = false;
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(detail.observer.getCurrentResult()).toMatchObject({ status: 'success', data: 2 }));
    expect(detail.state.calls).toBe(2); // one refetch, not one from TanStack and one from us
    expect(gone.state.calls).toBe(1);
    stop();
    client.unmount();
  });

  it('know at start that the page loaded offline, so that the online event counts as a reconnect', async () => {
    const client = createQueryClient();
    client.mount();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(onlineManager.isOnline()).toBe(true); // TanStack's own assumption at start
    const stop = recoverFailedQueries(client, 60_000);
    expect(onlineManager.isOnline()).toBe(false);
    const detail = screen(client, 'quote'); // a stock never stored: fails offline, no data
    await vi.waitFor(() => expect(detail.observer.getCurrentResult().status).toBe('error'));
    detail.state.down = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(detail.observer.getCurrentResult()).toMatchObject({ status: 'success', data: 2 }));
    detail.unsubscribe();
    stop();
    client.unmount();
  });

  it('refetch when another read succeeds (the server is reachable again without an online event)', async () => {
    const client = createQueryClient();
    const stop = recoverFailedQueries(client, 60_000);
    const detail = screen(client, 'quote', new ApiError('network_error'));
    await vi.waitFor(() => expect(detail.observer.getCurrentResult().status).toBe('error'));
    detail.state.down = false;
    client.setQueryData(['manual'], 1); // setQueryData proves nothing about the network
    await Promise.resolve();
    expect(detail.state.calls).toBe(1);
    await client.fetchQuery({ queryKey: ['poll'], queryFn: () => 'ok' });
    await vi.waitFor(() => expect(detail.observer.getCurrentResult()).toMatchObject({ status: 'success', data: 2 }));
    detail.unsubscribe();
    stop();
  });

  it('and otherwise try again every interval while online, until it loads; never a refused read', async () => {
    const client = createQueryClient();
    const stop = recoverFailedQueries(client, 40);
    const detail = screen(client, 'quote', new ApiError('timeout'));
    const refused = screen(client, 'missing', new ApiError('not_found', undefined, 404));
    // Failed at least twice (the 40 ms interval may fit more tries into one poll of waitFor on a busy machine).
    await vi.waitFor(() => expect(detail.state.calls).toBeGreaterThanOrEqual(2), { timeout: 4_000 });
    detail.state.down = false;
    await vi.waitFor(() => expect(detail.observer.getCurrentResult().status).toBe('success'), { timeout: 4_000 });
    const loadedAfter = detail.state.calls;
    // Not a fixed wait: a query failing after the load makes the next pass of the interval run; once
    // it has been tried again, that pass has come and gone without touching the loaded query.
    const marker = screen(client, 'marker', new ApiError('timeout'));
    await vi.waitFor(() => expect(marker.state.calls).toBeGreaterThanOrEqual(2), { timeout: 4_000 });
    marker.unsubscribe();
    expect(detail.state.calls).toBe(loadedAfter); // loaded: no more tries
    expect(refused.state.calls).toBe(1);
    detail.unsubscribe();
    refused.unsubscribe();
    stop();
  }, 20_000); // three waits for the interval's passes, each given 4 s on a loaded host
});

describe('logout', () => {
  it('revokes on the server, then wipes the user’s cache and clears the session', async () => {
    storage.setSession({ token: 't', account: 'dave', is_admin: false });
    let seen: { token: string | null; kabuto: string | null } | null = null;
    server.use(
      http.post(`${BASE}user/logout`, ({ request }) => {
        // The session goes as the browser's cookie; X-Kabuto lets a cookie-signed POST through.
        seen = { token: request.headers.get('token'), kabuto: request.headers.get('x-kabuto') };
        return HttpResponse.json({ status: 1, msg: '', data: { ok: true } });
      }),
    );
    await logout();
    expect(seen).toEqual({ token: null, kabuto: '1' });
    expect(wipeCache).toHaveBeenCalledWith('dave');
    expect(storage.isSignedIn()).toBe(false);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    storage.setSession({ token: 't', account: 'erin', is_admin: false });
    server.use(http.post(`${BASE}user/logout`, () => HttpResponse.error()));
    const client = createQueryClient();
    client.setQueryData(['user', 'info'], { phone: 'erin' });
    await logout(client);
    expect(wipeCache).toHaveBeenCalledWith('erin');
    expect(storage.isSignedIn()).toBe(false);
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
