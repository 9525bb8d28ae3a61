/**
 * The browser's localStorage keys (docs/product.md "Client storage and sessions"): `account`, `is_admin`, `language` and
 * the saved stock detail (`stockDetail`). Every access is guarded: private modes, disabled storage
 * and quota errors make localStorage throw, and the app must keep working (in memory) then.
 *
 * The session token is never stored here (docs/decisions/002-accounts-and-sessions.md, "Follow-up:
 * the session cookie"). In a browser it lives in the httpOnly session cookie the server sets, out of
 * reach of the page's scripts; `account` and `is_admin` stay as hints (who is signed in, whether to
 * show the back office) so that routing needs no round trip. The Capacitor shell, whose requests go
 * to another origin and carry no cookie, keeps its token with the native Preferences plugin
 * (native/token-store.ts) and sends it in the `token` header. A browser that still finds the old
 * `tokend` key sends it once in that header; the server answers with the cookie, and the key is
 * deleted (`tokenMigrated`).
 *
 * `clearSession()` (logout, HTTP 401) removes the session keys, the saved stock detail and the
 * account's per-account data (search history) but keeps
 * `language`: docs/product.md's "local storage is cleared" is about the signed-in state, and a user whose
 * session expires should not see the interface jump back to Japanese. See
 * docs/decisions/003-client-plumbing.md.
 */

import { localJsonStore } from './json-store';

export const STORAGE_KEYS = {
  /** Where the token was kept before the session cookie: only read, to migrate it, then deleted. */
  legacyToken: 'tokend',
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
  STORAGE_KEYS.legacyToken,
  STORAGE_KEYS.account,
  STORAGE_KEYS.isAdmin,
  STORAGE_KEYS.savedStock,
];

export const LANGUAGES = ['jp', 'en', 'tw', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'jp';

export interface Session {
  /** Kept only by the native shell (it sends the `token` header); a browser has the cookie. */
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
    // e.key is null when another tab called localStorage.clear(). The tabs share the session
    // cookie, so the account hint is what tells them apart (another tab's migration of `tokend`
    // changes no session).
    if (e.key === null || e.key === STORAGE_KEYS.account) {
      epoch += 1;
      emitSession();
    }
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

/**
 * Counts session changes (sign-in, sign-out, another tab's): a 401 answering a request sent under an
 * earlier session must not end the current one (api/client.ts). The token cannot tell them apart
 * any more: a browser cannot read its cookie.
 */
let epoch = 0;

export function sessionEpoch(): number {
  return epoch;
}

/** Inside the Capacitor shell (it injects `window.Capacitor`), read without importing Capacitor. */
function nativeShell(): boolean {
  const cap = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return cap?.isNativePlatform?.() === true;
}

/** The native shell's token: undefined until read from Preferences (nativeLoad). */
let nativeToken: string | null | undefined;
let nativeLoad: Promise<void> | null = null;

/**
 * Read the native shell's token from Preferences (once, at start). A token an older version of the
 * app left in localStorage moves there. Without the plugin (a shell built before it), an old
 * localStorage token is still used (and left where it is) and a new one is kept in memory only.
 */
async function loadNativeToken(): Promise<void> {
  const legacy = read(STORAGE_KEYS.legacyToken);
  let token: string | null = null;
  try {
    const store = await import('./native/token-store');
    token = await store.readToken();
    if (legacy) {
      if (!token) await store.writeToken((token = legacy));
      remove(STORAGE_KEYS.legacyToken);
    }
  } catch {
    token = legacy;
  }
  if (nativeToken === undefined) nativeToken = token;
}

function persistNativeToken(token: string | null): void {
  nativeToken = token;
  void import('./native/token-store').then((store) => store.writeToken(token)).catch(() => {});
}

if (nativeShell()) nativeLoad = loadNativeToken();

/**
 * Null when getToken() can be read; otherwise resolves once it can (the native shell reading its
 * token at start). Requests wait for it before reading the token.
 */
export function tokenLoading(): Promise<void> | null {
  return nativeToken === undefined ? nativeLoad : null;
}

/**
 * The token this client sends in the `token` header, or null: the native shell's; in a browser only
 * an old token still in localStorage, until the session cookie replaces it (tokenMigrated).
 */
export function getToken(): string | null {
  if (nativeShell()) return nativeToken ?? null;
  return read(STORAGE_KEYS.legacyToken) || null;
}

/**
 * A signed-in request sent with the browser's old localStorage token succeeded, so the server has
 * answered it with the session cookie: the key goes (if it still holds that token).
 */
export function tokenMigrated(token: string): void {
  if (!nativeShell() && read(STORAGE_KEYS.legacyToken) === token) remove(STORAGE_KEYS.legacyToken);
}

/** Whether this client sends cookies, not the `token` header: a browser, not the native shell. */
export function usesSessionCookie(): boolean {
  return !nativeShell();
}

export function getAccount(): string | null {
  return read(STORAGE_KEYS.account) || null;
}

/** Signed in, as far as this device knows: the account hint (the server's answer decides). */
export function isSignedIn(): boolean {
  return getAccount() !== null;
}

export function isAdmin(): boolean {
  return read(STORAGE_KEYS.isAdmin) === 'true';
}

/**
 * Store a new session (login, register, passkey): the account and admin hints; the token only in the
 * native shell (a browser has the cookie the answer set). An old localStorage token goes.
 */
export function setSession(session: Session): void {
  remove(STORAGE_KEYS.legacyToken);
  if (nativeShell()) persistNativeToken(session.token);
  write(STORAGE_KEYS.account, session.account);
  write(STORAGE_KEYS.isAdmin, session.is_admin ? 'true' : 'false');
  epoch += 1;
  emitSession();
}

/**
 * Signs out locally: removes the account and admin hints, any token (an old localStorage one, the
 * native shell's), the saved stock and the account's per-account data (search history); keeps
 * `language`. The browser's cookie is httpOnly: logout's answer clears it.
 */
export function clearSession(): void {
  const account = getAccount();
  if (account) forgetUserData(account);
  for (const key of SESSION_KEYS) remove(key);
  if (nativeShell()) persistNativeToken(null);
  epoch += 1;
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
