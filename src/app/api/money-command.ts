import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DataOf, Endpoint } from '../../shared/api/endpoint';
import { apiCall, isApiError, newIdempotencyKey, type CallOptions, type EndpointInput } from './client';

/*
 * The client half of a money command (docs/architecture.md, "A money command"; the server half is
 * moneyCommand() in src/server/ledger/). Every command that moves money goes through this hook.
 */

/** An endpoint of the contract that is a money command (`idempotent: true`). */
export type MoneyEndpoint = Endpoint<any, any, any, any, any, true>;

export interface MoneyCommandOptions<E extends MoneyEndpoint> {
  /**
   * Query keys to refetch after a success, derived from the contract (endpointArea, endpointPrefix,
   * endpointKey in query.ts), or a function of the result that returns them.
   */
  invalidate: readonly QueryKey[] | ((data: DataOf<E>) => readonly QueryKey[]);
  /** After a success, before the invalidated reads come back (e.g. write the result into the cache). */
  onSuccess?: (data: DataOf<E>, input: EndpointInput<E>) => void;
  /** A screen that shows the failure itself: not reported to the onApiError listeners (the toast). */
  silent?: boolean;
}

/**
 * A money command bound to one user action: the Idempotency-Key is made when the user starts the
 * action (`begin()`, e.g. opening the confirmation) and kept for every retry of that action, so a
 * repeat after a time-out can never place a second order. The key is dropped when the action ends:
 * success, a refusal by the server (a 4xx: the user must change something, which is a new action)
 * or `end()` (the user cancelled). Online only: offline the call fails at once with `offline`
 * (apiCall), nothing is queued. On success the `invalidate` keys are refetched in the background;
 * the user sees the result at once.
 *
 * `mutate(input)` takes the endpoint's body / params as the contract types them.
 */
export function useMoneyCommand<E extends MoneyEndpoint>(endpoint: E, options: MoneyCommandOptions<E>) {
  const client = useQueryClient();
  const key = useRef<string | null>(null);
  const { invalidate, onSuccess, silent } = options;
  const mutation = useMutation({
    mutationFn: (input: EndpointInput<E>) => {
      key.current ??= newIdempotencyKey();
      return apiCall(endpoint, { ...input, idempotencyKey: key.current, ...(silent ? { silent } : undefined) } as CallOptions<E>);
    },
    onSuccess: (data, input) => {
      key.current = null;
      onSuccess?.(data, input);
      const keys = typeof invalidate === 'function' ? invalidate(data) : invalidate;
      void Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (isApiError(error) && error.isClientError) key.current = null;
    },
  });
  const begin = useCallback(() => {
    key.current ??= newIdempotencyKey();
  }, []);
  const end = useCallback(() => {
    key.current = null;
  }, []);
  return { ...mutation, begin, end };
}
