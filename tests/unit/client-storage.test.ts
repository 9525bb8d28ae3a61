// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  clearSession,
  getAccount,
  getLanguage,
  getSavedStock,
  getToken,
  isAdmin,
  isSignedIn,
  sessionEpoch,
  setLanguage,
  setSavedStock,
  setSession,
  subscribeSession,
  tokenLoading,
  tokenMigrated,
  usesSessionCookie,
} from '../../src/app/storage';
import { localJsonStore } from '../../src/app/json-store';
import { HISTORY_KEY_PREFIX, SearchHistory } from '../../src/app/features/watchlist/search-history';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('language', () => {
  it('defaults to jp and writes it back', () => {
    expect(getLanguage()).toBe('jp');
    expect(localStorage.getItem('language')).toBe('jp');
    expect(DEFAULT_LANGUAGE).toBe('jp');
  });

  it.each(['jp', 'en', 'tw', 'ko'] as const)('keeps the supported value %s', (lang) => {
    localStorage.setItem('language', lang);
    expect(getLanguage()).toBe(lang);
    expect(localStorage.getItem('language')).toBe(lang);
  });

  it.each(['zh', 'ja', 'EN', '', 'fr', 'null', '"en"'])('resets the unsupported value %j to jp', (bad) => {
    localStorage.setItem('language', bad);
    expect(getLanguage()).toBe('jp');
    expect(localStorage.getItem('language')).toBe('jp');
  });

  it('setLanguage stores a supported value', () => {
    setLanguage('ko');
    expect(localStorage.getItem('language')).toBe('ko');
    expect(getLanguage()).toBe('ko');
  });
});

describe('session', () => {
  it('stores the account and is_admin hints, never the token (the cookie carries it), and tells subscribers', () => {
    const seen = vi.fn();
    const off = subscribeSession(seen);
    setSession({ token: 't0k', account: '09012345678', is_admin: true });
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(localStorage.getItem('account')).toBe('09012345678');
    expect(localStorage.getItem('is_admin')).toBe('true');
    expect(JSON.stringify({ ...localStorage })).not.toContain('t0k');
    expect([getToken(), getAccount(), isAdmin(), isSignedIn()]).toEqual([null, '09012345678', true, true]);
    expect(usesSessionCookie()).toBe(true);
    expect(tokenLoading()).toBeNull();
    expect(seen).toHaveBeenCalledTimes(1);
    off();
    clearSession();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(isSignedIn()).toBe(false);
  });

  it('clearSession removes the session and the saved stock but keeps the language', () => {
    setSession({ token: 't', account: 'a', is_admin: false });
    setSavedStock({ code: '7203', name: 'トヨタ自動車' });
    setLanguage('tw');
    localStorage.setItem('unrelated', 'x');
    localStorage.setItem('tokend', 'left-by-an-old-version');
    clearSession();
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('is_admin')).toBeNull();
    expect(getSavedStock()).toBeNull();
    expect(getLanguage()).toBe('tw');
    expect([getToken(), getAccount(), isAdmin()]).toEqual([null, null, false]);
  });

  it('clearSession (logout, 401) deletes the signed-out account’s search history, not another’s', () => {
    setSession({ token: 't', account: 'ann', is_admin: false });
    const history = new SearchHistory(localJsonStore, getAccount);
    history.add('トヨタ');
    expect(localStorage.getItem(`${HISTORY_KEY_PREFIX}:ann`)).not.toBeNull();
    localStorage.setItem(`${HISTORY_KEY_PREFIX}:ben`, JSON.stringify(['ソニー']));
    localStorage.setItem('kabuto.watchlistQueue:ann', '[]'); // unsent edits stay for ann's return
    clearSession();
    expect(localStorage.getItem(`${HISTORY_KEY_PREFIX}:ann`)).toBeNull();
    expect(localStorage.getItem(`${HISTORY_KEY_PREFIX}:ben`)).not.toBeNull();
    expect(localStorage.getItem('kabuto.watchlistQueue:ann')).toBe('[]');
    // ann signs in again on this device: no history of hers is left, in storage or in memory
    setSession({ token: 't2', account: 'ann', is_admin: false });
    expect(history.list()).toEqual([]);
  });

  it('a sign-out in another tab deletes that account’s search history here too', () => {
    localJsonStore.set(`${HISTORY_KEY_PREFIX}:cat`, ['任天堂']);
    localStorage.removeItem(`${HISTORY_KEY_PREFIX}:cat`); // the other tab's clearSession
    const off = subscribeSession(() => {});
    window.dispatchEvent(new StorageEvent('storage', { key: 'account', oldValue: 'cat', newValue: null }));
    off();
    expect(localJsonStore.get(`${HISTORY_KEY_PREFIX}:cat`)).toBeUndefined(); // not even this tab's memory copy
  });

  it('saved stock round-trips as JSON; garbage reads as null', () => {
    setSavedStock({ code: '7203', price: 23455 });
    expect(getSavedStock()).toEqual({ code: '7203', price: 23455 });
    localStorage.setItem('stockDetail', '{broken');
    expect(getSavedStock()).toBeNull();
  });

  it('keeps working in memory when localStorage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => setSession({ token: 'mem', account: 'acc', is_admin: false })).not.toThrow();
    expect([getAccount(), isSignedIn(), getToken()]).toEqual(['acc', true, null]);
    setLanguage('en');
    expect(getLanguage()).toBe('en');
    expect(() => clearSession()).not.toThrow();
    expect(isSignedIn()).toBe(false);
  });
});

describe('the old localStorage token (before the session cookie)', () => {
  it('is sent in the header until a signed-in answer has set the cookie, then deleted', () => {
    localStorage.setItem('tokend', 'old-tok');
    localStorage.setItem('account', 'acc');
    expect([getToken(), isSignedIn()]).toEqual(['old-tok', true]);
    tokenMigrated('another-token'); // an answer to a request sent with another token: not this one's
    expect(localStorage.getItem('tokend')).toBe('old-tok');
    const seen = vi.fn();
    const off = subscribeSession(seen);
    tokenMigrated('old-tok');
    off();
    expect(localStorage.getItem('tokend')).toBeNull();
    expect([getToken(), getAccount(), isSignedIn()]).toEqual([null, 'acc', true]);
    expect(seen).not.toHaveBeenCalled(); // the same session, now in the cookie
  });

  it('goes with a new sign-in and with a sign-out', () => {
    localStorage.setItem('tokend', 'old-tok');
    setSession({ token: 'new-tok', account: 'acc', is_admin: false });
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(getToken()).toBeNull();
    localStorage.setItem('tokend', 'old-tok');
    clearSession();
    expect(localStorage.getItem('tokend')).toBeNull();
  });

  it('another tab deleting it changes no session; another tab signing in or out does', () => {
    const seen = vi.fn();
    const off = subscribeSession(seen);
    const epoch = sessionEpoch();
    window.dispatchEvent(new StorageEvent('storage', { key: 'tokend', oldValue: 'old-tok', newValue: null }));
    expect(seen).not.toHaveBeenCalled();
    expect(sessionEpoch()).toBe(epoch);
    window.dispatchEvent(new StorageEvent('storage', { key: 'account', oldValue: null, newValue: 'acc' }));
    off();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(sessionEpoch()).toBe(epoch + 1);
  });

  it('every sign-in and sign-out is a new session epoch (a late 401 of an older one is ignored)', () => {
    const e0 = sessionEpoch();
    setSession({ token: 't', account: 'a', is_admin: false });
    expect(sessionEpoch()).toBe(e0 + 1);
    clearSession();
    expect(sessionEpoch()).toBe(e0 + 2);
  });
});

describe('the Capacitor shell', () => {
  const kept = new Map<string, string>();
  const store = {
    readToken: vi.fn(async () => kept.get('token') ?? null),
    writeToken: vi.fn(async (t: string | null) => void (t ? kept.set('token', t) : kept.delete('token'))),
  };
  /** storage.ts as loaded inside the shell (it reads the kept token when it loads). */
  async function nativeStorage() {
    vi.resetModules();
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    vi.doMock('../../src/app/native/token-store', () => store);
    return import('../../src/app/storage');
  }
  beforeEach(() => {
    kept.clear();
    store.readToken.mockClear();
    store.writeToken.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('../../src/app/native/token-store');
    vi.resetModules();
  });

  it('keeps the token with Preferences, never in localStorage, and sends it in the header', async () => {
    kept.set('token', 'kept-tok');
    localStorage.setItem('account', 'acc');
    const st = await nativeStorage();
    expect(st.usesSessionCookie()).toBe(false);
    await st.tokenLoading();
    expect(st.tokenLoading()).toBeNull();
    expect(st.getToken()).toBe('kept-tok');
    st.setSession({ token: 'new-tok', account: 'acc', is_admin: false });
    expect(st.getToken()).toBe('new-tok');
    await vi.waitFor(() => expect(kept.get('token')).toBe('new-tok'));
    expect(JSON.stringify({ ...localStorage })).not.toContain('new-tok');
    st.clearSession();
    expect(st.getToken()).toBeNull();
    await vi.waitFor(() => expect(kept.has('token')).toBe(false));
  });

  it('moves a token an older version left in localStorage to Preferences at start', async () => {
    localStorage.setItem('tokend', 'old-tok');
    localStorage.setItem('account', 'acc');
    const st = await nativeStorage();
    await st.tokenLoading();
    expect(st.getToken()).toBe('old-tok');
    expect(kept.get('token')).toBe('old-tok');
    expect(localStorage.getItem('tokend')).toBeNull();
  });

  it('without the plugin, an old localStorage token still works (left where it is)', async () => {
    localStorage.setItem('tokend', 'old-tok');
    store.readToken.mockRejectedValueOnce(new Error('"Preferences" plugin is not implemented on android'));
    const st = await nativeStorage();
    await st.tokenLoading();
    expect(st.getToken()).toBe('old-tok');
    expect(localStorage.getItem('tokend')).toBe('old-tok');
  });
});
