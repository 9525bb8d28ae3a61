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
import { endpointKey, type KeyInput } from './query-key';

// Query options from the contract; their keys come from query-key.ts (re-exported here for screens).
export { endpointArea, endpointKey, endpointPrefix, type EndpointRef, type KeyInput } from './query-key';

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
