import type { JsonStore } from '../../json-store';
import { USER_DATA_KEY_PREFIXES, subscribeSession } from '../../storage';

/*
 * Search history: the last terms a user searched, newest first,
 * kept in localStorage per account and clearable, deleted with the session
 * (storage.ts clearSession: logout, 401; unit-tested in
 * tests/unit/market-ui-search-history.test.ts).
 */

export const HISTORY_MAX = 10;
export const HISTORY_TERM_MAX = 50;
export const HISTORY_KEY_PREFIX = USER_DATA_KEY_PREFIXES.searchHistory;

/** Normalise a term the way the search box does: trimmed, inner whitespace collapsed. */
export function normalizeTerm(term: string): string {
  return term.replace(/\s+/g, ' ').trim().slice(0, HISTORY_TERM_MAX);
}

/** The history with `term` first (a repeat moves to the front; case and width of Latin letters ignored). */
export function addTerm(history: readonly string[], term: string, max = HISTORY_MAX): string[] {
  const t = normalizeTerm(term);
  if (!t) return [...history];
  const fold = (a: string) => normalizeTerm(a).normalize('NFKC').toLowerCase();
  const key = fold(t);
  const same = (a: string) => fold(a) === key;
  return [t, ...history.filter((h) => !same(h))].slice(0, max);
}

export function removeTerm(history: readonly string[], term: string): string[] {
  return history.filter((h) => h !== term);
}

export class SearchHistory {
  private listeners = new Set<() => void>();
  private cachedKey: string | null | undefined;
  private cached: readonly string[] = [];

  constructor(
    private readonly store: JsonStore,
    private readonly accountOf: () => string | null,
  ) {
    // A sign-in, sign-out or 401 (which deletes the account's history): read the store again.
    subscribeSession(() => {
      this.cachedKey = undefined;
      for (const l of [...this.listeners]) l();
    });
  }

  private key(): string {
    return `${HISTORY_KEY_PREFIX}:${this.accountOf() ?? 'anon'}`;
  }

  list = (): readonly string[] => {
    const key = this.key();
    if (key !== this.cachedKey) {
      this.cachedKey = key;
      const raw = this.store.get(key);
      this.cached = Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string').slice(0, HISTORY_MAX) : [];
    }
    return this.cached;
  };

  private write(list: readonly string[]): void {
    const key = this.key();
    if (list.length) this.store.set(key, list);
    else this.store.remove(key);
    this.cachedKey = key;
    this.cached = list;
    for (const l of [...this.listeners]) l();
  }

  add(term: string): void {
    const next = addTerm(this.list(), term);
    if (next.join('\n') !== this.list().join('\n')) this.write(next);
  }

  remove(term: string): void {
    this.write(removeTerm(this.list(), term));
  }

  clear(): void {
    this.write([]);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}
