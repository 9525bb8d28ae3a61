/**
 * The ticket's reads beyond api.ts: the holding it may sell (保有証券), the share counts a sale may
 * name. Keys come from the contract,
 * so the portfolio screen's holdings are the same cache entry.
 */
import type { QueryKey } from '@tanstack/react-query';
import { tradeApi } from '../../../shared/api/trade';
import { fundsApi } from '../../../shared/api/funds';
import { blockApi } from '../../../shared/api/block';
import type { BodyOf, DataOf } from '../../../shared/api/endpoint';
import type { AccountType } from '../../../shared/domain/account-type';
import { endpointArea, endpointQuery } from '../../api/query';

export type Holdings = DataOf<typeof tradeApi.holdings>;
export type HoldingStock = Holdings['stocks'][number];
export type MarginHolding = Holdings['margin'][number];
export type Sellable = DataOf<typeof tradeApi.sellable>;
export type SellBody = BodyOf<typeof tradeApi.sell>;
export type SellResult = DataOf<typeof tradeApi.sell>;

/** GET trade/holdings, fresh enough for a ticket (a sale refetches it). */
export function holdingsQuery() {
  return endpointQuery(tradeApi.holdings, {}, { silent: true, staleTime: 5_000 });
}

/**
 * GET trade/sellable?code=&account=: the FIFO share counts 現物売 may name now, of one account (預り区分;
 * omitted: the only or first one) and every account's held / sellable. Not persisted: only meaningful now.
 */
export function sellableQuery(code: string, account?: AccountType) {
  return endpointQuery(tradeApi.sellable, { query: account ? { code, account } : { code } }, { silent: true, staleTime: 0, meta: { persist: false } });
}

/** What a ticket command changes: everything of the trade area (positions, holdings, sellable) and the funds figures. */
export const TICKET_INVALIDATES: readonly QueryKey[] = [endpointArea(tradeApi.holdings), endpointArea(fundsApi.summary), endpointArea(blockApi.offers)];
