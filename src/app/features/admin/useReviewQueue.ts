import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DataOf } from '../../../shared/api/endpoint';
import type { AnyEndpoint } from '../../api/client';
import { endpointInfiniteQuery, type ReadInput } from '../../api/query';

/** The statuses of the shared review workflow's queues (platform/review.ts). */
export const REVIEW_QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewQueueStatus = (typeof REVIEW_QUEUE_STATUSES)[number];

type RowOf<E extends AnyEndpoint> = DataOf<E> extends { items: (infer R)[] } ? R : never;

/**
 * A review queue screen's state (the margin-account and NISA queues): the status tab, its pages,
 * oldest first, 20 at a time and never persisted offline, and the row opened by the route's `id`.
 */
export function useReviewQueue<E extends AnyEndpoint>(endpoint: E, id: string | undefined) {
  const [status, setStatus] = useState<ReviewQueueStatus>('pending');
  const input = { query: { status, limit: 20 } } as unknown as ReadInput<E>;
  const queue = useInfiniteQuery(endpointInfiniteQuery(endpoint, input, { staleTime: 5_000, meta: { persist: false } }));
  const rows: RowOf<E>[] = queue.data?.pages.flatMap((p) => (p as { items: RowOf<E>[] }).items) ?? [];
  const open = id ? rows.find((r) => (r as { id: string }).id === id) : undefined;
  return { status, setStatus, queue, rows, open };
}
