import { tradeHoldings } from '../../../../shared/api/trade-holdings';
import type { DataOf } from '../../../../shared/api/endpoint';
import { endpointQuery } from '../../../api/query';

/*
 * The holdings query on its own: the stock detail's YourPosition needs it, not the trade screens'
 * lists and the whole trade contract they import (docs/decisions/020-first-load-and-prerender.md,
 * "the page's CPU time and the host's").
 */

/** Live P/L: lists and details refresh this often while on screen. */
export const POSITIONS_POLL_MS = 5_000;

export type HoldingsData = DataOf<typeof tradeHoldings>;

export function holdingsQuery() {
  return endpointQuery(tradeHoldings, {}, { silent: true, refetchInterval: POSITIONS_POLL_MS, staleTime: 0 });
}
