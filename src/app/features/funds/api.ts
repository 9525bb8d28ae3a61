/**
 * Funds reads: the ledger records, each fee and tax its own line. The key comes from the contract
 * (api/query.ts): `GET funds/records?type=` is ['funds', 'records', {limit, type}], under the
 * ['funds'] area that every money command invalidates. (The asset figures, `GET funds/summary`, are
 * read by AssetCard.tsx and as buying power by the trade and block screens: one
 * cache entry.)
 */
import { fundsApi, type RECORD_TYPES } from '../../../shared/api/funds';
import type { DataOf } from '../../../shared/api/endpoint';
import { endpointInfiniteQuery } from '../../api/query';

export type FundsSummary = DataOf<typeof fundsApi.summary>;
export type FundsRecord = DataOf<typeof fundsApi.records>['items'][number];
export type RecordType = (typeof RECORD_TYPES)[number];

export function fundsRecordsQuery(type: RecordType) {
  return endpointInfiniteQuery(fundsApi.records, { query: { type, limit: 30 } }, { staleTime: 10_000 });
}
