/**
 * A small least-recently-used cache (generated bars, quotes, known account ids) kept in two
 * generations: a hit in the newer map costs one lookup, a hit in the older one moves the entry up,
 * and when the newer map is full the older one is dropped whole. An exact LRU moved every hit to
 * the end of one Map (a delete and a set), which showed as 4 % of the order path's CPU
 * (docs/decisions/018-request-path-performance.md, "group commit"). What it keeps: every
 * entry used since the last turnover, at most `max` entries in all; what it drops first: the
 * entries not used for the longest.
 */
export class Lru<K, V> {
  private newer = new Map<K, V>();
  private older = new Map<K, V>();
  private readonly half: number;

  constructor(max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  get(key: K): V | undefined {
    const v = this.newer.get(key);
    if (v !== undefined) return v;
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.promote(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    if (this.newer.has(key)) this.newer.set(key, value);
    else {
      this.older.delete(key);
      this.promote(key, value);
    }
  }

  getOr(key: K, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const v = make();
    this.set(key, v);
    return v;
  }

  private promote(key: K, value: V): void {
    if (this.newer.size >= this.half) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
  }
}
