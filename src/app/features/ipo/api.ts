import { ipoApi } from '../../../shared/api/ipo';
import { fundsApi } from '../../../shared/api/funds';
import { useMoneyCommand } from '../../api/money-command';
import { endpointArea, endpointQuery } from '../../api/query';
import type { DataOf } from '../../../shared/api/endpoint';

/** One offering with the user's applications to it (`GET ipo/offerings/{id}`). */
export function offeringQuery(id: string, opts: { silent?: boolean } = {}) {
  return endpointQuery(ipoApi.offering, { params: { id } }, { silent: opts.silent, refetchInterval: 15_000, staleTime: 5_000 });
}

/** The user's applications and results (`GET ipo/applications`). */
export function applicationsQuery(opts: { silent?: boolean } = {}) {
  return endpointQuery(ipoApi.applications, {}, { silent: opts.silent, refetchInterval: 15_000, staleTime: 5_000 });
}

/** The draw's public record (`GET ipo/offerings/{id}/draw`). */
export function drawQuery(id: string) {
  return endpointQuery(ipoApi.draw, { params: { id } }, { staleTime: 5_000 });
}

export type OfferingDetail = DataOf<typeof ipoApi.offering>;

/** Everything an ipo command changes: offerings, applications, the money summary. */
export const IPO_AREAS = [endpointArea(ipoApi.offerings), endpointArea(fundsApi.summary)] as const;

/** A command on one application (cancel, purchase, waive) with its Idempotency-Key. */
export function useApplicationCommand(endpoint: typeof ipoApi.cancel | typeof ipoApi.purchase | typeof ipoApi.waive, onDone: () => void) {
  return useMoneyCommand(endpoint, { invalidate: [...IPO_AREAS], onSuccess: () => onDone() });
}
