import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { Lru } from '../platform/lru';

/** Distinct method + path pairs whose match is kept; scanners' random paths only turn them over. */
const MATCHES_KEPT = 2_048;
/** Longer paths are matched every time, so the kept matches stay small. */
const PATH_KEPT_MAX = 256;

/**
 * Hono's TrieRouter with each (method, path)'s match kept. Our route set has static and parameter
 * segments at the same place (`watchlist/groups/order` beside `watchlist/groups/{id}`), which
 * Hono's RegExpRouter refuses, so Hono's SmartRouter settles on the TrieRouter, whose search walks
 * 500 routes' nodes per request: 3–4 µs of a `user/info` in the server's profile
 * (docs/decisions/018-request-path-performance.md, "statements outside transactions").
 * A match depends on the method, the path and the routes alone, and Hono only reads it, so the same
 * answer serves every request for that path. Routes added later (none are, after the app is built)
 * drop what was kept.
 */
export class KeptMatchRouter<T> implements Router<T> {
  readonly name = 'KeptMatchRouter(TrieRouter)';
  private readonly trie = new TrieRouter<T>();
  private kept = new Lru<string, Result<T>>(MATCHES_KEPT);

  add(method: string, path: string, handler: T): void {
    this.trie.add(method, path, handler);
    this.kept = new Lru(MATCHES_KEPT);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > PATH_KEPT_MAX) return this.trie.match(method, path);
    const key = `${method} ${path}`;
    let result = this.kept.get(key);
    if (result === undefined) {
      result = this.trie.match(method, path);
      this.kept.set(key, result);
    }
    return result;
  }
}
