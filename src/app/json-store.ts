/*
 * Small JSON values in localStorage (the watchlist edit queue, the search history, the rise / fall
 * colour setting). Guarded like src/app/storage.ts: private modes and quota errors make
 * localStorage throw, and the screens must keep working (in memory) then.
 */

export interface JsonStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

const memory = new Map<string, string>();

function ls(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const localJsonStore: JsonStore = {
  get(key) {
    let raw: string | null = null;
    try {
      raw = ls()?.getItem(key) ?? null;
    } catch {
      raw = null;
    }
    raw ??= memory.get(key) ?? null;
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  },
  set(key, value) {
    const raw = JSON.stringify(value);
    memory.set(key, raw);
    try {
      ls()?.setItem(key, raw);
    } catch {
      // quota or blocked: the in-memory copy stands in
    }
  },
  remove(key) {
    memory.delete(key);
    try {
      ls()?.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** A JsonStore over a Map (tests). */
export function memoryJsonStore(): JsonStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (k) => (data.has(k) ? structuredClone(data.get(k)) : undefined),
    set: (k, v) => void data.set(k, structuredClone(v)),
    remove: (k) => void data.delete(k),
  };
}
