import { keepPreviousData } from '@tanstack/react-query';
import { fundsApi } from '../../../shared/api/funds';
import { trustsApi, type TrustOrderView } from '../../../shared/api/trusts';
import type { QueryOf } from '../../../shared/api/endpoint';
import { endpointArea, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';

/** The 投資信託 area's reads and commands (docs/domain.md "Investment trusts and 積立"). */

export type TrustListFilter = QueryOf<typeof trustsApi.list>;
export type TrustPreviewInput = QueryOf<typeof trustsApi.preview>;

/** The catalogue, filtered and ranked by the server; NAVs change once a business day. */
export function trustListQuery(query: TrustListFilter = {}) {
  return endpointQuery(trustsApi.list, { query }, { staleTime: 60_000, placeholderData: keepPreviousData });
}

export function trustDetailQuery(id: string) {
  return endpointQuery(trustsApi.detail, { params: { id } }, { staleTime: 60_000 });
}

export function trustHoldingsQuery() {
  return endpointQuery(trustsApi.holdings, {}, { staleTime: 15_000 });
}

export function trustOrdersQuery() {
  // Cancellable orders turn uncancellable at the cut-off: read again every half minute.
  return endpointQuery(trustsApi.orders, { query: { open: '0', limit: 50 } }, { staleTime: 10_000, refetchInterval: 30_000 });
}

/** The ticket's estimate (silent: a failed estimate is shown on the ticket, not toasted). */
export function trustPreviewQuery(query: TrustPreviewInput) {
  return endpointQuery(trustsApi.preview, { query }, { silent: true, staleTime: 5_000, placeholderData: keepPreviousData });
}

/** What a fund order or its cancel changes: the whole trusts area (orders, holdings, estimates) and the cash summary. */
const AFTER_ORDER = [endpointArea(trustsApi.orders), endpointArea(fundsApi.summary)];

export function usePlaceTrustOrder(onSuccess?: (order: TrustOrderView) => void) {
  return useMoneyCommand(trustsApi.place, { invalidate: AFTER_ORDER, onSuccess, silent: true });
}

export function useCancelTrustOrder(onSuccess?: (order: TrustOrderView) => void) {
  return useMoneyCommand(trustsApi.cancel, { invalidate: AFTER_ORDER, onSuccess });
}
