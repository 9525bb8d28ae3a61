import { marketApi } from '../../../shared/api/market';
import { endpointQuery } from '../../api/query';

/**
 * Search by code, name or kana (`GET market/search`). Not persisted: results are cheap and the
 * personal history lives elsewhere (search-history.ts). The order ticket's code picker reads the
 * same entry (features/trade).
 */
export function searchQuery(q: string) {
  return endpointQuery(marketApi.search, { query: { q } }, { silent: true, staleTime: 60_000, gcTime: 10 * 60_000, meta: { persist: false } });
}
