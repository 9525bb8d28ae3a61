/**
 * The browser's localStorage keys (docs/product.md "Client storage and sessions"): `tokend`, `account`, `is_admin`, `language` and
 * the saved stock detail (`stockDetail`). Every access is guarded: private modes, disabled storage
 * and quota errors make localStorage throw, and the app must keep working (in memory) then.
 *
 * `clearSession()` (logout, HTTP 401) removes the session keys, the saved stock detail and the
 * account's per-account data (search history) but keeps
 * `language`: docs/product.md's "local storage is cleared" is about the signed-in state, and a user whose
 * session expires should not see the interface jump back to Japanese. See
 * docs/decisions/003-client-plumbing.md.
 */

import { localJsonStore } from './json-store';

export const STORAGE_KEYS = {
  token: 'tokend',
  account: 'account',
  isAdmin: 'is_admin',
  language: 'language',
  savedStock: 'stockDetail',
} as const;

/**
 * Per-account data kept in localStorage as `<prefix>:<account>` (JSON, through json-store) that
 * leaves with the account: clearSession() (logout, 401) and a sign-out in another tab delete the
 * signed-out account's. (The watchlist edit queue is not here: it holds edits the user has not sent
 * yet, for when they sign in again.)
 */
export const USER_DATA_KEY_PREFIXES = {
  searchHistory: 'kabuto.searchHistory',
} as const;

/** Delete an account's per-account localStorage data (USER_DATA_KEY_PREFIXES). */
export function forgetUserData(account: string): void {
  for (const prefix of Object.values(USER_DATA_KEY_PREFIXES)) localJsonStore.remove(`${prefix}:${account}`);
}

/** Keys removed by clearSession(): everything of ours except the language preference. */
export const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.account,
  STORAGE_KEYS.isAdmin,
  STORAGE_KEYS.savedStock,
];

export const LANGUAGES = ['jp', 'en', 'tw', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'jp';

export interface Session {
  token: string;
  account: string;
  is_admin: boolean;
}

/** Used when localStorage is missing or throws: the app still works for this page's lifetime. */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // SecurityError when storage is blocked
  }
}

function read(key: string): string | null {
  const s = storage();
  if (s) {
    try {
      return s.getItem(key);
    } catch {
      // fall through to memory
    }
  }
  return memory.get(key) ?? null;
}

function write(key: string, value: string): void {
  memory.set(key, value);
  const s = storage();
  if (!s) return;
  try {
    s.setItem(key, value);
  } catch {
    // quota exceeded or blocked: the in-memory copy stands in
  }
}

function remove(key: string): void {
  memory.delete(key);
  const s = storage();
  if (!s) return;
  try {
    s.removeItem(key);
  } catch {
    // ignore
  }
}

// --- session change notifications (this tab and, through the `storage` event, other tabs) ---

type Listener = () => void;
const sessionListeners = new Set<Listener>();

function emitSession(): void {
  for (const l of [...sessionListeners]) {
    try {
      l();
    } catch (err) {
      console.error(err);
    }
  }
}

let crossTabBound = false;
function bindCrossTab(): void {
  if (crossTabBound || typeof window === 'undefined') return;
  crossTabBound = true;
  window.addEventListener('storage', (e) => {
    // signed out in another tab: its json-store copies in this tab's memory go too
    if (e.key === STORAGE_KEYS.account && e.oldValue && !e.newValue) forgetUserData(e.oldValue);
    // e.key is null when another tab called localStorage.clear()
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.account) emitSession();
  });
}

/** Called after setSession/clearSession here and after session changes in other tabs. */
export function subscribeSession(listener: Listener): () => void {
  bindCrossTab();
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

// --- session ---

export function getToken(): string | null {
  return read(STORAGE_KEYS.token) || null;
}

export function getAccount(): string | null {
  return read(STORAGE_KEYS.account) || null;
}

export function isAdmin(): boolean {
  return read(STORAGE_KEYS.isAdmin) === 'true';
}

export function setSession(session: Session): void {
  write(STORAGE_KEYS.token, session.token);
  write(STORAGE_KEYS.account, session.account);
  write(STORAGE_KEYS.isAdmin, session.is_admin ? 'true' : 'false');
  emitSession();
}

/**
 * Signs out locally: removes token, account, admin flag, the saved stock and the account's
 * per-account data (search history); keeps `language`.
 */
export function clearSession(): void {
  const account = getAccount();
  if (account) forgetUserData(account);
  for (const key of SESSION_KEYS) remove(key);
  emitSession();
}

// --- language ---

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language; a missing or unknown value is reset to `jp` and written back (docs/product.md "Client storage and sessions"). */
export function getLanguage(): Language {
  const stored = read(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  write(STORAGE_KEYS.language, DEFAULT_LANGUAGE);
  return DEFAULT_LANGUAGE;
}

export function setLanguage(lang: Language): void {
  write(STORAGE_KEYS.language, isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
}

// --- saved stock detail ---

/** The stock detail saved when opening a stock (JSON); null when absent or unreadable. */
export function getSavedStock<T = unknown>(): T | null {
  const raw = read(STORAGE_KEYS.savedStock);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    remove(STORAGE_KEYS.savedStock);
    return null;
  }
}

export function setSavedStock(value: unknown): void {
  if (value === null || value === undefined) {
    remove(STORAGE_KEYS.savedStock);
    return;
  }
  write(STORAGE_KEYS.savedStock, JSON.stringify(value));
}
