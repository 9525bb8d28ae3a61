import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryKey,
  type UndefinedInitialDataInfiniteOptions,
  type UndefinedInitialDataOptions,
} from '@tanstack/react-query';
import type { DataOf } from '../../shared/api/endpoint';
import { apiCall, type AnyEndpoint, type CallOptions, type EndpointInput } from './client';

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
 * This module reads only `path` of an endpoint: a zod-free module can build a key from
 * `{ path: '…' }` (the first-load config query does, see components/useSiteConfig.ts).
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

// --- query options --------------------------------------------------------------------------------

/** What a read takes from the contract: its body / query / path params (no signal, no key). */
export type ReadInput<E extends AnyEndpoint> = EndpointInput<E>;

export type EndpointQueryOptions<E extends AnyEndpoint, TData> = Omit<
  UndefinedInitialDataOptions<DataOf<E>, Error, TData, QueryKey>,
  'queryKey' | 'queryFn'
> & {
  /** Failures are not toasted (background reads, polling). */
  silent?: boolean;
};

/**
 * `queryOptions` for one read of the contract: the key from `endpointKey`, the call through
 * `apiCall`. `options` adds what the screen needs (staleTime, refetchInterval, select, meta …).
 */
export function endpointQuery<E extends AnyEndpoint, TData = DataOf<E>>(
  endpoint: E,
  input: ReadInput<E>,
  options: EndpointQueryOptions<E, TData> = {},
) {
  const { silent, ...rest } = options;
  return queryOptions<DataOf<E>, Error, TData, QueryKey>({
    ...rest,
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => apiCall(endpoint, { ...input, signal, silent } as CallOptions<E>),
  });
}

/** A page of a cursor list: the contract's lists answer `{ items, next }`. */
interface CursorPage {
  next?: string | null;
}

export type EndpointInfiniteQueryOptions<E extends AnyEndpoint, TData> = Omit<
  UndefinedInitialDataInfiniteOptions<DataOf<E>, Error, TData, QueryKey, string | undefined>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
> & {
  silent?: boolean;
};

/**
 * `infiniteQueryOptions` for a cursor list of the contract: the key from `endpointKey` (without
 * the cursor), each page fetched with the previous page's `next` as `cursor`.
 */
export function endpointInfiniteQuery<E extends AnyEndpoint, TData = InfiniteData<DataOf<E>, string | undefined>>(
  endpoint: E,
  input: ReadInput<E>,
  options: EndpointInfiniteQueryOptions<E, TData> = {},
) {
  const { silent, ...rest } = options;
  const base = input as KeyInput;
  return infiniteQueryOptions<DataOf<E>, Error, TData, QueryKey, string | undefined>({
    ...rest,
    queryKey: endpointKey(endpoint, base),
    queryFn: ({ pageParam, signal }) =>
      apiCall(endpoint, {
        ...base,
        query: pageParam ? { ...(base.query as object | undefined), cursor: pageParam } : base.query,
        signal,
        silent,
      } as unknown as CallOptions<E>),
    initialPageParam: undefined,
    getNextPageParam: (last) => (last as CursorPage).next ?? undefined,
  });
}
