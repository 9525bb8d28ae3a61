/**
 * Funds reads (DESIGN.md §5 funds): the asset figures and the ledger records, each fee and tax its
 * own line. Keys: ['funds', 'summary'] and ['funds', 'records', type]; trading commands invalidate
 * ['funds'] (features/trade uses the same summary key for buying power).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fundsApi, type RECORD_TYPES } from '../../../shared/api/funds';
import type { DataOf } from '../../../shared/api/endpoint';
import { apiCall } from '../../api/client';

export type FundsSummary = DataOf<typeof fundsApi.summary>;
export type FundsRecord = DataOf<typeof fundsApi.records>['items'][number];
export type RecordType = (typeof RECORD_TYPES)[number];

export const fundsKeys = {
  all: ['funds'] as const,
  summary: ['funds', 'summary'] as const,
  recordsAll: ['funds', 'records'] as const,
  records: (type: RecordType) => ['funds', 'records', type] as const,
};

/** Total assets, available, frozen, profit: from the ledger and live prices; refreshed while shown. */
export function fundsSummaryQuery() {
  return queryOptions({
    queryKey: fundsKeys.summary,
    queryFn: ({ signal }) => apiCall(fundsApi.summary, { signal }),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

export function fundsRecordsQuery(type: RecordType) {
  return infiniteQueryOptions({
    queryKey: fundsKeys.records(type),
    queryFn: ({ pageParam, signal }) => apiCall(fundsApi.records, { query: { type, cursor: pageParam, limit: 30 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 10_000,
  });
}
