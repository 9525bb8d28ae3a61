import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, newIdempotencyKey } from '../../api/client';
import { afterTradeCommand, type PositionView } from './api';

/**
 * A money command bound to one user action (DESIGN.md §1.2, §5): the Idempotency-Key is made when
 * the user starts the action (`begin()`, e.g. opening the confirmation) and kept for every retry of
 * that action, so a repeat after a time-out can never place a second order. The key is dropped when
 * the action ends: success, a refusal by the server (a 4xx: the user must change something, which
 * is a new action) or `end()` (the user cancelled).
 */
export function useMoneyAction<V>(run: (vars: V, key: string) => Promise<PositionView>, onDone?: (p: PositionView) => void) {
  const client = useQueryClient();
  const key = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (vars: V) => {
      key.current ??= newIdempotencyKey();
      return run(vars, key.current);
    },
    onSuccess: (position) => {
      key.current = null;
      // Refresh positions, funds and block lists in the background; the user sees the result now.
      void afterTradeCommand(client, position);
      onDone?.(position);
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
