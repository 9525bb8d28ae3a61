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
  setLanguage,
  setSavedStock,
  setSession,
  subscribeSession,
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
  it('stores the spec keys tokend, account, is_admin and tells subscribers', () => {
    const seen = vi.fn();
    const off = subscribeSession(seen);
    setSession({ token: 't0k', account: '09012345678', is_admin: true });
    expect(localStorage.getItem('tokend')).toBe('t0k');
    expect(localStorage.getItem('account')).toBe('09012345678');
    expect(localStorage.getItem('is_admin')).toBe('true');
    expect([getToken(), getAccount(), isAdmin()]).toEqual(['t0k', '09012345678', true]);
    expect(seen).toHaveBeenCalledTimes(1);
    off();
    clearSession();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('clearSession removes the session and the saved stock but keeps the language', () => {
    setSession({ token: 't', account: 'a', is_admin: false });
    setSavedStock({ code: '7203', name: 'トヨタ自動車' });
    setLanguage('tw');
    localStorage.setItem('unrelated', 'x');
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
    expect(getToken()).toBe('mem');
    setLanguage('en');
    expect(getLanguage()).toBe('en');
    expect(() => clearSession()).not.toThrow();
    expect(getToken()).toBeNull();
  });
});
