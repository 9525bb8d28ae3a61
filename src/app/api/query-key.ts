import type { QueryKey } from '@tanstack/react-query';

/*
 * Query keys and query options derived from the contract (docs/architecture.md, "Layers"):
 * a read's key is its endpoint's path with the path params filled in, then its query (or, for a
 * POST read, its body) — `GET market/quote/{code}` for 7203 is ['market', 'quote', '7203'] and
 * `GET market/candles/{code}?period=week&adjust=forward` is
 * ['market', 'candles', '7203', {adjust: 'forward', period: 'week'}]. So one piece of server data
 * has one cache entry whichever screen reads it, and a prefix names a family:
 *   endpointArea(ep)    ['market']            everything of the area (invalidate after a command)
 *   endpointPrefix(ep)  ['market', 'quote']   every entry of the endpoint (and of its sub-paths)
 *   endpointKey(ep, in) ['market', 'quote', '7203']
 * Screens set how fresh they need the data (staleTime, polling) per use; those options belong to
 * the observer, the entry stays one.
 *
 * This module reads only `path` of an endpoint and imports nothing at run time, so a module
 * without zod or TanStack Query can build a key from `{ path: '…' }`.
 */

/** What a key is built from: the endpoint's path (`{name}` placeholders for path params). */
export interface EndpointRef {
  path: string;
}

/** An endpoint's inputs, loosely: what keys are made of. */
export interface KeyInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Objects with sorted keys and no undefined members, so equal inputs make equal keys (and equal JSON). */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = normalize(v);
  }
  return out;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
}

/** The path's segments, `{name}` filled from `params`. */
function segments(path: string, params: unknown): string[] {
  return path.split('/').map((seg) => {
    const m = /^\{(\w+)\}$/.exec(seg);
    if (!m) return seg;
    const v = (params as Record<string, unknown> | undefined)?.[m[1]!];
    return v === undefined || v === null ? '' : String(v);
  });
}

/** The key of one read: path segments (params filled), then the query and the body when present. */
export function endpointKey(endpoint: EndpointRef, input: KeyInput = {}): QueryKey {
  const tail = [input.query, input.body].map(normalize).filter((v) => !isEmpty(v));
  return [...segments(endpoint.path, input.params), ...tail];
}

/** The prefix of every entry of an endpoint: its path up to the first path param (`market/quote/{code}` → ['market', 'quote']). */
export function endpointPrefix(endpoint: EndpointRef): QueryKey {
  const segs = endpoint.path.split('/');
  const first = segs.findIndex((s) => s.startsWith('{'));
  return first < 0 ? segs : segs.slice(0, first);
}

/** The prefix of an endpoint's whole area: its first path segment (`funds/summary` → ['funds']). */
export function endpointArea(endpoint: EndpointRef): QueryKey {
  return [endpoint.path.split('/')[0]!];
}
