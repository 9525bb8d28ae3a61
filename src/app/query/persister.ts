import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { version as packageVersion } from '../../../package.json';
import { PERSIST_MAX_AGE_MS } from './client';

/**
 * The query cache persisted in IndexedDB (idb-keyval), one entry per user and app version:
 * `kabuto-query:<version>+<schema>:<account | anon>`. A user's cache is restored only under that
 * user's key, so one user's data never shows for another; logout wipes the user's entry; entries of
 * other app versions are deleted on start.
 *
 * Writes are throttled (1 s) and flushed when the page is hidden. While the active key is being
 * switched (sign-in, sign-out, 401) writes are dropped, so clearing the in-memory cache can never
 * overwrite the next user's stored cache.
 */

type RestoreOptions = Parameters<typeof persistQueryClientRestore>[0];

export const CACHE_PREFIX = 'kabuto-query';
/** Bump when the shape of cached data changes without a version change. */
export const CACHE_SCHEMA = 2;
export const APP_VERSION: string = packageVersion;
export const CACHE_BUSTER = `${APP_VERSION}+${CACHE_SCHEMA}`;
export const PERSIST_THROTTLE_MS = 1000;

export function cacheKeyFor(account: string | null | undefined): string {
  return `${CACHE_PREFIX}:${CACHE_BUSTER}:${account || 'anon'}`;
}

/** What the persister needs from a key-value store (idb-keyval in the app, a Map in tests). */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<IDBValidKey[]>;
}

let idbStore: UseStore | undefined;
function idb(): UseStore {
  // Created lazily: opening IndexedDB at import time would fail outside a browser.
  idbStore ??= createStore('kabuto', 'query-cache');
  return idbStore;
}

export const idbKeyValueStore: KeyValueStore = {
  get: (key) => get(key, idb()),
  set: (key, value) => set(key, value, idb()),
  del: (key) => del(key, idb()),
  keys: () => keys(idb()),
};

/**
 * Which reads are stored: every query that has data, whatever its last fetch did — a refetch that
 * failed offline (status `error`, the previous data kept) must not delete what the user could read
 * offline (docs/decisions/003-client-plumbing.md). Not stored: queries without data (pending, or failed before any data),
 * `meta: { persist: false }`, and mutations (a paused mutation must not be replayed).
 *
 * Typed structurally: react-query and the persist packages may carry different query-core copies.
 */
export interface PersistableQuery {
  state: { status: string; data?: unknown };
  meta?: Record<string, unknown> | undefined;
}

export function shouldPersistQuery(query: PersistableQuery): boolean {
  return query.state.data !== undefined && query.meta?.persist !== false;
}

export const dehydrateOptions = {
  shouldDehydrateQuery: shouldPersistQuery,
  shouldDehydrateMutation: () => false,
};

type StoredQueryState = PersistedClient['clientState']['queries'][number]['state'];

/**
 * A stored query's state: its data and `dataUpdatedAt` (the age the offline banner shows) as they
 * were, the failure of the last fetch forgotten. Restored, it is a plain successful read of that age:
 * stale, so it is refetched when a screen shows it online, and no screen shows a stale error over it
 * (an error object does not survive IndexedDB's structured clone as an ApiError anyway).
 */
export function storedQueryState(state: StoredQueryState): StoredQueryState {
  if (state.status === 'success' && state.error === null && state.fetchStatus === 'idle') return state;
  return {
    ...state,
    status: 'success',
    error: null,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchStatus: 'idle',
  };
}

/** The entry written to the store: the dehydrated cache with every query state made storable. */
export function storedClient(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) => {
    const state = storedQueryState(q.state);
    return state === q.state ? q : { ...q, state };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

export class UserCachePersister implements Persister {
  /** undefined: not chosen yet (taken from keyOf() on first use); null: writes suspended. */
  private key: string | null | undefined;
  /** The next save: `make` dehydrates the cache, once, when the save is written (flush). */
  private pending: { key: string; make: () => PersistedClient } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly keyOf: () => string,
    private readonly throttleMs = PERSIST_THROTTLE_MS,
  ) {}

  activeKey(): string | null {
    if (this.key === undefined) this.key = this.keyOf();
    return this.key;
  }

  persistClient = (client: PersistedClient): void => this.schedule(() => client);

  /**
   * Save within the throttle window. `make` builds the entry — dehydrating the whole cache — and
   * runs once, when the save is written: a burst of cache changes (a screen's queries resolving,
   * 50 quote ticks a second on the market list) costs one dehydration per window, not one per change.
   */
  schedule(make: () => PersistedClient): void {
    const key = this.activeKey();
    if (key === null) return;
    if (this.pending && this.pending.key !== key) void this.flush();
    this.pending = { key, make };
    this.timer ??= setTimeout(() => void this.flush(), this.throttleMs);
  }

  restoreClient = async (): Promise<PersistedClient | undefined> => {
    const key = this.activeKey();
    if (key === null) return undefined;
    try {
      return (await this.store.get(key)) as PersistedClient | undefined;
    } catch {
      return undefined; // IndexedDB unavailable (private mode, old engine): run without a cache
    }
  };

  removeClient = async (): Promise<void> => {
    const key = this.activeKey();
    if (key !== null) await this.wipe(key, false);
  };

  /** Write the pending save now (page hidden, key switch). */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    // Made now, before any await: a key switch flushes the previous user's cache before clearing it.
    let client: PersistedClient;
    try {
      client = storedClient(p.make());
    } catch {
      return; // nothing storable
    }
    try {
      await this.store.set(p.key, client);
    } catch {
      // quota or unavailable: the cache is an optimisation
    }
  }

  /** Drop every write until activate(). */
  suspend(): void {
    this.key = null;
  }

  activate(key: string): void {
    this.key = key;
  }

  /** Delete a stored cache; when it is the active one, suspend writes (the user is leaving). */
  async wipe(key: string, suspend = true): Promise<void> {
    if (this.pending?.key === key) this.pending = null;
    if (suspend && this.key === key) this.key = null;
    try {
      await this.store.del(key);
    } catch {
      // unavailable: nothing stored either
    }
  }

  /** Delete caches of other app versions (best effort). */
  async pruneOtherVersions(): Promise<void> {
    try {
      const current = `${CACHE_PREFIX}:${CACHE_BUSTER}:`;
      for (const k of await this.store.keys()) {
        if (typeof k === 'string' && k.startsWith(`${CACHE_PREFIX}:`) && !k.startsWith(current)) {
          await this.store.del(k);
        }
      }
    } catch {
      // ignore
    }
  }
}

/**
 * Make `account`'s cache the active one: suspend writes, empty the in-memory cache (the previous
 * user's data), then restore the new user's stored cache. Does nothing if it is already active.
 *
 * Signing in (an account): queries on screen are reset in place and refetched with the new session
 * (so their observers stay attached to the cache), the rest is removed; the previous user's stored
 * cache is kept (it is shown to that user only). Signing out or a 401 (no account): the previous
 * user's stored cache is deleted, everything is removed from memory and nothing refetched (the
 * screen is about to leave; an anonymous refetch would only earn a 401).
 */
export async function switchCacheUser(
  client: QueryClient,
  persister: UserCachePersister,
  account: string | null,
): Promise<void> {
  const next = cacheKeyFor(account);
  const previous = persister.activeKey();
  if (previous === next) return;
  if (!account && previous !== null && previous !== cacheKeyFor(null)) {
    // the user left (logout, 401, another tab): nothing of theirs stays on this device (the pending
    // save is dropped and writes suspended at once; the delete itself finishes in the background)
    void persister.wipe(previous);
  } else {
    void persister.flush(); // the previous user's last save goes to the previous user's key
  }
  persister.suspend();
  if (account) {
    // finished mutations of the previous user go; a pending one (the sign-in itself) stays
    const mutations = client.getMutationCache();
    for (const m of mutations.getAll()) if (m.state.status !== 'pending') mutations.remove(m);
    client.removeQueries({ type: 'inactive' });
    void client.resetQueries({ type: 'active' }).catch(() => {});
  } else {
    client.clear();
  }
  persister.activate(next);
  await restoreCache(client, persister);
}

/** Restore the active user's stored cache into `client` (a broken or outdated entry is dropped). */
export async function restoreCache(client: QueryClient, persister: UserCachePersister): Promise<void> {
  try {
    await persistQueryClientRestore({
      // same runtime class; the cast bridges two copies of query-core's types
      // (docs/decisions/003-client-plumbing.md, "Known issue")
      queryClient: client as unknown as RestoreOptions['queryClient'],
      persister,
      maxAge: PERSIST_MAX_AGE_MS,
      buster: CACHE_BUSTER,
    });
  } catch {
    // a broken entry was removed by persistQueryClientRestore; start empty
  }
}
